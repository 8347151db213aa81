"""A failure said of a rival with an adverb ("on which X provably fails", "where X consistently
diverges") sets X against the paper's method as the bare verb does (invented sentences)."""
import pytest

from kg.extract.roles import occurrence_role


def role(cues, sentence: str, name: str, own_names=frozenset()) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), cues, own=True, own_names=own_names)[0]


OWN = frozenset({"foonet"})


@pytest.mark.parametrize("sentence, name", [
    ("We prove that FooNet separates the two classes under a model on which GraphSAGE provably fails.", "GraphSAGE"),
    ("We show that FooNet converges on every instance, where Adam consistently diverges.", "Adam"),
    ("We prove that FooNet recovers the support, while lasso inevitably fails beyond the threshold.", "lasso"),
    ("We show that FooNet stays stable, whereas PPO catastrophically collapses after 1M steps.", "PPO"),
])
def test_adverb_before_a_failure(cues, sentence, name):
    assert role(cues, sentence, name, OWN) == "compared"


@pytest.mark.parametrize("sentence, name, expected", [
    # no failure after the adverb: the finding is about the method, what it names is not set against it
    ("We prove that FooNet provably recovers the support of lasso solutions.", "lasso", "mentioned"),
    # a paper studying X: a failure of X is what it finds about X
    ("We prove that GraphSAGE provably fails on heterophilous graphs.", "GraphSAGE", "studied"),
])
def test_adverb_without_a_rival(cues, sentence, name, expected):
    assert role(cues, sentence, name, OWN) == expected
