"""One catalogue of user-facing errors and warnings, each with a code.

Library code raises :class:`KGError` with a catalogue entry; only the CLI prints.

>>> str(KGError(E.E001, path="x.txt", detail="no such file"))
'[E001] cannot read x.txt: no such file'
"""
from __future__ import annotations


class E:
    """Error message catalogue. Codes are stable; messages take keyword fields."""

    E001 = "cannot read {path}: {detail}"
    E002 = "{path}: not a supported input format (use .txt, .jsonl, .json, .csv or .bib)"
    E003 = "{path}: no input files found"
    E004 = "{path}: {detail}"  # file-level parse failure
    E005 = "cannot write output to {path}: {detail}"
    E006 = "no papers to process in {inputs}: every record was empty or invalid"
    E007 = "{path}: SPARQL query failed: {detail}"
    E008 = "{path}: no graph found; run `kg build --out {path}` first"
    E009 = "{path}:{line}: {detail}"  # gold/pred file for kg eval
    E010 = "unknown export format {name!r}; known: {known}"
    E011 = "{path}: cannot use as a store: {detail}"
    E012 = "unknown query {name!r}; shipped queries: {known}"
    E013 = "cannot serve on {host}:{port}: {detail}"
    E014 = "{path}: {count} SHACL violation(s); the graph does not conform to {shapes}"
    E015 = "SPARQL query worker could not start: {detail}"


class W:
    """Warning catalogue (bad records that are skipped, lossy formats)."""

    W001 = "{path}:{line}: skipped record: {detail}"
    W002 = "{path}:{line}: duplicate abstract of {other}; kept the first"
    W003 = "{fmt}: {count} list-valued attributes were flattened to '|'-joined strings"
    W004 = "{path}:{line}: duplicate id {id!r} (first at {other}); renamed to {new!r}"
    W005 = "{path}: no records: {detail}"


class KGError(Exception):
    """An error a user can act on. ``str()`` is a one-line message with its code."""

    def __init__(self, template: str, **fields: object) -> None:
        code = next((k for k, v in vars(E).items() if v is template), "E000")
        self.code = code
        self.fields = fields
        super().__init__(f"[{code}] " + template.format(**fields))


def warning_text(template: str, **fields: object) -> str:
    """Format a warning from the catalogue: ``[W001] file:3: skipped record: ...``."""
    code = next((k for k, v in vars(W).items() if v is template), "W000")
    return f"[{code}] " + template.format(**fields)
