"""A clause with its own passive verb after a comparison word ("..., whereas the high-level policy is
trained with X") says how the paper's own part is built: X is used, not a compared object. A bare
participle on the compared object ("outperforms LSTMs trained with X") still makes X compared
(invented sentences)."""
import pytest

from kg.extract.roles import occurrence_role


def role(cues, sentence: str, name: str) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), cues, own=True)[0]


@pytest.mark.parametrize("sentence, name", [
    ("The encoder is pretrained with masked modeling, whereas the decoder is trained with teacher forcing.", "teacher forcing"),
    ("Our critic is fitted by least squares, whereas the actor is optimized with advantage-weighted regression.",
     "advantage-weighted regression"),
    ("Low-level skills are learned offline, whereas the planner is initialized from MuZero.", "MuZero"),
])
def test_passive_clause_after_whereas_is_a_use(cues, sentence, name):
    assert role(cues, sentence, name) == "builds_on"


@pytest.mark.parametrize("sentence, name", [
    # a participle right on the compared object still names what is compared
    ("FooNet improves over LSTMs trained with teacher forcing.", "teacher forcing"),
    ("FooNet is more accurate than ensembles based on bagging.", "bagging"),
    ("FooNet outperforms agents initialized from MuZero on every board size.", "MuZero"),
])
def test_participle_on_a_compared_object_still_compares(cues, sentence, name):
    assert role(cues, sentence, name) == "compared"
