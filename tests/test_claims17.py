"""claims17: comparisons of convergence or regret run against other methods (empirical), studies that
"evaluate X and find that ..." (findings), and verdicts of the paper's own evidence ("Our results suggest
that X is a promising ...") kept as findings."""
from __future__ import annotations

import pytest


from extraction_helpers import claim_kind




@pytest.mark.parametrize("sentence", [
    "On sparse logistic regression, the proximal variant converges faster than FISTA and SAGA.",
    "On image classification, our optimizer converges 2x faster than Adam.",
    "Simulations on a synthetic market show that our bandit attains lower cumulative regret than Thompson sampling.",
    "In a recommendation simulator, the sketched policy achieves smaller regret than LinUCB with a tenth of the memory.",
])
def test_practical_comparisons_are_empirical(cues, sentence):
    assert claim_kind(cues, sentence, prior="theoretical") == "empirical"


@pytest.mark.parametrize("sentence", [
    "We prove that the method converges faster than gradient descent under strong convexity.",
    "Our algorithm attains a regret bound of O(√T) that is tight up to logarithmic factors.",
])
def test_proven_comparisons_stay_theoretical(cues, sentence):
    assert claim_kind(cues, sentence) == "theoretical"


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
    "Our results suggest that curriculum ordering is a promising lever for small-model pretraining.",
    "Taken together, these findings indicate that sparse probes are a simple and cheap diagnostic for memorization.",
])
def test_verdicts_of_own_evidence_are_findings(cues, sentence):
    assert claim_kind(cues, sentence) == "finding"


@pytest.mark.parametrize("sentence", [
    "Sparse probes are a promising tool for interpretability.",
    "We propose a simple and cheap diagnostic for memorization.",
])
def test_background_and_bare_proposals_are_not_claims(cues, sentence):
    assert claim_kind(cues, sentence) is None


def test_rate_of_decay_is_a_result(cues):
    sentence = "The plug-in estimator is consistent and its bias decays at a polynomial rate in the sample size."
    assert claim_kind(cues, sentence) == "theoretical"


@pytest.mark.parametrize("text, first", [
    ("The router beats top-k routing in every MoE. We also study its load.", "The router beats top-k routing in every MoE."),
    ("It outperforms EWC and LwF. On ImageNet-R the gap is larger.", "It outperforms EWC and LwF."),
    ("It also transfers to ImageNet-C. Ablations confirm this.", "It also transfers to ImageNet-C."),
])
def test_sentence_ends_after_a_mixed_case_name(text, first):
    from kg.extract.components import build_nlp
    doc = build_nlp()(text)
    a, b = doc._.kg_sents[0]
    assert text[a:b] == first and len(doc._.kg_sents) == 2


def test_degrees_stay_inside_a_sentence():
    from kg.extract.components import build_nlp
    text = "Annotators with a Ph.D. Degree in chemistry agree more often."
    assert len(build_nlp()(text)._.kg_sents) == 1
