"""Write the knowledge graph in many formats, one module per format, behind a registry.

:data:`EXPORTERS` maps a format name to ``(relative output path, "module:function")``,
in the spirit of rdflib's serializer plugins: modules are imported only when their
format is written, so a missing or broken optional exporter cannot break the others.
A path ending in ``/`` names a directory (Neo4j writes several files).

Every exporter function has the signature::

    write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None) -> None

(a writer without an ``on_warning`` parameter is called without it) and writes exactly
``path`` (a file, or a directory it may create). It is never handed
the final location: :func:`export` gives it a temporary path in the destination
directory and moves the result into place with :func:`os.replace`, so readers never see
a half-written file. ``on_warning`` receives ready-to-print messages (each lossy
exporter warns at most once, with a count).

>>> import tempfile
>>> from kg.graph import build_graph
>>> g = build_graph([], {})
>>> with tempfile.TemporaryDirectory() as d:
...     [p.name for p in export(g, d, names=["ntriples", "graphml"])]
['graph.nt', 'graph.graphml']
"""
from __future__ import annotations

import importlib
import inspect
import os
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

import networkx as nx

from kg.errors import E, KGError
from kg.export._common import umask

WarningHandler = Callable[[str], None]


class Exporter(NamedTuple):
    """Registry entry: where the output goes and which function writes it."""

    path: str  #: relative output path; a trailing ``/`` means a directory
    target: str  #: ``"package.module:function"``
    #: a format whose file, when written by the same :func:`export` call, the writer reads
    #: (keyword ``source``) instead of working it out again; :func:`export` writes it first
    reuses: str | None = None

    @property
    def is_dir(self) -> bool:
        return self.path.endswith("/")

    @property
    def module(self) -> str:
        return self.target.partition(":")[0]

    def load(self) -> Callable[..., None]:
        """Import the module and return the writer function."""
        return getattr(importlib.import_module(self.module), self.target.partition(":")[2])


#: format name -> :class:`Exporter` (order = the order :func:`export` writes them in)
EXPORTERS: dict[str, Exporter] = {
    "turtle": Exporter("graph.ttl", "kg.export.turtle:write", reuses="ntriples"),
    "jsonld": Exporter("graph.jsonld", "kg.export.jsonld:write"),
    "ntriples": Exporter("graph.nt", "kg.export.ntriples:write"),
    "graphml": Exporter("graph.graphml", "kg.export.graphml:write"),
    "gexf": Exporter("graph.gexf", "kg.export.gexf:write"),
    "cooccurrence": Exporter("graph.cooccurrence.gexf", "kg.export.cooccurrence:write"),
    "neo4j": Exporter("neo4j/", "kg.export.neo4j:write"),
    "html": Exporter("graph.html", "kg.export.html:write"),
}


def _default_warning(message: str) -> None:
    warnings.warn(message, UserWarning, stacklevel=3)


def _call(func: Callable[..., None], graph: nx.MultiDiGraph, path: Path,
          on_warning: WarningHandler, **extra) -> None:
    params = inspect.signature(func).parameters
    if "on_warning" in params or any(p.kind is p.VAR_KEYWORD for p in params.values()):
        func(graph, path, on_warning=on_warning, **extra)
    else:
        func(graph, path, **extra)


def _write_order(selected: list[str]) -> list[str]:
    """``selected`` with each reused format moved just before its first reuser.

    >>> _write_order(["turtle", "graphml", "ntriples"])
    ['ntriples', 'turtle', 'graphml']
    """
    order: list[str] = []
    for name in selected:
        reused = EXPORTERS[name].reuses
        if reused in selected and reused not in order:
            order.append(reused)
        if name not in order:
            order.append(name)
    return order


def atomic_write(path: Path, write: Callable[[Path], None], *, is_dir: bool = False) -> Path:
    """Produce ``path`` atomically: ``write(tmp)`` fills a temporary sibling, then swap.

    Parameters
    ----------
    path : Path
        Final file or directory.
    write : callable
        Called with the temporary path; must create it (file) or fill it (directory).
    is_dir : bool
        Build a directory: an existing ``path`` is moved aside, the new one renamed into
        place, then the old one removed (two renames; no reader sees a partial tree).

    Returns
    -------
    Path
        ``path``.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = atomic_write(Path(d) / "a.txt", lambda t: t.write_text("hi\\n"))
    ...     p.read_text(), sorted(x.name for x in Path(d).iterdir())
    ('hi\\n', ['a.txt'])
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = 0o777 & ~umask()
    if not is_dir:
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            write(tmp)
            os.chmod(tmp, mode & 0o666)
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return path

    tmp = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"))
    old = None
    try:
        write(tmp)
        os.chmod(tmp, mode)
        if path.exists():
            old = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".old"))
            os.replace(path, old / path.name)
        os.replace(tmp, path)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        if old is not None and (old / path.name).exists() and not path.exists():
            os.replace(old / path.name, path)  # put the previous export back
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return path


def export(graph: nx.MultiDiGraph, out_dir: str | os.PathLike, names: Iterable[str] | None = None,
           *, on_warning: WarningHandler | None = None) -> list[Path]:
    """Write ``graph`` in the given formats under ``out_dir``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    out_dir : path-like
        Destination directory (created if missing).
    names : iterable of str, optional
        Format names from :data:`EXPORTERS`; default all, in registry order (an
        exporter whose module is not installed is then skipped with a warning;
        named explicitly, it raises :class:`ModuleNotFoundError`).
    on_warning : callable, optional
        Receives each warning message (e.g. ``[W003] graphml: 3 list-valued ...``);
        default :func:`warnings.warn`.

    Returns
    -------
    list of Path
        Written files/directories, in the order written.

    Raises
    ------
    KGError
        ``E010`` for an unknown format name (before anything is written), ``E005`` when
        an output cannot be written.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     export(nx.MultiDiGraph(), d, names=["nope"])
    Traceback (most recent call last):
    ...
    kg.errors.KGError: [E010] unknown export format 'nope'; known: turtle, jsonld, ntriples, graphml, gexf, cooccurrence, neo4j, html
    """
    if isinstance(names, str):
        names = [names]
    selected = list(EXPORTERS) if names is None else list(dict.fromkeys(names))
    for name in selected:
        if name not in EXPORTERS:
            raise KGError(E.E010, name=name, known=", ".join(EXPORTERS))
    handler = on_warning or _default_warning
    funcs = {}
    for name in _write_order(selected):  # import everything before writing anything
        entry = EXPORTERS[name]
        try:
            funcs[name] = entry.load()
        except ModuleNotFoundError as exc:
            if names is not None or exc.name != entry.module:
                raise
            handler(f"{name}: exporter module {entry.module} is not installed; skipped")
    out = Path(out_dir)
    written: dict[str, Path] = {}
    for name, func in funcs.items():
        entry = EXPORTERS[name]
        target = out / entry.path.rstrip("/")
        extra = {"source": written[entry.reuses]} if entry.reuses in written else {}
        try:
            atomic_write(target, lambda tmp: _call(func, graph, tmp, handler, **extra), is_dir=entry.is_dir)
        except OSError as exc:
            raise KGError(E.E005, path=target, detail=exc.strerror or exc) from exc
        written[name] = target
    return list(written.values())
