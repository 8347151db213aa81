"""Raising X's own figure ("FooNet improves the test accuracy of GCN by 3 points", "raises the win rate
of MAPPO by 18% and that of QMIX by 12%") applies the paper's method to X: it builds on X, as
"improves GCN by 3 points" does. Improving on or over X, improving a figure relative to X, and lowering
X's error or cost ("reduces the error of X by 9%") stay comparisons; a sentence of other people's work
stays background."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("On three citation graphs, FooMix improves the test accuracy of GCN by 3.1 points.", "GCN", "builds_on"),
    ("FooMix boosts the node classification accuracy of a GraphSAGE model by 2%.", "GraphSAGE", "builds_on"),
    ("Our sampler raises the Recall@20 of LightGCN by 6.8% on Gowalla.", "LightGCN", "builds_on"),
    ("FooExplore increases the median human-normalized score of PPO by 18%.", "PPO", "builds_on"),
    ("On pixel-based tasks, it improves the data efficiency of DrQ-v2 on 11 of 15 tasks.", "DrQ-v2", "builds_on"),
    ("FooReg enhances the robustness of DeiT and Swin against corruptions.", "Swin", "builds_on"),
    # a second "of" that shares the verb and its amount
    ("FooComm improves the win rate of MAPPO by 18% and that of QMIX by 12% on SMACv2.", "QMIX", "builds_on"),
    ("FooReg improves the normalized score of TD3+BC by 9.7 points and of IQL by 6.2 points.", "IQL", "builds_on"),
])
def test_raising_the_figure_of_x_builds_on_x(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # improving on or over X, and a figure improved relative to X, compare with X
    ("FooMix improves on the test accuracy of GCN by 3.1 points.", "GCN", "compared"),
    ("FooMix improves the test accuracy over GCN by 3.1 points.", "GCN", "compared"),
    ("FooMix improves the test accuracy by 3.1 points relative to GCN.", "GCN", "compared"),
    # lowering X's error or cost measures the method against X
    ("FooCast reduces the mean squared error of PatchTST by 6.8% on average.", "PatchTST", "compared"),
    ("FooNO lowers the relative error of FNO by 47% and that of DeepONet by 63%.", "DeepONet", "compared"),
    # a figure raised after the amount of a comparison is no second object
    ("FooMix improves the test accuracy of GCN by 3.1 points and outperforms GRAND.", "GRAND", "compared"),
])
def test_comparisons_stay_comparisons(sentence, name, expected):
    assert role(sentence, name) == expected


def test_other_peoples_improvement_is_background():
    # only the paper's own sentence builds on what it improves
    s = "Prior work improves the test accuracy of GCN by 3.1 points with edge dropout."
    assert role(s, "GCN", own=False) == "mentioned"
