"""Records -> one networkx MultiDiGraph with provenance on every edge."""
from kg.graph.build import build_graph
from kg.graph.model import EDGE_TYPES, NODE_TYPES

__all__ = ["build_graph", "EDGE_TYPES", "NODE_TYPES"]
