"""Turtle export (``graph.ttl``) of the RDF view (:func:`kg.rdf.to_rdf`).

The triples are streamed from the mapping (no :class:`rdflib.Graph` is built), sorted
as canonical N-Triples lines (:func:`kg.export.ntriples.sorted_lines`, one subject at a
time) and written by oxigraph's Turtle serializer, which groups consecutive triples by
subject and predicate; nothing holds the whole document. The mapping mints no blank nodes, so the output is byte-identical across
runs and parses to exactly the triples of :func:`kg.rdf.to_rdf`.

>>> import tempfile
>>> from pathlib import Path
>>> from kg.graph import build_graph
>>> with tempfile.TemporaryDirectory() as d:
...     write(build_graph([], {}), Path(d) / "graph.ttl")
...     (Path(d) / "graph.ttl").read_text().endswith("\\n")
True
"""
from __future__ import annotations

import io
from collections.abc import Iterator
from typing import BinaryIO
from pathlib import Path

import networkx as nx
import pyoxigraph as ox

from kg.export.ntriples import encoded_chunks, sorted_lines
from kg.rdf.context import PREFIXES
from kg.rdf.mapping import DEFAULT_BASE


def serialize(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> bytes:
    """Return the Turtle document as UTF-8 bytes, ending in a newline.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/p1", type="Paper", label="T")
    >>> b"kg:Paper" in serialize(g)
    True
    """
    buf = io.BytesIO()
    _serialize_to(graph, buf, base)
    return buf.getvalue()


def _serialize_to(graph: nx.MultiDiGraph, out: BinaryIO, base: str, source: Path | None = None) -> None:
    """Stream the Turtle document into ``out``: sorted N-Triples lines -> oxigraph's
    parser -> its Turtle serializer -> :class:`_Tidy` (prefix lines sorted, one final
    newline) -> ``out``. Memory stays bounded whatever the graph's size. The lines are
    read from ``source`` when given (the N-Triples export of the same graph and base:
    the same bytes, without working them out in Python again)."""
    with (open(source, "rb") if source is not None else
          io.BufferedReader(_ChunkReader(encoded_chunks(sorted_lines(graph, base))), 1 << 16)) as lines:
        tidy = _Tidy(out)
        ox.serialize(ox.parse(lines, format=ox.RdfFormat.N_TRIPLES), tidy,
                     format=ox.RdfFormat.TURTLE, prefixes=PREFIXES)
        tidy.close()


class _Tidy(io.RawIOBase):
    """Writable stream that passes oxigraph's Turtle on to ``out``, except that the
    ``@prefix`` lines it writes first (in an order of its own) are sorted, leading
    newlines dropped and trailing ones replaced by exactly one."""

    def __init__(self, out: BinaryIO):
        self._out = out
        self._head: bytearray | None = bytearray()  # None once the prefix lines are out
        self._newlines = 0  # trailing newlines held back

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        data = bytes(b)
        if self._head is not None:
            self._head += data
            if not self._flush_head(final=False):
                return len(data)
            data, self._head = bytes(self._rest), None
        self._pass(data)
        return len(b)

    def _flush_head(self, final: bool) -> bool:
        """Write the sorted prefix lines once the first other line has begun (or at the
        end); keep the rest in ``self._rest``. False while still undecided."""
        body = bytes(self._head).lstrip(b"\n")
        header = []
        while body.startswith(b"@prefix ") and b"\n" in body:
            line, _, body = body.partition(b"\n")
            header.append(line + b"\n")
        if not final and (not body or b"@prefix ".startswith(body[:8]) and len(body) < 8
                          or body.startswith(b"@prefix ")):
            return False  # the next line may still be a prefix line
        self._out.write(b"".join(sorted(header)))
        self._rest = body
        return True

    def _pass(self, data: bytes) -> None:
        stripped = data.rstrip(b"\n")
        if stripped:
            self._out.write(b"\n" * self._newlines + stripped)
            self._newlines = len(data) - len(stripped)
        else:
            self._newlines += len(data)

    def close(self) -> None:
        if self.closed:
            return
        if self._head is not None:
            self._flush_head(final=True)
            self._head = None
            self._pass(self._rest)
        self._out.write(b"\n")
        super().close()


class _ChunkReader(io.RawIOBase):
    """Read-only binary stream over an iterator of byte chunks (feeds oxigraph's parser)."""

    def __init__(self, chunks: Iterator[bytes]):
        self._chunks = chunks
        self._buf = b""

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        while not self._buf:
            chunk = next(self._chunks, None)
            if chunk is None:
                return 0
            self._buf = chunk
        n = min(len(b), len(self._buf))
        b[:n] = self._buf[:n]
        self._buf = self._buf[n:]
        return n


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None, base: str = DEFAULT_BASE,
          source: Path | None = None) -> None:
    """Write ``graph`` as Turtle to ``path``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    path : Path
        Output file.
    on_warning : callable, optional
        Unused (the RDF mapping is lossless for the graph model).
    base : str
        Base IRI of nodes and statements.
    source : Path, optional
        ``graph``'s N-Triples export with the same ``base`` (:mod:`kg.export.ntriples`),
        written just before: read instead of generating its lines again (the output is the
        same bytes). :func:`kg.export.export` passes it when it writes both formats.
    """
    with open(path, "wb") as fh:
        _serialize_to(graph, fh, base, source)
