"""Sentence splitting (the ``kg_sents`` of the spaCy pipeline), on invented text: abbreviations ("w.r.t.",
"et al.", "Fig.", "i.e."), cross-references, an initial ("J. Smith"), an exclamation mark inside a name
("Yahoo! R6") and a degree ("Ph.D.") end no sentence; a real end after an abbreviation, a unit, a
one-letter name, a mixed-case name ("... in every MoE.") or inline mathematics ("... of $\\mathbb{R}^D$.")
still does."""
from __future__ import annotations

import pytest

from kg.extract.components import build_nlp


@pytest.fixture(scope="module")
def nlp():
    return build_nlp()


def _sents(nlp, text):
    doc = nlp(text)
    return [text[s:e] for s, e in doc._.kg_sents]


@pytest.mark.parametrize("text", [
    "The bound is tight w.r.t. the dimension and holds w.p. at least 0.9 for every task.",
    "As noted by Okafor et al. (2019), the estimator is biased in small samples.",
    "Our sampler needs approx. half the evaluations (cf. Fig. 3 and Eq. (5)) of the baseline.",
    "The detector is robust, i.e. it never fires twice, e.g. on the held-out traces.",
    "We report the mean over seeds in Sec. 4 and the proof of Thm. 2 in App. C of the paper.",
    "The filter ranks No. 3 on the leaderboard, a.k.a. the public split, incl. Llama baselines.",
    "Accuracy rises to 81.5 (vs. 77.2) with version v3.2 of the toolkit from https://example.org/a.b.",
    # a cross-reference whose LaTeX key was cleaned away ("Fig.~\\ref{f} and Table~\\ref{t}")
    "As shown in Fig. and Table, the sampler mixes faster than the baseline does.",
])
def test_abbreviations_end_no_sentence(nlp, text):
    assert _sents(nlp, text) == [text]


@pytest.mark.parametrize("text, n", [
    ("This follows the design of Haddad et al. We extend it to graphs.", 2),
    ("The two runs reach 61.2 and 64.0, resp. The gap closes with more data.", 2),
    ("Full derivations are in App. B. We now turn to experiments.", 2),
    ("The gap closes with more seeds (see Sec.). We then prove a matching bound.", 2),
    ("The docked poses reach an error below 2 Å. EquiDock needs ten times longer.", 2),
    ("The chain mixes at 300 K. The sampler then anneals to a lower temperature.", 2),
    ("The answer is no. Nothing else changes in the model.", 2),
    ("The kernel, the mean, etc. Then we fit the model.", 2),
    # inline mathematics ends the sentence: spaCy keeps "D$." one token
    ("The data lie on a manifold of $\\mathbb{R}^D$. Assuming smoothness, the rate improves.", 2),
    ("Each step costs $O(n)$. The total is linear in the horizon.", 2),
])
def test_real_ends_after_abbreviations_stay(nlp, text, n):
    assert len(_sents(nlp, text)) == n


@pytest.mark.parametrize("text, n", [
    ("We evaluate on the Yahoo! R6 click logs and on MovieLens.", 1),
    ("Agents answer Jeopardy! questions with a retrieval module.", 1),
    ("It works! We then scale it to larger graphs.", 2),
    ("Can agents plan? We show that they can.", 2),
])
def test_exclamation_mark_inside_a_name(nlp, text, n):
    assert len(_sents(nlp, text)) == n


def test_one_letter_name_ends_a_sentence(nlp):
    assert len(_sents(nlp, "Transfer works from domain C to D. We explain why.")) == 2
    assert len(_sents(nlp, "It is shown by J. Smith and K. Lee in their survey.")) == 1


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
