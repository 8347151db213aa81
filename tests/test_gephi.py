"""Gephi-side exports: both GEXF files checked against the GEXF 1.3 schema rules, the
concept co-occurrence view against an independent count of shared papers, and GraphML's
typed keys as networkx and igraph read them -- on the test graph and the bundled build.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import combinations
from pathlib import Path

import networkx as nx
import pytest

from kg.export._common import style
from kg.export.cooccurrence import CONCEPT_TYPES
from test_exports import _export_one, round_trip

NS = "{http://gexf.net/1.3}"
VIZ = "{http://gexf.net/1.3/viz}"
#: GEXF 1.3 attrtype-type (gexf.rnc)
ATTR_TYPES = {"integer", "long", "double", "float", "boolean", "bigdecimal", "biginteger", "byte", "char",
              "short", "liststring", "listboolean", "listinteger", "listlong", "listfloat", "listdouble",
              "listbyte", "listshort", "listbigdecimal", "listbiginteger", "listchar", "string", "anyURI"}
EDGE_TYPES = {"directed", "undirected", "mutual"}
_INT = re.compile(r"[+-]?\d+")
_DOUBLE = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN")


def _value_ok(value: str, gtype: str) -> bool:
    if gtype in ("integer", "long", "short", "byte", "biginteger"):
        return bool(_INT.fullmatch(value)) and (gtype != "integer" or -2**31 <= int(value) < 2**31)
    if gtype in ("double", "float", "bigdecimal"):
        return bool(_DOUBLE.fullmatch(value))
    if gtype == "boolean":
        return value in ("true", "false", "1", "0")
    return True


def check_gexf_13(path: Path) -> ET.Element:
    """Assert the rules of the GEXF 1.3 schema (gexf.rnc, viz) the exports rely on; return
    the ``<graph>`` element. Checks element order and nesting, required and enumerated
    attributes, attribute declarations and the typed values that refer to them, node and
    edge ids, and the viz colour/size/position ranges."""
    root = ET.parse(path).getroot()
    assert root.tag == NS + "gexf" and root.get("version") == "1.3"
    assert [c.tag for c in root] in ([NS + "meta", NS + "graph"], [NS + "graph"])
    meta = root.find(NS + "meta")
    if meta is not None:
        assert {c.tag for c in meta} <= {NS + "creator", NS + "keywords", NS + "description"}
    graph = root.find(NS + "graph")
    assert graph.get("defaultedgetype", "undirected") in EDGE_TYPES
    assert graph.get("mode", "static") in ("static", "dynamic", "slice")
    assert graph.get("idtype", "string") in ("string", "integer")
    order = "".join({NS + "attributes": "a", NS + "nodes": "n", NS + "edges": "e"}[c.tag] for c in graph)
    assert re.fullmatch("a*ne", order), order

    declared: dict[str, dict[str, str]] = {"node": {}, "edge": {}}
    for attrs in graph.findall(NS + "attributes"):
        cls = attrs.get("class")
        assert cls in declared and attrs.get("mode", "static") in ("static", "dynamic")
        titles = set()
        for a in attrs:
            assert a.tag == NS + "attribute"
            assert a.get("id") and a.get("title") and a.get("type") in ATTR_TYPES, a.attrib
            assert a.get("id") not in declared[cls] and a.get("title") not in titles
            declared[cls][a.get("id")] = a.get("type")
            titles.add(a.get("title"))

    def attvalues(el: ET.Element, cls: str) -> None:
        box = el.findall(NS + "attvalues")
        assert len(box) <= 1
        for av in box[0] if box else []:
            assert av.tag == NS + "attvalue"
            assert av.get("for") in declared[cls], av.attrib
            assert av.get("value") is not None and _value_ok(av.get("value"), declared[cls][av.get("for")]), av.attrib

    node_ids = set()
    allowed_node = {NS + "attvalues", VIZ + "color", VIZ + "size", VIZ + "position", VIZ + "shape"}
    for node in graph.find(NS + "nodes"):
        assert node.tag == NS + "node" and node.get("id") and node.get("id") not in node_ids
        assert set(node.attrib) <= {"id", "label", "pid"}
        node_ids.add(node.get("id"))
        tags = [c.tag for c in node]
        assert set(tags) <= allowed_node and len(tags) == len(set(tags)), tags
        attvalues(node, "node")
        color = node.find(VIZ + "color")
        if color is not None:
            assert set(color.attrib) <= {"r", "g", "b", "a"}
            assert all(_INT.fullmatch(color.get(c)) and 0 <= int(color.get(c)) <= 255 for c in "rgb")
            assert 0.0 <= float(color.get("a", "1")) <= 1.0
        size = node.find(VIZ + "size")
        if size is not None:
            assert _DOUBLE.fullmatch(size.get("value")) and float(size.get("value")) >= 0
        pos = node.find(VIZ + "position")
        if pos is not None:
            assert set(pos.attrib) <= {"x", "y", "z"} and {"x", "y"} <= set(pos.attrib)
            assert all(_DOUBLE.fullmatch(v) for v in pos.attrib.values())
    edge_ids = set()
    for edge in graph.find(NS + "edges"):
        assert edge.tag == NS + "edge"
        assert set(edge.attrib) <= {"id", "type", "label", "source", "target", "weight", "kind"}
        assert edge.get("source") in node_ids and edge.get("target") in node_ids, edge.attrib
        if edge.get("id") is not None:
            assert edge.get("id") not in edge_ids
            edge_ids.add(edge.get("id"))
        assert edge.get("type", "directed") in EDGE_TYPES
        assert _DOUBLE.fullmatch(edge.get("weight", "1.0"))
        assert {c.tag for c in edge} <= {NS + "attvalues", VIZ + "color", VIZ + "thickness", VIZ + "shape"}
        attvalues(edge, "edge")
    return graph


@pytest.mark.parametrize("name", ["gexf", "cooccurrence"])
def test_gexf_follows_the_1_3_schema(name, kg_graph, tmp_path):
    graph = check_gexf_13(_export_one(kg_graph, tmp_path, name))
    assert len(graph.find(NS + "nodes")) > 0 and len(graph.find(NS + "edges")) > 0


def test_gexf_keeps_parallel_edges_apart_by_kind(kg_graph, tmp_path):
    """A paper that proposes FlowBench and also names it: two edges between one pair,
    told apart for Gephi by their GEXF 1.3 ``kind``."""
    graph = check_gexf_13(_export_one(kg_graph, tmp_path, "gexf"))
    kinds: dict[tuple[str, str], list[str]] = {}
    for e in graph.find(NS + "edges"):
        assert e.get("kind") == e.get("label")
        kinds.setdefault((e.get("source"), e.get("target")), []).append(e.get("kind"))
    assert kinds["paper/000-01", "concept/flowbench"] == ["evaluated_on", "proposes"]
    assert all(len(k) == len(set(k)) for k in kinds.values())


# -------------------------------------------------------------- co-occurrence


def shared_papers(g: nx.MultiDiGraph, a: str, b: str) -> set[str]:
    """Papers with a direct edge to both concepts, counted straight from the graph."""
    def papers(c):
        return {u for u, _ in g.in_edges(c) if g.nodes[u]["type"] == "Paper"}
    return papers(a) & papers(b)


@round_trip("cooccurrence")
def test_cooccurrence_round_trip_networkx(kg_graph, tmp_path):
    back = nx.read_gexf(_export_one(kg_graph, tmp_path, "cooccurrence"))
    assert not back.is_directed() and not back.is_multigraph()
    concepts = {n for n, d in kg_graph.nodes(data=True) if d["type"] in CONCEPT_TYPES
                and any(kg_graph.nodes[u]["type"] == "Paper" for u, _ in kg_graph.in_edges(n))}
    assert set(back.nodes) == concepts
    assert not {n for n, d in back.nodes(data=True) if d["type"] in ("Paper", "Claim")}
    palette = style()
    for n, d in back.nodes(data=True):
        src = kg_graph.nodes[n]
        assert d["label"] == src["label"] and d["type"] == src["type"]
        assert d["papers"] == len({u for u, _ in kg_graph.in_edges(n) if kg_graph.nodes[u]["type"] == "Paper"})
        assert "#{r:02X}{g:02X}{b:02X}".format(**d["viz"]["color"]) == palette[src["type"]]["color"]
        assert d["viz"]["size"] > 0 and set(d["viz"]["position"]) == {"x", "y", "z"}
    expected = {frozenset((a, b)): len(shared_papers(kg_graph, a, b))
                for a, b in combinations(sorted(concepts), 2) if shared_papers(kg_graph, a, b)}
    assert {frozenset((a, b)): w for a, b, w in back.edges(data="weight")} == expected
    # sizes grow with the paper count
    by_papers = sorted((d["papers"], d["viz"]["size"]) for _, d in back.nodes(data=True))
    assert [s for _, s in by_papers] == sorted(s for _, s in by_papers)


def test_cooccurrence_weights_equal_shared_papers_in_the_bundled_build(bundled_build):
    g = nx.read_graphml(bundled_build / "graph.graphml", force_multigraph=True)
    check_gexf_13(bundled_build / "graph.cooccurrence.gexf")
    cooc = nx.read_gexf(bundled_build / "graph.cooccurrence.gexf")
    heaviest = sorted(cooc.edges(data="weight"), key=lambda e: (-e[2], sorted(e[:2])))[:5]
    assert heaviest[0][2] >= 2  # some concepts really are named together by several papers
    pairs = [tuple(e[:2]) for e in heaviest]
    pairs += [("concept/mujoco", "concept/ppo"), ("concept/mujoco", "concept/reinforcement-learning")]
    for a, b in pairs:
        n = len(shared_papers(g, a, b))
        if n:
            assert cooc.edges[a, b]["weight"] == n, (a, b)
        else:
            assert not cooc.has_edge(a, b), (a, b)
    total = sum(len(shared_papers(g, a, b)) for a, b in cooc.edges())
    assert total == sum(w for *_, w in cooc.edges(data="weight"))


def test_cooccurrence_is_deterministic_and_in_the_registry(kg_graph, tmp_path):
    from kg.export import EXPORTERS

    assert EXPORTERS["cooccurrence"].path == "graph.cooccurrence.gexf"
    a = _export_one(kg_graph, tmp_path / "a", "cooccurrence").read_bytes()
    reversed_graph = nx.MultiDiGraph()
    reversed_graph.add_nodes_from(reversed(list(kg_graph.nodes(data=True))))
    reversed_graph.add_edges_from(reversed(list(kg_graph.edges(keys=True, data=True))))
    assert _export_one(reversed_graph, tmp_path / "b", "cooccurrence").read_bytes() == a


# ------------------------------------------------------------ the bundled build


def test_bundled_gexf_follows_the_schema_and_reads_back(bundled_build):
    g = nx.read_graphml(bundled_build / "graph.graphml", force_multigraph=True)
    check_gexf_13(bundled_build / "graph.gexf")
    back = nx.read_gexf(bundled_build / "graph.gexf")
    assert (back.number_of_nodes(), back.number_of_edges()) == (g.number_of_nodes(), g.number_of_edges())


def test_bundled_graphml_has_typed_keys_for_networkx_and_igraph(bundled_build):
    path = bundled_build / "graph.graphml"
    text = path.read_text(encoding="utf-8")
    keys = {(f, n): t for f, n, t in re.findall(r'for="(node|edge)" attr.name="(\w+)" attr.type="(\w+)"', text)}
    assert keys["node", "year"] in ("int", "long") and keys["node", "confidence"] == "double"
    assert keys["edge", "start"] in ("int", "long") and keys["edge", "end"] in ("int", "long")
    assert keys["edge", "confidence"] == "double" and keys["node", "label"] == "string"
    g = nx.read_graphml(path, force_multigraph=True)
    assert all(isinstance(d["year"], int) for _, d in g.nodes(data=True) if "year" in d)
    assert all(isinstance(d["confidence"], float) and isinstance(d.get("start", 0), int)
               for *_, d in g.edges(data=True) if "confidence" in d)
    igraph = pytest.importorskip("igraph")
    ig = igraph.Graph.Read_GraphML(str(path))
    assert ig.is_directed()
    assert (ig.vcount(), ig.ecount()) == (g.number_of_nodes(), g.number_of_edges())
    years = [y for y in ig.vs["year"] if y == y]  # NaN = missing
    assert years and all(isinstance(y, float) and y.is_integer() for y in years)
    ids = ig.vs["id"]
    assert Counter((ids[e.source], ids[e.target], e["type"]) for e in ig.es) == \
        Counter((u, v, d["type"]) for u, v, d in g.edges(data=True))
    assert all(isinstance(c, float) for c in ig.es["confidence"])
