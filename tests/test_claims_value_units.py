"""Score units written after a value ("0.4 mIoU", "+1.5 AP", "2.3 F1") stay part of the value, as
"points" and "BLEU" do; a bare number next to a unit-less word does not gain one."""
from __future__ import annotations

import pytest

from kg.extract.claims import find_values


def _values(sentence: str) -> list[str]:
    return [sentence[a:b] for a, b in find_values(sentence)]


@pytest.mark.parametrize("sentence, value", [
    ("On COCO, the detector gains +1.5 AP over the baseline.", "+1.5 AP"),
    ("The segmenter loses only 0.4 mIoU when half of the tokens are merged.", "0.4 mIoU"),
    ("Retrieval raises the answer score by 2.3 F1 on open-domain questions.", "2.3 F1"),
    ("The captioner improves by 4.2 CIDEr on the held-out split.", "4.2 CIDEr"),
])
def test_score_units_stay_with_their_value(sentence, value):
    assert value in _values(sentence)


@pytest.mark.parametrize("sentence, value", [
    ("The segmenter loses 0.4 where the baseline loses 3.1.", "0.4"),
    ("We use AP 50 as the main measure and report 0.62 overall.", "0.62"),
])
def test_values_without_a_unit_stay_bare(sentence, value):
    assert value in _values(sentence)
    assert not any(v.endswith(("AP", "mIoU")) for v in _values(sentence))
