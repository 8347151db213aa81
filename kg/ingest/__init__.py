"""Ingest: read paper abstracts from files into :class:`~kg.records.Paper` records.

One parser module per format, each exposing ``parse(text, *, source, on_warning)``,
behind the :data:`READERS` registry (keyed by file extension); :func:`read` decodes a
file and hands it to its parser. :func:`read_papers` is the front door; it also drops
duplicate abstracts (W002) and makes repeated ids unique (W004).

================  ===========================================================
Extension         Reader
================  ===========================================================
``.txt``          :mod:`kg.ingest.txt` -- header line, one abstract per paragraph
``.jsonl``        :mod:`kg.ingest.jsonl` -- one JSON object per line
``.json``         :mod:`kg.ingest.json` -- array of objects or ``{"papers": [...]}``
``.csv``          :mod:`kg.ingest.csv` -- header row, one paper per row
``.bib``          :mod:`kg.ingest.bib` -- BibTeX entries with an ``abstract``
================  ===========================================================

Every reader decodes files the same way (:mod:`kg.ingest._common`): UTF-8 (BOM
optional) or UTF-16/32 with a BOM; anything else, or a file with NUL bytes, is a
one-line ``KGError`` E004 naming the path. Bad records are skipped with a
warning passed to ``on_warning``; library code never prints.

Examples
--------
>>> papers = list(read_papers(bundled_corpus(), on_warning=print))
>>> len(papers), papers[0].id, papers[0].venue, papers[0].year
(57, '000-01', 'ICML', 2025)
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path

from kg.errors import E, W, KGError, warning_text
from kg.ingest import bib, csv, json, jsonl, txt
from kg.ingest._common import OnWarning, one_line, read_text
from kg.records import Paper

__all__ = ["READERS", "read", "read_papers", "bundled_corpus", "input_files", "reader_for"]

Parser = Callable[..., Iterator[Paper]]

#: File extension (lower case, with the dot) -> ``parse(text, *, source, on_warning)``.
READERS: dict[str, Parser] = {
    ".txt": txt.parse,
    ".jsonl": jsonl.parse,
    ".json": json.parse,
    ".csv": csv.parse,
    ".bib": bib.parse,
}

#: Package directory of the default input.
BUNDLED_CORPUS = "data/corpus/icml2025"


def bundled_corpus() -> list[Path]:
    """The bundled ICML 2025 corpus files (the default input), sorted by name.

    Examples
    --------
    >>> [p.name for p in bundled_corpus()]
    ['000_f4d2cc6e002cc257.txt', '002_832ad921d29665f7.txt', '004_b3165e9b417d27fa.txt']
    """
    folder = resources.files("kg").joinpath(BUNDLED_CORPUS)
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".txt") and f.is_file()),
                   key=lambda f: f.name)
    return [Path(str(f)) for f in files]


def reader_for(path: str | Path) -> Parser:
    """The registered parser of ``path``'s extension (case-insensitive).

    Raises ``KGError`` E002 for an unsupported extension.

    Examples
    --------
    >>> reader_for("papers.JSONL") is jsonl.parse
    True
    >>> reader_for("paper.pdf")
    Traceback (most recent call last):
    kg.errors.KGError: [E002] paper.pdf: not a supported input format (use .txt, .jsonl, .json, .csv or .bib)
    """
    reader = READERS.get(Path(path).suffix.lower())
    if reader is None:
        raise KGError(E.E002, path=path)
    return reader


def read(path: str | Path, *, on_warning: OnWarning) -> Iterator[Paper]:
    """Papers of one file: decode it (:func:`kg.ingest._common.read_text`), then parse it
    with the reader registered for its extension.

    Raises ``KGError`` E001 if the file cannot be read, E002 for an unsupported
    extension, E004 if it is not UTF-8/UTF-16/UTF-32 text or cannot be parsed at all.
    """
    parse = reader_for(path)
    text = read_text(path, on_warning=on_warning)
    if text is not None:
        yield from parse(text, source=str(path), on_warning=on_warning)


def _is_hidden(name: str) -> bool:
    return name.startswith(".")


def _walk(folder: Path) -> list[Path]:
    """Supported, non-hidden files under ``folder`` (recursive), sorted by relative path."""
    found = []
    for root, dirs, files in os.walk(folder, onerror=None):
        dirs[:] = [d for d in dirs if not _is_hidden(d)]
        for name in files:
            if not _is_hidden(name) and Path(name).suffix.lower() in READERS:
                found.append(Path(root, name))
    return sorted(found, key=lambda p: p.relative_to(folder).parts)


def input_files(paths: Sequence[str | Path]) -> list[Path]:
    """Resolve the inputs to the list of files to read, checking each one.

    A directory stands for its supported files (recursive, sorted, hidden files
    and folders ignored). A file named twice is read once.

    Raises
    ------
    KGError
        E001 for a missing or unreadable path, E002 for a file of an unsupported
        format, E003 for a directory without supported files.
    """
    if isinstance(paths, (str, Path)):
        paths = [paths]
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        try:
            if path.is_dir():
                if not os.access(path, os.R_OK | os.X_OK):
                    raise KGError(E.E001, path=given, detail="permission denied")
                found = _walk(path)
                if not found:
                    raise KGError(E.E003, path=given)
                files.extend(found)
                continue
            if not path.exists():
                raise KGError(E.E001, path=given, detail="no such file or directory")
        except OSError as exc:
            raise KGError(E.E001, path=given, detail=one_line(exc.strerror or exc)) from None
        reader_for(path)
        if not path.is_file():
            raise KGError(E.E001, path=given, detail="not a regular file")
        if not os.access(path, os.R_OK):
            raise KGError(E.E001, path=given, detail="permission denied")
        files.append(path)
    unique: dict[Path, Path] = {}
    for f in files:
        unique.setdefault(f.resolve(), f)
    return list(unique.values())


def read_papers(paths: Sequence[str | Path], *, on_warning: OnWarning) -> Iterator[Paper]:
    """Read papers from files and directories, dispatching on the file extension.

    Parameters
    ----------
    paths : sequence of str or Path
        Files and/or directories (see :func:`input_files`). All of them are
        checked before anything is read.
    on_warning : callable
        Receives each warning as a one-line string (``[W001] file:3: ...``).

    Yields
    ------
    Paper
        In input order. A paper whose abstract equals an earlier one after
        whitespace normalisation is dropped (W002 names both ids); a repeated id
        gets the first free suffix ``-2``, ``-3``, ... (W004).

    Raises
    ------
    KGError
        E001, E002 or E003 at the call (see :func:`input_files`); E001 or E004
        while iterating, when a file cannot be read, is binary, is not UTF-8
        text or (JSON) does not parse. No papers at all is not an error here:
        the caller decides (E006).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.jsonl").write_text('{"id": "x", "abstract": "We propose FOO."}\\n'
    ...                                    '{"id": "x", "abstract": "We study BAR."}\\n'
    ...                                    '{"id": "y", "abstract": "We  propose FOO."}\\n')
    >>> warnings = []
    >>> [p.id for p in read_papers([folder], on_warning=warnings.append)]
    ['x', 'x-2']
    >>> [w[:6] for w in warnings]
    ['[W004]', '[W002]']
    """
    files = input_files(paths)
    return _dedupe((paper for f in files for paper in read(f, on_warning=on_warning)),
                   on_warning=on_warning)


def _where(paper: Paper) -> str:
    return f"{paper.source}:{paper.line}"


def _dedupe(papers: Iterator[Paper], *, on_warning: OnWarning) -> Iterator[Paper]:
    by_text: dict[str, Paper] = {}
    by_id: dict[str, Paper] = {}
    for paper in papers:
        key = " ".join(paper.abstract.split())
        first = by_text.get(key)
        if first is not None:
            on_warning(warning_text(W.W002, path=paper.source, line=paper.line,
                                    other=f"{first.id} ({_where(first)}) in record {paper.id}"))
            continue
        if paper.id in by_id:
            n = 2
            while f"{paper.id}-{n}" in by_id:
                n += 1
            new = f"{paper.id}-{n}"
            on_warning(warning_text(W.W004, path=paper.source, line=paper.line, id=paper.id,
                                    other=_where(by_id[paper.id]), new=new))
            paper = replace(paper, id=new)
        by_text[key] = paper
        by_id[paper.id] = paper
        yield paper
