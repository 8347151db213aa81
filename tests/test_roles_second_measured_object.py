"""A measured change of two algorithms' figures that shares one verb ("lowers the error of A by 47% and
that of X by 63%", "... and of X by 63%"): X's figure is measured against as A's is, so X is compared
with; a second clause with a verb of its own ("and that X converges") is no second object."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooNO lowers the relative error of FNO by 47% and that of DeepONet by 63%.", "DeepONet", "compared"),
    ("FooNO lowers the relative error of FNO by 47% and of DeepONet by 63%.", "DeepONet", "compared"),
    ("FooCast cuts the inference latencies of Informer by 3x and those of Autoformer by 2x.", "Autoformer", "compared"),
    # no shared change: the second clause is a statement of its own
    ("FooNO lowers the relative error of FNO by 47%, and we show that DeepONet diverges on stiff problems.", "DeepONet",
     "studied"),
])
def test_second_object_of_a_measured_change(sentence, name, expected):
    assert role(sentence, name) == expected
