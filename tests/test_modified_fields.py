"""A field narrowed by modifiers before a defined short form that abbreviates only its last
words ("Online safe reinforcement learning (RL)"): the setting is named by the whole phrase,
and the short form, which means the broader field, is no name or alias of it."""
import pytest

from kg.extract import Extractor
from kg.records import Paper


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


def fields(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.name: m for m in ex.mentions if m.type == "field"}


def test_unknown_narrowed_field_is_named_by_the_phrase(extractor):
    got = fields(extractor, "Online safe reinforcement learning (RL) asks agents to keep costs under a budget "
                            "while they explore. We propose a primal-dual scheme with bounded violation.")
    assert "Online safe reinforcement learning" in got
    assert "RL" not in got
    assert "RL" not in got["Online safe reinforcement learning"].aliases


def test_known_narrowed_field_is_named_by_the_phrase_and_linked(extractor):
    got = fields(extractor, "Offline safe reinforcement learning (RL) learns constrained policies from fixed "
                            "logs. We propose a cost-aware critic that avoids unsafe extrapolation.")
    field = got.get("Offline safe reinforcement learning")
    assert field is not None and field.lexicon_id == "safe-offline-rl"
    assert "RL" not in got and "RL" not in field.aliases


def test_a_plain_definition_keeps_its_short_name(extractor):
    ex = next(extractor.extract([Paper("p", "Proximal Policy Optimization (PPO) clips the policy ratio. "
                                            "We study PPO on sparse-reward tasks.")]))
    names = {m.name for m in ex.mentions}
    assert "PPO" in names
