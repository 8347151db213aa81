"""A study that compares several algorithms with each other, on invented sentences: "a study comparing A,
B and C", "experiments comparing A and B" in a paper that proposes nothing make every item studied; in a
method paper the same words name baselines, and what the items are compared "with" stays a baseline."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name", [
    ("We report a large-scale study comparing Lion, Sophia and AdamW on language-model pretraining.", "Sophia"),
    ("We report a large-scale study comparing Lion, Sophia and AdamW on language-model pretraining.", "AdamW"),
    ("Controlled experiments comparing HNSW and IVF-PQ across twelve embedding collections reveal a trade-off.", "IVF-PQ"),
    ("An evaluation comparing SHAP, LIME and Integrated Gradients on tabular models finds little agreement.", "LIME"),
])
def test_study_comparing_items_are_studied(sentence, name):
    assert role(sentence, name, study=True) == "studied"


@pytest.mark.parametrize("sentence, name, study", [
    # in a method paper, experiments comparing the method with X make X a baseline
    ("Experiments comparing FooNet with PPO and SAC show faster convergence.", "SAC", False),
    ("Experiments comparing FooNet, PPO and SAC show faster convergence.", "SAC", False),
    # what the studied items are compared with is a baseline
    ("We report a study comparing Lion and Sophia with AdamW on language-model pretraining.", "AdamW", True),
])
def test_comparison_targets_stay_compared(sentence, name, study):
    assert role(sentence, name, study=study) == "compared"
