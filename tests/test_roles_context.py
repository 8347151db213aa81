"""Roles from context beyond one sentence: sentences that go on describing the paper's
method, and the paper's title. Invented sentences, positive and negative cases."""
import pytest

from kg.extract import Extractor
from kg.extract.cues import load_cues
from kg.extract.roles import describes_proposal, occurrence_role
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

CUES = load_cues()
LEX = Lexicon.from_entries([
    LexiconEntry(k.lower(), k, "algorithm") for k in ("GIN", "InfoNCE", "GCN", "PPO", "MCTS", "Adam", "SGD", "DPO",
                                                       "GRPO", "TRPO", "Q-learning", "Transformer")
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def roles(extractor, abstract: str, title: str | None = None) -> dict[str, str]:
    ex = next(extractor.extract([Paper("t", abstract, title=title)]))
    return {m.name: m.role for m in ex.mentions if m.type == "algorithm"}


def role(sentence: str, name: str, *, own: bool = True, describes: bool = False) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=own, describes=describes)[0]


def test_description_follows_a_proposal_or_another_description():
    assert describes_proposal([False, True, True, False, True], [True, False, False, False, False]) == \
        [False, True, True, False, False]
    assert describes_proposal([True, True], [False, False]) == [False, False]  # no proposal before
    assert describes_proposal([], []) == []


@pytest.mark.parametrize("opening, expected", [
    ("The encoder is a GIN.", True), ("It uses PPO.", True), ("Its critic is shared.", True),
    ("The resulting policy is small.", True), ("This approach needs no labels.", True),
    ("The standard approach uses PPO.", False), ("It is well known that PPO is unstable.", False),
    ("The key idea is simple.", False), ("PPO is popular.", False),
])
def test_description_openings(opening, expected):
    assert (CUES.own_continuation.match(opening.lower()) is not None) is expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("The encoder is a GIN trained with the InfoNCE objective.", "GIN", "builds_on"),
    ("The encoder is a GIN trained with the InfoNCE objective.", "InfoNCE", "builds_on"),
    ("Its controller summarizes finished subtasks with MCTS rollouts.", "MCTS", "builds_on"),
    ("It supports PPO and GRPO without changes to the objective.", "GRPO", "builds_on"),
    # what the description sets its method apart from, or compares with, is not built on
    ("It needs no MCTS at inference time.", "MCTS", "mentioned"),
    ("It replaces the critic of PPO with a group baseline.", "PPO", "builds_on"),  # "replaces ... of" is a cue
    ("It avoids the instability of PPO.", "PPO", "mentioned"),
    ("It is twice as fast as PPO.", "PPO", "compared"),
    ("It runs where existing PPO implementations fail.", "PPO", "mentioned"),
])
def test_roles_in_a_description_of_the_method(sentence, name, expected):
    assert role(sentence, name, describes=True) == expected


def test_without_a_proposal_before_it_a_description_opening_is_background():
    assert role("The encoder is a GIN trained with the InfoNCE objective.", "GIN", own=False) == "mentioned"
    assert role("It supports PPO and GRPO.", "GRPO", own=False) == "mentioned"


def test_sentences_after_the_proposal_describe_the_method(extractor):
    got = roles(extractor, "Graph contrastive methods need augmentations. We present FooNet, a graph encoder without "
                           "them. The encoder is a GIN trained with InfoNCE. It is pretrained on molecules. FooNet "
                           "outperforms GCN on eight datasets.")
    assert got == {"GIN": "builds_on", "InfoNCE": "builds_on", "GCN": "compared"}


def test_description_openings_elsewhere_stay_background(extractor):
    # before any proposal, and after a sentence that proposes nothing
    got = roles(extractor, "Graph contrastive learning is popular. The encoder is a GIN trained with InfoNCE. "
                           "We present FooNet, which outperforms GCN.")
    assert got["GIN"] == "mentioned" and got["InfoNCE"] == "mentioned"
    got = roles(extractor, "We present FooNet for molecules. Prior work relies on GCN. The encoder is a GIN trained "
                           "with InfoNCE.")
    assert got["GIN"] == "mentioned"
    # a sentence naming the proposed method counts as a proposal: what follows describes it
    got = roles(extractor, "We present FooNet for molecules. FooNet outperforms GCN. The encoder is a GIN trained "
                           "with InfoNCE.")
    assert got["GIN"] == "builds_on"
    got = roles(extractor, "We present FooNet for molecules. The standard approach trains a GIN with InfoNCE.")
    assert got["GIN"] == "mentioned"
