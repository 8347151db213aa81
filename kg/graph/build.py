"""Build the knowledge graph from linked extractions.

>>> from kg.records import Paper, Extraction, Mention, Concept, Evidence
>>> ev = Evidence("p1", "We build on PPO.", 0, 16, "lexicon", 0.9)
>>> ex = Extraction(Paper("p1", "We build on PPO."), (Mention("algorithm", "PPO",
...      role="builds_on", evidence=(ev,), concept="concept/ppo"),))
>>> g = build_graph([ex], {"concept/ppo": Concept("concept/ppo", "algorithm", "PPO")})
>>> sorted(g.nodes), [k for _, _, k in g.edges(keys=True)]
(['concept/ppo', 'paper/p1'], ['builds_on'])
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

import networkx as nx

from kg.graph.model import (
    CONCEPT_NODE_TYPE,
    MENTION_EDGE,
    ROLE_EDGE,
    claim_node,
    paper_node,
)
from kg.records import Claim, Concept, Evidence, Extraction, Mention, evolve
from kg.text import norm_key


#: claim edges whose target must be a concept of one type (a claim's metric is a metric)
_CLAIM_TARGET_TYPE = {"claim_metric": "metric", "claim_benchmark": "benchmark"}
#: concept types a paper can build on (a variant of a metric is no technique its paper builds on)
_BUILT_ON_TYPES = ("algorithm", "method", "model")


def _provenance(ev: Evidence | None) -> dict:
    if ev is None:
        return {}
    return {
        "paper": ev.paper,
        "evidence": ev.sentence,
        "start": ev.start,
        "end": ev.end,
        "extractor": ev.extractor,
        "confidence": round(ev.confidence, 3),
    }


def _clean(attrs: dict) -> dict:
    """Drop None and empty values so every exporter sees only real data."""
    return {k: v for k, v in attrs.items() if v is not None and v != [] and v != ""}


def mention_edge_types(m: Mention) -> list[str]:
    """Edge types from a paper to the concept of mention ``m``."""
    out = []
    if m.proposed:
        out.append("proposes")
        if m.type == "benchmark":
            out.append("evaluated_on")
        return out
    if m.type in ("algorithm", "method"):
        out.append(ROLE_EDGE.get(m.role or "mentioned", "mentions"))
    else:
        out.append(MENTION_EDGE[m.type])
    return out


def build_graph(extractions: Iterable[Extraction], concepts: Mapping[str, Concept]) -> nx.MultiDiGraph:
    """Return a MultiDiGraph of papers, concepts and claims (see :mod:`kg.graph.model`).

    Nodes and edges are inserted in sorted order so every serialisation is stable.
    """
    extractions = sorted(extractions, key=lambda e: e.paper.id)
    used = {m.concept for e in extractions for m in e.mentions if m.concept}
    # variants pull in their parents so `variant_of` never dangles
    stack = list(used)
    while stack:
        c = concepts[stack.pop()]
        if c.parent and c.parent in concepts and c.parent not in used:
            used.add(c.parent)
            stack.append(c.parent)

    g = nx.MultiDiGraph()
    nodes: dict[str, dict] = {}
    edges: list[tuple[str, str, str, dict]] = []
    for cid in used:
        c = concepts[cid]
        nodes[cid] = _clean({
            "type": CONCEPT_NODE_TYPE[c.type],
            "label": c.name,
            "name": c.name,
            "aliases": sorted(set(c.aliases) - {c.name}),
            "origin": c.source,
            "parent": c.parent if c.parent in used else None,
        })
        if c.parent and c.parent in used:
            edges.append((cid, c.parent, "variant_of", {"extractor": "lexicon", "confidence": 1.0}))

    first, last_pid = len(edges), None  # edges of this paper id start at ``first``
    for ex in extractions:
        p = ex.paper
        pid = paper_node(p.id)
        if pid != last_pid:  # papers are sorted: one id's extractions are adjacent
            first, last_pid = len(edges), pid
        nodes[pid] = _clean({
            "type": "Paper",
            "label": ex.label or p.label,
            "title": p.title,
            "abstract": p.abstract,
            "venue": p.venue,
            "year": p.year,
            "authors": list(p.authors),
            "url": p.url,
            "source": p.source,
        })
        surface: dict[str, str] = {}
        inferred: list[tuple[str, str, str, dict]] = []
        for m in ex.mentions:
            if not m.concept:
                continue
            for form in (m.name, *m.aliases):
                surface.setdefault(norm_key(form), m.concept)
            ev = m.evidence[0] if m.evidence else None
            ctype = concepts[m.concept].type if m.concept in concepts else m.type
            # a name linked to a concept other papers give another type ("SMT" a field here, a method
            # there): the edge is the one the concept's type takes, so its range holds
            types = mention_edge_types(m if ctype == m.type else evolve(m, type=ctype))
            for et in types:
                attrs = _provenance(ev)
                if et in ROLE_EDGE.values():
                    attrs["role"] = m.role or "mentioned"
                edges.append((pid, m.concept, et, attrs))
            # proposing or building on a variant (L-PPO, Clip-PPO) is building on its parent (PPO)
            parent = concepts[m.concept].parent if m.concept in concepts else None
            if parent and ("proposes" in types or "builds_on" in types) and concepts[parent].type in _BUILT_ON_TYPES:
                attrs = _provenance(ev)
                attrs.update(extractor="inferred:variant_of", role="builds_on",
                             confidence=round(attrs.get("confidence", 1.0) * 0.9, 3))
                inferred.append((pid, parent, "builds_on", attrs))
        direct = {(u, v) for u, v, _, _ in edges[first:] if u == pid}
        edges.extend(e for e in inferred if (e[0], e[1]) not in direct)
        for i, cl in enumerate(ex.claims, 1):
            cid = claim_node(p.id, i)
            prov = _provenance(cl.evidence)
            nodes[cid] = _clean({
                "type": "Claim",
                "label": _claim_label(cl),
                "sentence": cl.sentence,
                "kind": cl.kind,
                "value": cl.value,
                "metric": cl.metric,
                "benchmark": cl.benchmark,
                **{k: v for k, v in prov.items() if k != "evidence"},
            })
            edges.append((pid, cid, "makes_claim", prov))
            for et, names in (
                ("claim_subject", [cl.subject]),
                ("claim_baseline", list(cl.baselines)),
                ("claim_metric", [cl.metric]),
                ("claim_benchmark", [cl.benchmark]),
            ):
                for name in names:
                    target = surface.get(norm_key(name)) if name else None
                    if target and (et not in _CLAIM_TARGET_TYPE or concepts[target].type == _CLAIM_TARGET_TYPE[et]):
                        edges.append((cid, target, et, prov))

    for nid in sorted(nodes):
        g.add_node(nid, **nodes[nid])
    seen = set()
    for u, v, k, attrs in sorted(edges, key=lambda e: (e[0], e[1], e[2])):
        if (u, v, k) in seen:
            continue
        seen.add((u, v, k))
        g.add_edge(u, v, key=k, type=k, **_clean(attrs))
    return g


def _claim_label(cl: Claim) -> str:
    s = cl.sentence
    return s if len(s) <= 80 else s[:77].rstrip() + "..."
