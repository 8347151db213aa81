"""A content-addressed cache of per-paper extractions, so a rebuild extracts only what changed.

The key of a paper is the SHA-256 of kg's version, a fingerprint of the extraction code
and knowledge (lexicon, cue patterns, calibration) and the paper's id, title and abstract:
editing a lexicon file or the extractor, or upgrading kg, invalidates every entry; adding abstracts leaves
the others hits. Entries live in one SQLite file. Cached records are the extractions
*before* linking. A file beside it (``<name>.link-state``) keeps the state of the last
build's linker (:class:`kg.link.linker.Linker`) under a key (:func:`link_fingerprint`)
that also covers the linking code and the confidence threshold, so the next build relinks
only the name groups that new or removed papers touch; the result is byte-identical to a
clean build.

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
import marshal
import os
import sqlite3
import tempfile
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from kg import __version__
from kg.records import Extraction, Paper
from kg.records_io import FORMAT, extraction_from_bytes, extraction_to_bytes


def extraction_code() -> list[tuple[str, Traversable]]:
    """The code an extraction depends on, as ``(path inside kg, file)`` in a fixed order:
    every module of :mod:`kg.extract` and its subpackages, and the modules it reads
    records, text and lexicon entries with."""
    pkg = resources.files("kg")
    files = [("text.py", pkg / "text.py"), ("records.py", pkg / "records.py"),
             ("records_io.py", pkg / "records_io.py"), ("ingest/_common.py", pkg / "ingest" / "_common.py"),
             ("link/lexicon.py", pkg / "link" / "lexicon.py")]  # how entries are read and which spellings they match

    def walk(folder: Traversable, prefix: str) -> None:
        for f in sorted(folder.iterdir(), key=lambda p: p.name):
            if f.is_dir() and f.name != "__pycache__":
                walk(f, f"{prefix}{f.name}/")
            elif f.name.endswith(".py"):
                files.append((prefix + f.name, f))

    walk(pkg / "extract", "extract/")
    return files


@lru_cache(maxsize=1)
def knowledge_fingerprint() -> str:
    """SHA-256 over kg's version, the record format, the extraction code (with the lexicon
    loader) and every data file it depends on."""
    h = hashlib.sha256(f"{__version__}\0{FORMAT}".encode())
    for name, f in extraction_code():
        h.update(name.encode())
        h.update(f.read_bytes())
    root = resources.files("kg") / "data"
    for sub in ("lexicon", "patterns"):
        for f in sorted((root / sub).iterdir(), key=lambda p: p.name):
            h.update(f.name.encode())
            h.update(f.read_bytes())
    cal = root / "calibration.json"
    if cal.is_file():
        h.update(cal.read_bytes())
    return h.hexdigest()


@lru_cache(maxsize=1)
def _key_prefix():  # the hash of the knowledge, copied for each key
    return hashlib.sha256(knowledge_fingerprint().encode())


def paper_key(paper: Paper) -> str:
    """The cache key of ``paper``: what extraction sees of it, and the knowledge."""
    h = _key_prefix().copy()
    h.update(f"\0{paper.id}\0{paper.title or ''}\0{paper.abstract}".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


@lru_cache(maxsize=4)
def link_fingerprint(min_confidence: float) -> str:
    """Key of the stored linker state: the knowledge, the linking code and the
    confidence threshold applied before linking."""
    h = hashlib.sha256(f"{knowledge_fingerprint()}\0{min_confidence!r}".encode())
    for f in sorted((p for p in (resources.files("kg") / "link").iterdir() if p.name.endswith(".py")),
                    key=lambda p: p.name):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


class ExtractionCache:
    """``get(paper)`` / ``put(paper, extraction)`` backed by one SQLite file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.execute("CREATE TABLE IF NOT EXISTS extraction (key TEXT PRIMARY KEY, record BLOB NOT NULL)")
        #: the last build's linker state, beside the SQLite file
        self.state_path = self.path.with_name(self.path.name + ".link-state")
        self.hits = self.misses = 0

    def get(self, paper: Paper) -> Extraction | None:
        """The cached extraction of ``paper`` (carrying ``paper`` as read now), or None."""
        return self.get_many([paper])[0]

    def get_many(self, papers: list[Paper]) -> list[Extraction | None]:
        """``[get(p) for p in papers]`` in a few queries."""
        found = self.records([paper_key(p) for p in papers])
        return [self.decode(found.get(paper_key(p)), p) for p in papers]

    def records(self, keys: list[str]) -> dict[str, bytes]:
        """The stored bytes of those of ``keys`` that have an entry (not decoded)."""
        return _select(self.db, keys)

    def decode(self, record: bytes | None, paper: Paper) -> Extraction | None:
        """The extraction in ``record`` (carrying ``paper`` as read now), or None when
        there is none or it was written in another format; counts hits and misses."""
        try:
            ex = extraction_from_bytes(record) if record is not None else None
        except (ValueError, TypeError, IndexError, EOFError):  # an entry written by another format
            ex = None
        if ex is None:
            self.misses += 1
            return None
        self.hits += 1
        return Extraction(paper, ex.mentions, ex.claims, label=ex.label) if ex.paper != paper else ex

    def link_state(self, fingerprint: str) -> bytes | None:
        """The linker state stored under ``fingerprint`` (:func:`link_fingerprint`), or
        None (none, another fingerprint, or damaged)."""
        try:
            stored, digest, state = marshal.loads(self.state_path.read_bytes())
            return state if stored == fingerprint and hashlib.sha256(state).digest() == digest else None
        except (OSError, ValueError, TypeError, EOFError):
            return None

    def put_link_state(self, fingerprint: str, state: bytes) -> None:
        """Store the linker state, replacing the one stored before (a whole file is
        renamed into place, so a reader never sees half of it)."""
        data = marshal.dumps((fingerprint, hashlib.sha256(state).digest(), state))
        fd, tmp = tempfile.mkstemp(prefix=f".{self.state_path.name}-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, self.state_path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    def put(self, paper: Paper, ex: Extraction, key: str | None = None) -> None:
        """Store the extraction of ``paper`` (whose :func:`paper_key` is ``key``, if known)."""
        self.db.execute("INSERT OR REPLACE INTO extraction VALUES (?, ?)",
                        (key or paper_key(paper), extraction_to_bytes(ex)))

    def commit(self) -> None:
        self.db.commit()

    def close(self) -> None:
        self.db.commit()
        self.db.close()


def _select(db: sqlite3.Connection, keys: list[str]) -> dict[str, bytes]:
    found: dict[str, bytes] = {}
    for i in range(0, len(keys), 500):
        batch = keys[i:i + 500]
        q = f"SELECT key, record FROM extraction WHERE key IN ({','.join('?' * len(batch))})"
        found.update(db.execute(q, batch).fetchall())
    return found


def read_records(path: str | Path, keys: list[str]) -> dict[str, bytes]:
    """The stored bytes of ``keys`` in the cache file ``path``; {} when it cannot be read."""
    try:
        db = sqlite3.connect(path)
        try:
            return _select(db, keys)
        finally:
            db.close()
    except sqlite3.Error:
        return {}
