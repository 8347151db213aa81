""""We show how to build X" describes how the paper's method is made, it reports no result; the
same words with a measured outcome in the sentence still make a claim."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind


@pytest.mark.parametrize("sentence", [
    "We show how to build a joint model of argument frames, incorporating new features into log-linear models.",
    "In this paper, we show how to construct a transfer dictionary automatically.",
    "We also demonstrate how to combine the two estimators within a single training loop.",
    "We describe how to adapt the planner to partially observed environments.",
])
def test_how_to_build_is_no_claim(cues, sentence):
    for late, after_own in ((False, False), (True, True)):
        assert claim_kind(cues, sentence, index=2, late=late, after_own=after_own) is None


@pytest.mark.parametrize("sentence", [
    "We show how to cut the training cost by 40% without loss in accuracy.",
    "We show how to make the sampler faster than the exact solver on every benchmark.",
    "We show that the joint model outperforms independent classifiers.",
])
def test_how_to_with_an_outcome_is_still_a_claim(cues, sentence):
    assert claim_kind(cues, sentence, index=2, late=True, after_own=True) is not None


@pytest.mark.parametrize("sentence", [
    "We have recently shown that fusing shape priors greatly improves tracking on noisy images.",
    "We previously demonstrated that the critic diverges without target networks.",
])
def test_the_authors_earlier_results_are_no_claims_of_this_paper(cues, sentence):
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None
    assert claim_kind(cues, sentence, index=3, late=True, after_own=True) is None


def test_the_same_result_shown_here_is_a_claim(cues):
    assert claim_kind(cues, "We show that fusing shape priors greatly improves tracking on noisy images.",
                      index=3, late=True, after_own=True) is not None


@pytest.mark.parametrize("sentence", [
    "For the generation of synthesized speech we used a state of the art HMM-based speech synthesis system.",
    "In this paper, we compare the performance of a state-of-the-art statistical parser on written and spoken language.",
])
def test_a_state_of_the_art_thing_used_is_no_result(cues, sentence):
    assert claim_kind(cues, sentence, index=2, late=True, after_own=True) is None


@pytest.mark.parametrize("sentence", [
    "FooNet achieves state-of-the-art results on five benchmarks.",
    "FooNet is a state-of-the-art method on five benchmarks.",
])
def test_state_of_the_art_said_of_the_result_is_one(cues, sentence):
    assert claim_kind(cues, sentence, index=2, late=True, after_own=True) is not None


def test_an_expectation_is_no_result(cues):
    sentence = "The result is expected to be more efficient parsing due to the increased organization of knowledge."
    assert claim_kind(cues, sentence, index=4, late=True, after_own=True) is None
    assert claim_kind(cues, "As expected, the parser is 2x faster than the chart parser.", index=4, late=True,
                      after_own=True) is not None


@pytest.mark.parametrize("sentence", [
    "The method can exploit image correspondences obtained by various alignment techniques.",
    "The rotation-invariant features can be obtained from the parameters of the model by a Fourier transform.",
    "Twelve research groups participated in the challenge and submitted segmentation results obtained by their algorithms.",
])
def test_what_is_obtained_from_a_source_is_no_result(cues, sentence):
    assert claim_kind(cues, sentence, index=3, late=True, after_own=True) is None


def test_obtaining_a_measured_outcome_is_a_result(cues):
    assert claim_kind(cues, "We obtained reasonable classification accuracy for all dimensions.", index=3,
                      late=True, after_own=True) is not None
