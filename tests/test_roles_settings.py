"""Settings are neither studied nor built on, on invented sentences and abstracts: the model an analysis
assumes ("under the Plackett-Luce model") or a condition it is made under ("when the propensities are
estimated by random forests") is mentioned, while what the analysis is about stays studied; a setup
sentence that reports a comparison ("Tests on lasso problems and GAN training show faster convergence
than SGD and Adam") names its settings, not parts of the method, and one without an experiment still
describes the method."""
import pytest

from kg.extract import Extractor
from kg.link.lexicon import Lexicon, LexiconEntry
from extraction_helpers import algorithm_roles, role


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
