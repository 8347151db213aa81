"""Role rules of the roles21 round, on invented sentences (not taken from any evaluation set).

- "requires no X", "trained without X", "does not rely on X": the method goes without X, which is
  neither built on nor a baseline (mentioned); "with and without X" still tests both;
- "as expressive as X" characterises the method by a yardstick (no comparison), while "at least as
  expressive as X" and "more expressive than X" still compare; "under the X hierarchy" names the
  scale a result is measured in (mentioned).
"""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role

CUES = load_cues()


def role(sentence: str, name: str, own_names: frozenset[str] = frozenset()) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=True, own_names=own_names)[0]


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


@pytest.mark.parametrize("sentence, name, expected", [
    ("We show that FooGNN is as expressive as the 3-WL test on bounded-degree graphs.", "3-WL test", "mentioned"),
    ("We prove that FooPE is strictly stronger than spectral encodings under the 2-WL hierarchy.", "2-WL", "mentioned"),
    # "at least as expressive as" and "more expressive than" still set the method against X
    ("We show that FooGNN is at least as expressive as GraphSAGE with random features.", "GraphSAGE", "compared"),
    ("FooGNN is strictly more expressive than GraphSAGE.", "GraphSAGE", "compared"),
    ("FooGNN is as accurate as GraphSAGE at a tenth of the cost.", "GraphSAGE", "compared"),
])
def test_expressivity_yardstick(sentence, name, expected):
    assert role(sentence, name, frozenset({"foognn", "foope"})) == expected


def test_expressivity_yardstick_in_a_description():
    """A sentence that goes on describing the method still measures it by the yardstick."""
    s = "FooGNN is as expressive as the 1-Weisfeiler-Leman test and adds one layer per hop."
    start = s.index("Weisfeiler-Leman test")
    got = occurrence_role(s, start, start + len("Weisfeiler-Leman test"), CUES, own=True, describes=True,
                          own_names=frozenset({"foognn"}))
    assert got[0] == "mentioned"
