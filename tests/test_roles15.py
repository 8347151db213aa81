"""Role rules of the roles15 round, on invented sentences and titles (not taken from any evaluation set).

- a verb of effect right before the title's name ("Label Smoothing Breaks X") makes the title a
  study of X; the verb is no capitalised modifier that turns X into a variant;
- "Noise", "Notes", "Thanksgiving" before a name are no "no"/"not"/"than" that set it apart;
- a defence paper stays a defence paper when its first proposal sentence says "detector" or
  "adversarial training", or it is evaluated "against A, B and C attacks": the attacks are no baselines.
"""
import pytest

from kg.extract import Extractor
from kg.extract.cues import load_cues
from kg.extract.roles import title_role, title_span
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

CUES = load_cues()


def told(title: str, name: str, **kw) -> str | None:
    span = title_span(title, [name])
    return title_role(title, *span, CUES, **kw)


@pytest.mark.parametrize("title, name, expected", [
    ("Label Smoothing Breaks Knowledge Distillation", "Knowledge Distillation", "studied"),
    ("Why Sparse Rewards Undermine Soft Actor-Critic", "Soft Actor-Critic", "studied"),
    ("Stale Gradients Destabilize Federated Averaging in Practice", "Federated Averaging", "studied"),
    ("Noisy Labels Mislead the Random Forest", "Random Forest", "studied"),
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


LEX = Lexicon.from_entries([
    LexiconEntry("fgsm", "FGSM", "algorithm", description="Single-step adversarial attack along the gradient sign."),
    LexiconEntry("deepfool", "DeepFool", "algorithm", description="Iterative minimal-perturbation adversarial attack."),
    LexiconEntry("mart", "MART", "algorithm", description="Adversarial training that emphasises misclassified examples."),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def roles(extractor, abstract: str, title: str | None = None) -> dict[str, str]:
    ex = next(extractor.extract([Paper("t", abstract, title=title)]))
    return {m.name: m.role for m in ex.mentions if m.type == "algorithm"}


def test_defence_evaluated_against_named_attacks(extractor):
    abstract = ("Image classifiers remain fragile under small input perturbations. We propose SpecGuard, which adds a "
                "spectral penalty to the training loss. Against FGSM and DeepFool attacks on SVHN, SpecGuard raises "
                "robust accuracy by 4 points over MART.")
    got = roles(extractor, abstract)
    assert got["FGSM"] == "mentioned" and got["DeepFool"] == "mentioned" and got["MART"] == "compared"


def test_detector_is_a_defence(extractor):
    abstract = ("Adversarial inputs threaten deployed classifiers. We propose SpecGuard, a detector that flags inputs "
                "whose spectra are atypical. SpecGuard outperforms MART on inputs from FGSM and DeepFool attacks.")
    got = roles(extractor, abstract)
    assert got["MART"] == "compared" and got["FGSM"] == "mentioned" and got["DeepFool"] == "mentioned"


def test_attack_paper_still_compares_attacks(extractor):
    abstract = ("Image classifiers remain fragile under small input perturbations. We propose SpecAttack, an adversarial "
                "attack that perturbs only high frequencies and evades detection. SpecAttack reaches a higher success "
                "rate than FGSM and DeepFool against MART.")
    got = roles(extractor, abstract)
    assert got["FGSM"] == "compared" and got["DeepFool"] == "compared"
