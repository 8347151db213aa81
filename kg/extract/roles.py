"""The role an algorithm plays in a paper: builds_on, compared, studied or mentioned.

Per occurrence the cue nearest before the mention decides (``-based``/``-class`` right
after it means builds_on); per paper the strongest role over all occurrences wins.

>>> from kg.extract.cues import load_cues
>>> c = load_cues()
>>> s = "Our method outperforms PPO and is based on MuZero."
>>> occurrence_role(s, s.index("PPO"), s.index("PPO") + 3, c)[0], occurrence_role(s, s.index("MuZero"), s.index("MuZero") + 6, c)[0]
('compared', 'builds_on')
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues, fold

ROLE_PRIORITY = {"builds_on": 3, "compared": 2, "studied": 1, "mentioned": 0}
_WINDOW = 70


def _nearest(pattern, text: str, end: int) -> int | None:
    """Distance from the last match of ``pattern`` in ``text[:end]`` to ``end``."""
    best = None
    for m in pattern.finditer(text, max(0, end - _WINDOW), end):
        best = end - m.end()
    return best


# on folded text
_CONTRAST_OPENING = re.compile(r"^\s*(?:compared (?:with|to)|in comparison (?:with|to)|unlike|in contrast to|relative to|as opposed to)\b")
_MAIN_CLAUSE = re.compile(r",\s+(?:we|our|the proposed|this|it)\b")


def _min(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else min(a, b)


def occurrence_role(sentence: str, start: int, end: int, cues: Cues, *, own: bool = True) -> tuple[str, float]:
    """Role and confidence of one mention at ``sentence[start:end]``.

    ``own`` says whether the sentence is about the paper's own work (we/our/its method's
    name): only then does "based on X" or "X-style" mean the paper builds on X.
    """
    role, conf = _occurrence_role(fold(sentence), start, end, cues)
    if role == "builds_on" and not own:
        return "mentioned", 0.55
    return role, conf


def _occurrence_role(sentence: str, start: int, end: int, cues: Cues) -> tuple[str, float]:
    if cues.builds_on_suffix.match(sentence, end):
        return "builds_on", 0.85
    if _CONTRAST_OPENING.match(sentence):
        main = _MAIN_CLAUSE.search(sentence)
        if main is None or start < main.start():
            return "compared", 0.8
    dists = {
        role: d
        for role, d in (
            ("builds_on", _min(_nearest(cues.builds_on, sentence, start), _nearest(cues.proposal, sentence, start))),
            ("compared", _nearest(cues.compared, sentence, start)),
            ("studied", _nearest(cues.studied, sentence, start)),
        )
        if d is not None
    }
    # "than PPO" / "PPO as a baseline" after the mention also mark a comparison
    after = sentence[end: end + 30]
    if cues.compared.match(after.lstrip(" ,")) or " as baseline" in after or " as a baseline" in after:
        dists.setdefault("compared", 0)
    if not dists:
        return "mentioned", 0.6
    role = min(dists, key=lambda r: (dists[r], -ROLE_PRIORITY[r]))
    return role, 0.8 if dists[role] < 30 else 0.65


def paper_role(roles: list[tuple[str, float]], *, proposes_named: bool = True, sentences: int = 1) -> tuple[str, float]:
    """Strongest role over a paper's occurrences of one concept.

    A paper that names no method of its own and returns to an algorithm in several
    ``sentences`` is studying it ("we analyze DQNs", "the MuZero loss").
    """
    role, conf = max(roles, key=lambda rc: (ROLE_PRIORITY[rc[0]], rc[1]))
    if not proposes_named and role == "mentioned" and sentences >= 2:
        return "studied", 0.6
    return role, conf
