"""text10: sentence splitting after abbreviations and cross-references, claim values."""
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
])
def test_abbreviations_end_no_sentence(nlp, text):
    assert _sents(nlp, text) == [text]


@pytest.mark.parametrize("text, n", [
    ("This follows the design of Haddad et al. We extend it to graphs.", 2),
    ("The two runs reach 61.2 and 64.0, resp. The gap closes with more data.", 2),
    ("Full derivations are in App. B. We now turn to experiments.", 2),
    ("The answer is no. Nothing else changes in the model.", 2),
    ("The kernel, the mean, etc. Then we fit the model.", 2),
])
def test_real_ends_after_abbreviations_stay(nlp, text, n):
    assert len(_sents(nlp, text)) == n
