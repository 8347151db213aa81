"""Named regular expressions and word lists kept in data files (``kg/data/patterns/<name>.json``).

A cue list (``cues.json``) is a set of phrases compiled into one alternation; the patterns here
are whole expressions, each with its own shape: the grammar of a result value, the shape of a
sentence opening. Each entry of the file holds ``doc``, ``pattern`` (a string, or a list of
strings joined without a separator), optionally ``ignore_case``, and ``examples``: texts the
pattern must find, which the tests check.

This module imports nothing of kg, so every module (``kg.text`` and ``kg.link`` too, which the
``kg.extract`` package imports) reads its data files with it.

>>> p = load_patterns("claim_patterns")
>>> p.we_show.search("we also show that the estimator is unbiased").group()
'we also show that'
>>> p.value.search("an FID of 2.1").group()
'2.1'

A word list file (``word_lists.json``) holds sets of words: those that never name anything, the
head words that say what a name is. Each entry holds ``doc`` and ``words`` (sorted), and
optionally ``tuple``: the words as a tuple (for ``str.startswith``/``str.endswith``), not a set.

>>> w = load_word_lists("word_lists")
>>> "However" in w.common_caps, w.compound_prefixes[:2]
(True, ('auto', 'cross'))
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from types import SimpleNamespace


def pattern_entries(name: str) -> dict[str, dict]:
    """The entries of ``kg/data/patterns/<name>.json`` by name (the file's ``_doc`` left out)."""
    text = (resources.files("kg") / "data" / "patterns" / f"{name}.json").read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


def compile_entry(entry: dict) -> re.Pattern:
    """One entry's expression, compiled."""
    pattern = entry["pattern"]
    if isinstance(pattern, list):
        pattern = "".join(pattern)
    return re.compile(pattern, re.IGNORECASE if entry.get("ignore_case") else 0)


@lru_cache(maxsize=None)
def load_patterns(name: str) -> SimpleNamespace:
    """The compiled expressions of ``kg/data/patterns/<name>.json``, as attributes named by entry."""
    return SimpleNamespace(**{k: compile_entry(v) for k, v in pattern_entries(name).items()})


def word_list(entry: dict) -> frozenset[str] | tuple[str, ...]:
    """One word list entry's words: a frozenset, or a tuple where the entry says ``tuple``."""
    return tuple(entry["words"]) if entry.get("tuple") else frozenset(entry["words"])


@lru_cache(maxsize=None)
def load_word_lists(name: str) -> SimpleNamespace:
    """The word lists of ``kg/data/patterns/<name>.json``, as attributes named by entry."""
    return SimpleNamespace(**{k: word_list(v) for k, v in pattern_entries(name).items()})
