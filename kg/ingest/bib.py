r"""Read BibTeX (e.g. PMLR proceedings exports) with bibtexparser v2.

Format
------
Every entry with an ``abstract`` field becomes a paper: ``id`` is the citation
key (``<file stem>-<line>`` when it is empty), ``title`` has TeX accents, escapes
and protective braces resolved to plain Unicode (``Schr{\"o}dinger`` ->
``Schrödinger``, ``{RL}`` -> ``RL``, ``\&`` -> ``&``), ``authors`` are split on
``and`` and given first-name-first (``Last, First`` -> ``First Last``), ``year`` is
an integer, ``venue`` is ``booktitle`` (else ``journal``) and ``url`` is ``url``
(else ``pdf``). The abstract keeps its TeX
(the extract stage cleans it with offsets); only its line breaks are joined with a
single space. ``@string`` macros are resolved.

Entries without an abstract are skipped with warning W001 naming the line where
the entry starts (``@proceedings`` entries, the volume record in PMLR exports,
are skipped silently); unparseable blocks likewise. A key used twice is passed
on unchanged: :func:`kg.ingest.read_papers` renames the second one (W004).

Examples
--------
>>> text = r'''@InProceedings{pmlr-v267-muller25a,
...   title = {{RL} for Schr{\"o}dinger Bridges \& Caf\'{e}s},
...   author = {M\"{u}ller, J{\"o}rg and Ren{\'e} Dupont},
...   booktitle = {Proceedings of the 42nd International Conference on Machine Learning},
...   year = {2025},
...   abstract = {We propose {FOO}.
...   It is fast.}
... }'''
>>> p = next(parse(text, source="v267.bib", on_warning=print))
>>> p.id, p.title, p.authors, p.year
('pmlr-v267-muller25a', 'RL for Schrödinger Bridges & Cafés', ('Jörg Müller', 'René Dupont'), 2025)
>>> p.abstract, p.line
('We propose {FOO}. It is fast.', 1)
"""
from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import bibtexparser
from bibtexparser.middlewares.names import parse_single_name_into_parts, split_multiple_persons_names
from bibtexparser.model import DuplicateBlockKeyBlock, Entry, ParsingFailedBlock

from kg.errors import E, W, KGError, warning_text
from kg.ingest._common import OnWarning, one_line
from kg.records import Paper

__all__ = ["parse", "latex_to_text", "bib_names"]

# accent commands -> combining character
_ACCENTS = {
    "\"": "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303",
    "=": "\u0304", ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b",
    "c": "\u0327", "k": "\u0328", "r": "\u030a", "d": "\u0323", "b": "\u0331",
}
_LETTERS = {
    "ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
    "aa": "å", "AA": "Å", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ",
    "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ", "ng": "ŋ", "NG": "Ŋ",
}
_SYMBOLS = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε",
    "varepsilon": "ε", "zeta": "ζ", "eta": "η", "theta": "θ", "kappa": "κ",
    "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ",
    "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ",
    "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ",
    "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "Pi": "Π",
    "times": "×", "cdot": "·", "leq": "≤", "geq": "≥", "le": "≤", "ge": "≥",
    "approx": "≈", "infty": "∞", "sim": "~", "pm": "±", "ell": "ℓ", "to": "→",
    "rightarrow": "→", "textendash": "–", "textemdash": "—", "ldots": "…",
    "dots": "…", "textquoteright": "’", "textquoteleft": "‘", "S": "§",
    "P": "¶", "copyright": "©", "dag": "†", "ddag": "‡", "pounds": "£",
    "euro": "€", "textregistered": "®", "texttrademark": "™", "LaTeX": "LaTeX",
    "TeX": "TeX", "BibTeX": "BibTeX", "relax": "", "xspace": "", "noindent": "",
    "protect": "", "bf": "", "it": "", "em": "", "sc": "", "rm": "", "tt": "",
    "sl": "", "sf": "", "textbackslash": "\\", "sqrt": "√",
}
_ESCAPES = set("&%$#_{}")
_SPACES = set(" ,;:!\n\t") | {"\\"}
_DASHES = (("---", "—"), ("--", "–"), ("``", "“"), ("''", "”"))
_WORD = re.compile(r"[A-Za-z]+")
_MAX_DEPTH = 8  # nested accent groups followed before giving up (untrusted input)


def _group(text: str, pos: int) -> tuple[str, int]:
    """``text[pos]`` is ``{``: return the group's content and the offset after ``}``."""
    depth, i = 0, pos
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return text[pos + 1:i], i + 1
        i += 1
    return text[pos + 1:], len(text)  # unbalanced: take the rest


def _accent_argument(text: str, pos: int, letter_command: bool, depth: int) -> tuple[str, int]:
    """The argument of an accent command starting at ``pos``, converted."""
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    if pos >= len(text):
        return "", pos
    if text[pos] == "{":
        inner, end = _group(text, pos)
        if depth >= _MAX_DEPTH:  # hostile nesting: give up on accents, keep the letters
            return re.sub(r"[\\{}]", "", inner), end
        return latex_to_text(inner, _collapse=False, _depth=depth + 1), end
    if text[pos] == "\\":
        m = _WORD.match(text, pos + 1)
        if m and m.group() in ("i", "j"):
            return m.group(), m.end()
        if m and m.group() in _LETTERS:
            return _LETTERS[m.group()], m.end()
        return "", pos
    if letter_command and text[pos - 1] not in " \t\n":
        return "", pos  # e.g. "\cfoo" is an unknown command, not \c + "foo"
    return text[pos], pos + 1


def _with_accent(argument: str, mark: str) -> str:
    if not argument:
        return ""
    base = {"ı": "i", "ȷ": "j"}.get(argument[0], argument[0])  # \'{\i} is í
    return unicodedata.normalize("NFC", base + mark) + argument[1:]


def latex_to_text(text: str, *, _collapse: bool = True, _depth: int = 0) -> str:
    r"""Turn the TeX of a BibTeX field into plain Unicode text.

    Handles accents (``\"o``, ``\"{o}``, ``{\"o}``, ``\'{\i}``, ``\c c``), special
    letters (``\ss``, ``\o``, ``\l``), escapes (``\&``, ``\%``, ``\_``), Greek and
    a few symbols, ``--``/``---`` dashes, ``~`` ties and font or formatting
    commands (``\emph{x}`` -> ``x``); protective braces and ``$`` are dropped and
    whitespace is collapsed. Unknown commands keep their argument and lose their
    name. Nothing is ever evaluated.

    Examples
    --------
    >>> latex_to_text(r"{RL} for Schr{\"o}dinger \& Caf\'{e}: \emph{$\alpha$-Nets}")
    'RL for Schrödinger & Café: α-Nets'
    >>> latex_to_text(r"Ga\v{s}i\'{c}, Erd\H{o}s, Fran\c cois, Pi\~{n}a, \'{\i}, Stra\ss e")
    'Gašić, Erdős, François, Piña, í, Straße'
    """
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n:
            nxt = text[i + 1]
            if nxt in _ACCENTS and not nxt.isalpha():
                argument, i = _accent_argument(text, i + 2, letter_command=False, depth=_depth)
                out.append(_with_accent(argument, _ACCENTS[nxt]))
                continue
            if nxt in _ESCAPES:
                out.append(nxt)
                i += 2
                continue
            if nxt in _SPACES:
                out.append(" ")
                i += 2
                continue
            m = _WORD.match(text, i + 1)
            if m is None:  # other control symbol, e.g. "\@": drop it
                i += 2
                continue
            name, i = m.group(), m.end()
            if name in _ACCENTS:
                argument, j = _accent_argument(text, i, letter_command=True, depth=_depth)
                if argument:
                    out.append(_with_accent(argument, _ACCENTS[name]))
                    i = j
                    continue
            if text.startswith("{}", i):
                i += 2
            if _SYMBOLS.get(name):
                out.append(_SYMBOLS[name])  # keeps a following space: "\ldots and"
                continue
            if name in _LETTERS:
                out.append(_LETTERS[name])
            # any other command loses its name; a following {argument} is kept as text
            if i < n and text[i] in " \t\n":
                i += 1  # the space ending a control word is part of it: "Stra\ss e"
            continue
        if ch in "{}$":
            i += 1
            continue
        if ch == "~":
            out.append(" ")
            i += 1
            continue
        for seq, rep in _DASHES:
            if text.startswith(seq, i):
                out.append(rep)
                i += len(seq)
                break
        else:
            out.append(ch)
            i += 1
    result = unicodedata.normalize("NFC", "".join(out))
    return " ".join(result.split()) if _collapse else result


def bib_names(value: str) -> tuple[str, ...]:
    r"""Split a BibTeX name list on ``and`` and give each name first-name-first.

    Examples
    --------
    >>> bib_names(r"M\"{u}ller, J{\"o}rg and Ada Lovelace and van der Berg, Jan")
    ('Jörg Müller', 'Ada Lovelace', 'Jan van der Berg')
    >>> bib_names("{Simon and Schuster} and Doe, Jr., John")
    ('Simon and Schuster', 'John Doe Jr.')
    """
    names = []
    for raw in split_multiple_persons_names(value):
        try:
            merged = parse_single_name_into_parts(raw, strict=False).merge_first_name_first
        except ValueError:
            merged = raw
        name = latex_to_text(merged)
        if name:
            names.append(name)
    return tuple(names)


def _year(value: str | None) -> int | None:
    m = re.search(r"(?<![0-9])[0-9]{4}(?![0-9])", value or "")
    return int(m.group()) if m else None


def _field(entry: Entry, *names: str) -> str | None:
    fields = {f.key.lower(): f.value for f in entry.fields}
    for name in names:
        value = fields.get(name)
        if isinstance(value, str) and value.strip():
            return value
    return None


@contextmanager
def _quiet(logger_name: str = "bibtexparser"):
    """Silence bibtexparser's own logging (its problems become our warnings)."""
    logger = logging.getLogger(logger_name)
    before = logger.level
    logger.setLevel(logging.CRITICAL + 1)  # also covers child loggers left at NOTSET
    try:
        yield
    finally:
        logger.setLevel(before)


def _paper(entry: Entry, *, source: str) -> Paper:
    lines = _field(entry, "abstract").split("\n")
    abstract = " ".join(line.strip() for line in lines if line.strip())
    title = _field(entry, "title")
    venue = _field(entry, "booktitle", "journal")
    url = _field(entry, "url", "pdf")
    line = (entry.start_line or 0) + 1
    return Paper(
        id=one_line(entry.key) or f"{Path(source).stem}-{line}",  # "@article{, ...}" has no key
        abstract=abstract,
        title=latex_to_text(title) or None if title else None,
        authors=bib_names(_field(entry, "author") or ""),
        year=_year(_field(entry, "year")),
        venue=latex_to_text(venue) or None if venue else None,
        url=url.strip() if url else None,
        source=source,
        line=line,
    )


def parse(text: str, *, source: str, on_warning: OnWarning) -> Iterator[Paper]:
    """Parse BibTeX text; ``source`` names the file.

    Parameters
    ----------
    text : str
        Decoded file content.
    source : str
        The file's path as given.
    on_warning : callable
        Receives one formatted warning string per skipped entry or block.

    Yields
    ------
    Paper
    """
    try:
        with _quiet():
            library = bibtexparser.parse_string(text)
    except Exception as exc:  # the parser gives up on its own invalid state: report, not crash
        raise KGError(E.E004, path=source,
                      detail=f"BibTeX parser failed: {one_line(exc) or type(exc).__name__}") from None
    for block in library.blocks:
        line = (block.start_line or 0) + 1
        if isinstance(block, DuplicateBlockKeyBlock) and isinstance(block.ignore_error_block, Entry):
            block = block.ignore_error_block  # a repeated key: read_papers renames it
        elif isinstance(block, ParsingFailedBlock):
            error = block.error
            detail = one_line(getattr(error, "abort_reason", None) or error) or type(error).__name__
            on_warning(warning_text(W.W001, path=source, line=line,
                                    detail=f"unparseable BibTeX block: {detail}"))
            continue
        if not isinstance(block, Entry):
            continue
        if _field(block, "abstract") is None:
            if block.entry_type.lower() != "proceedings":
                on_warning(warning_text(W.W001, path=source, line=line,
                                        detail=f"entry {block.key!r} has no abstract"))
            continue
        yield _paper(block, source=source)

