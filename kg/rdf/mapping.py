"""Map the networkx knowledge graph onto RDF.

Every graph edge becomes

* a **direct triple** ``<paper> kg:buildsOn <concept>`` (camelCase property per edge
  type, see :data:`kg.rdf.namespace.EDGE_PROPERTY`), so simple queries stay simple, and
* a **provenance node** ``<base>statement/<hash>`` of type ``kg:Statement`` with
  ``kg:subject``/``kg:predicate``/``kg:object`` pointing at that triple plus
  ``prov:wasDerivedFrom`` (the paper), ``kg:evidence``, ``kg:start``, ``kg:end``,
  ``kg:extractor``, ``kg:confidence`` (qualified-relation pattern; plain RDF, so any
  store and SPARQL 1.1 can query it -- see ``schemas/README.md``).

Node IRIs are ``base`` + node id, percent-encoded where unsafe. Output is a pure
function of the graph: no blank nodes, no timestamps.

>>> from kg.graph import build_graph
>>> from kg.records import Paper, Extraction, Mention, Concept, Evidence
>>> ev = Evidence("p1", "We build on PPO.", 0, 16, "lexicon", 0.9)
>>> ex = Extraction(Paper("p1", "We build on PPO.", year=2024), (Mention("algorithm", "PPO",
...      role="builds_on", evidence=(ev,), concept="concept/ppo"),))
>>> g = build_graph([ex], {"concept/ppo": Concept("concept/ppo", "algorithm", "PPO")})
>>> rdf = to_rdf(g)
>>> paper, ppo = node_iri("paper/p1"), node_iri("concept/ppo")
>>> (paper, KG.buildsOn, ppo) in rdf
True
>>> stmt = node_iri(statement_id("paper/p1", "builds_on", "concept/ppo"))
>>> rdf.value(stmt, KG.confidence)
rdflib.term.Literal('0.9', datatype=rdflib.term.URIRef('http://www.w3.org/2001/XMLSchema#decimal'))
"""
from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from decimal import Decimal
from urllib.parse import quote

import networkx as nx
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SDO, SKOS, XSD
from rdflib.term import _is_valid_uri

from kg.graph.model import NODE_TYPES, paper_node
from kg.rdf.context import PREFIXES
from kg.rdf.namespace import EDGE_PROPERTY, KG, NODE_CLASS

DEFAULT_BASE = "https://kg.example.org/"

#: characters left as-is in node ids; everything else is percent-encoded (UTF-8)
_SAFE = "/-._~:@!$&'()*+,;="

#: node attribute -> datatype property, for attributes mapped one-to-one
_NODE_LITERALS = {
    "label": RDFS.label,
    "title": DCTERMS.title,
    "abstract": DCTERMS.abstract,
    "venue": KG.venue,
    "source": KG.sourceFile,
    "name": SKOS.prefLabel,
    "origin": KG.origin,
    "sentence": KG.sentence,
    "kind": KG.kind,
    "value": KG.value,
    "metric": KG.metricName,
    "benchmark": KG.benchmarkName,
    "start": KG.start,
    "end": KG.end,
    "extractor": KG.extractor,
    "confidence": KG.confidence,
}
#: node attributes with a special mapping (see :func:`to_rdf`)
_NODE_SPECIAL = {"type", "authors", "aliases", "year", "url", "parent", "paper"}
#: edge attribute -> datatype property on the statement node
_EDGE_LITERALS = {
    "evidence": KG.evidence,
    "start": KG.start,
    "end": KG.end,
    "extractor": KG.extractor,
    "confidence": KG.confidence,
    "role": KG.role,
}
_EDGE_SPECIAL = {"type", "paper"}

#: attribute names the mapping understands (anything else is not exported to RDF)
NODE_ATTRIBUTES = frozenset(_NODE_LITERALS) | _NODE_SPECIAL
EDGE_ATTRIBUTES = frozenset(_EDGE_LITERALS) | _EDGE_SPECIAL


def node_iri(node_id: str, base: str = DEFAULT_BASE) -> URIRef:
    """IRI of a node: ``base`` + id, percent-encoding characters unsafe in an IRI path.

    Parameters
    ----------
    node_id : str
        Graph node id such as ``paper/000-01``.
    base : str
        Base IRI, ending in ``/`` or ``#``.

    Examples
    --------
    >>> str(node_iri("claim/000-01/2"))
    'https://kg.example.org/claim/000-01/2'
    >>> str(node_iri("concept/q learning <x>"))
    'https://kg.example.org/concept/q%20learning%20%3Cx%3E'
    """
    return URIRef(base + quote(node_id, safe=_SAFE))


def statement_id(u: str, key: str, v: str) -> str:
    """Stable id of the edge ``(u, key, v)``: ``statement/`` + 16 hex digits of SHA-256.

    Shared by every exporter (RDF provenance node, GraphML/GEXF edge id, Neo4j ``id``)
    so one edge has one name everywhere.

    Examples
    --------
    >>> statement_id("paper/p1", "builds_on", "concept/ppo")
    'statement/e99473138736ce1d'
    """
    raw = json.dumps([u, key, v], ensure_ascii=False, separators=(",", ":"))
    return "statement/" + hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


def literal(value: object) -> Literal:
    """Typed literal: bool -> xsd:boolean, int -> xsd:integer, float -> xsd:decimal
    (exact for the rounded confidences; non-finite floats -> xsd:double), else string.

    Examples
    --------
    >>> literal(3).datatype == XSD.integer, str(literal(0.25)), literal("x").datatype
    (True, '0.25', None)
    """
    if isinstance(value, bool):
        return Literal(value)
    if isinstance(value, int):
        return Literal(value, datatype=XSD.integer)
    if isinstance(value, float):
        if math.isfinite(value):
            return Literal(Decimal(repr(value)), datatype=XSD.decimal)
        return Literal(value, datatype=XSD.double)
    return Literal(str(value))


def _year(value: object) -> Literal:
    try:
        return Literal(f"{int(value):04d}", datatype=XSD.gYear)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return Literal(str(value))


def _url(value: object) -> URIRef | Literal:
    s = str(value)
    if "://" in s and _is_valid_uri(s):
        return URIRef(s)
    return Literal(s, datatype=XSD.anyURI)


def _items(value: object) -> list:
    return list(value) if isinstance(value, (list, tuple, set, frozenset)) else [value]


def to_rdf(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> Graph:
    """Return the RDF view of a :func:`kg.graph.build_graph` graph.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Nodes and edges as described in :mod:`kg.graph.model`.
    base : str, default ``https://kg.example.org/``
        Base IRI for nodes and statements.

    Returns
    -------
    rdflib.Graph
        Papers (``kg:Paper``, ``schema:ScholarlyArticle``; DCTERMS metadata), concepts
        (``kg:Algorithm`` ... and ``skos:Concept``; SKOS labels; ``skos:broader`` for
        variants), claims (``kg:Claim``), one direct triple per edge and one
        ``kg:Statement`` per edge. Prefixes are bound for readable serialisations.
        The triples are those of :func:`triples` (duplicates collapse).

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("concept/ppo", type="Algorithm", label="PPO", name="PPO",
    ...            aliases=["Proximal Policy Optimization"])
    >>> rdf = to_rdf(g, base="http://x.org/")
    >>> sorted(str(o) for o in rdf.objects(URIRef("http://x.org/concept/ppo"), SKOS.altLabel))
    ['Proximal Policy Optimization']
    """
    out = Graph(bind_namespaces="none")
    for prefix, ns in PREFIXES.items():
        out.bind(prefix, ns)
    add = out.add
    for triple in triples(graph, base):
        add(triple)
    return out


def triples(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> Iterator[tuple[URIRef, URIRef, URIRef | Literal]]:
    """Stream the RDF view of ``graph`` as ``(subject, predicate, object)`` rdflib terms.

    No :class:`rdflib.Graph` is built, so memory stays flat; the exporters serialise
    from this stream. A triple may be yielded more than once (e.g. ``skos:broader``
    from both a ``parent`` attribute and a ``variant_of`` edge); :func:`to_rdf` and
    the exporters collapse duplicates. The order follows the graph's node and edge
    order; sort for a canonical order.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("paper/p1", type="Paper", year=2024)
    >>> [(str(p), str(o)) for _, p, o in triples(g)][-1]
    ('http://purl.org/dc/terms/date', '2024')
    """
    iris: dict[str, URIRef] = {}

    def iri(nid: str) -> URIRef:
        term = iris.get(nid)
        if term is None:
            term = iris[nid] = node_iri(nid, base)
        return term

    for nid, attrs in graph.nodes(data=True):
        s = iri(nid)
        ntype = attrs.get("type")
        if ntype in NODE_CLASS:
            yield s, RDF.type, NODE_CLASS[ntype]
        if ntype == "Paper":
            yield s, RDF.type, SDO.ScholarlyArticle
        elif ntype in NODE_TYPES[1:7]:
            yield s, RDF.type, SKOS.Concept
        for key, value in attrs.items():
            if value is None:
                continue
            if key in _NODE_LITERALS:
                yield s, _NODE_LITERALS[key], literal(value)
            elif key == "authors":
                for a in _items(value):
                    yield s, DCTERMS.creator, Literal(str(a))
            elif key == "aliases":
                for a in _items(value):
                    yield s, SKOS.altLabel, Literal(str(a))
            elif key == "year":
                yield s, DCTERMS.date, _year(value)
            elif key == "url":
                yield s, SDO.url, _url(value)
            elif key == "parent":
                yield s, SKOS.broader, iri(str(value))
            elif key == "paper":
                yield s, PROV.wasDerivedFrom, iri(paper_node(str(value)))

    for u, v, key, attrs in graph.edges(keys=True, data=True):
        etype = attrs.get("type", key)
        prop = EDGE_PROPERTY.get(etype)
        if prop is None:
            continue
        su, sv = iri(u), iri(v)
        yield su, prop, sv
        if etype == "variant_of":
            yield su, SKOS.broader, sv
        if etype == "makes_claim" and attrs.get("evidence"):
            yield sv, KG.evidence, Literal(str(attrs["evidence"]))
        st = iri(statement_id(u, key, v))
        yield st, RDF.type, KG.Statement
        yield st, KG.subject, su
        yield st, KG.predicate, prop
        yield st, KG.object, sv
        if attrs.get("paper") is not None:
            yield st, PROV.wasDerivedFrom, iri(paper_node(str(attrs["paper"])))
        for k, value in attrs.items():
            if k in _EDGE_LITERALS and value is not None:
                yield st, _EDGE_LITERALS[k], literal(value)
