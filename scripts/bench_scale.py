#!/usr/bin/env python3
"""Scaling of extraction: abstracts/s and the ratio to spaCy's bare tokenizer at several
corpus sizes, ``--jobs 1`` vs ``--jobs 2``, the Dask engine vs local, peak RSS of each
run, and the incremental rebuild after adding 1% new abstracts (extract + link; the kept
papers' records are decoded on first use, timed separately as ``records_s``).

    python scripts/bench_scale.py [--sizes 1000 10000 100000] [--skip-dask]

Each measurement runs in a fresh subprocess (so peak RSS is that run's own). Corpora
are synthetic: sentences of the bundled abstracts recombined with a fixed seed. Recombined
sentences repeat the same words, so spaCy's tokenizer, which caches its analysis of each
whitespace-separated chunk, runs warm after the first few hundred abstracts. One more row
therefore reads text that is all new to both sides: the distinct real abstracts of
``--distinct`` (SciERC's JSON-lines files, whose ``sentences`` are joined; by default
``../shared/data/scierc/{train,dev}.json`` when present), passed twice through each side,
cold and then warm.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kg.records import Paper

DEFAULT_DISTINCT = [Path(__file__).resolve().parents[2] / "shared" / "data" / "scierc" / f"{split}.json"
                    for split in ("train", "dev")]


def worker(size: int, jobs: int, engine: str, incremental: bool) -> dict:
    import spacy

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_speed import synthetic_corpus

    from kg.engines import run
    from kg.gctune import collect_less

    papers = synthetic_corpus(size)
    tok = spacy.blank("en").tokenizer
    t = time.perf_counter()
    for p in papers:
        tok(p.abstract)
    t_tok = time.perf_counter() - t
    out = {"size": size, "jobs": jobs, "engine": engine, "tokenizer_per_s": size / t_tok}
    if not incremental:
        t = time.perf_counter()
        with collect_less():  # as the CLI runs (kg.gctune)
            n = sum(1 for _ in run(papers, engine=engine, jobs=jobs))
        t_kg = time.perf_counter() - t
        out.update(kg_per_s=n / t_kg, ratio=t_tok / t_kg, seconds=t_kg)
    else:
        import gc

        from kg.gctune import THRESHOLDS
        from kg.pipeline import extract

        gc.set_threshold(*THRESHOLDS)  # for the whole run, as the CLI sets them (kg/cli.py)

        extra = [type(p)(f"new-{p.id}", p.abstract) for p in synthetic_corpus(size // 100, seed=1)]
        with tempfile.TemporaryDirectory() as d:
            t = time.perf_counter()
            extract(papers, cache=d)  # extract + link, cache filled
            clean = time.perf_counter() - t
            t = time.perf_counter()
            result = extract(papers + extra, cache=d)  # extracts the 1% new, relinks what they touch
            inc = time.perf_counter() - t
            t = time.perf_counter()
            sum(1 for _ in result.extractions)  # kept papers are decoded on first use: what a writer then pays
            records = time.perf_counter() - t
        out.update(clean_s=clean, incremental_s=inc, speedup=clean / inc, new=len(extra), records_s=records)
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def scierc_abstracts(paths: list[Path]) -> list[Paper]:
    """The abstracts of SciERC JSON-lines files, tokens joined with spaces, in file order."""
    papers = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            sentences = json.loads(line)["sentences"]
            papers.append(Paper(f"{path.stem}-{n}", " ".join(" ".join(s) for s in sentences)))
    return papers


def distinct_worker(paths: list[Path]) -> dict:
    """Tokenizer and kg over text both see for the first time (cold), then once more (warm)."""
    import spacy

    from kg.engines import run
    from kg.gctune import collect_less
    from kg.ingest import bundled_corpus, read_papers

    papers = scierc_abstracts(paths)
    list(run(list(read_papers(bundled_corpus(), on_warning=lambda _: None))[:5]))  # loads the pipeline
    tok = spacy.blank("en").tokenizer
    out = {"size": len(papers)}
    for state in ("cold", "warm"):
        t = time.perf_counter()
        for p in papers:
            tok(p.abstract)
        t_tok = time.perf_counter() - t
        t = time.perf_counter()
        with collect_less():
            sum(1 for _ in run(papers))
        t_kg = time.perf_counter() - t
        out[state] = {"tokenizer_per_s": len(papers) / t_tok, "kg_per_s": len(papers) / t_kg, "ratio": t_tok / t_kg}
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def measure(args: list[str], worker: bool = True) -> dict:
    cmd = [sys.executable, __file__, *(["--worker"] if worker else []), *args]
    r = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    ap.add_argument("--skip-dask", action="store_true")
    ap.add_argument("--distinct", type=Path, nargs="*", default=DEFAULT_DISTINCT,
                    help="SciERC JSON-lines files of distinct real abstracts (none: skip that row)")
    ap.add_argument("--worker", nargs=4, metavar=("SIZE", "JOBS", "ENGINE", "INCREMENTAL"))
    ap.add_argument("--distinct-worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.distinct_worker:
        print(json.dumps(distinct_worker(a.distinct)))
        return 0
    if a.worker:
        size, jobs, engine, inc = a.worker
        print(json.dumps(worker(int(size), int(jobs), engine, inc == "1")))
        return 0
    print(f"{'size':>7} {'engine':>6} {'jobs':>4} {'tok/s':>9} {'kg/s':>7} {'ratio':>6} {'ms/abstract':>11} {'RSS MB':>7}")
    runs = [(n, "local", 1) for n in a.sizes] + [(a.sizes[min(1, len(a.sizes) - 1)], "local", 2)]
    if not a.skip_dask:
        runs.append((a.sizes[min(1, len(a.sizes) - 1)], "dask", 2))
    for size, engine, jobs in runs:
        r = measure([str(size), str(jobs), engine, "0"])
        print(f"{size:>7} {engine:>6} {jobs:>4} {r['tokenizer_per_s']:>9.0f} {r['kg_per_s']:>7.0f} {r['ratio']:>6.3f} "
              f"{1000 / r['kg_per_s']:>11.3f} {r['peak_rss_mb']:>7.0f}")
    paths = [p for p in a.distinct if p.exists()]
    if paths:
        r = measure(["--distinct-worker", "--distinct", *map(str, paths)], worker=False)
        for state in ("cold", "warm"):
            d = r[state]
            print(f"{r['size']:>7} {'local':>6} {1:>4} {d['tokenizer_per_s']:>9.0f} {d['kg_per_s']:>7.0f} {d['ratio']:>6.3f} "
                  f"{1000 / d['kg_per_s']:>11.3f} {r['peak_rss_mb']:>7.0f}  distinct real abstracts, {state}")
    size = a.sizes[min(1, len(a.sizes) - 1)]
    r = measure([str(size), "1", "local", "1"])
    print(f"incremental (extract + link): {size} cached + {r['new']} new abstracts: clean {r['clean_s']:.1f} s, "
          f"incremental {r['incremental_s']:.2f} s, {r['speedup']:.1f}x faster (RSS {r['peak_rss_mb']:.0f} MB); "
          f"reading every kept record afterwards {r['records_s']:.2f} s, "
          f"so {r['clean_s'] / (r['incremental_s'] + r['records_s']):.1f}x with every record in hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
