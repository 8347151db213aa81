"""Neo4j bulk-import export (``neo4j/``) for ``neo4j-admin database import full``.

Writes one node file per label (``nodes_<Label>.csv``), one relationship file per type
(``rels_<TYPE>.csv``, types in UPPER_SNAKE: ``BUILDS_ON``) and ``import.sh`` with the
exact command. Files follow the import tool's header format:

* nodes: ``id:ID,:LABEL,name,<property>[:<type>],...`` -- ``name`` is the display label
  (what Neo4j Browser shows); concept nodes also get the ``Concept`` label (given in
  ``import.sh``: ``--nodes=Algorithm:Concept=nodes_Algorithm.csv``);
* relationships: ``:START_ID,:END_ID,:TYPE,id,<provenance>...`` -- ``id`` is the
  statement id shared with the RDF/GraphML/GEXF exports;
* property types from the values: ``int`` (``long`` if any value needs 64 bits),
  ``double`` (not ``float``: Neo4j's ``float`` is 32-bit and would turn 0.9 into
  0.8999999761581421), ``boolean``, ``string[]`` for lists, plain for strings.

CSV is RFC 4180 (``csv`` module: comma, ``"`` doubled inside quoted fields, CRLF rows,
fields with commas/quotes/newlines quoted); ``import.sh`` passes
``--multiline-fields=true`` for abstracts with newlines. Arrays use U+001F (unit
separator) as the array delimiter, because any printable choice (``;``, ``|``) occurs
in real aliases and Neo4j has no way to escape it. Rows are sorted by id (nodes) and
by (start, end) (relationships): output is deterministic.

>>> import csv, tempfile, networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("concept/ppo", type="Algorithm", label="PPO", name="PPO", aliases=["A, B", "C"])
>>> with tempfile.TemporaryDirectory() as d:
...     write(g, Path(d) / "neo4j")
...     with open(Path(d) / "neo4j" / "nodes_Algorithm.csv", newline="", encoding="utf-8") as f:
...         rows = list(csv.reader(f))
>>> rows[0]
['id:ID', ':LABEL', 'name', 'aliases:string[]']
>>> rows[1][3].split(ARRAY_DELIMITER)
['A, B', 'C']
"""
from __future__ import annotations

import csv
import os
import re
import shlex
from pathlib import Path

import networkx as nx

from kg.export._common import is_list, umask
from kg.graph.model import NODE_TYPES
from kg.rdf.mapping import statement_id

DELIMITER = ","
#: U+001F INFORMATION SEPARATOR ONE; passed to neo4j-admin as ``U+001F``
ARRAY_DELIMITER = "\x1f"
#: node types that also get the ``Concept`` label
CONCEPT_TYPES = frozenset(NODE_TYPES[1:7])
_INT32 = 2**31


def rel_type(edge_type: str) -> str:
    """Relationship type for an edge type: ``builds_on`` -> ``BUILDS_ON``.

    Examples
    --------
    >>> rel_type("claim_subject")
    'CLAIM_SUBJECT'
    """
    return re.sub(r"[^A-Za-z0-9]+", "_", edge_type).strip("_").upper() or "RELATED_TO"


def _label(node_type: object) -> str:
    name = re.sub(r"[^A-Za-z0-9_]+", "_", str(node_type or "")).strip("_")
    return name or "Node"


def _neo_type(values: list) -> str:
    """Header type suffix (without ``:``) for a column's non-null values; "" = string."""
    if any(is_list(v) for v in values):
        items = [x for v in values for x in (v if is_list(v) else [v])]
        base = _neo_type(items) if items and not any(is_list(x) for x in items) else ""
        return (base or "string") + "[]"
    kinds = {type(v) for v in values}
    if kinds == {bool}:
        return "boolean"
    if kinds <= {int}:
        return "int" if all(-_INT32 <= v < _INT32 for v in values) else "long"
    if kinds <= {int, float}:
        return "double"
    return ""


def _cell(value: object) -> str:
    if value is None:
        return ""
    if is_list(value):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        return ARRAY_DELIMITER.join(_cell(x).replace(ARRAY_DELIMITER, " ") for x in items)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _columns(rows: list[dict], skip: set[str]) -> list[tuple[str, str]]:
    """[(property, header field)] for the properties present in ``rows``, sorted."""
    values: dict[str, list] = {}
    for row in rows:
        for k, v in row.items():
            if k not in skip and v is not None:
                values.setdefault(k, []).append(v)
    out = []
    for k in sorted(values):
        t = _neo_type(values[k])
        out.append((k, f"{k}:{t}" if t else k))
    return out


def _write_csv(path: Path, header: list[str], rows: list[list[str]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, delimiter=DELIMITER, quotechar='"', doublequote=True,
                       quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
        w.writerow(header)
        w.writerows(rows)


def _node_files(graph: nx.MultiDiGraph) -> dict[str, tuple[list[str], list[list[str]]]]:
    groups: dict[str, list[tuple[str, dict]]] = {}
    for n, attrs in graph.nodes(data=True):
        groups.setdefault(_label(attrs.get("type")), []).append((str(n), attrs))
    files = {}
    for label in sorted(groups):
        members = sorted(groups[label], key=lambda m: m[0])
        rows = []
        for nid, attrs in members:
            row = {k: v for k, v in attrs.items() if k != "type"}
            row["name"] = attrs.get("name", attrs.get("label", nid))
            rows.append((nid, row))
        skip = {"name"}
        if all(r.get("label") in (None, r["name"]) for _, r in rows):
            skip.add("label")  # label == name everywhere: no need for two columns
        cols = _columns([r for _, r in rows], skip)
        header = ["id:ID", ":LABEL", "name", *(h for _, h in cols)]
        body = [[nid, label, _cell(r["name"]), *(_cell(r.get(k)) for k, _ in cols)] for nid, r in rows]
        files[label] = (header, body)
    return files


def _rel_files(graph: nx.MultiDiGraph) -> dict[str, tuple[list[str], list[list[str]]]]:
    groups: dict[str, list[tuple[str, str, str, dict]]] = {}
    for u, v, key, attrs in graph.edges(keys=True, data=True):
        rtype = rel_type(str(attrs.get("type", key)))
        row = {k: x for k, x in attrs.items() if k != "type"}
        row["id"] = statement_id(u, key, v)
        groups.setdefault(rtype, []).append((str(u), str(v), rtype, row))
    files = {}
    for rtype in sorted(groups):
        members = sorted(groups[rtype], key=lambda m: (m[0], m[1], m[3]["id"]))
        cols = _columns([m[3] for m in members], {"id"})
        header = [":START_ID", ":END_ID", ":TYPE", "id", *(h for _, h in cols)]
        body = [[u, v, t, row["id"], *(_cell(row.get(k)) for k, _ in cols)] for u, v, t, row in members]
        files[rtype] = (header, body)
    return files


def import_script(node_labels: list[str], rel_types: list[str]) -> str:
    """The ``import.sh`` text for the given node and relationship files.

    Examples
    --------
    >>> for line in import_script(["Paper", "Method"], ["BUILDS_ON"]).splitlines()[-4:]:
    ...     print(line)
        --nodes=Paper="$DIR/nodes_Paper.csv" \\
        --nodes=Method:Concept="$DIR/nodes_Method.csv" \\
        --relationships=BUILDS_ON="$DIR/rels_BUILDS_ON.csv" \\
        "${1:-neo4j}"
    """
    lines = [
        "#!/bin/sh",
        "# Load this directory into a new, empty Neo4j database (Neo4j 5 or later).",
        "# Usage: ./import.sh [database]      (default: neo4j; the database must be stopped)",
        "# Set NEO4J_ADMIN if neo4j-admin is not on PATH. Arrays (aliases, authors) are",
        "# separated by U+001F; abstracts contain newlines, hence --multiline-fields=true.",
        "set -eu",
        'DIR=$(cd "$(dirname "$0")" && pwd)',
        '"${NEO4J_ADMIN:-neo4j-admin}" database import full \\',
        f"    --delimiter={shlex.quote(DELIMITER)} \\",
        "    --array-delimiter=U+001F \\",
        "    --quote='\"' \\",
        "    --multiline-fields=true \\",
        "    --legacy-style-quoting=false \\",
        "    --overwrite-destination=true \\",
    ]
    for label in node_labels:
        labels = f"{label}:Concept" if label in CONCEPT_TYPES else label
        lines.append(f'    --nodes={labels}="$DIR/nodes_{label}.csv" \\')
    for rtype in rel_types:
        lines.append(f'    --relationships={rtype}="$DIR/rels_{rtype}.csv" \\')
    lines.append('    "${1:-neo4j}"')
    return "\n".join(lines) + "\n"


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None) -> None:
    """Write the Neo4j import directory ``path`` (created if missing).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    path : Path
        Output directory; gets ``nodes_*.csv``, ``rels_*.csv`` and ``import.sh``.
    on_warning : callable, optional
        Unused: lists become Neo4j arrays, nothing is flattened.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write(nx.MultiDiGraph(), Path(d) / "neo4j")
    ...     sorted(p.name for p in (Path(d) / "neo4j").iterdir())
    ['import.sh']
    """
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    nodes = _node_files(graph)
    rels = _rel_files(graph)
    for label, (header, body) in nodes.items():
        _write_csv(path / f"nodes_{label}.csv", header, body)
    for rtype, (header, body) in rels.items():
        _write_csv(path / f"rels_{rtype}.csv", header, body)
    script = path / "import.sh"
    script.write_text(import_script(list(nodes), list(rels)), encoding="utf-8", newline="\n")
    os.chmod(script, 0o777 & ~umask() | 0o100)
