"""JSON-LD export (``graph.jsonld``), compacted with the kg context.

rdflib's JSON-LD converter does the compaction, fed from the mapping's triple stream
(:func:`kg.rdf.mapping.triples`) through a small read-only index instead of a full
:class:`rdflib.Graph`.

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

import json
from pathlib import Path

import networkx as nx
from rdflib import BNode
from rdflib.plugins.serializers.jsonld import from_rdf

from kg.rdf.context import jsonld_context
from kg.rdf.mapping import DEFAULT_BASE, triples


def _key(item: object) -> str:
    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def _normalise(node: dict) -> dict:
    return {k: sorted(v, key=_key) if isinstance(v, list) else v for k, v in node.items()}


class _Triples:
    """The read-only slice of :class:`rdflib.Graph` that rdflib's JSON-LD converter uses,
    over the distinct triples of :func:`kg.rdf.mapping.triples` grouped by subject."""

    context_aware = False

    def __init__(self, graph: nx.MultiDiGraph, base: str):
        self.identifier = BNode("kg-jsonld")  # not a URIRef: the default graph
        index: dict = {}
        for s, p, o in triples(graph, base):
            index.setdefault(s, {})[(p, o)] = None  # ordered set: duplicates collapse
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


def serialize(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> bytes:
    """Return the JSON-LD document as UTF-8 bytes (2-space indent, trailing newline).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    base : str
        Base IRI of nodes and statements.
    """
    context = jsonld_context()
    # rdflib's compaction (same as Graph.serialize(format="json-ld", context=...)), fed
    # from the triple stream instead of a full rdflib.Graph
    obj = from_rdf(_Triples(graph, base), context, None, (False,), False)
    # the JSON round trip rdflib's serializer made (str subclasses -> str, lone surrogates -> "?")
    doc = json.loads(json.dumps(obj, ensure_ascii=False).encode("utf-8", "replace"))
    del obj
    if "@graph" in doc:
        nodes = doc["@graph"]
    else:  # rdflib inlines a lone node at the top level
        node = {k: v for k, v in doc.items() if k != "@context"}
        nodes = [node] if node else []
    nodes = sorted((_normalise(n) for n in nodes), key=lambda n: (str(n.get("id", n.get("@id"))), _key(n)))
    out = {"@context": context, "@graph": nodes}
    return (json.dumps(out, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


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
    Path(path).write_bytes(serialize(graph, base))
