"""The keys names are linked by (``kg.text.norm_key`` and the linker's ``slug``): a "+" ending a name
makes another concept than its base ("CFR+" is not CFR) while "+" inside a name joins two names as
before; plurals fold to the singular ("ViTs" keys as "ViT", not as "VITS"; "processes", "losses"), also
for a lexicon lookup and across papers; British and American spellings share a key, other near spellings
do not."""
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


@pytest.mark.parametrize("a, b, same", [
    ("ViTs", "ViT", True),
    ("GPs", "GP", True),
    ("NeRFs", "NeRF", True),
    ("LoRAs", "LoRA", True),
    ("DQNs", "DQN", True),  # all capitals, as before
    ("ViTs", "VITS", False),  # a text-to-speech model is not vision Transformers
    ("GPs", "GPS", False),
    ("Transformers", "Transformer", True),  # long words lose their plural as before
    ("deep neural nets", "deep neural networks", True),
    ("Bayesian neural net", "Bayesian neural network", True),
    ("neural network", "neural networks", True),
    ("NeuralNetwork", "neural net work", True),  # unchanged: punctuation and spaces never counted
])
def test_mixed_case_acronym_plurals(a, b, same):
    assert (norm_key(a) == norm_key(b)) is same


def test_an_all_capitals_name_does_not_find_a_mixed_case_plural_alias():
    lex = Lexicon.from_entries([LexiconEntry("wdt", "WdT", "algorithm", ("wide decision tree", "WdTs"))])
    assert lex.lookup("WdTs").id == "wdt"
    assert lex.lookup("WDTS") is None


@pytest.mark.parametrize("british, american", [
    ("k nearest neighbour search", "k nearest neighbor search"),
    ("semi-supervised learning from labelled graphs", "semi-supervised learning from labeled graphs"),
    ("Centred Gaussian Kernel", "Centered Gaussian Kernel"),
    ("adversarial defence", "adversarial defense"),
    ("Open Dialogue Benchmark", "Open Dialog Benchmark"),
    ("tumour segmentation", "tumor segmentation"),
])
def test_british_and_american_spellings_share_a_key(british, american):
    from kg.text import norm_key
    assert norm_key(british) == norm_key(american)


@pytest.mark.parametrize("a, b", [("contour", "contor"), ("four hours", "for hours"), ("theme", "them")])
def test_spelling_folding_leaves_other_words_apart(a, b):
    from kg.text import norm_key
    assert norm_key(a) != norm_key(b)
