#!/usr/bin/env python3
"""Instructions per abstract of ``kg extract`` and of spaCy's bare tokenizer, counted by valgrind.

    python scripts/bench_instructions.py [--sizes 100 400] [--tree PATH ...]

Wall-clock throughput on a shared 2-core machine moves by a third from run to run when
other work runs beside it; the number of instructions a run executes does not. Every
figure here is the difference between two runs of one child process under
``valgrind --tool=callgrind`` that do the same work on the first N1 and on the first N2
synthetic abstracts (the corpus of ``bench_speed.py``), divided by N2 - N1: imports,
set-up and the first sight of each word (which the tokenizer caches) cancel out, and
what is left is the steady cost of one more abstract, the regime of a large corpus. The
work is, as in ``bench_speed.py``, the bare tokenizer on every abstract, and kg's
extraction with linking.

``--tree`` runs the same measurement with each given source tree first on ``PYTHONPATH``
(say, a checkout of the previous commit and the working tree), for an A/B comparison that
machine load cannot sway. Hash randomisation is off in the children (``PYTHONHASHSEED=0``),
so a tree measured twice gives nearly the same count.

Needs valgrind (Debian's ``valgrind`` package). With the default sizes, the four runs
of a tree take several minutes.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

MODES = ("tokenize", "extract")
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def child(mode: str, n: int) -> None:
    """The measured process: set-up, then the work of ``mode`` on the first ``n`` abstracts."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import spacy

    from bench_speed import synthetic_corpus
    from kg.extract import Extractor
    from kg.gctune import collect_less
    from kg.link import link, load_lexicon

    papers = synthetic_corpus(n)
    tokenizer = spacy.blank("en").tokenizer
    lexicon = load_lexicon()
    extractor = Extractor(lexicon)
    with collect_less():
        if mode == "tokenize":
            for p in papers:
                tokenizer(p.abstract)
        elif mode == "extract":
            link(list(extractor.extract(papers)), lexicon)


def count(tree: str | None, mode: str, n: int, workdir: str) -> int:
    """Instructions executed by the child in ``mode`` with ``tree`` first on the path."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    if tree:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [tree, env.get("PYTHONPATH")]))
    out = Path(workdir) / f"callgrind.{abs(hash((tree, mode, n)))}.out"
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                          sys.executable, __file__, "--child", mode, "--n", str(n)],
                         env=env, capture_output=True, text=True)
    found = _COLLECTED.search(run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"bench_instructions: the {mode} run failed (exit {run.returncode}): "
                         f"{run.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs=2, default=(100, 400), metavar=("N1", "N2"),
                    help="the two corpus sizes whose difference is measured")
    ap.add_argument("--n", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--tree", action="append", help="a source tree to put first on PYTHONPATH (repeatable)")
    ap.add_argument("--jobs", type=int, default=2, help="valgrind runs at once")
    ap.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        child(a.child, a.n)
        return 0
    trees, (n1, n2) = a.tree or [None], a.sizes
    if not 0 <= n1 < n2:
        ap.error("--sizes N1 N2 needs 0 <= N1 < N2")
    with tempfile.TemporaryDirectory() as workdir, ThreadPoolExecutor(a.jobs) as pool:
        runs = {(t, m, n): pool.submit(count, t, m, n, workdir) for t in trees for m in MODES for n in (n1, n2)}
        totals = {k: f.result() for k, f in runs.items()}
    print(f"instructions per abstract (abstracts {n1 + 1} to {n2} of the synthetic corpus)")
    print(f"{'tree':40s} {'tokenizer':>12s} {'kg':>14s} {'ratio':>7s}")
    for t in trees:
        tok, kg = ((totals[t, m, n2] - totals[t, m, n1]) / (n2 - n1) for m in MODES)
        print(f"{t or '(installed kg)':40s} {tok:12,.0f} {kg:14,.0f} {tok / kg:7.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
