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


def test_a_field_acronym_keeps_the_words_that_narrow_it(extractor):
    text = ("Risk-sensitive offline reinforcement learning (RL) learns cautious policies from logged data. "
            "We propose a quantile critic for this setting.")
    ex = next(extractor.extract([Paper("p", text)]))
    fields = [m for m in ex.mentions if m.type == "field"]
    assert any(m.name.lower() == "risk-sensitive offline reinforcement learning" or
               "risk-sensitive offline reinforcement learning" in {a.lower() for a in m.aliases} for m in fields)
    assert not any(m.lexicon_id == "reinforcement-learning" for m in fields)


def test_a_known_narrower_field_before_an_acronym_is_the_known_one(extractor):
    text = "Deep reinforcement learning (RL) agents overfit to their training levels. We propose a regularizer."
    ex = next(extractor.extract([Paper("p", text)]))
    assert any(m.type == "field" and m.lexicon_id == "deep-reinforcement-learning" for m in ex.mentions)
