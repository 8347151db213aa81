"""Techniques named after a person (a small injected lexicon): a name before "-style" / "-type" /
"-based" ("Richardson-style sweeps", "a Kalman-type recursion") is an existing technique, the known one
when the lexicon has it, while a sentence opening, a language or an adjective is none; a person's name
with a head word closing a list of baselines ("... and Beta calibration") is one name, a capitalised
modifier in such a list ("Euclidean embeddings") and an object derived from a name ("the
Johnson-Lindenstrauss lemma") are none; a longer known form wins over its parent. Also: the entries of
one shipped lexicon file are algorithms with known parents."""

import pytest

from kg.extract import Extractor
from kg.link.lexicon import Lexicon, LexiconEntry, load_lexicon
from kg.records import Paper

from extraction_helpers import algorithm_names

LEX = Lexicon.from_entries([
    LexiconEntry("kalman-filter", "Kalman filter", "algorithm", ("Kalman filtering",)),
    LexiconEntry("gibbs-sampling", "Gibbs sampling", "algorithm", ("Gibbs sampler",)),
    LexiconEntry("jacobi-decoding", "Jacobi decoding", "algorithm"),
    LexiconEntry("gcn", "GCN", "algorithm"),
    LexiconEntry("gat", "GAT", "algorithm"),
    LexiconEntry("platt-scaling", "Platt scaling", "algorithm"),
    LexiconEntry("isotonic-regression", "isotonic regression", "algorithm"),
    LexiconEntry("extragradient", "extragradient", "algorithm"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


@pytest.mark.parametrize("text, name", [
    ("Our solver refines the coarse estimate with a few Richardson-style sweeps per level.", "Richardson"),
    ("The update adds a Polyak-type averaging step to the iterates of the inner loop.", "Polyak"),
    ("The trace is estimated with Hutchinson-style probes drawn once per step.", "Hutchinson"),
])
def test_person_named_style_is_an_existing_technique(extractor, text, name):
    assert name in algorithm_names(extractor, text)


def test_person_named_style_is_the_known_algorithm_of_that_name(extractor):
    got = algorithm_names(extractor, "Latent states are tracked by a Kalman-type recursion over the observed frames.")
    assert "Kalman" in got  # the surface form, linked to the known Kalman filter
    ex = next(extractor.extract([Paper("p", "Latent states are tracked by a Kalman-type recursion over the frames.")]))
    assert {m.lexicon_id for m in ex.mentions if m.type == "algorithm"} == {"kalman-filter"}


@pytest.mark.parametrize("text", [
    "Model-based agents learn a dynamics model of the environment from replay data.",  # opens a sentence
    "Answers are retrieved from Wikipedia-based corpora before the model reads them.",  # "-based", unknown
    "The encoder maps inputs to Euclidean-like embeddings on a sphere.",  # an adjective
    "We collect English-style prompts and translate them into ten languages.",  # a language
])
def test_no_person_named_style(extractor, text):
    assert not algorithm_names(extractor, text)


def test_known_person_named_technique_before_based(extractor):
    assert "Gibbs" in algorithm_names(extractor, "The latent labels are resampled with a Gibbs-based scheme at every epoch.")


def test_person_and_head_word_closing_a_baseline_list(extractor):
    text = ("We propose FooCal, a recalibration map. FooCal outperforms Platt scaling, isotonic regression and "
            "Beta calibration on five tabular datasets.")
    got = algorithm_names(extractor, text)
    assert "Beta calibration" in got and "Beta" not in got


def test_capitalised_modifier_in_a_baseline_list_is_no_name(extractor):
    text = "We propose FooNet, a graph encoder. FooNet outperforms GCN, GAT and Euclidean embeddings on Cora."
    assert algorithm_names(extractor, text) == {"GCN", "GAT"}


def test_longer_known_form_wins_over_its_parent():
    lex = load_lexicon()
    ex = next(Extractor(lex).extract([Paper("p", "We compare against stochastic extragradient on bilinear games.")]))
    assert {m.name for m in ex.mentions if m.type == "algorithm"} == {"stochastic extragradient"}


def test_math_object_after_a_derived_name_is_no_technique(extractor):
    text = "Sketches are built in the spirit of the Johnson-Lindenstrauss lemma, and the updates build on FooBar."
    got = algorithm_names(extractor, text)
    assert "Johnson-Lindenstrauss" not in got and "FooBar" in got
