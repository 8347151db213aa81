"""GraphML export (``graph.graphml``) for yEd, Gephi, Cytoscape, igraph and networkx.

GraphML has no list type, so list-valued attributes (``authors``, ``aliases``) are
``|``-joined strings; :func:`write` reports how many with one ``W003`` warning. Keys are
typed from the Python values by networkx (``int`` -> ``long``, ``float`` -> ``double``,
``bool`` -> ``boolean``, else ``string``; a key mixing ints and floats -> ``double``). Each edge's GraphML ``id`` is its statement
id (:func:`kg.rdf.mapping.statement_id`), unique across the file -- networkx would
otherwise write the edge key, which repeats (``builds_on``) and confuses tools that
index edges by id (networkx#468). The edge type stays in the ``type`` attribute.
Characters XML 1.0 cannot carry (form feeds and other C0 controls) become U+FFFD.
Nodes and edges are written sorted by id, so the file does not depend on insertion order.
Note: igraph (<= 1.0) reads the file fine but fills its edge ``id`` attribute with vertex
ids (an igraph quirk, not the file); use ``type`` and the endpoints there.

>>> import io, networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("concept/ppo", type="Algorithm", label="PPO", aliases=["Proximal PO"])
>>> g.add_edge("concept/ppo", "concept/ppo", key="variant_of", type="variant_of", confidence=1.0)
'variant_of'
>>> back = nx.read_graphml(io.BytesIO(serialize(g)))
>>> back.nodes["concept/ppo"]["aliases"], back.number_of_edges()
('Proximal PO', 1)
"""
from __future__ import annotations

import io
from pathlib import Path

import networkx as nx

from kg.export._common import flatten_attrs, warn_flattened, xml_safe
from kg.rdf.mapping import statement_id


def _typed_graph(graph: nx.MultiDiGraph) -> tuple[nx.MultiDiGraph, int]:
    """Copy with flattened lists, statement-id edge keys; return it and the flatten count."""
    out = nx.MultiDiGraph()
    flattened = 0
    for n, attrs in sorted(graph.nodes(data=True), key=lambda na: str(na[0])):
        flat, k = flatten_attrs(attrs)
        flattened += k
        out.add_node(xml_safe(n), **{a: xml_safe(v) for a, v in flat.items()})
    for u, v, key, attrs in sorted(graph.edges(keys=True, data=True), key=lambda e: tuple(map(str, e[:3]))):
        flat, k = flatten_attrs(attrs)
        flattened += k
        flat.setdefault("type", key)
        out.add_edge(xml_safe(u), xml_safe(v), key=xml_safe(statement_id(u, key, v)),
                     **{a: xml_safe(x) for a, x in flat.items()})
    return out, flattened


def serialize(graph: nx.MultiDiGraph, on_warning=None) -> bytes:
    """Return the GraphML document as UTF-8 bytes (ends in a newline).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    on_warning : callable, optional
        Called once with ``W003`` if list attributes were flattened.
    """
    typed, flattened = _typed_graph(graph)
    warn_flattened("graphml", flattened, on_warning)
    buf = io.BytesIO()
    nx.write_graphml_xml(typed, buf, encoding="utf-8", prettyprint=True, infer_numeric_types=True)
    data = buf.getvalue()
    return data.rstrip(b"\n") + b"\n"


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None) -> None:
    """Write ``graph`` as GraphML to ``path``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    path : Path
        Output file.
    on_warning : callable, optional
        Receives one ``[W003] graphml: N list-valued attributes ...`` message if any
        list attribute was flattened.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write(nx.MultiDiGraph(), Path(d) / "g.graphml")
    ...     nx.read_graphml(Path(d) / "g.graphml").number_of_nodes()
    0
    """
    Path(path).write_bytes(serialize(graph, on_warning))
