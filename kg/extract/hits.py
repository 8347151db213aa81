"""The annotation record the extraction components put on a Doc (``doc._.kg_hits``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hit:
    """One occurrence of a concept in the cleaned text of an abstract.

    ``start``/``end`` are character offsets into the cleaned text (``doc.text``).
    ``key`` groups occurrences of one concept within the paper (lexicon id, or the
    normalised short name of a discovered concept).
    """

    start: int
    end: int
    text: str
    type: str
    key: str
    extractor: str
    confidence: float
    lexicon_id: str | None = None
    proposed: bool = False
    long: str | None = None  #: long form when this hit is an abbreviation definition
    also_benchmark: bool = False  #: a proposed benchmark/dataset/platform
    parent: str | None = None  #: lexicon id of the concept this one is a variant of
    short_of_tail: bool = False  #: the short form abbreviates only the last words of ``long`` ("Safe offline RL")

    def with_(self, **kw) -> "Hit":
        return Hit(**{**self.__dict__, **kw})  # as dataclasses.replace, several times faster
