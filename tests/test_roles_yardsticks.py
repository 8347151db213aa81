"""Expressivity yardsticks, on invented sentences: "as expressive as the 3-WL test" measures the
paper's method by a yardstick and "under the 2-WL hierarchy" names the scale a result is stated in
(mentioned), also in a sentence that goes on describing the method; "at least as expressive as X",
"more expressive than X" and "as accurate as X" still compare."""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role

CUES = load_cues()


def role(sentence: str, name: str, own_names: frozenset[str] = frozenset()) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=True, own_names=own_names)[0]


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
