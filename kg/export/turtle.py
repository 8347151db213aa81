"""Turtle export (``graph.ttl``) of the RDF view (:func:`kg.rdf.to_rdf`).

rdflib's Turtle serializer sorts subjects, predicates and objects, and the mapping
mints no blank nodes, so the output is byte-identical across runs.

>>> import tempfile
>>> from pathlib import Path
>>> from kg.graph import build_graph
>>> with tempfile.TemporaryDirectory() as d:
...     write(build_graph([], {}), Path(d) / "graph.ttl")
...     (Path(d) / "graph.ttl").read_text().endswith("\\n")
True
"""
from __future__ import annotations

from pathlib import Path

import networkx as nx

from kg.rdf.mapping import DEFAULT_BASE, to_rdf


def serialize(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> bytes:
    """Return the Turtle document as UTF-8 bytes, ending in a newline.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/p1", type="Paper", label="T")
    >>> b"kg:Paper" in serialize(g)
    True
    """
    data = to_rdf(graph, base).serialize(format="turtle", encoding="utf-8")
    return data.rstrip(b"\n") + b"\n"


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
