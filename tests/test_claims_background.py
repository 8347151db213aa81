"""Sentences that are no claims, on invented sentences: background and other people's work ("It is
widely believed ...", "Existing estimators improve on this rate ...", "earlier" as an adjective of
others' work), setup (an amount of data, a share of the annotations, a numerical solver others rely
on), descriptions of a method's cost and properties ("runs in linear time", "can be viewed as a special
case"), bare proposals, questions and pointers to figures; a result compared with earlier work is no
background."""
from __future__ import annotations

import pytest

from kg.extract.claims import classify_sentence
from kg.extract.cues import load_cues

from extraction_helpers import claim_kind


@pytest.mark.parametrize("sentence", [
    # background, setup and questions are no results
    "It is widely believed that deeper networks generalize better.",
    "We ask whether retrieval errors remain harmful after instruction tuning.",
    "The encoder is kept unchanged during adaptation.",
    "Our method scales linearly in the number of candidates and needs no heuristics.",
])
def test_not_claims(cues, sentence):
    assert claim_kind(cues, sentence, study=True) is None


@pytest.mark.parametrize("sentence", [
    "Associated with every node is a learnable gate.",  # no result: early, background-free description
    "These trends hold for the smallest model only.",  # scope of a result, not a result across settings
])
def test_not_claims_early(cues, sentence):
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None


@pytest.mark.parametrize("sentence", [
    "We use a convolutional encoder that scales well to large images and a recurrent decoder.",
    "Graph neural networks scale gracefully to large graphs.",
])
def test_descriptions_and_background_are_not_claims(cues, sentence):
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None


@pytest.mark.parametrize("sentence", [
    "Transformers remain the most common backbone for language modelling.",
    "Data augmentation is the most common remedy for overfitting in small-sample regimes.",
    "Our method builds on a sketch that answers queries in constant time.",
])
def test_background_or_description_is_not_a_claim(cues, sentence):
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None


@pytest.mark.parametrize("sentence", [
    "Sparse probes are a promising tool for interpretability.",
    "We propose a simple and cheap diagnostic for memorization.",
])
def test_background_and_bare_proposals_are_not_claims(cues, sentence):
    assert claim_kind(cues, sentence) is None


@pytest.mark.parametrize("sentence, background", [
    ("Unlike earlier methods, it needs no replay buffer.", True),
    ("An earlier version of this estimator was biased.", True),
    ("The phase transition occurs earlier when the width grows.", False),
    ("Our sampler converges earlier than annealed Langevin dynamics.", False),
    ("Features from earlier layers carry most of the signal.", False),
    ("Training stops earlier, at a third of the budget.", False),
])
def test_earlier_is_background_only_as_an_adjective_of_others_work(sentence, background):
    from kg.extract.cues import fold, load_cues
    assert (load_cues().background.search(fold(sentence)) is not None) == background


def test_result_compared_with_earlier_work_is_not_background(cues):
    assert claim_kind(cues, "This sharpens the previous bound by a logarithmic factor.", prior="theoretical") == "theoretical"
    assert claim_kind(cues, "The screen yields 31 hits, a rate higher than previously reported for this target.") \
        == "empirical"
    # speaking of others' work first stays background
    assert claim_kind(cues, "Existing estimators improve on this rate only under strong assumptions.") is None


def test_numerical_solver_is_not_own_work(cues):
    s = "Neural operators reduce solve times but still rely on a numerical solver for training data."
    assert claim_kind(cues, s, index=1, late=False, after_own=False) is None
    # numerical evidence of the paper's own is
    assert claim_kind(cues, "Numerical evidence confirms the predicted phase transition.", index=1, late=False,
                 after_own=False) is not None


def test_an_amount_of_data_is_not_a_result(cues):
    assert claim_kind(cues, "The encoder is pretrained on 900 hours of unlabelled speech.") is None


@pytest.mark.parametrize("sentence", [
    "We pre-train the encoder for 100 epochs with a cosine schedule and 10% warmup.",
    "Scores are averaged over 5 seeds and reported with 90% confidence bands.",
    "We fine-tune the detector on COCO with 25% of the box annotations.",
])
def test_a_setup_sentence_with_a_percentage_is_no_claim(sentence):
    assert classify_sentence(sentence, 5, load_cues(), False, late=True, after_own=True)[0] is None


@pytest.mark.parametrize("sentence", [
    # descriptions of a method's cost and properties are no results
    "The module adds negligible overhead and is compatible with any optimizer.",
    "The layer runs in linear time in the sequence length.",
    "The verifier is lossless and works with any draft model.",
    "It raises the question of how to evaluate open-ended agents.",
])
def test_properties_and_questions_are_no_claims(cues, sentence):
    assert claim_kind(cues, sentence) is None


@pytest.mark.parametrize("sentence", [
    "Our sampler keeps detailed balance by freezing the flow after warm-up.",  # a mechanism, not a result
    "The classic estimator can be viewed as a special case of ours with a fixed bandwidth.",
    "The method also extends to multiclass problems through a one-vs-rest reduction.",
])
def test_described_properties_are_not_claims(cues, sentence):
    assert claim_kind(cues, sentence, index=3, late=True, after_own=True) is None


def test_complexity_stays_a_description(cues):
    assert claim_kind(cues, "The sampler runs in near-linear time in the number of particles.", own=True) is None


@pytest.mark.parametrize("sentence", [
    "Qualitative examples are shown in Fig. 5.",
    "Additional results are reported in the appendix.",
    "Full proofs are deferred to the supplementary material, and hyperparameters are listed in Table 7.",
])
def test_a_pointer_to_a_figure_is_no_claim(sentence):
    assert classify_sentence(sentence, 6, load_cues(), True, late=True, after_own=True)[0] is None
