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
The file is written one node or edge at a time, byte-identical to networkx's
``write_graphml_xml`` (which builds the whole tree first).
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
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import networkx as nx
from networkx.readwrite.graphml import GraphMLWriter

from kg.export._common import flatten_attrs, sorted_edges, sorted_nodes, warn_flattened, xml_element, xml_safe
from kg.rdf.mapping import statement_id


#: where the nodes and edges go in the skeleton document
_SLOT = "kg-slot"


def _node_rows(graph: nx.MultiDiGraph) -> Iterator[tuple[str, dict, int]]:
    """``(id, flattened attrs, lists flattened)`` per node, sorted by id."""
    for n, attrs in sorted_nodes(graph):
        flat, k = flatten_attrs(attrs)
        yield xml_safe(n), {a: xml_safe(v) for a, v in flat.items()}, k


def _edge_rows(graph: nx.MultiDiGraph) -> Iterator[tuple[str, str, str, dict, int]]:
    """``(source, target, statement id, flattened attrs with type, lists flattened)`` per
    edge, sorted by (source, target, key)."""
    for u, v, key, attrs in sorted_edges(graph):
        flat, k = flatten_attrs(attrs)
        flat.setdefault("type", key)
        yield (xml_safe(u), xml_safe(v), xml_safe(statement_id(u, key, v)),
               {a: xml_safe(x) for a, x in flat.items()}, k)


def _write_document(graph: nx.MultiDiGraph, out: BinaryIO, on_warning=None) -> None:
    """Write the document networkx's ``write_graphml_xml(..., prettyprint=True,
    infer_numeric_types=True)`` writes for the typed copy of ``graph`` (lists
    flattened, edge ids = statement ids, sorted), one node or edge at a time.

    Two passes over the graph: the first finds each attribute's GraphML type (the most
    general over all values, as networkx infers it) and the keys in networkx's order;
    the second writes. Nothing but the keys is held."""
    types = GraphMLWriter(infer_numeric_types=True)  # networkx's type inference
    seen: dict[tuple[str, str], None] = {}  # (name, scope) in the order networkx makes keys
    flattened = nodes = edges = 0
    for _, row, k in _node_rows(graph):
        flattened, nodes = flattened + k, nodes + 1
        for a, v in row.items():
            types.attribute_types[(str(a), "node")].add(type(v))
            seen.setdefault((str(a), "node"))
    for *_, row, k in _edge_rows(graph):
        flattened, edges = flattened + k, edges + 1
        for a, v in row.items():
            types.attribute_types[(str(a), "edge")].add(type(v))
            seen.setdefault((str(a), "edge"))
    warn_flattened("graphml", flattened, on_warning)
    keys = {}
    for i, (name, scope) in enumerate(seen):
        keys[(name, scope)] = f"d{i}"
        attr_type = types.get_xml_type(types.attr_type(name, scope, None))
        # networkx inserts each new key first: the document lists them newest first
        types.xml.insert(0, ET.Element("key", {"id": f"d{i}", "for": scope, "attr.name": name,
                                               "attr.type": attr_type}))
    graph_el = ET.SubElement(types.xml, "graph", edgedefault="directed")
    if nodes or edges:
        ET.SubElement(graph_el, _SLOT)
    types.indent(types.xml)
    buf = io.BytesIO()
    ET.ElementTree(types.xml).write(buf, encoding="utf-8", xml_declaration=True)
    head, _, tail = buf.getvalue().rstrip(b"\n").partition(f"<{_SLOT} />".encode())
    out.write(head)
    sep = ""
    for n, row, _ in _node_rows(graph):
        data = [("data", {"key": keys[(str(a), "node")]}, (), str(v)) for a, v in row.items()]
        out.write((sep + xml_element("node", {"id": str(n)}, data, level=2)).encode("utf-8", "xmlcharrefreplace"))
        sep = "\n    "
    for u, v, sid, row, _ in _edge_rows(graph):
        data = [("data", {"key": keys[(str(a), "edge")]}, (), str(x)) for a, x in row.items()]
        el = xml_element("edge", {"source": str(u), "target": str(v), "id": str(sid)}, data, level=2)
        out.write((sep + el).encode("utf-8", "xmlcharrefreplace"))
        sep = "\n    "
    out.write(tail + b"\n")


def serialize(graph: nx.MultiDiGraph, on_warning=None) -> bytes:
    """Return the GraphML document as UTF-8 bytes (ends in a newline).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    on_warning : callable, optional
        Called once with ``W003`` if list attributes were flattened.
    """
    buf = io.BytesIO()
    _write_document(graph, buf, on_warning)
    return buf.getvalue()


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
    with open(path, "wb") as fh:
        _write_document(graph, fh, on_warning)
