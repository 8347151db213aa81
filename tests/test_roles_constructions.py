"""Roles of algorithms in sentence constructions (invented sentences, positive and negative cases):
"in the spirit of", computation verbs with "with/via/using", "a comparison of A and B", "In contrast,
X ...", participles and relative clauses on a compared object, phrases after a list, "reaches the
accuracy of X", "we identify ...", and what a described method works alongside ("It is compatible with
X")."""
import pytest

from kg.extract import Extractor
from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

CUES = load_cues()


def role(sentence: str, name: str, *, own: bool = True) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=own)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    # "in the spirit of X" is a builds_on cue; "unlike X" nearer still compares
    ("Our regularizer works in the spirit of dropout, but on attention heads.", "dropout", "builds_on"),
    ("Unlike dropout, our regularizer is deterministic.", "dropout", "compared"),
    # present-tense computation verbs whose "with/via/using" names a part of the method
    ("ZetaNet estimates the density ratio with a logistic regression classifier.", "logistic regression", "builds_on"),
    ("ZetaNet clusters the token embeddings with k-means before routing.", "k-means", "builds_on"),
    ("ZetaNet prunes redundant channels using Hessian-based saliency.", "Hessian", "builds_on"),
    ("ZetaNet is compared with k-means on six datasets.", "k-means", "compared"),
    # ... not when the sentence is about others' work
    ("Classical pipelines estimate the density ratio with logistic regression.", "logistic regression", "mentioned"),
])
def test_component_verbs(sentence, name, expected):
    own = not sentence.startswith("Classical")
    assert role(sentence, name, own=own) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We present a systematic comparison of Adam, Lion and Sophia on language modeling.", "Lion", "studied"),
    ("We present a systematic comparison of Adam, Lion and Sophia on language modeling.", "Sophia", "studied"),
    ("An empirical comparison between k-means and spectral clustering reveals a gap.", "spectral clustering", "studied"),
    # a comparison of the paper's own method with X still compares with X
    ("A comparison of our method with Lion shows faster convergence.", "Lion", "compared"),
    ("In comparison with Lion, our method converges faster.", "Lion", "compared"),
    ("Our method wins every pairwise comparison against Lion.", "Lion", "compared"),
])
def test_comparison_of(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("In contrast, spectral clustering recovers all communities.", "spectral clustering", "compared"),
    ("By contrast, k-means and spectral clustering both fail on rings.", "spectral clustering", "compared"),
    ("By contrast, k-means and spectral clustering both fail on rings.", "k-means", "compared"),
    # only the subject right after the opener: later mentions keep their own cues
    ("In contrast, our method clusters points with k-means.", "k-means", "builds_on"),
    ("In contrast to the prior analysis of k-means, we allow outliers.", "k-means", "compared"),
    ("Spectral clustering, in contrast, is exact; we build on k-means.", "k-means", "builds_on"),
])
def test_contrast_subject(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # a participle or relative clause after the compared object describes the baseline
    ("ZetaNet improves over LSTMs trained with teacher forcing.", "teacher forcing", "compared"),
    ("ZetaNet is more accurate than ensembles based on bagging and boosting.", "boosting", "compared"),
    ("ZetaNet outperforms a strong baseline that uses beam search.", "beam search", "compared"),
    ("ZetaNet outperforms prior decoders, which rely on beam search.", "beam search", "compared"),
    # the paper's own means after the comparison stays builds_on
    ("ZetaNet outperforms LSTMs by using beam search at training time.", "beam search", "builds_on"),
    ("ZetaNet outperforms LSTMs while relying on beam search only at test time.", "beam search", "builds_on"),
])
def test_compared_object(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Logistic regression and k-means serve as the base learners throughout.", "Logistic regression", "builds_on"),
    ("Logistic regression, SVMs and k-means serve as the underlying classifiers.", "SVMs", "builds_on"),
    ("Logistic regression, SVMs and k-means serve as baselines.", "Logistic regression", "compared"),
    ("Logistic regression is fast, and k-means serves as the base learner.", "Logistic regression", "mentioned"),
])
def test_phrase_after_a_list(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("ZetaNet reaches the accuracy of ResNet-50 with a tenth of its parameters.", "ResNet-50", "compared"),
    ("ZetaNet retains 97% of the performance of BERT at half the size.", "BERT", "compared"),
    ("ZetaNet reaches a new state of the art and uses BERT as its encoder.", "BERT", "builds_on"),
    ("We identify a failure mode of label smoothing under distribution shift.", "label smoothing", "studied"),
    ("We uncover why label smoothing hurts calibration.", "label smoothing", "studied"),
    ("We identify hard prompts; we then rank them with BM25.", "BM25", "builds_on"),
])
def test_reaching_and_identifying(sentence, name, expected):
    assert role(sentence, name) == expected


LEX = Lexicon.from_entries([LexiconEntry(k.lower(), k, "algorithm") for k in ("k-means", "SGD", "Adam", "beam search")])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def paper_roles(extractor, abstract: str) -> dict[str, str]:
    ex = next(extractor.extract([Paper("t", abstract)]))
    return {m.name: m.role for m in ex.mentions if m.type == "algorithm"}


def test_what_the_method_works_alongside_is_not_built_on(extractor):
    abstract = ("Clustering large corpora is slow. We propose ZetaClust, a streaming clustering method. "
                "It is compatible with beam search and orthogonal to Adam. Experiments show large speedups.")
    got = paper_roles(extractor, abstract)
    assert got["beam search"] == "mentioned" and got["Adam"] == "mentioned"
    abstract = abstract.replace("is compatible with beam search and orthogonal to", "decodes with beam search and steps with")
    got = paper_roles(extractor, abstract)
    assert got["beam search"] == "builds_on" and got["Adam"] == "builds_on"


@pytest.mark.parametrize("sentence, name, own, expected", [
    ("Following DreamerV3, we train the world model on replayed sequences.", "DreamerV3", True, "builds_on"),
    ("As in DDPM, we parameterize the reverse process with a U-Net.", "DDPM", True, "builds_on"),
    ("Similar to BYOL, ZetaNet uses a momentum encoder.", "BYOL", True, "builds_on"),
    ("We take inspiration from MuZero and learn a latent model for planning.", "MuZero", True, "builds_on"),
    # background openings: the success of X, or a sentence about others' work
    ("Following the success of DreamerV3, world models have become popular.", "DreamerV3", True, "mentioned"),
    ("Like GANs, diffusion models can memorize training images.", "GANs", False, "mentioned"),
    # a mention after the opening phrase keeps its own cues
    ("Following prior work, we compare against DreamerV3.", "DreamerV3", True, "compared"),
])
def test_adopting_openings(sentence, name, own, expected):
    assert role(sentence, name, own=own) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("ZetaNet achieves 71.2% accuracy, while SimCLR reaches 68.4%.", "SimCLR", "compared"),
    ("ZetaNet achieves 71.2% accuracy; BYOL and SimCLR reach only 68.4%.", "BYOL", "compared"),
    ("ZetaNet achieves 71.2% accuracy, whereas BYOL obtains an accuracy of 68.4%.", "BYOL", "compared"),
    # a figure with no other figure before it compares with nothing
    ("SimCLR reaches 68.4% accuracy on ImageNet.", "SimCLR", "mentioned"),
    ("ZetaNet achieves 71.2% accuracy, while using SimCLR for pretraining.", "SimCLR", "builds_on"),
])
def test_figure_beside_the_papers_figure(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Our theory also covers Nesterov momentum as a special case.", "Nesterov momentum", "studied"),
    ("Our bounds encompass heavy-ball momentum.", "heavy-ball momentum", "studied"),
    ("Our optimizer recovers Nesterov momentum as a special case.", "Nesterov momentum", "builds_on"),
])
def test_theory_covers(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, own, expected", [
    ("ZetaFlow parameterizes the vector field with an equivariant Transformer.", "Transformer", True, "builds_on"),
    ("ZetaLM is trained with supervised fine-tuning followed by DPO on preference pairs.", "DPO", True, "builds_on"),
    ("Standard pipelines apply supervised fine-tuning followed by DPO.", "DPO", False, "mentioned"),
])
def test_present_tense_parts(sentence, name, own, expected):
    assert role(sentence, name, own=own) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Unlike MAE, which discards global semantics, and DINO, which ignores local structure, ZetaNet learns both.", "DINO", "compared"),
    ("Unlike MAE, which discards global semantics, ZetaNet learns both with DINO.", "DINO", "builds_on"),
    ("Compared with SimCLR and BYOL, ZetaNet needs smaller batches.", "BYOL", "compared"),
    # raising the figure of a X agent applies the method to X (tests/test_roles_improved_measure.py)
    ("ZetaNet improves the success rate of a ReAct agent by 33%.", "ReAct", "builds_on"),
    ("ZetaNet improves the success rate of a ReAct agent on every task.", "ReAct", "builds_on"),
    ("ZetaNet lowers the failure rate of a ReAct agent by 33%.", "ReAct", "compared"),
])
def test_contrast_openings_and_measured_changes(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Theoretically, ZetaNet enjoys the same convergence rate as SGD.", "SGD", "compared"),
    ("Contrary to PPO, ZetaNet needs no value network.", "PPO", "compared"),
    ("ZetaNet needs only a fraction of the compute of MuZero.", "MuZero", "compared"),
    ("ZetaNet plans with MCTS at the same depth as before.", "MCTS", "builds_on"),
    # a denied use is no part of the method
    ("ZetaNet plans without relying on MCTS.", "MCTS", "mentioned"),
    ("ZetaNet does not use MCTS at test time.", "MCTS", "mentioned"),
    ("Rather than adopting MCTS, ZetaNet plans with a value function.", "MCTS", "compared"),
    ("ZetaNet relies on MCTS rather than on rollouts.", "MCTS", "builds_on"),
    # a limitation revealed is a finding about X
    ("This reveals a fundamental limitation of beam search.", "beam search", "studied"),
    ("We propose ZetaNet to overcome the limitations of beam search.", "beam search", "mentioned"),
])
def test_same_as_contrary_denied_limitation(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, own, expected", [
    ("We penalize the reward by its uncertainty during Best-of-N sampling and PPO.", "PPO", True, "builds_on"),
    ("Reward hacking is common during PPO training.", "PPO", False, "mentioned"),
    ("ZetaNet matches SAM at 1.1x the cost of SGD.", "SGD", True, "compared"),
    ("ZetaNet matches SAM at the cost of SGD.", "SGD", True, "compared"),
    ("We reduce the cost of SAM by reusing the ascent step.", "SAM", True, "mentioned"),
])
def test_during_and_at_the_cost_of(sentence, name, own, expected):
    assert role(sentence, name, own=own) == expected


def troles(title: str, name: str, *, proposes: bool = False):
    from kg.extract.roles import title_role, title_span
    span = title_span(title, [name])
    return title_role(title, *span, CUES, proposes=proposes)


@pytest.mark.parametrize("title, name, proposes, expected", [
    ("Lasso Exploits Sparsity Even under Correlated Designs", "Lasso", False, "studied"),
    ("Why Gradient Clipping Works: A Smoothness View", "Gradient Clipping", False, "studied"),
    ("How Recurrent Networks Count with Backpropagation Through Time", "Backpropagation Through Time", False, "studied"),
    ("Provable Benefits of Dropout in Linear Networks", "Dropout", False, "studied"),
    ("Limits of Beam Search for Long Outputs", "Beam Search", False, "studied"),
    ("Step Sizes for Nesterov Momentum: A Theory", "Nesterov Momentum", False, "studied"),
    # not analysis titles
    ("How to Train Your Transformer with Fewer Tokens", "Transformer", True, "builds_on"),
    ("Reducing the Memory of Beam Search", "Beam Search", True, "builds_on"),
    ("Beyond Dropout: Structured Noise for Robustness", "Dropout", True, None),
])
def test_title_constructions(title, name, proposes, expected):
    assert troles(title, name, proposes=proposes) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We establish posterior contraction rates for sparse variational GPs.", "sparse variational GPs", "studied"),
    ("We derive generalization bounds for message-passing GNNs.", "message-passing GNNs", "studied"),
    ("ZetaOpt matches the convergence rate of SGD.", "SGD", "compared"),
    ("ZetaOpt reaches the final loss of AdamW in 35% fewer steps.", "AdamW", "compared"),
])
def test_rates_bounds_and_reached_losses(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence", [
    "In contrast, " + "and " * 2000 + "X.",
    "A 1 " + "and " * 3000 + ", while X reaches 5%.",
    "Unlike A" + ", and B" * 3000 + ", X.",
    "Following " + "a, " * 3000 + "X, we act.",
    "ZetaNet outperforms " + "a " * 3000 + "that uses X",
    "X" + ", and" * 3000 + " serve as baselines",
])
def test_new_constructions_run_in_bounded_time_on_hostile_text(sentence):
    import time
    t0 = time.perf_counter()
    i = sentence.rindex("X")
    for _ in range(20):
        occurrence_role(sentence, i, i + 1, CUES)
    assert time.perf_counter() - t0 < 2


def test_a_list_ends_before_a_preposition():
    s = "We benchmark XGBoost, LightGBM and CatBoost against recent deep architectures."
    assert role(s, "LightGBM") != "builds_on"  # "architectures" follows the list's object, not the list


@pytest.mark.parametrize("sentence, name, expected", [
    ("We evaluate Adam, Lion and Sophia against a tuned SGD baseline.", "Lion", "studied"),
    ("We evaluate Adam, Lion and Sophia against a tuned SGD baseline.", "Adam", "studied"),
    ("We evaluate Adam, Lion and Sophia against a tuned SGD baseline.", "SGD", "compared"),
    ("We evaluate ZetaOpt against Adam and Lion.", "Lion", "compared"),
    ("We compare Adam and Lion with our optimizer.", "Lion", "compared"),
    ("Adam, Lion and Sophia serve as baselines.", "Adam", "compared"),
])
def test_objects_of_a_test_verb(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # the method generalises X, or X is a special case of it: the method builds on X
    ("ZetaNet can be viewed as a generalization of spectral clustering to hypergraphs.", "spectral clustering", "builds_on"),
    ("ZetaNet is a kernelized generalisation of k-means.", "k-means", "builds_on"),
    ("Spectral clustering is a special case of ZetaNet with a linear kernel.", "Spectral clustering", "builds_on"),
    ("Mean shift is recovered as a special case when the bandwidth is fixed.", "Mean shift", "builds_on"),
    ("K-means and mean shift arise as special cases of ZetaNet.", "K-means", "builds_on"),
    # no special case said of X
    ("Spectral clustering is a classical choice for graphs.", "Spectral clustering", "mentioned"),
    ("ZetaNet generalizes better than spectral clustering.", "spectral clustering", "compared"),
])
def test_generalizations_and_special_cases(sentence, name, expected):
    assert role(sentence, name) == expected
