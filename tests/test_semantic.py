"""Semantic layer: SHACL shapes and `kg validate`, provenance in RDF, persistent stores,
and the shipped query library (answers checked against the graph with networkx)."""
import json
import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx
import pyoxigraph as ox
import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS
from rdflib.plugins.sparql import prepareQuery

from kg.errors import KGError
from kg.query import run_query, shipped_queries
from kg.rdf import KG
from kg.rdf.namespace import KG_NS
from kg.rdf.store import MARKER, is_stale, persistent_store
from kg.rdf.validate import validate, validate_graph

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://kg.example.org/"
QUERIES = ROOT / "kg" / "data" / "queries"


def kg(*args, check=True):
    r = subprocess.run([sys.executable, "-m", "kg.cli", *map(str, args)], capture_output=True, text=True)
    if check and r.returncode != 0:
        raise AssertionError(f"kg {args} failed ({r.returncode}): {r.stderr}")
    return r


def iri(node_id: str) -> URIRef:
    return URIRef(BASE + node_id)


@pytest.fixture(scope="module")
def rdf(bundled_build):
    return Graph().parse(bundled_build / "graph.ttl", format="turtle")


@pytest.fixture(scope="module")
def nxg(bundled_build):
    return nx.read_graphml(bundled_build / "graph.graphml")


# ------------------------------------------------------------------ shapes, kg validate


def test_shapes_ship_with_the_package_unchanged():
    assert (ROOT / "kg" / "data" / "shapes.ttl").read_bytes() == (ROOT / "schemas" / "shapes.ttl").read_bytes()


def test_shapes_use_only_kg_terms_the_ontology_defines():
    shapes = Graph().parse(ROOT / "schemas" / "shapes.ttl", format="turtle")
    used = {t for triple in shapes for t in triple if isinstance(t, URIRef) and str(t).startswith(KG_NS)}
    text = (ROOT / "schemas" / "shapes.ttl").read_text(encoding="utf-8")  # also inside SPARQL strings
    used |= {URIRef(KG_NS + n) for n in re.findall(r"\bkg:(\w+)", text)}
    assert used and all(t in KG for t in used), sorted(t for t in used if t not in KG)


def test_validate_passes_on_the_bundled_build(bundled_build):
    r = kg("validate", bundled_build)
    assert r.returncode == 0
    assert r.stdout.count("\n") == 1 and "conforms" in r.stdout and r.stderr == ""


def test_validate_names_a_paper_without_label(bundled_build, tmp_path):
    g = Graph().parse(bundled_build / "graph.ttl", format="turtle")
    paper = iri("paper/004-04")
    assert (paper, RDFS.label, None) in g
    g.remove((paper, RDFS.label, None))
    g.serialize(tmp_path / "graph.ttl", format="turtle")
    r = kg("validate", tmp_path, check=False)
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("paper/004-04") and "rdfs:label" in lines[0]
    assert r.stderr.count("\n") == 1 and "[E014]" in r.stderr and "Traceback" not in r.stderr


def test_validate_reads_ntriples_and_reports_missing_graph(bundled_build, tmp_path):
    shutil.copy(bundled_build / "graph.nt", tmp_path / "graph.nt")
    report = validate(tmp_path)
    assert report.conforms and report.source.endswith("graph.nt")
    r = kg("validate", tmp_path / "nothing", check=False)
    assert r.returncode == 1 and "[E008]" in r.stderr


def _drop(s, p):
    return lambda g: g.remove((iri(s), p, None))


def _drop_statement_part(p):
    def edit(g):
        st = _statement(g, "paper/004-04", KG.proposes, "concept/spo")
        g.remove((st, p, None))
    return edit


def _statement(g, s, pred, o):
    return next(st for st in g.subjects(KG.subject, iri(s)) if (st, KG.predicate, pred) in g
                and (st, KG.object, iri(o)) in g)


FAULTS = {
    "concept without prefLabel": (_drop("concept/ppo", SKOS.prefLabel), "concept/ppo", "skos:prefLabel"),
    "concept with two classes": (lambda g: g.add((iri("concept/ppo"), RDF.type, KG.Method)),
                                 "concept/ppo", "rdf:type"),
    "concept without kg class": (lambda g: g.remove((iri("concept/ppo"), RDF.type, KG.Algorithm)),
                                 "concept/ppo", "rdf:type"),
    "paper without abstract": (_drop("paper/004-04", DCTERMS.abstract), "paper/004-04", "dcterms:abstract"),
    "claim without evidence": (_drop("claim/004-04/2", KG.evidence), "claim/004-04/2", "kg:evidence"),
    "claim without kind": (_drop("claim/004-04/2", KG.kind), "claim/004-04/2", "kg:kind"),
    "claim of unknown kind": (lambda g: (g.remove((iri("claim/004-04/2"), KG.kind, None)),
                                         g.add((iri("claim/004-04/2"), KG.kind, Literal("rumour")))),
                              "claim/004-04/2", "kg:kind"),
    "statement without confidence": (_drop_statement_part(KG.confidence), "statement/", "kg:confidence"),
    "statement without extractor": (_drop_statement_part(KG.extractor), "statement/", "kg:extractor"),
    "statement without evidence": (_drop_statement_part(KG.evidence), "statement/", "kg:evidence"),
    "edge without statement": (lambda g: g.remove((_statement(g, "paper/004-04", KG.proposes, "concept/spo"),
                                                   None, None)), "paper/004-04", "kg:proposes"),
    "statement without edge": (lambda g: g.remove((iri("paper/004-04"), KG.proposes, iri("concept/spo"))),
                               "statement/", "not asserted"),
    "edge to the wrong class": (lambda g: g.add((iri("paper/004-04"), KG.evaluatedOn, iri("concept/ppo"))),
                                "paper/004-04", "kg:Benchmark"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_each_shape_catches_its_fault(rdf, fault):
    edit, focus, needle = FAULTS[fault]
    g = Graph()
    for t in rdf:
        g.add(t)
    edit(g)
    report = validate_graph(g)
    assert not report.conforms
    hits = [line for line in report.lines() if line.startswith(focus) and needle in line]
    assert hits, report.lines()


def test_statement_without_evidence_message_is_readable(rdf):
    g = Graph()
    for t in rdf:
        g.add(t)
    _drop_statement_part(KG.evidence)(g)
    (line,) = validate_graph(g).lines()
    assert re.match(r"statement/[0-9a-f]{16}  .*kg:evidence", line), line


# ------------------------------------------------------------------ provenance


SPO = "Empirical results demonstrate that SPO outperforms PPO"


def test_spo_claim_sentence_is_an_evidence_literal(rdf):
    paper = iri("paper/004-04")
    hits = [(s, o) for s, o in rdf.subject_objects(KG.evidence) if str(o).startswith(SPO)]
    assert hits, "the SPO claim sentence is not in the RDF"
    claims = [s for s, _ in hits if (s, RDF.type, KG.Claim) in rdf]
    assert len(claims) == 1
    claim = claims[0]
    sentence = rdf.value(claim, KG.evidence)
    assert isinstance(sentence, Literal) and str(sentence).endswith("end-to-end.")
    assert rdf.value(claim, PROV.wasDerivedFrom) == paper and (paper, KG.makesClaim, claim) in rdf
    # and the makes_claim edge's provenance node cites the same sentence, with offsets
    st = _statement(rdf, "paper/004-04", KG.makesClaim, str(claim)[len(BASE):])
    assert rdf.value(st, KG.evidence) == sentence
    abstract = str(rdf.value(paper, DCTERMS.abstract))
    start, end = int(rdf.value(st, KG.start)), int(rdf.value(st, KG.end))
    assert abstract[start:end] == str(sentence)


# ------------------------------------------------------------------ persistent store


def test_persistent_store_loads_once_and_reloads_when_graph_changes(bundled_build, tmp_path):
    build = tmp_path / "build"
    build.mkdir()
    shutil.copy(bundled_build / "graph.nt", build / "graph.nt")
    n = len(Graph().parse(build / "graph.nt", format="nt"))
    path = tmp_path / "store"
    extra = ox.Quad(ox.NamedNode("http://x.org/a"), ox.NamedNode("http://x.org/p"), ox.Literal("x"))

    store = persistent_store(path, build)
    assert len(store) == n and (path / MARKER).is_file()
    store.add(extra)
    del store
    store = persistent_store(path, build)  # unchanged graph: not reloaded, our triple survives
    assert len(store) == n + 1
    del store
    st = (build / "graph.nt").stat()
    os.utime(build / "graph.nt", ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert is_stale(path, build)
    store = persistent_store(path, build)  # newer graph.nt: reloaded from scratch
    assert len(store) == n and extra not in store
    del store
    store = persistent_store(path, tmp_path / "no-build")  # no graph: the store as it is
    assert len(store) == n


def test_store_errors_are_catalogued(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("x")
    with pytest.raises(KGError) as exc:
        persistent_store(tmp_path / "notes", tmp_path)
    assert exc.value.code == "E011"
    with pytest.raises(KGError) as exc:
        persistent_store(tmp_path / "empty-store", tmp_path / "no-build")
    assert exc.value.code == "E008"
    held = ox.Store(str(tmp_path / "held"))  # one writer at a time
    with pytest.raises(KGError) as exc:
        persistent_store(tmp_path / "held", tmp_path)
    assert exc.value.code == "E011"
    del held


def test_query_with_store_matches_in_memory(bundled_build, tmp_path):
    q = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    mem = kg("query", q, "--graph", bundled_build, "--format", "csv").stdout
    first = kg("query", q, "--graph", bundled_build, "--store", tmp_path / "st", "--format", "csv").stdout
    again = kg("query", q, "--graph", tmp_path / "gone", "--store", tmp_path / "st", "--format", "csv").stdout
    assert mem == first == again and int(mem.split()[1]) > 5000


# ------------------------------------------------------------------ query library


def test_library_has_at_least_eight_self_contained_queries():
    files = sorted(QUERIES.glob("*.rq"))
    assert len(files) >= 8 and (QUERIES / "README.md").is_file()
    readme = (QUERIES / "README.md").read_text(encoding="utf-8")
    empty = ox.Store()
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert f.stem in readme, f"{f.name} is not described in the README"
        prepareQuery(text)  # rdflib parses it with no predeclared prefixes
        empty.query(text)  # and so does Oxigraph


@pytest.mark.parametrize("name", sorted(p.stem for p in QUERIES.glob("*.rq")))
def test_each_query_returns_rows_through_the_cli(bundled_build, name):
    r = kg("query", QUERIES / f"{name}.rq", "--graph", bundled_build, "--format", "json")
    assert json.loads(r.stdout)["results"]["bindings"], name


def test_bare_names_run_shipped_queries(bundled_build):
    by_name = kg("query", "papers_per_field", "--graph", bundled_build, "--format", "csv").stdout
    by_file = kg("query", QUERIES / "papers_per_field.rq", "--graph", bundled_build, "--format", "csv").stdout
    assert by_name == by_file
    r = kg("query", "no_such_query", "--graph", bundled_build, check=False)
    assert r.returncode == 1 and "[E012]" in r.stderr and "papers_per_field" in r.stderr


def rows(build, name):
    """Bindings of a shipped query as dicts of plain strings (node ids for kg IRIs)."""
    out = json.loads(run_query(name, build, "json"))
    return [{k: v["value"].removeprefix(BASE) for k, v in b.items()} for b in out["results"]["bindings"]]


CONCEPT_TYPES = {"Method", "Algorithm", "Model", "Benchmark", "Field", "Metric"}


def edges(g, etype):
    return [(u, v, d) for u, v, d in g.edges(data=True) if d.get("type") == etype]


def papers_with_edge_to(g, node):
    return {u for u, _ in g.in_edges(node) if g.nodes[u].get("type") == "Paper"}


def baseline_papers(g):
    """concept -> papers that compare with it or make a claim against it."""
    out = defaultdict(set)
    for u, v, _ in edges(g, "compares_with"):
        out[v].add(u)
    for c, v, _ in edges(g, "claim_baseline"):
        out[v] |= {u for u, _ in g.in_edges(c) if g.nodes[u].get("type") == "Paper"}
    return out


def test_papers_building_on_ppo(bundled_build, nxg):
    got = {(r["paper"], r["via"]) for r in rows(bundled_build, "papers_building_on_ppo")}
    hierarchy = nx.DiGraph([(u, v) for u, v, _ in edges(nxg, "variant_of")])
    hierarchy.add_node("concept/ppo")
    ppo = nx.ancestors(hierarchy, "concept/ppo") | {"concept/ppo"}  # PPO and its variants
    want = {(u, nxg.nodes[v]["name"]) for u, v, _ in edges(nxg, "builds_on") if v in ppo}
    assert got == want
    assert "paper/000-09" in {p for p, _ in got}  # SBP "integrates with PPO"


def test_most_used_benchmarks(bundled_build, nxg):
    got = rows(bundled_build, "most_used_benchmarks")
    counts = defaultdict(set)
    for u, v, _ in edges(nxg, "evaluated_on"):
        counts[v].add(u)
    assert {r["benchmark"]: int(r["papers"]) for r in got} == {b: len(p) for b, p in counts.items()}
    assert [int(r["papers"]) for r in got] == sorted((int(r["papers"]) for r in got), reverse=True)
    assert got[0]["name"] == "MuJoCo"


def test_methods_beating_ppo_with_evidence(bundled_build, nxg):
    got = {(r["method"], r["paper"], r["claim"], r["evidence"]) for r in rows(bundled_build, "methods_beating_baseline")}
    evidence = {v: d["evidence"] for _, v, d in edges(nxg, "makes_claim")}
    want = {(m, "paper/" + nxg.nodes[c]["paper"], c, evidence[c])
            for c, b, _ in edges(nxg, "claim_baseline") if b == "concept/ppo"
            for _, m, d in nxg.out_edges(c, data=True) if d["type"] == "claim_subject"}
    assert got == want
    assert any(m == "concept/spo" and p == "paper/004-04" and e.startswith(SPO) for m, p, _, e in got)


def test_concepts_cooccurring_with_muzero(bundled_build, nxg):
    got = {r["concept"]: int(r["shared"]) for r in rows(bundled_build, "cooccurring_with_muzero")}
    papers = papers_with_edge_to(nxg, "concept/muzero")
    want = {}
    for c, d in nxg.nodes(data=True):
        if d.get("type") in CONCEPT_TYPES and c != "concept/muzero":
            shared = len(papers & papers_with_edge_to(nxg, c))
            if shared:
                want[c] = shared
    assert got == want and len(papers) >= 2


def test_all_aliases_of_a_concept(bundled_build, nxg):
    got = {(r["concept"], r["label"], r["kind"]) for r in rows(bundled_build, "concept_aliases")}
    d = nxg.nodes["concept/ppo"]
    want = {("concept/ppo", d["name"], "preferred")}
    want |= {("concept/ppo", a, "alias") for a in d.get("aliases", "").split("|") if a}
    assert got == want and len(want) >= 2


def test_numeric_claims_per_benchmark(bundled_build, nxg):
    got = {(r["claim"], r["benchmark"], r["value"]) for r in rows(bundled_build, "numeric_claims_by_benchmark")}
    want = set()
    for c, d in nxg.nodes(data=True):
        if d.get("type") != "Claim" or not re.search(r"[0-9]", d.get("value", "")):
            continue
        linked = [nxg.nodes[v]["name"] for _, v, e in nxg.out_edges(c, data=True) if e["type"] == "claim_benchmark"]
        for b in linked or ([d["benchmark"]] if d.get("benchmark") else []):
            want.add((c, b, d["value"]))
    assert got == want and got


def test_two_hop_methods_on_baseline_algorithms(bundled_build, nxg):
    got = {(r["method"], r["paper"], r["algorithm"]): int(r["baselinePapers"])
           for r in rows(bundled_build, "methods_on_baseline_algorithms")}
    baselines = baseline_papers(nxg)
    want = {}
    for p, m, _ in edges(nxg, "proposes"):
        if nxg.nodes[m]["type"] != "Method":
            continue
        for _, a, d in nxg.out_edges(p, data=True):
            if d["type"] == "builds_on" and nxg.nodes[a]["type"] == "Algorithm" and baselines[a] - {p}:
                want[(m, p, a)] = len(baselines[a] - {p})
    assert got == want and got


def test_variants_of_ppo(bundled_build, nxg):
    got = {r["variant"]: (r["parent"], int(r["papers"])) for r in rows(bundled_build, "variants_of_algorithm")}
    parent = {u: v for u, v, _ in edges(nxg, "variant_of")}
    want = {}
    for c in parent:
        x = c
        while x in parent and x != "concept/ppo":
            x = parent[x]
        if x == "concept/ppo" and c != "concept/ppo":
            want[c] = (parent[c], len(papers_with_edge_to(nxg, c)))
    assert got == want and "concept/clip-ppo" in got


def test_papers_per_field(bundled_build, nxg):
    got = {r["field"]: int(r["papers"]) for r in rows(bundled_build, "papers_per_field")}
    counts = defaultdict(set)
    for u, v, _ in edges(nxg, "addresses"):
        counts[v].add(u)
    assert got == {f: len(p) for f, p in counts.items()}


def test_most_compared_baselines(bundled_build, nxg):
    got = {r["baseline"]: int(r["papers"]) for r in rows(bundled_build, "most_compared_baselines")}
    assert got == {c: len(p) for c, p in baseline_papers(nxg).items()}


def test_edge_provenance(bundled_build, nxg):
    got = {(r["paper"], r["name"], r.get("evidence"), r["extractor"], float(r["confidence"]))
           for r in rows(bundled_build, "edge_provenance")}
    want = {(u, nxg.nodes[v]["name"], d.get("evidence"), d["extractor"], float(d["confidence"]))
            for u, v, d in edges(nxg, "builds_on")}
    assert got == want


def test_every_shipped_query_has_an_answer_test():
    tested = {n for n in shipped_queries()}
    source = Path(__file__).read_text(encoding="utf-8")
    assert all(f'"{n}"' in source for n in tested), sorted(n for n in tested if f'"{n}"' not in source)


@pytest.mark.parametrize("cmd", [["validate"], ["serve"]])
def test_help_has_an_example(cmd):
    r = kg(*cmd, "--help")
    assert r.returncode == 0 and "Example" in r.stdout
