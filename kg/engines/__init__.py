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

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import islice

from kg.records import Extraction, Paper

ENGINES = ("local", "dask")


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
    """Extract ``papers`` with the chosen engine, yielding results in input order."""
    if engine == "dask":
        from kg.engines.dask import run_dask

        yield from run_dask(papers, address=address, jobs=jobs, chunk_size=chunk_size)
    elif jobs <= 1:
        yield from _extractor().extract(papers)
    else:
        from kg.engines.local import run_pool

        yield from run_pool(papers, jobs=jobs, chunk_size=chunk_size)
