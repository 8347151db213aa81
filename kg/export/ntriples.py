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
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path

import networkx as nx
from rdflib import Literal

from kg.rdf.mapping import DEFAULT_BASE, subject_groups

#: characters legal raw in N-Triples literals that line-oriented tools treat as line
#: breaks or choke on (C0 controls, DEL, NEL, LS, PS); written as \uXXXX instead
_LINE_HOSTILE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x85\u2028\u2029]")


def _escape(line: str) -> str:
    if line.isprintable():  # every line-hostile character is unprintable: nothing to escape
        return line
    return _LINE_HOSTILE.sub(lambda m: f"\\u{ord(m.group()):04X}", line)


def _term(term) -> str:
    if isinstance(term, Literal):  # same quoting as rdflib's N-Triples serializer
        text = '"%s"' % term.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"').replace("\r", "\\r")
        if term.language:
            return f"{text}@{term.language}"
        if term.datatype:
            return f"{text}^^<{term.datatype}>"
        return text
    return f"<{term}>"  # the mapping mints IRIs only (no blank nodes)


def sorted_lines(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> Iterator[str]:
    """The distinct N-Triples lines (no newline) of ``graph``'s RDF view, sorted by code point.

    Streams :func:`kg.rdf.mapping.subject_groups`: subjects come in the order of their
    lines (``"<s>"`` sorts as ``s + ">"``: no IRI holds ``>``), so only one subject's
    lines are held and sorted at a time; no :class:`rdflib.Graph` is built. Shared
    with the Turtle exporter, which re-serialises these lines.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("concept/x", type="Algorithm", parent="concept/y")
    >>> _ = g.add_edge("concept/x", "concept/y", key="variant_of", type="variant_of")
    >>> sum("skos/core#broader" in line for line in sorted_lines(g))
    1
    """
    for s, pos in subject_groups(graph, base, order=_line_order):
        # literals escape \n and \r, so a line holds exactly one triple
        yield from sorted({_escape(f"<{s}> <{p}> {_term(o)} .") for p, o in pos})


def _line_order(subject: str) -> str:
    return subject + ">"


def encoded_chunks(lines: Iterable[str], size: int = 4096) -> Iterator[bytes]:
    """UTF-8 bytes of ``lines``, each followed by a newline, in chunks of ``size`` lines."""
    it = iter(lines)
    while chunk := list(islice(it, size)):
        yield "".join(line + "\n" for line in chunk).encode("utf-8")


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
    return b"".join(encoded_chunks(sorted_lines(graph, base)))


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
    with open(path, "wb") as fh:
        for chunk in encoded_chunks(sorted_lines(graph, base)):
            fh.write(chunk)
