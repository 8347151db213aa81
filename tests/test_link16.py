"""Lexicon matching precision (link16): a name written in capitals only (an acronym: "PAIR", "MATH",
"DROP") does not match the ordinary word written with one capital at the start of a sentence or in a
title ("Pairs", "Math", "Drop")."""
import pytest

from kg.extract import Extractor
from kg.records import Paper


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


def _ids(extractor, text, title=""):
    [ex] = extractor.extract([Paper("p", text, title=title)] if title else [Paper("p", text)])
    return {m.lexicon_id for m in ex.mentions if m.lexicon_id}


@pytest.mark.parametrize("text, absent", [
    ("Pairs of completions are scored by a reward model before training.", "pair"),
    ("Math tutoring systems must explain each step to the student.", "math"),
    ("Drop rates of neurons are tuned on a validation split.", "drop"),
    ("Clip ratios that are too small stall the policy update.", "clip"),
])
def test_acronym_form_does_not_match_capitalised_word(extractor, text, absent):
    assert absent not in _ids(extractor, text)


@pytest.mark.parametrize("text, present", [
    ("We red-team the model with PAIR and with greedy coordinate gradient attacks.", "pair"),
    ("The verifier lifts accuracy on MATH by four points.", "math"),
    ("We compare encoders pretrained with CLIP and with DINO.", "clip"),
    ("Deep CNNs are fragile under small rotations of the input.", "cnn"),
])
def test_acronym_written_in_capitals_still_matches(extractor, text, present):
    assert present in _ids(extractor, text)


def test_acronym_also_listed_with_one_capital_matches_that_spelling(extractor):
    # the lexicon names TENT and lists "Tent" (the spelling its authors use) as an alias
    assert "tent" in _ids(extractor, "Entropy minimisation at test time, as in Tent, adapts the normalisation layers.")


def test_exclamation_mark_inside_a_name(extractor):
    [ex] = extractor.extract([Paper("p", "Click logs from the Yahoo! R6 collection serve as the contextual bandit testbed.")])
    assert ("Yahoo! R6", "yahoo-r6") in {(m.name, m.lexicon_id) for m in ex.mentions}


@pytest.mark.parametrize("text, lexicon_id", [
    ("Membership inference attacks recover which records were used in training.", "membership-inference"),
    ("A two-sample test based on the maximum mean discrepancy detects the shift.", "mmd"),
])
def test_components_and_attacks_are_algorithms(extractor, text, lexicon_id):
    [ex] = extractor.extract([Paper("p", text)])
    assert {m.type for m in ex.mentions if m.lexicon_id == lexicon_id} == {"algorithm"}


def test_humaneval_plus_is_named_for_itself_not_for_its_harness():
    from kg.link.lexicon import load_lexicon
    lex = load_lexicon()
    assert lex.get("humaneval-plus").name == "HumanEval+"
    assert lex.lookup("HumanEval Plus").id == "humaneval-plus"
    # EvalPlus is the harness that also extends MBPP (MBPP+): not a name of HumanEval+
    assert lex.lookup("EvalPlus") is None
