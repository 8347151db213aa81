"""Read JSON Lines: one JSON object per line, one paper per object.

Format
------
Each non-blank line is an object with ``abstract`` (required, non-empty string)
and optional ``id``, ``title``, ``authors`` (list of strings, or one string
such as ``"A and B"`` or ``"A; B"``), ``year`` (integer or digit string),
``venue`` and ``url``. Other keys are ignored.

A bad line (invalid or truncated JSON, not an object, no abstract, a value of
the wrong type) is skipped with warning W001 naming the file and line number;
reading goes on. A record without ``id`` gets ``<file stem>-<line number>``.

Examples
--------
>>> text = '{"id": "p1", "abstract": "We propose FOO.", "year": 2025}\\n{"abstract": \\n'
>>> [p.id for p in parse(text, source="runs.jsonl", on_warning=print)]
[W001] runs.jsonl:2: skipped record: invalid JSON (Expecting value at column 14)
['p1']
>>> next(parse('{"abstract": "We study BAR."}', source="runs.jsonl", on_warning=print)).id
'runs-1'
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from kg.errors import W, warning_text
from kg.ingest._common import BadRecord, OnWarning, json_int, one_line, paper_from_mapping
from kg.records import Paper

__all__ = ["parse"]


def parse(text: str, *, source: str, on_warning: OnWarning) -> Iterator[Paper]:
    """Parse JSON Lines text; ``source`` names the file (its stem gives default ids).

    Parameters
    ----------
    text : str
        Decoded file content.
    source : str
        The file's path as given.
    on_warning : callable
        Receives one formatted warning string per skipped line.

    Yields
    ------
    Paper
    """
    stem = Path(source).stem
    # split on "\n" only: str.splitlines() would also break at U+2028 inside JSON strings
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            try:
                record = json.loads(line, parse_int=json_int)
            except json.JSONDecodeError as exc:
                raise BadRecord(f"invalid JSON ({exc.msg} at column {exc.colno})") from None
            except RecursionError:
                raise BadRecord("invalid JSON (nested too deeply)") from None
            except ValueError as exc:  # any other refusal of the json module
                raise BadRecord(f"invalid JSON ({one_line(exc)})"[:200]) from None
            paper = paper_from_mapping(record, default_id=f"{stem}-{number}",
                                       source=source, line=number)
        except BadRecord as exc:
            on_warning(warning_text(W.W001, path=source, line=number, detail=exc))
            continue
        yield paper

