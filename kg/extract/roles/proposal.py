"""The clause that proposes the paper's method ("We propose FooNet, which ... X") and the sentences that
go on describing it: an algorithm no cue governs there is part of the method.
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues
from kg.extract.roles.base import OTHERS_WORK, last

# "we propose FooNet, in which a diffusion model ...": a relative clause right after the proposed
# name describes the proposal itself, not a setting ("for domains where MCTS is too slow")
_OWN_RELATIVE = re.compile(r"where|whose|in which")
_HEAD_REACH = 30  # how far before the relative word its head noun may start
# "a detector for sensor networks where ...": a head that a preposition makes the setting, not a part
_SETTING_OBJECT = re.compile(r"\b(?:for|in|on|across|under|over|to|of)\s+(?:[\w-]+\s+){0,2}$")
# ("we propose FooNet, a normalizing flow whose ...": an appositive may say what kind of method it is)
_PROPOSED_OBJECT = re.compile(r"\s*(?:(?:a|an|the) )?[\w+.'-]+(?: (?!(?:for|in|on|to|with|of|under|where|when)\b)[\w+.'-]+){0,5}(?: \([^()]{1,60}\))?,\s*"
                              r"(?:(?:a|an) [\w+.'-]+(?: (?!(?:for|in|on|to|with|of|under|where|when|that|which|whose)\b)[\w+.'-]+){0,4}\s+)?")
# in a sentence describing the paper's method, words that set a mention apart from it ("It needs no MCTS",
# "It is compatible with FlashAttention": what it works alongside is not part of it)
_SET_APART = re.compile(r"\b(?:not|no|never|nor|without|instead|rather than|unlike|avoid\w*|eliminat\w*|remov\w*|replac\w*|drop\w*|discard\w*|"
                        r"(?:compatible|combinable) with|orthogonal to|complementary to|agnostic to)\b")


# "we instantiate", "we then combine the learned reward with": a builds_on cue whose subject is the paper ("we")
_WE_BEFORE = re.compile(r"\bwe\s+(?:[\w-]+\s+){0,4}$")
_WE_REACH = 45

# "our PPO agent", "the proposed Transformer encoder": the paper's own part, named after X
_OWN_DETERMINER = re.compile(r"\b(?:our|the proposed)\s+(?:[\w-]+\s+)?$")
_OWN_REACH = 30


def own_component(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """"Our PPO agent trained on ...", "our GNN encoder": is the mention the name of a part of the
    paper's own method (its determiner is "our", a component noun follows)?"""
    return cues.own_component.match(sentence, end) is not None \
        and _OWN_DETERMINER.search(sentence, max(0, start - _OWN_REACH), start) is not None


def others_work(sentence: str, lo: int, end: int, cues: Cues):
    """The first word in ``sentence[lo:end]`` that calls what follows other people's work or a setting
    ("for domains where", "without"), skipping a relative clause on a part of a method ("a world
    model where an RSSM predicts", "steps whose proposals are HMC kernels"), or None."""
    for m in OTHERS_WORK.finditer(sentence, lo, end):
        if not (_OWN_RELATIVE.match(m.group()) and _own_relative_at(sentence, m, cues)):
            return m
    return None


def _own_relative_at(sentence: str, m, cues: Cues) -> bool:
    """Is the relative word ``m`` ("where", "whose", "in which") headed by a part of a method ("a model whose")?"""
    head = cues.own_relative.search(sentence, max(0, m.start() - _HEAD_REACH), m.end())
    return head is not None and head.end() == m.end() \
        and _SETTING_OBJECT.search(sentence, max(0, head.start() - _HEAD_REACH), head.start()) is None


def last_proposal(pattern, sentence: str, lo: int, start: int, cues: Cues):
    """The last proposal (``pattern``) in ``sentence[lo:start]``, unless the words from it to
    the mention set the mention apart ("we propose X for domains where MCTS is too slow")."""
    m = last(pattern, sentence, lo, start)
    if m is None:
        return None
    others = others_work(sentence, m.end(), start, cues)
    if others is not None and not (_OWN_RELATIVE.match(others.group())
                                   and _PROPOSED_OBJECT.fullmatch(sentence, m.end(), others.start())
                                   and others_work(sentence, others.end(), start, cues) is None):
        return None
    return m


def in_proposal(sentence: str, clause: int, start: int, cues: Cues) -> bool:
    """"We propose FooNet, which ... with X": in the clause that introduces the paper's method,
    an algorithm that no cue governs is part of that method (``clause`` is the clause's start)."""
    m = last_proposal(cues.new_method, sentence, clause, start, cues)
    return m is not None and cues.background.search(sentence, m.end(), start) is None


def in_own_use(sentence: str, clause: int, start: int, cues: Cues) -> bool:
    """"We instantiate FooBO with EI, UCB and Thompson sampling as base acquisitions and a Gaussian
    process surrogate": in a clause where "we" use something (a builds_on cue after "we"), is a
    mention farther on than the cue window still one of the things used? Only if nothing between
    the cue and the mention compares, analyses, sets apart or calls it other people's work."""
    m = last(cues.builds_on, sentence, clause, start)
    if m is None:
        return False
    we = m if m.group().startswith("we ") else _WE_BEFORE.search(sentence, max(clause, m.start() - _WE_REACH), m.start())
    if we is None or cues.studied.search(sentence, we.start(), m.start()):  # "we show that random search with ...": a finding, no use
        return False
    return not any(p.search(sentence, m.end(), start) for p in (cues.compared, cues.studied, cues.background, _SET_APART)) \
        and others_work(sentence, m.end(), start, cues) is None


def part_of_description(sentence: str, start: int, cues: Cues) -> bool:
    """In a sentence that goes on describing the method ("Its encoder is a GIN"), is the mention
    part of it: nothing before it sets it apart or calls it other people's work?"""
    return _SET_APART.search(sentence, 0, start) is None and others_work(sentence, 0, start, cues) is None \
        and cues.background.search(sentence, 0, start) is None


def describes_proposal(openers: list[bool], proposals: list[bool]) -> list[bool]:
    """Which sentences go on describing the method a proposal sentence introduced: those that
    open like a description (``openers``: "The encoder ...", "It ...") right after a proposal
    (``proposals``: "We present FooNet.") or after another such sentence.

    >>> describes_proposal([False, True, True, False, True], [True, False, False, False, False])
    [False, True, True, False, False]
    """
    out, prev = [], False
    for opener, proposes in zip(openers, proposals):
        cur = opener and prev
        out.append(cur)
        prev = proposes or cur
    return out
