"""JSON-LD export (``graph.jsonld``), compacted with the kg context.

rdflib's JSON-LD converter does the compaction, one subject at a time, fed from the
mapping's triples grouped by subject (:func:`kg.rdf.mapping.subject_groups`) instead of
a full :class:`rdflib.Graph`; the document is written node by node.

The ``@context`` (:func:`kg.rdf.context.jsonld_context`, also ``schemas/context.jsonld``)
is embedded, so the file parses offline. The document is always ``{"@context": ...,
"@graph": [...]}`` with nodes sorted by ``@id``, keys sorted and multi-valued
properties sorted (JSON-LD arrays are unordered sets unless ``@list``), so the output is
byte-identical across runs.

>>> import json, networkx as nx
>>> g = nx.MultiDiGraph()
>>> g.add_node("paper/p1", type="Paper", label="T", year=2024)
>>> doc = json.loads(serialize(g))
>>> doc["@graph"][0]["date"], doc["@graph"][0]["type"]
('2024', ['Paper', 'schema:ScholarlyArticle'])
"""
from __future__ import annotations

import io
import json
from collections.abc import Iterator
from json.encoder import encode_basestring as _encode_str
from pathlib import Path
from typing import TextIO

import networkx as nx
from rdflib import RDF, BNode, Literal, URIRef
from rdflib.plugins.serializers.jsonld import PLAIN_LITERAL_TYPES, Converter
from rdflib.plugins.shared.jsonld.context import UNDEF, Context
from rdflib.plugins.shared.jsonld.keys import ID, VOCAB

from kg.rdf.context import jsonld_context
from kg.rdf.mapping import DEFAULT_BASE, subject_groups


def _key(item: object) -> str:
    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def _normalise(node: dict) -> dict:
    return {k: sorted(v, key=_key) if isinstance(v, list) else v for k, v in node.items()}


class _Triples:
    """The read-only slice of :class:`rdflib.Graph` that rdflib's JSON-LD converter uses,
    over triples grouped by subject (``{subject: [(predicate, object), ...]}``)."""

    context_aware = False

    def __init__(self, index: dict):
        self.identifier = BNode("kg-jsonld")  # not a URIRef: the default graph
        self._index = index

    def subjects(self, predicate=None, obj=None):
        if predicate is None and obj is None:
            return iter(self._index)
        return (s for s, pos in self._index.items()
                if any((predicate is None or p == predicate) and (obj is None or o == obj) for p, o in pos))

    def predicate_objects(self, subject):
        return iter(self._index.get(subject, ()))

    def value(self, subject, predicate):
        return next((o for p, o in self._index.get(subject, ()) if p == predicate), None)


def nodes(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> Iterator[dict]:
    """The ``@graph`` entries, one per subject, sorted by ``id``, one at a time.

    Each is what rdflib's compaction (as ``Graph.serialize(format="json-ld",
    context=...)``) makes of that subject -- the conversion of a node depends on its own
    triples only (there are no blank nodes or RDF lists) -- after the JSON round trip
    rdflib's serializer makes (``str`` subclasses -> ``str``, lone surrogates -> ``?``),
    with multi-valued properties sorted. :class:`_Compactor` makes it, with rdflib's
    converter as the fallback for any triple shape it does not plan.
    """
    context = Context(jsonld_context(), base=None)
    compactor = _Compactor(context)
    for s, pos in subject_groups(graph, base, order=context.shrink_iri):
        for node in compactor.nodes(s, pos):
            yield _normalise(node)


def rdflib_nodes(converter: Converter, s, pos: list) -> list[dict]:
    """One subject's nodes as rdflib's converter makes them (the subject's, plus one per
    blank node object): the reference :class:`_Compactor` is tested against, and its
    fallback."""
    return [_plain(node) for node in converter.from_graph(_Triples({s: pos}))]


class _Unplanned(Exception):
    """A triple shape :class:`_Compactor` leaves to rdflib's converter."""


class _Compactor:
    """rdflib's JSON-LD compaction of one subject's triples (``Converter.add_to_node``),
    planned once per triple shape -- (predicate, object kind, datatype, language) -- instead
    of once per triple: the term a predicate compacts to and how its object is written
    depend on that shape only. Shapes it does not plan (blank nodes, RDF lists, container
    terms, a context language) send the subject to rdflib's converter.

    >>> from rdflib import Literal, URIRef
    >>> c = _Compactor(Context(jsonld_context(), base=None))
    >>> kg = "https://kg.example.org/ns#"
    >>> c.node(URIRef("https://kg.example.org/id/paper/p1"), [
    ...     (URIRef(kg + "confidence"), Literal("0.9", datatype=URIRef("http://www.w3.org/2001/XMLSchema#decimal")))])
    {'id': 'https://kg.example.org/id/paper/p1', 'confidence': '0.9'}
    """

    def __init__(self, context: Context) -> None:
        self.context = context
        self.converter = Converter(context, (False,), False)
        self._plans: dict[tuple, tuple] = {}
        self._symbols: dict[str, str] = {}

    def nodes(self, s, pos: list) -> list[dict]:
        """The JSON-LD nodes of subject ``s`` with ``(predicate, object)`` pairs ``pos``."""
        try:
            return [self.node(s, pos)]
        except _Unplanned:
            return rdflib_nodes(self.converter, s, pos)

    def node(self, s, pos: list) -> dict:
        """The node of ``s``, planned; raises :class:`_Unplanned` for a shape it leaves to rdflib."""
        ctx = self.context
        node: dict = {ctx.id_key: _text(ctx.shrink_iri(s))}
        plans, plan_for = self._plans, self._plan
        for p, o in pos:
            is_literal = type(o) is Literal
            shape = (p, o.datatype, o.language) if is_literal else (p, type(o))
            plan = plans.get(shape)
            if plan is None:
                plan = plans[shape] = plan_for(p, o)
            key, mode, use_set = plan
            value = self._value(o, mode)
            existing = node.get(key)
            if existing:  # rdflib's test: a falsy value already there is replaced
                if not isinstance(existing, list):
                    existing = [existing]
                existing.append(value)
                node[key] = existing
            else:
                node[key] = [value] if use_set else value
        return node

    def _value(self, o, mode: str):
        ctx = self.context
        if mode == "text":
            return _text(str(o))
        if mode == "id":
            return {ctx.id_key: self._shrink(o)}
        if mode == "shrink":
            return self._shrink(o)
        if mode == "symbol":
            return _text(ctx.to_symbol(o))
        if mode == "native":
            return _native(o.toPython())
        if mode == "typed":
            return {ctx.type_key: _text(ctx.to_symbol(o.datatype)), ctx.value_key: _text(str(o))}
        if mode == "typed-native":
            return {ctx.type_key: _text(ctx.to_symbol(o.datatype)), ctx.value_key: _native(o.toPython())}
        if mode == "lang":
            return {ctx.lang_key: o.language, ctx.value_key: _text(str(o))}
        if mode == "value":
            return {ctx.value_key: _text(str(o))}
        raise AssertionError(mode)

    def _shrink(self, o) -> str:
        key = str(o)
        got = self._symbols.get(key)
        if got is None:
            if len(self._symbols) > 100_000:
                self._symbols.clear()
            got = self._symbols[key] = _text(self.context.shrink_iri(o))
        return got

    def _plan(self, p, o) -> tuple[str, str, bool]:
        """``(key, mode, use_set)`` for triples shaped like ``(p, o)``: the steps of
        ``Converter.add_to_node`` and ``to_raw_value`` that do not depend on the value."""
        ctx = self.context
        is_literal = isinstance(o, Literal)
        if type(p) is not URIRef or not (is_literal or type(o) is URIRef) or ctx.language \
                or p in (RDF.first, RDF.rest):
            raise _Unplanned
        if is_literal:
            term = ctx.find_term(str(p), str(o.datatype) if o.datatype else None, language=o.language)
        else:
            term = next((t for t in (ctx.find_term(str(p), c, None) for c in (ID, VOCAB, UNDEF)) if t), None)
        mode = None
        use_set = not ctx.active
        if term:
            if term.container:
                raise _Unplanned
            key = term.name
            if term.type == ID:
                mode = "text" if is_literal else "shrink"
            elif term.type == VOCAB:
                mode = None if is_literal else "symbol"
            elif term.type:
                mode = "text" if is_literal and str(o.datatype) == term.type else None
            elif term.language and is_literal and o.language == term.language:
                mode = "text"
        else:
            key = ctx.to_symbol(p)
            key_term = ctx.terms.get(key)
            if key_term and (key_term.type or key_term.container):
                key = str(p)
            if p == RDF.type and not self.converter.use_rdf_type:
                if not is_literal:
                    mode = "symbol"
                key = ctx.type_key
        if mode is None:
            mode = self._raw_mode(o) if is_literal else "id"
        return _text(key), mode, use_set

    def _raw_mode(self, o: Literal) -> str:
        ctx = self.context
        native = self.converter.use_native_types and o.datatype in PLAIN_LITERAL_TYPES
        if o.datatype:
            return "native" if native and ctx.active else ("typed-native" if native else "typed")
        if o.language and o.language != ctx.language:
            return "lang"
        return "value" if not ctx.active else "text"


def _text(value: str) -> str:
    """``value`` as a plain ``str`` after the UTF-8 round trip (lone surrogates -> ``?``)."""
    try:
        value.encode("utf-8")
        return str(value)
    except UnicodeEncodeError:
        return value.encode("utf-8", "replace").decode("utf-8")


def _native(value):
    return _plain(value) if isinstance(value, str) else value


def _plain(value):
    """``value`` as the JSON round trip of rdflib's serializer leaves it: ``str`` subclasses
    (URIRef, Literal) as ``str``, tuples as lists, lone surrogates as ``?``.

    >>> from rdflib import URIRef
    >>> _plain({"@id": URIRef("x"), "v": ("a" + chr(0xD800) + "b", 1)})
    {'@id': 'x', 'v': ['a?b', 1]}
    """
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _write_document(graph: nx.MultiDiGraph, out: TextIO, base: str) -> None:
    """Write ``{"@context": ..., "@graph": [...]}`` as ``json.dumps(doc, indent=2,
    sort_keys=True, ensure_ascii=False)`` would, one node at a time."""
    head = json.dumps({"@context": jsonld_context()}, indent=2, sort_keys=True, ensure_ascii=False)
    out.write(head[:-2] + ',\n  "@graph": [')  # head ends in "\n}"
    sep = "\n    "
    for node in nodes(graph, base):
        out.write(sep + dumps_indented(node, "    "))
        sep = ",\n    "
    out.write("]\n}\n" if sep == "\n    " else "\n  ]\n}\n")


_SCALARS = {True: "true", False: "false", None: "null"}


def dumps_indented(value, indent: str = "") -> str:
    r"""``json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)`` with every line
    after the first prefixed by ``indent``, for JSON values made of dicts with ``str`` keys,
    lists, strings, numbers, booleans and None (what :func:`nodes` yields). The standard
    library indents in pure Python; this calls its C string encoder per string instead.

    >>> v = {"b": [1, 2.5, {"c": None}], "a": "x\u00e9\"", "e": [], "d": {}}
    >>> dumps_indented(v, "  ") == json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False).replace("\n", "\n  ")
    True
    """
    if isinstance(value, str):
        return _encode_str(value)
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = indent + "  "
        return "{\n" + ",\n".join(f"{inner}{_encode_str(k)}: {dumps_indented(v, inner)}"
                                    for k, v in sorted(value.items())) + "\n" + indent + "}"
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + dumps_indented(v, inner) for v in value) + "\n" + indent + "]"
    if value is None or value is True or value is False:
        return _SCALARS[value]
    return json.dumps(value)


def serialize(graph: nx.MultiDiGraph, base: str = DEFAULT_BASE) -> bytes:
    """Return the JSON-LD document as UTF-8 bytes (2-space indent, trailing newline).

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        Graph from :func:`kg.graph.build_graph`.
    base : str
        Base IRI of nodes and statements.
    """
    buf = io.StringIO()
    _write_document(graph, buf, base)
    return buf.getvalue().encode("utf-8")


def write(graph: nx.MultiDiGraph, path: Path, *, on_warning=None, base: str = DEFAULT_BASE) -> None:
    """Write ``graph`` as JSON-LD to ``path`` (``on_warning`` unused: lossless).

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write(nx.MultiDiGraph(), Path(d) / "g.jsonld")
    ...     json.loads((Path(d) / "g.jsonld").read_text())["@graph"]
    []
    """
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        _write_document(graph, fh, base)
