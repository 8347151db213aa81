"""Data-file patterns rewritten into faster forms find what the forms they replace find.

Each plain form is kept here as it was written before the rewrite; the rewritten one is the
data file's. Both run over the same sentences (plain and folded) and must give the same matches.
"""
import re

from kg.datafiles import load_patterns
from kg.extract.cues import fold

_DISCOVERY = load_patterns("discovery_patterns")

#: discovery_patterns.json ``derived_from`` before its phrases were grouped by first letter
DERIVED_FROM_PLAIN = re.compile(
    r"\b(?:in the (?:spirit|style|vein|manner) of|(?:borrowed|adapted|inherited) from|inspired by|"
    r"(?:generali[sz]ation|extension|special case|successor|relaxation|simplification)s? (?:of|to)|"
    r"(?:scheme|principle|recipe) of|extends|extending|builds? (?:up)?on|building (?:up)?on)(?: the| an?)? ")

DERIVED_FROM_TEXTS = [
    "We propose FooNet, in the spirit of ARL, borrowed from Glow-TTS and adapted from the BAR method.",
    "Our method is a generalization of ACT and a generalisation to MDPs; it extends the SCORE procedure.",
    "FooRL builds on PPO, builds upon an actor, and building on the TRPO update, extending an idea inspired by SAC.",
    "A special case of GLM, successors to DQN, relaxations of the LP, simplification of the scheme of HMC.",
    "The principle of maximum entropy and the recipe of DPO, inherited from a prior, in the style of Adam.",
    "extensions to extends extendsion buildson building uponx inspired byte rebuilds on prebuilt on",
    "In the vein of, in the manner ofthe, In The Spirit Of X, EXTENDS the idea, generalizations ofa",
    "",
]


def _matches(pattern, texts):
    return [(m.span(), m.group()) for t in texts for m in pattern.finditer(t)]


def test_derived_from_finds_what_its_plain_form_finds():
    texts = DERIVED_FROM_TEXTS + [fold(t) for t in DERIVED_FROM_TEXTS]
    found = _matches(_DISCOVERY.derived_from, texts)
    assert len(found) >= 25  # the sentences exercise most phrases
    assert found == _matches(DERIVED_FROM_PLAIN, texts)
