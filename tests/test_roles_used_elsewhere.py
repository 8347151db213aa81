"""Where a technique is used, on invented sentences: "Polyak averaging, as used in DDPG and TD3",
"a replay buffer as popularized by DQN" name examples of its users, neither what the paper uses nor what
it studies; "as the backbone", "used in our agent" and "X, as in prior work" keep their roles."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected, study", [
    ("We also show that Polyak averaging of the target, as used in DDPG and TD3, yields the same guarantee.", "TD3", "mentioned", True),
    ("We also show that Polyak averaging of the target, as used in DDPG and TD3, yields the same guarantee.", "DDPG", "mentioned", True),
    ("FooQ keeps a replay buffer as popularized by DQN but samples it by surprise.", "DQN", "mentioned", False),
    # what the technique is examined for is still studied, and what the paper uses is still a use
    ("We also show that Polyak averaging of the target yields the same guarantee for TD3.", "TD3", "studied", True),
    ("FooQ uses DQN as the backbone and samples its replay buffer by surprise.", "DQN", "builds_on", False),
])
def test_used_elsewhere(sentence, name, expected, study):
    assert role(sentence, name, study=study) == expected
