"""Linking across papers (link14): a "+" that ends a name makes another concept than its base
("CFR+" is not CFR, "HumanEval+" is not HumanEval), while "+" inside a name joins two names as before."""
import pytest

from kg.extract import Extractor
from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.link.linker import slug
from kg.records import Paper
from kg.text import norm_key


@pytest.mark.parametrize("a, b, same", [
    ("CFR+", "CFR", False),
    ("RM+", "RM", False),
    ("SuperBench+", "SuperBench", False),
    ("SuperBench+", "SuperBench Plus", True),  # written out
    ("SuperBench+", "SuperBenchPlus", True),
    ("Predictive CFR+", "predictive CFR+", True),
    ("TD3+BC", "TD3-BC", True),  # inside a name: unchanged
    ("PointNet++", "PointNet", False),  # "++" as before
    ("PointNet++", "PointNet+", False),
    ("+", "", True),  # a lone plus sign is no name
])
def test_trailing_plus(a, b, same):
    assert (norm_key(a) == norm_key(b)) is same


def test_slug_keeps_the_plus():
    assert slug("CFR+") != slug("CFR")
    assert slug("Foo++") != slug("Foo") != slug("Foo+")
    assert slug("A+B") == "a-b"


LEX = Lexicon.from_entries([
    LexiconEntry("toybench", "ToyBench", "benchmark"),
    LexiconEntry("toybench-plus", "ToyBench Plus", "benchmark", ("ToyBenchPlus",), parent="toybench"),
    LexiconEntry("qsolve", "QSolve", "algorithm", ("quadratic solver iteration",)),
])


def _mentions(text):
    [ex] = list(Extractor(lexicon=LEX).extract([Paper("p", text)]))
    return {m.name: m.lexicon_id for m in ex.mentions}


def test_a_plus_name_is_not_matched_to_its_base_entry():
    found = _mentions("We report results on ToyBench+ and on the original ToyBench suite.")
    assert found.get("ToyBench+") == "toybench-plus"
    assert found.get("ToyBench") == "toybench"


def test_a_plus_variant_without_entry_links_across_papers_apart_from_its_base():
    texts = ["Our solver converges faster than QSolve+ on sparse problems.",
             "On dense problems our method outperforms QSolve+ and QSolve."]
    exs = list(Extractor(lexicon=LEX).extract([Paper(str(i), t) for i, t in enumerate(texts)]))
    linked, _, _ = link(exs, LEX)
    ids = [{m.name: m.concept for m in ex.mentions} for ex in linked]
    assert "QSolve+" in ids[0] and "QSolve+" in ids[1], ids
    assert ids[0]["QSolve+"] == ids[1]["QSolve+"] != ids[1].get("QSolve")


# Kinds the lexicon gives named concepts (GUIDE: a paper's named method or architecture family is an
# algorithm; a named serving system is a model; a
# compression setting is a field; optimal transport and linear programming are techniques).
@pytest.mark.parametrize("text, name, kind", [
    ("We generate protein backbones and compare against RFdiffusion and FrameDiff.", "RFdiffusion", "algorithm"),
    ("We generate protein backbones and compare against RFdiffusion and FrameDiff.", "FrameDiff", "algorithm"),
    ("Retrieval uses Contriever to fetch passages for the reader.", "Contriever", "algorithm"),
    ("Our speech model is trained like VALL-E on codec tokens.", "VALL-E", "algorithm"),
    ("We align the two distributions with optimal transport.", "optimal transport", "algorithm"),
    ("The relaxation is solved with linear programming in polynomial time.", "linear programming", "algorithm"),
    ("We study post-training quantization of large vision models.", "post-training quantization", "field"),
    ("Requests are batched by SGLang with prefix caching.", "SGLang", "model"),
    ("Requests are served with vLLM on a single GPU.", "vLLM", "model"),
])
def test_kind_of_named_concepts(text, name, kind):
    from kg.link.lexicon import load_lexicon
    [ex] = list(Extractor(lexicon=load_lexicon()).extract([Paper("p", text)]))
    found = {m.name: m.type for m in ex.mentions}
    assert found.get(name) == kind, found


@pytest.mark.parametrize("a, b, same", [
    ("Lévy processes", "Lévy process", True),
    ("ranking losses", "ranking loss", True),
    ("token classes", "token class", True),
    ("forward passes", "forward pass", True),
    ("Gaussian processes", "Gaussian process", True),
    ("caches", "cache", True),  # unchanged
    ("databases", "database", True),  # unchanged
    ("class", "classes", True),
    ("bass", "bas", False),  # a word in "-ss" keeps it
])
def test_es_plural_of_words_in_ss(a, b, same):
    assert (norm_key(a) == norm_key(b)) is same


def test_a_plural_in_sses_finds_the_lexicon_concept():
    lex = Lexicon.from_entries([LexiconEntry("tweedie-loss", "Tweedie loss", "algorithm")])
    [ex] = list(Extractor(lexicon=lex).extract([Paper("p", "We train the regressors with Tweedie losses on claim data.")]))
    assert [m.lexicon_id for m in ex.mentions] == ["tweedie-loss"]


def test_plural_and_singular_of_a_discovered_process_link_across_papers():
    texts = ["We model arrivals with Zorbian processes (ZPs) and fit them by maximum likelihood.",
             "Our sampler draws exact paths of a Zorbian process (ZP) in linear time."]
    exs = list(Extractor(lexicon=LEX).extract([Paper(str(i), t) for i, t in enumerate(texts)]))
    linked, _, _ = link(exs, LEX)
    ids = [{m.concept for m in ex.mentions} for ex in linked]
    assert ids[0] & ids[1], ids
