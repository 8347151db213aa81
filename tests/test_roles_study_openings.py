"""What a paper that proposes nothing opens with, on invented sentences and abstracts: "X is the default
..., yet its guarantees ..." names what the paper then studies, also as "X and its variants" or "A and
X"; an opening with no limitation, examples of a kind and a method paper's opening stay apart."""
import pytest

from kg.extract import Extractor
from extraction_helpers import algorithm_roles, role


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


@pytest.mark.parametrize("sentence, name, expected, study", [
    ("AdaGrad and its variants are the default optimizers for sparse features, yet their guarantees assume bounded gradients.", "AdaGrad", "studied", True),
    ("Expected SARSA is widely used in practice, but its finite-time behaviour is poorly understood.", "Expected SARSA", "studied", True),
    # no limitation: background
    ("Expected SARSA is widely used in practice and in textbooks.", "Expected SARSA", "mentioned", True),
    # several algorithms as the subject are studied together; examples of a kind are not the subject
    ("Expected SARSA and Q-learning are widely used, but their finite-time behaviour is poorly understood.", "Q-learning", "studied", True),
    ("Methods such as Expected SARSA are widely used, but their finite-time behaviour is poorly understood.", "Expected SARSA", "mentioned", True),
    # a paper with a method of its own does not study what its opening criticises
    ("Expected SARSA is widely used in practice, but its finite-time behaviour is poorly understood.", "Expected SARSA", "mentioned", False),
])
def test_study_opening(sentence, name, expected, study):
    assert role(sentence, name, study=study, own=False) == expected


def test_study_names_its_object_once(extractor):
    abstract = ("AdaGrad and its variants are the default optimizers for sparse features, yet their guarantees assume "
                "bounded gradients. In this work we remove this assumption. We prove that the method converges at the "
                "optimal rate under affine noise, and that its step-size floor is unnecessary.")
    assert algorithm_roles(extractor, abstract)["AdaGrad"] == "studied"


def test_method_paper_remedies_x_and_its_variants(extractor):
    abstract = ("AdaGrad and its variants are the default optimizers for sparse features, but they stall on dense layers. "
                "We propose FooGrad, which resets the accumulator of each dense layer when its gradients change direction. "
                "FooGrad trains recommendation models 2x faster.")
    assert algorithm_roles(extractor, abstract)["AdaGrad"] == "builds_on"
