"""Extraction on a Dask distributed cluster.

Why Dask: it installs from PyPI as pure Python (no native runtime to fetch), starts a
local cluster with one call for tests and laptops, and the same code reaches a real
cluster by address (``kg extract --engine dask --address tcp://scheduler:8786``); workers
need only ``pip install kg``. Ray would do too, at the price of a large native runtime.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

from kg.engines import chunks, extract_chunk
from kg.records import Extraction, Paper


def run_dask(papers: Iterable[Paper], *, address: str | None = None, jobs: int = 1,
             chunk_size: int = 256) -> Iterator[Extraction]:
    """Map :func:`extract_chunk` over chunks on a cluster; results in input order.

    Without ``address`` a local cluster of ``jobs`` worker processes is started and
    stopped around the run.
    """
    from distributed import Client, LocalCluster

    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                               dashboard_address=None, host="127.0.0.1")
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        window = 4 * max(1, len(client.scheduler_info().get("workers", {})) or jobs)
        pending: deque = deque()
        for chunk in chunks(papers, chunk_size):
            pending.append(client.submit(extract_chunk, chunk, pure=False))
            if len(pending) >= window:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
