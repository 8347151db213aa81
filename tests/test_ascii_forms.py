"""Patterns run in ASCII mode on ASCII text (kg.extract.alternation.ascii_form) find what they find in
Unicode mode: every cue list and the discovery patterns scanned over whole texts."""
from __future__ import annotations

import random
import re

import pytest

from kg.extract.alternation import ascii_form, ascii_safe, compile_alternation
from kg.extract.cues import fold
from kg.ingest import bundled_corpus, read_papers

from extraction_helpers import cue_lists


def _ascii_texts() -> list[str]:
    """The bundled abstracts and titles, folded, with their non-ASCII characters dropped, and their words shuffled."""
    papers = list(read_papers(bundled_corpus(), on_warning=lambda _: None))
    texts = [fold(t).encode("ascii", "ignore").decode() for p in papers for t in (p.abstract, p.title or "")]
    rng = random.Random(7)
    words = " ".join(texts).split()
    return texts + [" ".join(rng.sample(words, 60)) for _ in range(200)]


CUES = cue_lists()
TEXTS = _ascii_texts()


@pytest.mark.parametrize("name", sorted(CUES))
def test_ascii_form_finds_what_the_pattern_finds_on_ascii_text(name):
    pattern = compile_alternation(CUES[name])
    fast = ascii_form(pattern)
    assert fast.flags & re.ASCII
    texts = TEXTS
    assert len(texts) > 100 and all(map(ascii_safe, texts))
    for t in texts:
        assert [m.span() for m in fast.finditer(t)] == [m.span() for m in pattern.finditer(t)], (name, t[:80])


def test_ascii_form_of_the_discovery_patterns_scanned_over_whole_texts():
    from kg.datafiles import load_patterns
    derived_from = load_patterns("discovery_patterns").derived_from
    papers = list(read_papers(bundled_corpus(), on_warning=lambda _: None))
    texts = [p.abstract.encode("ascii", "ignore").decode() for p in papers] + [  # the abstracts' ASCII characters
        "We propose FooNet, in the spirit of ARL, borrowed from Glow-TTS and adapted from the BAR method.",
        "Our method is a generalization of ACT and a generalisation to MDPs; it extends the SCORE procedure.",
        "FooRL builds on PPO, builds upon an actor, and building on the TRPO update, extending an idea inspired by SAC.",
        "extensions to extends extendsion buildson building uponx inspired byte rebuilds on prebuilt on_x on"]
    assert all(map(ascii_safe, texts)) and sum(len(derived_from.findall(t)) for t in texts) > 10
    for t in texts:
        assert [m.span() for m in ascii_form(derived_from).finditer(t)] == [m.span() for m in derived_from.finditer(t)]


def test_ascii_safe_leaves_out_what_the_two_modes_read_differently():
    space, word = re.compile(r"a\sb"), re.compile(r"\bb")
    # U+001C-U+001F are whitespace to Unicode only; a non-ASCII letter is a word character to Unicode only
    assert space.search("a\x1cb") and not ascii_form(space).search("a\x1cb") and not ascii_safe("a\x1cb")
    assert not word.search("éb") and ascii_form(word).search("éb") and not ascii_safe("éb")
    assert ascii_safe("a b\t\n\x0b\x0c\r~") and ascii_form(space).search("a b")


def test_ascii_form_of_the_other_discovery_patterns_scanned_over_whole_texts():
    # url, our_own, bench_suffixed and the enumerations: discovery scans them over ASCII text in ASCII form
    from kg.datafiles import load_patterns
    from kg.extract.discovery.benchmarks import _ENUMERATION_THE
    from kg.extract.discovery.lists import _ENUMERATION
    p = load_patterns("discovery_patterns")
    papers = list(read_papers(bundled_corpus(), on_warning=lambda _: None))
    texts = [t.encode("ascii", "ignore").decode() for p_ in papers for t in (p_.abstract, p_.title or "")] + [
        "See https://github.com/x/y and www.foo.org/a, our proposed method and the proposed FooNet framework.",
        "CountBench, TallyQA and KnowEdit-Bench; on A, B and the C benchmark, or D, E, and F_1 and G-2.",
        "on IHDP, Jobs and the ACIC 2016 benchmark, and on MMLU or the GSM8K set."]
    assert all(map(ascii_safe, texts))
    for pattern in (p.url, p.our_own, p.bench_suffixed, _ENUMERATION, _ENUMERATION_THE):
        found = [[(m.span(), m.groups()) for m in pattern.finditer(t)] for t in texts]
        assert [[(m.span(), m.groups()) for m in ascii_form(pattern).finditer(t)] for t in texts] == found
        assert sum(map(len, found)) >= 2, pattern.pattern[:40]
        folded = [fold(t) for t in texts]
        assert [[m.span() for m in ascii_form(pattern).finditer(t)] for t in folded] == \
            [[m.span() for m in pattern.finditer(t)] for t in folded]
