"""A finding stated for a population of trained models ("we show that, for Transformers trained in
low precision, epsilon acts as ...") names that population as the finding's setting, not as what the
finding is about; a finding about X itself stays a study of X (invented sentences)."""
import pytest

from kg.extract.roles import occurrence_role


def role(cues, sentence: str, name: str, *, study: bool = True) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), cues, own=True, study=study)[0]


@pytest.mark.parametrize("sentence, name", [
    ("We show that, for Transformers trained in low precision, the epsilon of the optimizer damps rare updates.",
     "Transformers"),
    ("We prove that for deep GNNs fitted by gradient descent, the learned filters are low-pass.", "GNNs"),
    ("We find that, across ResNets trained with heavy augmentation, the sharpness at convergence predicts calibration.",
     "ResNets"),
])
def test_population_of_a_finding_is_its_setting(cues, sentence, name):
    assert role(cues, sentence, name) == "mentioned"


@pytest.mark.parametrize("sentence, name", [
    # the finding is about X itself
    ("We show that Transformers trained in low precision lose accuracy on rare tokens.", "Transformers"),
    ("We show that, for Transformers, the attention entropy collapses early in training.", "Transformers"),
    ("We prove that GNNs fitted by gradient descent learn low-pass filters.", "GNNs"),
])
def test_finding_about_x_stays_a_study(cues, sentence, name):
    assert role(cues, sentence, name) == "studied"
