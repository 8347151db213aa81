"""SPARQL over a built graph with an embedded Oxigraph store.

Queries may use the prefixes ``kg:``, ``skos:``, ``dcterms:``, ``rdfs:``, ``rdf:``,
``prov:``, ``schema:`` and ``xsd:`` without declaring them. A query is SPARQL text, a
``.rq``/``.sparql`` file, or the bare name of a shipped query (``kg/data/queries/``,
see :func:`shipped_queries`).

By default the graph is loaded into a fresh in-memory store for each query; with
``store=PATH`` a persistent store at PATH is used, loaded from the build only when it is
empty or out of date (see :mod:`kg.rdf.store`).
"""
from __future__ import annotations

import csv
import io
import json
import re
from importlib import resources
from pathlib import Path

from kg.errors import E, KGError

PREFIXES = {
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "dcterms": "http://purl.org/dc/terms/",
    "prov": "http://www.w3.org/ns/prov#",
    "schema": "https://schema.org/",
}


def _kg_namespace() -> str:
    from kg.rdf.namespace import KG

    return str(KG)


def open_store(graph_dir: str | Path, store: str | Path | None = None):
    """Open a store over a build.

    Parameters
    ----------
    graph_dir : str or Path
        Build directory holding ``graph.nt`` or ``graph.ttl``.
    store : str or Path, optional
        Persistent store directory (see :func:`kg.rdf.store.persistent_store`); default
        a fresh in-memory store.

    Returns
    -------
    pyoxigraph.Store
    """
    from kg.rdf.store import memory_store, persistent_store

    if store is None:
        return memory_store(graph_dir)
    return persistent_store(store, graph_dir)


def shipped_queries() -> dict[str, str]:
    """The query library: bare name -> SPARQL text of ``kg/data/queries/*.rq``.

    Examples
    --------
    >>> "papers_building_on_ppo" in shipped_queries()
    True
    """
    folder = resources.files("kg") / "data" / "queries"
    return {f.name[:-3]: f.read_text(encoding="utf-8")
            for f in sorted(folder.iterdir(), key=lambda f: f.name) if f.name.endswith(".rq")}


def resolve_query(sparql: str) -> tuple[str, str]:
    """``(text, source)`` of a query given as text, a ``.rq`` file or a shipped name.

    Examples
    --------
    >>> resolve_query("ASK {}")
    ('ASK {}', 'query')
    >>> resolve_query("most_used_benchmarks")[1]
    'most_used_benchmarks'
    """
    p = Path(sparql)
    if len(sparql) < 4096 and "\n" not in sparql and p.suffix in (".rq", ".sparql"):
        try:
            return p.read_text(encoding="utf-8"), str(p)
        except OSError as exc:
            raise KGError(E.E001, path=p, detail=exc.strerror or str(exc)) from None
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", sparql):
        library = shipped_queries()
        if sparql not in library:
            raise KGError(E.E012, name=sparql, known=", ".join(library))
        return library[sparql], sparql
    return sparql, "query"


def default_prefixes() -> dict[str, str]:
    """Prefixes every query may use undeclared: :data:`PREFIXES` plus ``kg:``.

    Examples
    --------
    >>> default_prefixes()["kg"]
    'https://kg.example.org/ns#'
    """
    return dict(PREFIXES, kg=_kg_namespace())


def _with_prefixes(q: str) -> str:
    prefixes = default_prefixes()
    head = "".join(f"PREFIX {p}: <{iri}>\n" for p, iri in prefixes.items()
                   if f"PREFIX {p}:" not in q and f"prefix {p}:" not in q)
    return head + q


def run_query(sparql: str, graph_dir: str | Path, fmt: str = "table", store: str | Path | None = None) -> str:
    """Run ``sparql`` (a query, a path to a ``.rq`` file, or a shipped query's name) and
    format the results.

    ``fmt``: ``json`` (SPARQL 1.1 Query Results JSON), ``csv`` or ``table``. ``store``: a
    persistent store directory to use instead of an in-memory one (see :func:`open_store`).
    """
    import pyoxigraph as ox

    sparql, source = resolve_query(sparql)
    db = open_store(graph_dir, store)
    try:
        res = db.query(_with_prefixes(sparql))
    except (SyntaxError, ValueError, OSError) as exc:
        raise KGError(E.E007, path=source, detail=str(exc).splitlines()[0]) from None
    if isinstance(res, bool) or isinstance(res, ox.QueryBoolean):
        value = bool(res)
        if fmt == "json":
            return json.dumps({"head": {}, "boolean": value}) + "\n"
        return f"{str(value).lower()}\n"
    if isinstance(res, ox.QueryTriples):
        return "".join(f"{t.subject} {t.predicate} {t.object} .\n" for t in res)
    if fmt == "json":
        return res.serialize(format=ox.QueryResultsFormat.JSON).decode("utf-8") + "\n"
    variables = [v.value for v in res.variables]
    rows = [[_plain(sol[v]) for v in variables] for sol in res]
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(variables)
        w.writerows(rows)
        return buf.getvalue()
    widths = [min(60, max([len(v)] + [len(r[i]) for r in rows])) for i, v in enumerate(variables)]
    fmt_row = lambda r: "  ".join(c[:60].ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    lines = [fmt_row(variables), fmt_row(["-" * w for w in widths])] + [fmt_row(r) for r in rows]
    lines.append(f"({len(rows)} rows)")
    return "\n".join(lines) + "\n"


def _plain(term) -> str:
    if term is None:
        return ""
    return getattr(term, "value", str(term))
