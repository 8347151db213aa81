"""Abbreviation definitions: ``long form (SHORT)`` pairs (Schwartz & Hearst, 2003).

A pure function over text; the pipeline component that uses it lives in
:mod:`kg.extract.components`.

>>> [(a.long, a.short) for a in find_abbreviations(
...     "We use Proximal Policy Optimization (PPO) and Deep Q-Networks (DQNs).")]
[('Proximal Policy Optimization', 'PPO'), ('Deep Q-Networks', 'DQNs')]
>>> find_abbreviations("a bisimulation-based method (e.g., bisimulation)")
[]
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kg.datafiles import load_patterns, load_word_lists

_P = load_patterns("extraction_patterns")  # the expressions of kg/data/patterns/extraction_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name

_PAREN = re.compile(r"\(([^()]{1,24})\)")
_WORD = re.compile(r"[^\s()]+")
_SHORT_OK = re.compile(r"^[A-Za-z0-9][A-Za-z0-9\-+./&*\u00C0-\u024F]*[A-Za-z0-9+*s]?$")


@dataclass(frozen=True)
class Abbreviation:
    long: str
    short: str
    long_start: int
    long_end: int
    short_start: int
    short_end: int


@lru_cache(maxsize=1 << 14)  # a pure test of a bracket's text, asked again of the same short forms
def _is_short_form(s: str) -> bool:
    if s.lower().rstrip(".") in _W.not_short_forms or " " in s.strip() or len(s) < 2 or len(s) > 12:
        return False
    if not _SHORT_OK.match(s):
        return False
    caps = sum(c.isupper() for c in s)
    return caps >= 1 and (caps >= 2 or any(c.isdigit() for c in s) or s[0].isupper())


# a lower-case short form: "kernel representations for OPE (krope)", "neural tangent kernel (ntk)"
_LOWER_SHORT = re.compile(r"[a-z]{3,8}")


def _is_lower_short_form(s: str) -> bool:
    """A lower-case short form ("krope"); accepted only when its long form spells it by initials
    (:func:`_initials_lead`), as an ordinary word in parentheses ("(ours)", "(left)") is none."""
    return _LOWER_SHORT.fullmatch(s) is not None


def _initials_lead(short: str, words: list[tuple[str, int, int]]) -> bool:
    """Does every content word of a long form give its initial, in order, to the short form, with
    at least two such words and the first letters equal: "kernel representations for OPE" -> "krope"
    (k, r, o), but not "robust evaluation of policies" -> "rope"? (r, e, p: out of order)."""
    initials = [w[0].lower() for w, _, _ in words if w.lower() not in _W.long_form_stopwords and w[0].isalpha()]
    if len(initials) < 2 or initials[0] != short[0]:
        return False
    i = 0
    for c in initials:
        i = short.find(c, i)
        if i < 0:
            return False
        i += 1
    return True


_NON_ALNUM = re.compile(r"[^0-9A-Za-z\u00C0-\u024F]+")


@lru_cache(maxsize=1 << 14)  # a pure function of a word, asked again of the same words
def _parts(word: str) -> tuple[str, ...]:
    return tuple(p for p in _NON_ALNUM.split(word) if p)


def _in_order(letters: list[str], text: str) -> bool:
    """Do ``letters`` occur in ``text`` in order (a subsequence of its characters)?

    >>> _in_order(["p", "p", "o"], "proximal policy optimization"), _in_order(["d", "q", "n"], "deep network q")
    (True, False)
    """
    i = 0
    for c in letters:  # the leftmost occurrence of each letter after the last: as a scan of every character
        if len(c) != 1:  # a lower case of two characters ("i̇") is no character of the text
            return False
        i = text.find(c, i)
        if i < 0:
            return False
        i += 1
    return True


def _best_long_form(short: str, words: list[tuple[str, int, int]]) -> int | None:
    """Index into ``words`` where the long form of ``short`` starts, or None.

    Schwartz-Hearst's rule (letters of the short form appear in order, the first one
    starting a word) picks the candidates; among them the one whose content words
    best account for the short form's letters as initials wins, so
    ``Proximal Policy Optimization (PPO)`` is preferred to ``Policy Optimization``.
    """
    letters = [c.lower() for c in short if c.isalnum()]
    if short.endswith("s") and len(letters) > 2 and short[:-1].isupper():
        letters = letters[:-1]  # plural acronym: DQNs
    if sum(c.isalpha() for c in letters) >= 2:
        letters = [c for c in letters if c.isalpha()]  # counts: P3O = "Plastic PPO", A2C
    if not letters:
        return None
    best, best_score = None, None
    all_parts = [_parts(w) for w, _, _ in words]  # once, not once per candidate start
    for i in range(len(words)):
        parts = all_parts[i:]
        if not parts[0] or parts[0][0][0].lower() != letters[0] or words[i][0].lower() in _W.long_form_stopwords:
            continue
        joined = " ".join(w for w, _, _ in words[i:])
        if len(joined) <= len(short) or not _in_order(letters, joined.lower()):
            continue
        pool = list(letters)
        penalty = assigned = 0
        for w, ps in zip(words[i:], parts):
            took = False
            for p in ps:
                c = p[0].lower()
                if c in pool:
                    pool.remove(c)
                    assigned += 1
                    took = True
            if not took and w[0].lower().strip("*\"“”'") not in _W.long_form_stopwords:
                penalty += 1
        score = (-penalty, assigned, -i)
        # the last word may hold no initial (SDQC: "... Contrastive representation")
        if best_score is None or score > best_score:
            best, best_score = i, score
    if best is not None and best_score[0] < -1:
        return None
    return best


_LOOKBACK = 1000


def find_abbreviations(text: str) -> list[Abbreviation]:
    """All ``long form (SHORT)`` definitions in ``text`` with character offsets."""
    out = []
    for m in _PAREN.finditer(text):
        short = m.group(1).strip()
        lower = not _is_short_form(short) and _is_lower_short_form(short)
        if not lower and not _is_short_form(short):
            continue
        # words before the parenthesis, within the sentence/clause (and at most _LOOKBACK
        # characters back: searching the whole text per parenthesis is quadratic)
        lo, hi = max(0, m.start() - _LOOKBACK), m.start()
        cut = max(text.rfind(". ", lo, hi), text.rfind("; ", lo, hi), text.rfind(": ", lo, hi),
                  text.rfind("(", lo, hi), text.rfind(")", lo, hi), lo - 1)
        window = [(w.group(0), w.start(), w.end()) for w in _WORD.finditer(text, cut + 1, hi)]
        n = len([c for c in short if c.isalnum()])
        window = window[-min(n + 5, 2 * n):]
        if not window:
            continue
        i = _best_long_form(short, window)
        if i is None:
            continue
        words = window[i:]
        if lower and not _initials_lead(short, words):
            continue
        long_start, long_end = words[0][1], words[-1][2]
        long = text[long_start:long_end].rstrip(",;:")
        long_end = long_start + len(long)
        if len(long) <= len(short) or long.lower() == short.lower():
            continue
        start = m.start(1) + m.group(1).index(short)
        out.append(Abbreviation(long, short, long_start, long_end, start, start + len(short)))
    return out


def apposed_long_form(text: str, end: int, short: str, limit: int) -> tuple[str, int, int] | None:
    """The long form a short name is glossed with right after it, with its span: ``ELF, an Efficient
    Linear-time Filter for ...``, ``GRAIL, short for Gradient-Informed Active Learning``. Its
    words start with capitals (a lower-case gloss describes, it does not spell) and their initials
    spell the short name, as in a ``long form (SHORT)`` definition.

    >>> apposed_long_form("ELF, an Efficient Linear-time Filter for tracking", 3, "ELF", 60)[0]
    'Efficient Linear-time Filter'
    >>> apposed_long_form("ELF, an efficient linear-time filter for tracking", 3, "ELF", 60) is None
    True
    >>> apposed_long_form("ELF, a Transformer-based tracker", 3, "ELF", 60) is None
    True
    """
    m = _P.apposed_long.match(text, end, limit)
    if m is None or not _is_short_form(short):
        return None
    long = m.group(1)
    words = [(w.group(0), w.start(), w.end()) for w in _WORD.finditer(long)]
    if len(words) < 2 or any(not w[0].isupper() and w.lower() not in _W.long_form_stopwords for w, _, _ in words) \
            or _best_long_form(short, words) != 0:
        return None
    return long, m.start(1), m.end(1)
