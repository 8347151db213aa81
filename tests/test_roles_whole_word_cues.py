"""A comparison cue is a whole word: "vs" inside a name the paper defines ("VSR", "VSGD") compares
nothing, while "vs." and "vs" between two names still do (invented sentences)."""
import pytest

from kg.extract.roles import occurrence_role


def role(cues, sentence: str, name: str) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), cues, own=True)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    # the acronym's first letters are no "vs"
    ("We introduce Value-Smoothed Replay (VSR), which feeds replayed transitions to a GRU encoder.", "GRU", "builds_on"),
    ("We propose VSGD, an optimizer whose update is preconditioned like RMSProp.", "RMSProp", "builds_on"),
    ("Our VSNet model encodes each graph with a GIN before pooling.", "GIN", "builds_on"),
    # "vs." and "vs" as words still compare
    ("FooNet reaches 71.2% vs. 65.0% for LSTM on the test split.", "LSTM", "compared"),
    ("We report FooNet vs LSTM on all twelve tasks.", "LSTM", "compared"),
    ("Accuracy of FooNet (71.2%) vs. GRU (65.0%) on the test split.", "GRU", "compared"),
])
def test_vs_is_a_whole_word(cues, sentence, name, expected):
    assert role(cues, sentence, name) == expected


def test_vs_after_a_mention_is_a_whole_word(cues):
    # after the mention: "X vs. Y" compares X; "X vsr ..." (a lowercase word that starts with vs) does not
    assert cues.compared_after.match(" vs. ours") is not None
    assert cues.compared_after.match(" vsr") is None
