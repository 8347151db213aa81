"""An opening sentence whose subject is an algorithm and which states its limitation ("Soft Actor-Critic
is robust in simulation; however, it is sample-hungry on real robots"): a paper that names its own method
and gives the algorithm no other role builds on what it remedies. A subject that opens a list, comes with
examples, a leading phrase or a suffix is no such subject; a paper with no method of its own, a later
comparison and a title that sets the algorithm apart keep their roles."""
import pytest

from kg.extract import Extractor
from kg.extract.cues import fold, load_cues
from kg.extract.roles import limited_subject
from extraction_helpers import algorithm_roles

CUES = load_cues()


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


@pytest.mark.parametrize("sentence, name, expected", [
    ("Normalizing flows give exact likelihoods but scale poorly to high-resolution images.", "Normalizing flows", True),
    ("Sparse Gaussian processes (SGPs) scale to large data, yet their inducing points are hard to place.", "Gaussian processes", True),
    ("Soft Actor-Critic is robust in simulation; however, it is sample-hungry on real robots.", "Soft Actor-Critic", True),
    # no limitation, a list, examples, a leading phrase, or a suffix: no such subject
    ("Normalizing flows give exact likelihoods and fast sampling.", "Normalizing flows", False),
    ("Normalizing flows and diffusion models give good samples but are slow.", "Normalizing flows", False),
    ("Normalizing flows such as Glow give exact likelihoods but scale poorly.", "Normalizing flows", False),
    ("Existing normalizing flows give exact likelihoods but scale poorly.", "normalizing flows", False),
    ("Methods based on normalizing flows give exact likelihoods but scale poorly.", "normalizing flows", False),
    ("Normalizing flow-based samplers give exact likelihoods but scale poorly.", "Normalizing flow", False),
    ("Normalizing flow methods give exact likelihoods but scale poorly.", "Normalizing flow", False),
    ("Normalizing flows not only give exact likelihoods but also sample fast.", "Normalizing flows", False),
])
def test_limited_subject(sentence, name, expected):
    low = fold(sentence)
    start = sentence.index(name)
    assert limited_subject(low, start, start + len(name), CUES) is expected


def sac_role(extractor, abstract: str) -> str:
    got = algorithm_roles(extractor, abstract)
    return next(r for n, r in got.items() if n in ("SAC", "Soft Actor-Critic"))


def test_remedied_subject_builds_on(extractor):
    abstract = ("Soft Actor-Critic achieves strong returns in simulation, but it needs millions of interactions on "
                "real robots. We propose QuxSAC, which reuses a learned dynamics prior to shape exploration. "
                "On five manipulation tasks QuxSAC needs four times fewer interactions.")
    assert sac_role(extractor, abstract) == "builds_on"


def test_unremedied_subject_stays(extractor):
    # no method of its own: the paper does not build on what its opening criticises
    abstract = ("Soft Actor-Critic achieves strong returns in simulation, but it needs millions of interactions on "
                "real robots. We measure how the number of interactions grows with the action dimension.")
    assert sac_role(extractor, abstract) != "builds_on"
    # a later comparison keeps the baseline
    abstract = ("Soft Actor-Critic achieves strong returns in simulation, but it needs millions of interactions on "
                "real robots. We propose QuxRL, a model-based agent with a learned dynamics prior. "
                "On five manipulation tasks QuxRL outperforms Soft Actor-Critic with four times fewer interactions.")
    assert sac_role(extractor, abstract) == "compared"


def test_title_setting_the_subject_apart(extractor):
    abstract = ("Soft Actor-Critic achieves strong returns in simulation, but it needs millions of interactions on "
                "real robots. We propose QuxRL, which plans with a learned dynamics prior. "
                "On five manipulation tasks QuxRL needs four times fewer interactions.")
    got = algorithm_roles(extractor, abstract, title="Beyond Soft Actor-Critic: Planning with Dynamics Priors")
    assert next(r for n, r in got.items() if n in ("SAC", "Soft Actor-Critic")) == "mentioned"
