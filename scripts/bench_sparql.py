"""Benchmark the shipped SPARQL queries on a large synthetic kg-shaped graph.

The graph replicates a build (default: the bundled corpus, built into a temporary
directory): concepts are kept once and shared, every paper, claim and provenance
statement is copied with a new id (``paper/000-09_r17`` ...) until the graph holds at
least ``--triples`` triples. The N-Triples are written directly (one regex substitution
per copy), bulk-loaded into a persistent Oxigraph store, and each query in
``kg/data/queries/`` is timed (median of ``--repeat`` runs, results fully iterated).

    python scripts/bench_sparql.py                      # >= 1M triples
    python scripts/bench_sparql.py --triples 5000000 --graph exports/ --store /tmp/big-store
"""
from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyoxigraph as ox

from kg.query import shipped_queries
from kg.rdf.store import persistent_store

BASE = "https://kg.example.org/"
_COPIED = re.compile(r"(<" + re.escape(BASE) + r"(?:paper|claim|statement)/[^>]*)>")


def synthesise(source: Path, out: Path, target: int) -> tuple[int, int]:
    """Write >= ``target`` triples to ``out``; return (triples, copies)."""
    shared, copied = [], []
    for line in source.read_text(encoding="utf-8").splitlines(keepends=True):
        if not line.strip():
            continue
        (copied if line.startswith(f"<{BASE}paper/") or line.startswith(f"<{BASE}claim/")
         or line.startswith(f"<{BASE}statement/") else shared).append(line)
    block = "".join(copied)
    copies = max(1, -(-(target - len(shared)) // len(copied)))
    with out.open("w", encoding="utf-8") as f:
        f.writelines(shared)
        for k in range(copies):
            f.write(_COPIED.sub(lambda m: f"{m.group(1)}_r{k}>", block))
    return len(shared) + copies * len(copied), copies


def size_of(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def run(store, text: str) -> int:
    res = store.query(text)
    if isinstance(res, ox.QueryBoolean):
        return 1
    return sum(1 for _ in res)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--triples", type=int, default=1_000_000, help="at least this many triples")
    ap.add_argument("--graph", type=Path, help="build directory to replicate (default: build the bundled corpus)")
    ap.add_argument("--store", type=Path, help="store directory to create (default: temporary, removed)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per query (median reported)")
    args = ap.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="kg-bench-"))
    try:
        graph = args.graph
        if graph is None:
            from kg.pipeline import build

            graph = work / "build"
            build([], graph, formats=["ntriples"])
        source = graph / "graph.nt"
        big = work / "big" / "graph.nt"
        big.parent.mkdir()
        t0 = time.perf_counter()
        triples, copies = synthesise(source, big, args.triples)
        gen = time.perf_counter() - t0
        store_dir = args.store or work / "store"
        if store_dir.exists():
            shutil.rmtree(store_dir)
        t0 = time.perf_counter()
        store = persistent_store(store_dir, big.parent)
        load = time.perf_counter() - t0
        loaded = len(store)
        print(f"graph: {triples:,} triples written ({copies} copies of {source}) in {gen:.1f} s, "
              f"{big.stat().st_size / 2**20:.0f} MiB of N-Triples")
        print(f"bulk load into a persistent store: {load:.1f} s ({loaded / load:,.0f} triples/s), "
              f"{loaded:,} triples, store size {size_of(store_dir) / 2**20:.0f} MiB")
        print()
        print(f"{'query':34} {'rows':>8} {'median ms':>10} {'min ms':>9}")
        print(f"{'-' * 34} {'-' * 8} {'-' * 10} {'-' * 9}")
        for name, text in shipped_queries().items():
            times, rows = [], 0
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                rows = run(store, text)
                times.append((time.perf_counter() - t0) * 1000)
            print(f"{name:34} {rows:>8,} {statistics.median(times):>10.1f} {min(times):>9.1f}")
        del store
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
