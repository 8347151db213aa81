"""Shared text predicates and patterns of name discovery.

What a coined name looks like (:func:`is_name_like`, :func:`_coined`), where a name occurs
(:func:`_occurrences`, :func:`_find_bounded`), and the helpers that run a pattern only near the
literal every match needs (:func:`_windowed`, :func:`_after_the`, :func:`_before_gate`). The words
that never name anything are word lists of ``kg/data/patterns/word_lists.json`` (``_W.not_names``,
``_W.common_caps``, ``_W.list_openers``, ``_W.list_stopwords``), which the other rules read too.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from kg.datafiles import load_patterns, load_word_lists

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name

# Latin letters with diacritics and Greek letters (cleaned from ``$\\mu$``) belong to a name ("Nyström-MMD",
# "Rényi-DP", "β-DPO", "μFlow"): no name is cut at them
_LATIN = "\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0391-\u03A9\u03B1-\u03C9"
# a Greek parameter in brackets stays in the name: "TD(λ)-Reg" (from TD($\\lambda$)-Reg), "GAE(λ)"
_TOKEN = re.compile(rf"[A-Za-z0-9{_LATIN}](?:[A-Za-z0-9{_LATIN}+.\-]*[A-Za-z0-9{_LATIN}+])?"
                    rf"\([α-ω]\)(?:-[A-Za-z0-9{_LATIN}][A-Za-z0-9{_LATIN}+.\-]*[A-Za-z0-9{_LATIN}+])?"
                    rf"|[A-Za-z0-9{_LATIN}][A-Za-z0-9{_LATIN}+.\-]*[A-Za-z0-9{_LATIN}+]|[A-Z]")
_LIST_TOKEN = re.compile(r"[A-Za-z0-9][\w+.\-]*[\w+]|[A-Z]")
_CAPITALISED_SUFFIX = re.compile(r"(.+)-[A-Z][a-z]+")  # a name with a title-case suffix: "GRIT-Free"
# a lower-camel-case name: "cTrack", "iDiff", "nnFormer" (not "e-Commerce"-like hyphenations)
_LOWER_CAMEL_NAME = re.compile(r"[a-z]{1,4}[A-Z][A-Za-z0-9]+")

# what :func:`is_name_like` tests, compiled once: a number with at most a letter or a size suffix
# ("3D", "1.5B"), a lower-case letter before a capital ("AlphaDPO"), a Greek letter hyphened to a capital ("α-Flow")
_NUMBER_TOKEN = re.compile(r"\d+[A-Za-z]?|\d+(?:\.\d+)?[KMB]?")
_CAMEL = re.compile(r"[a-zα-ω][A-Z]")
_GREEK_DASH_CAPITAL = re.compile(r"[α-ω]-[A-Z]")

# a capitalised word ("Exphormer", "Ditto"): a name when a list of known methods holds it
_PROPER_NAME = re.compile(r"[A-Z][a-z][a-z0-9]+(?:-[A-Za-z0-9]+)*")


@lru_cache(maxsize=1 << 16)  # a pure test of a token, asked of the same words again and again (as norm_key)
def is_name_like(tok: str) -> bool:
    """A token that looks like a coined name: ``AlphaDPO``, ``C-3PO``, ``LoMAP``, ``P3O``.

    >>> [t for t in ["AlphaDPO", "C-3PO", "Q-supervised", "3D", "Craftium", "LMRL-Gym", "k-means"] if is_name_like(t)]
    ['AlphaDPO', 'C-3PO', 'LMRL-Gym']
    >>> [t for t in ["β-DPO", "μFlow", "ε-greedy", "μP", "Rényi-DP", "α-Flow", "λ-return"] if is_name_like(t)]
    ['β-DPO', 'μFlow', 'μP', 'Rényi-DP', 'α-Flow']
    """
    if tok.islower() or tok in _W.not_names or len(tok) < 2 or _setting_compound(tok) or _NUMBER_TOKEN.fullmatch(tok) \
            or _P.descriptor_suffix.search(tok) or _amount(tok) or _language_pair(tok):
        return False
    caps = sum(c.isupper() for c in tok)
    digits = any(c.isdigit() for c in tok)
    # "AlphaDPO", "μFlow", and a Greek letter before a capitalised part: "α-Flow" (from $\alpha$-Flow)
    camel = _CAMEL.search(tok) is not None or _GREEK_DASH_CAPITAL.match(tok) is not None
    if tok[0].islower() and caps < 2 and not ("α" <= tok[0] <= "ω" and camel):  # but "μFlow", from $\mu$Flow
        return False
    return tok[0].isalnum() and (caps >= 2 or (caps >= 1 and digits) or camel) \
        and not (digits and _P.number_format.fullmatch(tok))


_AMOUNT = re.compile(r"\d+(?:\.\d+)?([A-Za-z]+)")


def _amount(tok: str) -> bool:
    """A number glued to a unit of measure ("24GB", "0dB", "16kHz"): an amount, no name.

    >>> [_amount(t) for t in ("24GB", "0dB", "1.5TB", "16kHz", "H100", "C51", "3DGS")]
    [True, True, True, True, False, False, False]
    """
    m = _AMOUNT.fullmatch(tok)
    return m is not None and m.group(1) in _W.measure_units


def _language_pair(tok: str) -> bool:
    """Language names or codes joined by hyphens ("Czech-English", "German-to-English", "En-De"):
    a translation direction, no name.

    >>> [_language_pair(t) for t in ("Czech-English", "German-to-English", "En-De", "EN-ZH", "BERT-En", "English")]
    [True, True, True, True, False, False]
    """
    parts = [p for p in tok.split("-") if p != "to"]
    return len(parts) > 1 and all(p in _W.languages for p in parts)


def _setting_compound(tok: str) -> bool:
    """A hyphenated token of lower-case words and acronyms that never name anything ("far-OOD", "non-IID",
    "LLM-based"): it describes a setting or a kind, it names nothing.

    >>> [_setting_compound(t) for t in ("far-OOD", "non-IID", "multi-LLM", "SWE-Fresh", "COCO-OOD", "k-NN")]
    [True, True, True, False, False, False]
    """
    parts = tok.split("-")
    return len(parts) > 1 and all(p.islower() or p in _W.not_names for p in parts)


def _head_words(text: str, heads: Sequence[str]) -> list[tuple[int, int]]:
    """Spans of the head words as whole words (``\\b`` on both sides), in text order.

    >>> _head_words("the DSRL benchmark and subbenchmarks, two datasets", ("benchmark", "datasets"))
    [(9, 18), (42, 50)]
    """
    spans = []
    for head in heads:
        n = len(head)
        i = text.find(head)
        while i != -1:
            end = i + n
            if (i == 0 or not _is_word_char(text[i - 1]) or text[i - 1] == "-") \
                    and (end == len(text) or not _is_word_char(text[end]) or text[end] == "-"):
                spans.append((i, end))
            i = text.find(head, end)
    return sorted(spans)


def _after_the(pattern: re.Pattern, gates: Sequence[re.Match], text: str, reach: int):
    """Matches of a pattern that opens with "the " (its look-behind still applies) and ends at a head
    word in ``gates`` (found once, shared by several patterns): tried only where "the " occurs at most
    ``reach`` characters before a head word, not at every character."""
    last = 0
    for g in gates:
        p = text.find("the ", max(last, g.start() - reach), g.start())
        while p != -1:
            m = pattern.match(text, p, g.end())
            if m is not None:
                last = m.end()
                yield m
                break
            p = text.find("the ", p + 4, g.start())


def _before_gate(pattern: re.Pattern, gates: Sequence[re.Match], text: str, reach: int, ok):
    """Matches of ``pattern`` ending at the head words ``gates`` for which ``ok(text, gate)`` holds."""
    last = 0
    for g in gates:
        if ok(text, g):
            for m in pattern.finditer(text, max(last, g.start() - reach), g.end()):
                last = m.end()
                yield m


def _windowed(pattern: re.Pattern, gate: re.Pattern, text: str, reach: int):
    """``pattern.finditer(text)`` for a pattern whose every match ends with a match of
    ``gate`` and starts at most ``reach`` characters before it: searched only there."""
    last = 0
    for g in gate.finditer(text):
        for m in pattern.finditer(text, max(last, g.start() - reach), g.end()):
            last = m.end()
            yield m


def _windowed_spans(pattern: re.Pattern, gates, text: str, reach: int):
    """:func:`_windowed` with the gate's matches given as ``(start, end)`` spans, in text order."""
    last = 0
    for start, end in gates:
        for m in pattern.finditer(text, max(last, start - reach), end):
            last = m.end()
            yield m


def words_from_their_end(words: Sequence[str]) -> re.Pattern | None:
    """A pattern that finds ``(?:w1|w2|...)\\b`` from the final "s" every word ends with (which the engine
    skips to in C, where the plain alternation starts a try at most characters): each match is that
    "s", and its last group the word without it, so ``m.start(m.lastindex)`` is where the word starts.
    None unless the words are letters ending in "s", none the end of another (then each "s" ends one
    word at most, and matches of the plain alternation never overlap: the spans are the same).

    >>> p = words_from_their_end(["outperforms", "beats"])
    >>> [(m.start(m.lastindex), m.end()) for m in p.finditer("X outperforms Y, beats Z, beatsx")]
    [(2, 13), (17, 22)]
    >>> words_from_their_end(["beats", "eats"]) is None, words_from_their_end(["matched"]) is None
    (True, True)
    """
    if not words or not all(w.isalpha() and w.isascii() and w.endswith("s") and len(w) > 1 for w in words) \
            or any(a != b and b.endswith(a) for a in words for b in words):
        return None
    return re.compile(r"s\b(?:" + "|".join(f"(?<=({re.escape(w[:-1])})s)" for w in words) + ")")


def _anchored(pattern: re.Pattern, text: str, literal: str, offset: int = 0):
    """``pattern.finditer(text)`` for a pattern whose every match has ``literal`` ``offset`` characters
    after its start (``\\b[Oo]ur `` has "ur " at 1): tried only there, not at every character.

    >>> [m.group() for m in _anchored(re.compile(r"\\b[Oo]ur \\w+"), "Our aim, four ways, our tool", "ur ", 1)]
    ['Our aim', 'our tool']
    """
    i = text.find(literal, offset)
    while i != -1:
        m = pattern.match(text, i - offset)
        if m is None:
            i = text.find(literal, i + 1)
        else:
            yield m
            i = text.find(literal, max(m.end(), m.start() + 1) + offset)


def _sentence_of(sents: Sequence[tuple[int, int]], pos: int) -> tuple[int, int]:
    for s, e in sents:
        if s <= pos < e:
            return s, e
    return 0, 0


def _coined(tok: str) -> bool:
    """A word that names something where a name is expected: capitalised and no adjective or
    sentence opener ("Lantern", not "Bayesian" or "The"), or lower camel case ("cTrack").

    >>> [t for t in ("Lantern", "Bayesian", "The", "cTrack", "sampling", "GPU", "GRIT-Free", "Token-Free") if _coined(t)]
    ['Lantern', 'cTrack', 'GRIT-Free']
    """
    if _LOWER_CAMEL_NAME.fullmatch(tok):
        return True
    stem = _CAPITALISED_SUFFIX.fullmatch(tok)  # "GRIT-Free", "PolyNet-Lite": a name with a title-case suffix
    if stem is not None and is_name_like(stem.group(1)):
        return True
    return _PROPER_NAME.fullmatch(tok) is not None and tok not in _W.common_caps | _W.list_openers \
        and not _P.adjective_like.search(tok) and not _P.descriptor_suffix.search(tok)


_RUN = re.compile(r"[\w-]+")

_WORD_CHAR = re.compile(r"[\w-]")


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_" or c == "-"  # ``[\w-]``


def _occurrences(text: str, forms: set[str]) -> dict[str, list[tuple[int, int]]]:
    r"""Where ``(?<![\w-])FORM(?![\w-])`` matches in ``text`` (as ``re.finditer``), for
    every form at once.

    A few forms are found with ``str.find``. Many forms (hostile text naming thousands
    of methods) would make that quadratic; then, since a match of a form starting with a
    word character starts where a maximal ``[\w-]`` run starts, only those places are
    compared, one form length at a time.

    >>> _occurrences("Foo-Bar x Foo Bar, Foo-Barn Foo Bar", {"Foo Bar", "Foo-Bar", "Bar"})
    {'Bar': [(14, 17), (32, 35)], 'Foo Bar': [(10, 17), (28, 35)], 'Foo-Bar': [(0, 7)]}
    """
    found: dict[str, list[tuple[int, int]]] = {}
    by_length: dict[int, set[str]] = {}
    many = len(forms) > 32
    for form in sorted(forms):
        if not form:
            found[form] = []
        elif many and _WORD_CHAR.match(form):
            by_length.setdefault(len(form), set()).add(form)
        else:
            found[form] = _find_bounded(text, form)
    starts = [m.start() for m in _RUN.finditer(text)] if by_length else []
    for length, group in sorted(by_length.items()):
        places: dict[str, list[int]] = {}
        for p in starts:
            sub = text[p:p + length]
            if sub in group:
                places.setdefault(sub, []).append(p)
        for form in sorted(group):
            spans, last = [], 0
            for p in places.get(form, ()):
                end = p + length
                if p < last or _WORD_CHAR.match(text, end):
                    continue  # inside the previous match, or not ending at a word boundary
                spans.append((p, end))
                last = end
            found[form] = spans
    return dict(sorted(found.items()))


def _find_bounded(text: str, form: str) -> list[tuple[int, int]]:
    r"""``[m.span() for m in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", text)]``, with
    ``str.find``: no pattern to compile for every new name."""
    spans = []
    n = len(form)
    i = text.find(form)
    while i != -1:
        end = i + n
        if (i == 0 or not _is_word_char(text[i - 1])) and (end == len(text) or not _is_word_char(text[end])):
            spans.append((i, end))
            i = text.find(form, end)
        else:
            i = text.find(form, i + 1)
    return spans


def names_math_object(long: str) -> bool:
    """Does an abbreviation's long form name a mathematical object, no technique ("ordinary differential
    equation", "directed acyclic graph"; a neural one is a model)?

    >>> names_math_object("stochastic differential equation"), names_math_object("neural ordinary differential equations")
    (True, False)
    """
    low = long.lower()
    return "neural" not in low and _P.math_object_long.search(low) is not None
