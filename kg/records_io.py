"""Lossless JSON round trip of extraction records (for the cache and for workers).

>>> from kg.records import Paper, Extraction, Mention, Evidence
>>> ex = Extraction(Paper("p", "We build on PPO.", authors=("A B",)),
...                 (Mention("algorithm", "PPO", role="builds_on",
...                          evidence=(Evidence("p", "We build on PPO.", 12, 15, "lexicon", 0.9),)),))
>>> extraction_from_json(extraction_to_json(ex)) == ex
True
"""
from __future__ import annotations

import json
from dataclasses import asdict

from kg.records import Claim, Evidence, Extraction, Mention, Paper


def extraction_to_json(ex: Extraction) -> str:
    return json.dumps(asdict(ex), ensure_ascii=False, separators=(",", ":"))


def _evidence(d: dict | None) -> Evidence | None:
    return Evidence(**d) if d else None


def extraction_from_json(text: str) -> Extraction:
    d = json.loads(text)
    p = d["paper"]
    paper = Paper(**{**p, "authors": tuple(p["authors"])})
    mentions = tuple(
        Mention(**{**m, "aliases": tuple(m["aliases"]), "evidence": tuple(_evidence(e) for e in m["evidence"])})
        for m in d["mentions"]
    )
    claims = tuple(
        Claim(**{**c, "baselines": tuple(c["baselines"]), "evidence": _evidence(c["evidence"])})
        for c in d["claims"]
    )
    return Extraction(paper, mentions, claims, label=d["label"])
