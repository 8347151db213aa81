"""Role rules of the roles10 round, on invented sentences (not taken from any evaluation set).

- the verb of a list ("We analyse A, B, C and D") is no item of it: every item takes its cue;
- a contrast written "different from/to", "differently from", "contrary with" compares;
- "outperforms X by <verb>-ing ... Y": Y is named in the means of the win, not compared;
- in a paper that proposes nothing, an algorithm it studies and also sets against another is studied.
"""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role, paper_role

CUES = load_cues()


def role(sentence: str, name: str, *, own: bool = True) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=own)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    # a cue of several words ("we analyse", "we benchmark") reaches every item of the list it opens
    ("We analyse SARSA, Expected SARSA, TD(0) and Q-learning in tabular chains with sparse rewards.", "Expected SARSA", "studied"),
    ("We analyse SARSA, Expected SARSA, TD(0) and Q-learning in tabular chains with sparse rewards.", "TD(0)", "studied"),
    ("We benchmark k-means, DBSCAN, HDBSCAN and spectral clustering on forty single-cell atlases.", "DBSCAN", "studied"),
    ("We benchmark k-means, DBSCAN, HDBSCAN and spectral clustering on forty single-cell atlases.", "HDBSCAN", "studied"),
    # a one-word cue still works as before, and a list with no verb before it takes no role
    ("FooNet outperforms RAFT, PWC-Net and FlowNet2 on KITTI.", "PWC-Net", "compared"),
    ("Optical flow estimators such as RAFT, PWC-Net and FlowNet2 are trained on synthetic data.", "PWC-Net", "mentioned"),
])
def test_list_verb_is_no_item(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Different from BERT, our encoder reads the sequence right to left.", "BERT", "compared"),
    ("Differently to Mask R-CNN, the proposed detector needs no anchor boxes.", "Mask R-CNN", "compared"),
    ("Contrary with LSTM, our recurrent cell keeps a diagonal state.", "LSTM", "compared"),
    ("In contrast with WGAN, our critic is not weight-clipped.", "WGAN", "compared"),
    ("Our loss differs from focal loss in how it weights easy negatives.", "focal loss", "compared"),
    # the main clause after the opening is not reached by it
    ("Different from prior work, we train the policy with SAC and a learned reward.", "SAC", "builds_on"),
])
def test_contrast_variants(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # what the method uses to win is its own part, not a baseline
    ("We propose FooFlow, which outperforms RAFT by refining the cost volume with a small Transformer.", "Transformer", "builds_on"),
    ("We propose BarGen, which surpasses StyleGAN2 by matching the moments of a Gaussian mixture model.", "Gaussian mixture model", "builds_on"),
    # the baseline itself stays compared
    ("We propose FooFlow, which outperforms RAFT by refining the cost volume with a small Transformer.", "RAFT", "compared"),
    # no gerund of means: the comparison still reaches the list
    ("FooFlow outperforms RAFT by 12% and GMFlow by 8% on Sintel.", "GMFlow", "compared"),
])
def test_means_of_the_win(sentence, name, expected):
    assert role(sentence, name) == expected


def test_study_paper_compared_and_studied_is_studied():
    occurrences = [("studied", 0.8), ("compared", 0.8), ("mentioned", 0.6)]
    assert paper_role(occurrences, proposes_named=False) == ("studied", 0.8)
    # a paper with a method of its own keeps the comparison
    assert paper_role(occurrences, proposes_named=True)[0] == "compared"
    # an algorithm a study only compares with stays compared ("... can be obtained via the popular lasso")
    assert paper_role([("compared", 0.8)], proposes_named=False)[0] == "compared"
