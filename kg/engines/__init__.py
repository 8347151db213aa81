"""Where extraction runs: in this process, in local worker processes, or on a cluster.

Every engine maps :func:`extract_chunk` over chunks of papers and yields extractions in
input order, so the result never depends on the engine or the number of workers.

======== ================================================================
engine   runs
======== ================================================================
local    this process (``jobs=1``) or a pool of ``jobs`` worker processes
dask     a Dask distributed cluster (a local one unless an address is given)
======== ================================================================
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import chain, islice

from kg.records import Extraction, Paper

ENGINES = ("local", "dask")

#: the most workers ``jobs="auto"`` starts: each holds a pipeline of its own (~150 MB)
AUTO_JOBS_MAX = 8


def auto_jobs() -> int:
    """Worker processes for ``--jobs auto``: the CPUs this process may run on, at most
    :data:`AUTO_JOBS_MAX`.

    >>> 1 <= auto_jobs() <= AUTO_JOBS_MAX
    True
    """
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, AUTO_JOBS_MAX))


@lru_cache(maxsize=1)
def _extractor():
    from kg.extract import Extractor

    return Extractor()


def extract_chunk(papers: list[Paper]) -> list[Extraction]:
    """Extract a chunk with this process's extractor (built once per process)."""
    from kg.gctune import collect_less

    with collect_less():
        return list(_extractor().extract(papers))


def chunks(papers: Iterable[Paper], size: int) -> Iterator[list[Paper]]:
    it = iter(papers)
    while chunk := list(islice(it, size)):
        yield chunk


def run(papers: Iterable[Paper], *, engine: str = "local", jobs: int = 1, address: str | None = None,
        chunk_size: int = 256) -> Iterator[Extraction]:
    """Extract ``papers`` with the chosen engine, yielding results in input order.

    Locally, papers that fit in one chunk are extracted in this process whatever ``jobs``
    is: workers would only add their start-up.
    """
    if engine == "dask":
        from kg.engines.dask import run_dask

        yield from run_dask(papers, address=address, jobs=jobs, chunk_size=chunk_size)
        return
    if jobs > 1:
        it = iter(papers)
        first = list(islice(it, chunk_size + 1))
        papers = chain(first, it)
        if len(first) <= chunk_size:
            jobs = 1
    if jobs <= 1:
        yield from _extractor().extract(papers)
    else:
        from kg.engines.local import run_pool

        yield from run_pool(papers, jobs=jobs, chunk_size=chunk_size)
