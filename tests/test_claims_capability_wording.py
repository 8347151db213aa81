"""Results worded as what a method makes possible or what it costs: "X enables Y", "making it
practical for ...", "is well suited for ...", "sets a new record", "cuts ... in half", "costs less
than one point", "brings no benefit", "helps most on ...", "adds 12 ms of latency". Descriptions that
use the same verbs ("enables the agent to ...", "is enabled by", "while enabling"), purposes ("To make
X practical, ...") and announcements stay no claims."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind
from kg.extract.claims import _measures, classify_sentence


@pytest.mark.parametrize("sentence", [
    "Its small memory footprint enables on-device transcription of hour-long meetings.",
    "The sparse index enabled retrieval over the whole archive from a single laptop.",
    "These savings make exact attention practical for sequences of a million tokens.",
    "Distilling the ranker this way makes nightly retraining feasible on one GPU.",
    "With a cost below one cent per query, the pipeline is well suited for large-scale annotation.",
    "The compact planner sets a new record on the hardest maze layouts.",
    "On long documents, the cache cuts the time to the first token in half.",
    "Quantizing the adapters costs less than one point of accuracy on every task.",
    "Applying the penalty to the encoder as well brings no additional benefit.",
    "Curriculum sampling helps most on tasks with sparse rewards.",
    "The reranker adds 12 ms of latency per query.",
])
def test_capabilities_and_costs_are_results(cues, sentence):
    assert claim_kind(cues, sentence) == "empirical"


def test_a_record_set_by_the_method_is_no_announcement(cues):
    sentence = "TinyGo sets a new record on the 19x19 board with a fraction of the search budget."
    assert classify_sentence(sentence, 3, cues, True, late=True, after_own=True)[0] == "empirical"


@pytest.mark.parametrize("sentence", [
    "The gating module enables the agent to ignore distracting frames.",
    "Long-range transport is enabled by a learned coupling between the two grids.",
    "The decoder attends to past frames while enabling parallel training.",
    "To make search practical on large graphs, we prune candidate edges with a cheap filter.",
    "We propose a new benchmark that sets out to measure long-horizon planning.",
    "Pointing gestures and spoken feedback are enabled.",
    "The interface is designed to make the ambiguity as easy as possible to resolve.",
])
def test_descriptions_purposes_and_announcements_are_no_claims(cues, sentence):
    assert claim_kind(cues, sentence) is None


@pytest.mark.parametrize("sentence", [
    "Prior systems enable fast retrieval but cost several points of recall.",
    "Existing planners make long-horizon control practical only for rigid robots.",
])
def test_other_peoples_capabilities_are_background(cues, sentence):
    assert classify_sentence(sentence, 1, cues, False, late=False, after_own=False)[0] is None


def test_a_time_of_latency_is_measured_but_an_amount_of_data_is_not():
    assert _measures("The reranker adds 12 ms of latency per query.")
    assert not _measures("We pretrain on 50 hours of speech.")
    assert not _measures("After 24 hours of training, the policy is evaluated.")
