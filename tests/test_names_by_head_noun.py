"""A coined name takes its kind from the head noun written right before or after it:
"a dataset named X" makes X a created benchmark as well as what the paper proposes (the
guide lists a dataset a paper creates in both), and "the <Title Case> framework" is the
framework's name even when a known concept is part of it."""
import pytest

from kg.extract import Extractor
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

LEX = Lexicon.from_entries([
    LexiconEntry("moo", "multi-objective optimization", "field"),
    LexiconEntry("mdp", "Markov decision process", "field"),
    LexiconEntry("sgd", "SGD", "algorithm"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def _mentions(extractor, text):
    ex = next(extractor.extract([Paper("n", text)]))
    return {(m.type, m.name, m.proposed) for m in ex.mentions}


@pytest.mark.parametrize("text, name", [
    ("We construct a dataset named Visual Conflict Pairs (VCP) to study this effect.", "VCP"),
    ("We introduce a new dataset called GraphQA-Hard for evaluating graph reasoning.", "GraphQA-Hard"),
    ("We release a testbed, dubbed Kitchenette, for long-horizon manipulation.", "Kitchenette"),
    ("We build a suite of tasks called ShiftBench to measure robustness.", "ShiftBench"),
])
def test_a_name_given_to_a_dataset_is_a_created_benchmark(extractor, text, name):
    got = _mentions(extractor, text)
    assert ("method", name, True) in got and ("benchmark", name, True) in got


@pytest.mark.parametrize("text, name", [
    ("We propose a new method called FooNet for planning.", "FooNet"),
    ("We construct a dataset and propose a model named Lantern (LNT) that reads it.", "LNT"),
    ("We introduce an optimizer, dubbed Kestrel, that trains on the dataset faster than SGD.", "Kestrel"),
])
def test_a_name_given_to_a_method_is_no_benchmark(extractor, text, name):
    got = _mentions(extractor, text)
    assert ("method", name, True) in got and ("benchmark", name, True) not in got


def test_a_title_case_name_before_a_head_noun_is_coined_around_a_known_concept(extractor):
    got = _mentions(extractor, "To address this gap, we introduce the Aligned Multi-Objective Optimization "
                               "framework, propose new algorithms for this setting, and prove guarantees.")
    assert ("method", "Aligned Multi-Objective Optimization", True) in got


@pytest.mark.parametrize("text", [
    "We introduce the Multi-Objective Optimization framework for this setting.",  # nothing coined around it
    "We introduce the multi-objective optimization framework for this setting.",
])
def test_a_known_concept_with_a_head_noun_alone_is_no_coined_name(extractor, text):
    got = _mentions(extractor, text)
    assert not any(proposed for _, _, proposed in got)


@pytest.mark.parametrize("text, name", [
    ("We propose a new planner based on Monte Carlo Graph Search (MCGS) for long-horizon tasks.", "MCGS"),
    ("We propose a method inspired by Sparse Predictive Coding (SPC) for video prediction.", "SPC"),
    ("We build our tagger on top of Conditional Random Fields (CRF) with rich features.", "CRF"),
])
def test_a_definition_the_proposal_rests_on_exists_already(extractor, text, name):
    got = _mentions(extractor, text)
    assert ("algorithm", name, False) in got and not any(n == name and p for _, n, p in got)


@pytest.mark.parametrize("text, name", [
    ("We propose Kestrel, a planner based on our new Graph Search Tree (GST).", "GST"),  # marked as its own
    ("We propose Graph Search Tree (GST), a planner based on MCTS.", "GST"),  # defined before the words
])
def test_a_definition_marked_as_the_papers_own_is_still_proposed(extractor, text, name):
    assert ("method", name, True) in _mentions(extractor, text)


@pytest.mark.parametrize("text, short", [
    ("We propose a novel algorithm for Global Navigation Satellite System (GNSS) positioning.", "GNSS"),
    ("A novel bootstrapping approach to Named Entity (NE) tagging using concept-based seeds is presented.", "NE"),
    ("We propose a new method for cross-lingual entity matching (CLEM) based on clustering.", "CLEM"),
])
def test_a_definition_after_method_for_names_the_problem_not_the_method(extractor, text, short):
    assert not any(n == short for _, n, _ in _mentions(extractor, text))


def test_a_definition_after_method_for_that_the_sentence_goes_on_about_may_name_it(extractor):
    got = _mentions(extractor, "We propose a framework for Learning with Options (LwO), which outperforms SGD.")
    assert ("method", "LwO", True) in got


def test_a_treebank_the_paper_builds_is_a_created_benchmark(extractor):
    got = _mentions(extractor, "This paper describes a new annotation project, the Quechua Discourse TreeBank (QDTB).")
    assert ("method", "QDTB", True) in got and ("benchmark", "QDTB", True) in got


def test_a_plural_acronym_opens_no_listed_name(extractor):
    got = _mentions(extractor, "We collected a new dataset, Tumblr GIF (TGIF), with 100K animated GIFs from Tumblr "
                               "and 120K descriptions.")
    assert not any(n.startswith("GIFs") for _, n, _ in got) and ("benchmark", "TGIF", True) in got


def test_a_definition_ending_in_a_known_algorithm_is_an_algorithm():
    lex = Lexicon.from_entries([LexiconEntry("hmm", "hidden Markov model", "algorithm")])
    ex = next(Extractor(lex).extract([Paper("n", "We discuss maximum a posteriori estimation of continuous density "
                                                  "hidden Markov models (CDHMM) for speech.")]))
    assert ("algorithm", "CDHMM") in {(m.type, m.name) for m in ex.mentions}


@pytest.mark.parametrize("text, name", [
    ("We verify the effectiveness of the proposed Kernel Fukunaga-Koontz Transform by testing it on faces.",
     "Kernel Fukunaga-Koontz Transform"),
    ("We propose the Gauss-Markov Adapter, which adapts.", "Gauss-Markov Adapter"),
])
def test_title_case_words_around_a_coined_word_are_the_name(extractor, text, name):
    assert ("method", name, True) in _mentions(extractor, text)
