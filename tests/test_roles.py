"""Algorithm roles per occurrence (kg.extract.roles) on invented sentences.

Each rule has positive cases and negative ones that must keep their role (mostly
"mentioned": background, other people's work).
"""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role, paper_role

CUES = load_cues()


def role(sentence: str, name: str, *, own: bool | None = None, nth: int = 0) -> str:
    start = -1
    for _ in range(nth + 1):
        start = sentence.index(name, start + 1)
    if own is None:
        own = any(w in sentence.lower().split() for w in ("we", "our"))
    return occurrence_role(sentence, start, start + len(name), CUES, own=own)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    # adopting, instantiating, augmenting, plugging into, training with
    ("We adopt SAC as the learner and add a safety critic.", "SAC", "builds_on"),
    ("We instantiate our framework with TD3 on continuous control.", "TD3", "builds_on"),
    ("Our method augments DQN with a count-based bonus.", "DQN", "builds_on"),
    ("The module can be plugged into any Transformer without retraining, as we show.", "Transformer", "builds_on"),
    ("We fine-tune the model with DPO on synthetic preferences.", "DPO", "builds_on"),
    ("We train the agent with PPO and a shaped reward.", "PPO", "builds_on"),
    ("We present a federated version of Adam that halves communication.", "Adam", "builds_on"),
    ("Our policy is parameterized by a Transformer over past observations.", "Transformer", "builds_on"),
    ("Our architecture consists of a U-Net denoiser and a text encoder.", "U-Net", "builds_on"),
    ("We distill MCTS into a fast policy network.", "MCTS", "builds_on"),
    # X as a backbone / X backbone / X encoder right after the mention
    ("Our approach uses a U-Net as the backbone of the denoiser.", "U-Net", "builds_on"),
    ("We pair a ViT backbone with a lightweight decoder.", "ViT", "builds_on"),
    # background stays mentioned even in a sentence that says "we"
    ("Existing PPO-based methods suffer from instability, so we take another route.", "PPO", "mentioned"),
    ("We propose a planner that avoids the cost of the widely used MCTS in long horizons.", "MCTS", "mentioned"),
    ("Auxiliary losses are commonly employed when training MuZero-style agents, we note.", "MuZero", "mentioned"),
    ("PPO-based methods often suffer from sample inefficiency.", "PPO", "mentioned"),
    # a background adjective as the object of the verb does not block it
    ("We build on the popular PPO algorithm.", "PPO", "builds_on"),
    ("We extend existing MCTS planners to partially observed games.", "MCTS", "builds_on"),
])
def test_builds_on_and_background(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Our model reaches accuracy comparable to XGBoost with a tenth of the memory.", "XGBoost", "compared"),
    ("On every task our agent is on par with SAC and superior to TRPO.", "SAC", "compared"),
    ("On every task our agent is on par with SAC and superior to TRPO.", "TRPO", "compared"),
    ("In our experiments, PPO is consistently outperformed by the new agent.", "PPO", "compared"),
    ("Our method improves upon SAC by a wide margin on locomotion.", "SAC", "compared"),
    ("Our optimizer converges twice as fast as Adam on image classification.", "Adam", "compared"),
    ("Our method outperforms PPO-based methods on all tasks.", "PPO", "compared"),
    ("We compare with strong PPO-style baselines.", "PPO", "compared"),
    ("We report results with TRPO and SAC as baselines.", "TRPO", "compared"),
    # concessive opening with a comparative main clause
    ("While XGBoost needs careful tuning, our model is more accurate out of the box.", "XGBoost", "compared"),
    ("Whereas k-means assigns each point to one cluster, the soft variant reaches lower error.", "k-means", "compared"),
    # ... but not when the main clause is about the mention itself, or compares nothing
    ("While PPO is simple to implement, it requires more samples.", "PPO", "mentioned"),
    ("Although MCTS has been successful in board games, planning in continuous spaces remains open.", "MCTS", "mentioned"),
    # "existing methods" alone is background, not a comparison
    ("Existing methods such as MAML rely on second-order gradients.", "MAML", "mentioned"),
    # a clause boundary stops a cue ("but")
    ("We propose a new planner, but MCTS remains popular in practice.", "MCTS", "mentioned"),
])
def test_compared(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # what an algorithm learned or solved is the object of the analysis, not a base
    ("We analyse the implicit reward learned by FooPO and prove that it overfits.", "FooPO", "studied"),

    ("We derive the sample complexity of Q-learning with linear features.", "Q-learning", "studied"),
    ("We bound the regret of UCB under heavy-tailed noise.", "UCB", "studied"),
    ("Our algorithm matches the sample complexity of ERM with fewer labels.", "ERM", "compared"),
    ("In this paper, we analyze PPO-style clipping and its trust region.", "PPO", "studied"),
    ("We theoretically and empirically analyze Adam in the non-convex setting.", "Adam", "studied"),
    ("This paper investigates dropout as an implicit regularizer.", "dropout", "studied"),
    ("We shed light on the failure modes of PPO in sparse-reward tasks.", "PPO", "studied"),
    ("The MuZero loss penalizes errors in predicted values.", "MuZero", "studied"),
    ("Our analysis reveals that Adam implicitly normalizes gradients.", "Adam", "studied"),
    # a loss named after a method in an own-method sentence with a builds_on cue stays builds_on
    ("We augment the DPO loss with a length penalty.", "DPO", "builds_on"),
    # "the MuZero agent" is not its objective
    ("Games were mastered by the MuZero agent.", "MuZero", "mentioned"),
])
def test_studied(sentence, name, expected):
    assert role(sentence, name) == expected


def test_builds_on_needs_the_papers_own_sentence():
    s = "Such systems are often built on top of PPO."
    assert role(s, "PPO", own=False) == "mentioned"


def test_paper_role_strongest_wins():
    assert paper_role([("mentioned", 0.6), ("compared", 0.8)]) == ("compared", 0.8)
    assert paper_role([("mentioned", 0.6)], proposes_named=False, sentences=2)[0] == "studied"


@pytest.mark.parametrize("sentence, name, expected", [
    # "improve the stability of X" is not an analysis of X
    ("We propose a trust-region fix to improve the stability of PPO.", "PPO", "builds_on"),
    ("Clipping was added to address the robustness of TRPO in practice.", "TRPO", "mentioned"),
    # "methods such as X" is other people's work
    ("We propose a planner for domains where methods such as MCTS are too slow.", "MCTS", "mentioned"),
    ("Our agent outperforms methods such as MCTS on all domains.", "MCTS", "compared"),
])
def test_remedies_and_examples(sentence, name, expected):
    assert role(sentence, name) == expected


# paper-level rules, with the extractor on a small lexicon
from kg.extract import Extractor  # noqa: E402
from kg.link.lexicon import Lexicon, LexiconEntry  # noqa: E402
from kg.records import Paper  # noqa: E402

LEX = Lexicon.from_entries([
    LexiconEntry("boosting", "boosting", "algorithm"),
    LexiconEntry("private-learning", "private learning", "field", ("private boosting",)),
    LexiconEntry("adam", "Adam", "algorithm"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def paper_roles(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return {(m.lexicon_id or m.name.lower()): m.role for m in ex.mentions if m.type == "algorithm"}


def test_field_named_method_is_an_occurrence_of_its_algorithm(extractor):
    # "a private boosting algorithm": the field's name heads a method the paper designs
    text = "Boosting combines weak learners into a strong one. We design a private boosting algorithm with optimal error."
    assert paper_roles(extractor, text)["boosting"] == "builds_on"
    # without a method head the field stays a field: boosting is background
    text = "Boosting combines weak learners into a strong one. Applications of private boosting are many."
    assert paper_roles(extractor, text)["boosting"] == "mentioned"


def test_a_paper_that_proposes_a_method_does_not_study_its_background():
    ex = Extractor(LEX)
    background = "Adam is the default optimizer for deep networks. Adam has many variants in practice. "
    # an analysis paper returning to Adam studies it
    assert paper_roles(ex, background + "Our experiments cover vision and language.")["adam"] == "studied"
    # a paper that designs its own (unnamed) optimizer does not
    assert paper_roles(ex, background + "We design a sign-based optimizer with a learned step size.")["adam"] == "mentioned"
    # presenting an analysis is not proposing a method
    assert paper_roles(ex, background + "We present a theoretical analysis of its convergence.")["adam"] == "studied"


LEX2 = Lexicon.from_entries([
    LexiconEntry("lora", "LoRA", "algorithm", ("low-rank adaptation",)),
    LexiconEntry("sgd", "SGD", "algorithm"),
    LexiconEntry("gan", "GAN", "algorithm", ("generative adversarial network", "GANs")),
    LexiconEntry("ddpm", "DDPM", "algorithm"),
    LexiconEntry("resnet", "ResNet", "algorithm", ("ResNets",)),
])


def test_proposed_name_that_ends_with_an_algorithm_builds_on_it():
    ex = Extractor(LEX2)
    text = ("Low-rank adaptation (LoRA) makes fine-tuning cheap. We propose SplitLoRA, which learns two factors per layer. "
            "SplitLoRA outperforms LoRA and plain SGD fine-tuning.")
    roles = paper_roles(ex, text)
    assert roles["lora"] == "builds_on" and roles["sgd"] == "compared"


def test_comparisons_in_the_opening_background_are_background():
    ex = Extractor(LEX2)
    text = ("DDPM samples are sharper than GANs on many datasets. "
            "We propose a one-step sampler that converts DDPM into a fast generator.")
    roles = paper_roles(ex, text)
    assert roles["gan"] == "mentioned" and roles["ddpm"] == "builds_on"
    # after the paper has spoken of its own work, the same sentence is a comparison
    text = "We propose a one-step sampler for DDPM. Samples are sharper than GANs on many datasets."
    assert paper_roles(ex, text)["gan"] == "compared"


def test_convert_builds_on():
    assert role("We convert pretrained ResNets into spiking networks.", "ResNets") == "builds_on"


def test_over_a_quantity_is_not_a_comparison():
    assert role("We train over 300 FooNet models on web text.", "FooNet") != "compared"
    assert role("FooNet improves over BarNet on every task.", "BarNet") == "compared"


def test_within_a_margin_of_x_compares_with_x():
    assert role("FooNet keeps accuracy within 1% of BarNet while halving the cost.", "BarNet") == "compared"


def test_intransitive_generalizes_and_ahead_of():
    assert role("This explains why FooOpt generalizes differently from BarOpt on sparse targets.", "BarOpt") != "builds_on"
    assert role("Our method generalizes BarOpt to non-convex losses.", "BarOpt") == "builds_on"
    assert role("FooNet ranks first, ahead of BarNet and BazNet.", "BarNet") == "compared"


def test_whereas_introduces_a_contrasted_method():
    s = "FooNet keeps the target coverage, whereas BarCP and BazCP under-cover by up to 12%."
    assert role(s, "BarCP") == "compared"
    # a cue before ", whereas" still does not reach past it
    assert role("We build on PPO, whereas BarRL is only mentioned here.", "BarRL") != "builds_on"


@pytest.mark.parametrize("sentence, name, own, expected", [
    # plugging / inserting / injecting something into X, with a few words between
    ("Our module plugs a learned confidence score into the FooNet decoder.", "FooNet", True, "builds_on"),
    ("The adapter can be inserted into any pretrained FooNet without retraining.", "FooNet", True, "builds_on"),
    ("We inject calibrated noise into the FooNet attention maps.", "FooNet", True, "builds_on"),
    ("We inject noise into the inputs and compare against FooNet.", "FooNet", True, "compared"),
    # initialised / fine-tuned / warm-started from X
    ("Our student is initialized from a pretrained FooNet.", "FooNet", True, "builds_on"),
    ("The policy is warm-started from FooRL and refined online, as we show.", "FooRL", True, "builds_on"),
    ("Earlier students were initialized from FooNet.", "FooNet", False, "mentioned"),
    # solving with X
    ("We solve the resulting saddle-point problem with FooOpt.", "FooOpt", True, "builds_on"),
    ("We solve the problem in fewer iterations than FooOpt.", "FooOpt", True, "compared"),
    # the paper's own component is an X
    ("Our policy network is a FooNet over past frames.", "FooNet", True, "builds_on"),
    ("Our key finding is a failure mode of FooNet.", "FooNet", True, "mentioned"),
])
def test_more_builds_on_cues(sentence, name, own, expected):
    assert role(sentence, name, own=own) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # "extends to" / "applies to" are intransitive: an analysis reaching X studies X
    ("Our analysis extends to FooOpt with momentum.", "FooOpt", "studied"),
    ("Our bounds also apply to FooOpt under bounded noise.", "FooOpt", "studied"),
    ("We extend FooOpt to non-convex losses.", "FooOpt", "builds_on"),
    ("Our framework is extended to FooNet encoders in the appendix.", "FooNet", "builds_on"),
    ("Our method can be applied to any FooNet.", "FooNet", "builds_on"),
    # "we (further) demonstrate / find that X ..." is a finding about X
    ("We further demonstrate that FooPO and BarPO exhibit the same collapse.", "FooPO", "studied"),
    ("We further demonstrate that FooPO and BarPO exhibit the same collapse.", "BarPO", "studied"),
    ("We find that FooNet encoders are biased toward low frequencies.", "FooNet", "studied"),
    ("We demonstrate that our method outperforms FooPO.", "FooPO", "compared"),
])
def test_studied_findings(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooNet and BarNet serve as baselines.", "FooNet", "compared"),
    ("FooNet and BarNet serve as baselines.", "BarNet", "compared"),
    ("In all experiments, FooNet is used as a baseline.", "FooNet", "compared"),
    ("FooNet serves as a strong prior for the generator.", "FooNet", "mentioned"),
])
def test_serve_as_baselines(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # in the clause that introduces the paper's method, an algorithm no cue governs is part of it
    ("We introduce FooBO, which learns a deep kernel within each trust region and selects points with BarTS.", "BarTS", "builds_on"),
    ("We propose a learned warm-start for BarSolver that predicts primal-dual initializations.", "BarSolver", "builds_on"),
    ("We propose FooOpt, an approach that discovers options from the eigenvectors of BarSF.", "BarSF", "builds_on"),
    # ... but not where the clause sets it apart, or after a clause boundary
    ("We propose FooPlan, a planner for long-horizon domains where BarMCTS is too slow.", "BarMCTS", "mentioned"),
    ("We propose FooPlan, a planner that works without BarMCTS at test time.", "BarMCTS", "mentioned"),
    ("We propose FooPlan, a planner for domains in which existing BarMCTS variants stall.", "BarMCTS", "mentioned"),
    ("We propose FooPlan for long horizons; BarMCTS remains the default for short ones.", "BarMCTS", "mentioned"),
    # presenting an analysis is not introducing a method
    ("We present an analysis of the long-run behaviour exhibited by BarMCTS on random trees.", "BarMCTS", "studied"),
    # a sentence that proposes nothing keeps the background default
    ("Recent planners learn a value function, and BarMCTS remains a common choice.", "BarMCTS", "mentioned"),
])
def test_proposal_clause_default(sentence, name, expected):
    assert role(sentence, name, own=True) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # a mention in the condition of a finding is not what the finding is about
    ("We find that the advantage disappears when FooDecay is large.", "FooDecay", "mentioned"),
    ("We show that the benefit vanishes if FooNorm is used.", "FooNorm", "mentioned"),
    ("We show that FooOpt diverges when gradients are heavy-tailed.", "FooOpt", "studied"),
    # other analyses keep their object inside a condition
    ("We analyze what happens when FooOpt is run with large batches.", "FooOpt", "studied"),
])
def test_condition_of_a_finding(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # "pair/couple X with Y"
    ("The bonus is agnostic to the learner; we pair it with FooRL on games.", "FooRL", "builds_on"),
    ("Our critic is coupled with a FooNet world model.", "FooNet", "builds_on"),
    ("We collect preference pairs with responses sampled from FooLM.", "FooLM", "mentioned"),
    # "compare X with Y": X is the subject of the comparison, Y the one compared with
    ("We additionally compare FooPO with BarBoN sampling.", "FooPO", "mentioned"),
    ("We additionally compare FooPO with BarBoN sampling.", "BarBoN", "compared"),
    ("We compare FooPO with our method on three tasks.", "FooPO", "compared"),
    ("We compare against FooPO and BarPO.", "FooPO", "compared"),
    ("We compare FooPO and BarPO on three tasks.", "FooPO", "compared"),
])
def test_pair_with_and_compare_x_with_y(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, own, expected", [
    ("Our approach is trained end-to-end with FooRL.", "FooRL", True, "builds_on"),
    ("Starting from a pretrained FooNet, we add a lightweight adapter.", "FooNet", True, "builds_on"),
    ("We follow FooDiff and parameterize the noise with a small network.", "FooDiff", True, "builds_on"),
    ("Following the success of FooNet, many vision models were proposed.", "FooNet", False, "mentioned"),
    ("Our framework subsumes FooPO and BarPO as special cases.", "FooPO", True, "builds_on"),
    ("Our estimator reduces to FooIPW when the outcome model is zero.", "FooIPW", True, "builds_on"),
    ("We replace the critic of FooRL with a group-relative baseline.", "FooRL", True, "builds_on"),
    ("Our method is a drop-in replacement for FooOpt.", "FooOpt", True, "compared"),
    ("This is in stark contrast to FooRL, which needs a critic.", "FooRL", True, "compared"),
    ("In contrast with FooRL, our agent needs no critic.", "FooRL", True, "compared"),
])
def test_follow_subsume_replace_contrast(sentence, name, own, expected):
    assert role(sentence, name, own=own) == expected


@pytest.mark.parametrize("sentence, name, own, expected", [
    # "based on / building on this analysis": the cue's object is already there, not the mention
    ("Based on this analysis, we recommend a larger epsilon for FooOpt.", "FooOpt", True, "mentioned"),
    ("Building on these insights, we suggest a filtering rule for FooPO data.", "FooPO", True, "mentioned"),
    ("Based on FooOpt, we recommend a simple epsilon rescaling.", "FooOpt", True, "builds_on"),
    ("We build on the idea of FooPO.", "FooPO", True, "builds_on"),
    # a method that applies/extends to X builds on it; an analysis that does studies it
    ("FooSHAP is model-agnostic and applies to BarGCN and BarGAT.", "BarGCN", True, "builds_on"),
    ("Our guarantees also apply to BarGCN.", "BarGCN", True, "studied"),
    # ", and we ..." opens a new main clause: a cue before it does not reach past it
    ("FooOpt reaches a batch size 4x larger than BarOpt, and we show that the gap shrinks when BazSmooth is applied.",
     "BazSmooth", True, "mentioned"),
    ("FooOpt reaches a batch size 4x larger than BarOpt and BazOpt.", "BazOpt", True, "compared"),
])
def test_back_references_and_new_main_clauses(sentence, name, own, expected):
    assert role(sentence, name, own=own) == expected


@pytest.mark.parametrize("sentence, name, own, expected", [
    # a drop-in addition / add-on to X: the method plugs into X
    ("FooReg is a lightweight add-on to BarNet that costs one extra forward pass.", "BarNet", True, "builds_on"),
    ("Our scheduler is a drop-in addition to BarOpt and its momentum-free variant.", "BarOpt", True, "builds_on"),
    ("In addition to BarOpt, we report results for two schedulers.", "BarOpt", True, "mentioned"),
    # "our teacher is the X": the paper's own component
    ("Our teacher is the BarDiff sampler with 50 steps.", "BarDiff", True, "builds_on"),
    ("The encoder is the BarNet backbone pretrained on web images.", "BarNet", True, "builds_on"),
    # "shares its X architecture": a component named by its architecture
    ("The student shares the BarNet architecture of the teacher, as we find convenient.", "BarNet", True, "builds_on"),
    # closing the gap to X: a comparison
    ("Our agent narrows the gap to BarZero on board games.", "BarZero", True, "compared"),
    ("It closes most of the gap with BarMPC at a tenth of the cost.", "BarMPC", True, "compared"),
])
def test_add_ons_own_components_and_gaps(sentence, name, own, expected):
    assert role(sentence, name, own=own) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # what a method is trained against (a critic, a discriminator, a reward model) is one of its parts
    ("We propose FooGen, which trains the generator against a BarGAN discriminator with spectral norm.", "BarGAN", "builds_on"),
    ("We propose FooPolicy, which optimizes a flow policy against a BarQ critic.", "BarQ", "builds_on"),
    # ... a method itself is still compared against
    ("We propose FooPolicy and evaluate it against BarQ on ten tasks.", "BarQ", "compared"),
    ("Our agent is robust against BarAttack perturbations, as we show.", "BarAttack", "compared"),
])
def test_trained_against_a_component(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # "we find that A, and that X ...": the second complement is studied like the first
    ("We find that BarSAE features split with width, and that FooSAE variants are more stable than BarSAE.", "FooSAE", "studied"),
    ("We show that the bias is small for long horizons and that BarTD converges under mild assumptions.", "BarTD", "studied"),
    # ... not a condition inside it
    ("We show that the bias vanishes, and that it grows again when BarTD is used.", "BarTD", "mentioned"),
    # a mention after the object of an analysis verb is the setting of the study, not its subject
    ("We evaluate three probes on BarNet models trained on arithmetic.", "BarNet", "mentioned"),
    ("We study label noise in BarGBM classifiers.", "BarGBM", "mentioned"),
    ("We analyze BarOpt in the convex setting.", "BarOpt", "studied"),
    ("We analyze, in the convex setting, BarOpt with momentum.", "BarOpt", "studied"),
])
def test_second_complements_and_settings_of_an_analysis(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # a measured change of X's figure compares with X; raising X's own figure applies the method to X
    # (tests/test_roles_improved_measure.py)
    ("FooTTA lowers the error rate of BarTTA by 4.1% on corrupted images.", "BarTTA", "compared"),
    ("Our planner improves the mean return of BarZero by up to 30% on hard levels.", "BarZero", "builds_on"),
    ("We improve the stability of BarZero with a simple clipping rule.", "BarZero", "builds_on"),
    # "explains why X ...", "and why Y ...": X and Y are what the analysis is about
    ("Our theory explains why BarNorm stabilizes deep networks, and why BazNorm helps at large widths.", "BarNorm", "studied"),
    ("Our theory explains why BarNorm stabilizes deep networks, and why BazNorm helps at large widths.", "BazNorm", "studied"),
    # a builds_on cue inside the object of an analysis verb describes what is studied
    ("We systematically benchmark five regularizers combined with two offline learners, BarBC and BarQL, on robot data.", "BarBC", "studied"),
    ("We evaluate our regularizer combined with BarBC on robot data.", "BarBC", "builds_on"),
    # "with X as the scoring model": a component of the paper's method
    ("With BarE as the scoring model, our sampler improves ranking quality.", "BarE", "builds_on"),
    ("We report results with BarE as the baseline model.", "BarE", "compared"),
])
def test_measured_changes_explanations_and_study_objects(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # the cue before a list reaches every item, however long the list
    ("We re-run nine detectors, among them Isolation Forest, LOF, OCSVM, COPOD and ECOD, and evaluate them.", "ECOD", "mentioned"),
    ("We systematically evaluate seven widely different samplers, including DDIM, DPM-Solver, UniPC, Heun, DEIS and Euler ancestral.", "Euler ancestral", "studied"),
    ("Our planner beats cross-entropy planning and MPPI on every task.", "MPPI", "compared"),
    # a cue word inside an earlier item is no cue for the mention
    ("The resulting detector outperforms triplet loss and ArcFace on both datasets.", "ArcFace", "compared"),
    # a list does not reach past a verb: the cue nearest the mention still governs
    ("We build on GPT-style decoders and compare with Mamba and RWKV.", "RWKV", "compared"),
    ("SimCLR and MoCo learn representations by contrasting augmented views.", "MoCo", "mentioned"),
])
def test_a_list_takes_the_role_of_its_cue(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # "methods such as X" after an analysis verb names examples of what is analysed
    ("We characterize when momentum-based methods such as Nesterov acceleration become unstable.", "Nesterov acceleration", "studied"),
    ("We investigate why generative approaches like VAE-GAN collapse on small datasets.", "VAE-GAN", "studied"),
    # an explicit background word still makes the mention other people's work
    ("We characterize when existing methods such as Nesterov acceleration become unstable.", "Nesterov acceleration", "mentioned"),
    # and the examples rule does not carry over to builds_on cues ("we propose X to fix methods such as Y")
    ("We propose a remedy using a trust region that stabilizes methods such as natural gradient descent.", "natural gradient descent", "mentioned"),
])
def test_examples_after_an_analysis_verb(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # a finding verb reaches its whole complement, past the usual window
    ("We revisit dropout in wide networks and show that it flattens the spectrum of the hidden features, which in turn makes batch normalization less useful.", "batch normalization", "studied"),
    ("We find that the benefit of pretraining on synthetic graphs disappears for deep architectures, and that simple message passing is sufficient.", "message passing", "studied"),
    # but not past a condition, a comparison or another cue
    ("We show that the policy's return increases steadily throughout training on all thirty tasks, even in settings where MCTS is too slow.", "MCTS", "mentioned"),
    ("We show that the return of our agent increases steadily across all thirty benchmark tasks and is clearly higher than that of SAC.", "SAC", "compared"),
])
def test_a_finding_reaches_its_complement(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # a relative clause right after the proposed name describes the proposal
    ("We propose FooPlan, in which a learned BarMCTS expands only promising branches.", "BarMCTS", "builds_on"),
    ("We introduce FooNet (Foo Network), where each layer applies a BarConv to the node features.", "BarConv", "builds_on"),
    ("We present FooRL, whose critic is a BarQ ensemble.", "BarQ", "builds_on"),
    # not a relative clause after a setting, nor one that sets the mention apart
    ("We propose FooPlan for long-horizon domains, where BarMCTS is too slow.", "BarMCTS", "mentioned"),
    ("We propose FooPlan, in which planning works without BarMCTS.", "BarMCTS", "mentioned"),
])
def test_relative_clause_after_the_proposed_name(sentence, name, expected):
    assert role(sentence, name, own=True) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # "X at a fraction of its cost": measured against X
    ("Our sampler recovers the samples of FooMCMC at a tenth of its runtime.", "FooMCMC", "compared"),
    ("The distilled model reaches the accuracy of FooNet for 3% of its training time.", "FooNet", "compared"),
    ("It localizes the circuits found by FooPatch at 1% of their cost.", "FooPatch", "compared"),
    # a budget of the method's own is no comparison
    ("We apply FooLoRA with 0.1% of the parameters to every layer.", "FooLoRA", "builds_on"),
])
def test_at_a_fraction_of_its_cost(sentence, name, expected):
    assert role(sentence, name) == expected


def test_a_fraction_of_the_cost_after_a_comma_closes_a_comparison():
    s = ("Our sampler reaches a lower discrepancy than FooSVGD, FooHMC with a fixed budget of gradient evaluations per chain, "
         "and FooVI, at a fraction of the cost.")
    assert role(s, "FooVI") == "compared"
    assert role("Our planner runs FooMPC at a fraction of the cost of exhaustive search.", "FooMPC") == "mentioned"


@pytest.mark.parametrize("sentence, name, expected", [
    # "reduces X by 30%": a measured change of X's own figure ("improves X by 4 points" and "improves the
    # return of X by 21%" apply the method to X: builds_on, see tests/test_roles_builds_on.py and
    # tests/test_roles_improved_measure.py)
    ("The new schedule reduces FooSched by about 30% in wall-clock terms.", "FooSched", "compared"),
    ("Our method improves the return of FooRL by 21%.", "FooRL", "builds_on"),
    # without an amount it is a remedy of X's problem, nothing is measured
    ("We propose FooFix, which improves FooRL with a learned critic.", "FooRL", "builds_on"),
    # adding a term to X's objective builds on X
    ("We add a length penalty to the FooPO objective and train on synthetic data.", "FooPO", "builds_on"),
    ("Our method adds an entropy bonus to each FooRL update.", "FooRL", "builds_on"),
    # in a sentence that is not the paper's own, it is background
    ("FooPO adds a length penalty to the FooRL objective.", "FooRL", "mentioned"),
])
def test_measured_improvement_of_x_and_additions_to_its_objective(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # advice ("we should use X") is no use of X by the paper's method
    ("We therefore recommend that practitioners should use FooNorm, weak augmentation and FooSVD to keep the graph connected.", "FooSVD", "mentioned"),
    ("We conclude that one must use FooSVD with care.", "FooSVD", "mentioned"),
    ("Our method uses FooSVD to compress the features.", "FooSVD", "builds_on"),
])
def test_advice_is_no_use(sentence, name, expected):
    assert role(sentence, name) == expected
