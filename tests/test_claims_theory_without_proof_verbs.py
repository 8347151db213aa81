"""Theory results stated without "we prove": an asymptotic rate after the paper's own work, "up to
log factors", an exponential separation, an assumption removed, a factor given as a formula, a
dependence "on A rather than B", "As a consequence, ...", counterexamples constructed, and "the
resulting" bound or dynamics as the paper's own; the cost of running a method ("O(n) memory") and
background that uses the same words stay out."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind
from kg.extract.claims import classify_sentence


@pytest.mark.parametrize("sentence", [
    r"Without tuning, the method reaches an $\epsilon$-stationary point within $O(\epsilon^{-3})$ gradient queries.",
    r"The excess loss of the averaged iterate is $\tilde{\mathcal{O}}(1/\sqrt{nT})$ for any step size below $1/L$.",
    "The number of rounds needed is Õ(d/ε²), independently of the number of arms.",
    r"Any learner needs $\Omega(k \log n)$ labelled examples in the worst case.",
])
def test_an_asymptotic_rate_after_own_work_is_a_theory_claim(cues, sentence):
    # naming the paper's method early on, or anywhere in the second half
    assert claim_kind(cues, sentence, own=True, late=False, prior="theoretical") == "theoretical"
    assert claim_kind(cues, sentence, prior="theoretical") == "theoretical"


@pytest.mark.parametrize("sentence", [
    "The decoder keeps O(n) memory in the sequence length.",
    r"Each update costs $O(d^2)$ time per step, like a Kalman filter.",
    "The sketch stores O(k log n) parameters per layer.",
])
def test_the_cost_of_running_a_method_is_no_claim(cues, sentence):
    assert claim_kind(cues, sentence) is None


def test_an_asymptotic_rate_in_background_is_no_claim(cues):
    s = r"Standard analyses of this estimator give errors of $\tilde{O}(d\sqrt{T})$ only."
    assert classify_sentence(s, 1, cues, False, late=False, after_own=False)[0] is None


@pytest.mark.parametrize("sentence", [
    "This matches the complexity of the best tuned method up to a logarithmic factor.",
    "The upper and lower bounds differ only by a constant factor.",
    "The two regimes are separated by only a logarithmic factor in the margin.",
    "The gap between shallow and deep learners is exponential in the number of layers, so the separation is exponential in depth.",
])
def test_log_and_constant_factors_and_separations_are_theory(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


@pytest.mark.parametrize("sentence", [
    "Our analysis replaces the bounded-variance condition with a weaker moment assumption.",
    "We give a refined analysis that removes the strong monotonicity assumption.",
    "The argument dispenses with the realizability assumption used in earlier work.",
])
def test_an_assumption_removed_is_a_theory_claim(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


@pytest.mark.parametrize("sentence", [
    r"Batching the updates costs only a factor of $\sqrt{B}$ in the leading term.",
    "Notably, the rate depends on the intrinsic dimension of the data rather than on the ambient one.",
    r"As a consequence, the $\ell_1$-regularized solution is supported on at most $n$ features.",
    "It follows that every stable matching is reachable by the proposed dynamics.",
])
def test_theory_statements_without_result_verbs_are_claims(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "theoretical"


def test_counterexamples_constructed_are_a_result_not_a_proposal(cues):
    s = "The joint dynamics need not converge, and we construct instances with two players where play cycles forever."
    assert claim_kind(cues, s, prior="theoretical") == "theoretical"


def test_the_resulting_bound_is_the_papers_own(cues):
    s = r"The resulting guarantee is tighter by a factor of $\sqrt{T}$ than existing bounds."
    assert classify_sentence(s, 3, cues, False, late=False, after_own=True)[0] == "theoretical"


@pytest.mark.parametrize("sentence", [
    "The resulting objective is optimized with Adam and a cosine schedule.",
    "We construct the graph from nearest neighbours in the embedding space.",
    "Next, the resulting segments are clustered to obtain a codebook of segment types.",
])
def test_descriptions_with_the_same_words_are_no_claims(cues, sentence):
    assert classify_sentence(sentence, 2, cues, False, late=False, after_own=True)[0] is None


@pytest.mark.parametrize("sentence", [
    "Prior analyses of this sampler are tight only up to logarithmic factors.",
    "Existing methods remove the independence assumption at the cost of a slower rate.",
    "As a consequence, practitioners tune the step size by hand.",
])
def test_background_with_theory_words_is_no_claim(cues, sentence):
    assert classify_sentence(sentence, 1, cues, False, late=False, after_own=False)[0] is None
