"""An aggregated view of a graph too big to draw: its top concepts, and per field the
concepts its papers use most.

A 100K-abstract graph has hundreds of thousands of nodes; a browser freezes long before
that. :func:`summarize` keeps the concepts linked to the most papers overall, adds the
top concepts of each of the largest fields, and joins them by how many papers they
share (co-occurrence) and by the fields their papers address. Papers and claims stay
out: each kept node carries ``papers``, the number of papers linked to it.

>>> import networkx as nx
>>> g = nx.MultiDiGraph()
>>> for p, concepts in {"a": ["ppo", "mujoco", "rl"], "b": ["ppo", "rl"], "c": ["sac", "rl"]}.items():
...     g.add_node(f"paper/{p}", type="Paper", label=p)
...     for c in concepts:
...         kind = "Field" if c == "rl" else "Algorithm"
...         g.add_node(f"concept/{c}", type=kind, label=c.upper())
...         _ = g.add_edge(f"paper/{p}", f"concept/{c}", key="addresses" if kind == "Field" else "mentions")
>>> s = summarize(g, top=2, per_field=1, fields=1)
>>> sorted((n, d["papers"]) for n, d in s.nodes(data=True))
[('concept/ppo', 2), ('concept/rl', 3)]
>>> sorted((u, v, k, d["weight"]) for u, v, k, d in s.edges(keys=True, data=True))
[('concept/ppo', 'concept/rl', 'addresses', 2)]
"""
from __future__ import annotations

from collections import Counter, defaultdict

import networkx as nx

#: node types that are not concepts
_NOT_CONCEPTS = ("Paper", "Claim")
#: a kept concept is joined to at most this many co-occurring concepts (its strongest)
MAX_NEIGHBOURS = 8


def summarize(g: nx.MultiDiGraph, *, top: int = 300, per_field: int = 25, fields: int = 40) -> nx.MultiDiGraph:
    """The aggregated view of ``g`` (see module doc).

    Parameters
    ----------
    g : the knowledge graph (papers linked to concepts, as built by :mod:`kg.graph.build`)
    top : concepts kept overall, by number of papers
    per_field : concepts kept for each of the ``fields`` largest fields, by number of
        that field's papers using them

    Returns
    -------
    A graph of concept nodes (attributes copied, plus ``papers``) with weighted
    ``co_occurs_with`` edges (papers shared) and ``addresses`` edges from a concept to a
    field (papers of the field using the concept). Deterministic: ties break on node id.
    """
    concepts_of: dict[str, set[str]] = defaultdict(set)  # paper -> concepts it links to
    for u, v in g.edges():
        if g.nodes[u].get("type") == "Paper" and g.nodes[v].get("type") not in _NOT_CONCEPTS:
            concepts_of[u].add(v)
    papers = Counter(c for cs in concepts_of.values() for c in cs)
    ranked = sorted(papers, key=lambda c: (-papers[c], str(c)))
    field_ids = [c for c in ranked if g.nodes[c].get("type") == "Field"][:fields]
    kept = set(ranked[:top]) | set(field_ids)
    by_field: dict[str, Counter] = {f: Counter() for f in field_ids}
    for cs in concepts_of.values():
        for f in cs.intersection(by_field):
            by_field[f].update(c for c in cs if c != f and g.nodes[c].get("type") != "Field")
    for f, counts in by_field.items():
        kept.update(sorted(counts, key=lambda c: (-counts[c], str(c)))[:per_field])

    shared: Counter = Counter()  # (a, b) -> papers using both, a < b
    for cs in concepts_of.values():
        ks = sorted(cs.intersection(kept), key=str)
        for i, a in enumerate(ks):
            for b in ks[i + 1:]:
                shared[a, b] += 1

    s = nx.MultiDiGraph()
    for c in sorted(kept, key=str):
        s.add_node(c, **{**g.nodes[c], "papers": papers[c]})
    for f, counts in sorted(by_field.items()):
        for c, n in sorted(counts.items()):
            if c in kept:
                s.add_edge(c, f, key="addresses", type="addresses", weight=n)
    partners: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for (a, b), n in shared.items():
        if g.nodes[a].get("type") != "Field" and g.nodes[b].get("type") != "Field":
            partners[a].append((n, b))
            partners[b].append((n, a))
    edges = set()
    for a, ps in partners.items():
        for n, b in sorted(ps, key=lambda nb: (-nb[0], str(nb[1])))[:MAX_NEIGHBOURS]:
            edges.add((min(a, b, key=str), max(a, b, key=str), n))
    for a, b, n in sorted(edges, key=lambda e: (str(e[0]), str(e[1]))):
        s.add_edge(a, b, key="co_occurs_with", type="co_occurs_with", weight=n)
    s.graph.update(summary=True, papers=len(concepts_of), concepts=len(papers))
    return s
