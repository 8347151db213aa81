"""RDF view of the knowledge graph: the ``kg`` vocabulary and the graph -> RDF mapping.

>>> from kg.rdf import KG, to_rdf
>>> str(KG.Paper)
'https://kg.example.org/ns#Paper'
"""
from kg.rdf.mapping import DEFAULT_BASE, node_iri, statement_id, to_rdf
from kg.rdf.namespace import EDGE_PROPERTY, KG, NODE_CLASS

__all__ = ["DEFAULT_BASE", "EDGE_PROPERTY", "KG", "NODE_CLASS", "node_iri", "statement_id", "to_rdf"]
