"""claims14: results stated without a number or a comparison verb ("also extrapolates to", "scales gracefully
to", "narrows the gap"), theory stated as a property ("is ergodic under mild conditions", "as expressive as"),
results compared with earlier work (not background), and what the authors report as observed (findings)."""
from __future__ import annotations

import pytest


from extraction_helpers import claim_kind




@pytest.mark.parametrize("sentence", [
    "The learned controller also extrapolates to wind speeds outside the training range.",
    "The exploration policy scales gracefully to forty agents.",
    "The memory footprint scales favourably with the number of frames.",
    "Its margin over the strongest baseline widens as the horizon grows.",
    "The sampler rediscovers transition pathways known from long simulations.",
    "On the held-out split, the distilled student narrows the gap to its teacher.",
    "The retrieval heads transfer well, even to languages absent from pretraining.",
    "Initialised from these weights, segmentation models gain 2.3 mIoU on the urban scenes.",
])
def test_results_without_number_or_comparison_verb(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "The chain is geometrically ergodic under mild conditions.",
    "The proposed readout is as expressive as the 3-WL test on bounded-degree graphs.",
    "The number of queries can be exponentially smaller than the size of the hypothesis class.",
])
def test_theory_stated_as_a_property(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "theoretical"


def test_result_compared_with_earlier_work_is_not_background(cues):
    assert claim_kind(cues, "This sharpens the previous bound by a logarithmic factor.", prior="theoretical") == "theoretical"
    assert claim_kind(cues, "The screen yields 31 hits, a rate higher than previously reported for this target.") \
        == "empirical"
    # speaking of others' work first stays background
    assert claim_kind(cues, "Existing estimators improve on this rate only under strong assumptions.") is None


@pytest.mark.parametrize("sentence", [
    "We find that accuracy drops by 12% when the questions are paraphrased.",
    "We also observe that the gap to human raters widens on longer dialogues, reaching 9 points.",
    "Across all checkpoints, we notice that calibration degrades on the minority dialects.",
])
def test_observed_is_a_finding(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


def test_observed_theory_stays_theoretical(cues):
    s = "We find that the estimator is minimax optimal and that its regret bound is tight."
    assert claim_kind(cues, s, prior="theoretical") == "theoretical"


@pytest.mark.parametrize("sentence", [
    "We use a convolutional encoder that scales well to large images and a recurrent decoder.",
    "Graph neural networks scale gracefully to large graphs.",
])
def test_descriptions_and_background_are_not_claims(cues, sentence):
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None


@pytest.mark.parametrize("sentence", [
    "Recall is far more stable when the documents are short than when they are long.",
    "The benefit of pretraining appears only for the smallest label budgets.",
    "Compressed models generalize worse to rare dialects.",
])
def test_study_outcomes_without_a_result_verb(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None  # not before the paper speaks


@pytest.mark.parametrize("sentence", [
    "Our sampler keeps detailed balance by freezing the flow after warm-up.",  # a mechanism, not a result
    "The classic estimator can be viewed as a special case of ours with a fixed bandwidth.",
    "The method also extends to multiclass problems through a one-vs-rest reduction.",
])
def test_described_properties_are_not_claims(cues, sentence):
    assert claim_kind(cues, sentence, index=3, late=True, after_own=True) is None


@pytest.mark.parametrize("sentence", [
    "We show that the loss is minimized if and only if the two marginals coincide.",
    "We show that the cached decoder is exact: its samples follow the target distribution.",
    "We prove nothing new here, but show that the score identifies the graph up to its Markov equivalence class.",
    "We further show that the objective reduces to least squares when all weights are equal.",
    "We show that, in the small step size limit, the iterates follow a gradient flow on a smoothed loss.",
    "We show that gradient noise implicitly penalizes the sharpness of the solution on two-layer networks.",
])
def test_theory_kind_without_proof_words(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


def test_baselines_in_a_study_are_observed(cues):
    s = "Once every method is tuned with the same budget, simple linear baselines exceed the pretrained forecasters on most datasets."
    assert claim_kind(cues, s, study=True) == "finding"
    assert claim_kind(cues, s, study=False) == "empirical"
