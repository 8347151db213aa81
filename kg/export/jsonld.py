"""JSON-LD export (``graph.jsonld``), compacted with the kg context.

rdflib's JSON-LD converter does the compaction, one subject at a time, fed from the
mapping's triples grouped by subject (:func:`kg.rdf.mapping.subject_groups`) instead of
a full :class:`rdflib.Graph`; the document is written node by node.

The ``@context`` (:func:`kg.rdf.context.jsonld_context`, also ``schemas/context.jsonld``)
is embedded, so the file parses offline. The document is always ``{"@context": ...,
"@graph": [...]}`` with nodes sorted by ``@id``, keys sorted and multi-valued
properties sorted (JSON-LD arrays are unordered sets unless ``@list``), so the output is
byte-identical across runs.

>>> import json, networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/p1", type="Paper", label="T", year=2024)
>>> doc = json.loads(serialize(g))
>>> doc["@graph"][0]["date"], doc["@graph"][0]["type"]
('2024', ['Paper', 'schema:ScholarlyArticle'])
"""
from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import networkx as nx
from rdflib import BNode
from rdflib.plugins.serializers.jsonld import Converter
from rdflib.plugins.shared.jsonld.context import Context

from kg.rdf.context import jsonld_context
from kg.rdf.mapping import DEFAULT_BASE, subject_groups


def _key(item: object) -> str:
    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def _normalise(node: dict) -> dict:
    return {k: sorted(v, key=_key) if isinstance(v, list) else v for k, v in node.items()}


class _Triples:
    """The read-only slice of :class:`rdflib.Graph` that rdflib's JSON-LD converter uses,
    over triples grouped by subject (``{subject: [(predicate, object), ...]}``)."""

    context_aware = False

    def __init__(self, index: dict):
        self.identifier = BNode("kg-jsonld")  # not a URIRef: the default graph
        self._index = index

    def subjects(self, predicate=None, obj=None):
        if predicate is None and obj is None:
            return iter(self._index)
        return (s for s, pos in self._index.items()
                if any((predicate is None or p == predicate) and (obj is None or o == obj) for p, o in pos))

    def predicate_objects(self, subject):
        return iter(self._index.get(subject, ()))

    def value(self, subject, predicate):
        return next((o for p, o in self._index.get(subject, ()) if p == predicate), None)


def nodes(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> Iterator[dict]:
    """The ``@graph`` entries, one per subject, sorted by ``id``, one at a time.

    Each is what rdflib's compaction (as ``Graph.serialize(format="json-ld",
    context=...)``) makes of that subject -- the conversion of a node depends on its own
    triples only (there are no blank nodes or RDF lists) -- after the JSON round trip
    rdflib's serializer makes (``str`` subclasses -> ``str``, lone surrogates -> ``?``),
    with multi-valued properties sorted.
    """
    context = Context(jsonld_context(), base=None)
    converter = Converter(context, (False,), False)
    for s, pos in subject_groups(graph, base, order=context.shrink_iri):
        for node in converter.from_graph(_Triples({s: pos})):
            yield _normalise(_plain(node))


def _plain(value):
    """``value`` as the JSON round trip of rdflib's serializer leaves it: ``str`` subclasses
    (URIRef, Literal) as ``str``, tuples as lists, lone surrogates as ``?``.

    >>> from rdflib import URIRef
    >>> _plain({"@id": URIRef("x"), "v": ("a" + chr(0xD800) + "b", 1)})
    {'@id': 'x', 'v': ['a?b', 1]}
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return str(value)
        except UnicodeEncodeError:
            return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _write_document(graph: nx.MultiDiGraph, out: TextIO, base: str) -> None:
    """Write ``{"@context": ..., "@graph": [...]}`` as ``json.dumps(doc, indent=2,
    sort_keys=True, ensure_ascii=False)`` would, one node at a time."""
    head = json.dumps({"@context": jsonld_context()}, indent=2, sort_keys=True, ensure_ascii=False)
    out.write(head[:-2] + ',\n  "@graph": [')  # head ends in "\n}"
    sep = "\n    "
    for node in nodes(graph, base):
        out.write(sep + json.dumps(node, indent=2, sort_keys=True, ensure_ascii=False).replace("\n", "\n    "))
        sep = ",\n    "
    out.write("]\n}\n" if sep == "\n    " else "\n  ]\n}\n")


def serialize(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> bytes:
    """Return the JSON-LD document as UTF-8 bytes (2-space indent, trailing newline).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    base : str
        Base IRI of nodes and statements.
    """
    buf = io.StringIO()
    _write_document(graph, buf, base)
    return buf.getvalue().encode("utf-8")


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None, base: str = DEFAULT_BASE) -> None:
    """Write ``graph`` as JSON-LD to ``path`` (``on_warning`` unused: lossless).

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write(nx.MultiDiGraph(), Path(d) / "g.jsonld")
    ...     json.loads((Path(d) / "g.jsonld").read_text())["@graph"]
    []
    """
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        _write_document(graph, fh, base)
