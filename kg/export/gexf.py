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
Nodes and edges are sorted by id: the file does not depend on insertion order.

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
from pathlib import Path

import networkx as nx

import kg
from kg.export._common import flatten_attrs, layout, node_size, rgb, style, warn_flattened, xml_safe
from kg.rdf.mapping import statement_id

NS = "http://gexf.net/1.3"
NS_VIZ = "http://gexf.net/1.3/viz"
NS_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_INT32 = 2**31
#: colour of nodes whose type has no style entry
_FALLBACK = "#BBBBBB"


def _gexf_type(values: list) -> str:
    kinds = {type(v) for v in values}
    if kinds == {bool}:
        return "boolean"
    if kinds <= {int}:
        return "integer" if all(-_INT32 <= v < _INT32 for v in values) else "long"
    if kinds <= {int, float} and bool not in kinds:
        return "double"
    return "string"


def _text(value: object, gtype: str) -> str:
    if gtype == "boolean":
        return "true" if value else "false"
    if gtype == "double":
        return repr(float(value))
    return str(xml_safe(value))


def _declare(parent: ET.Element, cls: str, rows: list[dict]) -> dict[str, tuple[str, str]]:
    """Add ``<attributes class=cls>``; return title -> (attribute id, GEXF type)."""
    values: dict[str, list] = {}
    for row in rows:
        for k, v in row.items():
            if v is not None:
                values.setdefault(k, []).append(v)
    decl = ET.SubElement(parent, "attributes", {"class": cls, "mode": "static"})
    out = {}
    for i, title in enumerate(sorted(values)):
        gtype = _gexf_type(values[title])
        ET.SubElement(decl, "attribute", {"id": f"{cls[0]}{i}", "title": title, "type": gtype})
        out[title] = (f"{cls[0]}{i}", gtype)
    return out


def _attvalues(parent: ET.Element, row: dict, keys: dict[str, tuple[str, str]]) -> None:
    present = [k for k in sorted(row) if row[k] is not None]
    if not present:
        return
    box = ET.SubElement(parent, "attvalues")
    for k in present:
        aid, gtype = keys[k]
        ET.SubElement(box, "attvalue", {"for": aid, "value": _text(row[k], gtype)})


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


def add_node(nodes_el: ET.Element, node: object, label: object, row: dict,
             keys: dict[str, tuple[str, str]], *, color: str, size: float,
             position: tuple[float, float]) -> ET.Element:
    """Append ``<node>`` with its attribute values and ``viz:color``/``size``/``position``."""
    el = ET.SubElement(nodes_el, "node", {"id": str(xml_safe(node)), "label": str(xml_safe(label))})
    _attvalues(el, row, keys)
    r, g, b = rgb(color)
    ET.SubElement(el, "viz:color", {"r": str(r), "g": str(g), "b": str(b), "a": "1.0"})
    ET.SubElement(el, "viz:size", {"value": repr(float(size))})
    x, y = position
    ET.SubElement(el, "viz:position", {"x": repr(float(x)), "y": repr(float(y)), "z": "0.0"})
    return el


def to_bytes(root: ET.Element) -> bytes:
    """Indented UTF-8 document with an XML declaration, ending in one newline."""
    ET.indent(root, space="  ")
    buf = io.BytesIO()
    ET.ElementTree(root).write(buf, encoding="utf-8", xml_declaration=True)
    return buf.getvalue().rstrip(b"\n") + b"\n"


def color_of(node_type: object) -> str:
    """``#rrggbb`` of a node type in the shared palette (grey for unknown types)."""
    return style().get(node_type, {}).get("color", _FALLBACK)


def serialize(graph: nx.MultiDiGraph, on_warning=None) -> bytes:
    """Return the GEXF 1.3 document as UTF-8 bytes (ends in a newline).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    on_warning : callable, optional
        Called once with ``W003`` if list attributes were flattened.
    """
    flattened = 0
    nodes = []
    for n, attrs in sorted(graph.nodes(data=True), key=lambda na: str(na[0])):
        flat, k = flatten_attrs({a: v for a, v in attrs.items() if a != "label"})
        flattened += k
        nodes.append((n, attrs.get("label", n), flat))
    edges = []
    for u, v, key, attrs in sorted(graph.edges(keys=True, data=True), key=lambda e: tuple(map(str, e[:3]))):
        flat, k = flatten_attrs(attrs)
        flattened += k
        flat.setdefault("type", key)
        edges.append((u, v, key, flat))
    warn_flattened("gexf", flattened, on_warning)

    root, g_el = document("Knowledge graph of ML papers, their concepts and claims", "directed")
    node_keys = _declare(g_el, "node", [row for *_, row in nodes])
    edge_keys = _declare(g_el, "edge", [row for *_, row in edges])

    pos = layout(graph)
    nodes_el = ET.SubElement(g_el, "nodes")
    for n, label, row in nodes:
        add_node(nodes_el, n, label, row, node_keys, color=color_of(row.get("type")),
                 size=node_size(graph.degree(n)), position=pos[n])
    edges_el = ET.SubElement(g_el, "edges")
    for u, v, key, row in edges:
        weight = row.get("confidence")
        weight = 1.0 if not isinstance(weight, (int, float)) or isinstance(weight, bool) else weight
        el = ET.SubElement(edges_el, "edge", {
            "id": str(xml_safe(statement_id(u, key, v))),
            "source": str(xml_safe(u)),
            "target": str(xml_safe(v)),
            "label": str(xml_safe(row["type"])),
            # GEXF 1.3: parallel edges are allowed when their kinds differ (a paper can
            # both propose and evaluate on a benchmark); Gephi keeps them apart by kind
            "kind": str(xml_safe(row["type"])),
            "weight": repr(float(weight)),
        })
        _attvalues(el, row, edge_keys)
    return to_bytes(root)


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
    Path(path).write_bytes(serialize(graph, on_warning))
