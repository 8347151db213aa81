"""Variants of a known measure: one the papers name apart ("cumulative regret", "median human-normalized
score", "OOD accuracy") is a node of its own under the measure, as algorithm variants are; a measure written
with a modifier ("the average accuracy") is found as that measure; and a divergence that ties a policy to a
reference or behaviour policy is part of the method, not a measure."""
import pytest

from kg.link import load_lexicon
from kg.records import Paper


def metrics(extractor, text: str) -> dict[str, set[str]]:
    """Lexicon id -> the name and aliases of each metric ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.lexicon_id: {m.name.lower(), *(a.lower() for a in m.aliases)} for m in ex.mentions if m.type == "metric"}


@pytest.mark.parametrize("form, eid, parent", [
    ("cumulative regret", "cumulative-regret", "regret"), ("total regret", "cumulative-regret", "regret"),
    ("in-distribution accuracy", "in-distribution-accuracy", "accuracy"),
    ("OOD accuracy", "out-of-distribution-accuracy", "accuracy"),
    ("mean human-normalized score", "mean-human-normalized-score", "human-normalized-score"),
    ("median human-normalized score", "median-human-normalized-score", "human-normalized-score"),
])
def test_a_named_variant_is_its_own_node_under_its_measure(form, eid, parent):
    # as for algorithms: a variant the papers name apart is an entry of its own, linked to its parent
    entry = load_lexicon().lookup(form)
    assert (entry.id, entry.parent) == (eid, parent)


def test_a_modified_measure_is_found_as_that_measure(shipped_extractor):
    found = metrics(shipped_extractor, "On five splits the probe raises the average accuracy of the frozen encoder by 3.1 points.")
    assert "accuracy" in found


def test_a_summary_of_a_measure_is_found(shipped_extractor):
    found = metrics(shipped_extractor, "Across 26 games the agent raises the median human-normalized score by 30%, and on the "
                               "control suite it improves the final return of its base learner by 12%.")
    assert {"median-human-normalized-score", "return"} <= set(found)


def test_regret_and_cumulative_regret_are_two_nodes(shipped_extractor):
    found = metrics(shipped_extractor, "We prove a regret bound of order sqrt(T) for the tuned learner, and on synthetic "
                               "auctions it keeps the lowest cumulative regret among five baselines.")
    assert {"regret", "cumulative-regret"} <= set(found)


def test_other_regret_measures_stay_apart(shipped_extractor):
    found = metrics(shipped_extractor, "The learner has sublinear dynamic regret and its simple regret vanishes.")
    assert {"dynamic-regret", "simple-regret"} <= set(found)


def test_shift_accuracies_are_metrics(shipped_extractor):
    found = metrics(shipped_extractor, "The adapter lifts OOD accuracy on the shifted split while in-distribution accuracy "
                               "stays within half a point.")
    assert {"out-of-distribution-accuracy", "in-distribution-accuracy"} <= set(found)


@pytest.mark.parametrize("text, eid", [
    ("The update keeps the KL divergence to the reference policy small through a clipped ratio.", "kl-divergence"),
    ("A trust region bounds the KL divergence between successive policies during fine-tuning.", "kl-divergence"),
    ("The actor is regularised by the Wasserstein distance between the policy and the logged actions.",
     "wasserstein-distance"),
    ("A penalty on the Wasserstein distance to the behavior policy keeps actions in the data support.",
     "wasserstein-distance"),
])
def test_a_divergence_tying_a_policy_to_a_reference_is_no_metric(shipped_extractor, text, eid):
    assert eid not in metrics(shipped_extractor, text)


@pytest.mark.parametrize("text, eid", [
    ("The sampler lowers the KL divergence to the target posterior by 40% on every benchmark.", "kl-divergence"),
    ("Generated cells reach a lower Wasserstein distance to the held-out population than all baselines.",
     "wasserstein-distance"),
])
def test_a_divergence_reported_as_a_result_is_still_a_metric(shipped_extractor, text, eid):
    assert eid in metrics(shipped_extractor, text)
