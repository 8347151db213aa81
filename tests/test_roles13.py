"""Role rules of the roles13 round, on invented sentences (not taken from any evaluation set).

- a relative clause headed by a part of a method ("a planner whose value head is ...", "a sampler
  in which ...") goes on describing the method; one headed by a setting ("for social networks
  where ...") does not;
- "prior" as a noun ("the learned prior is a ...") is no background word, "prior work" is;
- "our estimator is a X": the paper's method is an instance of X.
"""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role

CUES = load_cues()


def role(sentence: str, name: str, *, describes: bool = False) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, describes=describes)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    ("We propose TreeRoute, which trains a routing planner whose value head is a Monte Carlo tree search over partial routes.",
     "Monte Carlo tree search", "builds_on"),
    ("We introduce PolyFit, which fits a mixture sampler in which each component is updated by Langevin dynamics.",
     "Langevin dynamics", "builds_on"),
    ("We present QuickSeg, which decodes masks with layers where a U-Net refines every coarse prediction.", "U-Net", "builds_on"),
    # the relative clause is headed by a setting: no part of the method
    ("We propose HopMix, a recommender for social networks where PageRank is too slow to update.", "PageRank", "mentioned"),
    ("We propose BoltSolve, a heuristic for instances in which the simplex method stalls.", "simplex method", "mentioned"),
    ("We present CoverNet for domains where Q-learning diverges.", "Q-learning", "mentioned"),
])
def test_own_relative_clause(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Its learned prior is a normalizing flow over molecular conformations.", "normalizing flow", "builds_on"),
    ("The shape prior, a variational autoencoder over meshes, is trained once.", "variational autoencoder", "builds_on"),
])
def test_prior_noun(sentence, name, expected):
    assert role(sentence, name, describes=True) == expected


@pytest.mark.parametrize("text, background", [
    ("prior work relies on a vae", True),
    ("unlike prior methods, ", True),
    ("its learned prior is a flow", False),
    ("the prior over weights", False),
    ("a gaussian prior, which", False),
    ("prior to training", False),
])
def test_prior_background(text, background):
    assert (CUES.background.search(text) is not None) == background


@pytest.mark.parametrize("sentence, name, expected", [
    ("Our estimator is a doubly robust estimator with cross-fitted nuisance models.", "doubly robust estimator", "builds_on"),
    ("Our policy is a Transformer that attends over the full trajectory.", "Transformer", "builds_on"),
    ("Our surrogate is simply a Gaussian process with a warped input kernel.", "Gaussian process", "builds_on"),
    # not the paper's method that is said to be X
    ("Our results show that a Gaussian process is a poor surrogate here.", "Gaussian process", "mentioned"),
])
def test_own_copula(sentence, name, expected):
    assert role(sentence, name) == expected


from kg.extract.roles import title_role, title_span  # noqa: E402


@pytest.mark.parametrize("title, name, expected", [
    ("Memorization in Score-Based Generative Models Grows with Width", "Score-Based Generative Models", "studied"),
    ("Stability of Q-Learning with Linear Function Approximation", "Q-Learning", "studied"),
    ("Identifiability of Independent Component Analysis under Mixed Noise", "Independent Component Analysis", "studied"),
    ("Calibration of Random Forests on Imbalanced Data", "Random Forests", "studied"),
    # a remedy of the property, not an analysis
    ("Better Calibration of Random Forests through Soft Leaves", "Random Forests", None),
    ("Improving the Robustness of Random Forests with Noisy Splits", "Random Forests", "builds_on"),
])
def test_title_property(title, name, expected):
    span = title_span(title, [name])
    assert title_role(title, *span, CUES) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("On a Swin Transformer (Swin-T) backbone, our detector gains 2.1 AP.", "Swin Transformer", "builds_on"),
    ("The retriever pairs a frozen Contrastive Captioner (CoCa) encoder with a small head.", "Contrastive Captioner", "builds_on"),
    # a parenthesis that is no abbreviation of the name leaves the cue out of reach
    ("We outperform Swin Transformer (by 2.1 AP on COCO and 1.4 AP on the LVIS split) backbones.", "Swin Transformer", "compared"),
])
def test_backbone_after_abbreviation(sentence, name, expected):
    assert role(sentence, name) == expected
