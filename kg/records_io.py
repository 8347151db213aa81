"""Lossless, compact round trip of extraction records to bytes (for the cache).

Records are stored as nested lists in dataclass field order, written with :mod:`marshal`
(data only: strings, numbers, lists, ``None``; it cannot carry code to run, unlike
pickle) and rebuilt without re-validating each field, which together read back about
twice as fast as JSON objects with keys. The marshal format may change between Python
versions, so :func:`FORMAT` is part of the cache key (:mod:`kg.cache`).

>>> from kg.records import Paper, Extraction, Mention, Evidence, Claim
>>> ev = Evidence("p", "We build on PPO.", 12, 15, "lexicon", 0.9)
>>> ex = Extraction(Paper("p", "We build on PPO.", authors=("A B",)),
...                 (Mention("algorithm", "PPO", ("Proximal Policy Optimization",), role="builds_on", evidence=(ev,)),),
...                 (Claim("We build on PPO.", "empirical", baselines=("PPO",), evidence=ev),), label="x")
>>> extraction_from_bytes(extraction_to_bytes(ex)) == ex
True
"""
from __future__ import annotations

import marshal
import sys
from collections.abc import Sequence
from dataclasses import fields

from kg.records import Claim, Evidence, Extraction, Mention, Paper, from_values

_VERSION = 2
#: What the bytes depend on besides the records: this codec's version, marshal's, Python's.
FORMAT = f"kg-records-{_VERSION}/marshal-{marshal.version}/py{sys.version_info[0]}.{sys.version_info[1]}"

_P_AUTHORS = [f.name for f in fields(Paper)].index("authors")
_M_ALIASES = [f.name for f in fields(Mention)].index("aliases")
_M_EVIDENCE = [f.name for f in fields(Mention)].index("evidence")
_M_CONCEPT = [f.name for f in fields(Mention)].index("concept")
_C_BASELINES = [f.name for f in fields(Claim)].index("baselines")
_C_EVIDENCE = [f.name for f in fields(Claim)].index("evidence")


def _values(record) -> list:
    return list(record.__dict__.values())  # field order: what the dataclass constructor takes


def _mention_values(m: Mention) -> list:
    t = _values(m)
    t[_M_EVIDENCE] = [_values(e) for e in m.evidence]
    return t


def _claim_values(c: Claim) -> list:
    t = _values(c)
    t[_C_EVIDENCE] = None if c.evidence is None else _values(c.evidence)
    return t


def extraction_to_bytes(ex: Extraction) -> bytes:
    # field values taken directly (dataclasses.astuple deep-copies every value: 3x slower)
    return marshal.dumps([_VERSION, _values(ex.paper), [_mention_values(m) for m in ex.mentions],
                          [_claim_values(c) for c in ex.claims], ex.label])


def _mention(t: list) -> Mention:
    t[_M_ALIASES] = tuple(t[_M_ALIASES])
    t[_M_EVIDENCE] = tuple([from_values(Evidence, e) for e in t[_M_EVIDENCE]])
    return from_values(Mention, t)


def _claim(t: list) -> Claim:
    t[_C_BASELINES] = tuple(t[_C_BASELINES])
    if t[_C_EVIDENCE] is not None:
        t[_C_EVIDENCE] = from_values(Evidence, t[_C_EVIDENCE])
    return from_values(Claim, t)


def extraction_from_bytes(data: bytes, concepts: Sequence[str] | None = None) -> Extraction:
    """The extraction in ``data``; with ``concepts``, the concept id of each mention set
    (as linking would, without another copy of every mention).

    Raises ValueError, TypeError, EOFError or IndexError on bytes of another format.
    """
    version, paper, mentions, claims, label = marshal.loads(data)
    if version != _VERSION:
        raise ValueError(f"record format {version}, expected {_VERSION}")
    if concepts is not None:
        if len(concepts) != len(mentions):
            raise ValueError(f"{len(mentions)} mentions, {len(concepts)} concept ids")
        for t, cid in zip(mentions, concepts):
            t[_M_CONCEPT] = cid
    paper[_P_AUTHORS] = tuple(paper[_P_AUTHORS])
    return from_values(Extraction, (from_values(Paper, paper), tuple(map(_mention, mentions)),
                                    tuple(map(_claim, claims)), label))
