"""Roles from context beyond one sentence: sentences that go on describing the paper's
method, and the paper's title. Invented sentences, positive and negative cases."""
import pytest

from kg.extract import Extractor
from kg.extract.cues import load_cues
from kg.extract.roles import describes_proposal, occurrence_role
from kg.link.lexicon import Lexicon, LexiconEntry
from extraction_helpers import algorithm_roles

CUES = load_cues()
LEX = Lexicon.from_entries([
    LexiconEntry(k.lower(), k, "algorithm") for k in ("GIN", "InfoNCE", "GCN", "PPO", "MCTS", "Adam", "SGD", "DPO",
                                                       "GRPO", "TRPO", "Q-learning", "Transformer")
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)




def role(sentence: str, name: str, *, own: bool = True, describes: bool = False) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=own, describes=describes)[0]


def test_description_follows_a_proposal_or_another_description():
    assert describes_proposal([False, True, True, False, True], [True, False, False, False, False]) == \
        [False, True, True, False, False]
    assert describes_proposal([True, True], [False, False]) == [False, False]  # no proposal before
    assert describes_proposal([], []) == []


@pytest.mark.parametrize("opening, expected", [
    ("The encoder is a GIN.", True), ("It uses PPO.", True), ("Its critic is shared.", True),
    ("The resulting policy is small.", True), ("This approach needs no labels.", True),
    ("The standard approach uses PPO.", False), ("It is well known that PPO is unstable.", False),
    ("The key idea is simple.", False), ("PPO is popular.", False),
])
def test_description_openings(opening, expected):
    assert (CUES.own_continuation.match(opening.lower()) is not None) is expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("The encoder is a GIN trained with the InfoNCE objective.", "GIN", "builds_on"),
    ("The encoder is a GIN trained with the InfoNCE objective.", "InfoNCE", "builds_on"),
    ("Its controller summarizes finished subtasks with MCTS rollouts.", "MCTS", "builds_on"),
    ("It supports PPO and GRPO without changes to the objective.", "GRPO", "builds_on"),
    # what the description sets its method apart from, or compares with, is not built on
    ("It needs no MCTS at inference time.", "MCTS", "mentioned"),
    ("It replaces the critic of PPO with a group baseline.", "PPO", "builds_on"),  # "replaces ... of" is a cue
    ("It avoids the instability of PPO.", "PPO", "mentioned"),
    ("It is twice as fast as PPO.", "PPO", "compared"),
    ("It runs where existing PPO implementations fail.", "PPO", "mentioned"),
])
def test_roles_in_a_description_of_the_method(sentence, name, expected):
    assert role(sentence, name, describes=True) == expected


def test_without_a_proposal_before_it_a_description_opening_is_background():
    assert role("The encoder is a GIN trained with the InfoNCE objective.", "GIN", own=False) == "mentioned"
    assert role("It supports PPO and GRPO.", "GRPO", own=False) == "mentioned"


def test_sentences_after_the_proposal_describe_the_method(extractor):
    got = algorithm_roles(extractor, "Graph contrastive methods need augmentations. We present FooNet, a graph encoder without "
                           "them. The encoder is a GIN trained with InfoNCE. It is pretrained on molecules. FooNet "
                           "outperforms GCN on eight datasets.")
    assert got == {"GIN": "builds_on", "InfoNCE": "builds_on", "GCN": "compared"}


def test_description_openings_elsewhere_stay_background(extractor):
    # before any proposal, and after a sentence that proposes nothing
    got = algorithm_roles(extractor, "Graph contrastive learning is popular. The encoder is a GIN trained with InfoNCE. "
                           "We present FooNet, which outperforms GCN.")
    assert got["GIN"] == "mentioned" and got["InfoNCE"] == "mentioned"
    got = algorithm_roles(extractor, "We present FooNet for molecules. Prior work relies on GCN. The encoder is a GIN trained "
                           "with InfoNCE.")
    assert got["GIN"] == "mentioned"
    # a sentence naming the proposed method counts as a proposal: what follows describes it
    got = algorithm_roles(extractor, "We present FooNet for molecules. FooNet outperforms GCN. The encoder is a GIN trained "
                           "with InfoNCE.")
    assert got["GIN"] == "builds_on"
    got = algorithm_roles(extractor, "We present FooNet for molecules. The standard approach trains a GIN with InfoNCE.")
    assert got["GIN"] == "mentioned"


# --- titles -------------------------------------------------------------------------------

def test_title_span_whole_names_in_their_case():
    from kg.extract.roles import title_span
    assert title_span("Improving PPO with Trust Regions", ["PPO"]) == (10, 13)
    assert title_span("Training Dynamics of Transformers", ["Transformer"]) == (21, 33)  # plural
    assert title_span("Scaling Diffusion Models to Video", ["diffusion models"]) == (8, 24)  # long names in any case
    assert title_span("PPO-based Planning", ["PPO"]) == (0, 3)
    assert title_span("VR-GRPO: Variance Reduction", ["GRPO"]) is None  # inside another name
    assert title_span("Learning to Act Fast", ["ACT"]) is None  # acronyms in their case
    assert title_span("Sharper Bounds", ["Sharp"]) is None


def troles(title: str, name: str, named: bool = False):
    from kg.extract.roles import title_role, title_span
    span = title_span(title, [name])
    return title_role(title, *span, CUES, named=named)


@pytest.mark.parametrize("title, name, expected", [
    # analysis titles
    ("Sharp Convergence Rates for Adam under Heavy-Tailed Noise", "Adam", "studied"),
    ("Does DPO Overfit? Understanding Likelihood Displacement", "DPO", "studied"),
    ("On the Sample Complexity of Q-learning", "Q-learning", "studied"),
    ("Why Does Batch Normalization Help?", "Batch Normalization", "studied"),
    ("Revisiting Random Forests for Tabular Data", "Random Forests", "studied"),
    ("GRPO Revisited", "GRPO", "studied"),
    ("Mixture of Experts Routing: An Empirical Study", "Mixture of Experts", "studied"),
    ("A Closer Look at Mixup for Calibration", "Mixup", "studied"),
    # the paper's method improves or uses the algorithm
    ("Improving PPO with Adaptive Clipping", "PPO", "builds_on"),
    ("Understanding and Improving Layer Normalization", "Layer Normalization", "builds_on"),
    ("Offline Reinforcement Learning via Diffusion Models", "Diffusion Models", "builds_on"),
    ("MCTS-guided Program Synthesis", "MCTS", "builds_on"),
    ("LongRL: Scaling GRPO to Million-Token Traces", "GRPO", "builds_on"),
    ("AlphaFoo: Adaptive Margins for DPO", "DPO", "builds_on"),  # a named method's description
    # ambiguous or contrastive: the title says nothing
    ("Beyond Adam: Curvature-Aware Updates", "Adam", None),
    ("DP-SGD Is Not Enough: Auditing Privacy", "DP-SGD", None),
    ("Graph Learning without GNNs", "GNNs", None),
    # in a paper proposing nothing, a question or a comparison about X studies it
    ("Do We Need Attention Layers? A Study", "Attention", "studied"),
    ("Is PPO All You Need for Alignment?", "PPO", "studied"),
    ("PPO vs. DPO for Alignment", "PPO", "studied"),
    ("Is DPO Superior to PPO for Alignment?", "PPO", "studied"),
    ("Scaling Laws for Transformers", "Transformers", None),
    ("AlphaFoo: Adaptive Margins for DPO", "DPO", None),  # without a named method: nothing
    # a remedy is not an analysis; a capitalised modifier names a variant
    ("Query Denoising for Faster Convergence of Transformers", "Transformers", None),
    ("On the Bias of Distributional Q-Learning", "Q-Learning", None),
    ("Learning to Walk with PPO", "PPO", None),
])
def test_title_roles(title, name, expected):
    named = title.startswith("AlphaFoo") and expected is not None
    assert troles(title, name, named=named) == expected


ANALYSIS = ("Direct preference optimization is popular. We theoretically characterize when DPO decreases the likelihood "
            "of preferred responses. Building on these insights, we propose a data filtering rule that improves the "
            "win rate of DPO-trained models over PPO.")


def test_an_analysis_title_names_what_the_paper_studies(extractor):
    assert algorithm_roles(extractor, ANALYSIS)["DPO"] == "builds_on"  # without the title: "DPO-trained"
    got = algorithm_roles(extractor, ANALYSIS, title="Does DPO Overfit? Understanding Likelihood Displacement")
    assert got["DPO"] == "studied" and got["PPO"] == "compared"  # only the algorithm the title names


def test_a_paper_naming_its_own_method_keeps_its_abstract_roles_under_an_analysis_title(extractor):
    text = "We propose FooAdam, a variant of Adam with long-term memory. FooAdam outperforms SGD."
    assert algorithm_roles(extractor, text, title="On the Convergence of Adam and Beyond")["Adam"] == "builds_on"
    text = "Explanations of GCN predictions are often unfaithful. We propose FooExplainer, which estimates Shapley values."
    assert algorithm_roles(extractor, text, title="Explaining GCN Predictions with Shapley Values")["GCN"] == "mentioned"


def test_a_method_title_makes_a_background_mention_built_on(extractor):
    text = ("Proximal policy optimization (PPO) is widely used in continuous control. We introduce TAN, "
            "a normalization scheme. TAN outperforms TRPO.")
    assert algorithm_roles(extractor, text)["PPO"] == "mentioned"
    got = algorithm_roles(extractor, text, title="Improving PPO with Trust-Aware Advantage Normalization")
    assert got["PPO"] == "builds_on" and got["TRPO"] == "compared"
    assert algorithm_roles(extractor, text, title="Beyond PPO: Trust-Aware Advantage Normalization")["PPO"] == "mentioned"


def test_a_long_hostile_title_is_read_in_bounded_time(extractor):
    import time
    t0 = time.perf_counter()
    algorithm_roles(extractor, "We study PPO. " * 50, title="On the Convergence of PPO " * 5000)
    assert time.perf_counter() - t0 < 5


@pytest.mark.parametrize("title, name, proposes, expected", [
    # a paper that proposes a method builds on the algorithm its title is about
    ("Fast Sampling of Diffusion Models with Learned Step Schedules", "Diffusion Models", True, "builds_on"),
    ("Conformal Prediction under Covariate Shift with Unknown Density Ratios", "Conformal Prediction", True, "builds_on"),
    ("Load-Balanced Routing for Mixture-of-Experts", "Mixture-of-Experts", True, "builds_on"),
    # ... not when the paper proposes nothing, nor when the title sets the algorithm apart
    ("Fast Sampling of Diffusion Models with Learned Step Schedules", "Diffusion Models", False, None),
    ("Beyond PPO: Policy Optimisation without Clipping", "PPO", True, None),
    ("Do We Need MCTS for Planning?", "MCTS", True, None),
    ("Sharp Convergence Rates for Adam", "Adam", True, "studied"),  # an analysis title stays one
])
def test_a_method_paper_builds_on_the_algorithm_its_title_names(title, name, proposes, expected):
    from kg.extract.roles import title_role, title_span

    assert title_role(title, *title_span(title, [name]), CUES, proposes=proposes) == expected


@pytest.mark.parametrize("title, name, proposes, expected", [
    # a title that states something of the algorithm, its subject, is an analysis of it
    ("Adam Can Diverge on Simple Convex Problems", "Adam", True, "studied"),
    ("Graph Transformers Are Provably Limited without Positional Encodings", "Graph Transformers", True, "studied"),
    ("Gradient Descent on Deep Networks Depends on Initial Scale", "Gradient Descent", True, "studied"),
    ("Policy Gradient Provably Converges in Linear MDPs", "Policy Gradient", False, "studied"),
    # ... not when the name is a modifier, in a phrase after a preposition, or qualified as a variant
    ("Fast Sampling of Diffusion Models Is Possible with Learned Schedules", "Diffusion Models", True, "builds_on"),
    ("Momentum Adam Can Diverge", "Adam", True, None),
    ("Scaling Adam to Huge Batches Is Easy", "Adam", True, "builds_on"),
    ("Adam Is Not Enough for Sparse Gradients", "Adam", True, None),
])
def test_a_title_stating_something_of_the_algorithm_studies_it(title, name, proposes, expected):
    from kg.extract.roles import title_role, title_span

    assert title_role(title, *title_span(title, [name]), CUES, proposes=proposes) == expected


@pytest.mark.parametrize("title, name, expected", [
    # a failure said of a phrase that names the algorithm is said of the algorithm
    ("Exploration with Count Bonuses Fails under Observation Noise", "Count Bonuses", "studied"),
    ("Fine-Tuning with LoRA Forgets Less", "LoRA", "studied"),
    ("Improving LoRA with Adaptive Ranks", "LoRA", "builds_on"),
])
def test_a_title_stating_a_failure_studies_the_algorithm(title, name, expected):
    from kg.extract.roles import title_role, title_span

    assert title_role(title, *title_span(title, [name]), CUES, proposes=True) == expected


@pytest.mark.parametrize("title, name, expected", [
    # "A Unified View", "A Causal Perspective": an analysis, like "An Empirical Study"
    ("Mixup Meets Label Smoothing: A Unified View", "Label Smoothing", "studied"),
    ("Mixup Meets Label Smoothing: A Unified View", "Mixup", "studied"),
    ("A Causal Perspective on Dropout", "Dropout", "studied"),
    # "Meets" is no modifier that makes a variant, unlike "Distributional Q-Learning"
    ("Bayesian Optimization Meets Thompson Sampling: A Regret Analysis", "Thompson Sampling", "studied"),
    # a named method's title is still no study of the algorithms it combines
    ("FooNet: Mixup Meets Label Smoothing for Calibration", "Label Smoothing", "builds_on"),
])
def test_view_and_perspective_titles(title, name, expected):
    assert troles(title, name, named=title.startswith("FooNet:")) == expected


@pytest.mark.parametrize("abstract, name, expected", [
    # past the opening background, a sentence without "we" still describes the paper's setup
    ("Sparse regression is hard when features are correlated. We propose FooLasso, a screening rule "
     "for correlated designs. GIN encoders act as the feature extractors in every experiment.", "GIN", "builds_on"),
    ("Graph classification needs expressive encoders. We introduce BarPool, a pooling layer. "
     "All encoders are trained with Adam for 200 epochs.", "Adam", "builds_on"),
    # the opening background, and a sentence naming other people's work, stay background
    ("GIN encoders act as the feature extractors in most graph pipelines. We propose FooLasso, "
     "a screening rule for correlated designs.", "GIN", "mentioned"),
    ("We introduce BarPool, a pooling layer for graphs. Prior pipelines are trained with Adam "
     "and overfit small datasets.", "Adam", "mentioned"),
    # a sentence about what other methods suffer from is no setup of the paper
    ("We study pooling on large graphs. GIN encoders suffer from oversquashing on long chains. "
     "We propose BarPool, a pooling layer.", "GIN", "mentioned"),
])
def test_a_setup_sentence_after_the_proposal_builds_on(extractor, abstract, name, expected):
    assert algorithm_roles(extractor, abstract)[name] == expected


ATTACK_LEX = Lexicon.from_entries([
    LexiconEntry("zap", "ZAP", "algorithm", description="Gradient-based adversarial attack on image classifiers."),
    LexiconEntry("hopjail", "HopJail", "algorithm", description="Black-box jailbreak that rewrites prompts with an attacker model."),
    LexiconEntry("smoothguard", "SmoothGuard", "algorithm", description="Jailbreak defense voting over perturbed prompts."),
    LexiconEntry("ppo", "PPO", "algorithm", description="Clipped policy-gradient method."),
])


@pytest.mark.parametrize("abstract, expected", [
    # a defence is evaluated against attacks: they are no baselines; a competing defence is
    ("We propose FooShield, a defense that filters harmful prompts. We evaluate FooShield against ZAP and HopJail, "
     "and it outperforms SmoothGuard.", {"ZAP": "mentioned", "HopJail": "mentioned", "SmoothGuard": "compared"}),
    ("We propose FooNet, a certifiably robust classifier. FooNet remains accurate against ZAP.", {"ZAP": "mentioned"}),
    # an attack paper compares with other attacks, even when it names defences too
    ("We propose FooJail, a jailbreak attack that bypasses defenses. FooJail outperforms ZAP and HopJail "
     "against SmoothGuard.", {"ZAP": "compared", "HopJail": "compared"}),
    # a non-attack algorithm evaluated against stays compared
    ("We propose FooShield, a defense for agents. We evaluate FooShield against PPO.", {"PPO": "compared"}),
])
def test_the_attacks_a_defence_is_evaluated_against_are_no_baselines(abstract, expected):
    got = algorithm_roles(Extractor(ATTACK_LEX), abstract)
    assert {k: got[k] for k in expected} == expected


@pytest.mark.parametrize("title, name, proposes, expected", [
    # a paper proposing nothing: a question or a comparison about X studies X
    ("Are Random Features Better than Neural Tangent Kernels for Small Data?", "Neural Tangent Kernels", False, "studied"),
    ("Is Dropout Necessary for Fine-Tuning?", "Dropout", False, "studied"),
    ("Gaussian Processes versus Deep Ensembles for Uncertainty", "Deep Ensembles", False, "studied"),
    ("When Does Mixup Help Knowledge Distillation?", "Knowledge Distillation", False, "studied"),
    # a paper that proposes a method: the comparison or question still says nothing
    ("Do We Need Dropout? Stochastic Depth for Fine-Tuning", "Dropout", True, None),
    ("Gaussian Processes versus Deep Ensembles for Uncertainty", "Deep Ensembles", True, None),
    # no question, no comparison: "Beyond X" says nothing
    ("Beyond Dropout in Fine-Tuning", "Dropout", False, None),
])
def test_question_and_comparison_titles_of_a_study(title, name, proposes, expected):
    from kg.extract.roles import title_role, title_span

    assert title_role(title, *title_span(title, [name]), CUES, proposes=proposes) == expected


@pytest.mark.parametrize("title, name", [
    ("Do We Need Attention Layers? A Study", "Attention"),
    ("Is PPO All You Need for Alignment?", "PPO"),
    ("PPO vs. DPO for Alignment", "PPO"),
    ("Is DPO Superior to PPO for Alignment?", "PPO"),
])
def test_contrastive_titles_say_nothing_in_a_method_paper(title, name):
    from kg.extract.roles import title_role, title_span

    assert title_role(title, *title_span(title, [name]), CUES, proposes=True) is None


@pytest.mark.parametrize("abstract, name, expected", [
    # in a paper naming its method, an algorithm no cue governs in a later setup sentence is part of it
    ("Ranking under noisy groups is hard. We propose FooRank, a robust ranking policy. A Transformer "
     "scores every candidate before the final sort.", "Transformer", "builds_on"),
    # not in a study that names no method of its own
    ("Ranking under noisy groups is hard. We study exposure fairness under noise. A Transformer "
     "scores every candidate before the final sort.", "Transformer", "mentioned"),
    # a sentence naming the method to report a result names settings and baselines, not parts
    ("Ranking under noisy groups is hard. We propose FooRank, a robust ranking policy. Experiments on Transformer "
     "training show that FooRank converges faster than Adam.", "Transformer", "mentioned"),
    ("Ranking under noisy groups is hard. We propose FooRank, a robust ranking policy. Experiments on Transformer "
     "training show that FooRank converges faster than Adam.", "Adam", "compared"),
    # what the setup sentence sets apart is not built on
    ("Ranking under noisy groups is hard. We propose FooRank, a robust ranking policy. No Transformer "
     "is needed at inference time.", "Transformer", "mentioned"),
])
def test_a_setup_sentence_goes_on_describing_a_named_method(extractor, abstract, name, expected):
    assert algorithm_roles(extractor, abstract)[name] == expected
