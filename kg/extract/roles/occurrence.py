"""The role of one occurrence of an algorithm, and of the algorithm in the whole paper.

Per occurrence the cue nearest before the mention decides (``-based``/``-class`` right
after it means builds_on); per paper the strongest role over all occurrences wins.
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues, fold
from kg.extract.roles.base import ROLE_PRIORITY, last
from kg.extract.roles.guards import (absent, assumed, compared_jointly, figures_compared, governing_cues, measured_change,
                                     rated_subject, replaced, rival_finding, second_compared_complement, tested_object,
                                     used_elsewhere, yardstick)
from kg.extract.roles.lists import cued_tail, list_head, said_after
from kg.extract.roles.openings import concessive_compared, contrast_clause, contrast_cut, opening_role
from kg.extract.roles.proposal import in_own_use, in_proposal, own_component, part_of_description
from kg.extract.roles.subject import limited_subject

_WINDOW = 70
_CLAUSE_REACH = 300  # how far back a proposal ("we propose X, which ...") reaches a mention no nearer cue governs
# a clause boundary: a cue before it does not reach a mention after it
_BOUNDARY = re.compile(r";|,\s*(?=(?:but|whereas|although|though|yet)\b)|,\s*and\s+(?=we\b)")  # "but"/"whereas" stay in reach
_VERB_REACH = 90  # "improves A, B and X": how far back a verb whose direct object (list) the mention closes may start
_ADJACENT = 25  # "existing PPO-based": a background word this close qualifies the mention itself


def occurrence_role(sentence: str, start: int, end: int, cues: Cues, *, own: bool = True,
                    describes: bool = False, own_names: frozenset[str] = frozenset(), study: bool = False) -> tuple[str, float]:
    """Role and confidence of one mention at ``sentence[start:end]``.

    ``own`` says whether the sentence is about the paper's own work (we/our/its method's
    name): only then does "based on X" or "X-style" mean the paper builds on X.
    ``describes`` says the sentence goes on describing the method just proposed ("We present
    FooNet. Its encoder ... a GIN"): an algorithm no cue governs there is part of that method.
    ``own_names`` (folded) name the paper's own methods: "we show that FooNet ..." is no study of X.
    ``study`` says the paper proposes nothing of its own: what it compares with each other ("we
    compare A, B and C") is what it studies.
    """
    role, conf = folded_role(fold(sentence), start, end, cues, describes=describes, own_names=own_names, study=study)
    if role == "builds_on" and not own:
        return "mentioned", 0.55
    return role, conf


def folded_role(sentence: str, start: int, end: int, cues: Cues, *, describes: bool = False,
                own_names: frozenset[str] = frozenset(), study: bool = False) -> tuple[str, float]:
    """:func:`occurrence_role` on a folded sentence, before the sentence's owner is considered."""
    # the list a mention opens ("X, Y and Z serve as baselines"): what follows it speaks for X
    tail = cued_tail(sentence, end)
    decided = opening_role(sentence, start, end, tail)
    if decided is not None:
        return decided
    if absent(sentence, start) or yardstick(sentence, start, end):  # "uses no X", "under the X hierarchy"
        return "mentioned", 0.65
    if own_component(sentence, start, end, cues):  # "our PPO agent"
        return "builds_on", 0.8
    improved = improved_object(sentence, start, cues)
    # a mention that closes a list ("A, B and X") takes the role of the whole list
    start = list_head(sentence, start, cues)
    if study and compared_jointly(sentence, start, end, cues):  # "we compare A, B and X on ..."
        return "studied", 0.75
    if not study and rated_subject(sentence, start, end, cues):  # "X, which needs no draft model, reaches only 1.7×"
        return "compared", 0.75
    if contrast_clause(sentence, start, end, cues):  # "..., where X diverges"
        return "compared", 0.75
    if replaced(sentence, start, end) or used_elsewhere(sentence, start):  # "replaces the GRU updater with ...", "as used in X"
        return "mentioned", 0.6
    scope = _scope(sentence, start)
    if scope is None:  # inside "Compared with X and Y, ..."
        return "compared", 0.8
    lo, clause = scope
    if concessive_compared(sentence, end, cues):
        return "compared", 0.75
    background = last(cues.background, sentence, lo, start)
    matches = governing_cues(sentence, start, end, lo, clause, background, cues, own_names)
    rival = not study and rival_finding(sentence, matches["studied"], start, end)  # "we find that X plateaus ..."
    if rival:
        matches["studied"] = None
    dists = {role: start - m.end() for role, m in matches.items() if m is not None}
    if rival:
        dists["compared"] = 0
    # a row of figures may run past the cue window ("compared with 52% for A alone, 61% for B fine-tuning and 70% for X")
    figures_cue = matches["compared"]
    if figures_cue is None and sentence.find("for", clause, start) != -1:  # a row of figures ends "... for X"
        figures_cue = last(cues.compared, sentence, clause, start)
    if measured_change(sentence, lo, start, end) or figures_compared(sentence, figures_cue, start):
        dists["compared"] = 0  # "reduces the error of X by 9%", "compared with 41% for X-based attacks"
    if improved:
        dists["builds_on"] = 0  # "improves GCN and GIN by 6%": the method is applied to X (wins the tie with a measured change)
    elif second_compared_complement(sentence, start, clause, cues):
        dists["compared"] = 0  # "compare it with A under sparse data and with the X algorithm": X is compared as A is
    decided = _property_role(sentence, lo, start, end, dists, cues) or _suffix_role(sentence, start, end, dists, tail, background, cues)
    if decided is not None:
        return decided
    # "PPO as a baseline" / "PPO is outperformed by" / "than PPO" after the mention
    if said_after(cues.compared_after, sentence, end, tail) and not tested_object(sentence, start, end, tail, cues):
        dists["compared"] = 0
    if not dists:
        return _uncued_role(sentence, start, end, clause, describes, cues, study=study)
    role = min(dists, key=lambda r: (dists[r], -ROLE_PRIORITY[r]))
    return role, 0.8 if dists[role] < 30 else 0.65


def improved_object(sentence: str, start: int, cues: Cues) -> bool:
    """Is the mention at ``start`` (or the list it closes) the direct object of a verb of
    improvement ("FooNet improves GCN and GIN by 6%", "accelerates EAGLE-2 by 1.3x"), or the owner of
    the figure such a verb raises ("improves the test accuracy of GCN by 3 points and that of GAT by
    2")? The paper's method is applied to X, so it builds on X; "improves on X" and "improves over X"
    are comparisons, which this does not match, and so is lowering X's error ("reduces the error of X")."""
    return cues.improved_object.search(sentence, max(0, start - _VERB_REACH), start) is not None


def _scope(sentence: str, start: int) -> tuple[int, int] | None:
    """``(lo, clause)``: where the cue window and the mention's clause start (bounded: linear time
    on hostile text). A contrast opening and a clause boundary cut both; None when the mention is
    inside the contrast opening itself ("Compared with X and Y, ...")."""
    lo = max(0, start - _WINDOW)
    clause = max(0, start - _CLAUSE_REACH)
    cut = contrast_cut(sentence)
    if cut is not None:
        if cut == -1 or start < cut:
            return None
        lo = max(lo, cut + 1)
        clause = max(clause, cut + 1)
    boundary = last(_BOUNDARY, sentence, clause, start)
    if boundary is not None:
        clause = boundary.end()
        lo = max(lo, clause)
    return lo, clause


def _property_role(sentence: str, lo: int, start: int, end: int, dists: dict, cues: Cues) -> tuple[str, float] | None:
    """"The sample complexity of X" is the subject of analysis, unless compared ("matches the
    complexity of X"), remedied ("improve the stability of X") or assumed ("the dynamics of A under
    X"); None if no nearer cue is such a property."""
    prop = last(cues.studied_property, sentence, lo, start)
    if prop is None or start - prop.end() >= min(dists.values(), default=_WINDOW + 1) or assumed(sentence, prop.end(), start, end) \
            or cues.remedy.search(sentence, max(0, prop.start() - 30), prop.start()):
        return None
    return ("compared", 0.75) if "compared" in dists else ("studied", 0.75)


def _suffix_role(sentence: str, start: int, end: int, dists: dict, tail, background, cues: Cues) -> tuple[str, float] | None:
    """"PPO-based", "PPO-style", "PPO as the backbone": a use said right after the mention. "We analyse
    PPO-style clipping" is studied, "outperforms PPO-based methods" compared, "existing PPO-based
    methods" no use (None, as when nothing of the kind follows)."""
    suffix = cues.builds_on_suffix.match(sentence, end)
    if suffix is None and not said_after(cues.builds_on_after, sentence, end, tail):
        return None
    if "studied" in dists and dists["studied"] < dists.get("builds_on", _WINDOW + 1):
        return "studied", 0.8
    if dists.get("compared", _WINDOW + 1) <= _ADJACENT and dists["compared"] < dists.get("builds_on", _WINDOW + 1) \
            or cues.compared_after.match(sentence, suffix.end() if suffix else end):
        return "compared", 0.8
    qualified = background is not None and start - background.end() <= _ADJACENT  # "existing X-based methods"
    return None if qualified else ("builds_on", 0.85)


def _uncued_role(sentence: str, start: int, end: int, clause: int, describes: bool, cues: Cues, *,
                 study: bool = False) -> tuple[str, float]:
    """The role of a mention no cue governs: part of the method the clause proposes, the sentence
    describes or "we" use in the clause, the algorithm's own objective ("the MuZero loss"), in a paper
    that proposes nothing the subject of a sentence that goes on to its limitation ("Adam is the default
    optimizer, yet its guarantees ..."), which the paper then studies, else mentioned."""
    if in_proposal(sentence, clause, start, cues) or describes and clause == 0 and part_of_description(sentence, start, cues) \
            or in_own_use(sentence, clause, start, cues):
        return "builds_on", 0.6
    if cues.studied_after.match(sentence, end) or study and limited_subject(sentence, start, end, cues):
        return "studied", 0.65
    return "mentioned", 0.6


def paper_role(roles: list[tuple[str, float]], *, proposes_named: bool = True, sentences: int = 1) -> tuple[str, float]:
    """Strongest role over a paper's occurrences of one concept.

    A paper that names no method of its own and returns to an algorithm in several
    ``sentences`` is studying it ("we analyze DQNs", "the MuZero loss"); there, an algorithm
    it studies and also sets against another ("We benchmark A and X ... A beats X") is one of
    the objects of the study, not a baseline.

    >>> paper_role([("studied", 0.8), ("compared", 0.8)], proposes_named=False)
    ('studied', 0.8)
    """
    role, conf = max(roles, key=lambda rc: (ROLE_PRIORITY[rc[0]], rc[1]))
    if not proposes_named and role == "mentioned" and sentences >= 2:
        return "studied", 0.6
    if not proposes_named and role == "compared" and any(r == "studied" for r, _ in roles):
        return max((rc for rc in roles if rc[0] == "studied"), key=lambda rc: rc[1])
    return role, conf
