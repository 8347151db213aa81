"""Rows of figures set against the paper's, on invented sentences: "compared with 52% for A alone, 61%
for B fine-tuning and 70% for X" compares with X however long the row and its names run; a figure
"for" a setting and a row with no comparison before it stay apart."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooGrasp succeeds in 91% of trials, compared with 48% for behavioral cloning alone, 63% for IQL with demonstrations and 74% for DAPG.",
     "DAPG", "compared"),
    ("FooGrasp succeeds in 91% of trials, compared with 48% for behavioral cloning alone, 63% for IQL with demonstrations and 74% for DAPG.",
     "IQL", "compared"),
    ("FooSeg reaches 81.2 mIoU versus 77.9 for the Mask2Former baseline model and 76.1 for SegFormer.", "SegFormer", "compared"),
    # a figure given for a setting, with no comparison before it, names no baseline
    ("FooGrasp succeeds in 91% of trials and needs 12 minutes of data for DAPG-style pretraining.", "DAPG", "builds_on"),
])
def test_figure_rows(sentence, name, expected):
    assert role(sentence, name) == expected
