"""Discovery and matching rules for names outside RL: hyphenated versions of spaced names,
a longer name starting inside a match, descriptor suffixes, acronyms of a concept spelled out
earlier, known variants inside an acronym's repeats, "we give an algorithm, Name (N)", sized
dataset releases and names in capitals that are not the known benchmark."""
import pytest
import spacy

from kg.extract import Extractor
from kg.extract.concepts import LexiconMatcher
from kg.extract.discovery.lists import _spells
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

LEX = Lexicon.from_entries([
    LexiconEntry("tacotron-2", "Tacotron 2", "model"),
    LexiconEntry("claude-3-haiku", "Claude 3 Haiku", "model"),
    LexiconEntry("the-stack", "The Stack", "benchmark"),
    LexiconEntry("stack-overflow", "Stack Overflow", "benchmark"),
    LexiconEntry("majority-voting", "majority voting", "algorithm"),
    LexiconEntry("weighted-majority", "weighted majority", "algorithm"),
    LexiconEntry("whisper", "Whisper", "model"),
    LexiconEntry("masked-autoencoder", "masked autoencoders", "algorithm"),
    LexiconEntry("beit", "BEiT", "algorithm"),
    LexiconEntry("smc", "sequential Monte Carlo", "algorithm"),
    LexiconEntry("twisted-smc", "twisted SMC", "algorithm", parent="smc"),
    LexiconEntry("movielens", "MovieLens", "benchmark"),
    LexiconEntry("spider", "Spider", "benchmark"),
    LexiconEntry("cifar-10", "CIFAR-10", "benchmark"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


@pytest.fixture(scope="module")
def matcher():
    nlp = spacy.blank("en")
    return lambda text: [(h.text, h.lexicon_id) for h in LexiconMatcher(LEX, nlp.tokenizer)(nlp(text))]


def mentions(extractor, text, title=None):
    ex = next(extractor.extract([Paper("p", text, title=title)]))
    return {(m.type, m.name): m for m in ex.mentions}


@pytest.mark.parametrize("text, expected", [
    ("Mel features come from a Tacotron-2 encoder.", ("Tacotron-2", "tacotron-2")),
    ("We query Claude-3-Haiku for labels.", ("Claude-3-Haiku", "claude-3-haiku")),
])
def test_hyphenated_version_of_a_spaced_name(matcher, text, expected):
    assert expected in matcher(text)


def test_a_name_starting_inside_the_match_and_ending_later_wins(matcher):
    assert matcher("Posts from the Stack Overflow forum were used.") == [("Stack Overflow", "stack-overflow")]
    assert matcher("Code from the Stack is filtered.") == [("the Stack", "the-stack")]
    # as long a match that does not open with an article keeps its place
    assert matcher("Answers are combined by weighted majority voting.") == [("weighted majority", "weighted-majority")]


def test_descriptor_suffix_keeps_the_known_concept(extractor):
    got = mentions(extractor, "On noisy speech, FooASR outperforms uniform pooling and Whisper-like frame skipping.")
    assert ("model", "Whisper") in got and not any("Whisper-like" in name for _, name in got)


def test_acronym_of_a_concept_spelled_out_earlier(extractor):
    got = mentions(extractor, "Pretraining with masked autoencoders is costly. "
                              "Our encoder is cheaper and outperforms BEiT and MAE on segmentation.")
    mae = got[("algorithm", "masked autoencoders")]
    assert "MAE" in mae.aliases and ("algorithm", "MAE") not in got


def test_spells():
    assert _spells("vae", ["variational", "autoencoder"]) and _spells("gan", ["generative", "adversarial", "networks"])
    assert not _spells("dmd", ["diffusion", "models"])


def test_known_variant_inside_an_acronym_repeat(extractor):
    got = mentions(extractor, "Sequential Monte Carlo (SMC) propagates particles. "
                              "We find that twisted SMC wastes compute on easy steps.")
    assert ("algorithm", "twisted SMC") in got


def test_we_give_an_algorithm_named_in_apposition(extractor):
    got = mentions(extractor, "We study ranking from pairwise votes. "
                              "We give an algorithm, Sorted Vote Elimination (SVE), that needs few queries.")
    assert got[("method", "SVE")].proposed


def test_sized_release_of_a_known_dataset_is_a_benchmark(extractor):
    got = mentions(extractor, "We report recall on MovieLens-32M for all models.")
    assert got[("benchmark", "MovieLens-32M")].parent == "movielens"


def test_a_known_benchmark_in_capitals_inside_another_name(extractor):
    got = mentions(extractor, "On CIFAR-10 our optimizer outperforms SPIDER-VR and SARAH-VR in wall-clock time.")
    assert ("benchmark", "SPIDER-VR") not in got and ("benchmark", "Spider") not in got


@pytest.mark.parametrize("surface, expected", [
    ("Galerkin Transformer", "galerkin-transformer"), ("BlogCatalog", "blogcatalog"), ("determinantal point processes", "determinantal-point-process"),
    ("Hájek estimator", "hajek-estimator"), ("cross-fitting", "cross-fitting"), ("Rainbow Memory", "rainbow-memory"),
    ("variational SMC", "variational-smc"), ("MovieLens-10M", "movielens-10m"), ("DoLa", "dola"), ("GPR-GNN", "gprgnn"),
])
def test_breadth_concepts_resolve(surface, expected):
    from kg.link.lexicon import load_lexicon
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected
