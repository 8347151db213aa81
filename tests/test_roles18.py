"""Role rules of the roles18 round, on invented sentences (not taken from any evaluation set).

- the direct object of a verb of improvement ("FooNet improves GCN by 4%", "accelerates Medusa by
  1.5x") is what the paper's method is applied to: builds_on; "improves on/over X" and "improves
  the error of X by ..." stay comparisons;
- an opening sentence whose subject is the algorithm and which states its limitation ("X ... but
  requires ...") makes a paper that names its own method build on X, when nothing else gives X a role;
  a subject that opens a list ("X and Y ...", "X such as A ...", "X methods ...") or a sentence led by other words does not.
"""
import pytest

from kg.extract import Extractor
from kg.extract.cues import fold, load_cues
from kg.extract.roles import limited_subject, occurrence_role
from kg.extract.roles.occurrence import improved_object
from extraction_helpers import algorithm_roles

CUES = load_cues()


def role(sentence: str, name: str) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=True)[0]


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


@pytest.mark.parametrize("sentence, name, expected", [
    ("On citation graphs, BarNet improves GCN by 4.2 points without extra parameters.", "GCN", "builds_on"),
    ("Plugged in at inference, FooDecode accelerates Medusa by 1.5x on long prompts.", "Medusa", "builds_on"),
    ("On three robot suites, QuxPlan improves the PPO agent by 12% in final return.", "PPO", "builds_on"),
    ("In all settings, BarNet boosts GraphSAGE and GIN by up to 3 points.", "GIN", "builds_on"),
    ("Our method improves FooRL by 4.1 points on average.", "FooRL", "builds_on"),
    # comparisons keep their role
    ("On citation graphs, BarNet improves on GCN by 4.2 points.", "GCN", "compared"),
    ("On citation graphs, BarNet improves accuracy over GCN by 4.2 points.", "GCN", "compared"),
    ("On citation graphs, BarNet improves over GCN, GraphSAGE and GAT in every split.", "GAT", "compared"),
    ("On citation graphs, BarNet improving over GraphSAGE and GAT, runs faster.", "GAT", "compared"),
    ("On citation graphs, BarNet reduces the error of GCN by 18%.", "GCN", "compared"),
])
def test_improved_object(sentence, name, expected):
    assert role(sentence, name) == expected


def test_an_adjective_takes_no_object():
    # "accelerated" names a variant: the list after it is no object of improvement
    s = fold("Our sampler runs an accelerated gradient and Adam side by side.")
    assert not improved_object(s, s.index("adam"), CUES)
    assert improved_object(fold("It accelerates gradient descent and Adam."), len("It accelerates gradient descent and "), CUES)


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
