"""The graph's vocabulary: node types, edge types and id scheme.

Node ids are readable paths that double as IRI suffixes under the RDF base:
``paper/000-01``, ``concept/ppo``, ``claim/000-01/2``.

Node attributes (scalars, or lists of strings):

* every node: ``type`` (one of :data:`NODE_TYPES`), ``label``
* Paper: ``abstract``, ``title``, ``venue``, ``year``, ``authors`` (list), ``url``, ``source``
* concepts: ``name``, ``aliases`` (list), ``origin`` ("lexicon" | "discovered"), ``parent``
* Claim: ``sentence``, ``kind``, ``value``, ``metric``, ``benchmark``, ``paper``,
  ``start``, ``end``, ``extractor``, ``confidence``

Edges are keyed by their type (one of :data:`EDGE_TYPES`) and carry provenance:
``paper``, ``evidence`` (the sentence), ``start``, ``end`` (offsets into the abstract as
read), ``extractor`` and ``confidence``. ``variant_of`` edges come from the lexicon and
carry ``extractor="lexicon"`` and no paper.
"""
from __future__ import annotations

NODE_TYPES = ("Paper", "Method", "Algorithm", "Model", "Benchmark", "Field", "Metric", "Claim")

#: entity type (records.ENTITY_TYPES) -> node type
CONCEPT_NODE_TYPE = {
    "method": "Method",
    "algorithm": "Algorithm",
    "model": "Model",
    "benchmark": "Benchmark",
    "field": "Field",
    "metric": "Metric",
}

#: edge type -> (source node types, target node types)
EDGE_TYPES = {
    "proposes": (("Paper",), NODE_TYPES[1:7]),  # a new metric or problem setting too
    "builds_on": (("Paper",), ("Algorithm", "Method", "Model")),
    "compares_with": (("Paper",), ("Algorithm", "Method", "Model")),
    "studies": (("Paper",), ("Algorithm", "Method", "Model")),
    "mentions": (("Paper",), ("Algorithm", "Method", "Model")),
    "uses_model": (("Paper",), ("Model",)),
    "evaluated_on": (("Paper",), ("Benchmark",)),
    "addresses": (("Paper",), ("Field",)),
    "measures": (("Paper",), ("Metric",)),
    "makes_claim": (("Paper",), ("Claim",)),
    "claim_subject": (("Claim",), NODE_TYPES[1:7]),
    "claim_baseline": (("Claim",), NODE_TYPES[1:7]),
    "claim_metric": (("Claim",), ("Metric",)),
    "claim_benchmark": (("Claim",), ("Benchmark",)),
    "variant_of": (NODE_TYPES[1:7], NODE_TYPES[1:7]),
}

#: algorithm role -> edge type from the paper
ROLE_EDGE = {
    "builds_on": "builds_on",
    "compared": "compares_with",
    "studied": "studies",
    "mentioned": "mentions",
}

#: entity type of a non-proposed mention -> edge type from the paper
MENTION_EDGE = {
    "model": "uses_model",
    "benchmark": "evaluated_on",
    "field": "addresses",
    "metric": "measures",
}


def paper_node(paper_id: str) -> str:
    return f"paper/{paper_id}"


def claim_node(paper_id: str, index: int) -> str:
    return f"claim/{paper_id}/{index}"
