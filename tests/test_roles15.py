"""Role rules of the roles15 round, on invented sentences and titles (not taken from any evaluation set).

- a verb of effect right before the title's name ("Label Smoothing Breaks X") makes the title a
  study of X; the verb is no capitalised modifier that turns X into a variant;
- "Noise", "Notes", "Thanksgiving" before a name are no "no"/"not"/"than" that set it apart;
- "a leave-one-out baseline", "a value baseline": the variance-reduction term of a policy gradient is no
  baseline the method is compared with;
- "a knapsack problem over ...", "a distribution over ...": "over" after such a noun names a domain, not a comparison;
- a defence paper stays a defence paper when its first proposal sentence says "detector" or
  "adversarial training", or it is evaluated "against A, B and C attacks": the attacks are no baselines.
"""
import pytest

from kg.extract import Extractor
from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role, title_role, title_span
from kg.link.lexicon import Lexicon, LexiconEntry
from extraction_helpers import algorithm_roles

CUES = load_cues()


def told(title: str, name: str, **kw) -> str | None:
    span = title_span(title, [name])
    return title_role(title, *span, CUES, **kw)


@pytest.mark.parametrize("title, name, expected", [
    ("Label Smoothing Breaks Knowledge Distillation", "Knowledge Distillation", "studied"),
    ("Why Sparse Rewards Undermine Soft Actor-Critic", "Soft Actor-Critic", "studied"),
    ("Stale Gradients Destabilize Federated Averaging in Practice", "Federated Averaging", "studied"),
    ("Noisy Labels Mislead the Random Forest", "Random Forest", "studied"),
    ("How Weight Decay Affects Batch Normalization", "Batch Normalization", "studied"),
    # a capitalised modifier still makes a variant, a builds_on verb still builds on
    ("Distributional Soft Actor-Critic", "Soft Actor-Critic", None),
    ("Improving Federated Averaging with Server Momentum", "Federated Averaging", "builds_on"),
    # a name the verb does not take as its object, or a verb with no subject, is no study
    ("Breaks in Knowledge Distillation Pipelines", "Knowledge Distillation", None),
])
def test_effect_verb_title(title, name, expected):
    assert told(title, name) == expected


@pytest.mark.parametrize("title, name, expected", [
    ("Noise Injection Undermines Batch Normalization", "Batch Normalization", "studied"),
    ("Notes on the Convergence of Federated Averaging", "Federated Averaging", "studied"),
    # the words themselves still set the name apart
    ("Beyond Federated Averaging: Personalised Aggregation", "Federated Averaging", None),
    ("No Batch Normalization Needed for Deep Residual Nets", "Batch Normalization", None),
    ("Deep Sets vs Batch Normalization", "Batch Normalization", None),
])
def test_set_apart_words_are_whole_words(title, name, expected):
    assert told(title, name, proposes=True) == expected


def role(sentence: str, name: str) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=True)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    ("We propose SegPG, which estimates token advantages with a leave-one-out baseline computed from sampled answers, as in REINFORCE.", "REINFORCE", "builds_on"),
    ("Our estimator subtracts a state-dependent baseline fitted by Monte Carlo regression.", "Monte Carlo regression", "builds_on"),
    ("The gradient uses a value baseline learned by TD(0).", "TD(0)", "builds_on"),
    # a baseline that is a comparison still compares
    ("SegPG beats the baseline trained with REINFORCE on all tasks.", "REINFORCE", "compared"),
    ("We use REINFORCE as a baseline for SegPG.", "REINFORCE", "compared"),
    ("Strong baselines such as REINFORCE are slower.", "REINFORCE", "compared"),
])
def test_variance_reduction_baseline(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We propose TreeDraft, which solves an assignment problem over candidate tokens with the Hungarian algorithm.", "Hungarian algorithm", "builds_on"),
    ("We introduce PoolNet, which places a distribution over cluster labels with a Dirichlet process.", "Dirichlet process", "builds_on"),
    ("Our planner runs a search over macro-actions with beam search.", "beam search", "builds_on"),
    # "over" after a result still compares
    ("TreeDraft improves over beam search by 12%.", "beam search", "compared"),
    ("TreeDraft yields a 2x speedup over beam search.", "beam search", "compared"),
    ("TreeDraft raises recall by 4% on average over beam search.", "beam search", "compared"),
])
def test_over_a_domain(sentence, name, expected):
    assert role(sentence, name) == expected


LEX = Lexicon.from_entries([
    LexiconEntry("fgsm", "FGSM", "algorithm", description="Single-step adversarial attack along the gradient sign."),
    LexiconEntry("deepfool", "DeepFool", "algorithm", description="Iterative minimal-perturbation adversarial attack."),
    LexiconEntry("mart", "MART", "algorithm", description="Adversarial training that emphasises misclassified examples."),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)




def test_defence_evaluated_against_named_attacks(extractor):
    abstract = ("Image classifiers remain fragile under small input perturbations. We propose SpecGuard, which adds a "
                "spectral penalty to the training loss. Against FGSM and DeepFool attacks on SVHN, SpecGuard raises "
                "robust accuracy by 4 points over MART.")
    got = algorithm_roles(extractor, abstract)
    assert got["FGSM"] == "mentioned" and got["DeepFool"] == "mentioned" and got["MART"] == "compared"


def test_detector_is_a_defence(extractor):
    abstract = ("Adversarial inputs threaten deployed classifiers. We propose SpecGuard, a detector that flags inputs "
                "whose spectra are atypical. SpecGuard outperforms MART on inputs from FGSM and DeepFool attacks.")
    got = algorithm_roles(extractor, abstract)
    assert got["MART"] == "compared" and got["FGSM"] == "mentioned" and got["DeepFool"] == "mentioned"


def test_attack_paper_still_compares_attacks(extractor):
    abstract = ("Image classifiers remain fragile under small input perturbations. We propose SpecAttack, an adversarial "
                "attack that perturbs only high frequencies and evades detection. SpecAttack reaches a higher success "
                "rate than FGSM and DeepFool against MART.")
    got = algorithm_roles(extractor, abstract)
    assert got["FGSM"] == "compared" and got["DeepFool"] == "compared"
