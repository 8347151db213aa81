"""Forms of a known name that discovery reads as one concept with it (the shipped lexicon): a known name with a
version of it in brackets is that version ("Berkeley Function Calling Leaderboard (BFCL v3)"); a bare acronym
that opens a known name of the same paper is that concept ("STL" next to "STL decomposition"); a capitalised
word listed before a known baseline modifies it ("Twin-Critic TD3"), with no concept of its own."""

import pytest

from kg.records import Paper


def concepts(extractor, text):
    """``{name: mention}`` of one paper's concepts, and ``{form: name}`` of all their forms."""
    [ex] = list(extractor.extract([Paper("p", text)]))
    by_name = {m.name: m for m in ex.mentions}
    forms = {f: m.name for m in ex.mentions for f in (m.name, *m.aliases)}
    return by_name, forms


def test_a_version_in_brackets_after_its_known_name_is_one_concept(shipped_extractor):
    text = ("Our tuned agent scores 61% on the Berkeley Function Calling Leaderboard (BFCL v3), "
            "and the multi-turn split of BFCL v3 gains most.")
    by_name, forms = concepts(shipped_extractor, text)
    assert forms["Berkeley Function Calling Leaderboard"] == forms["BFCL v3"]
    assert by_name[forms["BFCL v3"]].lexicon_id == "bfcl-v3"
    assert "BFCL" not in forms


def test_an_unknown_version_in_brackets_is_one_concept_under_the_known_name(shipped_extractor):
    text = "Our tuned agent scores 55% on the Berkeley Function Calling Leaderboard (BFCL v4) after training."
    by_name, forms = concepts(shipped_extractor, text)
    assert forms["Berkeley Function Calling Leaderboard"] == forms["BFCL v4"]
    assert by_name[forms["BFCL v4"]].parent == "bfcl"


def test_the_plain_short_form_in_brackets_stays_the_known_name(shipped_extractor):
    text = "Our tuned agent scores 55% on the Berkeley Function Calling Leaderboard (BFCL) after training."
    by_name, forms = concepts(shipped_extractor, text)
    assert forms["BFCL"] == forms["Berkeley Function Calling Leaderboard"]
    assert by_name[forms["BFCL"]].lexicon_id == "bfcl"


def test_another_benchmark_in_brackets_stays_another_concept(shipped_extractor):
    text = "Accuracy on grade-school arithmetic (GSM8K) and competition problems such as MATH (AIME) is reported."
    _, forms = concepts(shipped_extractor, text)
    assert forms.get("MATH") != forms.get("AIME")


def test_a_bare_acronym_opening_a_known_name_of_the_paper_is_that_concept(shipped_extractor):
    text = ("We propose SeasonFormer, a forecaster applying STL decomposition to every channel. It keeps the "
            "robust seasonal-trend decomposition, and it beats PatchTST, STL and DLinear on ETTh1.")
    by_name, forms = concepts(shipped_extractor, text)
    assert forms["STL"] == forms["seasonal-trend decomposition"]
    assert by_name[forms["STL"]].lexicon_id == "stl-decomposition"


def test_a_bare_acronym_without_its_known_name_stays_its_own(shipped_extractor):
    text = "We propose SeasonFormer, a forecaster. It beats PatchTST, QRX and DLinear on ETTh1."
    by_name, forms = concepts(shipped_extractor, text)
    assert "QRX" in forms and by_name[forms["QRX"]].lexicon_id is None


@pytest.mark.parametrize("text, variant, known", [
    ("We propose HopNet. HopNet beats TD3 and Twin-Critic TD3 on the locomotion tasks.", "Twin-Critic TD3", "TD3"),
    ("We propose HopNet. Experiments show HopNet outperforming PPO and Recurrent PPO on memory tasks.",
     "Recurrent PPO", "PPO"),
    ("We propose HopNet. Experiments show HopNet outperforming DrQ and Augmented DrQ as well as CURL.",
     "Augmented DrQ", "DrQ"),
])
def test_a_capitalised_modifier_before_a_known_baseline_is_part_of_a_variant(shipped_extractor, text, variant, known):
    by_name, forms = concepts(shipped_extractor, text)
    modifier = variant.split(" ")[0]
    assert modifier not in forms
    assert variant in forms and known in forms and forms[variant] != forms[known]


def test_a_plain_modifier_before_a_known_baseline_is_dropped(shipped_extractor):
    text = "We propose HopNet. Experiments show HopNet outperforming SAC and Vanilla PPO on the locomotion tasks."
    _, forms = concepts(shipped_extractor, text)
    assert "Vanilla" not in forms and "Vanilla PPO" not in forms and "PPO" in forms


def test_a_lower_case_word_before_a_known_name_makes_no_variant(shipped_extractor):
    text = "We propose HopNet, which improves over boosted trees and boosting decision stumps on tabular data."
    _, forms = concepts(shipped_extractor, text)
    assert "boosting decision stumps" not in forms
