"""A result another algorithm found, reached again by the paper's method, on invented sentences: "reaches
the best configuration found by A and X", "matches the solution obtained by X" compare with X; "is found
by X" in the method's own description is no comparison."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooHPO reaches the best configuration found by random search and SMAC with a third of the budget.", "SMAC", "compared"),
    ("FooSolve matches the solution quality obtained by Gurobi in a tenth of the time.", "Gurobi", "compared"),
])
def test_found_by(sentence, name, expected):
    assert role(sentence, name) == expected


def test_own_step_found_by_is_no_comparison():
    # "found by" with no verb of reaching before it describes the method's own step
    assert role("In FooHPO, each candidate is found by successive halving over a shared budget.", "successive halving") != "compared"
