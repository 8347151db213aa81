"""Benchmarks named by where they come from and by proposals (the shipped lexicon): the coined
collection after "suites from" is a benchmark (a known model or a plain word after "from" is not); a
benchmark word in a clause about the proposed method names its input, not a benchmark, unless "which is a
benchmark"; a proposal respelling a known benchmark ("CoLa") is only a method. Also: the entries of one
shipped lexicon file are their own concepts and are found in text."""

import pytest

from extraction_helpers import written_names


@pytest.mark.parametrize("text, name", [
    ("Federated baselines are compared on the Shakespeare next-character task.", "Shakespeare"),
    ("Counterfactual regret variants are run on Liar's Dice with two dice per player.", "Liar's Dice"),
    ("Linear TD diverges on Baird's counterexample unless the step size is tiny.", "Baird's counterexample"),
    ("Sparse GP regression is reported on the airline delay dataset.", "airline delay dataset"),
    ("The attack is tested on Garnet MDPs with 50 states.", "Garnet MDPs"),
])
def test_benchmarks_l22_forms_are_found(shipped_extractor, text, name):
    assert name in written_names(shipped_extractor, text, "benchmark")


def test_the_coined_collection_after_from_is_a_benchmark(shipped_extractor):
    text = "Scores are averaged over the arithmetic and logic suites from ReasonKit."
    assert "ReasonKit" in written_names(shipped_extractor, text, "benchmark")


def test_a_known_model_after_from_stays_a_model(shipped_extractor):
    text = "The instruction datasets from GPT-4 are filtered for length."
    assert "GPT-4" not in written_names(shipped_extractor, text, "benchmark")


def test_a_plain_word_after_from_is_no_benchmark(shipped_extractor):
    text = "We sample ten datasets from Kenya and compare the error of each model."
    assert "Kenya" not in written_names(shipped_extractor, text, "benchmark")


@pytest.mark.parametrize("text", [
    "We propose GradLens, which estimates a gradient subspace from a small public dataset before adding noise.",
    "We present PriorNet, a Transformer pretrained on synthetic datasets drawn from random causal graphs.",
])
def test_a_benchmark_word_in_a_clause_about_the_method_is_its_input(shipped_extractor, text):
    name = text.split()[2].rstrip(",")
    assert name in written_names(shipped_extractor, text, "method")
    assert name not in written_names(shipped_extractor, text, "benchmark")


def test_which_is_a_benchmark_still_names_one(shipped_extractor):
    text = "We introduce Quarry, which is a benchmark of 400 retrieval tasks for agents."
    assert "Quarry" in written_names(shipped_extractor, text, "benchmark")


def test_a_proposal_respelling_a_known_benchmark_is_only_a_method(shipped_extractor):
    text = "We introduce CoLa, which picks the contrast layer per token from the entropy of early exits."
    assert "CoLa" in written_names(shipped_extractor, text, "method")
    assert "CoLa" not in written_names(shipped_extractor, text, "benchmark")
