"""``--jobs N``: a pool of worker processes on this machine."""
from __future__ import annotations

import multiprocessing as mp
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor

from kg.engines import _extractor, chunks, extract_chunk
from kg.records import Extraction, Paper


def _context():
    """``fork`` when this process has one thread (workers then inherit the extractor built
    here, instead of each importing spaCy and loading the lexicon again), else a fork
    server or ``spawn`` (forking a threaded process can deadlock)."""
    methods = mp.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return mp.get_context("fork")
    return mp.get_context("forkserver" if "forkserver" in methods else "spawn")


def run_pool(papers: Iterable[Paper], *, jobs: int, chunk_size: int = 256) -> Iterator[Extraction]:
    """Extract in ``jobs`` processes; at most ``2 * jobs`` chunks in flight (bounded memory)."""
    ctx = _context()
    if ctx.get_start_method() == "fork":
        _extractor()  # built once, before the workers fork
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        pending: deque = deque()
        for chunk in chunks(papers, chunk_size):
            pending.append(pool.submit(extract_chunk, chunk))
            if len(pending) >= 2 * jobs:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
