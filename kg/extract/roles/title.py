"""What a paper's title says of an algorithm it names: studied ("On the Convergence of X"),
builds_on ("Improving X with ...") or nothing.
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues, fold
from kg.extract.roles.base import last
from kg.extract.roles.occurrence import folded_role

TITLE_REACH = 300  # a title is read up to this many characters (bounded on hostile input)
_TITLE_SEPARATOR = re.compile(r"[:?!]|\s[-–—]+\s|\.\s")
_NOUN_REACH = 30  # "Convergence Rates for Adam": the analysis noun is this close before the mention
_EFFECT_SUBJECT = 5  # "How Estimated Likelihood Ratios Break X": at most this many words before the verb
_PREVIOUS_WORD = re.compile(r"([\w-]+)\W*$")
# "Thompson Sampling Is Robust to ...", "Adam Can Diverge", "X for Y Depend on ...": a title that
# states something of X, its subject, is a study of X (on folded text, matched right after X)
_TITLE_STATEMENT = re.compile(
    r"(?:\s+[\w-]+){0,3}?\s+(?:is|are|can|cannot|do|does|did|will|may|might|must|provably|secretly|implicitly|"
    r"fail|fails|learn|learns|depend|depends|converge|converges|generali[sz]e|generali[sz]es|overfit|overfits|"
    r"memori[sz]e|memori[sz]es|suffer|suffers|struggle|struggles|collapse|collapses|break|breaks|forget|forgets|"
    r"behave|behaves|underperform|underperforms|exploit|exploits|prefer|prefers|favor|favors|find|finds|solve|solves|"
    r"approximate|approximates|implement|implements|emulate|emulates|mimic|mimics|succeed|succeeds|outperform|outperforms|"
    r"help|helps|hurt|hurts|work|works|scale|scales)\b")
# "Exploration with RND Fails under Noise": a failure said of a phrase naming X is said of X
_TITLE_FAILURE = re.compile(
    r"(?:\s+[\w-]+){0,3}?\s+(?:fails?|breaks?|collapses?|struggles?|suffers?|overfits?|forgets?|underperforms?|diverges?)\b")
_TITLE_FUNCTION_WORDS = frozenset("a an the of for in on at to by with under from and or does do did is are was were can "
                                  "could should will would must how why when what which meets meet via using through as into "
                                  "help helps hurt hurts affect affects benefit benefits matter".split())


def _qualified(title: str, seg: int, start: int, cues: Cues) -> bool:
    """Does a capitalised modifier make the title's name a variant ("Distributional Q-Learning")?"""
    prev = _PREVIOUS_WORD.search(title, max(seg, start - 40), start)
    if prev is None or not prev.group(1)[:1].isupper():
        return False
    word = fold(prev.group(1))
    return word not in _TITLE_FUNCTION_WORDS and not cues.title_studied_opening.fullmatch(word)


def _effect_object(before: str, cues: Cues) -> bool:
    """"Label Noise Breaks X", "How Estimated Weights Undermine X": is the name the object of a verb
    saying what something does to it (its subject, a few words, opens the segment)? A study of X;
    the verb is no modifier that makes X a variant."""
    verb = cues.title_effect_verb.search(before)
    return verb is not None and 0 < len(before[:verb.start()].split()) <= _EFFECT_SUBJECT


def _title_subject(title: str, t: str, seg: int, start: int, end: int, seg_end: int) -> bool:
    """Is the name the subject of a title that states something of it ("Thompson Sampling Is
    Robust ...")? At most three words, none a function word, come before it in its segment."""
    words = t[seg:start].split()
    if len(words) <= 4 and _TITLE_FAILURE.match(t, end, seg_end) is not None:
        return True
    if len(words) > 3 or any(w in _TITLE_FUNCTION_WORDS for w in words):
        return False
    m = _TITLE_STATEMENT.match(t, end, seg_end)
    return m is not None and not any(w in ("of", "with", "via", "using", "through", "by")
                                     for w in t[end:m.end()].split()[:-1])


def title_span(title: str, forms) -> tuple[int, int] | None:
    """The first place the title names the concept, as one of its ``forms`` (whole words; a
    plural "s" and a hyphenated suffix may follow: "Transformers", "PPO-based"). Acronyms
    match in their case, longer names in any case."""
    low = fold(title)
    best = None
    for form in forms:
        if len(form) < 2:
            continue
        hay, needle = (title, form) if sum(map(str.isupper, form)) >= 2 or len(form) <= 4 else (low, fold(form))
        i = hay.find(needle)
        while i != -1:
            j = i + len(needle)
            if j < len(hay) and hay[j] == "s" and (j + 1 == len(hay) or not hay[j + 1].isalnum()):
                j += 1
            if (i == 0 or not (hay[i - 1].isalnum() or hay[i - 1] == "-")) and (j == len(hay) or not hay[j].isalnum()):
                if best is None or i < best[0]:
                    best = (i, j)
                break
            i = hay.find(needle, i + 1)
    return best


def _segment(t: str, start: int, end: int):
    """``(seg, seg_end, after)``: where the title segment holding ``t[start:end]`` starts (past its
    blanks) and ends, and the separator that closes it (None at the title's end)."""
    seps = list(_TITLE_SEPARATOR.finditer(t))
    seg = max((m.end() for m in seps if m.end() <= start), default=0)
    after = next((m for m in seps if m.start() >= end), None)
    seg_end = after.start() if after is not None else len(t)
    while seg < start and t[seg].isspace():
        seg += 1
    return seg, seg_end, after


def _set_apart(t: str, seg: int, start: int, end: int, seg_end: int, cues: Cues) -> bool:
    """"Beyond X", "X Is Not Enough", "X-free": does the (folded) title set the name apart?"""
    return cues.title_set_apart_before.search(t[seg:start]) is not None or cues.title_set_apart_after.match(t, end, seg_end) is not None


def title_sets_apart(title: str, start: int, end: int, cues: Cues) -> bool:
    """Does the title set the algorithm it names at ``title[start:end]`` apart from the paper ("Beyond
    X: ...", "Do We Need X?")? Then the abstract's opening about X is no remedy of X."""
    t = fold(title)
    seg, seg_end, _ = _segment(t, start, end)
    return _set_apart(t, seg, start, end, seg_end, cues)


def title_states(title: str, start: int, end: int, cues: Cues) -> bool:
    """Does the title make the algorithm it names at ``title[start:end]`` the subject of what it states
    or asks ("Why Does X Fail?", "X Can Diverge: ...", "What Goes Wrong in X?")? Such a title says the
    paper studies X, even when the paper goes on to propose a fix of its own; an analysis gerund
    ("Explaining GNNs with Shapley Values") does not: there X is what the paper's method is applied to.
    """
    t = fold(title)
    seg, seg_end, after = _segment(t, start, end)
    if _set_apart(t, seg, start, end, seg_end, cues) or _qualified(title, seg, start, cues):
        return False
    question = after is not None and after.group() == "?" and cues.title_question.match(t, seg, start) is not None
    return question or _title_subject(title, t, seg, start, end, seg_end)


def title_role(title: str, start: int, end: int, cues: Cues, *, named: bool = False,
               proposes: bool = False) -> str | None:
    """What the title says about the algorithm it names at ``title[start:end]``: ``studied``
    for an analysis title ("On the Sample Complexity of X", "Does X Overfit?", "Sharp
    Convergence Rates for X", "X Revisited"), ``builds_on`` when the paper's method improves or
    uses X ("Improving X with ...", "Offline RL via X", "FooNet: Scaling X to ..."), else None.
    ``named`` says the title opens with the name of the paper's method ("FooNet: ..."): an
    algorithm its description names, and no cue governs, is one the method builds on.
    ``proposes`` says the paper proposes a method at all: then an algorithm its title is
    about, and no cue governs, is one the method builds on ("Fast Sampling of Diffusion
    Models with Learned Step Schedules").
    "Beyond X", "X Is Not Enough", "Do We Need X?" or "X vs. Y" say nothing (None), except in a
    paper that proposes nothing, where a question or a comparison about X studies it.
    """
    t = fold(title)
    seg, seg_end, after = _segment(t, start, end)
    before = t[seg:start]
    compares = cues.compared.search(before) or cues.compared_after.match(t, end)
    if _set_apart(t, seg, start, end, seg_end, cues) or compares:
        # a paper proposing nothing asks of X ("Is X Necessary for ...?", "Are Y Better than X?") or
        # sets it against another ("X versus Y"): a study of X
        question = after is not None and after.group() == "?"
        return "studied" if not proposes and (question or compares) else None
    if cues.title_builds_on_verb.search(before):  # also "Understanding and Improving X"
        return "builds_on"
    if _title_subject(title, t, seg, start, end, seg_end):
        return None if _qualified(title, seg, start, cues) else "studied"
    if _effect_object(before, cues):
        return "studied"
    noun = last(cues.title_studied_noun, t, seg, start) or last(cues.studied_property, t, seg, start)
    analysis = cues.title_studied_opening.match(t, seg, start) \
        or (after is not None and after.group() == "?" and cues.title_question.match(t, seg, start)) \
        or (noun is not None and start - noun.end() <= _NOUN_REACH  # not "Faster Convergence of X": a remedy
            and cues.comparative.search(t, max(seg, noun.start() - 12), noun.start()) is None) \
        or cues.title_studied_tail.match(t, end, seg_end) \
        or (seg == 0 and after is not None and cues.title_studied_tail.match(t, after.end()))
    # "On the Bias of Distributional Q-Learning" studies a variant, not Q-learning
    if analysis and not _qualified(title, seg, start, cues):
        return "studied"
    role, _ = folded_role(t[seg:seg_end], start - seg, end - seg, cues)
    if role == "builds_on" or (role == "mentioned" and ((named and seg > 0) or proposes)):
        return "builds_on"
    return None
