"""alg16: an abbreviation for a mathematical object ("ordinary differential equation (ODE)") names no
technique, a list of baselines after "we compare X with", an enumeration anchored by two known algorithms,
and the breadth_l16 lexicon."""

import pytest

from kg.extract import Extractor
from kg.extract.discovery.text import names_math_object
from kg.link.lexicon import Lexicon, LexiconEntry, load_lexicon

from extraction_helpers import algorithm_names

LEX = Lexicon.from_entries([
    LexiconEntry("gail", "GAIL", "algorithm"),
    LexiconEntry("gcn", "GCN", "algorithm"),
    LexiconEntry("gat", "GAT", "algorithm"),
    LexiconEntry("dqn", "DQN", "algorithm"),
    LexiconEntry("rainbow", "Rainbow", "algorithm"),
    LexiconEntry("cora", "Cora", "benchmark"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


@pytest.fixture(scope="module")
def full_extractor():
    return Extractor(load_lexicon())


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


@pytest.mark.parametrize("text, names", [
    ("We compare FooClust with IDFD, ProPos and TCL on two image datasets.", {"IDFD", "ProPos", "TCL"}),
    ("We also compare our ranking estimator with HodgeRank and RankCentrality under sparse data.",
     {"HodgeRank", "RankCentrality"}),
    ("We compare it against VQ-Diff and MaskPred on the same budget.", {"VQ-Diff", "MaskPred"}),
])
def test_compare_x_with_a_list_names_baselines(extractor, text, names):
    assert names <= algorithm_names(extractor, text)


def test_compare_without_names_finds_nothing(extractor):
    assert not algorithm_names(extractor, "We compare performance across twelve datasets with different sizes.")


@pytest.mark.parametrize("text, name", [
    ("The kernel bandwidth is set with the median heuristic before testing.", "median heuristic"),
    ("Label-shift weights are estimated with BBSE from a held-out confusion matrix.", "BBSE"),
    ("Uploads are compressed by top-k sparsification with error feedback.", "top-k sparsification"),
    ("Missing covariates were filled in with MICE before fitting the outcome model.", "MICE"),
    ("The policy predicts eight future steps at once, a form of action chunking.", "action chunking"),
])
def test_breadth_l16_forms_are_found(full_extractor, text, name):
    assert name in algorithm_names(full_extractor, text)


@pytest.mark.parametrize("text, names", [
    ("We revisit the question with a tuned comparison of HopNet, GCN, SignGT and GAT on long-range tasks.",
     {"HopNet", "SignGT"}),
    ("Popular value-based agents are DQN, QRX and Rainbow.", {"QRX"}),
])
def test_enumeration_with_two_known_algorithms_names_algorithms(extractor, text, names):
    assert names <= algorithm_names(extractor, text)


@pytest.mark.parametrize("text, name", [
    ("We train GCN, GAT and on Cora, Citeseer and PubMed.", "Citeseer"),  # a list of data sets
    ("The agents DQN, ZetaSim, Cora and Rainbow are compared.", "ZetaSim"),  # a benchmark in the list
    ("Only GCN and HopNet are used.", "HopNet"),  # one known algorithm is no anchor
])
def test_enumeration_without_two_known_algorithms_only(extractor, text, name):
    assert name not in algorithm_names(extractor, text)


@pytest.mark.parametrize("text, name", [
    ("Our structures are 30% more often stable than those of CrysGen under relaxation.", "CrysGen"),
    ("It lowers the error by 19% relative to a Conformer-Transducer trained from scratch.", "Conformer-Transducer"),
])
def test_baseline_after_an_article_or_those_of(extractor, text, name):
    assert name in algorithm_names(extractor, text)


def test_no_baseline_after_an_article_without_a_name(extractor):
    assert not algorithm_names(extractor, "Accuracy is higher than that of the teacher and of an ensemble of five networks.")
