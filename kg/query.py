"""SPARQL over a built graph with an embedded Oxigraph store.

Queries may use the prefixes ``kg:``, ``skos:``, ``dcterms:``, ``rdfs:``, ``rdf:``,
``prov:``, ``schema:`` and ``xsd:`` without declaring them.
"""
from __future__ import annotations

import csv
import io
import json
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


def open_store(graph_dir: str | Path):
    """Load ``graph.nt`` (or ``graph.ttl``) from a build directory into an in-memory store."""
    import pyoxigraph as ox

    d = Path(graph_dir)
    for name, fmt in (("graph.nt", ox.RdfFormat.N_TRIPLES), ("graph.ttl", ox.RdfFormat.TURTLE)):
        f = d / name
        if f.is_file():
            store = ox.Store()
            store.bulk_load(path=str(f), format=fmt)
            return store
    raise KGError(E.E008, path=d)


def _with_prefixes(q: str) -> str:
    prefixes = dict(PREFIXES, kg=_kg_namespace())
    head = "".join(f"PREFIX {p}: <{iri}>\n" for p, iri in prefixes.items()
                   if f"PREFIX {p}:" not in q and f"prefix {p}:" not in q)
    return head + q


def run_query(sparql: str, graph_dir: str | Path, fmt: str = "table") -> str:
    """Run ``sparql`` (a query, or a path to a ``.rq`` file) and format the results.

    ``fmt``: ``json`` (SPARQL 1.1 Query Results JSON), ``csv`` or ``table``.
    """
    import pyoxigraph as ox

    source = "query"
    p = Path(sparql)
    if len(sparql) < 4096 and "\n" not in sparql and p.suffix in (".rq", ".sparql") :
        try:
            sparql = p.read_text(encoding="utf-8")
            source = str(p)
        except OSError as exc:
            raise KGError(E.E001, path=p, detail=exc.strerror or str(exc)) from None
    store = open_store(graph_dir)
    try:
        res = store.query(_with_prefixes(sparql))
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
