"""Theory results stated as properties rather than with a proof verb: a stated complexity ("the
number of oracle calls scales polynomially with ..."; its kind is the paper's), an estimator that "is unbiased" or whose variance "is never larger than",
a condition that "is also necessary" (or two models "we construct" that no data tell apart), an accountant or relaxation that "is tight", "the parametric
rate", "we establish the well-posedness of ...". "We characterize the expressive power of X" only
announces an analysis. An opening "In simulated X," sets theory words in an experiment (empirical)."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind
from kg.extract.claims import classify_sentence


@pytest.mark.parametrize("sentence", [
    "The number of oracle calls scales polynomially with the dimension and the inverse accuracy.",
    "The estimator is unbiased whenever the logging policy has full support.",
    "The condition is also necessary: without it, two reward functions induce the same demonstrations.",
    "The assumption is also necessary: we construct two models that induce the same observed distribution.",
    "Our relaxation is tight: every fractional solution it returns can be rounded without loss.",
    "Consequently, the excess risk decreases at the parametric rate even in high dimension.",
])
def test_properties_of_the_papers_objects_are_theory(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "theoretical"


def test_a_stated_complexity_right_after_the_proposal_is_a_claim(cues):
    sentence = "The cost of solving the resulting program scales linearly with the planning horizon."
    assert classify_sentence(sentence, 2, cues, False, late=False, after_own=True, prior="theoretical")[0] == "theoretical"


@pytest.mark.parametrize("sentence", [
    "We establish the well-posedness of the control problem and develop a solver for it.",
    "We then establish the existence of an equilibrium and propose a method that finds it.",
])
def test_establishing_a_property_is_a_result(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


def test_its_variance_never_larger_is_a_result(cues):
    sentence = "Its variance is never larger than that of the inverse propensity estimator."
    assert claim_kind(cues, sentence) is not None


def test_a_simulated_setting_makes_theory_words_measured(cues):
    sentence = "In simulated inventory control, the regret of our policy grows far more slowly than that of UCRL2."
    assert claim_kind(cues, sentence, prior="theoretical") == "empirical"


@pytest.mark.parametrize("sentence", [
    "We characterize the task as a two-player zero-sum game.",
    "We characterize the expressive power of linear recurrences on formal languages.",
    "We propose an unbiased estimator of the gradient of the expected reward.",
    "The two modules are in tight integration with the planner.",
])
def test_framings_announcements_and_other_senses_are_no_claims(cues, sentence):
    assert claim_kind(cues, sentence) is None


def test_a_method_that_scales_is_no_stated_complexity(cues):
    # a description of the method, as in the existing convention ("Our method scales linearly in ...")
    assert claim_kind(cues, "The planner scales linearly with the number of obstacles and needs no tuning.") is None


@pytest.mark.parametrize("sentence", [
    "The cost of self-attention scales quadratically with the sequence length.",
    "Classical importance sampling is unbiased but has high variance.",
])
def test_background_properties_are_no_claims(cues, sentence):
    assert classify_sentence(sentence, 1, cues, False, late=False, after_own=False)[0] is None
