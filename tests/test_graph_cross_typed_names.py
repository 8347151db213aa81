"""A name two papers type differently ("SMT" a field in one, a method another proposes) lands on
one concept of one type; every edge to it must be one that type takes, so the graph keeps to its
model (``EDGE_TYPES``) and its SHACL shapes whatever the extraction typed."""
from __future__ import annotations

from kg.graph import EDGE_TYPES, build_graph
from kg.link.linker import link
from kg.rdf.mapping import to_rdf
from kg.rdf.validate import validate_graph
from kg.records import Claim, Evidence, Extraction, Mention, Paper


def _ev(pid):
    return Evidence(pid, "A sentence.", 0, 11, "pattern", 0.8)


def _graph():
    proposes = Extraction(Paper("a", "We propose statistical machine translation (SMT), a method."), (
        Mention("method", "SMT", aliases=("statistical machine translation",), proposed=True, evidence=(_ev("a"),)),
        Mention("metric", "BLEU", evidence=(_ev("a"),)),
    ))
    fields = [Extraction(Paper(pid, f"Work {pid} on SMT."), (
        Mention("field", "SMT", evidence=(_ev(pid),)),
        Mention("algorithm", "BLEU", role="compared", evidence=(_ev(pid),)),
    ), claims=(Claim("It improves SMT by 2 BLEU.", "empirical", metric="SMT", benchmark="BLEU", evidence=_ev(pid)),))
        for pid in ("b", "c")]
    linked, concepts, _ = link([proposes, *fields], lexicon=None)
    return build_graph(linked, concepts), concepts


def test_the_names_are_one_concept_each():
    _, concepts = _graph()
    assert sorted(c.name for c in concepts.values()) == ["BLEU", "SMT"]


def test_every_edge_is_one_its_target_type_takes():
    g, _ = _graph()
    for u, v, k in g.edges(keys=True):
        sources, targets = EDGE_TYPES[k]
        assert g.nodes[u]["type"] in sources and g.nodes[v]["type"] in targets, (u, k, v, g.nodes[v]["type"])


def test_each_paper_gets_the_edge_of_the_concepts_type():
    # two papers against one make "SMT" a field: the paper proposing it proposes that field, the
    # others address it; "BLEU", an algorithm in two papers, is only mentioned where it was a metric
    g, _ = _graph()
    smt = next(n for n, d in g.nodes(data=True) if d.get("name") == "SMT")
    bleu = next(n for n, d in g.nodes(data=True) if d.get("name") == "BLEU")
    assert (g.nodes[smt]["type"], g.nodes[bleu]["type"]) == ("Field", "Algorithm")
    assert set(g["paper/a"][smt]) == {"proposes"} and set(g["paper/b"][smt]) == {"addresses"}
    assert set(g["paper/a"][bleu]) == {"mentions"} and set(g["paper/b"][bleu]) == {"compares_with"}


def test_a_claim_metric_that_is_no_metric_gets_no_metric_edge():
    g, _ = _graph()
    assert not [e for e in g.edges(keys=True) if e[2] in ("claim_metric", "claim_benchmark")]


def test_the_rdf_conforms_to_the_shapes():
    g, _ = _graph()
    report = validate_graph(to_rdf(g))
    assert report.conforms, [str(v) for v in report.violations]
