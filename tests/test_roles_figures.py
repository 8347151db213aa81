"""Roles of algorithms set against the paper's method by figures, on invented sentences: a row of
figures ("ours 52.4, SegFormer 49.9"), figures side by side ("X reaches 81.5%, whereas ours reaches
84.9%"), a measured change of X's figure ("cuts the time of X by 35%", "tightens the bound for X by a
logarithmic factor"), the figure a sentence starts from ("from 31.5 for X to 38.2"), a gap stated against
X ("3.2 points above X") and "within a constant factor of X" compare with X; a figure no name owns, a
count after a verb and "a factor that grows" do not."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("Mean IoU per method: ours 52.4, SegFormer 49.9, Mask2Former 50.6.", "SegFormer", "compared"),
    ("Mean IoU per method: ours 52.4, SegFormer 49.9, Mask2Former 50.6.", "Mask2Former", "compared"),
    ("Top-1 accuracy: FixMatch: 91.3%, MixMatch: 88.0%, ours: 93.1%.", "MixMatch", "compared"),
    ("The regret of EXP3 (412.5) vs. ours (301.2) shows the benefit of the prior.", "EXP3", "compared"),
    # one figure after a name is no row; a count that follows a verb is no figure of the name
    ("We tune Adam 0.9 as the momentum for all runs.", "Adam", "mentioned"),
    ("Each agent is trained with PPO 3 times per seed.", "PPO", "builds_on"),
])
def test_figure_rows(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("CatBoost reaches 81.5% accuracy, whereas our tabular model reaches 84.9%.", "CatBoost", "compared"),
    ("The new planner solves 88% of the mazes, RRT* only 64%.", "RRT*", "compared"),
    ("Recall@20 rises from 40.2 (DPR) to 47.9 with the reranker.", "DPR", "compared"),
    # a subject given a figure with no contrasting figure is not compared
    ("RRT* reaches the goal in 64% of the mazes in our setting.", "RRT*", "mentioned"),
])
def test_figures_side_by_side(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("The reranker lifts nDCG@10 from 31.5 for BM25 to 38.2 on the legal corpus.", "BM25", "compared"),
    ("Word error rate falls from 12.4% for CTC to 9.8% with the new decoder.", "CTC", "compared"),
    # a figure started from that no name owns
    ("Accuracy rises from 70.1 to 74.3 when XGBoost features are added.", "XGBoost", "mentioned"),
])
def test_figure_started_from(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("It cuts the wall-clock time of HNSW by 35% and of IVF-PQ by 52%.", "IVF-PQ", "compared"),
    ("Our analysis tightens the known regret bound for Exp3-IX by a logarithmic factor.", "Exp3-IX", "compared"),
    ("This improves the best sample complexity for Q-learning by a factor of H.", "Q-learning", "compared"),
    # "a factor that grows" is no amount: no comparison
    ("Preconditioning reduces the iteration complexity of coordinate descent by a factor that grows with the condition number.",
     "coordinate descent", "mentioned"),
])
def test_measured_change(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("On the test split, FooNet is 3.2 points above ResNet-50 trained with mixup.", "ResNet-50", "compared"),
    ("FooNet attains an error 1.5% below XGBoost with a ResNet backbone.", "XGBoost", "compared"),
    ("FooNet stays 0.4 pp behind the GPT-4 teacher while being much smaller.", "GPT-4", "compared"),
])
def test_gap_above_below(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We prove that the error of FooSketch is within a constant factor of kernel ridge regression.", "kernel ridge regression", "compared"),
    ("Its sample complexity is within a logarithmic factor of value iteration.", "value iteration", "compared"),
    # "within the X framework" still builds on X
    ("We cast FooPlan within the model predictive control framework.", "model predictive control", "builds_on"),
])
def test_within_a_factor(sentence, name, expected):
    assert role(sentence, name) == expected
