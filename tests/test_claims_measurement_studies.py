"""An analysis that introduces a measure to measure with ("We introduce a counterfactual measure,
...") proposes no method: its observations on other people's models are findings. A paper that
introduces a method stays a method paper."""
from __future__ import annotations

import pytest

from kg.extract import Extractor
from kg.extract.claims import proposes_nothing
from kg.records import Paper

MEASUREMENT_STUDY = (
    "Speech recognizers are evaluated on read speech, yet deployed on spontaneous conversations. "
    "We introduce a disfluency sensitivity measure that compares the transcripts of a model with and "
    "without the filled pauses of a recording. "
    "We apply it to eleven open recognizers on four conversational corpora. "
    "On average, 27% of the word errors on conversational speech are caused by filled pauses. "
    "Larger recognizers are more sensitive to hesitations than smaller ones, even though their word "
    "error rates are lower."
)


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


def test_observations_of_a_measurement_study_are_findings(extractor):
    ex = next(extractor.extract([Paper("m", MEASUREMENT_STUDY)]))
    kinds = {c.sentence[:20]: c.kind for c in ex.claims}
    assert kinds.get("On average, 27% of t") == "finding"
    assert kinds.get("Larger recognizers a") == "finding"


@pytest.mark.parametrize("sentence", [
    "We introduce a counterfactual measure of how much the answers depend on the image.",
    "We define a simple metric of forgetting that needs no held-out data.",
])
def test_a_measure_is_no_method(cues, sentence):
    assert proposes_nothing([sentence], cues)


@pytest.mark.parametrize("sentence", [
    "We introduce a sparse router that skips layers for easy tokens.",
    "We introduce a new metric learning objective for retrieval.",
    "We introduce a calibration metric and propose a training loss that optimizes it.",
])
def test_methods_stay_proposals(cues, sentence):
    assert not proposes_nothing([sentence], cues)
