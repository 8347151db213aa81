r"""SPARQL protocol helpers: content negotiation, result serialisers, query screening.

The serialisers write SPARQL 1.1 query results (JSON, XML, CSV, TSV) from a list of rows
so the endpoint can stop at a row cap; pyoxigraph's own serialisers only take a whole
result iterator.

>>> import pyoxigraph as ox
>>> rows = [[ox.NamedNode("http://x.org/a"), ox.Literal("1", language="en")]]
>>> select_results(["s", "o"], rows, "tsv").decode().splitlines()
['?s\t?o', '<http://x.org/a>\t"1"@en']
"""
from __future__ import annotations

import csv
import io
import json
import re
from xml.sax.saxutils import escape, quoteattr

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"

#: media type -> result format, for SELECT and ASK, in server preference order
RESULT_TYPES = {
    "application/sparql-results+json": "json",
    "application/json": "json",
    "application/sparql-results+xml": "xml",
    "application/xml": "xml",
    "text/xml": "xml",
    "text/csv": "csv",
    "text/tab-separated-values": "tsv",
}
#: media type -> pyoxigraph RdfFormat name, for CONSTRUCT and DESCRIBE, in preference order
GRAPH_TYPES = {
    "text/turtle": "TURTLE",
    "application/n-triples": "N_TRIPLES",
    "text/plain": "N_TRIPLES",
    "application/rdf+xml": "RDF_XML",
    "application/ld+json": "JSON_LD",
}
#: Content-Type sent for each result format
CONTENT_TYPE = {
    "json": "application/sparql-results+json",
    "xml": "application/sparql-results+xml; charset=utf-8",
    "csv": "text/csv; charset=utf-8",
    "tsv": "text/tab-separated-values; charset=utf-8",
}


def negotiate(accept: str | None, offers) -> str | None:
    """Pick the offered media type the ``Accept`` header likes best.

    Parameters
    ----------
    accept : str or None
        An HTTP ``Accept`` header; missing or empty means anything.
    offers : iterable of str
        Media types the server can produce, in order of preference (ties go to the
        first).

    Returns
    -------
    str or None
        The chosen offer, or None when nothing offered is acceptable.

    Examples
    --------
    >>> negotiate("text/csv;q=0.5, application/sparql-results+xml", RESULT_TYPES)
    'application/sparql-results+xml'
    >>> negotiate("text/*", RESULT_TYPES), negotiate(None, GRAPH_TYPES), negotiate("image/png", RESULT_TYPES)
    ('text/xml', 'text/turtle', None)
    """
    offers = list(offers)
    if not accept or not accept.strip():
        return offers[0] if offers else None
    ranges = []
    for part in accept.split(","):
        fields = [f.strip() for f in part.split(";")]
        mtype, q = fields[0].lower(), 1.0
        for f in fields[1:]:
            if f.lower().startswith("q="):
                try:
                    q = float(f[2:])
                except ValueError:
                    q = 0.0
        if mtype:
            ranges.append((mtype, q))

    def quality(offer: str) -> float:
        main = offer.split("/")[0]
        best = None  # (specificity, q): the most specific matching range decides
        for mtype, q in ranges:
            spec = 3 if mtype == offer else 2 if mtype == f"{main}/*" else 1 if mtype == "*/*" else 0
            if spec and (best is None or spec > best[0]):
                best = (spec, q)
        return best[1] if best else 0.0

    scored = [(quality(o), -i, o) for i, o in enumerate(offers)]
    q, _, offer = max(scored)
    return offer if q > 0 else None


# ------------------------------------------------------------------ serialisers


def _kind(term) -> str:
    name = type(term).__name__
    return {"NamedNode": "uri", "BlankNode": "bnode", "Literal": "literal", "Triple": "triple"}.get(name, "literal")


def _json_term(term) -> dict:
    kind = _kind(term)
    if kind == "triple":
        return {"type": "triple", "value": {"subject": _json_term(term.subject),
                                            "predicate": _json_term(term.predicate),
                                            "object": _json_term(term.object)}}
    out = {"type": kind, "value": term.value}
    if kind == "literal":
        if term.language:
            out["xml:lang"] = term.language
        elif term.datatype.value != XSD_STRING:
            out["datatype"] = term.datatype.value
    return out


_XML_INVALID = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _x(text: str) -> str:
    return escape(_XML_INVALID.sub("\ufffd", text))


def _xml_term(term) -> str:
    kind = _kind(term)
    if kind == "uri":
        return f"<uri>{_x(term.value)}</uri>"
    if kind == "bnode":
        return f"<bnode>{_x(term.value)}</bnode>"
    if kind == "triple":
        return (f"<triple><subject>{_xml_term(term.subject)}</subject>"
                f"<predicate>{_xml_term(term.predicate)}</predicate>"
                f"<object>{_xml_term(term.object)}</object></triple>")
    if term.language:
        attr = f" xml:lang={quoteattr(term.language)}"
    elif term.datatype.value != XSD_STRING:
        attr = f" datatype={quoteattr(term.datatype.value)}"
    else:
        attr = ""
    return f"<literal{attr}>{_x(term.value)}</literal>"


def _csv_term(term) -> str:
    if term is None:
        return ""
    kind = _kind(term)
    if kind == "bnode":
        return f"_:{term.value}"
    return str(term) if kind == "triple" else term.value


def select_results(variables: list[str], rows: list[list], fmt: str) -> bytes:
    """Serialise SELECT results.

    Parameters
    ----------
    variables : list of str
        Variable names, without ``?``.
    rows : list of list
        One list of pyoxigraph terms (or None when unbound) per solution.
    fmt : {"json", "xml", "csv", "tsv"}

    Returns
    -------
    bytes
        UTF-8 text in the SPARQL 1.1 results format.

    Examples
    --------
    >>> import pyoxigraph as ox
    >>> select_results(["n"], [[ox.Literal("3", datatype=ox.NamedNode(
    ...     "http://www.w3.org/2001/XMLSchema#integer"))], [None]], "json")
    b'{"head": {"vars": ["n"]}, "results": {"bindings": [{"n": {"type": "literal", "value": "3", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}}, {}]}}'
    """
    if fmt == "json":
        bindings = [{v: _json_term(t) for v, t in zip(variables, row) if t is not None} for row in rows]
        return json.dumps({"head": {"vars": variables}, "results": {"bindings": bindings}},
                          ensure_ascii=False).encode("utf-8")
    if fmt == "xml":
        out = ['<?xml version="1.0" encoding="utf-8"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#">',
               "<head>", *(f"<variable name={quoteattr(v)}/>" for v in variables), "</head>", "<results>"]
        for row in rows:
            cells = "".join(f"<binding name={quoteattr(v)}>{_xml_term(t)}</binding>"
                            for v, t in zip(variables, row) if t is not None)
            out.append(f"<result>{cells}</result>")
        out += ["</results>", "</sparql>\n"]
        return "\n".join(out).encode("utf-8")
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\r\n")
        w.writerow(variables)
        w.writerows([_csv_term(t) for t in row] for row in rows)
        return buf.getvalue().encode("utf-8")
    if fmt == "tsv":
        lines = ["\t".join(f"?{v}" for v in variables)]
        lines += ["\t".join("" if t is None else str(t) for t in row) for row in rows]
        return ("\n".join(lines) + "\n").encode("utf-8")
    raise ValueError(f"unknown result format {fmt!r}")


def boolean_result(value: bool, fmt: str) -> bytes:
    """Serialise an ASK result (CSV and TSV, which define none, get ``true``/``false``).

    Examples
    --------
    >>> boolean_result(True, "json")
    b'{"head": {}, "boolean": true}'
    """
    if fmt == "json":
        return json.dumps({"head": {}, "boolean": value}).encode("utf-8")
    if fmt == "xml":
        return ('<?xml version="1.0" encoding="utf-8"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#">'
                f"<head/><boolean>{str(value).lower()}</boolean></sparql>\n").encode("utf-8")
    return f"{str(value).lower()}\n".encode("utf-8")


# ------------------------------------------------------------------ screening

_TOKENS = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""'          # long strings
    r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"(?:[^"\\\n]|\\.)*"'                    # strings
    r"|'(?:[^'\\\n]|\\.)*'"
    r'|<[^<>"{}|^`\\\s]*>'                     # IRIs
    r"|#[^\n]*"                                # comments
    r"|[?$]\w+"                                # variables
    r"|\w+:\w*"                                # prefixed names
    r"|(\b[A-Za-z]+\b)",                       # keywords: the only group captured
)
_UPDATE = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD", "WITH"}


def keywords(sparql: str) -> list[str]:
    """Upper-cased bare words of a query, outside strings, IRIs, comments and names.

    Examples
    --------
    >>> keywords('SELECT * WHERE { ?s ?p "SERVICE" } # SERVICE')
    ['SELECT', 'WHERE']
    """
    return [m.group(1).upper() for m in _TOKENS.finditer(sparql) if m.group(1)]


def is_update(sparql: str) -> bool:
    """Whether the request is a SPARQL Update (its first keyword after the prologue).

    Examples
    --------
    >>> is_update("PREFIX x: <http://x/> INSERT DATA { x:a x:b x:c }"), is_update("ASK {}")
    (True, False)
    """
    words = [w for w in keywords(sparql) if w not in ("PREFIX", "BASE")]
    return bool(words) and words[0] in _UPDATE


def uses_service(sparql: str) -> bool:
    """Whether the query contains a ``SERVICE`` (federated query) clause.

    Examples
    --------
    >>> uses_service("SELECT * { SERVICE <http://x/sparql> { ?s ?p ?o } }")
    True
    >>> uses_service("SELECT * { ?s ?p 'SERVICE' }")
    False
    """
    return "SERVICE" in keywords(sparql)
