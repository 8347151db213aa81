"""Read comma-separated values: a header row, then one paper per row.

Format
------
The header names the columns, case-insensitively: ``abstract`` (required),
and optionally ``id``, ``title``, ``authors``, ``year``, ``venue``, ``url``;
other columns are ignored. Fields follow RFC 4180 quoting, so a quoted field
may hold commas, doubled quotes and line breaks. ``authors`` is split on ``;``
or on the word ``and``; an empty field means absent.

A header without an ``abstract`` column is a file-level error (``KGError``
E004). A row with an empty abstract, a non-numeric year, more fields than the
header (usually an unquoted comma) or broken quoting is skipped with warning
W001 naming the line where the row starts (an unterminated quote swallows the
rest of the file, so that warning comes last). Blank lines are ignored. A row without ``id`` gets
``<file stem>-<line number>``.

Examples
--------
>>> text = 'id,title,abstract,authors\\np1,Foo,"We propose FOO, a ""fast""\\nmethod.",A; B\\n'
>>> p = next(parse(text, source="papers.csv", on_warning=print))
>>> p.abstract, p.authors, p.line
('We propose FOO, a "fast"\\nmethod.', ('A', 'B'), 2)
"""
from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

from kg.errors import E, W, KGError, warning_text
from kg.ingest._common import BadRecord, OnWarning, one_line, paper_from_mapping
from kg.records import Paper

__all__ = ["parse"]

COLUMNS = ("id", "abstract", "title", "authors", "year", "venue", "url")

#: Largest field accepted. The csv module's default (128 KiB) would skip a long abstract;
#: the whole file is already in memory, so the limit protects nothing here.
FIELD_LIMIT = 2**31 - 1


def parse(text: str, *, source: str, on_warning: OnWarning) -> Iterator[Paper]:
    """Parse CSV text; ``source`` names the file (its stem gives default ids).

    Parameters
    ----------
    text : str
        Decoded file content.
    source : str
        The file's path as given.
    on_warning : callable
        Receives one formatted warning string per skipped row.

    Yields
    ------
    Paper

    Raises
    ------
    KGError
        E004 if the header has no ``abstract`` column.
    """
    if csv.field_size_limit() < FIELD_LIMIT:  # process-wide setting of the csv module
        csv.field_size_limit(FIELD_LIMIT)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    stem = Path(source).stem
    header: dict[str, int] | None = None
    width = 0
    end = 0  # physical lines consumed so far
    while True:
        start = end + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # the reader resumes at the next physical line
            end = reader.line_num
            detail = ("unterminated quoted field" if "end of data" in str(exc)
                      else f"bad CSV row: {one_line(exc)}")
            on_warning(warning_text(W.W001, path=source, line=start, detail=detail))
            continue
        end = reader.line_num
        if not any(field.strip() for field in row):
            continue
        if header is None:
            names = [one_line(name).lower() for name in row]
            header = {}
            for index, name in enumerate(names):
                header.setdefault(name, index)
            width = len(row)
            if "abstract" not in header:
                raise KGError(E.E004, path=source, detail=(
                    f"CSV header has no 'abstract' column (found: {', '.join(names)})"))
            continue
        try:
            if len(row) > width:
                raise BadRecord(f"{len(row)} fields but the header has {width} (unquoted comma?)")
            record = {name: row[i] for name, i in header.items()
                      if name in COLUMNS and i < len(row)}
            paper = paper_from_mapping(record, default_id=f"{stem}-{start}",
                                       source=source, line=start)
        except BadRecord as exc:
            on_warning(warning_text(W.W001, path=source, line=start, detail=exc))
            continue
        yield paper

