"""Embedded Oxigraph stores over a build: in memory, or persistent in a directory.

A persistent store is an Oxigraph (RocksDB) directory. :func:`persistent_store` opens or
creates it and bulk-loads the build's ``graph.nt`` (or ``graph.ttl``) only when the store
is empty or out of date: the source file's path, size and modification time are recorded
in ``kg-source.json`` inside the store directory at load time, and a later open reloads
(clear + bulk load) when any of them differs. A non-empty store without that record was
filled by someone else and is never reloaded. A store directory is used by one writer at
a time; :func:`read_only_store` opens any number of readers once no writer is left (so do
not point ``kg query --store`` at a store a running ``kg serve --store`` is reading while
the build changes: Oxigraph leaves reading during a write undefined).

>>> import tempfile
>>> d = tempfile.mkdtemp()
>>> _ = Path(d, "graph.nt").write_text("<http://x.org/a> <http://x.org/p> <http://x.org/b> .\\n")
>>> len(memory_store(d))
1
>>> store = persistent_store(Path(d, "store"), d)
>>> len(store), is_stale(Path(d, "store"), d)
(1, False)
>>> del store; import shutil; shutil.rmtree(d)
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from kg.errors import E, KGError

#: graph files of a build, in order of preference, with their pyoxigraph format names
GRAPH_FILES = (("graph.nt", "N_TRIPLES"), ("graph.ttl", "TURTLE"))
#: file inside a persistent store recording what was loaded into it
MARKER = "kg-source.json"


def graph_file(graph_dir: str | Path) -> Path | None:
    """The build's RDF file (``graph.nt``, else ``graph.ttl``), or ``None``.

    Parameters
    ----------
    graph_dir : str or Path
        A build directory, or an ``.nt``/``.ttl`` file itself.

    Returns
    -------
    Path or None
    """
    p = Path(graph_dir)
    if p.is_file() and p.suffix in (".nt", ".ttl"):
        return p
    return next((p / name for name, _ in GRAPH_FILES if (p / name).is_file()), None)


def _format(path: Path):
    import pyoxigraph as ox

    return ox.RdfFormat.N_TRIPLES if path.suffix == ".nt" else ox.RdfFormat.TURTLE


def _bulk_load(store, source: Path) -> None:
    try:
        store.bulk_load(path=str(source), format=_format(source))
    except (SyntaxError, ValueError) as exc:
        raise KGError(E.E004, path=source, detail=str(exc).splitlines()[0]) from None
    except OSError as exc:
        raise KGError(E.E001, path=source, detail=exc.strerror or str(exc)) from None


def memory_store(graph_dir: str | Path):
    """Load a build's graph into a new in-memory store.

    Parameters
    ----------
    graph_dir : str or Path
        Build directory holding ``graph.nt`` or ``graph.ttl`` (or one of those files).

    Returns
    -------
    pyoxigraph.Store

    Raises
    ------
    KGError
        E008 when there is no graph file.
    """
    import pyoxigraph as ox

    source = graph_file(graph_dir)
    if source is None:
        raise KGError(E.E008, path=graph_dir)
    store = ox.Store()
    _bulk_load(store, source)
    return store


def _stamp(source: Path) -> dict:
    st = source.stat()
    return {"source": str(source.resolve()), "size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _recorded(store_dir: Path) -> dict | None:
    try:
        return json.loads((store_dir / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def is_stale(store_dir: str | Path, graph_dir: str | Path) -> bool:
    """Whether a store loaded by :func:`persistent_store` no longer matches the build.

    Parameters
    ----------
    store_dir : str or Path
        The persistent store directory.
    graph_dir : str or Path
        The build directory (or graph file) it was loaded from.

    Returns
    -------
    bool
        True when the graph file exists and its path, size or modification time differs
        from what the store recorded; False when they match, when there is no graph
        file, or when the store has no record (it was not loaded by kg).
    """
    source = graph_file(graph_dir)
    rec = _recorded(Path(store_dir))
    if source is None or rec is None:
        return False
    stamp = _stamp(source)
    return any(rec.get(k) != v for k, v in stamp.items())


def _check_store_dir(path: Path) -> None:
    if path.exists() and not path.is_dir():
        raise KGError(E.E011, path=path, detail="not a directory")
    if path.is_dir() and any(path.iterdir()) and not (path / "CURRENT").is_file():
        raise KGError(E.E011, path=path, detail="a non-empty directory that is not an Oxigraph store")


def persistent_store(store_dir: str | Path, graph_dir: str | Path | None = None):
    """Open (creating if needed) a persistent store, loading the build when needed.

    Parameters
    ----------
    store_dir : str or Path
        Store directory (created when missing).
    graph_dir : str or Path, optional
        Build directory (or graph file) to load from. Loaded when the store is empty,
        or when the store was loaded from a graph file whose path, size or modification
        time has changed since (see :func:`is_stale`).

    Returns
    -------
    pyoxigraph.Store
        Opened read-write; drop every reference to it to close it.

    Raises
    ------
    KGError
        E011 when ``store_dir`` cannot be used as a store (not a store, or in use by
        another process), E008 when the store is empty and there is no graph to load.
    """
    import pyoxigraph as ox

    path = Path(store_dir)
    _check_store_dir(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
        store = ox.Store(str(path))
    except OSError as exc:
        raise KGError(E.E011, path=path, detail=str(exc).splitlines()[0]) from None
    source = graph_file(graph_dir) if graph_dir is not None else None
    empty = len(store) == 0
    if source is None:
        if empty:
            raise KGError(E.E008, path=graph_dir if graph_dir is not None else path)
        return store
    if empty or is_stale(path, source):
        if not empty:
            store.clear()
        _bulk_load(store, source)
        store.flush()
        tmp = path / (MARKER + ".tmp")
        tmp.write_text(json.dumps(_stamp(source)) + "\n", encoding="utf-8")
        os.replace(tmp, path / MARKER)
    return store


def read_only_store(store_dir: str | Path):
    """Open a persistent store read-only (many readers may share one directory).

    Parameters
    ----------
    store_dir : str or Path
        A store directory filled by :func:`persistent_store`, with no writer open.

    Returns
    -------
    pyoxigraph.Store
        Updates on it raise.

    Raises
    ------
    KGError
        E011 when the directory is not a store.
    """
    import pyoxigraph as ox

    path = Path(store_dir)
    if not (path / "CURRENT").is_file():
        raise KGError(E.E011, path=path, detail="not an Oxigraph store")
    try:
        return ox.Store.read_only(str(path))
    except OSError as exc:
        raise KGError(E.E011, path=path, detail=str(exc).splitlines()[0]) from None
