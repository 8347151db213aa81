"""A measure without a metric head word is named by a result that gives it a value: what a change verb
changes by a value, what follows a value and a comparative, the subject of a change by or from a value,
what a method reaches a value of. Generic quantities, counts of things, baselines, names and the objects
of a preposition are no measures."""
import pytest

from kg.records import Paper


def metric_names(extractor, text: str) -> set[str]:
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.name.lower() for m in ex.mentions if m.type == "metric"}


@pytest.mark.parametrize("text, measure", [
    ("On four topologies the new router reduces message duplication by 35% relative to flooding.", "message duplication"),
    ("In the field trial, drivers reported 12% higher perceived comfort with the adaptive controller.", "perceived comfort"),
    ("With the warm cache, query turnaround on a laptop falls from 80 to 9 milliseconds.", "query turnaround"),
    ("On the warehouse maps the planner achieves a packing density of 0.81.", "packing density"),
    ("The scheduler lowers the tail slowdown of short jobs relative to fair sharing by a factor of two.", "tail slowdown"),
    ("Length-aware rewards shorten the average response length of the tuned model by a third.", "response length"),
])
def test_a_measure_given_a_value_is_a_metric(shipped_extractor, text, measure):
    assert measure in metric_names(shipped_extractor, text)


def test_a_known_measure_with_a_modifier_is_a_measure_of_its_own_under_it(shipped_extractor):
    # as a variant of a known algorithm is: its own node, linked to the known measure as its parent
    ex = next(shipped_extractor.extract([Paper("p", "Under bursty load, its scheduling latency drops by 40% while throughput "
                                            "is unchanged.")]))
    found = [m for m in ex.mentions if m.type == "metric" and m.name == "scheduling latency"]
    assert len(found) == 1 and found[0].lexicon_id is None and found[0].parent == "latency"


def test_a_measure_the_lexicon_knows_keeps_its_name(shipped_extractor):
    names = metric_names(shipped_extractor, "The reranker improves the mean reciprocal rank by 4.2 points on both splits.")
    assert "mean reciprocal rank" in names


@pytest.mark.parametrize("text, not_measure", [
    ("Across all tasks the method improves performance by 5% over the strongest baseline.", "performance"),
    ("The distilled student improves the baseline by 3 points on every split.", "baseline"),
    ("Structured pruning reduces the number of parameters by 60% with no retraining.", "number"),
    ("On every split our method improves ZetaRec by 4%.", "zetarec"),
    ("The correlation between the saliency maps rises from 0.2 to 0.5 after alignment.", "saliency maps"),
    ("The compiler accelerates sampling by 2x on consumer hardware.", "sampling"),
    ("The agent needs 3x fewer environment steps than the model-free learner.", "environment steps"),
    ("The federated variant converges in 30% fewer rounds than its synchronous counterpart.", "rounds"),
    ("The kernel achieves a reduction of 40% in off-chip traffic.", "reduction"),
    ("Quantisation lowers the learning rate by 10x without divergence.", "learning rate"),
    ("Collisions mostly hurt rare items, whose exposure rises by 20% after re-hashing.", "whose exposure"),
])
def test_no_metric_for_a_generic_quantity_a_count_or_a_name(shipped_extractor, text, not_measure):
    assert not_measure not in metric_names(shipped_extractor, text)
