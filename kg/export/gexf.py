"""GEXF 1.3 export (``graph.gexf``) for Gephi and sigma.js, ready to look at.

Written by hand (not :func:`networkx.write_gexf`, which reads node/edge attributes
named ``start``/``end`` as time spells and edge ``type`` as the GEXF edge direction --
both are ordinary attributes here). Per node: ``viz:color`` from the shared palette
(``kg/data/style.json``), ``viz:size`` from degree, ``viz:position`` from a
deterministic layout (:func:`kg.export._common.layout`). Attributes are declared with
GEXF types (``integer``/``long``, ``double``, ``boolean``, ``string``); list values are
``|``-joined (one ``W003`` warning). Edges carry their type as ``label``, as ``kind``
(GEXF 1.3's edge kind: parallel edges of different kinds -- a paper that both proposes
and evaluates on a benchmark -- stay apart in Gephi) and as the ``type`` attribute,
``weight`` = confidence (1.0 without one) and id = statement id.
Nodes and edges are sorted by id: the file does not depend on insertion order. The
document is written one node or edge at a time (the same bytes as ElementTree writing
the whole tree).

>>> import io, networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/p1", type="Paper", label="A paper", year=2024)
>>> g.add_node("concept/ppo", type="Algorithm", label="PPO")
>>> _ = g.add_edge("paper/p1", "concept/ppo", key="builds_on", type="builds_on", start=3)
>>> back = nx.read_gexf(io.BytesIO(serialize(g)))
>>> back.nodes["paper/p1"]["year"], back.nodes["paper/p1"]["viz"]["color"]
(2024, {'r': 0, 'g': 114, 'b': 178, 'a': 1.0})
"""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

import networkx as nx

import kg
from kg.export._common import (
    flatten_attrs,
    layout,
    node_size,
    rgb,
    sorted_edges,
    sorted_nodes,
    style,
    warn_flattened,
    xml_element,
    xml_safe,
)
from kg.rdf.mapping import statement_id

NS = "http://gexf.net/1.3"
NS_VIZ = "http://gexf.net/1.3/viz"
NS_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_INT32 = 2**31
#: colour of nodes whose type has no style entry
_FALLBACK = "#BBBBBB"


def _gexf_type(values: list) -> str:
    kinds = {type(v) for v in values}
    return _gexf_type_of(kinds, any(type(v) is int and not -_INT32 <= v < _INT32 for v in values))


def _gexf_type_of(kinds: set, big: bool) -> str:
    """GEXF type of a column from its value types and whether an int needs 64 bits."""
    if kinds == {bool}:
        return "boolean"
    if kinds <= {int}:
        return "long" if big else "integer"
    if kinds <= {int, float} and bool not in kinds:
        return "double"
    return "string"


class _Columns:
    """Attribute title -> (value types, an int beyond 32 bits), filled row by row."""

    def __init__(self):
        self.kinds: dict[str, set] = {}
        self.big: dict[str, bool] = {}

    def add(self, row: dict) -> None:
        for k, v in row.items():
            if v is not None:
                self.kinds.setdefault(k, set()).add(type(v))
                if type(v) is int and not -_INT32 <= v < _INT32:
                    self.big[k] = True

    def types(self) -> dict[str, str]:
        return {k: _gexf_type_of(kinds, self.big.get(k, False)) for k, kinds in self.kinds.items()}


def _text(value: object, gtype: str) -> str:
    if gtype == "boolean":
        return "true" if value else "false"
    if gtype == "double":
        return repr(float(value))
    return str(xml_safe(value))


def _declare(parent: ET.Element, cls: str, rows: list[dict]) -> dict[str, tuple[str, str]]:
    """Add ``<attributes class=cls>``; return title -> (attribute id, GEXF type)."""
    columns = _Columns()
    for row in rows:
        columns.add(row)
    return _declare_types(parent, cls, columns.types())


def _declare_types(parent: ET.Element, cls: str, types: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Add ``<attributes class=cls>`` for title -> GEXF type; return title -> (id, type)."""
    decl = ET.SubElement(parent, "attributes", {"class": cls, "mode": "static"})
    out = {}
    for i, title in enumerate(sorted(types)):
        gtype = types[title]
        ET.SubElement(decl, "attribute", {"id": f"{cls[0]}{i}", "title": title, "type": gtype})
        out[title] = (f"{cls[0]}{i}", gtype)
    return out


def _attvalues(row: dict, keys: dict[str, tuple[str, str]]) -> list[tuple]:
    """The ``<attvalues>`` child (as :func:`xml_element` children), or none."""
    present = [k for k in sorted(row) if row[k] is not None]
    if not present:
        return []
    return [("attvalues", {}, [("attvalue", {"for": keys[k][0], "value": _text(row[k], keys[k][1])}, (), None)
                               for k in present], None)]


def document(description: str, defaultedgetype: str) -> tuple[ET.Element, ET.Element]:
    """Return a GEXF 1.3 root element (``meta`` filled in) and its empty ``<graph>``."""
    # namespaces declared literally: no global ElementTree prefix registry involved
    root = ET.Element("gexf", {
        "xmlns": NS,
        "xmlns:viz": NS_VIZ,
        "xmlns:xsi": NS_XSI,
        "xsi:schemaLocation": f"{NS} {NS}/gexf.xsd",
        "version": "1.3",
    })
    meta = ET.SubElement(root, "meta")
    ET.SubElement(meta, "creator").text = f"kg {kg.__version__}"
    ET.SubElement(meta, "description").text = description
    graph_el = ET.SubElement(root, "graph", {"mode": "static", "defaultedgetype": defaultedgetype})
    return root, graph_el


def node_xml(node: object, label: object, row: dict, keys: dict[str, tuple[str, str]], *, color: str,
             size: float, position: tuple[float, float], level: int = 3) -> str:
    """``<node>`` with its attribute values and ``viz:color``/``size``/``position``, as
    text (indented for depth ``level``, no tail), written as ElementTree would."""
    r, g, b = rgb(color)
    x, y = position
    children = [
        *_attvalues(row, keys),
        ("viz:color", {"r": str(r), "g": str(g), "b": str(b), "a": "1.0"}, (), None),
        ("viz:size", {"value": repr(float(size))}, (), None),
        ("viz:position", {"x": repr(float(x)), "y": repr(float(y)), "z": "0.0"}, (), None),
    ]
    return xml_element("node", {"id": str(xml_safe(node)), "label": str(xml_safe(label))}, children, level=level)


#: placeholder elements where the streamed nodes and edges go in the skeleton document
_SLOTS = ("kg-nodes", "kg-edges")


def write_document(out: BinaryIO, root: ET.Element, nodes_el: ET.Element, edges_el: ET.Element,
                   nodes: Iterable[str], edges: Iterable[str], *, has_nodes: bool, has_edges: bool) -> None:
    """Write the document :func:`to_bytes` would write for ``root`` with the ``nodes``
    and ``edges`` (element texts from :func:`node_xml`/:func:`xml_element` at depth 3)
    inside ``nodes_el`` and ``edges_el``, one at a time."""
    if has_nodes:
        ET.SubElement(nodes_el, _SLOTS[0])
    if has_edges:
        ET.SubElement(edges_el, _SLOTS[1])
    rest = to_bytes(root)
    for slot, items in zip(_SLOTS, (nodes, edges)):
        head, found, after = rest.partition(f"<{slot} />".encode())
        if not found:
            continue
        out.write(head)
        sep = b""
        for text in items:
            out.write(sep + text.encode("utf-8", "xmlcharrefreplace"))
            sep = b"\n      "
        rest = after
    out.write(rest)


def to_bytes(root: ET.Element) -> bytes:
    """Indented UTF-8 document with an XML declaration, ending in one newline."""
    ET.indent(root, space="  ")
    buf = io.BytesIO()
    ET.ElementTree(root).write(buf, encoding="utf-8", xml_declaration=True)
    return buf.getvalue().rstrip(b"\n") + b"\n"


def color_of(node_type: object) -> str:
    """``#rrggbb`` of a node type in the shared palette (grey for unknown types)."""
    return style().get(node_type, {}).get("color", _FALLBACK)


def _rows(graph: nx.MultiDiGraph):
    """Per node ``(node, label, flattened attrs, lists flattened)``, sorted by id, and per
    edge ``(u, v, key, flattened attrs with type, lists flattened)``, sorted."""
    def nodes():
        for n, attrs in sorted_nodes(graph):
            flat, k = flatten_attrs({a: v for a, v in attrs.items() if a != "label"})
            yield n, attrs.get("label", n), flat, k

    def edges():
        for u, v, key, attrs in sorted_edges(graph):
            flat, k = flatten_attrs(attrs)
            flat.setdefault("type", key)
            yield u, v, key, flat, k

    return nodes, edges


def _write(graph: nx.MultiDiGraph, out: BinaryIO, on_warning=None) -> None:
    """Write the GEXF document one node or edge at a time (two passes: attribute types
    first, then the elements), byte-identical to building the whole tree."""
    nodes, edges = _rows(graph)
    node_cols, edge_cols = _Columns(), _Columns()
    flattened = n_nodes = n_edges = 0
    for *_, row, k in nodes():
        node_cols.add(row)
        flattened, n_nodes = flattened + k, n_nodes + 1
    for *_, row, k in edges():
        edge_cols.add(row)
        flattened, n_edges = flattened + k, n_edges + 1
    warn_flattened("gexf", flattened, on_warning)

    root, g_el = document("Knowledge graph of ML papers, their concepts and claims", "directed")
    node_keys = _declare_types(g_el, "node", node_cols.types())
    edge_keys = _declare_types(g_el, "edge", edge_cols.types())
    pos = layout(graph)

    def node_texts():
        for n, label, row, _ in nodes():
            yield node_xml(n, label, row, node_keys, color=color_of(row.get("type")),
                           size=node_size(graph.degree(n)), position=pos[n])

    def edge_texts():
        for u, v, key, row, _ in edges():
            weight = row.get("confidence")
            weight = 1.0 if not isinstance(weight, (int, float)) or isinstance(weight, bool) else weight
            yield xml_element("edge", {
                "id": str(xml_safe(statement_id(u, key, v))),
                "source": str(xml_safe(u)),
                "target": str(xml_safe(v)),
                "label": str(xml_safe(row["type"])),
                # GEXF 1.3: parallel edges are allowed when their kinds differ (a paper can
                # both propose and evaluate on a benchmark); Gephi keeps them apart by kind
                "kind": str(xml_safe(row["type"])),
                "weight": repr(float(weight)),
            }, _attvalues(row, edge_keys), level=3)

    nodes_el = ET.SubElement(g_el, "nodes")
    edges_el = ET.SubElement(g_el, "edges")
    write_document(out, root, nodes_el, edges_el, node_texts(), edge_texts(),
                   has_nodes=n_nodes > 0, has_edges=n_edges > 0)


def serialize(graph: nx.MultiDiGraph, on_warning=None) -> bytes:
    """Return the GEXF 1.3 document as UTF-8 bytes (ends in a newline).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    on_warning : callable, optional
        Called once with ``W003`` if list attributes were flattened.
    """
    buf = io.BytesIO()
    _write(graph, buf, on_warning)
    return buf.getvalue()


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None) -> None:
    """Write ``graph`` as GEXF 1.3 to ``path``.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    path : Path
        Output file.
    on_warning : callable, optional
        Receives one ``[W003] gexf: N list-valued attributes ...`` message if any list
        attribute was flattened.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write(nx.MultiDiGraph(), Path(d) / "g.gexf")
    ...     nx.read_gexf(Path(d) / "g.gexf").number_of_nodes()
    0
    """
    with open(path, "wb") as fh:
        _write(graph, fh, on_warning)
