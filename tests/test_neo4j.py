"""Neo4j export beyond the registry contract: neo4j-admin's header rules on the real
bundled build, ``import.sh`` run against a stand-in ``neo4j-admin``, ``load.cypher``
read statement by statement, and the export loaded into a real embedded Cypher engine
(LadybugDB, the maintained fork of Kùzu) where the example queries of
``kg/data/cypher/`` run and give the answers the networkx graph gives.

No Neo4j server can run here; LadybugDB reads the CSV files as they are (RFC 4180,
multi-line quoted fields) with its own parser, so the round trip checks the dialect
independently of Python's ``csv`` module.
"""
from __future__ import annotations

import csv
import os
import re
import stat
import subprocess
from collections import Counter, deque
from importlib import resources
from pathlib import Path

import networkx as nx
import pytest

from kg.export.neo4j import ARRAY_DELIMITER, BATCH_ROWS, CONCEPT_TYPES, rel_type
from test_exports import _check_header, _export_one, _read_csv, round_trip

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = resources.files("kg").joinpath("data/cypher")
#: header type -> does a cell parse as it (neo4j-admin's rules: booleans are exactly "true"/"false")
CELL_OK = {
    "int": lambda s: re.fullmatch(r"-?\d+", s) and -2**31 <= int(s) < 2**31,
    "long": lambda s: re.fullmatch(r"-?\d+", s),
    "double": lambda s: float(s) == float(s),
    "boolean": lambda s: s in ("true", "false"),
    "": lambda s: True,
}


def example_queries() -> dict[str, str]:
    """File name -> text of every bundled example query."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.iterdir(), key=lambda p: p.name)
            if p.name.endswith(".cypher")}


def _field(field: str) -> tuple[str, str]:
    """(name, type) of a header field; special fields keep their ``ID``/``LABEL``... type."""
    name, _, ftype = field.partition(":")
    return name, re.sub(r"\(.*\)$", "", ftype)


# ------------------------------------------------------- loading into LadybugDB

#: neo4j-admin property type -> LadybugDB column type
LADYBUG_TYPE = {"int": "INT64", "long": "INT64", "short": "INT64", "byte": "INT64", "double": "DOUBLE",
                "float": "DOUBLE", "boolean": "BOOLEAN", "string": "STRING", "char": "STRING", "": "STRING"}
#: LadybugDB's CSV options spelled out: RFC 4180 quoting, one thread (multi-line fields)
CSV_OPTIONS = "(header=true, parallel=false, delim=',', quote='\"', escape='\"')"


def _q(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _ladybug_type(ftype: str) -> str:
    return LADYBUG_TYPE[ftype.removesuffix("[]")] + ("[]" if ftype.endswith("[]") else "")


def _ladybug_value(cell: str, ftype: str) -> str:
    """Cypher expression turning the string column ``cell`` into the header's type."""
    base = ftype.removesuffix("[]")

    def one(x: str) -> str:
        if base == "boolean":
            return f"({x} = 'true')"  # neo4j-admin: exactly "true" is true
        kind = LADYBUG_TYPE[base]
        return x if kind == "STRING" else f"CAST({x} AS {kind})"

    if ftype.endswith("[]"):
        items = f"string_split({cell}, '\\u001F')"  # the export's array delimiter
        return items if LADYBUG_TYPE[base] == "STRING" else f"list_transform({items}, x -> {one('x')})"
    return one(cell)


def _rows(path: Path) -> tuple[list[str], list[list[str]]]:
    with open(path, newline="", encoding="utf-8") as f:
        header, *rows = list(csv.reader(f))
    return header, rows


def load_into_ladybug(conn, neo4j_dir: Path) -> dict[str, str]:
    """Create one node table per node file and one rel table per relationship file,
    typed from the neo4j-admin headers, and load the CSV files as they are.

    Every column is read as a string (``LOAD WITH HEADERS (c0 STRING, ...)``: the
    header names carry ``:type`` suffixes LadybugDB would otherwise interpret itself)
    and converted in Cypher, exactly as ``load.cypher`` does for Neo4j. A node table is
    named after its label; a rel table gets one ``FROM a TO b`` pair per combination of
    endpoint tables that occurs (LadybugDB has no multi-label nodes). Returns node id ->
    table.
    """
    table_of: dict[str, str] = {}
    for path in sorted(neo4j_dir.glob("nodes_*.csv")):
        header, rows = _rows(path)
        fields = [_field(f) for f in header]
        [id_col] = [i for i, (_, t) in enumerate(fields) if t == "ID"]
        [label_col] = [i for i, (_, t) in enumerate(fields) if t == "LABEL"]
        [label] = {r[label_col] for r in rows}  # one label per file
        table_of.update((r[id_col], label) for r in rows)
        props = [(i, n, t) for i, (n, t) in enumerate(fields) if t not in ("ID", "LABEL", "IGNORE")]
        columns = [f"{_q(fields[id_col][0])} STRING PRIMARY KEY", *(f"{_q(n)} {_ladybug_type(t)}" for _, n, t in props)]
        conn.execute(f"CREATE NODE TABLE {_q(label)}({', '.join(columns)})")
        strings = ", ".join(f"c{i} STRING" for i in range(len(header)))
        values = ", ".join([f"c{id_col}", *(_ladybug_value(f"c{i}", t) for i, _, t in props)])
        conn.execute(f"COPY {_q(label)} FROM (LOAD WITH HEADERS ({strings}) FROM '{path}' {CSV_OPTIONS} "
                     f"RETURN {values})")
    for path in sorted(neo4j_dir.glob("rels_*.csv")):
        header, rows = _rows(path)
        fields = [_field(f) for f in header]
        col = {t: i for i, (_, t) in enumerate(fields) if t in ("START_ID", "END_ID", "TYPE")}
        [rtype] = {r[col["TYPE"]] for r in rows}
        pairs = sorted({(table_of[r[col["START_ID"]]], table_of[r[col["END_ID"]]]) for r in rows})
        props = [(i, n, t) for i, (n, t) in enumerate(fields) if t not in ("START_ID", "END_ID", "TYPE", "IGNORE")]
        columns = [*(f"FROM {_q(a)} TO {_q(b)}" for a, b in pairs), *(f"{_q(n)} {_ladybug_type(t)}" for _, n, t in props)]
        conn.execute(f"CREATE REL TABLE {_q(rtype)}({', '.join(columns)})")
        strings = ", ".join(f"c{i} STRING" for i in range(len(header)))
        values = ", ".join(f"{_q(n)}: {_ladybug_value(f'c{i}', t)}" for i, n, t in props)
        for a, b in pairs:  # the MATCH picks the rows whose endpoints are in these tables
            conn.execute(f"LOAD WITH HEADERS ({strings}) FROM '{path}' {CSV_OPTIONS} "
                         f"MATCH (s:{_q(a)} {{id: c{col['START_ID']}}}), (e:{_q(b)} {{id: c{col['END_ID']}}}) "
                         f"CREATE (s)-[:{_q(rtype)} {{{values}}}]->(e)")
    return table_of


def ladybug_db(neo4j_dir: Path):
    lb = pytest.importorskip("ladybug")
    conn = lb.Connection(lb.Database(":memory:"))
    load_into_ladybug(conn, neo4j_dir)
    return conn


def run(conn, query: str) -> list[dict]:
    result = conn.execute(query)
    names = result.get_column_names()
    return [dict(zip(names, row)) for row in result.get_all()]


def _expected_node(attrs: dict) -> dict:
    """Properties a node should have after the import: no ``type``, ``name`` always set,
    ``label`` only where it differs from ``name``, missing/empty values absent."""
    out = {k: v for k, v in attrs.items() if k != "type" and v not in (None, "", [])}
    out["name"] = attrs.get("name", attrs.get("label"))
    return out


@round_trip("neo4j")
def test_fixture_round_trips_through_ladybug(kg_graph, tmp_path):
    """Every property of every node and relationship comes back equal, typed, through an
    independent CSV reader -- hostile text (quotes, commas, newlines, form feed, U+2028,
    backslashes) included."""
    out = _export_one(kg_graph, tmp_path, "neo4j")
    conn = ladybug_db(out)
    nodes = {}
    for table in {d["type"] for _, d in kg_graph.nodes(data=True)}:
        for row in run(conn, f"MATCH (n:{table}) RETURN n"):
            props = {k: v for k, v in row["n"].items() if not k.startswith("_") and v is not None}
            nodes[props["id"]] = props
    assert set(nodes) == set(kg_graph.nodes)
    for n, attrs in kg_graph.nodes(data=True):
        got = dict(nodes[n])
        del got["id"]
        want = _expected_node(attrs)
        if "label" not in got:  # written once, as name, when label == name everywhere
            assert want.pop("label", want["name"]) == want["name"], n
        assert got == want, n
    rels = run(conn, "MATCH (a)-[r]->(b) RETURN a.id AS a, b.id AS b, label(r) AS t, r")
    assert len(rels) == kg_graph.number_of_edges()
    for row in rels:
        props = {k: v for k, v in row["r"].items() if not k.startswith("_") and v is not None}
        [(key, attrs)] = [(k, d) for k, d in kg_graph[row["a"]][row["b"]].items() if rel_type(k) == row["t"]]
        assert props.pop("id").startswith("statement/")
        assert props == {k: v for k, v in attrs.items() if k != "type"}, (row["a"], row["b"], key)


def test_ladybug_reads_every_cell_the_csv_module_reads(kg_graph, tmp_path):
    """The loader adds nothing of its own: row counts per file match Python's reader."""
    out = _export_one(kg_graph, tmp_path, "neo4j")
    conn = ladybug_db(out)
    for path in sorted(out.glob("*.csv")):
        _, rows = _rows(path)
        label = rows[0][1] if path.name.startswith("nodes_") else rows[0][2]
        pattern = f"MATCH (n:{label})" if path.name.startswith("nodes_") else f"MATCH ()-[n:{label}]->()"
        assert run(conn, pattern + " RETURN count(*) AS n") == [{"n": len(rows)}], path.name


# ------------------------------------------------------------- the bundled build


@pytest.fixture(scope="module")
def bundled_graph(bundled_build) -> nx.MultiDiGraph:
    """The bundled build as networkx reads it back from GraphML (the independent side)."""
    return nx.read_graphml(bundled_build / "graph.graphml", force_multigraph=True)


@pytest.fixture(scope="module")
def bundled_ladybug(bundled_build):
    return ladybug_db(bundled_build / "neo4j")


def test_bundled_headers_follow_neo4j_admin_rules(bundled_build, bundled_graph):
    out = bundled_build / "neo4j"
    ids: dict[str, str] = {}
    for path in sorted(out.glob("nodes_*.csv")):
        header, rows = _read_csv(path)
        _check_header(header, "node")
        assert header[:3] == ["id:ID", ":LABEL", "name"]
        types = [_field(f)[1] for f in header]
        for r in rows:
            assert r[0] not in ids, f"duplicate id {r[0]}"  # one global id space
            ids[r[0]] = r[1]
            assert r[1] == path.stem[6:]
            _check_cells(header, types, r, path.name)
    assert set(ids) == set(bundled_graph.nodes)
    n_rels = 0
    for path in sorted(out.glob("rels_*.csv")):
        header, rows = _read_csv(path)
        _check_header(header, "rel")
        assert header[:4] == [":START_ID", ":END_ID", ":TYPE", "id"]
        assert {"paper", "evidence", "confidence:double", "extractor"} <= set(header) or path.stem == "rels_VARIANT_OF"
        assert "confidence:double" in header and "extractor" in header  # provenance everywhere
        types = [_field(f)[1] for f in header]
        for r in rows:
            assert r[0] in ids and r[1] in ids, f"dangling relationship {r[:3]} in {path.name}"
            assert r[2] == path.stem[5:]
            _check_cells(header, types, r, path.name)
        n_rels += len(rows)
    assert n_rels == bundled_graph.number_of_edges()
    assert {"id", "name", "abstract"} <= {_field(f)[0] for f in _read_csv(out / "nodes_Paper.csv")[0]}


def _check_cells(header: list[str], types: list[str], row: list[str], where: str) -> None:
    for field, ftype, cell in zip(header, types, row):
        if cell == "" or ftype in ("ID", "LABEL", "START_ID", "END_ID", "TYPE"):
            continue
        base = ftype.removesuffix("[]")
        items = cell.split(ARRAY_DELIMITER) if ftype.endswith("[]") else [cell]
        assert all(CELL_OK.get(base, CELL_OK[""])(x) for x in items), (where, field, cell)


def test_bundled_import_script_is_executable(bundled_build):
    """``exports/neo4j/import.sh`` is run directly (README): a build keeps its x bit."""
    assert (bundled_build / "neo4j" / "import.sh").stat().st_mode & stat.S_IXUSR


def test_import_script_runs_neo4j_admin_with_the_database_first(bundled_build, tmp_path):
    """A stand-in neo4j-admin records its arguments and working directory; every file it
    is given exists there, and the database name precedes the multi-value options."""
    out = bundled_build / "neo4j"
    script = out / "import.sh"
    fake = tmp_path / "bin" / "neo4j-admin"
    fake.parent.mkdir()
    fake.write_text('#!/bin/sh\npwd > "$KG_LOG"\nfor a in "$@"; do printf "%s\\n" "$a" >> "$KG_LOG"; done\n')
    fake.chmod(0o755)
    log = tmp_path / "args"
    for admin, cwd in ((str(fake), ROOT), ("bin/neo4j-admin", tmp_path)):  # absolute, then relative
        subprocess.run(["sh", str(script), "kgdb"], check=True, cwd=cwd,
                       env={**os.environ, "NEO4J_ADMIN": admin, "KG_LOG": str(log)})
        workdir, *args = log.read_text(encoding="utf-8").splitlines()
        assert args[:4] == ["database", "import", "full", "kgdb"]
        assert Path(workdir) == out
        files = [a.split("=", 2)[-1] for a in args if a.startswith(("--nodes=", "--relationships="))]
        assert sorted(files) == sorted(p.name for p in out.glob("*.csv"))
        assert all((Path(workdir) / f).is_file() for f in files)
        assert all(a.startswith("--") for a in args[4:])
        labels = {a.split("=")[1] for a in args if a.startswith("--nodes=")}
        assert labels == {t + (":Concept" if t in CONCEPT_TYPES else "") for t in
                          {p.stem[6:] for p in out.glob("nodes_*.csv")}}


# ------------------------------------------------------------------ load.cypher


def _statements(text: str) -> list[str]:
    body = "\n".join(line for line in text.splitlines() if not line.startswith("//"))
    parts = [s.strip() for s in body.split(";\n")]
    assert parts[-1] in ("", ";") or parts[-1].endswith(";")
    return [p.rstrip(";") for p in parts if p.strip()]


def test_load_cypher_covers_every_file_column_and_label(bundled_build):
    out = bundled_build / "neo4j"
    statements = _statements((out / "load.cypher").read_text(encoding="utf-8"))
    node_labels = sorted(p.stem[6:] for p in out.glob("nodes_*.csv"))
    constraints = [s for s in statements if s.startswith("CREATE CONSTRAINT")]
    indexes = [s for s in statements if s.startswith("CREATE INDEX")]
    loads = [s for s in statements if s.startswith("LOAD CSV WITH HEADERS FROM 'file:///")]
    assert len(constraints) + len(indexes) + len(loads) == len(statements)
    for label in [*node_labels, "Concept"]:
        assert f"CREATE CONSTRAINT kg_{label}_id IF NOT EXISTS FOR (n:{label}) REQUIRE n.id IS UNIQUE" in constraints
    for label in node_labels:
        assert f"CREATE INDEX kg_{label}_name IF NOT EXISTS FOR (n:{label}) ON (n.name)" in indexes
    # every statement that creates something comes after every constraint/index
    assert statements[:len(constraints) + len(indexes)] == constraints + indexes
    by_file = {re.match(r"LOAD CSV WITH HEADERS FROM 'file:///([^']+)' AS row\n", s).group(1): s for s in loads}
    assert sorted(by_file) == sorted(p.name for p in out.glob("*.csv"))
    ids = {}
    for path in out.glob("nodes_*.csv"):
        ids.update((r[0], r[1]) for r in _read_csv(path)[1])
    for name, stmt in by_file.items():
        assert stmt.endswith(f"}} IN TRANSACTIONS OF {BATCH_ROWS} ROWS")
        assert "\nCALL (row) {\n" in stmt
        header, rows = _read_csv(out / name)
        for field in header:
            prop, ftype = _field(field)
            if ftype in ("ID", "START_ID", "END_ID"):
                assert f"{{id: row.`{field}`}}" in stmt, (name, field)
                continue
            if ftype in ("LABEL", "TYPE") or field == "id":
                continue
            ref = f"row.{field}" if re.fullmatch(r"\w+", field) else f"row.`{field}`"
            expr = {"int": f"toInteger({ref})", "long": f"toInteger({ref})", "double": f"toFloat({ref})",
                    "boolean": f"toBoolean({ref})", "": ref,
                    "string[]": f"split({ref}, '\\u001F')"}[ftype]
            assert re.search(rf"\b[nr]\.{prop} = {re.escape(expr)}(,|\n)", stmt), (name, field, stmt)
        if name.startswith("nodes_"):
            label = name[6:-4]
            labels = f":{label}:Concept" if label in CONCEPT_TYPES else f":{label}"
            assert f"MERGE (n{labels} {{id: row.`id:ID`}})" in stmt
        else:
            starts, ends = {ids[r[0]] for r in rows}, {ids[r[1]] for r in rows}
            for var, labels in (("a", starts), ("b", ends)):
                m = re.search(rf"MATCH \({var}(:\w+)? \{{", stmt)
                label = (m.group(1) or "")[1:]
                assert labels == {label} or (label == "Concept" and labels <= CONCEPT_TYPES), (name, var, labels)
            assert f"MERGE (a)-[r:{name[5:-4]} {{id: row.id}}]->(b)" in stmt


# --------------------------------------------------------------- example queries


def test_example_queries_are_the_documented_ones():
    readme = (ROOT / "exports" / "README.md").read_text(encoding="utf-8")
    queries = example_queries()
    assert len(queries) >= 4
    for name, text in queries.items():
        assert text.endswith(";\n") and text.count(";") == 1, name  # one statement, cypher-shell ready
        assert f"```cypher\n{text}```" in readme, f"{name} is not shown verbatim in exports/README.md"


def _papers_to(g: nx.MultiDiGraph, concept: str, types: set[str] | None = None) -> set[str]:
    return {u for u, _, d in g.in_edges(concept, data=True)
            if g.nodes[u]["type"] == "Paper" and (types is None or d["type"] in types)}


def _variants(g: nx.MultiDiGraph, concept: str, depth: int) -> dict[str, int]:
    """Concepts with a variant_of path of at most ``depth`` hops to ``concept`` -> hops."""
    seen, todo = {concept: 0}, deque([concept])
    while todo:
        c = todo.popleft()
        for u, _, d in g.in_edges(c, data=True):
            if d["type"] == "variant_of" and u not in seen and seen[c] < depth:
                seen[u] = seen[c] + 1
                todo.append(u)
    return seen


def _concept(g: nx.MultiDiGraph, name: str, node_type: str) -> str:
    [node] = [n for n, d in g.nodes(data=True) if d["type"] == node_type and d.get("name") == name]
    return node


def test_example_papers_building_on_ppo(bundled_ladybug, bundled_graph):
    g = bundled_graph
    rows = run(bundled_ladybug, example_queries()["papers_building_on_ppo.cypher"])
    ppo_family = _variants(g, _concept(g, "PPO", "Algorithm"), 3)
    expected = sorted((u, g.nodes[v]["name"]) for u, v, d in g.edges(data=True)
                      if d["type"] == "builds_on" and v in ppo_family)
    assert [(r["paper"], r["builds_on"]) for r in rows] == expected
    assert "paper/000-09" in {r["paper"] for r in rows}
    for r in rows:
        paper = g.nodes[r["paper"]]
        assert r["title"] == paper.get("name", paper["label"])
        [edge] = [d for _, v, d in g.out_edges(r["paper"], data=True)
                  if d["type"] == "builds_on" and g.nodes[v]["name"] == r["builds_on"]]
        assert r["evidence"] == edge["evidence"] and r["evidence"] in paper["abstract"]


def test_example_most_used_benchmarks(bundled_ladybug, bundled_graph):
    g = bundled_graph
    rows = run(bundled_ladybug, example_queries()["most_used_benchmarks.cypher"])
    counts = Counter()
    for b, d in g.nodes(data=True):
        if d["type"] == "Benchmark" and _papers_to(g, b, {"evaluated_on"}):
            counts[d["name"]] += len(_papers_to(g, b, {"evaluated_on"}))
    expected = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:10]
    assert [(r["benchmark"], r["papers"]) for r in rows] == expected
    assert rows[0]["benchmark"] == "MuJoCo" and rows[0]["papers"] >= 3


def test_example_cooccurring_with_muzero(bundled_ladybug, bundled_graph, bundled_build):
    g = bundled_graph
    rows = run(bundled_ladybug, example_queries()["cooccurring_with_muzero.cypher"])
    muzero = _concept(g, "MuZero", "Algorithm")
    concept_types = set(CONCEPT_TYPES)
    shared = Counter()
    for p in _papers_to(g, muzero):
        for c in {v for _, v in g.out_edges(p) if g.nodes[v]["type"] in concept_types} - {muzero}:
            shared[c] += 1
    assert shared, "MuZero shares no paper with another concept"
    assert {r["concept"]: r["papers"] for r in rows} == dict(shared)
    assert [r["papers"] for r in rows] == sorted((r["papers"] for r in rows), reverse=True)
    # the co-occurrence view has the same numbers on its MuZero edges
    cooc = nx.read_gexf(bundled_build / "graph.cooccurrence.gexf")
    assert {c: int(w) for _, c, w in cooc.edges(muzero, data="weight")} == dict(shared)


def test_example_variants_of_ppo(bundled_ladybug, bundled_graph):
    g = bundled_graph
    rows = run(bundled_ladybug, example_queries()["variants_of_ppo.cypher"])
    ppo = _concept(g, "PPO", "Algorithm")
    variants = {v for v, hops in _variants(g, ppo, 3).items() if hops >= 1}
    assert {r["variant"] for r in rows} == variants and len(variants) >= 2
    assert "concept/clip-ppo" in variants
    for r in rows:
        assert r["name"] == g.nodes[r["variant"]]["name"]
        assert r["papers"] == len(_papers_to(g, r["variant"]))


def test_bundled_build_loads_completely_into_ladybug(bundled_ladybug, bundled_graph):
    assert run(bundled_ladybug, "MATCH (n) RETURN count(*) AS n") == [{"n": bundled_graph.number_of_nodes()}]
    assert run(bundled_ladybug, "MATCH ()-[r]->() RETURN count(*) AS n") == [{"n": bundled_graph.number_of_edges()}]
    [paper] = run(bundled_ladybug, "MATCH (p:Paper {id: 'paper/000-01'}) RETURN p.abstract AS a, p.year AS y")
    assert paper == {"a": bundled_graph.nodes["paper/000-01"]["abstract"], "y": bundled_graph.nodes["paper/000-01"]["year"]}
