"""The unmodified version of X, on invented sentences: a method paper that sets its method against
"standard X", "vanilla X", "unmodified X" or "the original X" has modified X, so it builds on X; a plain comparison, "plain X",
"standard baselines such as X", a study comparing with plain X and other people's work keep their roles."""
import pytest

from kg.extract import Extractor
from kg.extract.cues import fold
from kg.extract.roles.guards import base_version
from extraction_helpers import algorithm_roles, role


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


@pytest.mark.parametrize("sentence, name, expected", [
    ("On sparse-reward mazes, FooRL outperforms standard A2C by 18% in median return.", "A2C", "builds_on"),
    ("Unlike vanilla Adagrad, FooOpt needs no per-coordinate accumulator.", "Adagrad", "builds_on"),
    ("FooSampler draws sharper images than the original DDIM at ten steps.", "DDIM", "builds_on"),
    ("Our estimator has lower variance than unmodified REINFORCE on every task.", "REINFORCE", "builds_on"),
    # "plain" also names a different approach ("plain SGD fine-tuning" beside a LoRA variant)
    ("FooLoRA outperforms LoRA and plain SGD fine-tuning.", "SGD", "compared"),
    # a comparison with X itself, or with baselines of which X is an example, is a comparison
    ("On sparse-reward mazes, FooRL outperforms A2C by 18% in median return.", "A2C", "compared"),
    ("FooRL outperforms standard baselines such as A2C and DQN.", "A2C", "compared"),
    # a clause saying how the standard version fails sets a rival apart
    ("FooFlow stays accurate on long horizons, whereas the standard Euler method diverges.", "Euler method", "compared"),
])
def test_base_version_in_method_paper(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # a paper that proposes nothing compares plain X with what it studies
    ("We show that Adam escapes saddle points faster than plain SGD.", "SGD", "compared"),
])
def test_base_version_in_study(sentence, name, expected):
    assert role(sentence, name, study=True) == expected


def test_others_work_is_no_use():
    # a sentence about other people's work says nothing of the paper's method
    assert role("Prior variants outperform standard A2C on Atari.", "A2C", own=False) != "builds_on"


def test_modifier_must_be_adjacent():
    s = fold("FooRL is more stable than standard on-policy methods and A2C.")
    assert not base_version(s, s.index("a2c"))
    assert base_version(fold("than standard A2C"), len("than standard "))


def test_paper_extending_vanilla_x(extractor):
    abstract = ("Policy-gradient agents waste samples on uninformative trajectories. We present FooPG, which "
                "reweights each trajectory by its estimated information about the optimal policy. On MiniGrid, "
                "FooPG reaches the goal in 40% fewer episodes than vanilla REINFORCE and outperforms A2C.")
    roles = algorithm_roles(extractor, abstract)
    assert roles["REINFORCE"] == "builds_on"
    assert roles["A2C"] == "compared"
