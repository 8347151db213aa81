"""Turtle export (``graph.ttl``) of the RDF view (:func:`kg.rdf.to_rdf`).

The triples are streamed from the mapping (no :class:`rdflib.Graph` is built), sorted
as canonical N-Triples lines (:func:`kg.export.ntriples.sorted_lines`) and written by
oxigraph's Turtle serializer, which groups consecutive triples by subject and
predicate. The mapping mints no blank nodes, so the output is byte-identical across
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
    source = io.BufferedReader(_ChunkReader(encoded_chunks(sorted_lines(graph, base))), 1 << 16)
    data = ox.serialize(ox.parse(source, format=ox.RdfFormat.N_TRIPLES),
                        format=ox.RdfFormat.TURTLE, prefixes=PREFIXES)
    # oxigraph writes every given prefix first, in an order of its own: sort them
    body = data.lstrip(b"\n")
    header = []
    while body.startswith(b"@prefix "):
        line, _, body = body.partition(b"\n")
        header.append(line + b"\n")
    return b"".join(sorted(header)) + body.rstrip(b"\n") + b"\n"


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


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None, base: str = DEFAULT_BASE) -> None:
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
    """
    Path(path).write_bytes(serialize(graph, base))
