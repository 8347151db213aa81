"""The setting of a study that names a list of objects, on invented sentences: "we benchmark A, B and C
on decoder-only Transformers" makes the Transformers a setting; the items of the list stay studied, and
a mention that closes the list is an item, not a setting."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("We benchmark Lion, Sophia and SOAP on decoder-only Transformers trained on web text.", "Transformers", "mentioned"),
    ("We evaluate DeepLIFT, SmoothGrad and LIME, each with default settings, on ResNet classifiers.", "ResNet", "mentioned"),
    ("We benchmark Lion, Sophia and SOAP on decoder-only Transformers trained on web text.", "SOAP", "studied"),
    ("We analyse SARSA, TD(0) and Q-learning in tabular chains.", "Q-learning", "studied"),
])
def test_list_then_setting(sentence, name, expected):
    assert role(sentence, name, study=True) == expected
