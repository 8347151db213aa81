"""Empirical claims, on invented sentences: measured outcomes stated without "we", a number or a verb
of improvement ("remains competitive", "transfers unchanged", "narrows the gap", "runs in seconds"),
comparisons run against other methods (also in a paper of proofs), a proposal that also beats a
baseline, "Applied to X, ..." outcomes, where an effect is largest, and measured times, sizes and
comparisons late in the abstract; what the method is given ("trained on more examples than ...") is no
result."""
from __future__ import annotations

import pytest

from kg.extract.claims import classify_sentence
from kg.extract.cues import load_cues

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


def test_an_intervention_in_a_study_stays_empirical(cues):
    s = "Zeroing these neurons removes the copying behaviour but leaves factual recall intact."
    assert claim_kind(cues, s, study=True) == "empirical"


def test_observations_as_data_are_no_finding_cue(cues):
    s = "The forecast error is unchanged with twice as many observations."
    assert claim_kind(cues, s) == "empirical"


@pytest.mark.parametrize("sentence", [
    "The communication overhead per round is unchanged.",
    "Inference latency is the same as for the unpruned network.",
    "There is no degradation on the in-distribution split.",
])
def test_measured_outcomes_are_empirical_in_a_theory_paper(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "empirical"


def test_outcomes_without_a_measured_quantity_take_the_papersclaim_kind(cues):
    assert claim_kind(cues, "The dependence on the horizon is unchanged.", prior="theoretical") == "theoretical"


@pytest.mark.parametrize("sentence", [
    "On sparse matrix benchmarks, the solver is 12 times faster than the interior-point baseline.",
    "With CT reconstructions, the estimator improves SSIM by 0.9 dB over filtered back-projection.",
    "On two web-search collections, the ranker raises NDCG by a visible margin over LambdaMART.",
    "The sketch answers a million queries two orders of magnitude faster than exact search.",
])
def test_measured_outcome_without_cue_is_empirical_in_a_theory_paper(cues, sentence):
    assert claim_kind(cues, sentence, own=True, prior="theoretical") == "empirical"


@pytest.mark.parametrize("sentence", [
    "On sparse logistic regression, the proximal variant converges faster than FISTA and SAGA.",
    "On image classification, our optimizer converges 2x faster than Adam.",
    "Simulations on a synthetic market show that our bandit attains lower cumulative regret than Thompson sampling.",
    "In a recommendation simulator, the sketched policy achieves smaller regret than LinUCB with a tenth of the memory.",
])
def test_practical_comparisons_are_empirical(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "empirical"


def test_proposal_that_beats_a_baseline_is_a_claim(cues):
    s = "We propose RouteNet, a sparse router that reuses expert caches and outperforms dense mixtures."
    assert claim_kind(cues, s, own=True, index=2, late=False) == "empirical"
    # the same proposal without a won comparison only announces a contribution
    assert claim_kind(cues, "We propose RouteNet, a sparse router that reuses expert caches.", own=True,
                 index=2, late=False) is None


def test_applied_opening_is_an_outcome(cues):
    s = "Applied to satellite imagery, it recovers field boundaries drawn by agronomists."
    assert claim_kind(cues, s) == "empirical"
    s2 = "Applied to ocean reanalysis data, the model uncovers seasonal modes of circulation."
    assert claim_kind(cues, s2, own=True) is not None
    # other people's methods applied to something: background
    s3 = "Applied to long videos, existing trackers drift after a few hundred frames."
    assert claim_kind(cues, s3, index=1, late=False, after_own=False) is None


@pytest.mark.parametrize("sentence", [
    "The whole pipeline runs in seconds on a laptop.",
    "Training the probe takes under five minutes on one GPU.",
])
def test_measured_running_time_is_a_result(cues, sentence):
    assert claim_kind(cues, sentence, own=True) == "empirical"


@pytest.mark.parametrize("sentence", [
    "Decoding a full page takes 35 ms on a laptop CPU.",
    "The compressed update of each device is under 4 KB.",
])
def test_a_measured_time_or_size_late_in_the_abstract_is_a_result(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "The improvement is largest for the longest documents.",
    "The reduction in peak memory is biggest for deep decoders.",
    "The speedup grows with the size of the vocabulary.",
    "The drop is strongest on images with heavy occlusion.",
])
def test_where_the_effect_is_largest_is_a_result(cues, sentence):
    assert claim_kind(cues, sentence) is not None


def test_more_inputs_than_is_no_result(cues):
    assert claim_kind(cues, "The student is trained on more labeled examples than the teacher.") is None
    assert claim_kind(cues, "The student reaches higher recall than the teacher.") == "empirical"


@pytest.mark.parametrize("sentence, kind", [
    ("We attribute most of the speed-up to the cached attention keys.", "finding"),
    ("Our samples also show lower variance than those of the teacher.", "empirical"),
    ("The calibration error drops by more than 4 points on the shifted split.", "empirical"),
    ("We derive a certificate that holds for every perturbation of bounded norm.", "theoretical"),
    ("Against consistency models, our sampler needs 30% fewer network calls.", "empirical"),
])
def test_result_cues(sentence, kind):
    assert classify_sentence(sentence, 5, load_cues(), True, late=True, after_own=True)[0] == kind


def test_a_measured_result_late_in_the_abstract_stays_a_claim():
    s = "With only 5% of the annotations, the detector recovers 90% of its full accuracy."
    assert classify_sentence(s, 5, load_cues(), False, late=True, after_own=True)[0] == "empirical"


def test_with_a_measured_comparison_stays_a_claim():
    s = "On the protein split, it predicts contacts with 12% lower error than the graph baseline."
    assert classify_sentence(s, 5, load_cues(), False, late=True, after_own=True)[0] == "empirical"
