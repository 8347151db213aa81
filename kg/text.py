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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kg.datafiles import load_patterns, load_word_lists, pattern_entries

_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ",
    "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ",
    "Lambda": "Λ", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "Pi": "Π",
    "times": "×", "cdot": "·", "leq": "≤", "geq": "≥", "le": "≤", "ge": "≥", "approx": "≈",
    "infty": "∞", "sim": "~", "pm": "±", "ell": "ℓ", "to": "→", "rightarrow": "→",
}
#: the Greek letters among them, by name ("beta": "β")
GREEK_LETTERS = {name: sym for name, sym in _GREEK.items() if unicodedata.name(sym).startswith("GREEK")}
_ACCENT = {"\"": "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303",
           "c": "\u0327", "v": "\u030c", "=": "\u0304", "u": "\u0306", ".": "\u0307", "H": "\u030b"}


_P = load_patterns("text_patterns")  # the expressions of kg/data/patterns/text_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name
#: British -> American spelling parts (``kg/data/patterns/spellings.json``)
_BRITISH_MAP = pattern_entries("spellings")["british_to_american"]
# an acronym's plural: "DQNs", "LLMs", and mixed-case ones, whose last letter before the "s" is
# a capital ("ViTs", "GPs", "NeRFs"): not "VITS" or "GPS", which are other names, nor a lower-case letter's ("YOLOv8s")
_ACRONYM_PLURAL = re.compile(r"[A-Z][A-Z0-9\-]*[A-Z0-9]s|[A-Z][A-Za-z0-9\-]*[A-Z]s")


def _trie_pattern(words) -> str:
    """One regular expression for ``words`` with shared beginnings written once (much faster
    than a plain alternation of many words), longer matches first.

    >>> _trie_pattern(["centre", "centred", "colour"])
    'c(?:entre(?:d)?|olour)'
    """
    trie: dict = {}
    for w in words:
        node = trie
        for c in w:
            node = node.setdefault(c, {})
        node[""] = {}

    def emit(node: dict) -> str:
        alts = [re.escape(c) + emit(sub) for c, sub in sorted(node.items()) if c]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 and "" not in node else "(?:" + "|".join(alts) + ")"
        return body + "?" if "" in node else body

    return emit(trie)


_BRITISH = re.compile(_trie_pattern(_BRITISH_MAP))
# a "+" that ends a word names another method than its base ("CFR+", "HumanEval+", "RM+"); inside a
# word it joins two names ("TD3+BC" is "TD3-BC")
_TRAILING_PLUS = re.compile(r"(?<=[A-Za-z0-9])\+(?![A-Za-z0-9])")


@lru_cache(maxsize=1 << 16)
def norm_key(s: str) -> str:
    """Case-, accent-, punctuation- and plural-insensitive key of a surface form.

    >>> norm_key("Deep Q-Networks") == norm_key("deep Q network")
    True
    >>> norm_key("behavioural cloning") == norm_key("behavioral cloning")
    True
    >>> norm_key("nearest neighbour"), norm_key("labelled data"), norm_key("centred kernel alignment")
    ('nearestneighbor', 'labeleddata', 'centeredkernelalignment')

    "++" names another method than its base ("PointNet++", "DPM-Solver++"):

    >>> norm_key("PointNet++") == norm_key("PointNet"), norm_key("TD3+BC") == norm_key("TD3-BC")
    (False, True)

    and so does a trailing "+", written out as "Plus" in some papers:

    >>> norm_key("CFR+") == norm_key("CFR"), norm_key("HumanEval+") == norm_key("HumanEval Plus")
    (False, True)

    A mixed-case acronym's plural is the acronym, not the all-capitals name it would spell:

    >>> norm_key("ViTs") == norm_key("ViT"), norm_key("ViTs") == norm_key("VITS")
    (True, False)

    "Neural nets" are neural networks:

    >>> norm_key("graph neural nets") == norm_key("graph neural networks")
    True

    A word in "-ss" loses its "-es" plural:

    >>> norm_key("Hawkes processes") == norm_key("Hawkes process"), norm_key("focal losses") == norm_key("focal loss")
    (True, True)
    """
    s = unicodedata.normalize("NFKD", str(s)).replace("++", "pp")
    if "+" in s:
        s = _TRAILING_PLUS.sub("plus", s)
    if _ACRONYM_PLURAL.fullmatch(s):  # DQNs, LLMs, VLMs
        s = s[:-1]
    s = "".join(ch for ch in s if not unicodedata.combining(ch)).lower()
    s = re.sub(r"[^a-z0-9α-ω]+", "", s)
    s = _BRITISH.sub(lambda m: _BRITISH_MAP[m.group(0)], s)
    if "neuralnet" in s:
        s = _P.neural_net.sub("neuralnetwork", s)  # "graph neural nets" are graph neural networks
    if s.endswith("sses"):  # "Hawkes processes", "focal losses": the "-es" plural of a word in "-ss"
        return s[:-2]
    if len(s) > 4 and s.endswith("s") and not s.endswith("ss"):
        s = s[:-1]
    return s


@dataclass(frozen=True)
class CleanText:
    """Cleaned text plus, for each of its characters, where it came from in the original.

    ``offsets[i]`` is the original offset where cleaned character ``i`` starts and
    ``ends[i]`` the original offset where its source ends (exclusive): a character
    made from several (``\\"{o}`` -> ``ö``, ``o`` + U+0308 -> ``ö``) maps back to all of them.
    ``ends`` is None when nothing was rewritten (every source is one character long).
    """

    text: str
    offsets: Sequence[int]  # len(text) + 1 entries, the last len(original); a range when nothing changed
    ends: tuple[int, ...] | None = None  # len(text) entries

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Map a ``[start, end)`` span of the cleaned text to the original text.

        >>> c = clean(r"a Caf\\'{e} b")
        >>> c.text, c.original_span(2, 6)
        ('a Café b', (2, 10))
        """
        if end <= start:
            o = self.offsets[start]
            return o, o
        if self.ends is None:
            return self.offsets[start], self.offsets[end - 1] + 1
        return self.offsets[start], self.ends[end - 1]


class _Builder:
    """Collects the rewritten text with, per character, its original start and end."""

    def __init__(self, offs: list[int], ends: list[int]) -> None:
        self.src_offs, self.src_ends = offs, ends
        self.chars: list[str] = []
        self.offs: list[int] = []
        self.ends: list[int] = []
        self.pending: int | None = None  # where a dropped opening delimiter started: the next character's start
        self.math_open = False

    def keep(self, text: str, start: int, end: int) -> None:
        """Keep ``text[start:end]`` as it is."""
        if start >= end:
            return
        n = len(self.offs)
        self.chars.append(text[start:end])
        self.offs.extend(self.src_offs[start:end])
        self.ends.extend(self.src_ends[start:end])
        if self.pending is not None:
            self.offs[n], self.pending = self.pending, None

    def put(self, literal: str, start: int, end: int) -> None:
        """Replace ``text[start:end]`` (non-empty) by ``literal``: each of its characters
        maps to the whole replaced source."""
        self.chars.append(literal)
        self.offs.extend([self.src_offs[start]] * len(literal))
        self.ends.extend([self.src_ends[end - 1]] * len(literal))
        if self.pending is not None and literal:
            self.offs[len(self.offs) - len(literal)], self.pending = self.pending, None


#: the integers 0, 1, 2, ... made once: the offset lists of a text up to this long are sliced from
#: them, where slicing a ``range`` made a new int object per character (most of the time ``clean``
#: took on an abstract it rewrote)
_COUNT_LIMIT = 1 << 16
_COUNT: list[int] = []


def _counting(n: int) -> list[int] | range:
    """``0, 1, ..., n - 1`` as a slice of the shared integers (a ``range`` past ``_COUNT_LIMIT``)."""
    global _COUNT
    count = _COUNT
    if n > len(count):
        if n > _COUNT_LIMIT:
            return range(n)
        # a new list, bound at once: a thread reading the old one meanwhile still reads 0, 1, 2, ...
        count = _COUNT = list(range(min(_COUNT_LIMIT, max(n, 4096, 2 * len(count)))))
    return count[:n]


def _rewrite(text: str, offs: list[int], ends: list[int] | None, pattern: re.Pattern, fn
             ) -> tuple[str, list[int], list[int] | None]:
    """Apply ``fn(match, builder, text)`` at every match, keep the rest."""
    matches = list(pattern.finditer(text))
    if not matches:
        return text, offs, ends
    if ends is None:  # nothing rewritten yet: offs is 0..n-1, every character its own source
        offs, ends = _counting(len(offs)), _counting(len(offs) + 1)[1:]  # read only (sliced, indexed)
    b = _Builder(offs, ends)
    pos = 0
    for m in matches:
        b.keep(text, pos, m.start())
        fn(m, b, text)
        pos = m.end()
    b.keep(text, pos, len(text))
    return "".join(b.chars), b.offs, b.ends


# ASCII characters never compose with what precedes them, so NFC only has to look at a
# character followed by a run of non-ASCII ones
_RE_NON_ASCII_RUN = re.compile(r"(?s).?[^\x00-\x7f]+")
_RE_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _nfc(m, b, text):
    run = m.group(0)
    if unicodedata.is_normalized("NFC", run):
        b.keep(text, m.start(), m.end())
        return
    # one cluster = a character and the combining marks after it; NFC per cluster
    i, base = 0, m.start()
    while i < len(run):
        j = i + 1
        while j < len(run) and unicodedata.combining(run[j]):
            j += 1
        composed = unicodedata.normalize("NFC", run[i:j])
        if composed == run[i:j]:
            b.keep(text, base + i, base + j)
        else:
            b.put(composed, base + i, base + j)
        i = j


def _surrogate(m, b, text):
    b.put("\ufffd", m.start(), m.end())


# TeX ties and dashes: "Llama~2" is "Llama 2", "2--5" is "2–5", "models---and" is "models—and"
_RE_TIE = re.compile(r"(?<=[A-Za-z.])~(?=[A-Za-z0-9])")
_RE_TEX_DASH = re.compile(r"(?<=\S)-{2,3}(?=\S)")
# superscript footnote marks on a word of two or more characters: "SAC¹", "DrQ-v2²" (a power stays: "R²", "n²", "10³")
# (opens with the superscript, then looks behind: fast)
_RE_SUPERSCRIPT_MARK = re.compile(
    r"[¹²³⁰⁴-⁹](?<=(?:[A-Za-z][A-Za-z0-9]|[0-9][A-Za-z])[¹²³⁰⁴-⁹])[¹²³⁰⁴-⁹]*(?:,[¹²³⁰⁴-⁹]+)*(?![\w])")
_RE_ACCENT = re.compile(r"\\([\"'`^~=.]|[cvuH](?=[{\s]))\s*\{?\\?([A-Za-z])\}?")
_RE_ESCAPED = re.compile(r"\\([%&#_$])")
# TeX spacing commands: a control space after an abbreviation ("e.g.\\ the"), thin spaces ("10\\,000")
# (opens with the backslash, then looks behind: fast, as _RE_BRACES and _RE_EMPH)
_RE_TEX_SPACE = re.compile(r"\\(?<!\\\\)[ ,;:!]")
_RE_CMD = re.compile(r"\\([A-Za-z]+)\s?")
# a "$" that opens or closes maths; not a currency sign before an amount that a word or the end of a
# clause follows ("$1 per task", "$2.5M, and"), which maths would close first ("$1$", "$1 - \\epsilon$")
_RE_MATH = re.compile(r"\$(?!\d[\d,]*(?:\.\d+)?(?:[KMB]\b)?(?:\s+[A-Za-z]|[.,;:)](?:\s|$)|$))")
_RE_BRACES = re.compile(r"[{}](?<!\\[{}])")  # a brace not escaped
# emphasis: one or two stars not written onto a word or another star, then the emphasised text
_RE_EMPH = re.compile(r"(\*(?<![\w*]\*)\*?)(?=\S)([^*\n]+?)(?<=\S)\1(?![\w*])")
_RE_HYPHEN_BREAK = re.compile(r"-(?<=[A-Za-z]-) (?=([a-z][A-Za-z/&]*))")  # opens with the literal: fast


def _accent(m, b, text):
    ch = unicodedata.normalize("NFC", m.group(2) + _ACCENT[m.group(1)])
    b.put(ch, m.start(), m.end())


def _keep_group(m, b, text):
    b.keep(text, m.start(1), m.end(1))


def _command(m, b, text):
    sym = _GREEK.get(m.group(1))
    if sym:
        b.put(sym, m.start(), m.end(1))
        if m.end() > m.end(1):  # the space ending the control word
            b.keep(text, m.end(1), m.end())


def _drop(m, b, text):
    pass


def _tex_space(m, b, text):
    """``\\ `` is the space after it, ``\\,`` ``\\;`` ``\\:`` are a space, ``\\!`` (negative) is none."""
    kind = m.group(0)[1]
    if kind == " ":
        b.keep(text, m.end() - 1, m.end())
    elif kind != "!":
        b.put(" ", m.start(), m.end())


def _math_delimiter(m, b, text):
    """Drop a ``$``; the maths it opens or closes keeps it in its original span, so a sentence, name
    or value that starts or ends with maths reads as written ("$\\beta$-DPO", "4.5$\\times$")."""
    if not b.math_open:
        b.pending = b.src_offs[m.start()]
    else:
        b.pending = None
        if b.ends and b.chars and b.chars[-1] and not b.chars[-1][-1].isspace():
            b.ends[-1] = b.src_ends[m.start()]
    b.math_open = not b.math_open


def _tie(m, b, text):
    b.put(" ", m.start(), m.end())  # a tie is a space: "Llama~2"


def _tex_dash(m, b, text):
    b.put("–" if len(m.group(0)) == 2 else "—", m.start(), m.end())


def _hyphen_break(m, b, text):
    if m.group(1).lower() in _W.suspended_hyphen_words:  # "single- and multi-agent"
        b.keep(text, m.start(), m.end())


def _emphasis(m, b, text):
    b.keep(text, m.start(2), m.end(2))


def clean(original: str) -> CleanText:
    """Return the cleaned text of ``original`` with its offset map (see module doc).

    The text is put in Unicode NFC (``o`` + U+0308 -> ``ö``) and unpaired surrogates
    (not encodable text) become U+FFFD.

    >>> c = clean("Schro\u0308dinger")
    >>> c.text == "Schr\u00f6dinger", c.original_span(0, len(c.text))
    (True, (0, 12))
    """
    text, offs, ends = original, range(len(original)), None
    if not text.isascii():
        if _RE_SURROGATE.search(text):
            text, offs, ends = _rewrite(text, offs, ends, _RE_SURROGATE, _surrogate)
        if not unicodedata.is_normalized("NFC", text):
            text, offs, ends = _rewrite(text, offs, ends, _RE_NON_ASCII_RUN, _nfc)
        text, offs, ends = _rewrite(text, offs, ends, _RE_SUPERSCRIPT_MARK, _drop)
    steps = [  # (pattern, rewrite, a string every match contains)
        (_P.footnote_mark, _drop, "$^"),  # "IRM$^\\dagger$"
        (_P.cite, _drop, "\\"),  # "GPT-4~\\citep{openai2023}" is "GPT-4"
        (_RE_ACCENT, _accent, "\\"),
        (_P.href, _keep_group, "\\"),
        (_P.command_argument, _keep_group, "\\"),
        (_RE_ESCAPED, _keep_group, "\\"),
        (_RE_TEX_SPACE, _tex_space, "\\"),
        (_RE_CMD, _command, "\\"),
        (_RE_MATH, _math_delimiter, "$"),
        (_RE_BRACES, _drop, "{}"),
        (_RE_EMPH, _emphasis, "*"),
        (_RE_HYPHEN_BREAK, _hyphen_break, "- "),
        (_RE_TIE, _tie, "~"),
        (_RE_TEX_DASH, _tex_dash, "--"),
    ]
    for pattern, fn, needs in steps:
        if needs in text or (needs == "{}" and ("{" in text or "}" in text)):
            text, offs, ends = _rewrite(text, offs, ends, pattern, fn)
    if text is original:  # nothing cleaned: every offset maps to itself
        return CleanText(text, range(len(original) + 1))
    return CleanText(text, tuple(offs) + (len(original),), None if ends is None else tuple(ends))
