#!/usr/bin/env python3
"""Fit ``kg/data/calibration.json``: per-bucket precision on the TUNING half of dev only.

    python scripts/calibrate.py [--gold ../shared/eval/dev.jsonl]

A bucket is (type, rule that found it, used once or more) for entities and (kind, rule
score decile) for claims; its confidence is (correct + 1) / (predicted + 2). Papers of
the held-out half (002-*) are never read here.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from kg.eval.scoring import _claim_match, _forms, load_records
from kg.extract import Extractor
from kg.extract.confidence import claim_bucket, mention_bucket
from kg.link import load_lexicon
from kg.records import ENTITY_KEYS, Paper

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "kg" / "data" / "calibration.json"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, default=HERE.parent.parent / "shared" / "eval" / "dev.jsonl")
    ap.add_argument("--tune-prefix", default="000")
    a = ap.parse_args()
    gold = [g for g in load_records(a.gold) if g["paper"].startswith(a.tune_prefix)]
    ex = Extractor(load_lexicon(), calibrate=False)
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for g, e in zip(gold, ex.extract(Paper(g["paper"], g["abstract"]) for g in gold)):
        for t, key in ENTITY_KEYS.items():
            gforms = [_forms(x) for x in g.get(key, [])]
            for m in (m for m in e.mentions if m.type == t):
                f = _forms({"name": m.name, "aliases": list(m.aliases)})
                ok = any(f & gf for gf in gforms)
                for b in (mention_bucket(m), f"{t}|*"):
                    stats[b][0] += ok
                    stats[b][1] += 1
        pred = [{"sentence": c.sentence} for c in e.claims]
        matched = {id(p) for _, p in _claim_match(g.get("claims", []), pred)}
        for c, p in zip(e.claims, pred):
            for b in (claim_bucket(c, c.confidence), "claim|*"):
                stats[b][0] += id(p) in matched
                stats[b][1] += 1
    buckets = {b: round((ok + 1) / (n + 2), 3) for b, (ok, n) in sorted(stats.items())}
    OUT.write_text(json.dumps({"_doc": __doc__.splitlines()[0], "source": f"dev.jsonl papers {a.tune_prefix}-*",
                               "counts": {b: stats[b] for b in sorted(stats)}, "buckets": buckets},
                              indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"{len(buckets)} buckets -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
