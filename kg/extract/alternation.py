"""A cue list as one regular expression that the engine tries cheaply at each position.

The cue lists of ``cues.json`` are alternations of word-led patterns (``\\boutperform``,
``\\b(?:largely )?vanish``...). Joined as they are, Python's ``re`` enters every branch at
every word boundary: 92 branches for the result cues. :func:`compile_alternation` writes the
same list as ``\\b(?:o(?:...)|v(?:...)|...)``: one boundary test, then branches that each open
with their own first letter, which the engine skips in C when the letter differs (three to
four times faster on the long lists, never slower).

The rewrite is exact: it only expands leading groups into their alternatives, in the order
the engine tries them (an optional group first with, then without), and regroups branches by
their first character, which never reorders two branches that can match at one position.
A list it cannot rewrite that way is joined as it is.

>>> p = compile_alternation([r"\\boutperform", r"\\b(?:largely )?vanish(?:es)?\\b", r"\\bour\\b"])
>>> p.pattern
'\\\\b(?:o(?:(?:utperform)|(?:ur\\\\b))|l(?:(?:argely vanish(?:es)?\\\\b))|v(?:(?:anish(?:es)?\\\\b)))'
>>> [m.group() for m in p.finditer("our model outperforms it, and errors largely vanish")]
['our', 'outperform', 'largely vanish']
"""
from __future__ import annotations

import re

_QUANTIFIERS = "?*+{"
_MAX_EXPANSION = 64  # alternatives one pattern may expand into


def _scan(s: str):
    """``(i, depth)`` for every character of ``s`` outside escapes and classes; a ``)`` gets the
    depth outside its group, as does its ``(``."""
    depth, in_class, i = 0, False, 0
    while i < len(s):
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            i += 1 + (s[i + 1:i + 2] == "^")
            i += s[i:i + 1] == "]"  # "[]...]": a leading "]" is a member
            continue
        else:
            depth -= c == ")"
            yield i, depth
            depth += c == "("
        i += 1


def split_top(s: str) -> list[str]:
    """``s`` split at its top-level ``|``.

    >>> split_top(r"a(?:b|c)|[|]d|e\\|f")
    ['a(?:b|c)', '[|]d', 'e\\\\|f']
    """
    cuts = [-1] + [i for i, depth in _scan(s) if depth == 0 and s[i] == "|"]
    return [s[a + 1:b] for a, b in zip(cuts, cuts[1:] + [len(s)])]


def _group_end(s: str) -> int:
    """Index just past the group that opens ``s``."""
    end = next((i + 1 for i, depth in _scan(s) if depth == 0 and s[i] == ")"), None)
    if end is None:
        raise ValueError(f"unbalanced group in {s!r}")
    return end


def expand(body: str) -> list[tuple[str, str]] | None:
    """The alternatives of ``body`` (a pattern after ``\\b``) as ``(first character, rest)``
    pairs in the order the engine tries them, or None when one does not open with a literal.

    >>> expand("(?:un)?calibrated")
    [('u', 'ncalibrated'), ('c', 'alibrated')]
    >>> expand(r"\\d+%") is None, expand("(?:a|b)*c") is None
    (True, True)
    """
    c, after = body[:1], body[1:2]
    if c and c.isascii() and (c.isalnum() or c in "#-_ '") and after and after not in _QUANTIFIERS:
        return [(c, body[1:])]
    if not body.startswith("(?:"):
        return None
    end = _group_end(body)
    tail, optional = body[end:], False
    if tail[:1] == "?" and tail[1:2] not in ("?", "+"):
        tail, optional = tail[1:], True
    elif tail[:1] and tail[:1] in _QUANTIFIERS:
        return None
    out: list[tuple[str, str]] = []
    for alternative in split_top(body[3:end - 1]) + ([""] if optional else []):
        sub = expand(alternative + tail)
        if sub is None:
            return None
        out += sub
    return out if len(out) <= _MAX_EXPANSION else None


def rewrite(patterns: list[str]) -> str | None:
    """The alternation of ``patterns`` grouped by first character after one ``\\b``, or None
    when a branch does not open with ``\\b`` and a literal (or ``\\b\\d``, kept whole).

    >>> rewrite([r"\\bwe\\b", r"\\b\\d+%", r"\\bwell"])
    '\\\\b(?:w(?:(?:e\\\\b)|(?:ell))|(?:\\\\d+%))'
    >>> rewrite([r"\\bwe", r"[ ,]*and"]) is None
    True
    """
    groups: dict[str, list[str]] = {}
    digit_led: list[str] = []
    for branch in (b for p in patterns for b in split_top(p)):
        if not branch.startswith(r"\b"):
            return None
        pairs = expand(branch[2:])
        if pairs is None:
            if not branch.startswith(r"\b\d"):
                return None
            digit_led.append(branch[2:])
            continue
        for first, rest in pairs:
            groups.setdefault(first, []).append(rest)
    if digit_led and any(c.isdigit() for c in groups):
        return None  # a digit-led branch could match where a literal group does: order matters
    parts = [re.escape(c) + "(?:" + "|".join(f"(?:{r})" for r in rests) + ")" for c, rests in groups.items()]
    parts += [f"(?:{d})" for d in digit_led]
    return r"\b(?:" + "|".join(parts) + ")"


def compile_alternation(patterns: list[str]) -> re.Pattern:
    """``re.compile`` of the alternation of ``patterns``, rewritten for speed where :func:`rewrite` can."""
    plain = re.compile("|".join(f"(?:{p})" for p in patterns))
    if plain.groups:  # findall would return groups, which the rewrite duplicates
        return plain
    fast = rewrite(patterns)
    return re.compile(fast) if fast is not None else plain


# whitespace to a Unicode pattern's ``\s``, not to an ASCII one's: the only ASCII characters the two modes
# read differently (``\w``, ``\d``, ``\b`` agree on every ASCII character)
_UNICODE_ONLY_SPACE = re.compile(r"[\x1c-\x1f]")


def ascii_safe(text: str) -> bool:
    r"""Does every pattern find in ``text`` what its :func:`ascii_form` finds? So for ASCII text without
    the four separator controls U+001C-U+001F, which Unicode counts as whitespace and ASCII does not.

    >>> ascii_safe("we propose foonet"), ascii_safe("we propose föonet"), ascii_safe("we\x1cpropose")
    (True, False, False)
    """
    return text.isascii() and _UNICODE_ONLY_SPACE.search(text) is None


#: ``id(pattern) -> (pattern, its ASCII form)``: a pattern's own hash reads its whole compiled code (4 us for
#: a cue list), so the forms are kept by identity (the pattern is held, so its id is not reused)
_ASCII_FORMS: dict[int, tuple[re.Pattern, re.Pattern]] = {}


def ascii_form(pattern: re.Pattern) -> re.Pattern:
    r"""``pattern`` compiled with ``re.ASCII``, for text that :func:`ascii_safe` accepts: the same matches,
    and a pattern that opens with ``\b`` (a cue list) scans about a third faster, its word test reading an
    ASCII table instead of the Unicode database at every character. A pattern that ignores case is
    returned as it is (a non-ASCII letter in it, the Kelvin sign, would match an ASCII one only in Unicode
    mode), and so is one that asks for Unicode inline.

    >>> p = re.compile(r"\bwe propose\b")
    >>> bool(ascii_form(p).flags & re.ASCII), bool(ascii_form(re.compile("k", re.IGNORECASE)).flags & re.ASCII)
    (True, False)
    """
    known = _ASCII_FORMS.get(id(pattern))
    if known is not None and known[0] is pattern:
        return known[1]
    form = pattern
    if not pattern.flags & re.IGNORECASE and isinstance(pattern.pattern, str):
        try:
            form = re.compile(pattern.pattern, (pattern.flags & ~re.UNICODE) | re.ASCII)
        except ValueError:  # "(?u)" in the pattern
            pass
    if len(_ASCII_FORMS) >= 256:  # bounded: a few dozen patterns are scanned over whole texts
        _ASCII_FORMS.clear()
    _ASCII_FORMS[id(pattern)] = (pattern, form)
    return form


__all__ = ["ascii_form", "ascii_safe", "compile_alternation", "expand", "rewrite", "split_top"]
