"""The word lists of ``kg/data/patterns/word_lists.json`` (``kg.datafiles.load_word_lists``): each is
documented, sorted and free of duplicates, and used by the modules it belongs to (no dead entries, no
missing ones)."""

import pytest

from kg.extract.cues import load_cues
from kg.datafiles import load_word_lists, pattern_entries, word_list
from kg.records import ENTITY_TYPES

from extraction_helpers import assert_owners_use_exactly, data_file_readers

#: word list file -> the modules that read it as ``_W``
OWNERS = {"word_lists": (*(f"extract/discovery/{m}.py" for m in (
    "text", "kinds", "proposals", "benchmarks", "lists", "techniques", "definitions", "own_names")),
    "extract/abbreviations.py", "text.py", "link/lexicon.py", "link/acronyms.py")}
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
    assert_owners_use_exactly(name, OWNERS[name], "load_word_lists", "_W")


def test_every_module_that_reads_word_lists_is_an_owner():
    # a module missing from OWNERS would escape the check that its uses exist
    assert data_file_readers("load_word_lists") == {name: set(owners) for name, owners in OWNERS.items()}


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
