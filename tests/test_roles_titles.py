"""Roles an algorithm takes from the paper's title: a property of X that is analysed ("Stability of
Q-Learning ...") or an effect on X ("Label Smoothing Breaks Knowledge Distillation") makes the title a
study of X, a remedy ("Improving the Robustness of X with ...") builds on it, a capitalised modifier
makes a variant ("Distributional Soft Actor-Critic"), and the words that set X apart ("Beyond X", "No X",
"vs X") count only as whole words ("Noise", "Notes" do not)."""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import title_role, title_span

CUES = load_cues()


@pytest.mark.parametrize("title, name, expected", [
    ("Memorization in Score-Based Generative Models Grows with Width", "Score-Based Generative Models", "studied"),
    ("Stability of Q-Learning with Linear Function Approximation", "Q-Learning", "studied"),
    ("Identifiability of Independent Component Analysis under Mixed Noise", "Independent Component Analysis", "studied"),
    ("Calibration of Random Forests on Imbalanced Data", "Random Forests", "studied"),
    # a remedy of the property, not an analysis
    ("Better Calibration of Random Forests through Soft Leaves", "Random Forests", None),
    ("Improving the Robustness of Random Forests with Noisy Splits", "Random Forests", "builds_on"),
])
def test_title_property(title, name, expected):
    span = title_span(title, [name])
    assert title_role(title, *span, CUES) == expected


def told(title: str, name: str, **kw) -> str | None:
    span = title_span(title, [name])
    return title_role(title, *span, CUES, **kw)


@pytest.mark.parametrize("title, name, expected", [
    ("Label Smoothing Breaks Knowledge Distillation", "Knowledge Distillation", "studied"),
    ("Why Sparse Rewards Undermine Soft Actor-Critic", "Soft Actor-Critic", "studied"),
    ("Stale Gradients Destabilize Federated Averaging in Practice", "Federated Averaging", "studied"),
    ("Noisy Labels Mislead the Random Forest", "Random Forest", "studied"),
    ("How Weight Decay Affects Batch Normalization", "Batch Normalization", "studied"),
    # a capitalised modifier still makes a variant, a builds_on verb still builds on
    ("Distributional Soft Actor-Critic", "Soft Actor-Critic", None),
    ("Improving Federated Averaging with Server Momentum", "Federated Averaging", "builds_on"),
    # a name the verb does not take as its object, or a verb with no subject, is no study
    ("Breaks in Knowledge Distillation Pipelines", "Knowledge Distillation", None),
])
def test_effect_verb_title(title, name, expected):
    assert told(title, name) == expected


@pytest.mark.parametrize("title, name, expected", [
    ("Noise Injection Undermines Batch Normalization", "Batch Normalization", "studied"),
    ("Notes on the Convergence of Federated Averaging", "Federated Averaging", "studied"),
    # the words themselves still set the name apart
    ("Beyond Federated Averaging: Personalised Aggregation", "Federated Averaging", None),
    ("No Batch Normalization Needed for Deep Residual Nets", "Batch Normalization", None),
    ("Deep Sets vs Batch Normalization", "Batch Normalization", None),
])
def test_set_apart_words_are_whole_words(title, name, expected):
    assert told(title, name, proposes=True) == expected
