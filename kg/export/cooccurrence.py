"""Concept co-occurrence view (``graph.cooccurrence.gexf``) for Gephi.

A second, smaller graph derived from the knowledge graph: one node per concept
(Method, Algorithm, Model, Benchmark, Field, Metric -- no papers, no claims) that at
least one paper links to, and one undirected edge between two concepts for every pair
that some paper names together. A concept belongs to a paper when the paper has an edge
to it of any type (``proposes``, ``builds_on``, ``evaluated_on``, ``addresses``...);
several edges from one paper to one concept count once.

* edge ``weight`` = the number of papers the two concepts share (an integer, written
  as a GEXF double: ``3.0``); edge id = ``"<concept a> -- <concept b>"``, ``a < b``;
* node attributes ``type`` (string) and ``papers`` (integer: papers naming it); node
  label = the concept's label, ``viz:size`` grows with ``papers``, ``viz:color`` is the
  node type's colour in the shared palette, ``viz:position`` a deterministic layout
  (:func:`kg.export._common.layout`, weighted: concepts that share many papers sit
  close);
* nodes and edges sorted by id: same graph, same bytes.

>>> import io, networkx as nx
>>> g = nx.MultiDiGraph()
>>> for p in ("paper/1", "paper/2"):
...     g.add_node(p, type="Paper", label=p)
>>> g.add_node("concept/ppo", type="Algorithm", label="PPO")
>>> g.add_node("concept/mujoco", type="Benchmark", label="MuJoCo")
>>> for p in ("paper/1", "paper/2"):
...     _ = g.add_edge(p, "concept/ppo", key="builds_on")
...     _ = g.add_edge(p, "concept/mujoco", key="evaluated_on")
>>> back = nx.read_gexf(io.BytesIO(serialize(g)))
>>> back.edges["concept/mujoco", "concept/ppo"]["weight"], back.nodes["concept/ppo"]["papers"]
(2.0, 2)
"""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import BinaryIO

import networkx as nx

from kg.export._common import layout, node_size, xml_element, xml_safe
from kg.export.gexf import _declare, color_of, document, node_xml, write_document
from kg.graph.model import NODE_TYPES

#: node types that are concepts (every type but Paper and Claim)
CONCEPT_TYPES = frozenset(NODE_TYPES[1:7])


def concept_papers(graph: nx.MultiDiGraph) -> dict[object, set[object]]:
    """Concept node -> the papers with at least one edge to it.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/1", type="Paper"); g.add_node("concept/x", type="Method")
    >>> _ = g.add_edge("paper/1", "concept/x", key="proposes")
    >>> _ = g.add_edge("paper/1", "concept/x", key="mentions")
    >>> concept_papers(g)
    {'concept/x': {'paper/1'}}
    """
    types = graph.nodes(data="type")
    out: dict[object, set[object]] = {}
    for u, v in graph.edges():
        if types[u] == "Paper" and types[v] in CONCEPT_TYPES:
            out.setdefault(v, set()).add(u)
    return out


def cooccurrence_graph(graph: nx.MultiDiGraph) -> nx.Graph:
    """The undirected concept graph: node attrs ``label``, ``type``, ``papers``; edge ``weight``.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/1", type="Paper")
    >>> for c in ("concept/a", "concept/b", "concept/c"):
    ...     g.add_node(c, type="Method", label=c[-1].upper())
    ...     _ = g.add_edge("paper/1", c, key="mentions")
    >>> sorted(cooccurrence_graph(g).edges(data="weight"))
    [('concept/a', 'concept/b', 1), ('concept/a', 'concept/c', 1), ('concept/b', 'concept/c', 1)]
    """
    papers = concept_papers(graph)
    by_paper: dict[object, set[object]] = {}
    for concept, ps in papers.items():
        for p in ps:
            by_paper.setdefault(p, set()).add(concept)
    weights: Counter = Counter()
    for concepts in by_paper.values():
        ordered = sorted(concepts, key=str)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1:]:
                weights[a, b] += 1
    out = nx.Graph()
    for concept in sorted(papers, key=str):
        attrs = graph.nodes[concept]
        out.add_node(concept, label=attrs.get("label", attrs.get("name", concept)),
                     type=attrs.get("type"), papers=len(papers[concept]))
    for (a, b), w in sorted(weights.items(), key=lambda kv: (str(kv[0][0]), str(kv[0][1]))):
        out.add_edge(a, b, weight=w)
    return out


def serialize(graph: nx.MultiDiGraph, on_warning=None) -> bytes:
    """Return the co-occurrence GEXF 1.3 document as UTF-8 bytes (ends in a newline).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    on_warning : callable, optional
        Unused: nothing is lost (every value written is a scalar).
    """
    buf = io.BytesIO()
    _write(graph, buf)
    return buf.getvalue()


def _write(graph: nx.MultiDiGraph, out: BinaryIO) -> None:
    cooc = cooccurrence_graph(graph)
    root, g_el = document(
        "Concept co-occurrence: concepts linked by the number of papers that name both", "undirected")
    rows = {n: {"type": d["type"], "papers": d["papers"]} for n, d in cooc.nodes(data=True)}
    node_keys = _declare(g_el, "node", list(rows.values()))
    pos = layout(cooc, weight="weight")
    nodes = (node_xml(n, d["label"], rows[n], node_keys, color=color_of(d["type"]),
                      size=node_size(d["papers"]), position=pos[n])
             for n, d in cooc.nodes(data=True))  # added in sorted order
    pairs = sorted((tuple(sorted((str(a), str(b)))), w) for a, b, w in cooc.edges(data="weight"))
    edges = (xml_element("edge", {"id": str(xml_safe(f"{a} -- {b}")), "source": str(xml_safe(a)),
                                  "target": str(xml_safe(b)), "weight": repr(float(w))}, level=3)
             for (a, b), w in pairs)
    write_document(out, root, ET.SubElement(g_el, "nodes"), ET.SubElement(g_el, "edges"), nodes, edges,
                   has_nodes=len(cooc) > 0, has_edges=bool(pairs))


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None) -> None:
    """Write the concept co-occurrence graph of ``graph`` as GEXF 1.3 to ``path``.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write(nx.MultiDiGraph(), Path(d) / "c.gexf")
    ...     nx.read_gexf(Path(d) / "c.gexf").number_of_nodes()
    0
    """
    with open(path, "wb") as fh:
        _write(graph, fh)
