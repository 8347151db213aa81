"""Neo4j export (``neo4j/``): CSV files for ``neo4j-admin database import full`` and a
``LOAD CSV`` script for a running server.

Writes one node file per label (``nodes_<Label>.csv``), one relationship file per type
(``rels_<TYPE>.csv``, types in UPPER_SNAKE: ``BUILDS_ON``), ``import.sh`` (the bulk
import into a new, stopped database) and ``load.cypher`` (the same data into a running
server through ``LOAD CSV``; see :func:`load_script`). Files follow the import tool's
header format:

* nodes: ``id:ID,:LABEL,name,<property>[:<type>],...`` -- exactly one ``:ID`` column,
  one global id space (ids are unique across labels: ``paper/...``, ``concept/...``,
  ``claim/...``), persisted as the string property ``id``; ``name`` is the display
  label (what Neo4j Browser shows); concept nodes also get the ``Concept`` label (given
  in ``import.sh``: ``--nodes=Algorithm:Concept=nodes_Algorithm.csv``);
* relationships: ``:START_ID,:END_ID,:TYPE,id,<provenance>...`` -- ``id`` is the
  statement id shared with the RDF/GraphML/GEXF exports;
* property types from the values: ``int`` (``long`` if any value needs 64 bits),
  ``double`` (not ``float``: Neo4j's ``float`` is 32-bit and would turn 0.9 into
  0.8999999761581421), ``boolean``, ``string[]`` for lists, plain for strings. A
  missing value is an empty field, which both importers read as "no property".

CSV is RFC 4180 (``csv`` module: comma, ``"`` doubled inside quoted fields, CRLF rows,
fields with commas/quotes/newlines quoted); ``import.sh`` passes
``--multiline-fields=true`` for abstracts with newlines and
``--legacy-style-quoting=false`` so that a backslash before a quote (LaTeX:
``Schr\\"{o}dinger``) is text. Arrays use U+001F (unit separator) as the array
delimiter, because any printable choice (``;``, ``|``) occurs in real aliases and Neo4j
has no way to escape it. Rows are sorted by id (nodes) and by (start, end, id)
(relationships): output is deterministic.

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
from contextlib import ExitStack
from pathlib import Path

import networkx as nx

from kg.export._common import is_list, sorted_edges, sorted_nodes, umask
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


class _Column:
    """The header type of one column (:func:`_neo_type`), from its values one at a time."""

    __slots__ = ("has_list", "kinds", "big", "item_kinds", "item_big", "nested", "items")

    def __init__(self):
        self.has_list = self.big = self.item_big = self.nested = False
        self.kinds: set = set()
        self.item_kinds: set = set()
        self.items = 0

    def add(self, v: object) -> None:
        if is_list(v):
            self.has_list = True
            for x in v:
                self._item(x)
        else:
            self.kinds.add(type(v))
            self.big = self.big or (type(v) is int and not -_INT32 <= v < _INT32)
            self._item(v)

    def _item(self, x: object) -> None:
        self.items += 1
        if is_list(x):
            self.nested = True
        else:
            self.item_kinds.add(type(x))
            self.item_big = self.item_big or (type(x) is int and not -_INT32 <= x < _INT32)

    def type(self) -> str:
        if self.has_list:
            base = _scalar_type(self.item_kinds, self.item_big) if self.items and not self.nested else ""
            return (base or "string") + "[]"
        return _scalar_type(self.kinds, self.big)


def _scalar_type(kinds: set, big: bool) -> str:
    if kinds == {bool}:
        return "boolean"
    if kinds <= {int}:
        return "long" if big else "int"
    if kinds <= {int, float}:
        return "double"
    return ""


class _Columns:
    """Property -> :class:`_Column` over rows added one at a time."""

    def __init__(self, skip: set[str]):
        self.skip = skip
        self.columns: dict[str, _Column] = {}

    def add(self, row: dict) -> None:
        for k, v in row.items():
            if k not in self.skip and v is not None:
                col = self.columns.get(k)
                if col is None:
                    col = self.columns[k] = _Column()
                col.add(v)

    def header(self, skip: set[str] = frozenset()) -> list[tuple[str, str]]:
        """[(property, header field)] for the properties present, sorted."""
        out = []
        for k in sorted(self.columns):
            if k in skip:
                continue
            t = self.columns[k].type()
            out.append((k, f"{k}:{t}" if t else k))
        return out


def _columns(rows: list[dict], skip: set[str]) -> list[tuple[str, str]]:
    """[(property, header field)] for the properties present in ``rows``, sorted."""
    cols = _Columns(skip)
    for row in rows:
        cols.add(row)
    return cols.header()


def _csv_writer(f):
    return csv.writer(f, delimiter=DELIMITER, quotechar='"', doublequote=True,
                      quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")


def _write_csv(path: Path, header: list[str], rows: list[list[str]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = _csv_writer(f)
        w.writerow(header)
        w.writerows(rows)


def _node_row(nid: str, attrs: dict) -> dict:
    row = {k: v for k, v in attrs.items() if k != "type"}
    row["name"] = attrs.get("name", attrs.get("label", nid))
    return row


def _node_headers(graph: nx.MultiDiGraph) -> dict[str, tuple[list[str], list[tuple[str, str]]]]:
    """Label -> (header, [(property, field)]) of ``nodes_<Label>.csv``, labels sorted."""
    cols: dict[str, _Columns] = {}
    same: dict[str, bool] = {}  # label == name on every node of the label
    for n, attrs in graph.nodes(data=True):
        label = _label(attrs.get("type"))
        row = _node_row(str(n), attrs)
        if label not in cols:
            cols[label], same[label] = _Columns({"name"}), True
        cols[label].add(row)
        same[label] = same[label] and row.get("label") in (None, row["name"])
    out = {}
    for label in sorted(cols):
        props = cols[label].header({"label"} if same[label] else set())  # no need for two equal columns
        out[label] = (["id:ID", ":LABEL", "name", *(h for _, h in props)], props)
    return out


def _write_node_files(graph: nx.MultiDiGraph, path: Path, headers: dict) -> None:
    """Write every ``nodes_<Label>.csv`` in one pass over the nodes sorted by id."""
    with ExitStack() as stack:
        writers = {}
        for label, (header, _) in headers.items():
            w = _csv_writer(stack.enter_context(open(path / f"nodes_{label}.csv", "w", newline="", encoding="utf-8")))
            w.writerow(header)
            writers[label] = w
        for n, attrs in sorted_nodes(graph):
            nid, label = str(n), _label(attrs.get("type"))
            r = _node_row(nid, attrs)
            writers[label].writerow([nid, label, _cell(r["name"]), *(_cell(r.get(k)) for k, _ in headers[label][1])])


def _rel_row(u, v, key, attrs: dict) -> dict:
    row = {k: x for k, x in attrs.items() if k != "type"}
    row["id"] = statement_id(u, key, v)
    return row


def _rel_headers(graph: nx.MultiDiGraph) -> dict[str, tuple[list[str], list[tuple[str, str]]]]:
    """Relationship type -> (header, [(property, field)]) of ``rels_<TYPE>.csv``, sorted."""
    cols: dict[str, _Columns] = {}
    for u, v, key, attrs in graph.edges(keys=True, data=True):
        rtype = rel_type(str(attrs.get("type", key)))
        if rtype not in cols:
            cols[rtype] = _Columns({"id"})
        cols[rtype].add({k: x for k, x in attrs.items() if k != "type"})
    out = {}
    for rtype in sorted(cols):
        props = cols[rtype].header()
        out[rtype] = ([":START_ID", ":END_ID", ":TYPE", "id", *(h for _, h in props)], props)
    return out


def _write_rel_files(graph: nx.MultiDiGraph, path: Path, headers: dict) -> None:
    """Write every ``rels_<TYPE>.csv`` in one pass over the edges sorted by (start, end):
    each file's rows come sorted by (start, end, id) (a start/end pair's few edges are
    sorted by id on the way)."""
    with ExitStack() as stack:
        writers = {}
        for rtype, (header, _) in headers.items():
            w = _csv_writer(stack.enter_context(open(path / f"rels_{rtype}.csv", "w", newline="", encoding="utf-8")))
            w.writerow(header)
            writers[rtype] = w

        def flush(block):
            for u, v, rtype, row in sorted(block, key=lambda m: m[3]["id"]):
                writers[rtype].writerow([u, v, rtype, row["id"], *(_cell(row.get(k)) for k, _ in headers[rtype][1])])

        block, pair = [], None
        for u, v, key, attrs in sorted_edges(graph):
            su, sv = str(u), str(v)
            if (su, sv) != pair:
                flush(block)
                block, pair = [], (su, sv)
            block.append((su, sv, rel_type(str(attrs.get("type", key))), _rel_row(u, v, key, attrs)))
        flush(block)


def _endpoint_labels(graph: nx.MultiDiGraph) -> dict[str, tuple[set[str], set[str]]]:
    """Relationship type -> (labels of its start nodes, labels of its end nodes)."""
    types = graph.nodes(data="type")
    out: dict[str, tuple[set[str], set[str]]] = {}
    for u, v, key, attrs in graph.edges(keys=True, data=True):
        starts, ends = out.setdefault(rel_type(str(attrs.get("type", key))), (set(), set()))
        starts.add(_label(types[u]))
        ends.add(_label(types[v]))
    return out


def import_script(node_labels: list[str], rel_types: list[str]) -> str:
    """The ``import.sh`` text for the given node and relationship files.

    The database name comes first: ``--nodes``/``--relationships`` take several files
    each, and a database name after them would be read as one more file (neo4j-admin
    5.19 and later). The script changes into its own directory and names the files
    relatively, because neo4j-admin reads file names as regular expressions and a
    directory name with ``+`` or ``(`` in it would not match itself.

    Examples
    --------
    >>> for line in import_script(["Paper", "Method"], ["BUILDS_ON"]).splitlines()[-3:]:
    ...     print(line)
        --nodes=Paper=nodes_Paper.csv \\
        --nodes=Method:Concept=nodes_Method.csv \\
        --relationships=BUILDS_ON=rels_BUILDS_ON.csv
    """
    lines = [
        "#!/bin/sh",
        "# Load this directory into a new Neo4j database (Neo4j 5 or later) with the offline",
        "# bulk importer. Usage: ./import.sh [database]   (default: neo4j)",
        "# The database must be stopped; its current contents are replaced",
        "# (--overwrite-destination). For a database other than the default, run",
        "# CREATE DATABASE <name> afterwards. Set NEO4J_ADMIN if neo4j-admin is not on PATH.",
        "# Arrays (aliases, authors) are separated by U+001F; abstracts contain newlines,",
        "# hence --multiline-fields=true. For a running server use load.cypher instead.",
        "set -eu",
        'ADMIN=${NEO4J_ADMIN:-neo4j-admin}',
        'case $ADMIN in */*) ADMIN=$(cd "$(dirname "$ADMIN")" && pwd)/$(basename "$ADMIN") ;; esac',
        'cd "$(dirname "$0")"',
        '"$ADMIN" database import full "${1:-neo4j}" \\',
        f"    --delimiter={shlex.quote(DELIMITER)} \\",
        "    --array-delimiter=U+001F \\",
        "    --quote='\"' \\",
        "    --multiline-fields=true \\",
        "    --legacy-style-quoting=false \\",
        "    --overwrite-destination=true \\",
    ]
    for label in node_labels:
        labels = f"{label}:Concept" if label in CONCEPT_TYPES else label
        lines.append(f"    --nodes={labels}=nodes_{label}.csv \\")
    for rtype in rel_types:
        lines.append(f"    --relationships={rtype}=rels_{rtype}.csv \\")
    lines[-1] = lines[-1].removesuffix(" \\")
    return "\n".join(lines) + "\n"


#: header type (without ``[]``) -> Cypher conversion function (strings need none)
_CYPHER_CONVERT = {
    "int": "toInteger", "long": "toInteger", "short": "toInteger", "byte": "toInteger",
    "double": "toFloat", "float": "toFloat", "boolean": "toBoolean", "string": "", "char": "",
}
#: rows per transaction in load.cypher
BATCH_ROWS = 1000


def _ident(name: str) -> str:
    """A Cypher identifier, backquoted unless it is a plain name.

    Examples
    --------
    >>> _ident("year"), _ident("year:int"), _ident("a`b")
    ('year', '`year:int`', '`a``b`')
    """
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        return name
    return "`" + name.replace("`", "``") + "`"


def _cypher_value(field: str) -> tuple[str, str]:
    """(property name, Cypher expression reading it from ``row``) for a header field.

    Examples
    --------
    >>> _cypher_value("year:int")
    ('year', 'toInteger(row.`year:int`)')
    >>> _cypher_value("aliases:string[]")
    ('aliases', "split(row.`aliases:string[]`, '\\\\u001F')")
    >>> _cypher_value("scores:double[]")
    ('scores', "[x IN split(row.`scores:double[]`, '\\\\u001F') | toFloat(x)]")
    """
    name, _, ftype = field.partition(":")
    cell = f"row.{_ident(field)}"
    base = ftype.removesuffix("[]") or "string"
    func = _CYPHER_CONVERT.get(base, "")
    if ftype.endswith("[]"):
        items = f"split({cell}, '\\u001F')"
        return name, f"[x IN {items} | {func}(x)]" if func else items
    return name, f"{func}({cell})" if func else cell


def _match_label(labels: set[str]) -> str:
    """Label to look an endpoint up by: the one label, ``Concept``, or none (a scan)."""
    if len(labels) == 1:
        return ":" + _ident(next(iter(labels)))
    if labels <= CONCEPT_TYPES:
        return ":Concept"
    return ""


def load_script(nodes: dict[str, list[str]], rels: dict[str, tuple[list[str], set[str], set[str]]]) -> str:
    """The ``load.cypher`` text: constraints, indexes and batched ``LOAD CSV`` statements.

    Parameters
    ----------
    nodes : dict
        Label -> header of ``nodes_<Label>.csv``.
    rels : dict
        Relationship type -> (header of ``rels_<TYPE>.csv``, start labels, end labels).

    One uniqueness constraint on ``id`` per label (and on ``Concept``, the label that
    relationships to several concept types match on) and one index on ``name`` per label
    come first, so every ``MERGE``/``MATCH`` below is an index lookup. Each file is then
    read with ``LOAD CSV WITH HEADERS`` in ``CALL (row) { ... } IN TRANSACTIONS OF 1000
    ROWS`` batches; typed columns are converted (``toInteger``, ``toFloat``,
    ``toBoolean``; arrays ``split`` on U+001F). ``MERGE`` on ``id`` makes the script
    safe to run twice.

    Examples
    --------
    >>> text = load_script({"Paper": ["id:ID", ":LABEL", "name", "year:int"]},
    ...                    {"CITES": ([":START_ID", ":END_ID", ":TYPE", "id"], {"Paper"}, {"Paper"})})
    >>> print(text[text.index("LOAD CSV WITH"):text.index(" IN TRANSACTIONS")])
    LOAD CSV WITH HEADERS FROM 'file:///nodes_Paper.csv' AS row
    CALL (row) {
      MERGE (n:Paper {id: row.`id:ID`})
      SET n.name = row.name,
          n.year = toInteger(row.`year:int`)
    }
    """
    out = [
        "// Load the kg Neo4j export into a running Neo4j server (5.23 or later) with LOAD CSV.",
        "// 1. Copy the nodes_*.csv and rels_*.csv files of this directory into the server's",
        "//    import directory (server.directories.import, e.g. <NEO4J_HOME>/import).",
        "// 2. Set db.import.csv.legacy_quote_escaping=false in neo4j.conf and restart: by",
        "//    default LOAD CSV reads a backslash before a quote as an escaped quote, and",
        '//    abstracts contain LaTeX such as Schr\\"{o}dinger (RFC 4180 doubles quotes instead).',
        "// 3. cypher-shell -u neo4j -p <password> -f load.cypher",
        "//    (in Neo4j Browser, prefix each LOAD CSV statement with :auto).",
        "// Running it again updates the nodes and relationships in place (MERGE on id).",
        "",
    ]
    concept_labels = [label for label in nodes if label in CONCEPT_TYPES]
    for label in [*nodes, *(["Concept"] if concept_labels else [])]:
        name = re.sub(r"\W", "_", label)
        out.append(f"CREATE CONSTRAINT kg_{name}_id IF NOT EXISTS "
                   f"FOR (n:{_ident(label)}) REQUIRE n.id IS UNIQUE;")
    for label in nodes:
        name = re.sub(r"\W", "_", label)
        out.append(f"CREATE INDEX kg_{name}_name IF NOT EXISTS FOR (n:{_ident(label)}) ON (n.name);")
    out.append("")
    for label, header in nodes.items():
        labels = f":{_ident(label)}" + (":Concept" if label in CONCEPT_TYPES else "")
        props = [_cypher_value(f) for f in header if f.partition(":")[2] not in ("ID", "LABEL", "IGNORE")]
        out.append(f"LOAD CSV WITH HEADERS FROM 'file:///nodes_{label}.csv' AS row")
        out.append("CALL (row) {")
        out.append(f"  MERGE (n{labels} {{id: row.{_ident(header[0])}}})")
        out.extend(_set_lines("n", props))
        out.append(f"}} IN TRANSACTIONS OF {BATCH_ROWS} ROWS;")
        out.append("")
    for rtype, (header, starts, ends) in rels.items():
        props = [_cypher_value(f) for f in header
                 if f.partition(":")[2] not in ("START_ID", "END_ID", "TYPE", "IGNORE") and f != "id"]
        out.append(f"LOAD CSV WITH HEADERS FROM 'file:///rels_{rtype}.csv' AS row")
        out.append("CALL (row) {")
        out.append(f"  MATCH (a{_match_label(starts)} {{id: row.`:START_ID`}})")
        out.append(f"  MATCH (b{_match_label(ends)} {{id: row.`:END_ID`}})")
        out.append(f"  MERGE (a)-[r:{_ident(rtype)} {{id: row.id}}]->(b)")
        out.extend(_set_lines("r", props))
        out.append(f"}} IN TRANSACTIONS OF {BATCH_ROWS} ROWS;")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _set_lines(var: str, props: list[tuple[str, str]]) -> list[str]:
    """``SET var.p = expr, ...`` lines (none without properties)."""
    lines = [f"{var}.{_ident(name)} = {expr}" for name, expr in props]
    return [("  SET " if i == 0 else "      ") + line + ("," if i < len(lines) - 1 else "")
            for i, line in enumerate(lines)]


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None) -> None:
    """Write the Neo4j import directory ``path`` (created if missing).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    path : Path
        Output directory; gets ``nodes_*.csv``, ``rels_*.csv``, ``import.sh`` and
        ``load.cypher``.
    on_warning : callable, optional
        Unused: lists become Neo4j arrays, nothing is flattened.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write(nx.MultiDiGraph(), Path(d) / "neo4j")
    ...     sorted(p.name for p in (Path(d) / "neo4j").iterdir())
    ['import.sh', 'load.cypher']
    """
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    nodes = _node_headers(graph)
    rels = _rel_headers(graph)
    _write_node_files(graph, path, nodes)
    _write_rel_files(graph, path, rels)
    script = path / "import.sh"
    script.write_text(import_script(list(nodes), list(rels)), encoding="utf-8", newline="\n")
    os.chmod(script, 0o777 & ~umask() | 0o100)
    ends = _endpoint_labels(graph)
    cypher = load_script({label: header for label, (header, _) in nodes.items()},
                         {rtype: (header, *ends[rtype]) for rtype, (header, _) in rels.items()})
    (path / "load.cypher").write_text(cypher, encoding="utf-8", newline="\n")
