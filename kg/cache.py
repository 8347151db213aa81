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
from kg.records_io import extraction_from_json, extraction_to_json


@lru_cache(maxsize=1)
def knowledge_fingerprint() -> str:
    """SHA-256 over kg's version, the extraction code and every data file it depends on."""
    h = hashlib.sha256(__version__.encode())
    pkg = resources.files("kg")
    code = [pkg / "text.py", pkg / "records.py", pkg / "ingest" / "_common.py",
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
        self.db.execute("CREATE TABLE IF NOT EXISTS extraction (key TEXT PRIMARY KEY, record TEXT NOT NULL)")
        self.hits = self.misses = 0

    def get(self, paper: Paper) -> Extraction | None:
        row = self.db.execute("SELECT record FROM extraction WHERE key = ?", (paper_key(paper),)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        ex = extraction_from_json(row[0])
        # the record carries provenance of the paper as read now (file, line)
        return Extraction(paper, ex.mentions, ex.claims, label=ex.label) if ex.paper != paper else ex

    def put(self, paper: Paper, ex: Extraction) -> None:
        self.db.execute("INSERT OR REPLACE INTO extraction VALUES (?, ?)", (paper_key(paper), extraction_to_json(ex)))

    def commit(self) -> None:
        self.db.commit()

    def close(self) -> None:
        self.db.commit()
        self.db.close()
