"""Read a JSON document holding a list of paper objects.

Format
------
Either a top-level array of objects or an object ``{"papers": [...]}``; each
object has the keys described in :mod:`kg.ingest.jsonl` (``abstract``
required). A file that is not valid JSON, or not one of these two shapes, is a
file-level error (``KGError`` E004 naming the path and, for invalid JSON, the
line and column). A bad item is skipped with warning W001 naming the line where
the item starts and its 0-based index. An item without ``id`` gets
``<file stem>-<1-based item index>``.

Examples
--------
>>> text = '''{"papers": [
...   {"id": "p1", "abstract": "We propose FOO."},
...   {"title": "no abstract"},
...   {"abstract": "We study BAR.", "authors": ["Ada Lovelace"]}
... ]}'''
>>> [p.id for p in parse(text, source="set.json", on_warning=print)]
[W001] set.json:3: skipped record: item 1: no 'abstract'
['p1', 'set-3']
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from kg.errors import E, W, KGError, warning_text
from kg.ingest._common import BadRecord, OnWarning, json_int, one_line, paper_from_mapping
from kg.records import Paper

__all__ = ["parse"]

_DECODER = json.JSONDecoder(parse_int=json_int)
_WS = " \t\n\r"


def _skip_ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _item_offsets(text: str) -> list[int] | None:
    """Character offsets where the items of the paper array start, or None.

    ``text`` is known to be valid JSON; this re-scans it with ``raw_decode`` to
    locate the array (top level, or the value of top-level key ``"papers"``).
    """
    pos = _skip_ws(text, 0)
    if text.startswith("{", pos):
        pos = _skip_ws(text, pos + 1)
        while pos < len(text) and text[pos] != "}":
            key, pos = _DECODER.raw_decode(text, pos)
            pos = _skip_ws(text, _skip_ws(text, pos) + 1)  # past ':'
            if key == "papers":
                break
            _, pos = _DECODER.raw_decode(text, pos)
            pos = _skip_ws(text, pos)
            if text.startswith(",", pos):
                pos = _skip_ws(text, pos + 1)
        else:
            return None
    if not text.startswith("[", pos):
        return None
    offsets = []
    pos = _skip_ws(text, pos + 1)
    while pos < len(text) and text[pos] != "]":
        offsets.append(pos)
        _, pos = _DECODER.raw_decode(text, pos)
        pos = _skip_ws(text, pos)
        if text.startswith(",", pos):
            pos = _skip_ws(text, pos + 1)
    return offsets


def parse(text: str, *, source: str, on_warning: OnWarning) -> Iterator[Paper]:
    """Parse the text of one JSON file; ``source`` names it.

    Parameters
    ----------
    text : str
        Decoded file content.
    source : str
        The file's path as given.
    on_warning : callable
        Receives one formatted warning string per skipped item.

    Yields
    ------
    Paper

    Raises
    ------
    KGError
        E004 if the text is not valid JSON or has neither accepted shape.
    """
    try:
        doc = json.loads(text, parse_int=json_int)
    except json.JSONDecodeError as exc:
        raise KGError(E.E004, path=source, detail=(
            f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}")) from None
    except RecursionError:
        raise KGError(E.E004, path=source, detail="invalid JSON: nested too deeply") from None
    except ValueError as exc:  # any other refusal of the json module
        raise KGError(E.E004, path=source, detail=f"invalid JSON: {one_line(exc)}"[:200]) from None
    items = doc.get("papers") if isinstance(doc, dict) else doc
    if not isinstance(items, list):
        raise KGError(E.E004, path=source,
                      detail='expected a JSON array of paper objects or {"papers": [...]}')
    try:
        offsets = _item_offsets(text)
    except (ValueError, RecursionError):  # pragma: no cover - text already parsed fine
        offsets = None
    if offsets is not None and len(offsets) != len(items):  # pragma: no cover
        offsets = None  # e.g. a duplicated "papers" key: json.loads keeps the last
    line_of = _LineIndex(text)
    stem = Path(source).stem
    for index, item in enumerate(items):
        line = line_of(offsets[index]) if offsets is not None else None
        try:
            paper = paper_from_mapping(item, default_id=f"{stem}-{index + 1}",
                                       source=source, line=line)
        except BadRecord as exc:
            on_warning(warning_text(W.W001, path=source, line=line if line is not None else "?",
                                    detail=f"item {index}: {exc}"))
            continue
        yield paper


class _LineIndex:
    """Map character offsets to 1-based line numbers (offsets asked in increasing order)."""

    def __init__(self, text: str) -> None:
        self._text, self._pos, self._line = text, 0, 1

    def __call__(self, offset: int) -> int:
        if offset < self._pos:
            self._pos, self._line = 0, 1
        self._line += self._text.count("\n", self._pos, offset)
        self._pos = offset
        return self._line

