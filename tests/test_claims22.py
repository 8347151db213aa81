"""claims22: a measured outcome with no kind cue ("is 12 times faster", "improves SSIM by 0.9 dB") is
empirical even in a paper of proofs; a study's plain findings ("the advantage disappears once ...",
"X remains more accurate on ...", "X is the most robust model") and verdicts that question or reconcile
earlier work ("These results call into question ...") are claims."""
from __future__ import annotations

import pytest


from extraction_helpers import claim_kind


@pytest.mark.parametrize("sentence", [
    "On sparse matrix benchmarks, the solver is 12 times faster than the interior-point baseline.",
    "With CT reconstructions, the estimator improves SSIM by 0.9 dB over filtered back-projection.",
    "On two web-search collections, the ranker raises NDCG by a visible margin over LambdaMART.",
    "The sketch answers a million queries two orders of magnitude faster than exact search.",
])
def test_measured_outcome_without_cue_is_empirical_in_a_theory_paper(cues, sentence):
    assert claim_kind(cues, sentence, own=True, prior="theoretical") == "empirical"


@pytest.mark.parametrize("sentence", [
    "The robustness gap between the two families disappears once both are trained on the same data.",
    "Convolutional backbones remain more accurate on images with heavy texture.",
    "Among the detectors we test, the entropy-based score is the most reliable under label shift.",
    "The smallest model has the best calibration on out-of-domain prompts.",
    "These findings call into question the use of attention weights as explanations.",
    "Our results reconcile two apparently conflicting accounts of double descent.",
])
def test_study_plain_finding_is_a_claim(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


@pytest.mark.parametrize("sentence", [
    "Transformers remain the most common backbone for language modelling.",
    "Data augmentation is the most common remedy for overfitting in small-sample regimes.",
    "Our method builds on a sketch that answers queries in constant time.",
])
def test_background_or_description_is_not_a_claim(cues, sentence):
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None


@pytest.mark.parametrize("sentence", [
    "An analysis of the learned attention temperatures shows that the model sharpens its focus on rare tokens.",
    "Visualisations of the learned positional filters show that the encoder recovers the grid layout of the scene.",
])
def test_analysis_of_learned_parts_is_a_finding(cues, sentence):
    assert claim_kind(cues, sentence, own=True) == "finding"


@pytest.mark.parametrize("sentence", [
    "Simulations on random graphs confirm the predicted phase transition and show that it sharpens with the degree.",
    "Experiments with small CNNs confirm that the predicted ordering holds, and show that weight averaging leaves it unchanged.",
])
def test_what_experiments_show_beyond_a_prediction_is_a_finding(cues, sentence):
    assert claim_kind(cues, sentence, own=True) == "finding"


def test_confirming_a_prediction_alone_stays_empirical(cues):
    assert claim_kind(cues, "Experiments on ImageNet confirm the predicted scaling of the error.", own=True) == "empirical"


@pytest.mark.parametrize("sentence", [
    "Decoding a full page takes 35 ms on a laptop CPU.",
    "The compressed update of each device is under 4 KB.",
])
def test_a_measured_time_or_size_late_in_the_abstract_is_a_result(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


def test_an_amount_of_data_is_not_a_result(cues):
    assert claim_kind(cues, "The encoder is pretrained on 900 hours of unlabelled speech.") is None


def test_a_rate_in_hertz_is_a_value():
    from kg.extract.claims import find_values
    s = "The controller runs at 2 kHz on one GPU."
    assert [s[a:b] for a, b in find_values(s)] == ["2 kHz"]
