"""A sentence opening with "Consequently,", "As a result," or "As a consequence," after the paper's own work
draws a consequence of its result, so it states a result too, whatever its verb; its kind comes from
its own words. The same opening in the background, or before the authors go on doing something
("Consequently, we evaluate ..."), makes no claim; "Thus" and "Therefore" as often go on describing
a method, so they make no result."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind
from kg.extract.claims import classify_sentence


@pytest.mark.parametrize("sentence", [
    "Consequently, a full training run fits on a single consumer GPU.",
    "As a result, the agent needs no reward shaping on the harder mazes.",
    "As a consequence, the compressed model answers within the latency budget of a phone keyboard.",
])
def test_a_consequence_after_the_papers_work_is_a_result(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


def test_a_consequence_takes_the_kind_of_its_words(cues):
    sentence = "Consequently, practitioners should tune the schedule before comparing optimizers."
    assert claim_kind(cues, sentence) == "finding"


@pytest.mark.parametrize("sentence", [
    "Consequently, we evaluate the sampler on three protein design tasks.",
    "As a result, our encoder shares its weights across the two views.",
    "Thus a reconstruction loss is used to align the two dictionaries.",
    "Therefore, all classes within a group share one prototype.",
])
def test_a_consequence_that_goes_on_with_the_authors_work_is_no_claim(cues, sentence):
    assert claim_kind(cues, sentence) is None


@pytest.mark.parametrize("sentence", [
    "Consequently, current retrievers fail on queries that mix languages.",
    "As a result, most agents are trained in simulation and rarely deployed.",
])
def test_a_consequence_in_the_background_is_no_claim(cues, sentence):
    assert classify_sentence(sentence, 1, cues, False, late=False, after_own=False)[0] is None
