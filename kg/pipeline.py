"""The front door: inputs -> extractions -> linked concepts -> graph -> exports.

The CLI is a thin shell over these functions.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import networkx as nx

from kg.errors import E, KGError
from kg.extract import Extractor
from kg.extract.serialize import write_extractions
from kg.gctune import collect_less
from kg.graph import build_graph
from kg.ingest import bundled_corpus, read_papers
from kg.link import Lexicon, link, load_lexicon
from kg.link.linker import Linker, linked
from kg.records import Concept, Extraction, MergeRecord, Paper, evolve
from kg.records_io import extraction_from_bytes

OnWarning = Callable[[str], None]


@dataclass
class Result:
    extractions: Sequence[Extraction]  #: in input order (a list, or decoded lazily from the cache)
    concepts: dict[str, Concept]
    merges: list[MergeRecord]
    graph: nx.MultiDiGraph | None = None
    written: list[Path] | None = None


def _noop(_: str) -> None:
    pass


def load_papers(inputs: Sequence[str | os.PathLike], on_warning: OnWarning = _noop) -> list[Paper]:
    """Read every input (the bundled corpus when none is given)."""
    paths = list(inputs) or bundled_corpus()
    papers = list(read_papers(paths, on_warning=on_warning))
    if not papers:
        named = ", ".join(str(p) for p in paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
        raise KGError(E.E006, inputs=named)
    return papers


def _at_least(ex: Extraction, threshold: float) -> Extraction:
    return replace(ex, mentions=tuple(m for m in ex.mentions if m.confidence >= threshold),
                   claims=tuple(c for c in ex.claims if c.confidence >= threshold))


def default_cache_dir() -> Path:
    """``$KG_CACHE_DIR``, else ``$XDG_CACHE_HOME/kg``, else ``~/.cache/kg``."""
    if os.environ.get("KG_CACHE_DIR"):
        return Path(os.environ["KG_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kg"


def extract(
    papers: Iterable[Paper],
    *,
    lexicon: Lexicon | None = None,
    min_confidence: float = 0.0,
    progress: Callable[[Iterable], Iterable] | None = None,
    jobs: int = 1,
    engine: str = "local",
    address: str | None = None,
    cache: str | os.PathLike | None = None,
) -> Result:
    """Extract and link: per-paper extractions with concept ids, the concepts, the merge log.

    ``engine``/``jobs``/``address`` choose where extraction runs (:mod:`kg.engines`);
    the result is the same whichever. With ``cache`` (a directory), papers extracted
    before with the same knowledge are read back instead of extracted again
    (:mod:`kg.cache`). A custom ``lexicon`` always runs in this process. Items whose
    calibrated confidence is below ``min_confidence`` are dropped before linking.
    """
    with collect_less():
        return _extract(papers, lexicon, min_confidence, progress, jobs, engine, address, cache)


def _extract(papers, lexicon, min_confidence, progress, jobs, engine, address, cache) -> Result:
    from kg.engines import run

    papers = list(papers)
    if cache is not None and lexicon is None:
        return _extract_cached(papers, min_confidence, progress, jobs, engine, address, cache)
    custom = lexicon is not None
    lexicon = lexicon if custom else load_lexicon()
    fresh = Extractor(lexicon).extract(papers) if custom else run(papers, engine=engine, jobs=jobs, address=address)
    if progress is not None:
        fresh = progress(fresh)
    raw = [_at_least(g, min_confidence) if min_confidence > 0 else g for g in fresh]
    done, concepts, merges = link(raw, lexicon)
    return Result(done, concepts, merges)


def _extract_cached(papers: list[Paper], min_confidence, progress, jobs, engine, address, cache) -> Result:
    """:func:`extract` with the cache: papers extracted before are read back, and when the
    last build's linker state is stored, only the name groups that new or removed papers
    touch are linked again; papers kept from the last build are read and decoded on first
    use (:class:`_CachedExtractions`)."""
    from kg.cache import ExtractionCache, link_fingerprint, paper_key

    lexicon = load_lexicon()
    try:
        store = ExtractionCache(Path(cache) / "extractions.sqlite")
    except Exception as exc:  # noqa: BLE001 - a broken cache must not stop a build
        raise KGError(E.E005, path=cache, detail=f"cache unusable: {exc}") from None
    keys = [paper_key(p) for p in papers]
    fingerprint = link_fingerprint(min_confidence)
    linker = None  # the same paper twice: linked by position, no state kept
    if len(set(keys)) == len(keys):
        linker = _restore_linker(store, lexicon, fingerprint, keys, min_confidence) or Linker(lexicon)
    kept = set(linker.papers) if linker is not None else set()
    todo = [i for i, k in enumerate(keys) if k not in kept]  # papers the linker does not have yet
    got = _read_or_extract(store, papers, keys, todo, progress, dict(engine=engine, jobs=jobs, address=address))
    if min_confidence > 0:
        got = {i: _at_least(g, min_confidence) for i, g in got.items()}

    if linker is None:
        done, concepts, merges = link([got[i] for i in range(len(papers))], lexicon)
        store.close()
        return Result(done, concepts, merges)
    for i in todo:
        linker.add(keys[i], got[i])
    linker.reorder(keys)
    concepts, merges, ids = linker.result()
    store.close()  # extractions committed before the state that refers to them
    try:
        store.put_link_state(fingerprint, linker.dump())
    except OSError:  # the state stored before still describes its own corpus: next build diffs against it
        pass
    items = [linked(got[i], linker.concept_ids(k, ids)) if i in got else _Cached(k, p, linker.papers[k][1])
             for i, (p, k) in enumerate(zip(papers, keys))]
    return Result(_CachedExtractions(items, store.path, ids, min_confidence), concepts, merges)


def _read_or_extract(store, papers: list[Paper], keys: list[str], todo: list[int], progress,
                     engine_kwargs: dict) -> dict[int, Extraction]:
    """The extractions of ``papers[i]`` for ``i`` in ``todo``: from the cache, else
    extracted (and cached)."""
    from kg.engines import run

    records = store.records([keys[i] for i in todo])
    got = {i: store.decode(records.get(keys[i]), papers[i]) for i in todo}
    fresh = run([papers[i] for i in todo if got[i] is None], **engine_kwargs)
    if progress is not None:
        fresh = progress(fresh)
    fresh = iter(fresh)
    for i in todo:
        if got[i] is None:
            got[i] = next(fresh)
            store.put(papers[i], got[i], keys[i])
    return got


def _restore_linker(store, lexicon: Lexicon, fingerprint: str, keys: list[str], min_confidence: float):
    """The linker of the last build with the papers no longer in ``keys`` removed, or None
    when there is none or it cannot serve (other knowledge, most of the corpus changed,
    unreadable state): then everything is linked again."""
    data = store.link_state(fingerprint)
    if data is None:
        return None
    try:
        linker = Linker.load(lexicon, data)
    except (ValueError, TypeError, IndexError, EOFError, KeyError):
        return None
    now = set(keys)
    gone = [k for k in linker.papers if k not in now]
    if 2 * (len(gone) + len(keys) - (len(linker.papers) - len(gone))) > len(keys):
        return None  # most of the corpus changed: a clean link is faster
    records = store.records(gone)
    for k in gone:
        try:
            ex = extraction_from_bytes(records[k])
            linker.remove(k, _at_least(ex, min_confidence) if min_confidence > 0 else ex)
        except (ValueError, TypeError, IndexError, EOFError, KeyError):  # no readable entry to undo
            return None
    return linker


class _Cached:
    """A paper kept from the last build, not read yet: its cache key, the paper as read
    now, and where each of its mentions links (:meth:`Linker.concept_ids`)."""

    __slots__ = ("key", "paper", "slots")

    def __init__(self, key: str, paper: Paper, slots: list) -> None:
        self.key, self.paper, self.slots = key, paper, slots


class _CachedExtractions(Sequence):
    """The linked extractions of a build, in input order. Those of papers kept from the
    last build are read from the cache and decoded on first use, so a rebuild that adds
    1% of papers does not spend its time turning the other 99% back into objects before
    anything needs them. Reading them all costs what decoding a clean build's cache did.

    An entry gone or damaged since it was linked is extracted again (extraction is
    deterministic under one knowledge fingerprint, so it is what was linked; the number
    of mentions is checked).
    """

    def __init__(self, items: list, path: Path, ids: dict, min_confidence: float) -> None:
        self._items = items
        self._path = path
        self._ids = ids
        self._min_confidence = min_confidence

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        item = self._items[i]
        if item.__class__ is _Cached:
            self._decode_all()
            item = self._items[i]
        return item

    def __iter__(self):
        for i in range(len(self._items)):
            yield self[i]

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and not isinstance(other, str) and list(self) == list(other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"<{len(self)} extractions>"

    def _decode_all(self) -> None:
        """Read and decode every kept paper at once (one pass over the file, and under
        :func:`~kg.gctune.collect_less`: decoding builds many small objects)."""
        from kg.cache import read_records

        items = self._items
        with collect_less():
            records = read_records(self._path, [it.key for it in items if it.__class__ is _Cached])
            for i, item in enumerate(items):
                if item.__class__ is _Cached:
                    items[i] = self._decode(item, records.get(item.key))

    def _decode(self, c: _Cached, record: bytes | None) -> Extraction:
        ids = self._ids
        cids = [s if s.__class__ is str else ids[s] for s in c.slots]
        try:
            if self._min_confidence > 0:
                ex = linked(_at_least(extraction_from_bytes(record), self._min_confidence), cids)
            else:
                ex = extraction_from_bytes(record, cids)
        except (ValueError, TypeError, IndexError, EOFError):  # gone or damaged since it was linked
            from kg.engines import run

            (ex,) = run([c.paper])
            ex = linked(_at_least(ex, self._min_confidence) if self._min_confidence > 0 else ex, cids)
        return ex if ex.paper == c.paper else evolve(ex, paper=c.paper)


def _write_text(path: Path, write: Callable) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        write(fh)


def write_extraction_file(result: Result, out: str | os.PathLike) -> Path:
    """Write ``extractions.jsonl`` atomically (temp file beside it, then rename).

    Temp files left beside ``out`` by killed runs are removed after a successful write.
    """
    out = Path(out)
    _check_writable_file(out)
    if os.path.islink(out):
        out = Path(os.path.realpath(out))  # replace the file the link points to, keep the link
    if out.exists() and not out.is_file():  # /dev/null, /dev/stdout, a FIFO: write into it
        try:
            _write_text(out, lambda fh: write_extractions(result.extractions, fh))
        except OSError as exc:
            raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None
        return out
    prefix = f".{out.name}.kg-"
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{prefix}{os.getpid()}-", suffix=".tmp", dir=out.parent)
    except OSError as exc:
        raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None
    os.close(fd)
    try:
        _write_text(Path(tmp), lambda fh: write_extractions(result.extractions, fh))
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except OSError as exc:
        raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    _remove_stale(out.parent, prefix)
    return out


#: Name prefix of the staging directory a build writes into (inside ``--out``), followed
#: by the builder's process id, so a later build can tell a live one from a killed one.
STAGING_PREFIX = ".kg-staging-"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0
    return True


def _remove_stale(folder: Path, prefix: str) -> list[Path]:
    """Remove what killed runs left in ``folder``: entries named ``<prefix><pid>-...``
    whose process is gone (or without a readable pid). Never fails."""
    removed = []
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(prefix):
            continue
        pid = entry.name[len(prefix):].split("-", 1)[0]
        if pid.isdigit() and _alive(int(pid)):
            continue
        try:
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
        except OSError:
            continue
        removed.append(entry)
    return removed


def _publish(item: Path, target: Path) -> None:
    """Move the staged ``item`` to ``target``, file by file with :func:`os.replace`, so at
    every moment each file under its final name is complete (a directory is never
    missing: its files are replaced one by one, then files it no longer has removed)."""
    if not item.is_dir():
        os.chmod(item, 0o755 if item.stat().st_mode & 0o100 else 0o644)  # keep scripts executable
        os.replace(item, target)
        return
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        target.unlink()
    target.mkdir(exist_ok=True)
    names = set()
    for sub in sorted(item.iterdir()):
        names.add(sub.name)
        _publish(sub, target / sub.name)
    for old in sorted(target.iterdir()):
        if old.name not in names:
            if old.is_dir() and not old.is_symlink():
                shutil.rmtree(old)
            else:
                old.unlink()


def _check_writable_file(out: Path) -> None:
    try:
        _check_writable_file_unguarded(out)
    except OSError as exc:
        raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None


def _check_writable_file_unguarded(out: Path) -> None:
    if out.is_dir():
        raise KGError(E.E005, path=out, detail="is a directory")
    if not out.parent.is_dir():
        raise KGError(E.E005, path=out, detail=f"directory {out.parent} does not exist")
    if not os.access(out.parent, os.W_OK):
        raise KGError(E.E005, path=out, detail="directory is not writable")


def _merge_log_writer(merges: list[MergeRecord]):
    def write(fh):
        for m in merges:
            fh.write(json.dumps({"surface": m.surface, "concept": m.concept, "reason": m.reason,
                                 "papers": list(m.papers)}, ensure_ascii=False) + "\n")
    return write


def _concepts_writer(concepts: dict[str, Concept]):
    def write(fh):
        for cid in sorted(concepts):
            c = concepts[cid]
            fh.write(json.dumps({"id": c.id, "type": c.type, "name": c.name, "aliases": sorted(c.aliases),
                                 "parent": c.parent, "origin": c.source}, ensure_ascii=False) + "\n")
    return write


def build(
    inputs: Sequence[str | os.PathLike],
    out_dir: str | os.PathLike,
    *,
    formats: Sequence[str] | None = None,
    lexicon: Lexicon | None = None,
    min_confidence: float = 0.0,
    on_warning: OnWarning = _noop,
    progress: Callable[[Iterable], Iterable] | None = None,
    jobs: int = 1,
    engine: str = "local",
    address: str | None = None,
    cache: str | os.PathLike | None = None,
) -> Result:
    """Run the whole job and write every export under ``out_dir``.

    All files are first written to a staging directory inside ``out_dir`` and moved
    into place only when every one is complete, so a failed build leaves the previous
    exports whole.
    """
    from kg.export import EXPORTERS, export

    out = Path(out_dir)
    _check_out_dir(out)
    papers = load_papers(inputs, on_warning)
    result = extract(papers, lexicon=lexicon, min_confidence=min_confidence, progress=progress, jobs=jobs,
                     engine=engine, address=address, cache=cache)
    result.graph = build_graph(result.extractions, result.concepts)
    names = list(formats) if formats else list(EXPORTERS)
    unknown = [n for n in names if n not in EXPORTERS]
    if unknown:
        raise KGError(E.E010, name=unknown[0], known=", ".join(EXPORTERS))
    try:
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{os.getpid()}-", dir=out))
    except OSError as exc:
        raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None
    try:
        _write_text(staging / "extractions.jsonl", lambda fh: write_extractions(result.extractions, fh))
        _write_text(staging / "merge_log.jsonl", _merge_log_writer(result.merges))
        _write_text(staging / "concepts.jsonl", _concepts_writer(result.concepts))
        export(result.graph, staging, names, on_warning=on_warning)
        written = []
        for item in sorted(staging.iterdir()):
            target = out / item.name
            _publish(item, target)
            written.append(target)
        result.written = written
    except OSError as exc:
        raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    _remove_stale(out, STAGING_PREFIX)  # left by killed builds
    return result


def _check_out_dir(out: Path) -> None:
    """Fail early (before any work) when ``out`` cannot be an output directory: it is a
    file, or its nearest existing ancestor is not a directory or not writable."""
    try:
        _check_out_dir_unguarded(out)
    except OSError as exc:  # e.g. a parent folder we may not even look into
        raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None


def _check_out_dir_unguarded(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise KGError(E.E005, path=out, detail="exists and is not a directory")
    if out.is_dir():
        if not os.access(out, os.W_OK | os.X_OK):
            raise KGError(E.E005, path=out, detail="directory is not writable")
        return
    parent = out.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise KGError(E.E005, path=out, detail=f"{parent} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise KGError(E.E005, path=out, detail=f"directory {parent} is not writable")
