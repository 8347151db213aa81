"""Results that are not the paper's own, and aims that are no results, on invented sentences: "recent
findings from X show ...", "prior results suggest ..." speak of other people's work, and "to enhance X"
says what a design is for; the paper's own experiments and results, and "enhances" as a verb of a
result, still make claims."""
from __future__ import annotations

import pytest

from kg.extract.claims import speaks_of_own_work

from extraction_helpers import claim_kind


@pytest.mark.parametrize("sentence", [
    "Recent findings from multi-task learning and robotics show that related tasks help each other.",
    "Prior results suggest that wider networks are easier to prune.",
    "Previous experiments show that the critic diverges without target networks.",
    "Published empirical studies indicate that warmup is rarely needed.",
])
def test_others_results_are_no_claims_early(cues, sentence):
    assert claim_kind(cues, sentence, index=2, late=False, after_own=False) is None


@pytest.mark.parametrize("sentence", [
    "Experiments show that the sampler is 3x faster than the exact solver.",
    "Our results show that the critic no longer diverges.",
    "Empirical results on six benchmarks confirm that the planner outperforms MCTS.",
])
def test_own_results_still_are_claims_early(cues, sentence):
    assert claim_kind(cues, sentence, index=2, late=False, after_own=False) is not None


def test_own_results_after_others_in_one_sentence_are_own(cues):
    low = "unlike prior results, our experiments show that the bound is tight."
    assert speaks_of_own_work(low, cues)
    assert not speaks_of_own_work("prior results show that the bound is loose.", cues)


@pytest.mark.parametrize("sentence", [
    "Our approach integrates monitoring, evaluation and reflection to enhance the model's ability to plan.",
    "The module combines two encoders to enhance robustness under occlusion.",
])
def test_a_purpose_to_enhance_is_no_claim(cues, sentence):
    assert claim_kind(cues, sentence) is None


@pytest.mark.parametrize("sentence", [
    "The gating module enhances robustness under occlusion by 12%.",
    "Adding the critic does enhance stability on all tasks.",
])
def test_enhancing_as_a_result_is_a_claim(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"
