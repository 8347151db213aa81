"""The named expressions of ``kg/data/patterns/*_patterns.json``-style files (``kg.datafiles``): each
compiles, finds its own examples, is documented, and is used by the module it belongs to (no dead
entries, no missing ones)."""
from importlib import resources

import pytest

from kg.datafiles import compile_entry, load_patterns, pattern_entries
from kg.text import clean

from extraction_helpers import assert_owners_use_exactly, data_file_readers

#: pattern file -> the modules that load it as ``_P`` with kg.datafiles.load_patterns
OWNERS = {"claim_patterns": ("extract/claims.py",), "role_guard_patterns": ("extract/roles/guards.py",),
          "role_opening_patterns": ("extract/roles/openings.py",),
          "discovery_patterns": tuple(f"extract/discovery/{m}.py" for m in (
              "text", "kinds", "state", "models", "own_names", "definitions", "proposals", "benchmarks", "lists",
              "techniques")),
          "extraction_patterns": ("extract/concepts.py", "extract/abbreviations.py", "extract/assemble.py",
                                  "extract/components.py"),
          "text_patterns": ("text.py",)}
ENTRIES = [(name, key) for name in sorted(OWNERS) for key in sorted(pattern_entries(name))]


@pytest.mark.parametrize(("name", "key"), ENTRIES)
def test_entry_finds_its_examples(name, key):
    entry = pattern_entries(name)[key]
    assert entry["doc"].strip(), f"{name}.{key} has no doc"
    assert entry["examples"], f"{name}.{key} has no examples"
    pattern = compile_entry(entry)
    for example in entry["examples"]:
        assert pattern.search(example), f"{name}.{key} does not find its example {example!r}"


@pytest.mark.parametrize("name", sorted(OWNERS))
def test_every_entry_is_used_and_every_use_exists(name):
    assert_owners_use_exactly(name, OWNERS[name], "load_patterns", "_P")


def test_list_patterns_join_without_separator():
    # "pattern" as a list keeps long expressions readable; the parts are concatenated as written
    value = pattern_entries("claim_patterns")["value"]
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


def test_role_guards_keep_their_exceptions():
    # the exceptions written into the expressions hold: "with and without X" is no absence,
    # "at least as expressive as X" is a comparison, not a yardstick
    p = load_patterns("role_guard_patterns")
    assert p.absent.search("trained with and without ") is None
    assert p.as_expressive.search("at least as expressive as the ") is None


def test_every_module_that_loads_a_pattern_file_is_its_owner():
    # a module missing from OWNERS would escape the check that its uses exist
    assert data_file_readers("load_patterns") == {name: set(owners) for name, owners in OWNERS.items()}


def test_every_pattern_file_has_an_owner():
    files = {p.name[:-len(".json")] for p in (resources.files("kg") / "data" / "patterns").iterdir()
             if p.name.endswith("_patterns.json")}
    assert files == set(OWNERS)


def test_discovery_head_nouns_are_one_list():
    # the head nouns of the paper's own contribution ("our approach, NAME,") are written out in each
    # expression that reads them: all as our_heads has them
    entries = pattern_entries("discovery_patterns")
    heads = entries["our_heads"]["pattern"]
    for key in ("our_head_name", "our_head_dashed", "our_name_head", "our_own"):
        assert heads in compile_entry(entries[key]).pattern, key


def test_discovery_person_names_are_written_alike():
    # "the Kabsch algorithm" and "Heun's method" read a person's name the same way
    entries = pattern_entries("discovery_patterns")
    assert entries["the_surname_head"]["pattern"][1] == entries["possessive_head"]["pattern"][1]
    p = load_patterns("discovery_patterns")
    assert p.the_surname_head.search("the Birkhoff-von Neumann algorithm").group(1) == "Birkhoff-von Neumann algorithm"
    assert p.possessive_head.search("by Jensen's inequality") is None  # a law, no algorithm


def test_variant_size_tags_are_one_list():
    # a size written onto a known architecture ("ViT-B") or model ("Qwen2.5-7B") reads the same tags;
    # a model also takes release tags ("-Instruct"), an architecture none
    entries = pattern_entries("extraction_patterns")
    algorithm, model = entries["algorithm_variant"]["pattern"], entries["model_variant"]["pattern"]
    assert algorithm[1] == model[1]
    assert model[4] == ")" + algorithm[2]
    p = load_patterns("extraction_patterns")
    assert p.model_variant.match("-7B-Instruct").group() == "-7B-Instruct"
    assert p.algorithm_variant.match("-B-Instruct") is None  # the tag must end the name
    assert p.algorithm_variant.match("-B/16 backbone").group() == "-B/16"


def test_letter_end_keeps_initials_inside():
    # initials and a known name's full stop end no sentence; a one-letter name after "to" does
    p = load_patterns("extraction_patterns")
    assert p.letter_end.search("by J. Smith and A. Jones") is None
    assert p.letter_end.search("from task A to B. We show").group(1) == "W"


def test_tex_commands_keep_or_drop_their_text():
    assert clean(r"GPT-4~\citep{openai2023} and \textsc{FooNet}$^\dagger$ (\href{https://x.org}{code})").text \
        == "GPT-4 and FooNet (code)"
    p = load_patterns("text_patterns")
    assert p.footnote_mark.search("R$^2$") is None  # a power, no footnote
    assert p.neural_net.search("graphneuralnetwork") is None
