"""Role rules of the roles14 round, on invented sentences (not taken from any evaluation set).

- the model a study assumes ("under the Plackett-Luce model") or a condition it is made under
  ("when the models are fitted by X") is its setting, not what it studies;
- "trains a generator to match the flow of X": the target of training is no baseline;
- "fewer than uncertainty sampling with X", "over A followed by X": X ends the compared object;
- a setup sentence that reports a comparison ("Tests on X problems show faster convergence than Y")
  names its settings, not parts of the method.
"""
import pytest

from kg.extract import Extractor
from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role
from kg.link.lexicon import Lexicon, LexiconEntry
from extraction_helpers import algorithm_roles

CUES = load_cues()


def role(sentence: str, name: str, *, own: bool = True) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=own)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    ("We analyze maximum likelihood ranking under the Plackett-Luce model with adaptive queries.", "Plackett-Luce model", "mentioned"),
    ("We prove that FooRank recovers the true order under a stochastic block model with two communities.", "stochastic block model", "mentioned"),
    ("We study the training dynamics of Q-learning under the linear MDP model.", "linear MDP model", "mentioned"),
    ("We examine the bias of the IPW estimator when the propensities are estimated by random forests.", "random forests", "mentioned"),
    # what the analysis is about stays studied
    ("We study the training dynamics of Q-learning under the linear MDP model.", "Q-learning", "studied"),
    ("We analyze Thompson sampling under delayed feedback.", "Thompson sampling", "studied"),
    # only a model is assumed: a training regime after "under" is still what the finding speaks of
    ("We show that the gap persists under teacher forcing on longer chains.", "teacher forcing", "studied"),
    # a study of objects used with X (no condition between) still studies what they are used with
    ("We evaluate six augmentations combined with behavior cloning.", "behavior cloning", "studied"),
])
def test_assumed_setting(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We propose FastFlow, which trains a one-step student to match the transport map of a rectified flow teacher.",
     "rectified flow", "builds_on"),
    ("We present TinyVoc, a vocoder distilled to match the spectrograms of HiFi-GAN at every frame.", "HiFi-GAN", "builds_on"),
    # a plain match is still a comparison
    ("FastFlow matches the sample quality of rectified flow with a single step.", "rectified flow", "compared"),
    ("FastFlow fails to match GANs on faces.", "GANs", "compared"),
])
def test_training_target(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooAL needs three times fewer labels than uncertainty sampling with deep ensembles.", "deep ensembles", "compared"),
    ("BarQ improves accuracy by 2 points over magnitude pruning followed by LoRA.", "LoRA", "compared"),
    # the paper's own use, with no comparison before it, stays builds_on
    ("FooAL selects points by uncertainty sampling with deep ensembles.", "deep ensembles", "builds_on"),
])
def test_compared_object_with(sentence, name, expected):
    assert role(sentence, name) == expected


LEX = Lexicon.from_entries([LexiconEntry(k.lower(), k, "algorithm") for k in ("GAN", "Adam", "SGD", "lasso")])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)




def test_setting_of_a_reported_comparison(extractor):
    abstract = ("Saddle-point problems are hard to solve with noisy gradients. We propose HaloStep, a method that "
                "anchors every step to the starting point. We prove that HaloStep converges at the optimal rate. "
                "Tests on lasso problems and GAN training show faster convergence than SGD and Adam.")
    got = algorithm_roles(extractor, abstract)
    assert got["lasso"] == "mentioned" and got["GAN"] == "mentioned"
    assert got["SGD"] == "compared" and got["Adam"] == "compared"


def test_setup_sentence_without_a_result_still_describes_the_method(extractor):
    abstract = ("Saddle-point problems are hard to solve with noisy gradients. We propose HaloStep, a method that "
                "anchors every step to the starting point. Step sizes are adapted per coordinate as in Adam.")
    assert algorithm_roles(extractor, abstract)["Adam"] == "builds_on"


def test_setup_sentence_with_a_result_word_but_no_experiment_still_describes_the_method(extractor):
    abstract = ("Saddle-point problems are hard to solve with noisy gradients. We propose HaloStep, a method that "
                "anchors every step to the starting point. Every update is preconditioned with Adam, which reduces the cost over long runs.")
    assert algorithm_roles(extractor, abstract)["Adam"] == "builds_on"
