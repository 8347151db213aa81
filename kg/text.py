"""Text normalisation shared by every stage.

Two jobs: :func:`norm_key`, the key under which surface forms of one concept meet
(``MuJoCo`` / ``Mujoco``), and :func:`clean`, which strips the noise real abstracts
carry (hyphenation breaks, LaTeX, markdown emphasis) while keeping a map from every
cleaned character back to the original, so evidence offsets point into the text as read.

>>> norm_key("Mujoco") == norm_key("MuJoCo")
True
>>> c = clean(r"It re- quires $\\Delta t$ and *training-free* Schr\\"{o}dinger 58.7\\% gains.")
>>> c.text
'It requires Δ t and training-free Schrödinger 58.7% gains.'
>>> c.original_span(3, 11)
(3, 13)
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ",
    "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ",
    "Lambda": "Λ", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "Pi": "Π",
    "times": "×", "cdot": "·", "leq": "≤", "geq": "≥", "le": "≤", "ge": "≥", "approx": "≈",
    "infty": "∞", "sim": "~", "pm": "±", "ell": "ℓ", "to": "→", "rightarrow": "→",
}
_ACCENT = {"\"": "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303",
           "c": "\u0327", "v": "\u030c", "=": "\u0304", "u": "\u0306", ".": "\u0307", "H": "\u030b"}
# words after "X- " that mark a suspended hyphen ("single- and multi-agent"), not a line break
_SUSPENDED = {"and", "or", "nor", "to", "vs", "versus", "but", "as", "and/or", "&"}


_BRITISH_MAP = {"isation": "ization", "ising": "izing", "ised": "ized", "iser": "izer",
                "behaviour": "behavior", "analyse": "analyze", "modelling": "modeling", "yse": "yze"}
_ACRONYM_PLURAL = re.compile(r"[A-Z][A-Z0-9\-]*[A-Z0-9]s")
_BRITISH = re.compile(r"isation|ising|ised|iser|behaviour|analyse|modelling|yse")


@lru_cache(maxsize=1 << 16)
def norm_key(s: str) -> str:
    """Case-, accent-, punctuation- and plural-insensitive key of a surface form.

    >>> norm_key("Deep Q-Networks") == norm_key("deep Q network")
    True
    >>> norm_key("behavioural cloning") == norm_key("behavioral cloning")
    True
    """
    s = unicodedata.normalize("NFKD", str(s))
    if _ACRONYM_PLURAL.fullmatch(s):  # DQNs, LLMs, VLMs
        s = s[:-1]
    s = "".join(ch for ch in s if not unicodedata.combining(ch)).lower()
    s = re.sub(r"[^a-z0-9α-ω]+", "", s)
    s = _BRITISH.sub(lambda m: _BRITISH_MAP[m.group(0)], s)
    if len(s) > 4 and s.endswith("s") and not s.endswith("ss"):
        s = s[:-1]
    return s


@dataclass(frozen=True)
class CleanText:
    """Cleaned text plus, for each of its characters, the offset in the original."""

    text: str
    offsets: tuple[int, ...]  # len(text) + 1 entries; the last is len(original)

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Map a ``[start, end)`` span of the cleaned text to the original text."""
        if end <= start:
            o = self.offsets[start]
            return o, o
        return self.offsets[start], self.offsets[end - 1] + 1


class _Builder:
    def __init__(self) -> None:
        self.chars: list[str] = []
        self.offs: list[int] = []

    def keep(self, text: str, offs, start: int, end: int) -> None:
        self.chars.append(text[start:end])
        self.offs.extend(offs[start:end])

    def put(self, literal: str, anchor: int) -> None:
        self.chars.append(literal)
        self.offs.extend([anchor] * len(literal))


def _rewrite(text: str, offs: list[int], pattern: re.Pattern, fn) -> tuple[str, list[int]]:
    """Apply ``fn(match, builder, text, offs)`` at every match, keep the rest."""
    b = _Builder()
    pos = 0
    for m in pattern.finditer(text):
        b.keep(text, offs, pos, m.start())
        fn(m, b, text, offs)
        pos = m.end()
    b.keep(text, offs, pos, len(text))
    return "".join(b.chars), b.offs


_RE_ACCENT = re.compile(r"\\([\"'`^~=.]|[cvuH](?=[{\s]))\s*\{?\\?([A-Za-z])\}?")
_RE_HREF = re.compile(r"\\href\{[^{}]*\}\{([^{}]*)\}")
_RE_CMD_ARG = re.compile(r"\\(?:textsc|textbf|textit|texttt|emph|mathrm|mathbf|mathcal|text|mathit|mathsf|textrm|operatorname|url|underline)\{([^{}]*)\}")
_RE_ESCAPED = re.compile(r"\\([%&#_$])")
_RE_CMD = re.compile(r"\\([A-Za-z]+)\s?")
_RE_MATH = re.compile(r"\$")
_RE_BRACES = re.compile(r"(?<!\\)[{}]")
_RE_EMPH = re.compile(r"(?<![\w*])(\*{1,2})(?=\S)([^*\n]+?)(?<=\S)\1(?![\w*])")
_RE_HYPHEN_BREAK = re.compile(r"(?<=[A-Za-z])- (?=([a-z][A-Za-z/&]*))")


def _accent(m, b, text, offs):
    ch = unicodedata.normalize("NFC", m.group(2) + _ACCENT[m.group(1)])
    b.put(ch, offs[m.start()])


def _keep_group(m, b, text, offs):
    b.keep(text, offs, m.start(1), m.end(1))


def _command(m, b, text, offs):
    sym = _GREEK.get(m.group(1))
    if sym:
        b.put(sym + (" " if m.group(0).endswith(" ") else ""), offs[m.start()])


def _drop(m, b, text, offs):
    pass


def _hyphen_break(m, b, text, offs):
    if m.group(1).lower() in _SUSPENDED:
        b.keep(text, offs, m.start(), m.end())


def clean(original: str) -> CleanText:
    """Return the cleaned text of ``original`` with its offset map (see module doc)."""
    text = unicodedata.normalize("NFC", original)
    # NFC can change length; map each NFC char to its original position conservatively
    if len(text) == len(original):
        offs = list(range(len(original)))
    else:
        text, offs = original, list(range(len(original)))
    steps = [
        (_RE_ACCENT, _accent),
        (_RE_HREF, _keep_group),
        (_RE_CMD_ARG, _keep_group),
        (_RE_ESCAPED, _keep_group),
        (_RE_CMD, _command),
        (_RE_MATH, _drop),
        (_RE_BRACES, _drop),
        (_RE_EMPH, lambda m, b, t, o: b.keep(t, o, m.start(2), m.end(2))),
        (_RE_HYPHEN_BREAK, _hyphen_break),
    ]
    for pattern, fn in steps:
        if pattern is _RE_HYPHEN_BREAK or "\\" in text or "$" in text or "*" in text or "{" in text:
            text, offs = _rewrite(text, offs, pattern, fn)
    return CleanText(text, tuple(offs) + (len(original),))
