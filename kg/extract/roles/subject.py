"""An opening sentence whose subject is the algorithm and which states its limitation:
"Diffusion models generate high-quality images but require many network evaluations",
"Direct Preference Optimization (DPO) aligns ..., yet it ...". A paper that names a method
of its own and opens so sets out to remedy that algorithm: it builds on it, when nothing else
in the abstract gives the algorithm a role.

And the subject of a later sentence ("Surprisingly, DLinear remains competitive ..."): in a paper
that proposes nothing, what its findings are about is what it studies.
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues

# at most two modifiers before the subject ("Text-to-image diffusion models", "Sparse mixture-of-experts")
_MODIFIERS = re.compile(r"\s*(?:[\w-]+\s+){0,2}")
# a short lead-in before the subject: "Surprisingly, ", "Under monotonicity, ", "On long horizons, "
_LEAD_IN = re.compile(r"(?:[\w-]+\s+){0,3}?[\w-]+,\s*")
_ARTICLE = re.compile(r"(?:a|an|the)\s+")


def limited_subject(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """Is the mention at ``sentence[start:end]`` (folded) the subject that opens the sentence, on
    its own (not "X and Y", "X such as A", "X-based"), and does the sentence go on to a limitation
    ("but", "yet", "however")?"""
    before = sentence[:start]
    if _MODIFIERS.fullmatch(before) is None or cues.not_subject_modifier.search(before) is not None:
        return False
    if cues.subject_list_after.match(sentence, end) is not None or cues.builds_on_suffix.match(sentence, end) is not None:
        return False
    return cues.limitation.search(sentence, end) is not None


def leading_subject(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """Does the mention (or the list it closes, from ``start``) open the folded ``sentence`` as its
    subject, after at most a short lead-in and two modifiers ("Surprisingly, a tuned X remains ...",
    "A and X recover ...")? "X-based methods ..." has another subject."""
    lead = _LEAD_IN.match(sentence)
    pos = lead.end() if lead is not None and lead.end() <= start else 0
    article = _ARTICLE.match(sentence, pos)
    if article is not None and article.end() <= start:
        if article.end() == start and not article.group().startswith("the"):
            return False  # "A Transformer scores every candidate": one instance in the setup, not what is found
        pos = article.end()
    before = sentence[pos:start]
    return _MODIFIERS.fullmatch(before) is not None and cues.not_subject_modifier.search(before) is None \
        and cues.builds_on_suffix.match(sentence, end) is None
