"""Small pieces the role modules share: the role order, a last-match search and a few clause words.

All patterns match folded text (:func:`kg.extract.cues.fold`).
"""
from __future__ import annotations

import re

ROLE_PRIORITY = {"builds_on": 3, "compared": 2, "studied": 1, "mentioned": 0}
# between "we propose X" and a mention: the mention is other people's work the proposal sets itself against
OTHERS_WORK = re.compile(r"\b(?:where|when|whose|in which|for which|without|fails?|struggles?|suffers?|limitations?|drawbacks?)\b")
# "we show that the gain vanishes when X is used": X is the finding's condition, not its subject
CONDITION = re.compile(r"\b(?:when|whenever|if|unless|once)\b")
# "compare X with Y", "benchmark A and B against Y": what the tested objects are compared with
COMPARED_WITH = re.compile(r"\s+(?:with|to|against)\s+(?!our\b|ours\b|the proposed\b)")
COMPLEMENT_END = ("that", "why", "how")  # a finding verb that takes a clause: "we show that", "we explain why"


def last(pattern, text: str, lo: int, end: int):
    """The last match of ``pattern`` in ``text[lo:end]``, or None."""
    best = None
    for m in pattern.finditer(text, lo, end):
        best = m
    return best
