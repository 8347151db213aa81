"""JSON-LD export (``graph.jsonld``), compacted with the kg context.

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

from kg.rdf.context import jsonld_context
from kg.rdf.mapping import DEFAULT_BASE, to_rdf


def _key(item: object) -> str:
    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def _normalise(node: dict) -> dict:
    return {k: sorted(v, key=_key) if isinstance(v, list) else v for k, v in node.items()}


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
    raw = to_rdf(graph, base).serialize(format="json-ld", context=context, encoding="utf-8")
    doc = json.loads(raw)
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
