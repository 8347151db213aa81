"""Sentences that hold a proof and an experiment, or theory words in an experiment: a sentence led by
"we prove" / "we derive" is theoretical whatever experiments follow it; an opening that sets the
sentence in an experiment ("On the OGB benchmarks, the bound tracks ...") makes it empirical; "a
behaviour that we also observe in simulations" is no report of an observation; and a paper of proofs
that tests the algorithm it studies reports an experiment, not an observation."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind
from kg.extract import Extractor
from kg.records import Paper


@pytest.mark.parametrize("sentence", [
    "We prove that the test attains its nominal level under weak dependence, and show on four benchmarks that the empirical level stays close to it.",
    "Under mild conditions, we derive a generalization bound for the pruned network and confirm its trend in experiments on CIFAR-100.",
    "We first establish convergence of the relaxed scheme and then evaluate it on three control benchmarks.",
])
def test_a_sentence_led_by_a_proof_is_theoretical(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


@pytest.mark.parametrize("sentence", [
    # led by the experiment: the proof words are what was tested
    "Experiments on four benchmarks show that the test keeps its nominal level, as our theory predicts.",
    # a derivation that is no result: no theory cue, the outcome is measured
    "We derive a lightweight variant of the model and show that it outperforms the original on 5 datasets.",
])
def test_a_sentence_not_led_by_a_proof_stays_empirical(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


@pytest.mark.parametrize("sentence", [
    "On link prediction with OGB datasets, the bound tracks the measured generalization gap with a rank correlation of 0.64, while norm-based bounds do not.",
    "Empirically, the regret of the method grows far more slowly than the bound suggests.",
    "Across twelve simulation testbeds, the convergence of the learned controller is faster than that of the baseline.",
])
def test_an_experimental_opening_makes_theory_words_an_outcome(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "empirical"


@pytest.mark.parametrize("sentence", [
    # an opening without an experiment, and an experiment named beside a proof
    "For graphs drawn from smooth graphons, the bound decays at a rate independent of the graph size.",
    "On the positive side, the averaged iterates converge to an equilibrium at a polynomial rate.",
    "In simulations and in theory, we prove that the estimator is unbiased.",
])
def test_other_openings_keep_the_theory(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "theoretical"


def test_a_relative_clause_we_observe_is_no_observation_report(cues):
    s = ("The proof shows that the network first aligns with the relevant coordinates and then composes them, "
         "a staged dynamic that we also observe in simulations.")
    assert claim_kind(cues, s, prior="theoretical") == "theoretical"


@pytest.mark.parametrize("sentence", [
    "We also observe that the staged dynamic appears in deeper networks.",
    "As we observe in simulations, the staged dynamic appears in deeper networks.",
])
def test_what_we_observe_is_still_a_finding(cues, sentence):
    assert claim_kind(cues, sentence) == "finding"


THEORY_OF_AN_ESTIMATOR = (
    "Estimating treatment effects from observational data underlies personalised medicine. "
    "We study the X-learner with nuisance functions fitted by deep networks. "
    "We prove that the estimator attains the minimax rate up to logarithmic factors. "
    "The bound is tight, as a matching lower bound shows. "
    "On semi-synthetic benchmarks, the network-based X-learner has lower error than causal forests in 9 of 12 settings.")

STUDY_OF_MODELS = (
    "Speech recognisers are deployed on many accents. "
    "We evaluate seven recognisers on twelve accents. "
    "On the benchmarks we test, the best recogniser has higher error on 9 of 12 accents than on the standard one.")


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


def _kinds(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return {c.sentence.split()[0]: c.kind for c in ex.claims}


def test_an_experiment_in_a_paper_of_proofs_is_empirical(extractor):
    assert _kinds(extractor, THEORY_OF_AN_ESTIMATOR)["On"] == "empirical"


def test_an_outcome_measured_in_a_study_stays_a_finding(extractor):
    assert _kinds(extractor, STUDY_OF_MODELS)["On"] == "finding"
