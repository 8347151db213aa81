"""Theoretical claims, on invented sentences: results proven without "we" (hardness, rates, minimax
optimality), theory stated as a property ("is geometrically ergodic", "suffices", "is tight up to a
constant"), what "we show that" shows when it is a formal property (a measured outcome stays empirical),
proven comparisons, rates of decay, impossibility and contraction, and "empirical risk" as a term of
theory. Results stated as properties are checked beside what analyses found, which stays a finding."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind


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
    "The chain is geometrically ergodic under mild conditions.",
    "The proposed readout is as expressive as the 3-WL test on bounded-degree graphs.",
    "The number of queries can be exponentially smaller than the size of the hypothesis class.",
])
def test_theory_stated_as_a_property(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "theoretical"


@pytest.mark.parametrize("sentence, kind", [
    # properties proven of the method, without "we"
    ("A sketch of logarithmic size suffices to answer every reachability query.", "theoretical"),
    ("The error of the sampler does not depend on the mixing time of the chain.", "theoretical"),
    ("The resulting regret bound is tight up to a constant factor.", "theoretical"),
    # what an analysis found
    ("Across checkpoints, shorter prompts are associated with fewer factual errors.", "finding"),
    ("Syntactic information is concentrated in a handful of middle layers.", "finding"),
    ("Interestingly, the learned codebook separates vowels from consonants.", "finding"),
    ("Linear probes are competitive only when the labelled set is small.", "finding"),
    ("The improvements hold consistently across all four languages.", "empirical"),
])
def test_property_and_analysis_results(cues, sentence, kind):
    prior = "theoretical" if kind == "theoretical" else "empirical"
    got = claim_kind(cues, sentence, prior=prior)
    assert got is not None
    assert got == kind or (kind == "finding" and got in ("finding", "empirical"))


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


def test_observed_theory_stays_theoretical(cues):
    s = "We find that the estimator is minimax optimal and that its regret bound is tight."
    assert claim_kind(cues, s, prior="theoretical") == "theoretical"


@pytest.mark.parametrize("sentence", [
    "We prove that the method converges faster than gradient descent under strong convexity.",
    "Our algorithm attains a regret bound of O(√T) that is tight up to logarithmic factors.",
])
def test_proven_comparisons_stay_theoretical(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


def test_rate_of_decay_is_a_result(cues):
    sentence = "The plug-in estimator is consistent and its bias decays at a polynomial rate in the sample size."
    assert claim_kind(cues, sentence) == "theoretical"


def test_a_rate_governed_by_a_quantity_is_no_finding_cue(cues):
    s = "We prove that the mixing rate is governed by the spectral gap of the graph."
    assert claim_kind(cues, s) == "theoretical"


def test_a_theory_result_early_after_the_proposal_is_a_claim(cues):
    s = "The estimator attains a rate of n^-1/3 under a monotonicity constraint."
    assert claim_kind(cues, s, index=3, late=False, after_own=True) == "theoretical"
    assert claim_kind(cues, s, index=3, late=False, after_own=False) is None


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
