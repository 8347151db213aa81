"""Read the bundled plain-text format: a header line, then one abstract per paragraph.

Format
------
The first line names the venue and year (``ICML 2025 Papers``,
``ICML 2025 论文列表``). After it, every paragraph (lines separated by blank
lines) is one abstract. The lines of a paragraph are stripped and joined with a
single space; nothing else in the text is changed.

A first paragraph that is more than one line, or a single line longer than
150 characters, is taken to be an abstract: such a file has no header and its
papers get no venue or year.

Paper ids are ``<prefix>-<NN>``: ``prefix`` is the file stem up to its first
``_`` (``000_f4d2cc6e002cc257.txt`` gives ``000``), ``NN`` the 1-based paragraph
index, zero-padded to two digits. The gold annotations use these ids.

Examples
--------
>>> text = "ICML 2025 Papers\\n\\nWe propose FOO.\\nIt is fast.\\n\\nWe study BAR.\\n"
>>> for p in parse(text, source="000_abc.txt", on_warning=print):
...     print(p.id, p.line, p.venue, p.year, repr(p.abstract))
000-01 3 ICML 2025 'We propose FOO. It is fast.'
000-02 6 ICML 2025 'We study BAR.'
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from kg.errors import W, warning_text
from kg.ingest._common import OnWarning
from kg.records import Paper

__all__ = ["parse", "parse_header", "paper_id_prefix"]

#: Longest single line still taken as a header rather than an abstract.
MAX_HEADER_CHARS = 150

_YEAR = re.compile(r"(?<![0-9])((?:19|20)[0-9]{2})(?![0-9])")
_SHORT_YEAR = re.compile(r"^(?P<venue>.*?\S)\s*['’](?P<yy>[0-9]{2})(?![0-9])")
_FILLER = re.compile(
    r"\b(?:accepted|papers?|abstracts?|list|proceedings)\b|论文列表|论文|摘要",
    re.IGNORECASE,
)
_TRIM = " \t-–—:,;|()[]"


def parse_header(header: str) -> tuple[str | None, int | None]:
    """Return ``(venue, year)`` named by a header line.

    The venue is the text before the year (or, when the year comes first, the
    text after it without filler words such as "Papers"). A header without a
    recognisable year is all venue.

    Examples
    --------
    >>> parse_header("ICML 2025 论文列表")
    ('ICML', 2025)
    >>> parse_header("NeurIPS 2024 Papers")
    ('NeurIPS', 2024)
    >>> parse_header("2023 ACL accepted papers")
    ('ACL', 2023)
    >>> parse_header("ICLR'24")
    ('ICLR', 2024)
    >>> parse_header("Workshop on Robot Learning")
    ('Workshop on Robot Learning', None)
    """
    header = " ".join(header.split())
    m = _YEAR.search(header)
    if m is None:
        short = _SHORT_YEAR.match(header)
        if short:
            return short["venue"].strip(_TRIM) or None, 2000 + int(short["yy"])
        return header or None, None
    year = int(m.group(1))
    venue = header[: m.start()].strip(_TRIM)
    if not venue:
        venue = " ".join(_FILLER.sub(" ", header[m.end():]).split()).strip(_TRIM)
    return venue or None, year


def paper_id_prefix(path: str | Path) -> str:
    """The id prefix of a file: its stem up to the first ``_``.

    >>> paper_id_prefix("corpus/000_f4d2cc6e002cc257.txt")
    '000'
    >>> paper_id_prefix("notes.txt")
    'notes'
    """
    stem = Path(path).stem
    return stem.split("_", 1)[0] or stem


def _paragraphs(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(first line number, stripped lines)`` per blank-line separated block."""
    start, block = 0, []
    for number, line in enumerate(lines, 1):
        if line.strip():
            if not block:
                start = number
            block.append(line.strip())
        elif block:
            yield start, block
            block = []
    if block:
        yield start, block


def parse(text: str, *, source: str, on_warning: OnWarning) -> Iterator[Paper]:
    """Parse the text of one file; ``source`` names it (and gives the id prefix).

    Parameters
    ----------
    text : str
        Decoded file content.
    source : str
        The file's path as given; stored on every paper and used for ids.
    on_warning : callable
        Receives one formatted warning string per problem.

    Yields
    ------
    Paper
    """
    paragraphs = list(_paragraphs(text.split("\n")))
    venue = year = None
    if paragraphs:
        _, first = paragraphs[0]
        if len(first) == 1 and len(first[0]) <= MAX_HEADER_CHARS:
            venue, year = parse_header(first[0])
            paragraphs = paragraphs[1:]
    if not paragraphs:
        on_warning(warning_text(W.W005, path=source, detail="no abstracts after the header line"))
        return
    prefix = paper_id_prefix(source)
    for index, (line, block) in enumerate(paragraphs, 1):
        yield Paper(
            id=f"{prefix}-{index:02d}",
            abstract=" ".join(block),
            venue=venue,
            year=year,
            source=source,
            line=line,
        )

