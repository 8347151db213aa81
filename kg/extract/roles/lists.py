"""Coordinated lists around a mention: the list a mention closes ("including A, B and X") and the
list it opens ("X, Y and Z serve as baselines"), so that a cue before or after the list reaches every item.
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues, fold

SUBJECT_LIST = re.compile(r"(?:[\w+.'()-]+(?:,\s*|\s+))*")  # names, commas, "and"/"or" (words too): one parse, linear
SUBJECT_REACH = 80
LIST_STOP = frozenset("a an the of for in on at to by with from as such including include includes like e.g. e.g., i.e. "
                      "and or than over via using is are was were be been we our its their these this that those which "
                      "both between whereas while versus vs vs. also then each other".split())
_LIST_ITEM_WORDS = 4
_LIST_ITEMS = 12
_CUE_SPAN = 30  # how far back a cue of several words that ends at a list word may start

# the list a mention closes
_LIST_SEPARATOR = re.compile(r"(?:,\s*(?:and|or)\s+|,\s*|\s+(?:and|or)\s+)$")
_LIST_WORD = re.compile(r"[\w+.'’*/-]+$")
_LIST_PAREN = re.compile(r"\s*\([^()]{1,40}\)$")

# the list a mention opens
_TAIL_SEPARATOR = re.compile(r"\s*,\s*(?:and|or)\s+|\s*,\s*|\s+(?:and|or)\s+")
_TAIL_OPENERS = (",", " ,", " and ", " or ")
# the first words of what can follow a list and speak for its items (``builds_on_after``, ``compared_after``,
# a figure): a list is read only when one of them is near (a prefilter: keep it a superset of those openings)
_TAIL_CUE = re.compile(r"\b(?:as|baselines?|outperformed|surpassed|beaten|dominated|exceeded|compared|comparison|versus|vs|"
                       r"against|relative|reach\w*|achiev\w*|attain\w*|obtain\w*|scores?|gets?|yields?|stays?|backbones?|"
                       r"encoders?|decoders?|layers?|blocks?|modules?|heads?|architectures?|surrogates?|special)\b")
_TAIL_REACH = 120
_TAIL_WORD = re.compile(r"[\w+.'’*/-]+")
# words that end a list's last item ("A, B and C against D": D is no item)
_TAIL_STOP = LIST_STOP | frozenset("against over across into onto under within without through among per after before during "
                                   "beyond toward towards outperform outperforms outperformed".split())


def cued_tail(sentence: str, end: int) -> list[int] | tuple[()]:
    """The list the mention opens when a phrase that could speak for its items is near ("X, Y and
    Z serve as baselines"), as :func:`list_tail` gives it; () otherwise."""
    if sentence.startswith(_TAIL_OPENERS, end) and _TAIL_CUE.search(sentence, end, end + _TAIL_REACH) is not None:
        return list_tail(sentence, end)
    return ()


def list_tail(sentence: str, end: int) -> list[int]:
    """Where the words of the last item of a list the mention opens end ("X, Y and Z serve as
    baselines"): a phrase after the list that says what its items are says it of X too. Items are
    short phrases (at most four words, none a function word or preposition); [] when no list follows."""
    ends, pos = [], end
    for _ in range(_LIST_ITEMS):
        sep = _TAIL_SEPARATOR.match(sentence, pos)
        if sep is None:
            break
        pos, item = sep.end(), []
        for _ in range(_LIST_ITEM_WORDS):
            w = _TAIL_WORD.match(sentence, pos)
            if w is None or w.group() in _TAIL_STOP:
                break
            item.append(w.end())
            pos = w.end()
            if not sentence.startswith(" ", pos) or _TAIL_SEPARATOR.match(sentence, pos):
                break
            pos += 1
        if not item:
            break
        ends = item  # what follows the list follows its last item
        pos = item[-1]
    return ends


def said_after(pattern, sentence: str, end: int, tail) -> bool:
    """Does ``pattern`` follow the mention, or the list it opens?"""
    return pattern.match(sentence, end) is not None or bool(tail) and any(pattern.match(sentence, p) for p in tail)


def _closes_cue(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """Does the word at ``sentence[start:end]`` close a cue of several words ("we benchmark",
    "we use")? Then it is the list's verb, not an item of the list."""
    lo = max(0, start - _CUE_SPAN)
    return any(m.end() == end and m.start() < start for p in (cues.studied, cues.compared, cues.builds_on)
               for m in p.finditer(sentence, lo, end))


def list_head(sentence: str, start: int, cues: Cues) -> int:
    """Where the coordinated list the mention closes begins ("including A, B, C and X",
    "outperforms focal loss and X"): the list's cue reaches every item, and a cue word inside
    an earlier item ("focal loss") is no cue. Items are short phrases (at most four words,
    none a function word or a cue word); returns ``start`` when the mention ends no list."""
    head = start
    for _ in range(_LIST_ITEMS):
        sep = _LIST_SEPARATOR.search(sentence, max(0, head - 8), head)
        if sep is None:
            return head
        pos, item = sep.start(), None
        paren = _LIST_PAREN.search(sentence, max(0, pos - 44), pos)
        if paren is not None:
            pos = paren.start()
        for _ in range(_LIST_ITEM_WORDS):
            w = _LIST_WORD.search(sentence, max(0, pos - 40), pos)
            if w is None or w.group() in LIST_STOP or cues.compared.search(w.group()) or cues.builds_on.search(w.group()) \
                    or cues.studied.search(w.group()) and fold(w.group()) != "loss" or cues.background.search(w.group()) \
                    or _closes_cue(sentence, w.start(), w.end(), cues):
                break
            item = w.start()
            if w.start() == 0 or sentence[w.start() - 1] != " ":
                break
            pos = w.start() - 1
        if item is None:
            return head
        head = item
    return head
