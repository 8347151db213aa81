"""Typed records that cross stage boundaries.

Every stage consumes and produces these frozen dataclasses, never loose dicts, so a
stage can be tested, cached or replaced on its own.

>>> p = Paper(id="x-01", abstract="We propose FOO.")
>>> p.label
'x-01'
"""
from __future__ import annotations

from dataclasses import dataclass, field

#: Entity types of the extraction contract (``../shared/eval/GUIDE.md``), singular.
ENTITY_TYPES = ("method", "algorithm", "model", "benchmark", "field", "metric")
#: Plural keys used in the per-paper JSON shape, in the same order.
ENTITY_KEYS = {t: t + "s" for t in ENTITY_TYPES}
ROLES = ("builds_on", "compared", "studied", "mentioned")
CLAIM_KINDS = ("empirical", "theoretical", "finding")


def evolve(record, **changes):
    """A copy of a record with some fields changed: :func:`dataclasses.replace`, several
    times faster. It copies the field values without calling ``__init__`` (a frozen
    dataclass sets each field through ``object.__setattr__``); kg's records have no
    init-only fields and no ``__post_init__``, and ``changes`` must name fields.
    Used on hot paths that touch every mention.

    >>> evolve(Paper("x-01", "We propose FOO."), title="Foo").title
    'Foo'
    """
    if not changes.keys() <= record.__dataclass_fields__.keys():
        raise TypeError(f"{type(record).__name__} has no field {sorted(changes.keys() - record.__dataclass_fields__.keys())}")
    new = object.__new__(type(record))
    d = new.__dict__
    d.update(record.__dict__)
    d.update(changes)
    return new


def from_values(cls, values):
    """A record from its field values in field order, without calling ``__init__``
    (the decoding fast path of :mod:`kg.records_io`; values are trusted, not checked).

    >>> from_values(Paper, ("x-01", "We propose FOO.", None, (), None, None, None, None, None)).id
    'x-01'
    """
    names = cls.__dataclass_fields__
    if len(values) != len(names):
        raise ValueError(f"{cls.__name__} has {len(names)} fields, got {len(values)} values")
    new = object.__new__(cls)
    new.__dict__.update(zip(names, values))
    return new


@dataclass(frozen=True)
class Paper:
    """One input record: an abstract and whatever metadata the source had."""

    id: str
    abstract: str
    title: str | None = None
    authors: tuple[str, ...] = ()
    year: int | None = None
    venue: str | None = None
    url: str | None = None
    source: str | None = None  #: file the record came from
    line: int | None = None  #: 1-based line of the record in that file

    @property
    def label(self) -> str:
        return self.title or self.id


@dataclass(frozen=True)
class Evidence:
    """Where a statement comes from: a sentence of one paper's abstract.

    ``start``/``end`` are character offsets into ``Paper.abstract`` as read (not the
    cleaned text), so ``abstract[start:end]`` is the evidence span. A field named only by
    the title has the title as ``sentence``, extractor ``lexicon:title`` and an empty span
    at 0.
    """

    paper: str
    sentence: str
    start: int
    end: int
    extractor: str
    confidence: float


@dataclass(frozen=True)
class Mention:
    """One concept as one paper uses it (all its surface forms in that paper)."""

    type: str  #: one of ENTITY_TYPES
    name: str
    aliases: tuple[str, ...] = ()
    role: str | None = None  #: algorithms only, one of ROLES
    proposed: bool = False  #: the paper introduces it (methods; created benchmarks)
    unnamed: bool = False
    confidence: float = 1.0
    evidence: tuple[Evidence, ...] = ()
    concept: str | None = None  #: concept node id, set by linking
    lexicon_id: str | None = None  #: lexicon entry it matched, if any
    parent: str | None = None  #: lexicon entry a discovered concept is a variant of


@dataclass(frozen=True)
class Claim:
    sentence: str
    kind: str  #: one of CLAIM_KINDS
    subject: str | None = None
    baselines: tuple[str, ...] = ()
    metric: str | None = None
    value: str | None = None
    benchmark: str | None = None
    confidence: float = 1.0
    evidence: Evidence | None = None


@dataclass(frozen=True)
class Extraction:
    """Everything extracted from one paper."""

    paper: Paper
    mentions: tuple[Mention, ...] = ()
    claims: tuple[Claim, ...] = ()
    label: str | None = None  #: readable label (title, else what the paper proposes)


@dataclass(frozen=True)
class Concept:
    """A node shared across papers: one algorithm, benchmark, field, ..."""

    id: str
    type: str
    name: str
    aliases: tuple[str, ...] = ()
    parent: str | None = None  #: concept id this is a variant of
    source: str = "lexicon"  #: "lexicon" or "discovered"
    description: str | None = None


@dataclass(frozen=True)
class MergeRecord:
    """One line of the merge log: a surface form mapped onto a concept, and why."""

    surface: str
    concept: str
    reason: str
    papers: tuple[str, ...] = field(default=())
