"""Sentence openings that decide a mention's role on their own: a contrast ("Compared with X, ...",
"In contrast, X ..."), an adoption ("Following X, we ..."), a concession ("While X ..., ours ...") and a
figure set beside the paper's ("FooNet reaches 71%, while X reaches 68%").
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues
from kg.extract.roles.base import last
from kg.extract.roles.lists import LIST_STOP, SUBJECT_LIST, SUBJECT_REACH, said_after

# "Compared with X and Y, <main clause>"
_CONTRAST_OPENING = re.compile(r"^\s*(?:compared (?:with|to)|in comparison (?:with|to)|unlike|in contrast (?:to|with)|relative to|as opposed to|contrary (?:to|with)|different(?:ly)? (?:from|to|with))\b")
_MAIN_CLAUSE = re.compile(r",\s+(?:we|our|the proposed|this|it)\b")
# "Unlike A, which ..., and B, which ..., FooNet ...": a comma before these continues the opening phrase
_OPENING_CONTINUES = re.compile(r",\s*(?:which|who|whose|that|and|or|nor|as well as)\b")
# "Following X, we ...", "As in X, FooNet ...", "Used for X, FooNet ...": an opening phrase naming what the main
# clause's method follows ("following the success of X" is background)
_ADOPT_OPENING = re.compile(r"^\s*(?:following|as in|as done in|similar(?:ly)? to|akin to|analogous(?:ly)? to|in line with|"
                            r"motivated by|like|used (?:for|in|within|as (?:the |a |an )?(?:[\w-]+ ){1,2}?(?:in|for|within)))\s+(?!(?:the |its |their |recent )?(?:success|advances?|progress|popularity|"
                            r"introduction|development|emergence|rise|work|works|prior|previous|existing|many|most|other)\b)")
# "In contrast, X recovers ...": the subject of a sentence that opens by setting itself against the last
_OPENERS = re.compile(r"\s*(?:in|by) contrast\b|\s*(?:following|as|similar|akin|analogous|in line|motivated|like|used)\b")
_CONTRAST_SUBJECT = re.compile(r"^\s*(?:in|by) contrast\s*,\s*(?:(?:the|a|an|standard|classical|vanilla|plain)\s+)?")
# "While X needs ..., Y is more efficient": X is compared when the main clause compares
# "X, in contrast, fails when ...": a subject the sentence sets against what came before
_CONTRAST_AFTER = re.compile(r"\s*,\s*(?:in|by) contrast\s*,")
_CONCESSIVE_OPENING = re.compile(r"^\s*(?:while|whereas|although|though|even though)\b")
_OWN_SUBJECT = re.compile(r"\s*(?:our|the proposed|the resulting)\b")
_BACK_REFERENCE = re.compile(r"\s*(?:it|its|they|them|their|these|this|such|the latter|the former)\b")
# "FooNet reaches 71.2%, while X reaches 68.4%": another method's figure set beside the paper's
_FIGURE_AFTER = re.compile(r"\s+(?:only |just |merely )?(?:reach(?:es)?|achieves?|attains?|obtains?|scores?|gets?|yields?|stays? at)\s+"
                           r"(?:only |just |merely |about |around |an? )?(?:[\w-]+ ){0,2}?(?:of )?[\d.]+\s?(?:%|points?|pp|db)?")
_DIGIT = re.compile(r"\d")
_FIGURE_REACH = 120  # the figures before and after the mention are this close to it
_FIGURE_CLAUSE = re.compile(r"\d[^;]{0,80}?(?:,\s*while|,\s*whereas|;|,\s*and|,\s*but)\s")
# "Results: FooNet 74.5, A 71.2, X 68.0", "X: 68.0%", "X (68.0) vs. ours (74.5)": a name in a row of figures
# (a figure right after each name: with a colon, a bracket, a decimal point or a percent sign)
_ROW_FIGURE = re.compile(r"(?P<lead>\s*(?::|=|\()\s*|\s+)(?P<num>\d+(?:\.\d+)?)\s?(?P<pct>%)?\)?"
                         r"(?=\s*(?:[,;]|and\b|vs\b|vs\.|versus\b|\.(?:\s|$)|$))")
_ROW_NAME_END = re.compile(r"[a-z+)\]-]")
_VERSUS = re.compile(r"\s*(?:vs\b|vs\.|versus\b)")
# "X attains 68.4%, while FooNet attains 71.2%": the subject's figure set before another's
_SUBJECT_OPENING = re.compile(r"\s*(?:(?:on|in|for|at|across) [^,;]{1,60},\s*)?(?:(?:the|a|an|standard|vanilla|plain)\s+)?")
_FIGURE_NEXT = re.compile(r"[^;\d]{0,40}?(?:,?\s*(?:while|whereas)|;|,\s*but)\s[^;]{0,80}?\d")
# "FooNet succeeds in 92% of episodes, X in 71%": a figure given in a clause that leaves its verb out
_ELLIPTIC_BEFORE = re.compile(r"\d[^;,\d]{0,60},\s*(?:and\s+|while\s+|whereas\s+)?$")
_ELLIPTIC_FIGURE = re.compile(r"\s+(?:in|at|with|on|for|to|of)?\s*(?:only\s+|just\s+)?\d+(?:\.\d+)?\s?%(?=\s*(?:[,;]|and\b|\.(?:\s|$)|$))")
# "rises from 61.2 (X) to 70.4": a figure named by what obtains it, in brackets
_FIGURE_OWNER = re.compile(r"\d(?:\.\d+\s?%?|\s?%)\s*\(\s*$")
_CLOSING = re.compile(r"\s*\)")
# "reduces perplexity from 6.9 for X to 5.8": X's figure is the one the paper's method improves on
_FIGURE_FOR = re.compile(r"\bfrom\s+\d+(?:\.\d+)?\s?%?\s+for\s+(?:the\s+)?$")
_FIGURE_TO = re.compile(r"\s+to\s+\d")
# "FooNet remains stable, where X diverges", "FooNet solves 11 tasks, while X solves 7": a clause after
# the main one whose subject is set against it by what it does (``Cues.contrast_outcome``)
_CONTRAST_CLAUSE = re.compile(r"(?:,\s*|\s)(?:while|whereas|where)\s+(?:(?:the|a|an|standard|vanilla|plain|original|exact)\s+)?")
_CONTRAST_REACH = 80
_PHRASE_BEFORE = re.compile(r"\s*(?:in|on|for|under|across|at|with|to)\s[^,;]*")  # "In domains where X fails, ...": no main clause yet
# from the mention to what its clause says of it: the rest of a list ("and Y") and a short qualifier ("on the graph")
_SUBJECT_REST = re.compile(r"(?:\s*,?\s*(?:and|or)\s+[\w+.'*-]+(?:\s[\w+.'*-]+)?|\s*,\s*[\w+.'*-]+(?:\s[\w+.'*-]+)?){0,4}"
                           r"(?:\s+(?:on|in|with|for|at|under)\s+(?:[\w-]+\s+){0,2}?[\w-]+)?\s+")
_WORD_START = re.compile(r"(?<=\s)\w")
_OUTCOME_REACH = 90


def opening_role(sentence: str, start: int, end: int, tail) -> tuple[str, float] | None:
    """The role an opening or a figure beside the paper's gives the mention before any cue is
    read ("In contrast, X fails", "Following X, we ...", "..., while X reaches 68%"); None if none."""
    if _OPENERS.match(sentence) is not None:  # one test for the rare openings below
        if _contrast_subject(sentence, start):
            return "compared", 0.75
        if _adopted(sentence, start):
            return "builds_on", 0.75
    if said_after(_CONTRAST_AFTER, sentence, end, tail) and _subject(sentence, start):
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
    opening = _CONTRAST_OPENING.match(sentence)
    if opening is None:
        return None
    main = _MAIN_CLAUSE.search(sentence)
    return main.start() if main else _opening_end(sentence, opening.end())


def _opening_end(sentence: str, pos: int) -> int:
    """The comma that closes a contrast opening ("Unlike A, which discards X, and B, FooNet ..."):
    the first one not followed by a relative clause or a further coordinated item; -1 if none."""
    comma = sentence.find(",", pos)
    while comma != -1 and _OPENING_CONTINUES.match(sentence, comma):
        comma = sentence.find(",", comma + 1)
    return comma


def concessive_compared(sentence: str, end: int, cues: Cues) -> bool:
    """"While X ..., Y is cheaper" / "Whereas X ..., our method ...": X is set against Y."""
    opening = _CONCESSIVE_OPENING.match(sentence)
    if opening is None:
        return False
    comma = sentence.find(",", opening.end())
    if comma == -1 or comma < end:
        return False
    main = sentence[comma + 1:]
    if _BACK_REFERENCE.match(main):
        return False
    return _OWN_SUBJECT.match(main) is not None or cues.comparative.search(main) is not None


def _adopted(sentence: str, start: int) -> bool:
    """"Following DreamerV3, we train ...": is the mention in an opening phrase that says what the
    main clause's method follows?"""
    m = _ADOPT_OPENING.match(sentence)
    if m is None:
        return False
    comma = sentence.find(",", m.end())
    return comma != -1 and start < comma and comma - m.end() <= SUBJECT_REACH


def _figure_beside(sentence: str, start: int, end: int, tail: list[int]) -> bool:
    """"FooNet achieves 71.2%, while X reaches 68.4%" ("while X and Y reach ..."): is the mention the
    subject of a clause that gives its figure after a clause that gave another?"""
    if not said_after(_FIGURE_AFTER, sentence, end, tail):
        return False
    clause = last(_FIGURE_CLAUSE, sentence, max(0, start - _FIGURE_REACH), start)
    return clause is not None and SUBJECT_LIST.fullmatch(sentence, clause.end(), start) is not None


def _subject(sentence: str, start: int) -> bool:
    """Is the mention in the sentence's subject ("On X, the A and B ...": names and "and" only)?"""
    opening = _SUBJECT_OPENING.match(sentence)
    return start - opening.end() <= SUBJECT_REACH and SUBJECT_LIST.fullmatch(sentence, opening.end(), start) is not None


def _figure_first(sentence: str, start: int, end: int, tail) -> bool:
    """"X attains 68.4%, while FooNet attains 71.2%": is the mention the sentence's subject, given
    a figure that a contrasting clause with another figure follows?"""
    if not _subject(sentence, start):
        return False
    for p in (end, *tail):
        fig = _FIGURE_AFTER.match(sentence, p)
        if fig is not None:
            return _FIGURE_NEXT.match(sentence, fig.end()) is not None
    return False


def _figure_owner(sentence: str, start: int, end: int) -> bool:
    """"Recall rises from 61.2 (X) to 70.4", "from 6.9 for X to 5.8": is the mention the owner of the
    figure the sentence starts from?"""
    if _FIGURE_OWNER.search(sentence, max(0, start - 12), start) is not None and _CLOSING.match(sentence, end) is not None:
        return True
    return _FIGURE_FOR.search(sentence, max(0, start - 30), start) is not None and _FIGURE_TO.match(sentence, end) is not None


def _elliptic_figure(sentence: str, start: int, end: int) -> bool:
    """"FooNet succeeds in 92% of episodes, X in 71%": is the mention given a figure in a clause
    that leaves out the verb of a clause with a figure before it?"""
    return _ELLIPTIC_FIGURE.match(sentence, end) is not None \
        and _ELLIPTIC_BEFORE.search(sentence, max(0, start - 80), start) is not None


def _row_figure(sentence: str, end: int):
    """The figure given right after a name ending at ``end`` ("X: 68.0", "X 68.0%", "X (68)"), or None."""
    m = _ROW_FIGURE.match(sentence, end)
    if m is None or not (m.group("lead").strip() or "." in m.group("num") or m.group("pct")):
        return None
    return m


def _in_figure_row(sentence: str, end: int) -> bool:
    """"Accuracy: FooNet 74.5, A 71.2, X 68.0", "X (68.0) vs. ours": is the mention followed by its
    own figure, set against another ("vs.") or in a sentence that gives another name its figure too?"""
    own = _row_figure(sentence, end)
    if own is None:
        return False
    if _VERSUS.match(sentence, own.end()):  # "X (68.0) vs. ours (74.5)"
        return True
    rows = 0
    for m in _ROW_FIGURE.finditer(sentence):
        if m.start() > 0 and _ROW_NAME_END.match(sentence, m.start() - 1) and _row_figure(sentence, m.start()) is not None:
            rows += 1
            if rows >= 2:
                return True
    return False


def contrast_clause(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """"FooNet stays stable where X diverges", "..., while A and X solve 7": is the mention the subject of
    a clause after the main one that says how it fails or what figure it gets (``start``: where the
    list the mention closes begins)? Not in a sentence that proposes or speaks of others' work before it."""
    m = last(_CONTRAST_CLAUSE, sentence, max(0, start - _CONTRAST_REACH), start)
    if m is None or _PHRASE_BEFORE.fullmatch(sentence, 0, m.start()) or SUBJECT_LIST.fullmatch(sentence, m.end(), start) is None \
            or any(w.strip(",") in LIST_STOP - {"and", "or"} for w in sentence[m.end():start].split()):
        return False
    if cues.new_method.search(sentence, 0, m.start()) or cues.background.search(sentence, 0, m.start()):
        return False
    for w in _WORD_START.finditer(sentence, end, min(len(sentence), end + _OUTCOME_REACH)):
        if cues.contrast_outcome.match(sentence, w.start()) and _SUBJECT_REST.fullmatch(sentence, end, w.start()):
            return True
    return False


def _contrast_subject(sentence: str, start: int) -> bool:
    """"In contrast, ICA recovers the true features", "By contrast, A and X fail": is the mention
    in the subject right after the opener (nothing but names and "and"/"or" between)?"""
    m = _CONTRAST_SUBJECT.match(sentence)
    return m is not None and m.end() <= start <= m.end() + SUBJECT_REACH \
        and SUBJECT_LIST.fullmatch(sentence, m.end(), start) is not None \
        and not any(w.strip(",") in LIST_STOP - {"and", "or"} for w in sentence[m.end():start].split())
