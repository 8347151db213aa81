"""Helpers shared by the exporters: list flattening, the node style palette, layout.

>>> flatten_attrs({"aliases": ["A", "B"], "year": 2024})
({'aliases': 'A|B', 'year': 2024}, 1)
>>> style()["Paper"]["color"].startswith("#")
True
"""
from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable, Iterator
from functools import cache
from importlib import resources
from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # what ET writes with

import networkx as nx

from kg.errors import W, warning_text

#: separator for list values in formats without list types (GraphML, GEXF)
LIST_SEP = "|"
#: largest graph laid out by force (networkx's dense solver: numpy only, O(n^2) memory);
#: beyond it networkx would need scipy, so positions would depend on what is installed
LAYOUT_MAX_NODES = 499


def umask() -> int:
    """The process umask (read without changing it for longer than two calls)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


#: characters XML 1.0 forbids (C0 controls except tab/newline/CR, surrogates, U+FFFE/F)
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(value: object) -> object:
    """Replace characters XML 1.0 cannot carry (e.g. form feeds from PDF text) with U+FFFD.

    Examples
    --------
    >>> xml_safe("page\x0cbreak"), xml_safe(3)
    ('page\ufffdbreak', 3)
    """
    return _XML_INVALID.sub("\ufffd", value) if isinstance(value, str) else value


def is_list(value: object) -> bool:
    return isinstance(value, (list, tuple, set, frozenset))


def flatten_attrs(attrs: dict) -> tuple[dict, int]:
    """Return ``attrs`` with list values ``|``-joined (sets sorted) and how many were.

    Examples
    --------
    >>> flatten_attrs({"a": ("x", "y"), "b": None})
    ({'a': 'x|y', 'b': None}, 1)
    """
    out, n = {}, 0
    for k, v in attrs.items():
        if is_list(v):
            items = sorted(v, key=str) if isinstance(v, (set, frozenset)) else v
            out[k] = LIST_SEP.join(str(x) for x in items)
            n += 1
        else:
            out[k] = v
    return out, n


def warn_flattened(fmt: str, count: int, on_warning) -> None:
    """Emit W003 once for format ``fmt`` if ``count`` attributes were flattened.

    Examples
    --------
    >>> warn_flattened("graphml", 2, print)
    [W003] graphml: 2 list-valued attributes were flattened to '|'-joined strings
    >>> warn_flattened("graphml", 0, print)
    """
    if count and on_warning is not None:
        on_warning(warning_text(W.W003, fmt=fmt, count=count))


@cache
def style() -> dict[str, dict[str, str]]:
    """Node style per node type from ``kg/data/style.json``: ``{"color": "#rrggbb",
    "shape": <vis-network shape>}``. One palette for every visual export.

    Examples
    --------
    >>> sorted(style())
    ['Algorithm', 'Benchmark', 'Claim', 'Field', 'Method', 'Metric', 'Model', 'Paper']
    """
    text = resources.files("kg").joinpath("data/style.json").read_text(encoding="utf-8")
    return json.loads(text)


def rgb(color: str) -> tuple[int, int, int]:
    """``"#0072B2"`` -> ``(0, 114, 178)``.

    Examples
    --------
    >>> rgb("#0072B2")
    (0, 114, 178)
    """
    c = color.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def node_size(degree: int) -> float:
    """Display size from degree (logarithmic, so hubs do not swamp the picture).

    Examples
    --------
    >>> node_size(0), node_size(3)
    (5.0, 15.0)
    """
    return round(5.0 + 5.0 * math.log2(1 + degree), 2)


def layout(graph: nx.Graph, scale: float = 1000.0, weight: str | None = None
           ) -> dict[object, tuple[float, float]]:
    """Deterministic 2-D positions, rounded to 0.01.

    Force-directed (:func:`networkx.spring_layout`, ``seed=0``, on the undirected simple
    graph) up to :data:`LAYOUT_MAX_NODES` nodes when numpy is importable; otherwise a
    sunflower spiral ordered by node type, degree and id (O(n), a starting point for
    Gephi's ForceAtlas2). Either way the result depends only on the graph. With
    ``weight``, that edge attribute of a simple graph pulls its endpoints together
    (heavier = closer); by default every edge counts the same.

    Examples
    --------
    >>> pos = layout(nx.path_graph(3))
    >>> pos == layout(nx.path_graph(3)) and len(pos) == 3
    True
    """
    if len(graph) == 0:
        return {}
    simple = nx.Graph()  # sorted, so positions do not depend on insertion order
    simple.add_nodes_from(sorted(graph, key=str))
    edges = ((u, v, {"weight": d.get(weight, 1)} if weight else {})
             for u, v, d in graph.edges(data=True) if u != v)
    simple.add_edges_from(sorted(edges, key=lambda e: tuple(map(str, e[:2]))))
    try:
        if len(graph) > LAYOUT_MAX_NODES:
            raise ImportError("graph too large for the force layout")
        pos = nx.spring_layout(simple, seed=0, scale=scale, weight="weight" if weight else None)
    except ImportError:
        pos = _sunflower(graph, scale)
    return {n: (round(float(x), 2) + 0.0, round(float(y), 2) + 0.0) for n, (x, y) in pos.items()}


def _sunflower(graph: nx.Graph, scale: float) -> dict[object, tuple[float, float]]:
    order = {t: i for i, t in enumerate(style())}
    nodes = sorted(graph.nodes(data="type"),
                   key=lambda nt: (order.get(nt[1], len(order)), -graph.degree(nt[0]), str(nt[0])))
    golden = math.pi * (3 - math.sqrt(5))
    n = len(nodes)
    return {
        node: (scale * math.sqrt((i + 0.5) / n) * math.cos(i * golden),
               scale * math.sqrt((i + 0.5) / n) * math.sin(i * golden))
        for i, (node, _) in enumerate(nodes)
    }


def sorted_nodes(graph: nx.Graph) -> Iterator[tuple[object, dict]]:
    """``(node, attrs)`` in the order of ``str(node)`` (a stable sort, as :func:`sorted`).

    A graph from :func:`kg.graph.build_graph` already iterates in that order: then
    nothing is copied; otherwise the pairs are sorted in memory.

    Examples
    --------
    >>> g = nx.MultiDiGraph(); g.add_nodes_from(["b", "a"])
    >>> [n for n, _ in sorted_nodes(g)]
    ['a', 'b']
    """
    if _in_order(str(n) for n in graph):
        return iter(graph.nodes(data=True))
    return iter(sorted(graph.nodes(data=True), key=lambda na: str(na[0])))


def sorted_edges(graph: nx.MultiDiGraph) -> Iterator[tuple[object, object, object, dict]]:
    """``(u, v, key, attrs)`` in the order of ``(str(u), str(v), str(key))`` (stable),
    without a copy when the graph iterates in that order already (as built).

    Examples
    --------
    >>> g = nx.MultiDiGraph(); _ = g.add_edge("b", "a", key="k"); _ = g.add_edge("a", "b", key="k")
    >>> [(u, v) for u, v, _, _ in sorted_edges(g)]
    [('a', 'b'), ('b', 'a')]
    """
    if _in_order((str(u), str(v), str(k)) for u, v, k in graph.edges(keys=True)):
        return iter(graph.edges(keys=True, data=True))
    return iter(sorted(graph.edges(keys=True, data=True), key=lambda e: tuple(map(str, e[:3]))))


def _in_order(keys: Iterable) -> bool:
    last = None
    for k in keys:
        if last is not None and k < last:
            return False
        last = k
    return True


def xml_element(tag: str, attrib: dict[str, str], children: Iterable = (), text: str | None = None,
                level: int = 0, space: str = "  ") -> str:
    """An element as :mod:`xml.etree.ElementTree` writes it after :func:`ET.indent`
    (``space``, the element at depth ``level``), without its tail.

    ``children`` are ``(tag, attrib, children, text)`` tuples, nested the same way.
    Used by the XML exporters to write one node or edge at a time, byte-identical to
    serialising the whole tree. Values must be strings.

    Examples
    --------
    >>> print(xml_element("node", {"id": "a&b"}, [("data", {"key": "d0"}, (), "x<y")], level=1))
    <node id="a&amp;b">
        <data key="d0">x&lt;y</data>
      </node>
    >>> xml_element("node", {"id": "a"})
    '<node id="a" />'
    """
    head = "<" + tag + "".join(f' {k}="{_escape_attrib(v)}"' for k, v in attrib.items())
    inner = "\n" + space * (level + 1)
    body = "".join(inner + xml_element(t, a, c, x, level + 1, space) for t, a, c, x in children)
    if body:  # ET.indent replaces no text here: these elements have none besides children
        return head + ">" + body + "\n" + space * level + "</" + tag + ">"
    if text:
        return head + ">" + _escape_cdata(text) + "</" + tag + ">"
    return head + " />"
