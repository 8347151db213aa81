"""An analysis framed as a tool, on invented sentences: "a framework to analyse X", "tools for
characterising X" make X what the paper studies, and "we develop a theoretical framework" or "a theory of"
is no proposal of a method; a method used "to study" something, a probabilistic framework and a named
model stay proposals and uses."""
import pytest

from kg.extract import Extractor
from kg.extract.cues import fold, load_cues
from extraction_helpers import algorithm_roles, role

CUES = load_cues()


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


@pytest.mark.parametrize("sentence, name, expected", [
    ("We build a stochastic-approximation framework to analyze SARSA with linear features.", "SARSA", "studied"),
    ("This gives new tools for characterizing Lloyd's algorithm on separable mixtures.", "Lloyd's algorithm", "studied"),
    ("We set up a mean-field limit for studying AdaGrad in wide two-layer networks.", "AdaGrad", "studied"),
    # the algorithm used to study something is used, not studied
    ("We use PPO to study exploration in sparse-reward mazes.", "PPO", "builds_on"),
    ("Our agent is trained with SAC to analyze grasp stability on the real robot.", "SAC", "builds_on"),
])
def test_framework_to_analyze(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, proposes", [
    ("We develop a theoretical framework to analyze temporal-difference learning.", False),
    ("In this work we introduce a mathematical model of feature learning in attention layers.", False),
    ("We develop a theory of in-context learning for linear regression tasks.", False),
    ("We propose a probabilistic framework for multi-task Bayesian optimization.", True),
    ("We introduce a graph neural network for molecular docking.", True),
])
def test_theoretical_framework_is_no_proposal(sentence, proposes):
    assert (CUES.new_method.search(fold(sentence)) is not None) == proposes


def test_analysis_framework_paper_studies_its_object(extractor):
    abstract = ("Why experience replay helps value-based agents remains unclear. We develop a theoretical framework "
                "to analyze Q-learning with a replay buffer of fixed size under linear function approximation. We prove "
                "that uniform replay removes the correlation term that makes Q-learning diverge in our counterexample, "
                "and that prioritized replay reintroduces it when priorities are stale.")
    assert algorithm_roles(extractor, abstract)["Q-learning"] == "studied"
