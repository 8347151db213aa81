"""Use denied, on invented sentences: "uses no X", "without any X", "needs no X", "does not require X"
say the method goes without X, which it neither builds on nor compares with (mentioned); a use or a
comparison that is not denied, and "with and without X", keep their roles."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooSolve trains in a single pass and uses no backpropagation through time.", "backpropagation through time", "mentioned"),
    ("We propose FooQuant, which calibrates each layer in closed form without any Hessian-vector products.", "Hessian-vector products", "mentioned"),
    ("FooPlan needs no Monte Carlo tree search at test time.", "Monte Carlo tree search", "mentioned"),
    ("Our sampler does not require Langevin dynamics to mix.", "Langevin dynamics", "mentioned"),
    # a use or a comparison that is not denied keeps its role
    ("FooSolve trains in a single pass and uses truncated backpropagation through time.", "backpropagation through time", "builds_on"),
    ("FooPlan outperforms Monte Carlo tree search at equal compute.", "Monte Carlo tree search", "compared"),
    ("We fine-tune the agents with and without Monte Carlo tree search.", "Monte Carlo tree search", "builds_on"),
])
def test_use_denied(sentence, name, expected):
    assert role(sentence, name) == expected
