"""Findings stated as observed trends and attributions, without "we find": "Curiously, ...",
"Contrary to common belief, ...", "saturates after", "peaks in", "grows with model size",
"matters most", "X, not Y, determines Z", "shapes A more than B", "..., suggesting that",
"specialise early", "are remarkably stable", "we recommend". Right after the paper's own work, a
sentence with a finding cue is the paper's observation even in the first half of the abstract;
"previous-token heads" is no reference to previous work."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind
from kg.extract.claims import classify_sentence


@pytest.mark.parametrize("sentence", [
    "Curiously, wider networks memorize fewer of the mislabeled examples.",
    "Contrary to common belief, label smoothing hurts the calibration of the largest models.",
    "Recall saturates after four retrieved passages for every reader we test.",
    "Syntactic information peaks in the lower layers of the speech encoder.",
    "The gap between the two probes grows with model size.",
    "The choice of tokenizer matters more than the choice of architecture.",
    "Data quality, not dataset size, determines the robustness of the fine-tuned models.",
    "The language of the prompt shapes the generated faces more than the occupation does.",
    "Freezing the embeddings slows the drop in loss, suggesting that later layers reuse early features.",
    "Copy heads specialise early, long before the loss plateau ends.",
    "The selected features are remarkably stable across random seeds.",
    "We therefore recommend reporting results over at least five seeds.",
])
def test_observed_trends_and_attributions_are_findings(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


def test_an_observation_right_after_the_study_is_a_claim(cues):
    sentence = "Calibration error peaks in the middle of training and recovers afterwards."
    assert classify_sentence(sentence, 2, cues, False, late=False, after_own=True)[0] == "finding"


def test_a_hyphenated_previous_is_no_background(cues):
    sentence = "Over 70% of previous-token heads acquire their role within the first 1% of training."
    assert classify_sentence(sentence, 2, cues, False, late=False, after_own=True, study=True)[0] == "finding"


@pytest.mark.parametrize("sentence", [
    "Scaling laws predict that loss saturates after a few epochs of repeated data.",
    "Curiously, previous methods ignore the order of the demonstrations.",
    "In prior work, accuracy peaks in the middle layers of encoder models.",
])
def test_the_same_words_in_the_background_make_no_claim(cues, sentence):
    assert classify_sentence(sentence, 1, cues, False, late=False, after_own=False)[0] is None


@pytest.mark.parametrize("sentence", [
    "Previous studies found that attention heads specialise early.",
    "Existing benchmarks, not real deployments, determine how detectors are tuned.",
])
def test_other_peoples_observations_after_the_papers_work_are_no_claims(cues, sentence):
    assert classify_sentence(sentence, 2, cues, False, late=False, after_own=True)[0] is None


@pytest.mark.parametrize("sentence", [
    "The encoder is trained first, and the decoder is added later.",
    "The router forms early exits for easy tokens.",
])
def test_descriptions_with_timing_words_are_no_findings(cues, sentence):
    assert claim_kind(cues, sentence) != "finding"


def test_an_observed_quantity_is_no_observation(cues):
    # right after the proposal, "the observed variance" describes the method
    sentence = "Its step size adapts to the observed variance of the gradients rather than to worst-case bounds."
    assert classify_sentence(sentence, 2, cues, False, late=False, after_own=True)[0] is None


def test_remarkably_opens_a_result_of_either_kind(cues):
    sentence = "Remarkably, 20 labeled examples per class are enough, and larger labeled sets bring no further benefit."
    assert claim_kind(cues, sentence) == "empirical"


def test_a_question_is_no_claim(cues):
    assert claim_kind(cues, "How many of these failures have been found before?") is None
