"""Lossless, compact JSON round trip of extraction records (for the cache and workers).

Records are stored as nested arrays in dataclass field order, which reads back several
times faster than objects with keys.

>>> from kg.records import Paper, Extraction, Mention, Evidence, Claim
>>> ev = Evidence("p", "We build on PPO.", 12, 15, "lexicon", 0.9)
>>> ex = Extraction(Paper("p", "We build on PPO.", authors=("A B",)),
...                 (Mention("algorithm", "PPO", ("Proximal Policy Optimization",), role="builds_on", evidence=(ev,)),),
...                 (Claim("We build on PPO.", "empirical", baselines=("PPO",), evidence=ev),), label="x")
>>> extraction_from_json(extraction_to_json(ex)) == ex
True
"""
from __future__ import annotations

import json
from dataclasses import fields

from kg.records import Claim, Evidence, Extraction, Mention, Paper

_VERSION = 1
_M_EVIDENCE = [f.name for f in fields(Mention)].index("evidence")
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


def extraction_to_json(ex: Extraction) -> str:
    # field values taken directly (dataclasses.astuple deep-copies every value: 3x slower)
    return json.dumps([_VERSION, _values(ex.paper), [_mention_values(m) for m in ex.mentions],
                       [_claim_values(c) for c in ex.claims], ex.label], ensure_ascii=False, separators=(",", ":"))


def _mention(t: list) -> Mention:
    t[2] = tuple(t[2])
    t[_M_EVIDENCE] = tuple(Evidence(*e) for e in t[_M_EVIDENCE])
    return Mention(*t)


def _claim(t: list) -> Claim:
    t[3] = tuple(t[3])
    if t[_C_EVIDENCE] is not None:
        t[_C_EVIDENCE] = Evidence(*t[_C_EVIDENCE])
    return Claim(*t)


def extraction_from_json(text: str) -> Extraction:
    version, paper, mentions, claims, label = json.loads(text)
    if version != _VERSION:
        raise ValueError(f"record format {version}, expected {_VERSION}")
    paper[3] = tuple(paper[3])
    return Extraction(Paper(*paper), tuple(map(_mention, mentions)), tuple(map(_claim, claims)), label)
