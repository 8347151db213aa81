"""Helpers shared by the readers: decoding files and validating metadata records.

Decoding policy (one place, so every format behaves the same):

* the file is read as bytes; an ``OSError`` becomes ``KGError(E001)``;
* a UTF-32/UTF-16 byte-order mark selects that encoding;
* a NUL byte anywhere else means binary content: ``KGError(E004)``;
* otherwise the bytes must be UTF-8 (a UTF-8 BOM is dropped). Anything else is a
  ``KGError(E004)`` "not UTF-8 text (byte offset N)" rather than a guessed legacy
  decode, so a cp1252 file is never silently turned into mojibake;
* line endings are normalised to ``\\n`` (``\\r\\n`` and lone ``\\r``);
* an empty or whitespace-only file is not an error: it gives warning W005 and
  no records.

>>> paper_from_mapping({"abstract": " We propose X. ", "authors": "A and B", "year": "2024"},
...                    default_id="f-1", source="f.jsonl", line=1)
Paper(id='f-1', abstract='We propose X.', title=None, authors=('A', 'B'), year=2024, venue=None, url=None, source='f.jsonl', line=1)
"""
from __future__ import annotations

import re
import reprlib
from collections.abc import Callable, Mapping
from pathlib import Path

from kg.errors import E, W, KGError, warning_text
from kg.records import Paper

OnWarning = Callable[[str], None]

_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)


class BadRecord(ValueError):
    """A record that must be skipped; ``str()`` is the reason (one line)."""


def one_line(text: object) -> str:
    """Collapse any whitespace run (newlines included) to one space.

    >>> one_line("a\\n  b ")
    'a b'
    """
    return " ".join(str(text).split())


def read_text(path: str | Path, *, on_warning: OnWarning) -> str | None:
    """Read ``path`` as text following the module's decoding policy.

    Returns ``None`` (after warning W005) when the file holds no text at all.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise KGError(E.E001, path=path, detail=one_line(exc.strerror or exc)) from None
    text = decode(data, path=path)
    if not text.strip():
        on_warning(warning_text(W.W005, path=path, detail="empty file"))
        return None
    return text


def decode(data: bytes, *, path: str | Path) -> str:
    """Decode file content per the module's policy (see the module docstring).

    >>> decode("Schr\\u00f6dinger\\r\\n".encode("utf-8-sig"), path="x.txt")
    'Schrödinger\\n'
    >>> decode(b"caf\\xe9", path="x.txt")
    Traceback (most recent call last):
    kg.errors.KGError: [E004] x.txt: not UTF-8 text (byte offset 3); re-save it as UTF-8
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(encoding)
            except UnicodeDecodeError as exc:
                raise KGError(E.E004, path=path,
                              detail=f"invalid {encoding.upper()} text (byte offset {exc.start})") from None
            break
    else:
        nul = data.find(b"\x00")
        if nul >= 0:
            raise KGError(E.E004, path=path,
                          detail=f"binary file, not text (NUL byte at offset {nul})")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise KGError(E.E004, path=path,
                          detail=f"not UTF-8 text (byte offset {exc.start}); re-save it as UTF-8") from None
    text = text.lstrip("\ufeff")
    if "\x00" in text:
        raise KGError(E.E004, path=path, detail="binary file, not text (NUL character)")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def json_int(digits: str) -> int | float:
    """``parse_int`` hook for :mod:`json`: a number too long for ``int()`` (Python refuses
    over 4,300 digits with ``ValueError``) becomes a float (``inf``) instead of failing
    the whole record or file; a field that must be an integer then rejects it.

    >>> json_int("2025"), json_int("9" * 5000)
    (2025, inf)
    """
    try:
        return int(digits)
    except ValueError:
        return float(digits)


_AUTHOR_SPLIT_SEMI = re.compile(r"\s*;\s*")
_AUTHOR_SPLIT_AND = re.compile(r"\s+and\s+")


def split_authors(value: str) -> tuple[str, ...]:
    """Split an author string on ``;`` (if present) or else on the word ``and``.

    >>> split_authors("Ada Lovelace; Alan Turing")
    ('Ada Lovelace', 'Alan Turing')
    >>> split_authors("Ada Lovelace and Alan Turing")
    ('Ada Lovelace', 'Alan Turing')
    """
    parts = _AUTHOR_SPLIT_SEMI.split(value) if ";" in value else _AUTHOR_SPLIT_AND.split(value)
    return tuple(p for p in (one_line(x) for x in parts) if p)


_SURROGATE = re.compile(r"[\ud800-\udfff]")
_YEAR_DIGITS = re.compile(r"[0-9]{1,4}")


def _valid_text(key: str, value: str) -> str:
    """``value`` unchanged, unless it holds an unpaired surrogate (a JSON escape such as
    ``"\\ud800"`` decodes to one): such a string cannot be written as UTF-8.

    >>> _valid_text("title", "Caf\\u00e9 \\U0001F600")
    'Café 😀'
    >>> _valid_text("title", "bad \\ud800")
    Traceback (most recent call last):
    kg.ingest._common.BadRecord: 'title' holds an unpaired surrogate U+D800 at character 4 (invalid \\u escape)
    """
    m = _SURROGATE.search(value)
    if m is not None:
        raise BadRecord(f"{key!r} holds an unpaired surrogate U+{ord(m.group()):04X} at character {m.start()} "
                        "(invalid \\u escape)")
    return value


def _opt_str(rec: Mapping[str, object], key: str) -> str | None:
    value = rec.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadRecord(f"{key!r} must be a string, not {type(value).__name__}")
    return one_line(_valid_text(key, value)) or None


def _year(value: object) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise BadRecord("'year' must be an integer, not bool")
    if isinstance(value, int) and 0 <= value <= 9999:
        return value
    if isinstance(value, str) and _YEAR_DIGITS.fullmatch(value.strip()):  # ASCII digits: not "²"
        return int(value.strip())
    # repr() of a huge int fails (int max str digits) and of a deep list is slow: keep it short
    shown = ("a huge integer" if isinstance(value, int) and abs(value) > 10**40 else reprlib.repr(value))
    raise BadRecord(f"'year' must be an integer from 0 to 9999, not {shown}"[:120])


def _authors(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return split_authors(_valid_text("authors", value))
    if isinstance(value, list):
        if not all(isinstance(a, str) for a in value):
            raise BadRecord("'authors' list must hold strings only")
        return tuple(a for a in (one_line(_valid_text("authors", x)) for x in value) if a)
    raise BadRecord(f"'authors' must be a list or a string, not {type(value).__name__}")


def _id(value: object, default_id: str) -> str:
    if value is None:
        return default_id
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise BadRecord(f"'id' must be a string, not {type(value).__name__}")
    return one_line(_valid_text("id", value) if isinstance(value, str) else value) or default_id


def paper_from_mapping(rec: object, *, default_id: str, source: str, line: int | None) -> Paper:
    """Validate one metadata record (JSON object or CSV row) and build a :class:`Paper`.

    Keys: ``abstract`` (required, non-empty string), optional ``id`` (string or
    integer; ``default_id`` if absent or empty), ``title``, ``venue``, ``url``
    (strings), ``authors`` (list of strings, or one string split on ``;`` or
    ``and``) and ``year`` (integer or digit string, 0 to 9999). Other keys are ignored.
    ``None`` and ``""`` mean absent. A string holding an unpaired surrogate (from a JSON
    escape such as ``"\\ud800"``) cannot be written as UTF-8 and makes the record bad.
    Raises :class:`BadRecord` with the reason.
    """
    if not isinstance(rec, Mapping):
        raise BadRecord(f"expected an object, got {type(rec).__name__}")
    abstract = rec.get("abstract")
    if abstract is None:
        raise BadRecord("no 'abstract'")
    if not isinstance(abstract, str):
        raise BadRecord(f"'abstract' must be a string, not {type(abstract).__name__}")
    abstract = _valid_text("abstract", abstract).strip()
    if not abstract:
        raise BadRecord("empty 'abstract'")
    return Paper(
        id=_id(rec.get("id"), default_id),
        abstract=abstract,
        title=_opt_str(rec, "title"),
        authors=_authors(rec.get("authors")),
        year=_year(rec.get("year")),
        venue=_opt_str(rec, "venue"),
        url=_opt_str(rec, "url"),
        source=source,
        line=line,
    )
