"""claims18: "we show that" read by what is shown (a formal property is a proven result, a measured
outcome an experiment), "we revisit/analyze X and show that ..." as a finding of a study, measured
running times ("runs in seconds") as results (a complexity, "runs in linear time", stays a description:
see test_claims11), "empirical risk" as a theory term."""
from __future__ import annotations

import pytest


from extraction_helpers import claim_kind


@pytest.mark.parametrize("sentence", [
    "We show that the importance-weighted critic is an unbiased estimate of the return under any behaviour policy.",
    "We also show that the pooled representation is invariant to permutations of the input set.",
    "We show that the calibrated loss is a proper scoring rule for the event probability.",
    "We further show that the encoder separates graphs that the 1-WL test cannot tell apart.",
    "We show that the clipped mechanism satisfies (ε, δ)-DP for every client and that its noise does not depend on the width.",
    "We show that the relabelled reward preserves the optimal policy of the original task.",
    "We show that ignoring the delays can inflate the error by an arbitrarily large factor.",
    "We show that the greedy schedule minimizes the expected waiting time among all feasible schedules.",
    "We further show that the control variate reduces the variance of the gradient estimator on every iteration.",
])
def test_shown_formal_property_is_theoretical(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


def test_shown_exact_recovery_beats_achieves(cues):
    sentence = "We show that the spectral method achieves exact recovery as soon as the signal exceeds the threshold."
    assert claim_kind(cues, sentence) == "theoretical"


@pytest.mark.parametrize("sentence", [
    "We show that the distilled student outperforms its teacher on four of the six tasks.",
    "We also show that the adapter transfers to unseen languages with a 12% gain in accuracy.",
])
def test_shown_measured_outcome_stays_empirical(cues, sentence):
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
    "The whole pipeline runs in seconds on a laptop.",
    "Training the probe takes under five minutes on one GPU.",
])
def test_measured_running_time_is_a_result(cues, sentence):
    assert claim_kind(cues, sentence, own=True) == "empirical"


def test_complexity_stays_a_description(cues):
    assert claim_kind(cues, "The sampler runs in near-linear time in the number of particles.", own=True) is None


def test_empirical_risk_is_no_experiment(cues):
    sentence = "We prove that the excess empirical risk of the private estimator scales with the rank."
    assert claim_kind(cues, sentence) == "theoretical"
    assert cues.empirical.search("excess empirical risk") is None
    assert cues.empirical.search("an empirical study") is not None


@pytest.mark.parametrize("sentence", [
    "We analyze message passing on regular graphs and show that mean aggregation cannot distinguish two of the motifs.",
    "We study the linearized dynamics and show that the residual map contracts exponentially in depth.",
])
def test_impossibility_and_contraction_are_theory(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


@pytest.mark.parametrize("sentence", [
    "The improvement is largest for the longest documents.",
    "The reduction in peak memory is biggest for deep decoders.",
    "The speedup grows with the size of the vocabulary.",
    "The drop is strongest on images with heavy occlusion.",
])
def test_where_the_effect_is_largest_is_a_result(cues, sentence):
    assert claim_kind(cues, sentence) is not None
