"""The rewritten cue alternations match exactly what the plain alternations match."""
from __future__ import annotations

import random
import re

import pytest

from kg.extract.alternation import compile_alternation, expand, rewrite, split_top
from kg.extract.cues import fold
from kg.ingest import bundled_corpus, read_papers

from extraction_helpers import cue_lists


def _texts() -> list[str]:
    papers = list(read_papers(bundled_corpus(), on_warning=lambda _: None))
    texts = [fold(p.abstract) for p in papers] + [fold(p.title) for p in papers if p.title]
    # the same words shuffled: cue words at unusual places and next to each other
    rng = random.Random(7)
    words = " ".join(texts).split()
    texts += [" ".join(rng.sample(words, 60)) for _ in range(200)]
    return texts


CUES = cue_lists()
TEXTS = _texts()


@pytest.mark.parametrize("name", sorted(CUES))
def test_rewritten_cue_list_matches_the_same_spans(name):
    plain = re.compile("|".join(f"(?:{p})" for p in CUES[name]))
    fast = compile_alternation(CUES[name])
    for t in TEXTS:
        assert [m.span() for m in fast.finditer(t)] == [m.span() for m in plain.finditer(t)], (name, t[:80])
        for pos in (0, 1, len(t) // 2):  # a search from a position sees the text before it
            a, b = fast.search(t, pos), plain.search(t, pos)
            assert (a and a.span()) == (b and b.span())
            a, b = fast.match(t, pos), plain.match(t, pos)
            assert (a and a.span()) == (b and b.span())


def test_the_long_cue_lists_are_rewritten():
    for name in ("claims.result", "claims.outcome", "claims.theoretical", "claims.finding", "roles.builds_on",
                 "roles.compared"):
        assert compile_alternation(CUES[name]).pattern.startswith(r"\b(?:"), name


@pytest.mark.parametrize("name", sorted(n for n, ps in CUES.items() if len(ps) > 1 and any(p.startswith(r"\b") for p in ps)))
def test_every_word_led_cue_list_is_rewritten(name):
    # one pattern not led by "\b", a top-level "|" inside a pattern, a capturing group or a leading
    # class ("[1-3k]-") keeps a word-led list in its slow form, tried at every character (a list
    # searched over every abstract then costs several per cent of the run): split such a pattern,
    # spell its alternatives out, or lead it with "\b"
    assert compile_alternation(CUES[name]).pattern.startswith(r"\b(?:"), name


@pytest.mark.parametrize("patterns, texts", [
    # an optional group is tried first with, then without: the longer match wins at one position
    ([r"\b(?:very )?large\b", r"\bvery\b"], ["a very large model", "very small", "large"]),
    ([r"\b(?:an )?a\w*"], ["an apple", "an", "a an ant"]),
    # a branch tried first wins over a later one with the same first letter
    ([r"\bfind", r"\bfind that\b"], ["we find that it works"]),
    # "\b" before a non-word character asks for a word character before it
    ([r"\b(?:np|#p)-hard\b", r"\b-x"], ["#p-hard and np-hard", "a #p-hard", "b-x -x"]),
    # digit-led branches stay whole
    ([r"\b\d+(?:\.\d+)?\s?%", r"\bpercent\b"], ["by 4.5% and 3 percent", "x4%"]),
    # nested groups and classes with "|" and ")" inside
    ([r"\b(?:we|this (?:paper|work))\b[^.|)]{0,20}?\b(?:show|prove)", r"\b(?:a|an) (?:[\w-]+ ){0,2}?bound"],
     ["this work formally show it", "we then prove", "an upper bound", "a tight regret bound"]),
])
def test_rewrite_is_exact_on_edge_cases(patterns, texts):
    plain = re.compile("|".join(f"(?:{p})" for p in patterns))
    fast = compile_alternation(patterns)
    assert fast.pattern != plain.pattern  # rewritten, so this checks the rewrite
    for t in texts:
        assert [m.span() for m in fast.finditer(t)] == [m.span() for m in plain.finditer(t)], t


def test_lists_it_cannot_rewrite_are_kept_as_they_are():
    assert rewrite([r"\bwe", r"[ ,]*and"]) is None  # a branch without \b
    assert rewrite([r"\b\d+x", r"\b3d"]) is None  # a digit-led branch beside a digit literal: order matters
    assert expand(r"(?:a|b)+c") is None  # a repeated group
    assert expand(r"(?:a|\w)c") is None  # an alternative without a literal
    assert compile_alternation([r"\b(a)b"]).pattern == r"(?:\b(a)b)"  # a capturing group: findall would change
    assert split_top(r"[(|]a|b") == ["[(|]a", "b"]


def test_role_cue_lists_stay_first_letter_rewritable():
    """Every cue of these lists opens with a word, so the list compiles to one fast alternation."""
    import json
    from pathlib import Path

    from kg.extract.alternation import rewrite
    roles = json.loads((Path(__file__).parents[1] / "kg/data/patterns/cues.json").read_text())["roles"]
    for name in ("builds_on", "compared", "studied"):
        assert rewrite(roles[name]) is not None, name
