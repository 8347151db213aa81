"""``--jobs N``: a pool of worker processes on this machine."""
from __future__ import annotations

import multiprocessing as mp
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor

from kg.engines import chunks, extract_chunk
from kg.records import Extraction, Paper


def run_pool(papers: Iterable[Paper], *, jobs: int, chunk_size: int = 256) -> Iterator[Extraction]:
    """Extract in ``jobs`` processes; at most ``2 * jobs`` chunks in flight (bounded memory)."""
    ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        pending: deque = deque()
        for chunk in chunks(papers, chunk_size):
            pending.append(pool.submit(extract_chunk, chunk))
            if len(pending) >= 2 * jobs:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
