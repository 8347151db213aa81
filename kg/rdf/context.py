"""JSON-LD ``@context`` for the kg vocabulary.

The context is generated from :mod:`kg.rdf.namespace` so it cannot drift from the
vocabulary; ``schemas/context.jsonld`` is this module's output (a test keeps the two
equal; regenerate with
``python -c "from kg.rdf.context import context_document as c; print(c(), end='')" > schemas/context.jsonld``).

>>> ctx = jsonld_context()
>>> ctx["buildsOn"]
{'@id': 'kg:buildsOn', '@type': '@id'}
>>> ctx["confidence"]
{'@id': 'kg:confidence', '@type': 'xsd:decimal'}
"""
from __future__ import annotations

import json

from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SDO, SKOS, XSD

from kg.rdf.namespace import DATATYPE_RANGE, EDGE_PROPERTY, KG, KG_NS, NODE_CLASS

PREFIXES = {
    "kg": KG_NS,
    "dcterms": str(DCTERMS),
    "owl": str(OWL),
    "prov": str(PROV),
    "rdf": str(RDF),
    "rdfs": str(RDFS),
    "schema": str(SDO),
    "skos": str(SKOS),
    "xsd": str(XSD),
}


def _local(iri: str) -> str:
    return iri[len(KG_NS):]


def jsonld_context() -> dict:
    """Return the ``@context`` object (the value, not ``{"@context": ...}``).

    Returns
    -------
    dict
        Prefixes, one term per kg class and property (object properties coerced to
        ``@id``, decimals and years to their XSD type; integers stay JSON numbers) and short terms for the
        DCTERMS/SKOS/PROV/schema.org properties the mapping uses.

    Examples
    --------
    >>> jsonld_context()["Paper"]
    'kg:Paper'
    """
    ctx: dict[str, object] = {"id": "@id", "type": "@type", **PREFIXES}
    classes = [*NODE_CLASS.values(), KG.Concept, KG.Statement]
    for iri in classes:
        ctx[_local(iri)] = f"kg:{_local(iri)}"
    for iri in [*EDGE_PROPERTY.values(), KG.subject, KG.predicate, KG.object]:
        ctx[_local(iri)] = {"@id": f"kg:{_local(iri)}", "@type": "@id"}
    for name, rng in DATATYPE_RANGE.items():
        if rng in (XSD.string, XSD.integer):  # integers compact to native JSON numbers
            ctx[name] = f"kg:{name}"
        else:
            ctx[name] = {"@id": f"kg:{name}", "@type": f"xsd:{rng[len(str(XSD)):]}"}
    ctx.update({
        "label": "rdfs:label",
        "title": "dcterms:title",
        "abstract": "dcterms:abstract",
        "creator": "dcterms:creator",
        "date": {"@id": "dcterms:date", "@type": "xsd:gYear"},
        "url": {"@id": "schema:url", "@type": "@id"},
        "prefLabel": "skos:prefLabel",
        "altLabel": "skos:altLabel",
        "broader": {"@id": "skos:broader", "@type": "@id"},
        "wasDerivedFrom": {"@id": "prov:wasDerivedFrom", "@type": "@id"},
    })
    return ctx


def context_document() -> str:
    """``schemas/context.jsonld`` as text: ``{"@context": ...}``, sorted, 2-space indent.

    Examples
    --------
    >>> context_document().startswith('{\\n  "@context": {')
    True
    """
    return json.dumps({"@context": jsonld_context()}, indent=2, sort_keys=True,
                      ensure_ascii=False) + "\n"
