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
import heapq
import json
import math
from functools import lru_cache
from collections.abc import Callable, Iterator
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


@lru_cache(maxsize=1 << 16, typed=True)  # typed: 1, 1.0 and True are different literals
def literal(value: object) -> Literal:
    """Typed literal: bool -> xsd:boolean, int -> xsd:integer, float -> xsd:decimal
    (exact for the rounded confidences; non-finite floats -> xsd:double), else string.

    Literals are immutable and mostly repeat (roles, extractors, confidences), so they
    are built once (an rdflib literal costs several microseconds).

    Examples
    --------
    >>> literal(3).datatype == XSD.integer, str(literal(0.25)), literal("x").datatype
    (True, '0.25', None)
    >>> literal(1) == literal(1.0) or literal(True) == literal(1)
    False
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
    iri = _iri_cache(base)
    for nid, attrs in graph.nodes(data=True):
        yield from _node_triples(iri(nid), attrs, iri)
    for u, v, key, attrs in graph.edges(keys=True, data=True):
        etype = attrs.get("type", key)
        prop = EDGE_PROPERTY.get(etype)
        if prop is None:
            continue
        su, sv = iri(u), iri(v)
        yield from _out_triples(su, sv, etype, prop)
        yield from _in_triples(sv, etype, attrs)
        yield from _statement_triples(node_iri(statement_id(u, key, v), base), su, sv, prop, attrs, iri)


def _iri_cache(base: str):
    """``node_iri`` of node ids, each computed once (statements are not cached: one use each)."""
    iris: dict[str, URIRef] = {}

    def iri(nid: str) -> URIRef:
        term = iris.get(nid)
        if term is None:
            term = iris[nid] = node_iri(nid, base)
        return term

    return iri


# Namespace terms used per triple, looked up once (each ``NS.term`` access builds a URIRef).
_DCTERMS_CREATOR = DCTERMS.creator
_DCTERMS_DATE = DCTERMS.date
_KG_STATEMENT = KG.Statement
_KG_EVIDENCE = KG.evidence
_KG_OBJECT = KG.object
_KG_PREDICATE = KG.predicate
_KG_SUBJECT = KG.subject
_PROV_WASDERIVEDFROM = PROV.wasDerivedFrom
_RDF_TYPE = RDF.type
_SDO_SCHOLARLYARTICLE = SDO.ScholarlyArticle
_SDO_URL = SDO.url
_SKOS_CONCEPT = SKOS.Concept
_SKOS_ALTLABEL = SKOS.altLabel
_SKOS_BROADER = SKOS.broader


def _node_triples(s: URIRef, attrs: dict, iri) -> Iterator[tuple]:
    """Triples of a node's own attributes (subject ``s``)."""
    ntype = attrs.get("type")
    if ntype in NODE_CLASS:
        yield s, _RDF_TYPE, NODE_CLASS[ntype]
    if ntype == "Paper":
        yield s, _RDF_TYPE, _SDO_SCHOLARLYARTICLE
    elif ntype in NODE_TYPES[1:7]:
        yield s, _RDF_TYPE, _SKOS_CONCEPT
    for key, value in attrs.items():
        if value is None:
            continue
        if key in _NODE_LITERALS:
            yield s, _NODE_LITERALS[key], literal(value)
        elif key == "authors":
            for a in _items(value):
                yield s, _DCTERMS_CREATOR, Literal(str(a))
        elif key == "aliases":
            for a in _items(value):
                yield s, _SKOS_ALTLABEL, Literal(str(a))
        elif key == "year":
            yield s, _DCTERMS_DATE, _year(value)
        elif key == "url":
            yield s, _SDO_URL, _url(value)
        elif key == "parent":
            yield s, _SKOS_BROADER, iri(str(value))
        elif key == "paper":
            yield s, _PROV_WASDERIVEDFROM, iri(paper_node(str(value)))


def _out_triples(su: URIRef, sv: URIRef, etype: str, prop: URIRef) -> Iterator[tuple]:
    """Triples an edge gives its source node (subject ``su``)."""
    yield su, prop, sv
    if etype == "variant_of":
        yield su, _SKOS_BROADER, sv


def _in_triples(sv: URIRef, etype: str, attrs: dict) -> Iterator[tuple]:
    """Triples an edge gives its target node (subject ``sv``): a claim's evidence."""
    if etype == "makes_claim" and attrs.get("evidence"):
        yield sv, _KG_EVIDENCE, Literal(str(attrs["evidence"]))


def _statement_triples(st: URIRef, su: URIRef, sv: URIRef, prop: URIRef, attrs: dict, iri) -> Iterator[tuple]:
    """Triples of an edge's provenance node (subject ``st``)."""
    yield st, _RDF_TYPE, _KG_STATEMENT
    yield st, _KG_SUBJECT, su
    yield st, _KG_PREDICATE, prop
    yield st, _KG_OBJECT, sv
    if attrs.get("paper") is not None:
        yield st, _PROV_WASDERIVEDFROM, iri(paper_node(str(attrs["paper"])))
    for k, value in attrs.items():
        if k in _EDGE_LITERALS and value is not None:
            yield st, _EDGE_LITERALS[k], literal(value)


def subject_groups(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE,
                   order: Callable[[str], object] = str) -> Iterator[tuple[URIRef, list[tuple]]]:
    """The triples of :func:`triples` grouped by subject, in ascending ``order(subject)``.

    Yields ``(subject, [(predicate, object), ...])`` once per subject, duplicates
    dropped (the first kept). Memory stays bounded by one subject's triples plus one
    small record per edge (the statements are sorted by hash, not materialised): the
    exporters that need a canonical order (N-Triples, Turtle, JSON-LD) stream from here
    instead of collecting every triple.

    ``order`` maps a subject IRI (as ``str``) to its sort key. It must sort statement
    IRIs (``base`` + ``statement/`` + 16 hex digits) in the order of their hex digits,
    as any key that keeps or strips one common prefix does (``str``, ``s + ">"``, a
    CURIE); a :class:`RuntimeError` is raised otherwise.

    Examples
    --------
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("concept/y", type="Algorithm")
    >>> g.add_node("concept/x", type="Algorithm", parent="concept/y")
    >>> _ = g.add_edge("concept/x", "concept/y", key="variant_of", type="variant_of")
    >>> [(str(s).rsplit("/", 2)[-2], len(pos)) for s, pos in subject_groups(g)]
    [('concept', 4), ('concept', 2), ('statement', 4)]
    """
    iri = _iri_cache(base)
    nodes = sorted(graph.nodes, key=lambda n: order(str(iri(n))))
    statements = []
    for u, v, key, attrs in graph.edges(keys=True, data=True):
        if EDGE_PROPERTY.get(attrs.get("type", key)) is not None:
            sid = statement_id(u, key, v)
            statements.append((int(sid[len("statement/"):], 16), u, v, key))
    statements.sort(key=lambda s: s[0])

    def node_groups():
        for n in nodes:
            yield str(iri(n)), n, None

    def statement_groups():
        for h, u, v, key in statements:
            yield str(node_iri(f"statement/{h:016x}", base)), None, (u, v, key)

    pending_s, pending = None, None
    last_key = None
    for s_str, n, edge in heapq.merge(node_groups(), statement_groups(), key=lambda g: order(g[0])):
        key = order(s_str)
        if last_key is not None and key < last_key:
            raise RuntimeError(f"subject order {order!r} does not keep statement IRIs in hash order")
        last_key = key
        if n is not None:
            s = iri(n)
            found = list(_node_triples(s, graph.nodes[n], iri))
            for _, v, k, attrs in graph.out_edges(n, keys=True, data=True):
                etype = attrs.get("type", k)
                prop = EDGE_PROPERTY.get(etype)
                if prop is not None:
                    found.extend(_out_triples(s, iri(v), etype, prop))
            for _, _, k, attrs in graph.in_edges(n, keys=True, data=True):
                etype = attrs.get("type", k)
                if EDGE_PROPERTY.get(etype) is not None:
                    found.extend(_in_triples(s, etype, attrs))
        else:
            u, v, k = edge
            attrs = graph.edges[u, v, k]
            s = URIRef(s_str)
            found = list(_statement_triples(s, iri(u), iri(v), EDGE_PROPERTY[attrs.get("type", k)], attrs, iri))
        if not found:
            continue
        if pending_s is not None and s == pending_s:
            pending.extend(found)  # one IRI for two subjects (a hash collision): one group
            continue
        if pending_s is not None:
            yield pending_s, list(dict.fromkeys((p, o) for _, p, o in pending))
        pending_s, pending = s, found
    if pending_s is not None:
        yield pending_s, list(dict.fromkeys((p, o) for _, p, o in pending))
