"""A rate the paper's method reaches that belongs to another algorithm ("converges at the rate of
synchronous SGD", "attains the convergence rate of Nesterov's method") compares the method with it;
the rate of X as the object of an analysis ("we analyze the convergence rate of SGD") stays a study
(invented sentences)."""
import pytest

from kg.extract.roles import occurrence_role


def role(cues, sentence: str, name: str, own_names=frozenset({"fooopt"})) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), cues, own=True, own_names=own_names)[0]


@pytest.mark.parametrize("sentence, name", [
    ("We prove that FooOpt converges at the rate of synchronous SGD for smooth non-convex objectives.", "SGD"),
    ("FooOpt converges at the same rate of mini-batch SGD while communicating once per epoch.", "SGD"),
    ("FooOpt attains the convergence rate of Nesterov's accelerated gradient without knowing the curvature.",
     "Nesterov's accelerated gradient"),
    ("Under strong convexity, FooOpt recovers the optimal rate of gradient descent.", "gradient descent"),
])
def test_a_rate_reached_compares(cues, sentence, name):
    assert role(cues, sentence, name) == "compared"


@pytest.mark.parametrize("sentence, name, expected", [
    # the rate of X as what is analysed
    ("We analyze the convergence rate of SGD under heavy-tailed noise.", "SGD", "studied"),
    ("We establish the convergence rate of Adam for smooth non-convex objectives.", "Adam", "studied"),
])
def test_a_rate_not_reached(cues, sentence, name, expected):
    assert role(cues, sentence, name) == expected


@pytest.mark.parametrize("sentence, name", [
    # a rate that is a setting of X, not one the method reaches
    ("FooOpt sets the learning rate of Adam by a line search.", "Adam"),
    ("FooOpt tunes the learning rates of Adam and SGD by a line search.", "SGD"),
])
def test_a_rate_setting_is_no_comparison(cues, sentence, name):
    assert role(cues, sentence, name) != "compared"
