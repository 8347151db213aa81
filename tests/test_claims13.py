"""claims13: results stated as properties (sufficiency, independence, tight bounds), associations and
concentrations found by analysis papers, proposals that also beat a baseline, "Applied to X, ..." outcomes,
and a "numerical solver" that is not the paper's own experiment."""
from __future__ import annotations

import pytest


from extraction_helpers import claim_kind




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
    "Associated with every node is a learnable gate.",  # no result: early, background-free description
    "These trends hold for the smallest model only.",  # scope of a result, not a result across settings
])
def test_not_claims_early(cues, sentence):
    assert claim_kind(cues, sentence, index=1, late=False, after_own=False) is None


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


def test_numerical_solver_is_not_own_work(cues):
    s = "Neural operators reduce solve times but still rely on a numerical solver for training data."
    assert claim_kind(cues, s, index=1, late=False, after_own=False) is None
    # numerical evidence of the paper's own is
    assert claim_kind(cues, "Numerical evidence confirms the predicted phase transition.", index=1, late=False,
                 after_own=False) is not None


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
