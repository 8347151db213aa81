"""The ``kg`` vocabulary as a closed rdflib namespace, plus the tables that map graph
vocabulary (:mod:`kg.graph.model`) onto it.

Every term here is declared in ``schemas/kg.ttl`` and vice versa (a test checks both
directions). The namespace is *closed*: asking for a term that is not declared raises,
so a typo cannot silently mint a new IRI.

>>> str(KG.buildsOn)
'https://kg.example.org/ns#buildsOn'
>>> EDGE_PROPERTY["claim_subject"] == KG.claimSubject
True
>>> KG.buildOn
Traceback (most recent call last):
...
AttributeError: term 'buildOn' not in namespace 'https://kg.example.org/ns#'
"""
# No ``from __future__ import annotations``: rdflib reads the annotations below as
# real ``URIRef`` classes.
from rdflib import XSD, Namespace, URIRef
from rdflib.namespace import DefinedNamespace

from kg.graph.model import EDGE_TYPES, NODE_TYPES

#: Namespace IRI of the kg vocabulary (independent of the data base IRI).
KG_NS = "https://kg.example.org/ns#"
#: IRI of the ontology document (``schemas/kg.ttl``).
KG_ONTOLOGY = "https://kg.example.org/ns"


class KG(DefinedNamespace):
    """Closed namespace of the kg vocabulary (``https://kg.example.org/ns#``).

    Examples
    --------
    >>> KG.Paper
    rdflib.term.URIRef('https://kg.example.org/ns#Paper')
    >>> KG["variantOf"] in KG
    True
    """

    _NS = Namespace(KG_NS)
    _fail = True

    # classes
    Concept: URIRef
    Paper: URIRef
    Method: URIRef
    Algorithm: URIRef
    Model: URIRef
    Benchmark: URIRef
    Field: URIRef
    Metric: URIRef
    Claim: URIRef
    Statement: URIRef

    # object properties: one per graph edge type
    proposes: URIRef
    buildsOn: URIRef
    comparesWith: URIRef
    studies: URIRef
    mentions: URIRef
    usesModel: URIRef
    evaluatedOn: URIRef
    addresses: URIRef
    measures: URIRef
    makesClaim: URIRef
    claimSubject: URIRef
    claimBaseline: URIRef
    claimMetric: URIRef
    claimBenchmark: URIRef
    variantOf: URIRef

    # object properties of the qualified-relation (provenance) node
    subject: URIRef
    predicate: URIRef
    object: URIRef

    # datatype properties
    evidence: URIRef
    start: URIRef
    end: URIRef
    extractor: URIRef
    confidence: URIRef
    role: URIRef
    sentence: URIRef
    kind: URIRef
    value: URIRef
    metricName: URIRef
    benchmarkName: URIRef
    origin: URIRef
    venue: URIRef
    sourceFile: URIRef


def camel(snake: str) -> str:
    """``builds_on`` -> ``buildsOn``.

    Examples
    --------
    >>> camel("claim_benchmark")
    'claimBenchmark'
    """
    head, *rest = snake.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


#: node type -> class
NODE_CLASS: dict[str, URIRef] = {t: KG[t] for t in NODE_TYPES}
#: edge type -> object property (camelCase of the edge type)
EDGE_PROPERTY: dict[str, URIRef] = {et: KG[camel(et)] for et in EDGE_TYPES}
#: datatype property -> XSD range (also used for JSON-LD type coercion)
DATATYPE_RANGE: dict[str, URIRef] = {
    "evidence": XSD.string,
    "start": XSD.integer,
    "end": XSD.integer,
    "extractor": XSD.string,
    "confidence": XSD.decimal,
    "role": XSD.string,
    "sentence": XSD.string,
    "kind": XSD.string,
    "value": XSD.string,
    "metricName": XSD.string,
    "benchmarkName": XSD.string,
    "origin": XSD.string,
    "venue": XSD.string,
    "sourceFile": XSD.string,
}
