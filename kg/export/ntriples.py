"""N-Triples export (``graph.nt``): one triple per line, lines sorted.

Sorted lines make the file byte-stable, diff-friendly and streamable: ``grep``,
``split`` and line-oriented bulk loaders work on it directly.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/p1", type="Paper", label="T")
>>> print(serialize(g).decode(), end="")
<https://kg.example.org/paper/p1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://kg.example.org/ns#Paper> .
<https://kg.example.org/paper/p1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://schema.org/ScholarlyArticle> .
<https://kg.example.org/paper/p1> <http://www.w3.org/2000/01/rdf-schema#label> "T" .
"""
from __future__ import annotations

import re
from pathlib import Path

import networkx as nx

from kg.rdf.mapping import DEFAULT_BASE, to_rdf

#: characters legal raw in N-Triples literals that line-oriented tools treat as line
#: breaks or choke on (C0 controls, DEL, NEL, LS, PS); written as \uXXXX instead
_LINE_HOSTILE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x85\u2028\u2029]")


def _escape(line: str) -> str:
    return _LINE_HOSTILE.sub(lambda m: f"\\u{ord(m.group()):04X}", line)


def serialize(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> bytes:
    """Return canonical, sorted N-Triples (UTF-8, literals escaped, one triple a line).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    base : str
        Base IRI of nodes and statements.

    Returns
    -------
    bytes
        Lines sorted by code point (same order as ``LC_ALL=C sort``); control and
        Unicode line-separator characters in literals are ``\\uXXXX``-escaped so
        ``str.splitlines`` and friends see exactly one triple per line.
    """
    text = to_rdf(graph, base).serialize(format="nt", encoding="utf-8").decode("utf-8")
    # rdflib escapes \n and \r inside literals, so "\n" only ends triples
    lines = sorted(_escape(line) for line in text.split("\n") if line.strip())
    return "".join(line + "\n" for line in lines).encode("utf-8")


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None, base: str = DEFAULT_BASE) -> None:
    """Write ``graph`` as sorted N-Triples to ``path`` (``on_warning`` unused: lossless).

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write(nx.MultiDiGraph(), Path(d) / "g.nt")
    ...     (Path(d) / "g.nt").read_bytes()
    b''
    """
    Path(path).write_bytes(serialize(graph, base))
