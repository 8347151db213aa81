"""Sentence openings that decide a mention's role on their own: a contrast ("Compared with X, ...",
"In contrast, X ..."), an adoption ("Following X, we ..."), a concession ("While X ..., ours ...") and a
figure set beside the paper's ("FooNet reaches 71%, while X reaches 68%").
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues
from kg.datafiles import load_patterns
from kg.extract.roles.base import last
from kg.extract.roles.lists import LIST_STOP, SUBJECT_LIST, SUBJECT_REACH, said_after

_P = load_patterns("role_opening_patterns")  # the expressions of kg/data/patterns/role_opening_patterns.json, by name
# character shapes
_DIGIT = re.compile(r"\d")
_ROW_NAME_END = re.compile(r"[a-z+)\]-]")  # the last character of a name in a row of figures
_CLOSING = re.compile(r"\s*\)")
_WORD_START = re.compile(r"(?<=\s)\w")
# how many characters from a mention each reading looks
_FIGURE_REACH = 120  # the figures before and after the mention are this close to it
_CONTRAST_REACH = 80
_OUTCOME_REACH = 90


def opening_role(sentence: str, start: int, end: int, tail) -> tuple[str, float] | None:
    """The role an opening or a figure beside the paper's gives the mention before any cue is
    read ("In contrast, X fails", "Following X, we ...", "..., while X reaches 68%"); None if none."""
    if _P.openers.match(sentence) is not None:  # one test for the rare openings below
        if _contrast_subject(sentence, start):
            return "compared", 0.75
        if _adopted(sentence, start):
            return "builds_on", 0.75
    if said_after(_P.contrast_after, sentence, end, tail) and _subject(sentence, start):
        return "compared", 0.75
    if _DIGIT.search(sentence, end, end + _FIGURE_REACH) is not None \
            and (_figure_beside(sentence, start, end, tail) or _in_figure_row(sentence, end) or _figure_first(sentence, start, end, tail)):
        return "compared", 0.75
    if _figure_owner(sentence, start, end) or _elliptic_figure(sentence, start, end):
        return "compared", 0.75
    return None


def contrast_cut(sentence: str) -> int | None:
    """Where the main clause after a contrast opening ("Compared with X and Y, <main clause>")
    starts: at "we/our/..." or, failing that, at the comma closing the opening phrase (-1 if
    none); None when the sentence opens with no contrast. The opening's cue does not reach past it."""
    opening = _P.contrast_opening.match(sentence)
    if opening is None:
        return None
    main = _P.main_clause.search(sentence)
    return main.start() if main else _opening_end(sentence, opening.end())


def _opening_end(sentence: str, pos: int) -> int:
    """The comma that closes a contrast opening ("Unlike A, which discards X, and B, FooNet ..."):
    the first one not followed by a relative clause or a further coordinated item; -1 if none."""
    comma = sentence.find(",", pos)
    while comma != -1 and _P.opening_continues.match(sentence, comma):
        comma = sentence.find(",", comma + 1)
    return comma


def concessive_compared(sentence: str, end: int, cues: Cues) -> bool:
    """"While X ..., Y is cheaper" / "Whereas X ..., our method ...": X is set against Y."""
    opening = _P.concessive_opening.match(sentence)
    if opening is None:
        return False
    comma = sentence.find(",", opening.end())
    if comma == -1 or comma < end:
        return False
    main = sentence[comma + 1:]
    if _P.back_reference.match(main):
        return False
    return _P.own_subject.match(main) is not None or cues.comparative.search(main) is not None


def _adopted(sentence: str, start: int) -> bool:
    """"Following DreamerV3, we train ...": is the mention in an opening phrase that says what the
    main clause's method follows?"""
    m = _P.adopt_opening.match(sentence)
    if m is None:
        return False
    comma = sentence.find(",", m.end())
    return comma != -1 and start < comma and comma - m.end() <= SUBJECT_REACH


def _figure_beside(sentence: str, start: int, end: int, tail: list[int]) -> bool:
    """"FooNet achieves 71.2%, while X reaches 68.4%" ("while X and Y reach ..."): is the mention the
    subject of a clause that gives its figure after a clause that gave another?"""
    if not said_after(_P.figure_after, sentence, end, tail):
        return False
    clause = last(_P.figure_clause, sentence, max(0, start - _FIGURE_REACH), start)
    return clause is not None and SUBJECT_LIST.fullmatch(sentence, clause.end(), start) is not None


def _subject(sentence: str, start: int) -> bool:
    """Is the mention in the sentence's subject ("On X, the A and B ...": names and "and" only)?"""
    opening = _P.subject_opening.match(sentence)
    return start - opening.end() <= SUBJECT_REACH and SUBJECT_LIST.fullmatch(sentence, opening.end(), start) is not None


def _figure_first(sentence: str, start: int, end: int, tail) -> bool:
    """"X attains 68.4%, while FooNet attains 71.2%": is the mention the sentence's subject, given
    a figure that a contrasting clause with another figure follows?"""
    if not _subject(sentence, start):
        return False
    for p in (end, *tail):
        fig = _P.figure_after.match(sentence, p)
        if fig is not None:
            return _P.figure_next.match(sentence, fig.end()) is not None
    return False


def _figure_owner(sentence: str, start: int, end: int) -> bool:
    """"Recall rises from 61.2 (X) to 70.4", "from 6.9 for X to 5.8": is the mention the owner of the
    figure the sentence starts from?"""
    if _P.figure_owner.search(sentence, max(0, start - 12), start) is not None and _CLOSING.match(sentence, end) is not None:
        return True
    return _P.figure_for.search(sentence, max(0, start - 30), start) is not None and _P.figure_to.match(sentence, end) is not None


def _elliptic_figure(sentence: str, start: int, end: int) -> bool:
    """"FooNet succeeds in 92% of episodes, X in 71%": is the mention given a figure in a clause
    that leaves out the verb of a clause with a figure before it?"""
    return _P.elliptic_figure.match(sentence, end) is not None \
        and _P.elliptic_before.search(sentence, max(0, start - 80), start) is not None


def _row_figure(sentence: str, end: int):
    """The figure given right after a name ending at ``end`` ("X: 68.0", "X 68.0%", "X (68)"), or None."""
    m = _P.row_figure.match(sentence, end)
    if m is None or not (m.group("lead").strip() or "." in m.group("num") or m.group("pct")):
        return None
    return m


def _in_figure_row(sentence: str, end: int) -> bool:
    """"Accuracy: FooNet 74.5, A 71.2, X 68.0", "X (68.0) vs. ours": is the mention followed by its
    own figure, set against another ("vs.") or in a sentence that gives another name its figure too?"""
    own = _row_figure(sentence, end)
    if own is None:
        return False
    if _P.versus.match(sentence, own.end()):  # "X (68.0) vs. ours (74.5)"
        return True
    rows = 0
    for m in _P.row_figure.finditer(sentence):
        if m.start() > 0 and _ROW_NAME_END.match(sentence, m.start() - 1) and _row_figure(sentence, m.start()) is not None:
            rows += 1
            if rows >= 2:
                return True
    return False


def contrast_clause(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """"FooNet stays stable where X diverges", "..., while A and X solve 7": is the mention the subject of
    a clause after the main one that says how it fails or what figure it gets (``start``: where the
    list the mention closes begins)? Not in a sentence that proposes or speaks of others' work before it."""
    lo = max(0, start - _CONTRAST_REACH)
    if sentence.find("wh", lo, start) == -1:  # "while", "whereas", "where"
        return False
    m = last(_P.contrast_clause, sentence, lo, start)
    if m is None or _P.phrase_before.fullmatch(sentence, 0, m.start()) or SUBJECT_LIST.fullmatch(sentence, m.end(), start) is None \
            or any(w.strip(",") in LIST_STOP - {"and", "or"} for w in sentence[m.end():start].split()):
        return False
    if cues.new_method.search(sentence, 0, m.start()) or cues.background.search(sentence, 0, m.start()):
        return False
    for w in _WORD_START.finditer(sentence, end, min(len(sentence), end + _OUTCOME_REACH)):
        if cues.contrast_outcome.match(sentence, w.start()) and _P.subject_rest.fullmatch(sentence, end, w.start()):
            return True
    return False


def _contrast_subject(sentence: str, start: int) -> bool:
    """"In contrast, ICA recovers the true features", "By contrast, A and X fail": is the mention
    in the subject right after the opener (nothing but names and "and"/"or" between)?"""
    m = _P.contrast_subject.match(sentence)
    return m is not None and m.end() <= start <= m.end() + SUBJECT_REACH \
        and SUBJECT_LIST.fullmatch(sentence, m.end(), start) is not None \
        and not any(w.strip(",") in LIST_STOP - {"and", "or"} for w in sentence[m.end():start].split())
