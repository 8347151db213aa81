"""The curated concept lexicon: canonical names, types, aliases and parents.

Entries live in ``kg/data/lexicon/*.jsonl`` (one JSON object per line:
``id, name, type, aliases, parent, description`` and, for a form that is also an ordinary
word of another sense, ``other_senses`` (words after it) and ``other_senses_before`` (words before it)). The lexicon is a knowledge base
injected into the extractor and linker, never imported by them.

>>> lex = Lexicon.from_entries([LexiconEntry("ppo", "PPO", "algorithm", ("Proximal Policy Optimization",))])
>>> lex.lookup("proximal policy optimisation").id
'ppo'
>>> lex.lookup("trust region policy optimization") is None
True
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import product
from functools import lru_cache
from importlib import resources
from pathlib import Path

from kg.errors import E, KGError
from kg.records import ENTITY_TYPES, Mention, evolve
from kg.datafiles import load_word_lists
from kg.text import norm_key


@dataclass(frozen=True)
class LexiconEntry:
    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    parent: str | None = None
    description: str | None = None
    #: words right after a match that show another sense of the form ("self-consistency between
    #: two steps" is no decoding method): the matcher skips such a match
    other_senses: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: words right before a plural of the form that show another sense ("long chains of thought" are
    #: a model's output, not chain-of-thought prompting): the matcher skips such a match
    other_senses_before: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: a model's or benchmark's hyphenated names also written with spaces (:func:`spaced_variants`)
    spellings: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.type in _SPACED_TYPES and not self.spellings:
            written = {self.name, *self.aliases}
            extra = (v for f in (self.name, *self.aliases) for v in spaced_variants(f))
            object.__setattr__(self, "spellings", tuple(dict.fromkeys(v for v in extra if v not in written)))

    @property
    def forms(self) -> tuple[str, ...]:
        """The surface forms text is matched against: name, aliases and the spellings
        derived from them (same :func:`~kg.text.norm_key`; outputs list only the aliases)."""
        return (self.name, *self.aliases, *self.spellings)


#: types whose names carry versions and sizes papers write with hyphens or spaces
_SPACED_TYPES = frozenset({"model", "benchmark"})
#: a hyphen next to a version or size ("Llama-3.2-3B", "Gemma-2-9B-it"): papers also write a space
_VERSION_HYPHEN = re.compile(r"(?<=[A-Za-z0-9])-(?=[A-Za-z0-9])")
_DIGIT = re.compile(r"\d")
_WORDS = re.compile(r"[^\W_]+")  # the words of a long form, hyphenated parts apart
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name


def _stems(form: str) -> set[str]:
    """The content words of a long form, cut to four letters ("convolution" ~ "convolutional")."""
    return {w[:4] for w in re.findall(r"[a-z0-9]+", form.lower()) if w not in _W.long_form_fillers}


def spaced_variants(form: str) -> list[str]:
    """Spellings of a model or benchmark name with some of its version/size hyphens
    written as spaces ("ImageNet-1K" as "ImageNet 1K").

    Only a hyphen with a digit in the word on either side counts, so a size or version
    never joins or leaves the name ("Llama-3.2-3B" is not "Llama 3.2"):

    >>> spaced_variants("Llama-3.2-3B")
    ['Llama-3.2 3B', 'Llama 3.2-3B', 'Llama 3.2 3B']
    >>> spaced_variants("Mistral-Large"), spaced_variants("Qwen2.5-VL-7B")
    ([], ['Qwen2.5-VL 7B', 'Qwen2.5 VL-7B', 'Qwen2.5 VL 7B'])
    """
    parts = _VERSION_HYPHEN.split(form)
    if len(parts) < 2 or len(parts) > 4:
        return []
    seps = [" " if _DIGIT.search(a.rsplit(" ", 1)[-1] + b.split(" ", 1)[0]) else None for a, b in zip(parts, parts[1:])]
    if not any(seps):
        return []
    out = []
    for choice in product(*[("-", " ") if s else ("-",) for s in seps]):
        if " " in choice:
            out.append(parts[0] + "".join(c + p for c, p in zip(choice, parts[1:])))
    return out


def spells(short: str, long: str) -> bool:
    """Could ``long`` be the expansion of ``short``: its letters in order, the first opening
    the long form (Schwartz & Hearst)?

    >>> spells("SAC", "structure-aware critic"), spells("SAC", "policy gradient")
    (True, False)
    """
    letters = [c for c in short.lower() if c.isalnum()]
    text = long.lower().lstrip()
    if not letters or not text.startswith(letters[0]):
        return False
    i = 0
    for c in text:
        if i < len(letters) and c == letters[i]:
            i += 1
    return i == len(letters)


class Lexicon:
    """Entries indexed by id and by normalised surface form."""

    def __init__(self, entries: dict[str, LexiconEntry], by_key: dict[str, str]) -> None:
        self.entries = entries
        self._by_key = by_key
        self._form_keys: dict[str, frozenset[str]] = {}

    @classmethod
    def from_entries(cls, entries: Iterable[LexiconEntry]) -> Lexicon:
        by_id: dict[str, LexiconEntry] = {}
        by_key: dict[str, str] = {}
        for e in sorted(entries, key=lambda e: e.id):
            by_id[e.id] = e
        # canonical names win over aliases when two entries share a key
        for e in by_id.values():
            by_key.setdefault(norm_key(e.name), e.id)
        for e in by_id.values():
            for a in e.aliases:
                by_key.setdefault(norm_key(a), e.id)
        by_key.pop("", None)
        return cls(by_id, by_key)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[LexiconEntry]:
        return iter(self.entries.values())

    def lookup(self, surface: str) -> LexiconEntry | None:
        """The entry whose name or alias has the same :func:`~kg.text.norm_key`."""
        eid = self._by_key.get(norm_key(surface))
        return self.entries[eid] if eid else None

    def get(self, eid: str) -> LexiconEntry | None:
        return self.entries.get(eid)

    def lookup_long_form(self, long: str, short: str) -> LexiconEntry | None:
        """The entry a paper's definition "``long`` (``short``)" names: the whole long form, or
        else its last words whose initials are the letters of ``short``, when they are a known
        form (a definition found with words before it: "Second, sharpness-aware minimization
        (SAM)"; "Smooth Sharpness-Aware Minimization (SSAM)" is not SAM).

        >>> lex = Lexicon.from_entries([LexiconEntry("sam", "sharpness-aware minimization", "algorithm")])
        >>> lex.lookup_long_form("similar to sharpness-aware minimization", "SAM").id
        'sam'
        >>> lex.lookup_long_form("smooth sharpness-aware minimization", "SSAM") is None
        True
        """
        entry = self.lookup(long)
        if entry is not None:
            return entry
        letters = "".join(c for c in short.lower() if c.isalnum())
        plural = letters[:-1] if short.endswith("s") else letters
        words = [(w.start(), w.group()[0].lower()) for w in _WORDS.finditer(long)]
        for k in range(1, len(words)):
            if "".join(c for _, c in words[k:]) in (letters, plural):
                return self.lookup(long[words[k][0]:])
        return None

    def redefinition(self, eid: str | None, name: str, aliases: tuple[str, ...]) -> tuple[str, ...] | None:
        """The paper's own forms (``aliases`` but the forms of entry ``eid``) when ``name`` is a
        short name the lexicon knows as ``eid`` but the paper defines with a long form of another
        concept, else None.

        The paper's long form must spell the short name (or end with a known form that does) and
        share under half its content words with every long form of the entry ("contrastive query
        learning (CQL)" is not Conservative Q-Learning; "graph convolution network (GCN)" is the
        known GCN).

        >>> lex = Lexicon.from_entries([LexiconEntry("pes", "predictive entropy search", "algorithm", ("PES",))])
        >>> lex.redefinition("pes", "PES", ("persistent evolution strategies", "predictive entropy search"))
        ('persistent evolution strategies',)
        >>> lex.redefinition("pes", "PES", ("Predictive Entropy Search",)) is None
        True
        """
        if not aliases or eid not in self.entries or " " in name or sum(c.isupper() for c in name) < 2:
            return None
        known = self.form_keys(eid)
        own = tuple(a for a in aliases if a not in known and norm_key(a) not in known)
        longs = [a for a in own if len(a) > len(name)
                 and (spells(name, a) or self.lookup_long_form(a, name) is not None)]
        if not longs:
            return None
        entry_longs = [_stems(f) for f in self.entries[eid].forms if len(norm_key(f)) > len(norm_key(name))]
        if not entry_longs:
            return None
        for a in longs:
            words = _stems(a)
            if any(2 * len(words & k) >= len(words) for k in entry_longs):
                return None
        return own

    def form_keys(self, eid: str) -> frozenset[str]:
        """The forms of entry ``eid`` as written and as :func:`~kg.text.norm_key` keys
        (worked out once per entry)."""
        keys = self._form_keys.get(eid)
        if keys is None:
            forms = self.entries[eid].forms
            keys = self._form_keys[eid] = frozenset((*forms, *map(norm_key, forms)))
        return keys


def own_forms(m: Mention, lexicon: Lexicon) -> Mention:
    """``m`` without the forms of the lexicon entry it was matched to when its paper defines
    the short name as another concept (:meth:`Lexicon.redefinition`): "persistent evolution
    strategies (PES)" does not list predictive entropy search's forms.

    >>> lex = Lexicon.from_entries([LexiconEntry("pes", "predictive entropy search", "algorithm", ("PES",))])
    >>> own_forms(Mention("algorithm", "PES", ("persistent evolution strategies", "predictive entropy search"),
    ...                   lexicon_id="pes"), lex).aliases
    ('persistent evolution strategies',)
    """
    own = lexicon.redefinition(m.lexicon_id, m.name, m.aliases)
    return m if own is None or own == m.aliases else evolve(m, aliases=own)


def _parse(path: Path, text: str) -> Iterator[LexiconEntry]:
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            o = json.loads(line)
            if o["type"] not in ENTITY_TYPES:
                raise ValueError(f"unknown type {o['type']!r}")
            yield LexiconEntry(
                id=o["id"], name=o["name"], type=o["type"],
                aliases=tuple(o.get("aliases") or ()), parent=o.get("parent"),
                description=o.get("description"), other_senses=tuple(o.get("other_senses") or ()),
                other_senses_before=tuple(o.get("other_senses_before") or ()),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise KGError(E.E004, path=f"{path}:{n}", detail=f"bad lexicon entry: {exc}") from None


def load_lexicon(paths: Iterable[Path] | None = None) -> Lexicon:
    """Load the bundled lexicon (``kg/data/lexicon/*.jsonl``, read once per process) or
    the given files."""
    if paths is None:
        return _bundled_lexicon()
    return _load(paths)


@lru_cache(maxsize=1)
def _bundled_lexicon() -> Lexicon:
    return _load(None)


def _load(paths: Iterable[Path] | None) -> Lexicon:
    if paths is None:
        root = resources.files("kg") / "data" / "lexicon"
        paths = sorted((Path(str(p)) for p in root.iterdir() if p.name.endswith(".jsonl")), key=lambda p: p.name)
    entries = []
    for p in paths:
        entries.extend(_parse(p, Path(p).read_text(encoding="utf-8")))
    return Lexicon.from_entries(entries)
