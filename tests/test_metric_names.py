"""Which phrases name a metric (the shipped lexicon): a measure after a cue ("in terms of queueing
cost", "reduces the hallucination rate"), a weak head only with an explicit cue, known multi-word
measures, measures the lexicon knows, and the KL divergence when it is reported; no metric for a
setting ("the learning rate", "the target accuracy"), a generic quantity named in passing (runtime,
parameter count) or the KL term of an objective."""
import pytest

from kg.link import load_lexicon
from kg.records import Paper


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
def test_a_measure_after_a_cue_is_a_metric(shipped_extractor, sentence, metric):
    assert metric in names(shipped_extractor, sentence, "metric")


@pytest.mark.parametrize("sentence, not_metric", [
    ("We lower the learning rate after every epoch.", "learning rate"),
    ("Our bound matches the best known rate up to logarithmic factors.", "known rate"),
    ("The agent is trained until it reaches the target accuracy.", "target accuracy"),
    ("Each client minimizes a contrastive loss on its own data.", "contrastive loss"),
    ("The planner uses the cost of each edge to build a route.", "edge cost"),
    ("We bound the estimation error in terms of the mixing cost of the chain.", "mixing cost"),
])
def test_no_metric_without_a_cue_or_for_a_setting(shipped_extractor, sentence, not_metric):
    assert not_metric not in names(shipped_extractor, sentence, "metric")


def test_a_weak_head_needs_an_explicit_measure_cue(shipped_extractor):
    assert "routing cost" not in names(shipped_extractor, "The method reduces routing cost in practice.", "metric")
    assert "routing cost" in names(shipped_extractor, "We compare both in terms of routing cost.", "metric")


def test_known_multiword_measures_keep_their_lexicon_name(shipped_extractor):
    found = names(shipped_extractor, "The model reduces the word error rate by 12% and improves clean accuracy to 81.0%.", "metric")
    assert {"word error rate", "clean accuracy"} <= found


@pytest.mark.parametrize("form, eid", [
    ("mAP", "map"), ("acceptance rate", "acceptance-rate"), ("average accepted length", "acceptance-length"),
    ("training loss", "training-loss"), ("mean relative error", "mean-relative-error"),
    ("GPU hours", "gpu-hours"), ("continual test-time adaptation", "continual-test-time-adaptation"),
    ("proximal causal inference", "proximal-causal-inference"), ("motif scaffolding", "motif-scaffolding"),
])
def test_lexicon_knows_the_added_measures_and_settings(form, eid):
    assert load_lexicon().lookup(form).id == eid


def metric_ids(extractor, text: str) -> set[str]:
    """Lexicon ids of the metrics ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.lexicon_id for m in ex.mentions if m.type == "metric"}


@pytest.mark.parametrize("text, lexicon_id", [
    ("Noise is injected only at training time, so inference is unchanged.", "wall-clock-time"),
    ("The solver's runtime grows with the square of the horizon.", "wall-clock-time"),
    ("Quantisation shrinks the memory footprint of the optimiser states.", "memory-usage"),
    ("The model matches its teacher with half the number of parameters.", "parameter-count"),
    ("We prove a generalization bound that scales with the margin.", "generalization-error"),
])
def test_generic_quantity_is_no_metric(shipped_extractor, text, lexicon_id):
    assert lexicon_id not in metric_ids(shipped_extractor, text)


def test_named_measures_still_metrics(shipped_extractor):
    assert {"wall-clock-time", "memory-usage"} <= metric_ids(
        shipped_extractor, "Our method cuts wall-clock time by 30% and peak memory by half.")


@pytest.mark.parametrize("text", [
    "The policy is fine-tuned with a KL penalty to the instruction-tuned model.",
    "A KL divergence penalty keeps the student close to its teacher.",
    "We drop the KL term of the evidence lower bound.",
])
def test_kl_term_of_an_objective_is_no_metric(shipped_extractor, text):
    assert "kl-divergence" not in metric_ids(shipped_extractor, text)


def test_kl_divergence_reported_is_a_metric(shipped_extractor):
    assert "kl-divergence" in metric_ids(shipped_extractor, "Our sampler lowers the KL divergence to the target by 40%.")
