"""Roles in a finding about the paper's own method, on invented sentences ("we prove that FooOpt
converges ..."): the finding studies the method, not what its complement names after it. An algorithm set
against the method there ("while SGD only ...", "where X collapses", "X fails to ...", figures paired
with X, "while X violates / lacks ...") is compared, any other is only mentioned; a finding about someone
else's algorithm still studies it. The own method is one of the paper's proposed names (the longest that
fits) or "our/the proposed <method noun>"."""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role

CUES = load_cues()
OWN = frozenset({"fooopt", "barnet", "quxflow"})


def role(sentence: str, name: str, own_names=OWN) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=True, own_names=own_names)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    ("We prove that FooOpt converges linearly on strongly convex losses, while SGD only attains a sublinear rate.", "SGD", "compared"),
    ("We show that BarNet keeps its accuracy under heavy label noise where GraphSAGE-based classifiers collapse.", "GraphSAGE", "compared"),
    ("We show that QuxFlow produces sharp samples in one step, whereas the DDIM sampler needs fifty.", "DDIM", "compared"),
    ("We show that QuxFlow-generated molecules stay valid in regimes where Adam-based fine-tuning drifts.", "Adam", "compared"),
    ("We demonstrate that our method recovers rare modes that MCMC fails to visit in a reasonable time.", "MCMC", "compared"),
    ("We prove that the proposed estimator remains unbiased, unlike the Horvitz-Thompson estimator.", "Horvitz-Thompson estimator", "compared"),
    # a mention the own finding only names is not studied
    ("We show that BarNet stays accurate on graphs of the size that PageRank handles in practice.", "PageRank", "mentioned"),
])
def test_own_finding(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # a finding about someone else's algorithm still studies it
    ("We prove that Q-learning with linear features can diverge even with a fixed behaviour policy.", "Q-learning", "studied"),
    ("We show that our bound for SGD is tight up to constants.", "SGD", "studied"),
    ("We show that the implicit bias of Adam favours sparse solutions.", "Adam", "studied"),
    # without the paper's own names, a finding about an unknown subject is left as before
    ("We prove that FooOpt converges linearly on strongly convex losses, while SGD only attains a sublinear rate.", "SGD", "studied"),
])
def test_other_findings_still_studied(sentence, name, expected):
    own = frozenset() if sentence.startswith("We prove that FooOpt") else OWN
    assert role(sentence, name, own) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # figures paired with the names a comparison lists: the farther names are compared too
    ("BarNet reaches 71.3% accuracy, compared with 64.0% for ResNet-50 and 62.5% for ViT-based classifiers.", "ViT", "compared"),
    ("QuxFlow attains an FID of 2.1 on CIFAR-10, versus 3.4 for DDIM and 2.9 for EDM-style samplers.", "EDM", "compared"),
    # a use after a comparison without figures stays a use
    ("BarNet reaches 71.3% accuracy compared with strong baselines, using a ViT-based encoder.", "ViT", "builds_on"),
])
def test_figures_compared(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # "while X violates / lacks ...": a failure of X set against the paper's result compares with X
    ("BarNet keeps every group within its exposure budget, while FairRank-style greedy ranking violates it on two datasets.", "greedy ranking", "compared"),
    ("QuxFlow keeps the error below 1%, while Langevin dynamics lacks any such guarantee.", "Langevin dynamics", "compared"),
    # in a background sentence it stays other people's work
    ("Existing samplers are fast, while Langevin dynamics lacks any such guarantee.", "Langevin dynamics", "mentioned"),
])
def test_contrast_outcome(sentence, name, expected):
    assert role(sentence, name) == expected


def test_own_subject_longest_name():
    from kg.extract.roles.guards import own_subject
    s = "we show that foo-l2 converges"
    assert own_subject(s, len("we show that"), frozenset({"foo", "foo-l2"})) == len("we show that foo-l2")
    assert own_subject(s, len("we show that"), frozenset({"bar"})) is None
