"""SHACL validation of a build against the kg shapes (``schemas/shapes.ttl``).

The shapes ship as package data (``kg/data/shapes.ttl``, a copy of
``schemas/shapes.ttl`` that a test keeps equal) so an installed ``kg validate`` finds them.

>>> from rdflib import Graph
>>> g = Graph().parse(data='''@prefix kg: <https://kg.example.org/ns#> .
... <https://kg.example.org/claim/p/1> a kg:Claim ; kg:kind "rumour" .''', format="turtle")
>>> report = validate_graph(g)
>>> report.conforms
False
>>> for line in report.lines():
...     print(line)
claim/p/1  [^kg:makesClaim]  a claim is made by a paper (kg:makesClaim)
claim/p/1  [kg:evidence]  a claim has exactly one kg:evidence sentence
claim/p/1  [kg:kind]  a claim has exactly one kg:kind: empirical, theoretical or finding (value: rumour)
claim/p/1  [kg:sentence]  a claim has exactly one kg:sentence
claim/p/1  [prov:wasDerivedFrom]  a claim is derived from exactly one paper
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from rdflib import Graph, URIRef
from rdflib.namespace import RDF, SH

from kg.errors import E, KGError
from kg.rdf.context import PREFIXES
from kg.rdf.mapping import DEFAULT_BASE


@dataclass(frozen=True, order=True)
class Violation:
    """One SHACL result: focus node, property path, message (all as readable text)."""

    focus: str
    path: str
    message: str
    severity: str = "Violation"
    value: str = ""

    def line(self) -> str:
        """One line: ``focus  [path]  message`` (plus severity unless a violation)."""
        head = "" if self.severity == "Violation" else f"{self.severity}: "
        path = f"  [{self.path}]" if self.path else ""
        value = f" (value: {self.value})" if self.value not in ("", self.focus) else ""
        return f"{head}{self.focus}{path}  {self.message}{value}"


@dataclass
class Report:
    """Outcome of a validation: ``conforms`` and the sorted results."""

    conforms: bool
    triples: int
    source: str = ""
    results: list[Violation] = field(default_factory=list)
    shapes: str = ""

    def lines(self) -> list[str]:
        """One readable line per result."""
        return [v.line() for v in self.results]

    def check(self) -> None:
        """Raise E014 unless the graph conforms.

        Raises
        ------
        KGError
            E014 naming the graph, the number of violations and the shapes.
        """
        if not self.conforms:
            count = sum(v.severity == "Violation" for v in self.results)
            raise KGError(E.E014, path=self.source or "graph", count=count, shapes=self.shapes)


def shapes_path() -> Path:
    """Path of the packaged shapes (``kg/data/shapes.ttl``)."""
    return Path(str(resources.files("kg") / "data" / "shapes.ttl"))


def _short(term, base: str) -> str:
    if term is None:
        return ""
    s = str(term)
    if isinstance(term, URIRef):
        for prefix, ns in PREFIXES.items():
            if s.startswith(ns) and s != ns:
                return f"{prefix}:{s[len(ns):]}"
        return s[len(base):] if s.startswith(base) else f"<{s}>"
    return s if len(s) <= 60 else s[:57] + "..."


def _path_text(report: Graph, path, base: str) -> str:
    if path is None:
        return ""
    inverse = report.value(path, SH.inversePath)
    if inverse is not None:
        return "^" + _short(inverse, base)
    return _short(path, base)


def _parse(path: Path) -> Graph:
    fmt = "nt" if path.suffix == ".nt" else "turtle"
    try:
        return Graph().parse(path, format=fmt)
    except OSError as exc:
        raise KGError(E.E001, path=path, detail=exc.strerror or str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - rdflib raises many parser error types
        raise KGError(E.E004, path=path, detail=str(exc).splitlines()[0]) from None


def validate_graph(data: Graph, shapes: str | Path | None = None, base: str = DEFAULT_BASE) -> Report:
    """Validate an rdflib graph against the shapes.

    Parameters
    ----------
    data : rdflib.Graph
        The data graph (not modified; no inference is run).
    shapes : str or Path, optional
        A SHACL Turtle file; default :func:`shapes_path`.
    base : str
        Data base IRI, stripped from node IRIs in messages.

    Returns
    -------
    Report
        ``conforms`` is False when any result has severity sh:Violation.
    """
    import pyshacl

    shapes_graph = _parse(Path(shapes) if shapes else shapes_path())
    _, report, text = pyshacl.validate(data, shacl_graph=shapes_graph, inference="none",
                                       allow_warnings=True, advanced=True)
    if not isinstance(report, Graph):  # the shapes themselves are broken
        raise KGError(E.E004, path=shapes or shapes_path(), detail=str(text).strip().splitlines()[-1])
    results = []
    for r in report.subjects(RDF.type, SH.ValidationResult):
        severity = report.value(r, SH.resultSeverity)
        messages = sorted(str(m) for m in report.objects(r, SH.resultMessage))
        results.append(Violation(
            focus=_short(report.value(r, SH.focusNode), base),
            path=_path_text(report, report.value(r, SH.resultPath), base),
            message="; ".join(messages) or "constraint not met",
            severity=str(severity).rsplit("#", 1)[-1] if severity else "Violation",
            value=_short(report.value(r, SH.value), base),
        ))
    results = sorted(set(results))
    conforms = not any(v.severity == "Violation" for v in results)
    return Report(conforms, len(data), results=results, shapes=str(shapes or "schemas/shapes.ttl"))


def validate(graph_dir: str | Path = "exports", shapes: str | Path | None = None) -> Report:
    """Validate a build (``graph.ttl``, else ``graph.nt``) against the shapes.

    Parameters
    ----------
    graph_dir : str or Path
        Build directory, or a ``.ttl``/``.nt`` file.
    shapes : str or Path, optional
        SHACL shapes file; default the packaged ``schemas/shapes.ttl``.

    Returns
    -------
    Report

    Raises
    ------
    KGError
        E008 when there is no graph, E001/E004 when a file cannot be read or parsed.
    """
    p = Path(graph_dir)
    if p.is_file():
        source = p
    else:
        source = next((p / n for n in ("graph.ttl", "graph.nt") if (p / n).is_file()), None)
        if source is None:
            raise KGError(E.E008, path=p)
    report = validate_graph(_parse(source), shapes)
    report.source = str(source)
    return report
