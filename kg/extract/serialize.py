"""Per-paper extraction records <-> the JSON shape of ``../shared/eval/GUIDE.md``.

>>> from kg.records import Paper, Extraction, Mention
>>> d = extraction_to_dict(Extraction(Paper("p", "Text."), (Mention("algorithm", "PPO", role="compared", concept="concept/ppo"),)))
>>> d["algorithms"]
[{'name': 'PPO', 'aliases': [], 'role': 'compared', 'id': 'concept/ppo', 'confidence': 1.0}]
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO

from kg.records import ENTITY_KEYS, Extraction, Mention


def _as_written(abstract: str, m: Mention) -> list[str]:
    r"""The mention's aliases, led by the forms its evidence spans read in the abstract as written
    when those carry LaTeX the cleaned name lost: ``$\alpha$-Flow`` for ``α-Flow`` (first, so a
    reader that looks at the first few aliases, as ``../shared/eval/score.py`` does, sees them).

    >>> from kg.records import Evidence
    >>> a = r"We present $\alpha$-Flow, a sampler."
    >>> _as_written(a, Mention("method", "α-Flow", evidence=(Evidence("p", a, 11, 24, "x", 1.0),)))
    ['$\\alpha$-Flow']
    """
    raw = []
    for ev in m.evidence:
        form = abstract[ev.start:ev.end].strip()
        if ("$" in form or "\\" in form) and form not in raw and form != m.name and form not in m.aliases:
            raw.append(form)
    return raw + list(m.aliases)


def extraction_to_dict(ex: Extraction) -> dict:
    """One paper's extraction as a JSON-ready dict (stable key order)."""
    p = ex.paper
    out: dict = {"id": p.id, "title": p.title or ex.label, "abstract": p.abstract}
    for t, key in ENTITY_KEYS.items():
        ents = []
        for m in ex.mentions:
            if m.type != t:
                continue
            e: dict = {"name": m.name, "aliases": _as_written(p.abstract, m)}
            if t == "algorithm":
                e["role"] = m.role or "mentioned"
            if m.unnamed:
                e["unnamed"] = True
            e["id"] = m.concept
            e["confidence"] = round(m.confidence, 3)
            ents.append(e)
        out[key] = ents
    out["claims"] = [
        {
            "sentence": c.sentence, "kind": c.kind, "subject": c.subject, "baselines": list(c.baselines),
            "metric": c.metric, "value": c.value, "benchmark": c.benchmark, "confidence": round(c.confidence, 3),
            "start": c.evidence.start if c.evidence else None, "end": c.evidence.end if c.evidence else None,
        }
        for c in ex.claims
    ]
    return out


def write_extractions(extractions: Iterable[Extraction], fh: IO[str]) -> int:
    """Write one JSON object per line; returns the number written."""
    n = 0
    for ex in extractions:
        fh.write(json.dumps(extraction_to_dict(ex), ensure_ascii=False, sort_keys=False) + "\n")
        n += 1
    return n
