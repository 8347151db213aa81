"""Mathematical objects are no techniques (a small injected lexicon): a short form defined for one
("ordinary differential equation (ODE)", "directed acyclic graph (DAG)") names no algorithm, while
neural differential equations, a family of models, keep their type."""
import pytest

from kg.extract import Extractor
from kg.extract.discovery.text import names_math_object

from extraction_helpers import SMALL_LEXICON, algorithm_names


@pytest.fixture(scope="module")
def extractor():
    return Extractor(SMALL_LEXICON)


@pytest.mark.parametrize("text, short", [
    ("We cast the evolution of the weights as an ordinary differential equation (ODE) and bound its fixed points.", "ODE"),
    ("Samples are drawn by integrating a stochastic differential equation (SDE) with a learned drift.", "SDE"),
    ("We propose FooDAG, which recovers the directed acyclic graph (DAG) from interventional data.", "DAG"),
])
def test_abbreviation_of_a_math_object_is_no_algorithm(extractor, text, short):
    assert short not in algorithm_names(extractor, text)


def test_math_object_long_forms():
    assert names_math_object("partial differential equations")
    assert names_math_object("causal directed acyclic graph")
    assert not names_math_object("neural stochastic differential equations")  # a model family
    assert not names_math_object("graph attention network")


def test_neural_differential_equations_keep_their_type(extractor):
    got = algorithm_names(extractor, "Irregular series are modelled with neural controlled differential equations (NCDEs) "
                                     "and a decoder.")
    assert "NCDEs" in got
