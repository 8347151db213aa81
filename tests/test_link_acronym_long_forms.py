"""A known short name that a paper expands with another word under one of its letters names
another concept ("Contrastive Q-Learning (CQL)" is not Conservative Q-Learning), even when
the two long forms share most of their words; spellings of the known long form still link."""
import pytest

from kg.extract import Extractor
from kg.link import link
from kg.link.acronyms import aligned_words, names_another
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

LEX = Lexicon.from_entries([
    LexiconEntry("cql", "CQL", "algorithm", ("Conservative Q-Learning",)),
    LexiconEntry("grpo", "GRPO", "algorithm", ("Group Relative Policy Optimization",)),
    LexiconEntry("dqn", "DQN", "algorithm", ("Deep Q-Network", "deep Q-learning")),
    LexiconEntry("gae", "GAE", "algorithm", ("Generalized Advantage Estimation",)),
])


@pytest.mark.parametrize("short, long, known", [
    ("CQL", "Contrastive Q-Learning", ("Conservative Q-Learning",)),
    ("GRPO", "Group Robust Policy Optimization", ("Group Relative Policy Optimization",)),
    ("DDQN", "Dueling Deep Q-Network", ("Double Deep Q-Network", "Double DQN")),
    ("CRL", "constrained reinforcement learning", ("contrastive reinforcement learning",)),
])
def test_another_word_under_one_letter_names_another_concept(short, long, known):
    assert names_another(short, long, known)


@pytest.mark.parametrize("short, long, known", [
    ("GAE", "Generalised Advantage Estimator", ("Generalized Advantage Estimation",)),  # spelling, word ending
    ("DQNs", "Deep Q-Networks", ("Deep Q-Network",)),  # plural
    ("DQN", "Deep Q-Net", ("Deep Q-Network",)),  # shortened word
    ("DQN", "deep Q-learning", ("Deep Q-Network",)),  # does not spell the name word by word: no evidence
    ("LoRA", "Low-Rank Adapters", ("Low-Rank Adaptation",)),  # idem
    ("CQL", "Contrastive Q-Learning", ("CQL",)),  # the entry has no long form to compare with
])
def test_spellings_and_unaligned_long_forms_are_not_taken_for_another_concept(short, long, known):
    assert not names_another(short, long, known)


def test_words_are_aligned_to_letters_without_filler_words():
    assert aligned_words("Mixture of Experts", "ME") == ["mixtu", "exper"]
    assert aligned_words("Mixture of Experts", "MoE") is None


def _linked(*texts):
    papers = [Paper(f"p{i}", t) for i, t in enumerate(texts)]
    done, _, _ = link(list(Extractor(LEX).extract(papers)), LEX)
    return [{m.name: m.concept for m in ex.mentions} for ex in done]


def test_a_cited_acronym_with_another_expansion_leaves_the_known_concept():
    a, b, c = _linked(
        "Our agent is compared with Contrastive Q-Learning (CQL) on the navigation tasks.",
        "Baselines include Conservative Q-Learning (CQL), and our critic outperforms CQL.",
        "We contrast our estimator with Contrastive Q-Learning (CQL), which needs negatives.",
    )
    assert b["CQL"] == "concept/cql"
    assert a["CQL"] != "concept/cql" and a["CQL"] == c["CQL"]


def test_a_long_form_differing_in_one_word_of_four_is_another_concept():
    a, b = _linked(
        "Fairness is improved over Group Robust Policy Optimization (GRPO) in every split.",
        "Reasoning improves over Group Relative Policy Optimization (GRPO) with fewer samples.",
    )
    assert b["GRPO"] == "concept/grpo" and a["GRPO"] != "concept/grpo"


def test_a_spelling_of_the_known_long_form_still_links_to_it():
    a, b = _linked(
        "Returns exceed those of Generalised Advantage Estimation (GAE) with a small lambda.",
        "Our critic replaces Deep Q-Networks (DQNs) in value-based control.",
    )
    assert a["GAE"] == "concept/gae" and b["DQNs"] == "concept/dqn"
