"""What a discovered name is: its type from the words around it or from its long form's
head word, and the known algorithm it is a variant of.
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues
from kg.datafiles import load_patterns, load_word_lists
from kg.link.lexicon import Lexicon

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name

# compiled once (``re.findall(pattern_string, ...)`` looks each up in re's cache at every call)
_HYPHENED_WORD = re.compile(r"[A-Za-z][A-Za-z\-]*")
_LETTERS = re.compile(r"[A-Za-z]+")
_SPACE_OR_HYPHEN = re.compile(r"[\s\-]+")
_CAPITAL_TAIL = re.compile(r"[a-z]([A-Z]{2,}[a-z]?)$")


def _type_from_context(name: str, after: str, cues: Cues) -> tuple[str, bool]:
    """("method" | "benchmark", also_benchmark) from the words after a proposed name."""
    if _P.bench_name_end.search(name) or _describes_data(after):
        return "method", True
    words = _HYPHENED_WORD.findall(after[:120].lower())[:14]
    for i, w in enumerate(words):
        if w in _W.clause_words and not (w in ("which", "that") and words[i + 1:i + 2]
                                         and words[i + 1] in _W.defining_verbs):
            break
        w = w.split("-")[-1]
        if w in cues.benchmark_heads and w not in _W.setting_heads:
            return "method", True
        if w in cues.method_heads:
            return "method", False
    return "method", False


def named_as_benchmark(text: str, start: int, cues: Cues) -> bool:
    """Do the words right before a proposed name at ``start`` give it a dataset's or benchmark's head
    noun ("a dataset named MMMC", "a new benchmark, called X", "the suite X")? Such a name is a benchmark
    as well as what the paper proposes (the guide: a dataset the paper creates is in both lists).

    >>> from kg.extract.cues import load_cues
    >>> [named_as_benchmark(t + "Foo", len(t), load_cues()) for t in ("and construct a dataset named ",
    ...  "a new testbed, called ", "a new method called ", "we propose ", "the tasks. We introduce ")]
    [True, True, False, False, False]
    """
    m = _P.head_named.search(text, max(0, start - 60), start)
    return m is not None and m.group(1) in cues.benchmark_heads and m.group(1) not in _W.setting_heads


def _describes_data(after: str) -> bool:
    """Do the words after a name describe a collection of data items ("SWE-Fresh, a set of 300 issues collected
    ...", "FactPairs, a collection of 8,000 preference pairs"), so that the name is a dataset?

    >>> [_describes_data(t) for t in (", a set of 300 issues", ", a collection of 8,000 preference pairs",
    ...                               ", a set of three losses", ", a pool of experts")]
    [True, True, False, False]
    """
    m = _P.data_collection.match(after)
    return m is not None and any(w in _W.data_items for w in after[m.end():m.end() + 60].split()[:3])


def _type_from_head(long: str, cues: Cues) -> str | None:
    """Type of a non-proposed abbreviation from its long form's last word; software and equipment
    ("Global Navigation Satellite System") is no algorithm.

    >>> from kg.extract.cues import load_cues
    >>> [_type_from_head(t, load_cues()) for t in ("Monte Carlo Tree Search", "Robot Operating System", "Penn Treebank")]
    ['algorithm', None, 'benchmark']
    """
    last = _LETTERS.findall(long.lower())
    if not last:
        return None
    head = last[-1]
    if head in cues.benchmark_heads:
        return "benchmark"
    if head in cues.metric_heads:
        return "metric"
    if head in cues.algorithm_heads or (head in cues.method_heads and head not in _W.artifact_heads):
        return "algorithm"
    if head in cues.field_heads:
        return "field"
    return None


def _lexicon_parent(name: str, lexicon: Lexicon) -> str | None:
    """Lexicon concept a coined name is a variant of: ``L-PPO`` / ``Plastic PPO`` -> PPO."""
    parts = _SPACE_OR_HYPHEN.split(name)
    for p in reversed(parts):
        e = lexicon.lookup(p) if len(p) >= 2 else None
        if e is not None and e.type == "algorithm" and p != name:
            return e.id
    m = _CAPITAL_TAIL.search(name)  # AlphaDPO -> DPO
    if m:
        e = lexicon.lookup(m.group(1))
        if e is not None and e.type == "algorithm":
            return e.id
    return None
