"""A surrogate named after an algorithm, on invented sentences: "computed in closed form for Gaussian
process surrogates", "with random forest surrogates" in the paper's own sentence are parts of the method;
"outperforms Gaussian process surrogates" and "existing Gaussian process surrogates" keep their roles."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected, own", [
    ("FooAcq is computed in closed form for Gaussian process surrogates and needs no inner loop.", "Gaussian process", "builds_on", True),
    ("FooBO runs with random forest surrogates on categorical spaces.", "random forest", "builds_on", True),
    ("FooBO outperforms Gaussian process surrogates on categorical spaces.", "Gaussian process", "compared", True),
    # a sentence about other people's work uses nothing of the paper's
    ("Existing methods fit Gaussian process surrogates to every task.", "Gaussian process", "mentioned", False),
])
def test_surrogates(sentence, name, expected, own):
    assert role(sentence, name, own=own) == expected
