"""Baselines named by the comparisons that list them (a small injected lexicon, or the shipped one):
"we compare X with A, B and C", an enumeration anchored by two known algorithms, "than those of X",
"relative to a X", a margin above or behind X, "compared with 50 NFEs for X", "on par with X"; a
comparison without names, a list of data sets, a single known algorithm, a threshold or a bound names
none. Also: shipped lexicon forms of established techniques are found in sentences."""

import pytest

from kg.extract import Extractor

from extraction_helpers import SMALL_LEXICON, algorithm_names


@pytest.fixture(scope="module")
def extractor():
    return Extractor(SMALL_LEXICON)


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
def test_lexicon_technique_forms_are_found_in_sentences(shipped_extractor, text, name):
    assert name in algorithm_names(shipped_extractor, text)


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


@pytest.mark.parametrize("text, name", [
    ("On CIFAR-10 the student reaches 81.2% accuracy, 3.4 points above QuickClip at the same budget.", "QuickClip"),
    ("The compressed retriever stays 0.6 points behind the ColMix teacher while being ten times faster.", "ColMix"),
    ("Its forecasts are 4% below PatchMix in error on all horizons.", "PatchMix"),
])
def test_a_margin_above_or_behind_a_name_compares_with_it(shipped_extractor, text, name):
    assert name in algorithm_names(shipped_extractor, text)


def test_a_value_above_a_threshold_names_no_baseline(shipped_extractor):
    assert not algorithm_names(shipped_extractor, "Training diverges for any learning rate above this Threshold value.")


@pytest.mark.parametrize("text, names", [
    ("The solver needs 10 NFEs per image, compared with 50 NFEs for SlowODE and 20 NFEs for MidODE.", {"SlowODE", "MidODE"}),
    ("A slice is reconstructed in 4 seconds versus 41 seconds for IterRecon.", {"IterRecon"}),
    ("On the link prediction benchmarks the hashing model matches SEALNet and NBFNet while being 50 times faster.",
     {"SEALNet"}),
    ("The distilled student is on par with PolyTeach on five of six tasks.", {"PolyTeach"}),
])
def test_more_comparisons_name_baselines(shipped_extractor, text, names):
    assert names <= algorithm_names(shipped_extractor, text)


def test_matching_a_bound_names_no_baseline(shipped_extractor):
    assert not algorithm_names(shipped_extractor, "The rate matches the lower bound of Nemirovski and Yudin up to constants.")
