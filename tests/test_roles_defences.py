"""Attacks in defence papers, on invented abstracts: the attacks a defence (also one proposed as a
detector) is evaluated against are no baselines (mentioned), the defences it beats are compared; an
attack paper still compares the attacks it beats."""
import pytest

from kg.extract import Extractor
from kg.link.lexicon import Lexicon, LexiconEntry
from extraction_helpers import algorithm_roles


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
