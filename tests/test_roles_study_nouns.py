"""More ways an abstract says what it analyses, on invented sentences: "an evaluation of X", "an
assessment of X", "a characterization of X", "an analysis for X", "a convergence proof for X" and "the
same holds for X"; a method's own evaluation against X and "holds"/"applies" with an object of their
own keep their roles."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name", [
    ("We carry out a systematic evaluation of prefix tuning across twelve languages.", "prefix tuning"),
    ("This note gives a careful assessment of temperature scaling under label shift.", "temperature scaling"),
    ("We give a precise characterization of label propagation on sparse random graphs.", "label propagation"),
    ("We give a tight analysis for Frank-Wolfe on strongly convex sets.", "Frank-Wolfe"),
    ("We present the first convergence proof for AdaGrad with momentum.", "AdaGrad"),
    ("We show the same holds for Expected SARSA under a coverage assumption.", "Expected SARSA"),
])
def test_study_nouns(sentence, name):
    assert role(sentence, name, study=True) == "studied"


@pytest.mark.parametrize("sentence, name, expected", [
    # an evaluation of the paper's own method against X keeps X a baseline
    ("An evaluation of FooNet against GraphSAGE shows a 4-point gain.", "GraphSAGE", "compared"),
    # "holds"/"applies" with an object of its own is no finding that extends to X
    ("This holds the learning rate fixed for PPO.", "PPO", "mentioned"),
    ("It then applies gradient clipping to the critic of SAC.", "SAC", "builds_on"),
])
def test_non_study_uses(sentence, name, expected):
    assert role(sentence, name) == expected
