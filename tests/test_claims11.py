"""claims11: result sentences without "we" or a number (unchanged, on par, no degradation, hardness, rates),
findings of analysis papers, and sentences that only look like results."""
from __future__ import annotations

import pytest

from kg.extract.claims import find_values

from extraction_helpers import claim_kind




@pytest.mark.parametrize("sentence", [
    # outcomes stated without a verb of improvement
    "The inference latency is essentially unchanged.",
    "The detector transfers unchanged to thermal imagery.",
    "On the harder split, the tagger remains competitive with supervised parsers.",
    "The compressed model performs on par with the dense teacher on all six corpora.",
    "The sparse variant performs the same as the full model on retrieval.",
    "The planner is as accurate as exhaustive search on small maps.",
    "There is no measurable degradation on the source languages.",
    "Peak memory scales linearly with the number of agents.",
    "Word error rate is within 0.4 points of the cascaded system.",
    "Inference needs 8 denoising passes instead of 64.",
    "On out-of-domain accents, the gains remain.",
    "The ranking is stable across random seeds.",
    "Pruning the adapter leaves the base model's skills intact.",
    "Simulated learning curves match the predicted plateau length.",
])
def test_outcomes_without_we_are_empirical_claims(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "Exact inference in this family is NP-hard even for trees of depth three.",
    "Computing a stationary point of the game is PPAD-complete.",
    "Without a margin condition, such thresholds cannot be learned from finitely many samples.",
    "The resulting test is minimax optimal over Hölder classes.",
    "The sampler enjoys a mixing time bound that is linear in the dimension.",
    "In the noiseless case, the scheme admits a convergence rate of order one over t.",
])
def test_theoretical_results_without_we(cues, sentence):
    assert claim_kind(cues, sentence, prior="empirical") == "theoretical"


@pytest.mark.parametrize("sentence", [
    "Classifiers rely on lexical overlap far more than on entailment structure.",
    "Detectors rely heavily on spurious watermark artifacts.",
    "Accuracy collapses when the prompt order is reversed.",
    "Chain-of-thought prompting does not reduce the position bias.",
    "The bias persists after reinforcement learning from human feedback.",
    "Arithmetic skill emerges abruptly at a critical data size.",
    "The gap is largely explained by tokenization of rare numbers.",
    "Larger encoders are more sensitive to label noise, not less.",
    "The advantage of pretraining vanishes when labels are abundant.",
])
def test_findings_of_analysis_papers(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


def test_an_intervention_in_a_study_stays_empirical(cues):
    s = "Zeroing these neurons removes the copying behaviour but leaves factual recall intact."
    assert claim_kind(cues, s, study=True) == "empirical"


def test_a_theory_result_early_after_the_proposal_is_a_claim(cues):
    s = "The estimator attains a rate of n^-1/3 under a monotonicity constraint."
    assert claim_kind(cues, s, index=3, late=False, after_own=True) == "theoretical"
    assert claim_kind(cues, s, index=3, late=False, after_own=False) is None


@pytest.mark.parametrize("sentence", [
    # background, setup and questions are no results
    "It is widely believed that deeper networks generalize better.",
    "We ask whether retrieval errors remain harmful after instruction tuning.",
    "The encoder is kept unchanged during adaptation.",
    "Our method scales linearly in the number of candidates and needs no heuristics.",
])
def test_not_claims(cues, sentence):
    assert claim_kind(cues, sentence, study=True) is None


def test_observations_as_data_are_no_finding_cue(cues):
    s = "The forecast error is unchanged with twice as many observations."
    assert claim_kind(cues, s) == "empirical"


@pytest.mark.parametrize("sentence, expected", [
    ("The agent finishes within 3.5 turns on average.", ["3.5 turns"]),
    ("It converges in 120 iterations and 9 rounds of communication.", ["120 iterations", "9 rounds"]),
])
def test_count_units_are_values(sentence, expected):
    assert [sentence[a:b] for a, b in find_values(sentence)] == expected


@pytest.mark.parametrize("sentence", [
    "We show that the proposed kernel is strictly more expressive than 2-WL on planar graphs.",
    "We show that the sampler leaves the target invariant and is geometrically ergodic.",
    "We show that the tempered chain satisfies detailed balance for every schedule.",
    "We show that the pruned network keeps its margin with high probability.",
    "We show that, under a linearized model, the adapter incurs no interference.",
    "We show that the listwise loss recovers the pairwise one as a special case.",
    "We show that the reweighted estimator is unbiased for any behaviour policy.",
])
def test_theory_properties_are_theoretical(cues, sentence):
    assert claim_kind(cues, sentence, own=True) == "theoretical"


@pytest.mark.parametrize("sentence", [
    "We show that the regression is caused by stale normalization statistics.",
    "We show that most of the speed-up stems from caching rather than from sparsity.",
    "We show that data filtering accounts for most of the improvement.",
    "We show that leaderboard accuracy overstates the robustness of these detectors.",
    "We show that all models perform near chance on counting questions.",
    "We show that gradient noise early in training is predictive of final accuracy.",
])
def test_explanations_are_findings(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


def test_a_rate_governed_by_a_quantity_is_no_finding_cue(cues):
    s = "We prove that the mixing rate is governed by the spectral gap of the graph."
    assert claim_kind(cues, s) == "theoretical"


@pytest.mark.parametrize("sentence", [
    "The pretrained encoder transfers to depth estimation without further tuning.",
    "The learned policies also transfer across robot morphologies.",
    "With two steps, the student produces samples of quality comparable to the teacher.",
    "The sparse model is competitive with dense retrievers on every domain.",
    "Peak memory is the same as that of standard fine-tuning.",
    "Indexing a million documents takes under three minutes on one GPU.",
    "The distilled ranker achieves higher recall at 10 than the cross-encoder.",
    "The filter lowers the toxicity rate on both dialogue corpora.",
    "Synthetic experiments illustrate the theory.",
    "The method produces samples within one point of the teacher's score.",
])
def test_more_outcomes_are_claims(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "This analysis explains why larger batches need longer warmup.",
    "Models are close to chance on questions about occluded objects.",
    "Few-shot prompting hurts on arithmetic word problems.",
    "Our results caution against using perplexity as a proxy for faithfulness.",
    "The errors are concentrated in the first decoding steps.",
    "Prompt wording has little effect once the examples are fixed.",
])
def test_more_findings(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


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
    "The communication overhead per round is unchanged.",
    "Inference latency is the same as for the unpruned network.",
    "There is no degradation on the in-distribution split.",
])
def test_measured_outcomes_are_empirical_in_a_theory_paper(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "empirical"


def test_outcomes_without_a_measured_quantity_take_the_papersclaim_kind(cues):
    assert claim_kind(cues, "The dependence on the horizon is unchanged.", prior="theoretical") == "theoretical"


def test_more_inputs_than_is_no_result(cues):
    assert claim_kind(cues, "The student is trained on more labeled examples than the teacher.") is None
    assert claim_kind(cues, "The student reaches higher recall than the teacher.") == "empirical"
