"""Role rules of the roles11 round, on invented sentences (not taken from any evaluation set).

- figures set side by side compare: a row of figures ("A 71.2, B 68.0"), "X (68) vs. ours",
  a subject's figure before a contrasting one, an elliptic "X in 71%", a bracketed owner "61.2 (X)";
- a measured change reaches a second "and of X by N%" and theory bounds ("improves the bound for X
  by a factor of d"), and beats a nearer analysis property;
- sharp/tight/high-probability bounds and rates for X study X;
- "follows X", "learned/solved/updated by X" build on X; "half the steps of X" compares;
  "Matching is ..." (the noun) is no comparison.
"""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role

CUES = load_cues()


def role(sentence: str, name: str, *, own: bool = True) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=own)[0]


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
    ("We derive a high-probability bound for AdaGrad with coordinate-wise step sizes.", "AdaGrad", "studied"),
    ("Our main result is a tight rate for Oja's algorithm under streaming data.", "Oja's algorithm", "studied"),
])
def test_theory_bounds(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Its correction step follows the unscented Kalman filter.", "unscented Kalman filter", "builds_on"),
    ("The assignment is solved by the auction algorithm at every iteration.", "auction algorithm", "builds_on"),
    ("Node embeddings are learned by node2vec on the interaction graph.", "node2vec", "builds_on"),
    ("The slow weights are updated by exponential moving average of the fast weights.", "exponential moving average", "builds_on"),
    ("Assignment is computed by the Hungarian algorithm at every step.", "Hungarian algorithm", "builds_on"),
    ("Matching is solved by the Hungarian algorithm at every step.", "Hungarian algorithm", "builds_on"),
    ("Our agent needs half the environment steps of DrQ-v2.", "DrQ-v2", "compared"),
    # "follows from" is a derivation, not a use
    ("The bound follows from a classical argument for mirror descent.", "mirror descent", "mentioned"),
])
def test_build_and_budget_cues(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # "X, in contrast, ...": the subject is set against what came before
    ("The Nelson-Aalen estimator, in contrast, is biased under heavy censoring.", "Nelson-Aalen estimator", "compared"),
    ("Spectral clustering, by contrast, needs the number of clusters in advance.", "Spectral clustering", "compared"),
    # not the subject: no contrast of it
    ("Our sampler, in contrast, never calls the Gibbs sampler.", "Gibbs sampler", "mentioned"),
    # a measured change of an estimator's figure
    ("It lowers the variance of the Kaplan-Meier estimator by 30%.", "Kaplan-Meier", "compared"),
])
def test_contrast_subject_and_estimator_change(sentence, name, expected):
    assert role(sentence, name) == expected


def _paper_roles(title: str, abstract: str) -> dict:
    from kg.extract import Extractor
    from kg.records import Paper
    [out] = Extractor().extract([Paper(id="t", title=title, abstract=abstract)])
    return {m.name: m.role for m in out.mentions if m.role}


def test_background_estimator_in_proposing_paper_is_mentioned():
    roles = _paper_roles("Stable Uplift Estimates from Sparse Treatment Logs",
                         "Uplift modelling from sparse treatment logs is hard. The inverse propensity weighting estimator "
                         "becomes unstable when few users are treated. We propose UpSmooth, a kernel-smoothed uplift model. "
                         "UpSmooth reduces calibration error on three marketing datasets.")
    assert roles["inverse propensity weighting"] == "mentioned"


def test_estimator_studied_when_paper_proposes_nothing():
    roles = _paper_roles("How Biased Is the Kaplan-Meier Estimator under Informative Censoring?",
                         "The Kaplan-Meier estimator is the default tool for survival curves. We quantify its bias "
                         "under informative censoring and show that the Kaplan-Meier estimator overestimates survival "
                         "by up to 12% in realistic cohorts.")
    assert roles.get("Kaplan-Meier estimator") == "studied"


@pytest.mark.parametrize("sentence, name, expected", [
    ("Our pipeline fits a CatBoost model per store and then calibrates it with Platt scaling.", "CatBoost", "builds_on"),
    ("Our pipeline fits a CatBoost model per store and then calibrates it with Platt scaling.", "Platt scaling", "builds_on"),
    ("We warm-start the value network from behavioural cloning on expert demonstrations.", "behavioural cloning", "builds_on"),
    ("We initialise the student from a pretrained BYOL encoder.", "BYOL", "builds_on"),
    # "fitted" as an adjective is no use of what follows
    ("Under the fitted law, a sparse MoE with 32 experts is compute-optimal.", "MoE", "mentioned"),
    # a bound or an instance "showing that X ..." is about X
    ("We give a lower bound showing that coordinate descent needs exponentially many epochs.", "coordinate descent", "studied"),
    ("We construct an instance proving that fictitious play cycles forever.", "fictitious play", "studied"),
])
def test_fit_initialise_and_theory_cues(sentence, name, expected):
    assert role(sentence, name) == expected
