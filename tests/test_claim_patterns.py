"""The named expressions of ``kg/data/patterns/claim_patterns.json``: each compiles, finds its own
examples, is documented, and is used by ``kg.extract.claims`` (no dead entries, no missing ones)."""
import re
from importlib import resources

import pytest

from kg.extract.patterns import compile_entry, load_patterns, pattern_entries

ENTRIES = pattern_entries("claim_patterns")
CLAIMS_SOURCE = (resources.files("kg") / "extract" / "claims.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_entry_finds_its_examples(name):
    entry = ENTRIES[name]
    assert entry["doc"].strip(), f"{name} has no doc"
    assert entry["examples"], f"{name} has no examples"
    pattern = compile_entry(entry)
    for example in entry["examples"]:
        assert pattern.search(example), f"{name} does not find its example {example!r}"


def test_every_entry_is_used_and_every_use_exists():
    used = set(re.findall(r"\b_P\.(\w+)", CLAIMS_SOURCE))
    assert used == set(ENTRIES)


def test_list_patterns_join_without_separator():
    # "pattern" as a list keeps long expressions readable; the parts are concatenated as written
    value = ENTRIES["value"]
    assert isinstance(value["pattern"], list)
    assert compile_entry(value).pattern == "".join(value["pattern"])
    assert load_patterns("claim_patterns").value.pattern == "".join(value["pattern"])


def test_ignore_case_entries_match_any_case():
    p = load_patterns("claim_patterns")
    assert p.metric_integer.search("an ELO RATING OF 1,250").group(1) == "1,250"
    assert p.we_show.search("WE SHOW THAT") is None  # folded-text patterns are lower case only


def test_a_broken_example_is_caught():
    entry = {"doc": "d", "pattern": r"\bwe show that\b", "examples": ["we prove that"]}
    assert not compile_entry(entry).search(entry["examples"][0])
