"""Metrics and fields (metrics11): measures named by context, field acronyms that keep the words
narrowing them, and the lexicon's metric and field additions (breadth_m11.jsonl). Sentences are
written for these tests."""
import pytest

from kg.extract import Extractor
from kg.link import load_lexicon
from kg.records import Paper


@pytest.fixture(scope="module")
def extractor():
    return Extractor(load_lexicon())


def names(extractor, text, typ, title=None):
    ex = next(extractor.extract([Paper("p", text, title=title)]))
    return {m.name.lower() for m in ex.mentions if m.type == typ}


@pytest.mark.parametrize("sentence, metric", [
    ("Our scheduler is compared with two heuristics in terms of queueing cost on three clusters.", "queueing cost"),
    ("The retriever reduces the hallucination rate and keeps latency unchanged.", "hallucination rate"),
    ("The filter reaches 91.4% retrieval accuracy on the held-out split.", "retrieval accuracy"),
    ("Training with the new warm-up leads to lower imputation error in all runs.", "imputation error"),
    ("The detector attains a localization error of 3.2 pixels on average.", "localization error"),
    ("Quality is measured by the preference score of a held-out judge.", "preference score"),
])
def test_a_measure_after_a_cue_is_a_metric(extractor, sentence, metric):
    assert metric in names(extractor, sentence, "metric")


@pytest.mark.parametrize("sentence, not_metric", [
    ("We lower the learning rate after every epoch.", "learning rate"),
    ("Our bound matches the best known rate up to logarithmic factors.", "known rate"),
    ("The agent is trained until it reaches the target accuracy.", "target accuracy"),
    ("Each client minimizes a contrastive loss on its own data.", "contrastive loss"),
    ("The planner uses the cost of each edge to build a route.", "edge cost"),
    ("We bound the estimation error in terms of the mixing cost of the chain.", "mixing cost"),
])
def test_no_metric_without_a_cue_or_for_a_setting(extractor, sentence, not_metric):
    assert not_metric not in names(extractor, sentence, "metric")


def test_a_weak_head_needs_an_explicit_measure_cue(extractor):
    assert "routing cost" not in names(extractor, "The method reduces routing cost in practice.", "metric")
    assert "routing cost" in names(extractor, "We compare both in terms of routing cost.", "metric")


def test_known_multiword_measures_keep_their_lexicon_name(extractor):
    found = names(extractor, "The model reduces the word error rate by 12% and improves clean accuracy to 81.0%.", "metric")
    assert {"word error rate", "clean accuracy"} <= found


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


@pytest.mark.parametrize("form, eid", [
    ("mAP", "map"), ("acceptance rate", "acceptance-rate"), ("average accepted length", "acceptance-length"),
    ("training loss", "training-loss"), ("mean relative error", "mean-relative-error"),
    ("GPU hours", "gpu-hours"), ("continual test-time adaptation", "continual-test-time-adaptation"),
    ("proximal causal inference", "proximal-causal-inference"), ("motif scaffolding", "motif-scaffolding"),
])
def test_lexicon_knows_the_added_measures_and_settings(form, eid):
    assert load_lexicon().lookup(form).id == eid
