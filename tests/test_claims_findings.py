"""Findings, on invented sentences: what an analysis or a study found (associations, explanations, where
errors concentrate, "we find / observe that ..."), studies that "benchmark / revisit / analyze X and find
/ show that ...", verdicts of a study or of the paper's own evidence ("Our results suggest that X is a
promising ..."), what an inspection or experiments show beyond a prediction; an intervention, a measured
outcome and a confirmed prediction stay empirical, a theory result stays theoretical."""
from __future__ import annotations

import pytest

from kg.extract.claims import classify_sentence
from kg.extract.cues import load_cues

from extraction_helpers import claim_kind


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
    "We find that accuracy drops by 12% when the questions are paraphrased.",
    "We also observe that the gap to human raters widens on longer dialogues, reaching 9 points.",
    "Across all checkpoints, we notice that calibration degrades on the minority dialects.",
])
def test_observed_is_a_finding(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


@pytest.mark.parametrize("sentence", [
    "Recall is far more stable when the documents are short than when they are long.",
    "The benefit of pretraining appears only for the smallest label budgets.",
    "Compressed models generalize worse to rare dialects.",
])
def test_study_outcomes_without_a_result_verb(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None  # not before the paper speaks


def test_baselines_in_a_study_are_observed(cues):
    s = "Once every method is tuned with the same budget, simple linear baselines exceed the pretrained forecasters on most datasets."
    assert claim_kind(cues, s, study=True) == "finding"
    assert claim_kind(cues, s, study=False) == "empirical"


@pytest.mark.parametrize("sentence", [
    "We benchmark seven watermarking schemes on three language models and find that none survives paraphrasing.",
    "We survey 250 robotics papers and find that fewer than 12% report failure cases.",
    "We audit the reward models used by four open pipelines, and observe that all of them favour longer answers.",
])
def test_study_and_find_is_a_finding(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


def test_study_and_show_stays_empirical(cues):
    sentence = "We evaluate the detector on four corpora and show that it outperforms perplexity filtering."
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "We revisit gradient clipping in federated training and show that its benefit comes from taming rare clients.",
    "We analyze the attention patterns of code models and show that they copy variable names from the prompt.",
    "We audit twelve public leaderboards and show that a third of the top entries were tuned on the test split.",
])
def test_study_and_show_is_a_finding(cues, sentence):
    assert claim_kind(cues, sentence) == "finding"


def test_study_and_show_with_theory_stays_theoretical(cues):
    sentence = "We study the sample complexity of the estimator and show that a lower bound of order d/ε² holds."
    assert claim_kind(cues, sentence) == "theoretical"


def test_evaluate_and_show_stays_empirical(cues):
    sentence = "We evaluate the planner on three robot arms and show that it outperforms sampling-based planners."
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "Our results call for reporting variance over seeds in every evaluation of continual learners.",
    "Our findings show that benchmark rankings of tokenizers are an unreliable guide to downstream quality.",
    "These results suggest that current evaluation suites for code agents reward memorisation.",
])
def test_verdicts_of_a_study_are_findings(cues, sentence):
    assert claim_kind(cues, sentence, study=True) == "finding"


def test_verdict_with_an_outcome_stays_empirical(cues):
    s = "Our results show that the pruned model outperforms the dense baseline on four benchmarks."
    assert claim_kind(cues, s, own=True) == "empirical"


@pytest.mark.parametrize("sentence", [
    "Our results suggest that curriculum ordering is a promising lever for small-model pretraining.",
    "Taken together, these findings indicate that sparse probes are a simple and cheap diagnostic for memorization.",
])
def test_verdicts_of_own_evidence_are_findings(cues, sentence):
    assert claim_kind(cues, sentence) == "finding"


@pytest.mark.parametrize("sentence", [
    "An analysis of the learned attention temperatures shows that the model sharpens its focus on rare tokens.",
    "Visualisations of the learned positional filters show that the encoder recovers the grid layout of the scene.",
])
def test_analysis_of_learned_parts_is_a_finding(cues, sentence):
    assert claim_kind(cues, sentence, own=True) == "finding"


@pytest.mark.parametrize("sentence, kind", [
    ("Attention maps (Fig. 4) show that the heads track the moving object.", "finding"),
    ("Probing classifiers indicate that syntax is encoded in the middle layers.", "finding"),
    ("Ablations show that the memory module accounts for most of the gain.", "finding"),
    ("An ablation shows that removing the memory module lowers recall by 6%.", "empirical"),
])
def test_what_an_inspection_shows_is_a_finding(sentence, kind):
    assert classify_sentence(sentence, 5, load_cues(), True, late=True, after_own=True)[0] == kind


@pytest.mark.parametrize("sentence", [
    "Simulations on random graphs confirm the predicted phase transition and show that it sharpens with the degree.",
    "Experiments with small CNNs confirm that the predicted ordering holds, and show that weight averaging leaves it unchanged.",
])
def test_what_experiments_show_beyond_a_prediction_is_a_finding(cues, sentence):
    assert claim_kind(cues, sentence, own=True) == "finding"


def test_confirming_a_prediction_alone_stays_empirical(cues):
    assert claim_kind(cues, "Experiments on ImageNet confirm the predicted scaling of the error.", own=True) == "empirical"


@pytest.mark.parametrize("sentence", [
    "Applying the probes to both maze suites reveals the consistent emergence of modules for each axis.",
    "The sweep reveals consistent patterns of forgetting across model sizes.",
])
def test_consistent_as_an_observation_is_no_theory(cues, sentence):
    assert claim_kind(cues, sentence) == "finding"


def test_a_consistent_estimator_is_still_theory(cues):
    assert claim_kind(cues, "We prove that the estimator is consistent and asymptotically normal.") == "theoretical"
