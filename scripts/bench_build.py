#!/usr/bin/env python3
"""End to end ``kg build`` at scale: wall time, peak memory, graph size, output sizes.

    python scripts/bench_build.py [--n 10000] [--jobs 2] [--keep DIR] [--format ntriples ...]

A synthetic corpus of N abstracts (:func:`bench_speed.synthetic_corpus`: sentences of
the bundled abstracts recombined, seeded) is written to a temporary JSONL file
(``id``/``abstract``), then ``kg build FILE --out DIR --no-cache --jobs J`` runs in a
subprocess under ``/usr/bin/time -v``. Reported:

* wall time;
* peak RSS: the largest single process (``Maximum resident set size`` of the tree, as
  ``/usr/bin/time`` reports it) and the largest sum over the whole process tree
  (builder, fork server, extraction workers), sampled every 0.2 s from ``/proc``;
* nodes and edges (from the CLI's summary line) and the size of every output file;
* per stage (read, extract + link, graph, each export): wall time, RSS at its end and
  the builder process's peak RSS during the stage (the kernel's high-water mark,
  reset at each stage start through ``/proc/self/clear_refs``).

Stage timing is added by the benchmark only: the subprocess wraps the pipeline's
functions, then runs the ``kg build`` command in-process (the CLI itself prints
nothing extra). Run one size at a time on a small machine (``free -g`` first).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


# --- in the build subprocess ------------------------------------------------------------

def _status(field: str) -> int:
    """A ``/proc/self/status`` field in bytes (VmRSS, VmHWM)."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return 0


#: the builder's own peak RSS over the whole run (VmHWM is reset at each stage start)
_PEAK = [0]


def _reset_peak() -> bool:
    _PEAK[0] = max(_PEAK[0], _status("VmHWM"))
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")  # reset VmHWM to the current RSS (Linux >= 4.0)
        return True
    except OSError:
        return False


class _Stages:
    def __init__(self, path: str):
        self.path = path
        self.rows: list[dict] = []
        self.depth = 0

    def wrap(self, owner, attr: str, name, *, lazy_iter: bool = False):
        """Replace ``owner.attr`` by a timed wrapper; ``name`` is a string or a function
        of the call's arguments. Nested stages are not timed (the outer one counts)."""
        func = getattr(owner, attr, None)
        if func is None:
            return
        stages = self

        def timed(*args, **kwargs):
            if stages.depth:
                return func(*args, **kwargs)
            label = name if isinstance(name, str) else name(*args, **kwargs)
            stages.depth += 1
            _reset_peak()
            t = time.perf_counter()
            try:
                return func(*args, **kwargs)
            finally:
                stages.depth -= 1
                stages.rows.append({"stage": label, "seconds": round(time.perf_counter() - t, 2),
                                    "rss_end": _status("VmRSS"), "peak": _status("VmHWM")})
                stages.save()

        timed.__wrapped__ = func
        setattr(owner, attr, timed)

    def save(self) -> None:
        _PEAK[0] = max(_PEAK[0], _status("VmHWM"))
        with open(self.path, "w") as fh:
            json.dump({"stages": self.rows, "peak": _PEAK[0]}, fh)


def child(stages_path: str, argv: list[str]) -> int:
    import kg.export as export_mod
    import kg.pipeline as pipeline
    from kg.cli import main

    st = _Stages(stages_path)
    st.wrap(pipeline, "load_papers", "read")
    st.wrap(pipeline, "extract", "extract+link")
    st.wrap(pipeline, "build_graph", "graph")
    st.wrap(pipeline, "write_extractions", "extractions.jsonl")
    st.wrap(pipeline, "_write_text", lambda path, write: Path(path).name)
    # each exporter: kg.export._call(func, graph, path, handler)
    st.wrap(export_mod, "_call", lambda func, graph, path, *a, **k: f"export {func.__module__.rsplit('.', 1)[-1]}")
    try:
        main.main(args=argv, prog_name="kg", standalone_mode=False)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


# --- in the benchmark process -------------------------------------------------------------

def _tree_rss(root: int) -> int:
    """Sum of RSS (bytes) over ``root`` and all its descendants."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry), int(fields[1])
        children.setdefault(ppid, []).append(pid)
        rss[pid] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, ()))
    return total


def write_corpus(n: int, path: Path) -> None:
    sys.path.insert(0, str(HERE))
    from bench_speed import synthetic_corpus

    with open(path, "w", encoding="utf-8") as fh:
        for p in synthetic_corpus(n):
            fh.write(json.dumps({"id": p.id, "abstract": p.abstract}, ensure_ascii=False) + "\n")


def _sizes(out: Path) -> dict[str, int]:
    return {str(p.relative_to(out)): p.stat().st_size for p in sorted(out.rglob("*")) if p.is_file()}


def _mb(b: float) -> str:
    return f"{b / 2**20:,.0f} MB"


def measure(n: int, jobs: int, formats: list[str], keep: Path | None, corpus: Path | None) -> dict:
    with tempfile.TemporaryDirectory(prefix="kg-bench-") as tmp:
        tmp = Path(tmp)
        src = corpus or tmp / f"syn-{n}.jsonl"
        if corpus is None:
            write_corpus(n, src)
        out = keep or tmp / "out"
        stages = tmp / "stages.json"
        argv = ["build", str(src), "--out", str(out), "--no-cache", "--jobs", str(jobs)]
        for f in formats:
            argv += ["--format", f]
        cmd = ["/usr/bin/time", "-v", sys.executable, str(Path(__file__).resolve()), "--child", str(stages), *argv]
        t = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        peak_tree = 0
        done = threading.Event()

        def sample():
            nonlocal peak_tree
            while not done.wait(0.2):
                peak_tree = max(peak_tree, _tree_rss(proc.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        stdout, stderr = proc.communicate()
        wall = time.perf_counter() - t
        done.set()
        sampler.join()
        if proc.returncode:
            sys.stderr.write(stderr)
            raise SystemExit(f"kg build failed with status {proc.returncode}")
        maxrss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr).group(1)) * 1024
        summary = re.search(r"kg: (\d+) papers, (\d+) concepts, (\d+) nodes, (\d+) edges", stderr)
        recorded = json.loads(stages.read_text()) if stages.exists() else {"stages": [], "peak": 0}
        rows = recorded["stages"]
        # /usr/bin/time's figure is the largest process's high-water mark, but the builder's
        # is reset at each stage start: its own peak over the run is recorded by the child
        peak = max(maxrss, recorded["peak"])
        return {"n": n, "jobs": jobs, "wall_s": round(wall, 1), "peak_rss": peak, "peak_tree_rss": peak_tree,
                "papers": int(summary.group(1)), "concepts": int(summary.group(2)),
                "nodes": int(summary.group(3)), "edges": int(summary.group(4)),
                "files": _sizes(out), "stages": rows}


def report(r: dict) -> str:
    lines = [f"N={r['n']:,} jobs={r['jobs']}: wall {r['wall_s']:.1f} s, peak RSS {_mb(r['peak_rss'])} "
             f"(largest process), {_mb(r['peak_tree_rss'])} (process tree, sampled); "
             f"{r['nodes']:,} nodes, {r['edges']:,} edges, {r['concepts']:,} concepts"]
    lines.append(f"  {'stage':<28} {'seconds':>8} {'RSS end':>10} {'peak':>10}")
    for s in r["stages"]:
        lines.append(f"  {s['stage']:<28} {s['seconds']:>8.1f} {_mb(s['rss_end']):>10} {_mb(s['peak']):>10}")
    lines.append(f"  {'file':<28} {'size':>10}")
    for name, size in r["files"].items():
        lines.append(f"  {name:<28} {_mb(size) if size >= 2**20 else f'{size / 1024:,.0f} KB':>10}")
    return "\n".join(lines)


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        return child(sys.argv[2], sys.argv[3:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, nargs="+", default=[10000], help="corpus sizes, run one after another")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--format", dest="formats", action="append", default=[], help="only these exports")
    ap.add_argument("--keep", type=Path, help="write the exports here (one size only) instead of a temp dir")
    ap.add_argument("--corpus", type=Path, help="use this JSONL file instead of a synthetic corpus (one size)")
    ap.add_argument("--json", type=Path, help="also append each result as a JSON line to this file")
    a = ap.parse_args()
    for n in a.n:
        r = measure(n, a.jobs, a.formats, a.keep, a.corpus)
        print(report(r), flush=True)
        if a.json:
            with open(a.json, "a") as fh:
                fh.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
