""""Reuses X" (a part, a checkpoint, a head of X) is a use of X like "adopts X" (invented sentences);
a reuse that is denied or said of others' work is none."""
import pytest

from kg.extract.roles import occurrence_role


def role(cues, sentence: str, name: str, *, own: bool = True) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), cues, own=own)[0]


@pytest.mark.parametrize("sentence, name", [
    ("FooDraft reuses the EAGLE-2 drafting head unchanged and only alters the verification order.", "EAGLE-2"),
    ("We reuse the pretrained VQ-VAE tokenizer and train only the prior.", "VQ-VAE"),
    ("The planner reuses MCTS statistics across consecutive moves.", "MCTS"),
    ("Reusing the DINO features, FooSeg trains a linear decoder.", "DINO"),
])
def test_reuse_is_a_use(cues, sentence, name):
    assert role(cues, sentence, name) == "builds_on"


@pytest.mark.parametrize("sentence, name, own, expected", [
    # denied: the method is set against it ("rather than", like "instead of"), no use
    ("FooDraft trains its own head rather than reusing the EAGLE-2 drafting head.", "EAGLE-2", True, "compared"),
    # a comparison nearer the mention still decides
    ("FooDraft reuses the target model's cache and is 1.3x faster than EAGLE-2.", "EAGLE-2", True, "compared"),
    # other people's practice is no use of the paper's
    ("Prior planners reuse MCTS statistics across consecutive moves.", "MCTS", False, "mentioned"),
])
def test_reuse_not_of_the_method(cues, sentence, name, own, expected):
    assert role(cues, sentence, name, own=own) == expected
