#!/usr/bin/env python3
"""Extraction quality on the annotated dev set: the full set and its two halves.

    python scripts/bench_quality.py [--gold ../shared/eval/dev.jsonl] [--errors tune|heldout]

Halves are split by source file: papers ``000-*`` are the tuning half, ``002-*`` the
held-out half (never used for tuning rules or the lexicon). Prints the contract
scorer's figures for each, and the confidence/precision curve on the full set.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kg.eval import format_errors, format_report, load_records, score
from kg.extract.serialize import extraction_to_dict
from kg.pipeline import extract
from kg.records import Paper

HERE = Path(__file__).resolve().parent
DEFAULT_GOLD = HERE.parent.parent / "shared" / "eval" / "dev.jsonl"


def _cut(records: list[dict], threshold: float) -> list[dict]:
    out = []
    for r in records:
        r = dict(r)
        for k in ("methods", "algorithms", "models", "benchmarks", "fields", "metrics", "claims"):
            r[k] = [e for e in r.get(k, []) if e.get("confidence", 1.0) >= threshold]
        out.append(r)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    ap.add_argument("--errors", choices=["tune", "heldout", "all"])
    a = ap.parse_args()
    if not a.gold.is_file():
        print(f"no gold file at {a.gold}", file=sys.stderr)
        return 1
    gold = load_records(a.gold)
    papers = [Paper(g["paper"], g["abstract"]) for g in gold]
    pred = [extraction_to_dict(e) for e in extract(papers).extractions]
    halves = {
        "all": (gold, pred),
        "tune (000-*)": ([g for g in gold if g["paper"].startswith("000")], [p for p in pred if p["id"].startswith("000")]),
        "heldout (002-*)": ([g for g in gold if g["paper"].startswith("002")], [p for p in pred if p["id"].startswith("002")]),
    }
    for name, (g, p) in halves.items():
        s = score(g, p)
        print(f"### {name}: {len(g)} papers")
        print(format_report(s))
        print()
        if a.errors and name.startswith(a.errors):
            print(format_errors(s))
            print()
    for name in ("heldout (002-*)", "all"):
        g, p = halves[name]
        print(f"### confidence cut ({name}; calibrated on the tuning half): "
              "threshold  primary-macro-F1  concept P/R  claims P/R")
        for t in (0.0, 0.5, 0.6, 0.7, 0.8):
            s = score(g, _cut(p, t))
            c, cl = s.types["concepts"], s.types["claims"]
            print(f"  >= {t:.1f}   {s.primary_macro_f1:.3f}   {c.precision:.3f}/{c.recall:.3f}   "
                  f"{cl.precision:.3f}/{cl.recall:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
