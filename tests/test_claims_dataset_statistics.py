"""A dataset's size written after the paper's own work ("The corpus contains 2.1 billion documents,
of which 38% ...", "Our test set consists of 4,000 dialogues") describes data, not a result, even
with a percentage in it; the results measured on such data stay claims."""
from __future__ import annotations

import pytest

from extraction_helpers import claim_kind


@pytest.mark.parametrize("sentence", [
    "The corpus contains 3.4 billion tokens, of which 12% come from code repositories.",
    "Our test set consists of 4,000 dialogues, 35% of them in low-resource languages.",
    "The benchmark spans 52 tasks and covers 9% of the APIs in the standard library.",
])
def test_dataset_statistics_are_no_claims(cues, sentence):
    assert claim_kind(cues, sentence) is None


@pytest.mark.parametrize("sentence", [
    "On the released corpus, the filter removes 38% of duplicated documents.",
    "The best model solves only 21% of the tasks in the benchmark.",
])
def test_results_measured_on_a_dataset_stay_claims(cues, sentence):
    assert claim_kind(cues, sentence) is not None
