"""Result sentences without "outperforms" or "we find": experiments that agree with a prediction
("are consistent with the predicted rates", "display the same transition"), a remedy that restores a
measure, a method "less sensitive to" its settings, where the gains of a method are concentrated
(empirical), and findings worded as causes ("stems mostly from", "which we trace to", "is dominated
by", "disproportionately")."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind
from kg.extract.claims import classify_sentence


@pytest.mark.parametrize("sentence", [
    "Numerical experiments on quadratic games are consistent with the predicted rates.",
    "Simulations with random features track the predicted inverse square-root scaling.",
    "Experiments with small ResNets on a noisy version of CIFAR-10 display the same phase transition.",
    "Clipping the importance weights restores coverage at a small cost in interval length.",
    "The tokenizer-free model is also less sensitive to spelling noise than its subword counterpart.",
])
def test_experimental_outcomes_without_a_verb_of_winning(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "The improvement is concentrated in levels with many moving enemies.",
    "The gains of the adapter are largest on low-resource languages.",
])
def test_where_the_gains_are_is_empirical(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "The errors are concentrated in the first decoding steps.",
    "The benefit stems mostly from retaining rare classes, which the filter undervalues.",
    "Under heavy shift, all methods undercover, which we trace to a few extreme density ratios.",
    "Timeouts are dominated by calls to deprecated functions that the model memorized.",
    "Recurring features are disproportionately frequent in the training corpus.",
])
def test_causes_and_concentrations_are_findings(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


@pytest.mark.parametrize("sentence", [
    "Training restores the weights of the pretrained model after each task.",
    "Its runtime is dominated by the cost of the attention layers.",
    "Such filters are less sensitive to outliers but need more data.",
])
def test_descriptions_and_background_with_these_words_are_no_claims(cues, sentence):
    assert classify_sentence(sentence, 1, cues, False, late=False, after_own=False)[0] is None


def test_a_restored_part_of_a_model_is_no_result(cues):
    assert claim_kind(cues, "Training restores the weights of the pretrained model after each task.") is None
