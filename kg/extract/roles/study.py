"""What a paper that proposes no method of its own studies, where no cue next to the name says so.

- ``study_object``: "We present a large-scale evaluation of VeLO": the name after a study noun and its
  "of" is the object of the study, not a contribution of the paper;
- ``referred_back``: "Adam is the default optimizer for Transformers. ... We analyze the dynamics of
  the optimizer ...": an algorithm named once, as the subject of an opening sentence, that the
  sentence announcing the study names again by a definite description ("the optimizer", "this
  technique") or a pronoun, is what the study is about. A background mention that no study sentence
  refers back to stays background.

All patterns match folded text (:func:`kg.extract.cues.fold`).
"""
from __future__ import annotations

import re

from kg.datafiles import load_patterns
from kg.extract.cues import Cues
from kg.extract.roles.subject import leading_subject

_P = load_patterns("role_study_patterns")  # the expressions of kg/data/patterns/role_study_patterns.json, by name
_REFERENCE_REACH = 60  # the reference is this close after the study verb ("we analyze the dynamics of the optimizer")
_PRONOUN = re.compile(r"\b(?:it|its)\b")
_POSSESSIVE = re.compile(r"'s?$")
_ANNOUNCER_REACH = 40  # "in this paper we describe": the paper and its verb end right before the phrase


def study_object(text: str, lo: int, start: int) -> bool:
    """Is the name at ``start`` in the folded ``text`` the object of a study noun between ``lo`` (the end
    of a proposal cue) and it ("we present a large-scale evaluation of VeLO", "an empirical study of X")?

    >>> s = "we present a large-scale evaluation of velo on 83 tasks."
    >>> study_object(s, len("we present"), s.index("velo")), study_object("we present velo, an optimizer.", 10, 11)
    (True, False)
    """
    return _P.study_of.search(text, lo, start) is not None


def _own_head(word: str, sentence: str, end: int) -> bool:
    """Is ``word`` a head noun that refers back to the algorithm whose folded ``sentence`` names it
    up to ``end``: a generic one ("method"), or one the sentence itself uses after the name ("Adam is the
    default optimizer" -> "optimizer")?"""
    if _P.generic_heads.fullmatch(word):
        return True
    if not _P.reference_heads.fullmatch(word):
        return False
    stem = word[:-1] if word.endswith("s") else word
    return re.search(rf"\b{re.escape(stem)}s?\b", sentence[end:]) is not None


def referred_back(sentences: list[str], i: int, start: int, end: int, j: int, cues: Cues) -> bool:
    """Does folded sentence ``j`` (the paper's study announcement) refer back to the algorithm at
    ``sentences[i][start:end]``? The algorithm must open sentence ``i`` as its subject; sentence ``j``
    must say what the paper studies ("we analyze", "a study of") and, right after, name it again by a
    definite description whose head the algorithm's sentence uses ("the optimizer") or is generic ("the
    method"), or by a pronoun ("we analyze it", "its dynamics") when every sentence between keeps
    speaking of it by a pronoun.

    >>> from kg.extract.cues import load_cues
    >>> c = load_cues()
    >>> s = ["adam is the default optimizer for transformers.", "we analyze the dynamics of the optimizer."]
    >>> referred_back(s, 0, 0, 4, 1, c), referred_back(s, 0, 37, 49, 1, c)
    (True, False)
    >>> referred_back(["adam is the default optimizer.", "we analyze the training of the model."], 0, 0, 4, 1, c)
    False
    """
    if not 0 <= i < j < len(sentences):
        return False
    own = sentences[i]
    if not leading_subject(own, start, end, cues):
        return False
    target = sentences[j]
    for verb in _P.study_verb.finditer(target):
        for ref in _P.definite_reference.finditer(target, verb.start(), min(len(target), verb.end() + _REFERENCE_REACH)):
            if ref.group("pronoun"):
                if all(_PRONOUN.search(sentences[k]) for k in range(i + 1, j)):
                    return True
            elif any(_own_head(_POSSESSIVE.sub("", w), own, end) for w in ref.group("words").split()):
                return True
    return False


def without_description(sentence: str) -> str:
    """``sentence`` with "a simple", "a new" ... blanked out (same length, any case): in a paper that
    proposes nothing, such a phrase describes what the study found or used, and no proposal cue should
    read it as the announcement of a contribution; unless the paper itself announces it with a verb of
    its own ("we describe a new system"): such a paper proposes something after all.

    >>> without_description("Consequently, a simple change recovers the benefits.")
    'Consequently,          change recovers the benefits.'
    >>> without_description("A new regime emerges.")
    '      regime emerges.'
    >>> without_description("We find that a simple baseline wins."), without_description("We describe a new system.")
    ('We find that          baseline wins.', 'We describe a new system.')
    """
    def blank(m: re.Match) -> str:
        announced = _P.announcing_subject.search(sentence, max(0, m.start() - _ANNOUNCER_REACH), m.start())
        return m.group() if announced is not None else " " * len(m.group())

    return _P.descriptive_proposal.sub(blank, sentence)
