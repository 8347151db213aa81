"""A content-addressed cache of per-paper extractions, so a rebuild extracts only what changed.

The key of a paper is the SHA-256 of kg's version, a fingerprint of the extraction code
and knowledge (lexicon, cue patterns, calibration) and the paper's id, title and abstract:
editing a lexicon file or the extractor, or upgrading kg, invalidates every entry; adding abstracts leaves
the others hits. Entries live in one SQLite file. Cached records are the extractions
*before* linking, so linking (global across papers) always runs on the whole corpus and
an incremental build is byte-identical to a clean one.

>>> import tempfile, pathlib
>>> from kg.records import Paper, Extraction
>>> with tempfile.TemporaryDirectory() as d:
...     c = ExtractionCache(pathlib.Path(d) / "cache.sqlite")
...     p = Paper("p1", "An abstract.")
...     c.get(p) is None, c.put(p, Extraction(p)), c.get(p) == Extraction(p)
(True, None, True)
"""
from __future__ import annotations

import hashlib
import sqlite3
from functools import lru_cache
from importlib import resources
from pathlib import Path

from kg import __version__
from kg.records import Extraction, Paper
from kg.records_io import FORMAT, extraction_from_bytes, extraction_to_bytes


@lru_cache(maxsize=1)
def knowledge_fingerprint() -> str:
    """SHA-256 over kg's version, the record format, the extraction code and every data
    file it depends on."""
    h = hashlib.sha256(f"{__version__}\0{FORMAT}".encode())
    pkg = resources.files("kg")
    code = [pkg / "text.py", pkg / "records.py", pkg / "records_io.py", pkg / "ingest" / "_common.py",
            *sorted((p for p in (pkg / "extract").iterdir() if p.name.endswith(".py")), key=lambda p: p.name)]
    for f in code:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    root = pkg / "data"
    for sub in ("lexicon", "patterns"):
        for f in sorted((root / sub).iterdir(), key=lambda p: p.name):
            h.update(f.name.encode())
            h.update(f.read_bytes())
    cal = root / "calibration.json"
    if cal.is_file():
        h.update(cal.read_bytes())
    return h.hexdigest()


def paper_key(paper: Paper) -> str:
    h = hashlib.sha256(knowledge_fingerprint().encode())
    for part in (paper.id, paper.title or "", paper.abstract):
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


class ExtractionCache:
    """``get(paper)`` / ``put(paper, extraction)`` backed by one SQLite file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.execute("CREATE TABLE IF NOT EXISTS extraction (key TEXT PRIMARY KEY, record BLOB NOT NULL)")
        self.hits = self.misses = 0

    def get(self, paper: Paper) -> Extraction | None:
        """The cached extraction of ``paper`` (carrying ``paper`` as read now), or None."""
        return self.get_many([paper])[0]

    def get_many(self, papers: list[Paper]) -> list[Extraction | None]:
        """``[get(p) for p in papers]`` in a few queries."""
        keys = [paper_key(p) for p in papers]
        found: dict[str, bytes] = {}
        for i in range(0, len(keys), 500):
            batch = keys[i:i + 500]
            q = f"SELECT key, record FROM extraction WHERE key IN ({','.join('?' * len(batch))})"
            found.update(self.db.execute(q, batch).fetchall())
        out = []
        for p, k in zip(papers, keys):
            rec = found.get(k)
            try:
                ex = extraction_from_bytes(rec) if rec is not None else None
            except (ValueError, TypeError, IndexError, EOFError):  # an entry written by another format
                ex = None
            if ex is None:
                self.misses += 1
                out.append(None)
                continue
            self.hits += 1
            out.append(Extraction(p, ex.mentions, ex.claims, label=ex.label) if ex.paper != p else ex)
        return out

    def put(self, paper: Paper, ex: Extraction) -> None:
        self.db.execute("INSERT OR REPLACE INTO extraction VALUES (?, ?)", (paper_key(paper), extraction_to_bytes(ex)))

    def commit(self) -> None:
        self.db.commit()

    def close(self) -> None:
        self.db.commit()
        self.db.close()
