"""The word lists of ``kg/data/patterns/word_lists.json`` (``kg.datafiles.load_word_lists``): each is
documented, sorted and free of duplicates, and used by the modules it belongs to (no dead entries, no
missing ones)."""
import re
from importlib import resources
from pathlib import Path

import pytest

from kg.extract.cues import load_cues
from kg.datafiles import load_word_lists, pattern_entries, word_list
from kg.records import ENTITY_TYPES

#: word list file -> the modules that read it as ``_W``
OWNERS = {"word_lists": (*(f"extract/discovery/{m}.py" for m in (
    "text", "kinds", "proposals", "benchmarks", "lists", "techniques", "definitions", "own_names")),
    "extract/abbreviations.py", "text.py", "link/lexicon.py", "link/acronyms.py")}
#: what reads a word list file: kg.datafiles.load_word_lists
_READ = r'\bload_word_lists\("(\w+)"\)'
ENTRIES = [(name, key) for name in sorted(OWNERS) for key in sorted(pattern_entries(name))]


@pytest.mark.parametrize(("name", "key"), ENTRIES)
def test_entry_is_documented_sorted_and_without_duplicates(name, key):
    entry = pattern_entries(name)[key]
    assert entry["doc"].strip(), f"{name}.{key} has no doc"
    words = entry["words"]
    assert words, f"{name}.{key} has no words"
    assert all(isinstance(w, str) and w == w.strip() and w for w in words), f"{name}.{key}: an empty or padded word"
    assert words == sorted(words), f"{name}.{key} is not sorted"
    assert len(set(words)) == len(words), f"{name}.{key} repeats a word"
    assert set(entry) <= {"doc", "words", "tuple"}, f"{name}.{key} has unknown fields"


@pytest.mark.parametrize("name", sorted(OWNERS))
def test_every_entry_is_used_and_every_use_exists(name):
    entries, used = set(pattern_entries(name)), set()
    for owner in OWNERS[name]:
        source = (resources.files("kg") / owner).read_text(encoding="utf-8")
        assert name in re.findall(_READ, source), owner
        uses = set(re.findall(r"\b_W\.(\w+)", source))
        assert uses <= entries, f"{owner} uses {sorted(uses - entries)}, which {name}.json lacks"
        used |= uses
    assert used == entries, f"no owner of {name}.json uses {sorted(entries - used)}"


def test_every_module_that_reads_word_lists_is_an_owner():
    # a module missing from OWNERS would escape the check that its uses exist
    root = Path(str(resources.files("kg")))
    readers: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        if rel != "datafiles.py":  # its docstring shows a call
            for name in re.findall(_READ, path.read_text(encoding="utf-8")):
                readers.setdefault(name, set()).add(rel)
    assert readers == {name: set(owners) for name, owners in OWNERS.items()}


def test_sets_and_tuples():
    # a set for membership; a tuple where the entry says so, for str.startswith / str.endswith
    w = load_word_lists("word_lists")
    assert isinstance(w.common_caps, frozenset) and "However" in w.common_caps
    assert isinstance(w.process_suffixes, tuple) and "discretization".endswith(w.process_suffixes)
    assert word_list({"doc": "d", "words": ["b", "a"], "tuple": True}) == ("b", "a")
    assert word_list({"doc": "d", "words": ["b", "a"]}) == frozenset({"a", "b"})


def test_words_are_matched_as_written():
    # case counts: "We" opens a sentence, the lower-case "iid" is a word and "IID" an acronym, both no names
    w = load_word_lists("word_lists")
    assert "We" in w.common_caps and "we" not in w.common_caps
    assert {"IID", "iid"} <= w.not_names


def test_no_compound_prefix_starts_another():
    # the first prefix a word starts with gives the acronym its letter: sorted order is safe only
    # while no prefix starts another
    prefixes = load_word_lists("word_lists").compound_prefixes
    assert not [(a, b) for a in prefixes for b in prefixes if a != b and b.startswith(a)]


def test_concept_types_are_types():
    assert load_word_lists("word_lists").other_acronym_types <= set(ENTITY_TYPES)


def test_singular_and_plural_heads_are_benchmark_heads():
    # the head words after which "the Twins dataset" / "the Jobs and Twins datasets" are read are
    # benchmark head words the cues know (the rule only sees those)
    heads, w = load_cues().benchmark_heads, load_word_lists("word_lists")
    assert w.singular_bench_heads <= heads and w.plural_bench_heads <= heads
    assert not w.singular_bench_heads & w.plural_bench_heads
