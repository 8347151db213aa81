"""Export stage: registry contract for every exporter, round trips through independent
readers, and the RDF vocabulary kept in sync with ``schemas/``.

Every exporter registered in :data:`kg.export.EXPORTERS` must have a round-trip test,
i.e. a test decorated with ``@round_trip("<name>")`` (or ``@pytest.mark.round_trip``)
in any ``tests/*.py`` file; :func:`test_every_exporter_has_a_round_trip_test` fails
otherwise.
"""
from __future__ import annotations

import ast
import csv
import importlib
import json
import os
import re
import stat
import subprocess
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

import networkx as nx
import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib import namespace as rns
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS

from kg.errors import KGError
from kg.export import EXPORTERS, atomic_write, export
from kg.export._common import LIST_SEP, style, xml_safe
from kg.graph.model import EDGE_TYPES, NODE_TYPES
from kg.rdf.context import context_document, jsonld_context
from kg.rdf.mapping import EDGE_ATTRIBUTES, NODE_ATTRIBUTES, node_iri, statement_id, to_rdf
from kg.rdf.namespace import DATATYPE_RANGE, EDGE_PROPERTY, KG, KG_NS, NODE_CLASS

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"


def round_trip(name: str):
    """Mark a test as the round-trip test of exporter ``name`` (see module docstring)."""
    return pytest.mark.round_trip(name)


def _available(name: str) -> bool:
    try:
        importlib.import_module(EXPORTERS[name].module)
    except ModuleNotFoundError:
        return False
    return True


def _files(path: Path) -> dict[str, bytes]:
    """Relative path -> bytes of a written file or directory tree."""
    if path.is_file():
        return {path.name: path.read_bytes()}
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def _export_one(graph, out: Path, name: str, warnings: list | None = None) -> Path:
    sink = warnings if warnings is not None else []
    [path] = export(graph, out, names=[name], on_warning=sink.append)
    return path


def _flat(value):
    """What a list-flattening XML format should give back for a source value."""
    if isinstance(value, list):
        value = LIST_SEP.join(value)
    return xml_safe(value)


# ------------------------------------------------------------------------ registry


def test_registry_entries_are_well_formed():
    assert {"turtle", "jsonld", "ntriples", "graphml", "gexf", "cooccurrence", "neo4j", "html"} <= set(EXPORTERS)
    assert EXPORTERS["html"].target == "kg.export.html:write"
    paths = [e.path for e in EXPORTERS.values()]
    assert len(set(paths)) == len(paths)
    for name, entry in EXPORTERS.items():
        assert re.fullmatch(r"[a-z0-9_.]+:[a-z_][a-z0-9_]*", entry.target), name
        assert not Path(entry.path).is_absolute() and ".." not in Path(entry.path).parts
    assert EXPORTERS["neo4j"].is_dir and not EXPORTERS["turtle"].is_dir


def test_unknown_format_is_rejected_before_writing(kg_graph, tmp_path):
    with pytest.raises(KGError) as err:
        export(kg_graph, tmp_path, names=["turtle", "svg"])
    assert err.value.code == "E010" and "svg" in str(err.value)
    assert list(tmp_path.iterdir()) == []


def test_missing_exporter_module_is_skipped_only_when_not_asked_for(kg_graph, tmp_path, monkeypatch):
    import kg.export as ex

    monkeypatch.setitem(ex.EXPORTERS, "ghost", ex.Exporter("ghost.txt", "kg.export.no_such_module:write"))
    monkeypatch.setattr(ex, "EXPORTERS", {"ntriples": ex.EXPORTERS["ntriples"], "ghost": ex.EXPORTERS["ghost"]})
    seen = []
    written = export(kg_graph, tmp_path, on_warning=seen.append)
    assert [p.name for p in written] == ["graph.nt"]
    assert len(seen) == 1 and "ghost" in seen[0]
    with pytest.raises(ModuleNotFoundError):
        export(kg_graph, tmp_path, names=["ghost"])


# ----------------------------------------------------------------- contract tests


@pytest.fixture(params=sorted(EXPORTERS))
def exporter(request):
    name = request.param
    pytest.importorskip(EXPORTERS[name].module)
    return name


def test_contract_output_exists_nonempty_newline_terminated(exporter, kg_graph, tmp_path):
    path = _export_one(kg_graph, tmp_path, exporter)
    assert path == tmp_path / EXPORTERS[exporter].path.rstrip("/")
    assert path.exists()
    files = _files(path)
    assert files, f"{exporter} wrote nothing"
    for rel, data in files.items():
        assert data, f"{exporter}: {rel} is empty"
        assert data.endswith(b"\n"), f"{exporter}: {rel} does not end with a newline"
        data.decode("utf-8")  # every output is UTF-8 text


def test_contract_two_writes_are_byte_identical(exporter, kg_graph, tmp_path):
    a = _files(_export_one(kg_graph, tmp_path / "a", exporter))
    b = _files(_export_one(kg_graph, tmp_path / "b", exporter))
    assert a == b


def test_contract_rewrite_replaces_atomically_and_leaves_no_temp_files(exporter, kg_graph, tmp_path):
    first = _files(_export_one(kg_graph, tmp_path, exporter))
    target = tmp_path / EXPORTERS[exporter].path.rstrip("/")
    if target.is_dir():
        (target / "stale.csv").write_text("old\n")
    second = _files(_export_one(kg_graph, tmp_path, exporter))
    assert first == second  # stale files from the previous export are gone
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]


def test_contract_insertion_order_does_not_matter(exporter, kg_graph, tmp_path):
    shuffled = nx.MultiDiGraph()
    shuffled.add_nodes_from(reversed(list(kg_graph.nodes(data=True))))
    shuffled.add_edges_from(reversed(list(kg_graph.edges(keys=True, data=True))))
    assert _files(_export_one(kg_graph, tmp_path / "a", exporter)) == \
        _files(_export_one(shuffled, tmp_path / "b", exporter))


def test_contract_warns_at_most_once(exporter, kg_graph, tmp_path):
    seen: list[str] = []
    _export_one(kg_graph, tmp_path, exporter, seen)
    assert len(seen) <= 1
    if exporter in ("graphml", "gexf"):  # lossy: lists are flattened
        n_lists = sum(isinstance(v, list) for _, d in kg_graph.nodes(data=True) for v in d.values())
        assert seen == [f"[W003] {exporter}: {n_lists} list-valued attributes were flattened "
                        "to '|'-joined strings"]


def test_output_does_not_depend_on_hash_seed(kg_graph, tmp_path):
    names = [n for n in EXPORTERS if _available(n)]
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from conftest import sample_records; "
        "from kg.graph import build_graph; from kg.export import export; "
        "export(build_graph(*sample_records()), sys.argv[2], names=sys.argv[3].split(','), "
        "on_warning=lambda m: None)"
    )
    trees = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent), str(out), ",".join(names)],
                       check=True, env={**os.environ, "PYTHONHASHSEED": seed})
        trees.append(_files_tree(out))
    assert trees[0] == trees[1]
    assert trees[0] == _files_tree(Path(export(kg_graph, tmp_path / "here", names=names,
                                                on_warning=lambda m: None)[0]).parent)


def _files_tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _round_trip_names(sources: list[str]) -> set[str]:
    """Names passed to ``round_trip("...")`` / ``pytest.mark.round_trip("...")`` calls."""
    covered = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Call) and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                    and ((isinstance(node.func, ast.Name) and node.func.id == "round_trip")
                         or (isinstance(node.func, ast.Attribute) and node.func.attr == "round_trip"))):
                covered.add(node.args[0].value)
    return covered


def _exporters_without_round_trip() -> list[str]:
    sources = [f.read_text(encoding="utf-8") for f in sorted(Path(__file__).parent.glob("*.py"))]
    covered = _round_trip_names(sources)
    return sorted(n for n in EXPORTERS if _available(n) and n not in covered)


def test_every_exporter_has_a_round_trip_test():
    missing = _exporters_without_round_trip()
    assert not missing, f"exporters without a @round_trip(<name>) test: {missing}"


def test_round_trip_guard_catches_an_untested_exporter(monkeypatch):
    import kg.export as ex

    monkeypatch.setitem(ex.EXPORTERS, "copycat", ex.Exporter("copy.nt", "kg.export.ntriples:write"))
    assert _exporters_without_round_trip() == ["copycat"]
    assert _round_trip_names(['@pytest.mark.round_trip("x")\ndef t(): pass']) == {"x"}


# ---------------------------------------------------------------- atomic writing


def test_failed_write_keeps_previous_file_and_leaves_no_temp(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("previous\n")

    def boom(tmp: Path) -> None:
        tmp.write_text("half")
        raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError):
        atomic_write(target, boom)
    assert target.read_text() == "previous\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_failed_directory_write_keeps_previous_tree(tmp_path):
    target = tmp_path / "neo4j"
    target.mkdir()
    (target / "old.csv").write_text("old\n")

    def boom(tmp: Path) -> None:
        (tmp / "new.csv").write_text("new\n")
        raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError):
        atomic_write(target, boom, is_dir=True)
    assert [p.name for p in tmp_path.iterdir()] == ["neo4j"]
    assert [p.name for p in target.iterdir()] == ["old.csv"]


def test_unwritable_destination_raises_kgerror(kg_graph, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x\n")
    with pytest.raises(KGError) as err:
        export(kg_graph, blocker / "sub", names=["ntriples"])
    assert err.value.code == "E005"


# --------------------------------------------------------------------- RDF round trips


RDF_FORMATS = {"turtle": ("turtle", "TURTLE"), "jsonld": ("json-ld", "JSON_LD"), "ntriples": ("nt", "N_TRIPLES")}


@round_trip("turtle")
@round_trip("jsonld")
@round_trip("ntriples")
@pytest.mark.parametrize("name", sorted(RDF_FORMATS))
def test_rdf_round_trip(name, kg_graph, tmp_path):
    rdflib_format, ox_format = RDF_FORMATS[name]
    path = _export_one(kg_graph, tmp_path, name)
    expected = to_rdf(kg_graph)
    parsed = Graph().parse(path, format=rdflib_format)
    assert len(parsed) == len(expected)
    assert isomorphic(parsed, expected)
    # an independent parser (oxigraph, Rust) reads the same number of triples
    ox = pytest.importorskip("pyoxigraph")
    triples = list(ox.parse(path=str(path), format=getattr(ox.RdfFormat, ox_format)))
    assert len(triples) == len(expected)


def test_ntriples_lines_are_sorted_and_one_triple_each(kg_graph, tmp_path):
    lines = _export_one(kg_graph, tmp_path, "ntriples").read_text(encoding="utf-8").splitlines()
    assert lines == sorted(lines) and len(lines) == len(set(lines)) == len(to_rdf(kg_graph))
    assert all(line.endswith(" .") for line in lines)


def test_jsonld_embeds_context_and_is_compact(kg_graph, tmp_path):
    doc = json.loads(_export_one(kg_graph, tmp_path, "jsonld").read_text(encoding="utf-8"))
    assert doc["@context"] == jsonld_context()
    ids = [n["id"] for n in doc["@graph"]]
    assert ids == sorted(ids)
    paper = next(n for n in doc["@graph"] if n["id"].endswith("paper/000-01"))
    assert paper["date"] == "2025" and "Paper" in paper["type"]
    assert sorted(paper["creator"]) == sorted(kg_graph.nodes["paper/000-01"]["authors"])


def test_sparql_over_exported_turtle_finds_edges_with_provenance(kg_graph, tmp_path):
    ox = pytest.importorskip("pyoxigraph")
    store = ox.Store()
    store.load(path=str(_export_one(kg_graph, tmp_path, "turtle")), format=ox.RdfFormat.TURTLE)
    query = (SCHEMAS / "README.md").read_text(encoding="utf-8").split("```sparql")[1].split("```")[0]
    rows = list(store.query(query.replace("concept/ppo", "concept/ppo-clip")))
    assert len(rows) == 1
    assert rows[0]["sentence"].value == "FlowRL builds on PPO"
    assert Decimal(rows[0]["confidence"].value) == Decimal("0.9")


# ------------------------------------------------------------- RDF mapping details


def test_every_edge_has_a_direct_triple_and_a_statement(kg_graph):
    rdf = to_rdf(kg_graph)
    statements = set(rdf.subjects(RDF.type, KG.Statement))
    assert len(statements) == kg_graph.number_of_edges()
    for u, v, key, attrs in kg_graph.edges(keys=True, data=True):
        su, sv, prop = node_iri(u), node_iri(v), EDGE_PROPERTY[key]
        assert (su, prop, sv) in rdf
        st = node_iri(statement_id(u, key, v))
        assert st in statements
        assert rdf.value(st, KG.subject) == su and rdf.value(st, KG.object) == sv
        assert rdf.value(st, KG.predicate) == prop
        if "paper" in attrs:
            assert rdf.value(st, PROV.wasDerivedFrom) == node_iri(f"paper/{attrs['paper']}")
            assert rdf.value(st, KG.evidence) == Literal(attrs["evidence"])
            assert rdf.value(st, KG.start) == Literal(attrs["start"], datatype=rns.XSD.integer)
            assert rdf.value(st, KG.confidence).datatype == rns.XSD.decimal


def test_nodes_are_typed_and_labelled(kg_graph):
    rdf = to_rdf(kg_graph)
    for n, attrs in kg_graph.nodes(data=True):
        s = node_iri(n)
        assert (s, RDF.type, NODE_CLASS[attrs["type"]]) in rdf
        assert rdf.value(s, RDFS.label) == Literal(attrs["label"])
    ppo = node_iri("concept/ppo")
    assert rdf.value(ppo, SKOS.prefLabel) == Literal("PPO")
    assert set(rdf.objects(ppo, SKOS.altLabel)) == {Literal(a) for a in kg_graph.nodes["concept/ppo"]["aliases"]}
    assert (node_iri("concept/ppo-clip"), SKOS.broader, ppo) in rdf
    assert (node_iri("concept/ppo-clip"), KG.variantOf, ppo) in rdf
    paper = node_iri("paper/000-01")
    assert rdf.value(paper, DCTERMS.date) == Literal("2025", datatype=rns.XSD.gYear)
    assert len(set(rdf.objects(paper, DCTERMS.creator))) == 3
    claim = node_iri("claim/000-01/1")
    assert rdf.value(claim, KG.value) == Literal("58.7%")
    assert rdf.value(claim, KG.evidence) is not None


def test_iris_are_percent_encoded_and_valid(kg_graph):
    assert str(node_iri("concept/schrödinger bridge")) == \
        "https://kg.example.org/concept/schr%C3%B6dinger%20bridge"
    for term in to_rdf(kg_graph).all_nodes():
        if isinstance(term, URIRef):
            assert not re.search(r'[\s<>"{}|\\^`]', str(term)), term
            str(term).encode("ascii")


def test_custom_base(kg_graph):
    rdf = to_rdf(kg_graph, base="http://example.com/kg/")
    assert (URIRef("http://example.com/kg/paper/000-01"), RDF.type, KG.Paper) in rdf


def test_mapping_covers_every_attribute_the_builder_emits(kg_graph):
    node_attrs = {k for _, d in kg_graph.nodes(data=True) for k in d}
    edge_attrs = {k for *_, d in kg_graph.edges(data=True) for k in d}
    assert node_attrs <= NODE_ATTRIBUTES, node_attrs - NODE_ATTRIBUTES
    assert edge_attrs <= EDGE_ATTRIBUTES, edge_attrs - EDGE_ATTRIBUTES


def test_fixture_covers_every_node_and_edge_type(kg_graph):
    assert {d["type"] for _, d in kg_graph.nodes(data=True)} == set(NODE_TYPES)
    assert {k for *_, k in kg_graph.edges(keys=True)} == set(EDGE_TYPES)


# --------------------------------------------------------- vocabulary <-> schemas


@pytest.fixture(scope="module")
def ontology() -> Graph:
    return Graph().parse(SCHEMAS / "kg.ttl", format="turtle")


def _declared(ontology: Graph, *kinds) -> set[URIRef]:
    return {s for kind in kinds for s in ontology.subjects(RDF.type, kind) if str(s).startswith(KG_NS)}


def test_namespace_terms_equal_ontology_classes_and_properties(ontology):
    declared = _declared(ontology, OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty,
                         OWL.AnnotationProperty, RDF.Property, RDFS.Class)
    assert set(dir(KG)) == declared


def test_ontology_documents_every_term(ontology):
    for term in _declared(ontology, OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty):
        assert ontology.value(term, RDFS.label) is not None, term
        assert ontology.value(term, RDFS.comment) is not None, term
    for cls in NODE_TYPES[1:7]:
        assert (KG[cls], RDFS.subClassOf, KG.Concept) in ontology


def test_ontology_domains_and_ranges_match_the_graph_model(ontology):
    concept_types = set(NODE_TYPES[1:7])
    for et, (sources, targets) in EDGE_TYPES.items():
        prop = EDGE_PROPERTY[et]
        assert (prop, RDF.type, OWL.ObjectProperty) in ontology, et

        def expected(types):
            if len(types) == 1:
                return KG[types[0]]
            assert set(types) <= concept_types
            return KG.Concept
        assert ontology.value(prop, RDFS.domain) == expected(sources), et
        assert ontology.value(prop, RDFS.range) == expected(targets), et
    for name, rng in DATATYPE_RANGE.items():
        assert (KG[name], RDF.type, OWL.DatatypeProperty) in ontology
        assert ontology.value(KG[name], RDFS.range) == rng, name


def test_context_file_matches_generator_and_covers_vocabulary():
    assert (SCHEMAS / "context.jsonld").read_text(encoding="utf-8") == context_document()
    ctx = jsonld_context()
    expanded = {v if isinstance(v, str) else v["@id"] for v in ctx.values()}
    for term in dir(KG):
        assert "kg:" + str(term)[len(KG_NS):] in expanded, term


def test_closed_namespace_rejects_unknown_terms():
    with pytest.raises(AttributeError):
        KG.buildOn  # noqa: B018


# --------------------------------------------------------------- GraphML round trip


@round_trip("graphml")
def test_graphml_round_trip_networkx_and_igraph(kg_graph, tmp_path):
    path = _export_one(kg_graph, tmp_path, "graphml")
    back = nx.read_graphml(path, force_multigraph=True)
    assert back.is_directed()
    assert back.number_of_nodes() == kg_graph.number_of_nodes()
    assert back.number_of_edges() == kg_graph.number_of_edges()
    for n, attrs in kg_graph.nodes(data=True):
        assert back.nodes[n] == {k: _flat(v) for k, v in attrs.items()}, n
    src = Counter((u, v, d["type"]) for u, v, d in kg_graph.edges(data=True))
    assert Counter((u, v, d["type"]) for u, v, d in back.edges(data=True)) == src
    edge_ids = [k for *_, k in back.edges(keys=True)]
    assert len(set(edge_ids)) == len(edge_ids)  # unique GraphML edge ids

    igraph = pytest.importorskip("igraph")
    ig = igraph.Graph.Read_GraphML(str(path))
    assert ig.is_directed()
    assert (ig.vcount(), ig.ecount()) == (kg_graph.number_of_nodes(), kg_graph.number_of_edges())
    names = ig.vs["id"]
    assert Counter((names[e.source], names[e.target], e["type"]) for e in ig.es) == src
    years = {names[i]: y for i, y in enumerate(ig.vs["year"]) if y == y}  # NaN = missing
    assert years == {"paper/000-01": 2025}


def test_graphml_keys_are_typed(kg_graph, tmp_path):
    text = _export_one(kg_graph, tmp_path, "graphml").read_text(encoding="utf-8")
    keys = dict(re.findall(r'for="node" attr.name="(\w+)" attr.type="(\w+)"', text))
    assert keys["year"] in ("int", "long") and keys["confidence"] == "double"
    assert keys["start"] in ("int", "long") and keys["aliases"] == keys["label"] == "string"


# ------------------------------------------------------------------ GEXF round trip


@round_trip("gexf")
def test_gexf_round_trip_networkx(kg_graph, tmp_path):
    path = _export_one(kg_graph, tmp_path, "gexf")
    back = nx.read_gexf(path)
    assert back.is_directed() and back.is_multigraph()
    assert back.number_of_nodes() == kg_graph.number_of_nodes()
    assert back.number_of_edges() == kg_graph.number_of_edges()
    palette = style()
    for n, attrs in kg_graph.nodes(data=True):
        got = dict(back.nodes[n])
        viz = got.pop("viz")
        assert got == {k: _flat(v) for k, v in attrs.items()}, n
        color = palette[attrs["type"]]["color"]
        assert "#{r:02X}{g:02X}{b:02X}".format(**viz["color"]) == color
        assert viz["size"] > 0 and set(viz["position"]) == {"x", "y", "z"}
    for u, v, key, attrs in kg_graph.edges(keys=True, data=True):
        [(k, data)] = [(k, d) for k, d in back[u][v].items() if d["type"] == key]
        assert k == statement_id(u, key, v) and data["label"] == key
        assert data["weight"] == attrs.get("confidence", 1.0)
        assert {a: data[a] for a in attrs} == {a: _flat(x) for a, x in attrs.items()}


def test_gexf_declares_gexf_types(kg_graph, tmp_path):
    text = _export_one(kg_graph, tmp_path, "gexf").read_text(encoding="utf-8")
    assert 'xmlns="http://gexf.net/1.3"' in text and 'version="1.3"' in text
    types = dict(re.findall(r'title="(\w+)" type="(\w+)"', text))
    assert types["year"] == "integer" and types["confidence"] == "double" and types["type"] == "string"


# ----------------------------------------------------------------- Neo4j round trip

#: property types neo4j-admin accepts in headers (each also as an array: ``type[]``)
NEO4J_TYPES = {"int", "long", "float", "double", "boolean", "byte", "short", "char", "string",
               "point", "date", "localtime", "time", "localdatetime", "datetime", "duration"}
NEO4J_NODE_FIELDS = {"ID", "LABEL", "IGNORE"}
NEO4J_REL_FIELDS = {"START_ID", "END_ID", "TYPE", "IGNORE"}


def _read_csv(path: Path) -> tuple[list[str], list[list[str]]]:
    with open(path, newline="", encoding="utf-8") as f:
        header, *rows = list(csv.reader(f))
    assert all(len(r) == len(header) for r in rows), path.name
    return header, rows


def _check_header(header: list[str], kind: str) -> None:
    """neo4j-admin header rules: name[:type]; special fields by kind; unique names."""
    specials = NEO4J_NODE_FIELDS if kind == "node" else NEO4J_REL_FIELDS
    names = []
    for field in header:
        name, _, ftype = field.partition(":")
        base = re.sub(r"\(.*\)$", "", ftype)  # ID(group)
        if base in specials:
            if base == "ID":
                names.append(name)
            continue
        assert base.removesuffix("[]") in NEO4J_TYPES or ftype == "", field
        assert name and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name), field
        names.append(name)
    assert len(names) == len(set(names)), header
    fields = [re.sub(r"\(.*\)$", "", f.partition(":")[2]) for f in header]
    if kind == "node":
        assert fields.count("ID") == 1 and fields.count("LABEL") <= 1
        assert not {"START_ID", "END_ID", "TYPE"} & set(fields)
    else:
        assert fields.count("START_ID") == fields.count("END_ID") == fields.count("TYPE") == 1
        assert not {"ID", "LABEL"} & set(fields)


@round_trip("neo4j")
def test_neo4j_round_trip_csv(kg_graph, tmp_path):
    from kg.export.neo4j import ARRAY_DELIMITER, rel_type

    out = _export_one(kg_graph, tmp_path, "neo4j")
    node_files = sorted(out.glob("nodes_*.csv"))
    rel_files = sorted(out.glob("rels_*.csv"))
    assert {p.stem[6:] for p in node_files} == {d["type"] for _, d in kg_graph.nodes(data=True)}
    assert {p.stem[5:] for p in rel_files} == {rel_type(k) for *_, k in kg_graph.edges(keys=True)}

    ids: dict[str, dict[str, str]] = {}
    for p in node_files:
        header, rows = _read_csv(p)
        _check_header(header, "node")
        assert header[:3] == ["id:ID", ":LABEL", "name"]
        assert [r[0] for r in rows] == sorted(r[0] for r in rows)
        for r in rows:
            assert r[0] not in ids, f"duplicate node id {r[0]}"
            ids[r[0]] = dict(zip(header, r))
            assert r[1] == p.stem[6:]
    assert set(ids) == set(kg_graph.nodes)

    paper = ids["paper/000-01"]
    src = kg_graph.nodes["paper/000-01"]
    assert paper["title"] == src["title"] and paper["abstract"] == src["abstract"]
    assert paper["authors:string[]"].split(ARRAY_DELIMITER) == src["authors"]
    assert paper["year:int"] == "2025"
    assert ids["concept/ppo"]["aliases:string[]"].split(ARRAY_DELIMITER) == kg_graph.nodes["concept/ppo"]["aliases"]
    assert ids["paper/000-02"]["year:int"] == ""  # missing -> empty -> no property

    n_rels = 0
    for p in rel_files:
        header, rows = _read_csv(p)
        _check_header(header, "rel")
        assert header[:4] == [":START_ID", ":END_ID", ":TYPE", "id"]
        assert rows == sorted(rows, key=lambda r: (r[0], r[1], r[3]))
        for r in rows:
            assert r[0] in ids and r[1] in ids, f"dangling relationship {r[:3]}"
            assert r[2] == p.stem[5:]
        n_rels += len(rows)
    assert n_rels == kg_graph.number_of_edges()

    header, rows = _read_csv(out / "rels_BUILDS_ON.csv")
    [row] = [dict(zip(header, r)) for r in rows if r[:2] == ["paper/000-01", "concept/ppo-clip"]]
    src_edge = kg_graph.edges["paper/000-01", "concept/ppo-clip", "builds_on"]
    assert row["confidence:double"] == "0.9" and row["start:int"] == str(src_edge["start"])
    assert row["evidence"] == src_edge["evidence"]


def test_neo4j_import_script(kg_graph, tmp_path):
    out = _export_one(kg_graph, tmp_path, "neo4j")
    script = out / "import.sh"
    assert script.stat().st_mode & stat.S_IXUSR
    text = script.read_text(encoding="utf-8")
    assert text.startswith("#!/bin/sh\n")
    # the database comes before the multi-value --nodes/--relationships options
    assert 'database import full "${1:-neo4j}" \\\n' in text
    for flag in ("--delimiter=,", "--array-delimiter=U+001F", "--multiline-fields=true",
                 "--legacy-style-quoting=false", "--overwrite-destination=true"):
        assert flag in text
    for p in out.glob("nodes_*.csv"):
        assert re.search(rf'--nodes={p.stem[6:]}(:Concept)?={p.name}\b', text), p.name
    for p in out.glob("rels_*.csv"):
        assert f'--relationships={p.stem[5:]}={p.name}' in text
    subprocess.run(["sh", "-n", str(script)], check=True)  # valid shell syntax


def test_neo4j_csv_quotes_hostile_text(kg_graph, tmp_path):
    out = _export_one(kg_graph, tmp_path, "neo4j")
    raw = (out / "nodes_Paper.csv").read_bytes()
    assert b'""quotes""' in raw  # RFC 4180: quotes doubled inside a quoted field
    header, rows = _read_csv(out / "nodes_Method.csv")
    aliases = dict(zip(header, next(r for r in rows if r[0] == "concept/schrödinger bridge")))
    assert aliases["aliases:string[]"].split("\x1f") == kg_graph.nodes["concept/schrödinger bridge"]["aliases"]


# ------------------------------------------------------------------ HTML round trip


@round_trip("html")
def test_html_round_trip_payload(kg_graph, tmp_path):
    pytest.importorskip("kg.export.html")
    text = _export_one(kg_graph, tmp_path, "html").read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', text, re.S)
    assert m, "embedded graph data missing"
    data = json.loads(m.group(1))
    assert {n["id"] for n in data["kg"]["nodes"]} == set(kg_graph.nodes)
    assert len(data["kg"]["edges"]) == kg_graph.number_of_edges()


# -------------------------------------------------------------------------- style


def test_style_has_every_node_type_with_a_colour_and_shape():
    palette = style()
    assert set(palette) == set(NODE_TYPES)
    for t, s in palette.items():
        assert re.fullmatch(r"#[0-9A-Fa-f]{6}", s["color"]), t
        assert s["shape"], t
    assert len({s["color"].upper() for s in palette.values()}) == len(palette)


def test_layout_is_deterministic_and_spreads_nodes():
    from kg.export._common import LAYOUT_MAX_NODES, layout

    for n in (1, 30, LAYOUT_MAX_NODES + 100):  # force layout, then the sunflower fallback
        g = nx.path_graph(n)
        pos = layout(g)
        assert pos == layout(g) and set(pos) == set(g)
        assert len(set(pos.values())) == n
        assert all(abs(c) <= 1000.0 for xy in pos.values() for c in xy)


# --------------------------------------------------------------------- JSON-LD compaction

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from rdflib import BNode  # noqa: E402
from rdflib.namespace import XSD  # noqa: E402
from rdflib.plugins.shared.jsonld.context import Context  # noqa: E402

from kg.export import jsonld as jsonld_export  # noqa: E402
from kg.rdf.mapping import subject_groups  # noqa: E402

JSONLD_FUZZ = settings(max_examples=int(os.environ.get("KG_FUZZ_EXAMPLES") or 200), deadline=None,
                       database=None, suppress_health_check=[HealthCheck.too_slow])


def _compactor():
    return jsonld_export._Compactor(Context(jsonld_context(), base=None))


def test_jsonld_compactor_equals_rdflib_converter_on_every_subject(kg_graph):
    c = _compactor()
    n = 0
    for s, pos in subject_groups(kg_graph, order=c.context.shrink_iri):
        fast = jsonld_export._normalise(c.node(s, pos))  # the planned path, no fallback
        assert [fast] == [jsonld_export._normalise(n) for n in jsonld_export.rdflib_nodes(c.converter, s, pos)], s
        n += 1
    assert n > kg_graph.number_of_nodes()  # nodes and statements


_CONTEXT_IRIS = sorted({str(KG_NS) + v.split(":", 1)[1] if isinstance(v, str) and v.startswith("kg:")
                        else str(KG_NS) + v["@id"].split(":", 1)[1]
                        for v in jsonld_context().values()
                        if (isinstance(v, str) and v.startswith("kg:")) or (isinstance(v, dict) and v["@id"].startswith("kg:"))})
_PREDICATES = st.sampled_from([URIRef(i) for i in _CONTEXT_IRIS]
                              + [RDF.type, RDFS.label, SKOS.altLabel, DCTERMS.date, PROV.wasDerivedFrom,
                                 URIRef("http://example.org/other#p"), URIRef(str(KG_NS) + "undeclared")])
_WORDS = st.text(st.characters(blacklist_categories=["Cc"]) | st.sampled_from(["\ud800", "\"", "\\", "é"]), max_size=8)
_DATATYPES = st.sampled_from([None, XSD.integer, XSD.decimal, XSD.double, XSD.boolean, XSD.string, XSD.gYear,
                              XSD.dateTime, URIRef("http://example.org/dt")])
_OBJECTS = st.one_of(
    st.builds(lambda w: URIRef(str(KG) + "concept/" + w), st.text("abc-_/", max_size=6)),
    st.builds(URIRef, st.sampled_from(["http://example.org/x", str(KG_NS) + "Paper", str(SKOS.Concept)])),
    st.builds(Literal, _WORDS, datatype=_DATATYPES),
    st.builds(lambda v, dt: Literal(str(v), datatype=dt), st.integers(-3, 3) | st.floats(allow_nan=False), _DATATYPES),
    st.builds(lambda w, lang: Literal(w, lang=lang), _WORDS, st.sampled_from(["en", "de", "en-GB"])),
    st.builds(BNode, st.sampled_from(["b1", "b2"])),
)


@JSONLD_FUZZ
@given(st.lists(st.tuples(_PREDICATES, _OBJECTS), max_size=12, unique=True))
@pytest.mark.filterwarnings("ignore:Parsing weird boolean:UserWarning")  # arbitrary xsd:boolean lexical forms, on purpose
def test_jsonld_compactor_equals_rdflib_converter_on_any_triples(pos):
    """Any predicate (declared, undeclared, rdf:type) with any object (IRI, typed, language or
    plain literal, ill-typed values, lone surrogates, blank nodes: the fallback), repeated or not."""
    c = _compactor()
    s = URIRef(str(KG) + "paper/p1")
    assert [jsonld_export._normalise(n) for n in c.nodes(s, pos)] == \
        [jsonld_export._normalise(n) for n in jsonld_export.rdflib_nodes(c.converter, s, pos)]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20)


@JSONLD_FUZZ
@given(_JSON, st.sampled_from(["", "  ", "    "]))
def test_dumps_indented_equals_json_dumps(value, indent):
    expected = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False).replace("\n", "\n" + indent)
    assert jsonld_export.dumps_indented(value, indent) == expected


def test_turtle_from_the_ntriples_file_is_the_same_bytes(kg_graph, tmp_path):
    """export() writes N-Triples first and Turtle re-serialises that file: the same document
    as Turtle worked out from the graph on its own."""
    from kg.export import turtle
    alone = turtle.serialize(kg_graph)
    warned = []
    written = export(kg_graph, tmp_path, names=["turtle", "graphml", "ntriples"], on_warning=warned.append)
    assert [p.name for p in written] == ["graph.nt", "graph.ttl", "graph.graphml"]
    assert [m.split(":")[0] for m in warned] == ["[W003] graphml"]  # the graph has list-valued attributes
    assert (tmp_path / "graph.ttl").read_bytes() == alone
    assert Graph().parse(tmp_path / "graph.ttl", format="turtle").isomorphic(to_rdf(kg_graph))


def test_turtle_never_reads_an_ntriples_file_from_an_earlier_export(kg_graph, tmp_path):
    (tmp_path / "graph.nt").write_text("<http://x/a> <http://x/b> <http://x/c> .\n", encoding="utf-8")
    export(kg_graph, tmp_path, names=["turtle"])
    assert "http://x/a" not in (tmp_path / "graph.ttl").read_text(encoding="utf-8")
