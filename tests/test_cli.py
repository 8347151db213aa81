"""End to end through the real `kg` command: the bundled build, determinism, bad input."""
import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
import rdflib

KG = [sys.executable, "-m", "kg.cli"]


def kg(*args, cwd=None, check=True):
    r = subprocess.run(KG + [str(a) for a in args], capture_output=True, text=True, cwd=cwd,
                       env=dict(os.environ, PYTHONHASHSEED="random"))
    if check and r.returncode != 0:
        raise AssertionError(f"kg {args} failed ({r.returncode}): {r.stderr}")
    return r


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    out = tmp_path_factory.mktemp("build") / "exports"
    r = kg("build", "--out", out)
    return out, r


def papers_of(g, concept):
    return {u for u, _ in g.in_edges(concept) if u.startswith("paper/")}


def test_bundled_build_has_57_papers_and_every_export(bundled):
    out, r = bundled
    for name in ("extractions.jsonl", "graph.ttl", "graph.jsonld", "graph.graphml", "graph.gexf", "graph.html",
                 "merge_log.jsonl", "neo4j/import.sh"):
        assert (out / name).is_file(), name
    lines = (out / "extractions.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 57
    rec = json.loads(lines[0])
    assert set(rec) >= {"id", "title", "abstract", "methods", "algorithms", "models", "benchmarks", "fields",
                        "metrics", "claims"}
    assert "57 papers" in r.stderr
    assert not list(out.glob(".kg-staging-*"))  # nothing half-written left behind


def test_key_concepts_are_single_nodes_shared_by_papers(bundled):
    out, _ = bundled
    g = nx.read_graphml(out / "graph.graphml")
    assert len(papers_of(g, "concept/ppo")) >= 3
    assert len(papers_of(g, "concept/muzero")) >= 2
    assert len(papers_of(g, "concept/dpo")) >= 1
    assert len(papers_of(g, "concept/mujoco")) >= 3
    # Clip-PPO is its own node, a variant of PPO
    assert g.has_edge("concept/clip-ppo", "concept/ppo")
    # no second node for a spelling variant of MuJoCo
    labels = [d.get("label", "").lower() for _, d in g.nodes(data=True)]
    assert labels.count("mujoco") == 1


def test_extraction_ids_are_graph_nodes(bundled):
    out, _ = bundled
    g = nx.read_graphml(out / "graph.graphml")
    for line in (out / "extractions.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        assert f"paper/{rec['id']}" in g
        for key in ("methods", "algorithms", "models", "benchmarks", "fields", "metrics"):
            for ent in rec[key]:
                assert ent["id"] in g, ent


def test_exports_read_back_with_equal_counts(bundled):
    out, _ = bundled
    g = nx.read_graphml(out / "graph.graphml")
    gx = nx.read_gexf(out / "graph.gexf")
    assert (gx.number_of_nodes(), gx.number_of_edges()) == (g.number_of_nodes(), g.number_of_edges())
    import igraph
    ig = igraph.Graph.Read_GraphML(str(out / "graph.graphml"))
    assert (ig.vcount(), ig.ecount()) == (g.number_of_nodes(), g.number_of_edges())
    ttl = rdflib.Graph().parse(out / "graph.ttl", format="turtle")
    jsonld = rdflib.Graph().parse(out / "graph.jsonld", format="json-ld")
    assert len(ttl) == len(jsonld) > 0
    node_ids, rels = set(), 0
    for f in sorted((out / "neo4j").glob("nodes_*.csv")):
        with open(f, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        col = rows[0].index(next(h for h in rows[0] if h.endswith(":ID")))
        node_ids |= {r[col] for r in rows[1:]}
    for f in sorted((out / "neo4j").glob("rels_*.csv")):
        with open(f, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        s, e = rows[0].index(":START_ID"), rows[0].index(":END_ID")
        for r in rows[1:]:
            assert r[s] in node_ids and r[e] in node_ids
            rels += 1
    assert len(node_ids) == g.number_of_nodes() and rels == g.number_of_edges()


def test_paper_links_directly_to_its_concepts_in_rdf(bundled):
    out, _ = bundled
    q = kg("query", "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p ?rel ?c . ?c skos:prefLabel \"PPO\" . "
           "?p a kg:Paper }", "--graph", out, "--format", "json")
    n = int(json.loads(q.stdout)["results"]["bindings"][0]["n"]["value"])
    assert n >= 3


def test_query_formats(bundled):
    out, _ = bundled
    q = "SELECT ?label WHERE { ?c skos:prefLabel ?label . FILTER(?label = \"MuJoCo\") }"
    j = json.loads(kg("query", q, "--graph", out, "--format", "json").stdout)
    assert j["head"]["vars"] == ["label"] and j["results"]["bindings"][0]["label"]["value"] == "MuJoCo"
    c = kg("query", q, "--graph", out, "--format", "csv").stdout.splitlines()
    assert c == ["label", "MuJoCo"]
    t = kg("query", q, "--graph", out).stdout
    assert "MuJoCo" in t and "(1 rows)" in t


def test_query_errors_are_one_line(bundled, tmp_path):
    out, _ = bundled
    r = kg("query", "SELEKT nonsense", "--graph", out, check=False)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    r = kg("query", "SELECT * WHERE { ?s ?p ?o }", "--graph", tmp_path, check=False)
    assert r.returncode == 1 and str(tmp_path) in r.stderr


def test_two_builds_are_byte_identical(bundled, tmp_path):
    out, _ = bundled
    again = tmp_path / "again"
    kg("build", "--out", again)
    for f in sorted(p for p in out.rglob("*") if p.is_file()):
        rel = f.relative_to(out)
        assert (again / rel).read_bytes() == f.read_bytes(), rel


def test_extract_matches_build_and_scores(tmp_path, bundled):
    out, _ = bundled
    pred = tmp_path / "pred.jsonl"
    kg("extract", "--out", pred)
    assert pred.read_bytes() == (out / "extractions.jsonl").read_bytes()
    r = kg("eval", pred, pred)
    assert "primary macro F1 (methods, algorithms, benchmarks, claims): 1.000" in r.stdout


def test_bad_records_are_reported_and_good_ones_kept(tmp_path):
    f = tmp_path / "mixed.jsonl"
    f.write_text(
        json.dumps({"id": "a", "abstract": "We propose FooNet, a novel method that outperforms PPO on MuJoCo."}) + "\n"
        + '{"id": "b", "abstract": "truncated\n'
        + json.dumps({"id": "c", "title": "no abstract"}) + "\n"
        + json.dumps({"id": "d", "abstract": "We analyze DQN and prove that it converges."}) + "\n",
        encoding="utf-8")
    pred = tmp_path / "p.jsonl"
    r = kg("extract", f, "--out", pred)
    ids = [json.loads(line)["id"] for line in pred.read_text(encoding="utf-8").splitlines()]
    assert ids == ["a", "d"]
    assert "mixed.jsonl:2" in r.stderr and "mixed.jsonl:3" in r.stderr


@pytest.mark.parametrize("setup, needle", [
    (lambda d: d / "missing.jsonl", "missing.jsonl"),
    (lambda d: (d / "bin.txt").write_bytes(b"\x00\x01\x02binary") and d / "bin.txt", "bin.txt"),
    (lambda d: (d / "empty.jsonl").write_text("") == 0 and d / "empty.jsonl", "no papers"),
    (lambda d: (d / "x.docx").write_text("x") and d / "x.docx", "x.docx"),
])
def test_bad_input_is_a_one_line_error(tmp_path, setup, needle):
    path = setup(tmp_path)
    out = tmp_path / "out"
    r = kg("build", path, "--out", out, check=False)
    assert r.returncode == 1, r.stderr
    errors = [line for line in r.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and needle in errors[0]
    assert "Traceback" not in r.stderr
    assert not out.exists() or not any(out.iterdir())


def test_out_that_is_a_file_is_an_error(tmp_path):
    target = tmp_path / "file"
    target.write_text("keep me")
    r = kg("build", "--out", target, check=False)
    assert r.returncode == 1 and str(target) in r.stderr and "Traceback" not in r.stderr
    assert target.read_text() == "keep me"
    r = kg("extract", "--out", tmp_path / "nodir" / "x.jsonl", check=False)
    assert r.returncode == 1 and "nodir" in r.stderr


def test_failed_build_keeps_previous_exports(bundled, tmp_path):
    out, _ = bundled
    copy = tmp_path / "exports"
    shutil.copytree(out, copy)
    before = (copy / "graph.ttl").read_bytes()
    r = kg("build", tmp_path / "missing.jsonl", "--out", copy, check=False)
    assert r.returncode == 1
    assert (copy / "graph.ttl").read_bytes() == before


@pytest.mark.parametrize("cmd", [[], ["build"], ["extract"], ["query"], ["eval"]])
def test_help_has_an_example(cmd):
    r = kg(*cmd, "--help")
    assert r.returncode == 0 and "Example" in r.stdout


def test_min_confidence_keeps_a_subset(tmp_path, bundled):
    out, _ = bundled
    cut = tmp_path / "cut.jsonl"
    kg("extract", "--min-confidence", "0.7", "--out", cut)
    full = [json.loads(x) for x in (out / "extractions.jsonl").read_text(encoding="utf-8").splitlines()]
    part = [json.loads(x) for x in cut.read_text(encoding="utf-8").splitlines()]
    n_full = n_part = 0
    for f, p in zip(full, part):
        for key in ("methods", "algorithms", "benchmarks", "claims"):
            kept = [e.get("name") or e.get("sentence") for e in p[key]]
            assert all(e["confidence"] >= 0.7 for e in p[key])
            assert set(kept) <= {e.get("name") or e.get("sentence") for e in f[key]}
            n_full += len(f[key]); n_part += len(p[key])
    assert 0 < n_part < n_full


def test_incremental_build_equals_a_clean_one(tmp_path):
    corpus = sorted(Path(p) for p in __import__("kg.ingest", fromlist=["x"]).bundled_corpus())
    cache = tmp_path / "cache"
    kg("build", *corpus[:2], "--out", tmp_path / "first", "--cache", cache)
    r = kg("build", *corpus, "--out", tmp_path / "inc", "--cache", cache, "-j", "2")
    kg("build", *corpus, "--out", tmp_path / "clean", "--no-cache")
    for f in sorted(p for p in (tmp_path / "clean").rglob("*") if p.is_file()):
        rel = f.relative_to(tmp_path / "clean")
        assert (tmp_path / "inc" / rel).read_bytes() == f.read_bytes(), rel
    import sqlite3
    n = sqlite3.connect(cache / "extractions.sqlite").execute("SELECT COUNT(*) FROM extraction").fetchone()[0]
    assert n == 57 and r.returncode == 0
