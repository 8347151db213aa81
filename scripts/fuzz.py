"""Run the fuzz target (``pytest -m fuzz tests/test_hardening.py``) at full size and print the counts.

    python scripts/fuzz.py                      # 1,000 inputs per fuzz test (>= 10,000 in all)
    python scripts/fuzz.py --per-test 5000      # more
    python scripts/fuzz.py -k extractor         # one target

Prints, per fuzz test, the inputs run, how many a reader rejected with a one-line KGError
(expected for garbage) and whether any input crashed or broke an invariant (hypothesis
then prints the smallest failing input); then the totals and the time. Exit status 1 if
anything failed or fewer than ``--min-total`` inputs ran.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


class _Outcomes:
    """pytest plugin: the outcome and duration of every test call."""

    def __init__(self) -> None:
        self.results: dict[str, tuple[str, float, str]] = {}

    def pytest_runtest_logreport(self, report) -> None:
        if report.when == "call" or report.outcome != "passed":
            name = report.nodeid.split("::")[-1]
            detail = ""
            if report.failed:
                detail = str(report.longrepr).strip().splitlines()[-1][:200]
            self.results[name] = (report.outcome, report.duration, detail)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-test", type=int, default=1000, help="generated inputs per fuzz test (default 1000)")
    ap.add_argument("--min-total", type=int, default=10_000, help="fail if fewer inputs ran in all (default 10000)")
    ap.add_argument("-k", dest="select", default=None, help="only fuzz tests matching this pytest -k expression")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "counts.jsonl"
        os.environ["KG_FUZZ_EXAMPLES"] = str(args.per_test)
        os.environ["KG_FUZZ_REPORT"] = str(report)
        outcomes = _Outcomes()
        pytest_args = [str(ROOT / "tests" / "test_hardening.py"), "-m", "fuzz", "-q", "-p", "no:cacheprovider",
                       "--no-header", "-o", "addopts="]
        if args.select:
            pytest_args += ["-k", args.select]
        start = time.perf_counter()
        code = pytest.main(pytest_args, plugins=[outcomes])
        seconds = time.perf_counter() - start
        counts = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()] if report.exists() else []

    print()
    print(f"{'fuzz target':<16} {'inputs':>8} {'ok':>8} {'rejected':>9}  result")
    total = rejected = 0
    for row in counts:
        total += row["examples"]
        rejected += row.get("rejected", 0)
        print(f"{row['test']:<16} {row['examples']:>8} {row.get('ok', 0):>8} {row.get('rejected', 0):>9}")
    crashes = {name: r for name, r in outcomes.results.items() if r[0] == "failed"}
    for name, (outcome, duration, detail) in sorted(outcomes.results.items()):
        print(f"  {name}: {outcome} in {duration:.1f}s" + (f" -- {detail}" if detail else ""))
    print(f"total: {total} inputs, {rejected} rejected with a KGError (expected for garbage), "
          f"{len(crashes)} crashes or broken invariants, {seconds:.1f}s")
    if crashes or code not in (0, pytest.ExitCode.OK):
        return 1
    if total < args.min_total and not args.select:
        print(f"fewer than {args.min_total} inputs ran", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
