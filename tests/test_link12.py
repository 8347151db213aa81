"""Linking across papers (link12): a mixed-case acronym's plural keys as the acronym, not as the
all-capitals name it spells; an acronym a paper writes alone links to the known concept other
papers define it as, when its type leaves exactly one."""
import pytest

from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.link.linker import Linker
from kg.records import Extraction, Mention, Paper
from kg.text import norm_key


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


LEX = Lexicon.from_entries([
    # "CPE" stands for both, so neither entry lists it
    LexiconEntry("patch-encoder", "contrastive patch encoder", "algorithm"),
    LexiconEntry("pred-error", "cumulative prediction error", "metric"),
    LexiconEntry("pixel-encoder", "contextual pixel encoder", "algorithm"),
])


def _paper(pid, *mentions):
    return Extraction(Paper(pid, f"abstract of {pid}"), tuple(mentions))


DEF_ALG = Mention("algorithm", "CPE", aliases=("contrastive patch encoder",), lexicon_id="patch-encoder")
DEF_METRIC = Mention("metric", "CPE", aliases=("cumulative prediction error",), lexicon_id="pred-error")
DEF_OTHER_ALG = Mention("algorithm", "CPE", aliases=("contextual pixel encoder",), lexicon_id="pixel-encoder")
BARE_ALG = Mention("algorithm", "CPE", role="compared")
BARE_METRIC = Mention("metric", "CPE")


def _ids(*papers):
    linked, concepts, log = link(list(papers), LEX)
    return [e.mentions[0].concept for e in linked], concepts, log


def test_a_bare_acronym_links_to_the_concept_of_its_type_other_papers_define():
    ids, concepts, log = _ids(_paper("a", DEF_ALG), _paper("b", DEF_METRIC), _paper("c", BARE_ALG), _paper("e", BARE_ALG))
    assert ids == ["concept/patch-encoder", "concept/pred-error", "concept/patch-encoder", "concept/patch-encoder"]
    assert not any(c.source == "discovered" for c in concepts.values())
    rec = [r for r in log if r.concept == "concept/patch-encoder" and r.surface == "CPE"]
    assert rec and rec[0].papers == ("a", "c", "e") and "written alone" in rec[0].reason
    ids, _, _ = _ids(_paper("a", DEF_ALG), _paper("b", DEF_METRIC), _paper("d", BARE_METRIC))
    assert ids[2] == "concept/pred-error"


def test_bare_acronyms_of_two_types_are_not_resolved_to_one_concept():
    ids, concepts, _ = _ids(_paper("a", DEF_ALG), _paper("b", DEF_METRIC), _paper("c", BARE_ALG), _paper("d", BARE_METRIC))
    assert ids[2] == ids[3] and concepts[ids[2]].source == "discovered"


def test_a_bare_acronym_stays_apart_when_two_known_concepts_of_its_type_share_it():
    ids, _, _ = _ids(_paper("a", DEF_ALG), _paper("b", DEF_OTHER_ALG), _paper("c", BARE_ALG))
    assert ids[2] not in ids[:2] and ids[2].startswith("concept/cpe")


def test_a_bare_acronym_stays_discovered_without_a_definition_of_its_type():
    ids, concepts, _ = _ids(_paper("b", DEF_METRIC), _paper("c", BARE_ALG))
    assert ids[1] != "concept/pred-error" and concepts[ids[1]].source == "discovered"


def test_a_new_name_defined_in_the_corpus_keeps_the_bare_acronym():
    own = Mention("method", "CPE", aliases=("clipped policy estimator",), proposed=True)
    ids, _, _ = _ids(_paper("a", DEF_ALG), _paper("b", own), _paper("c", Mention("method", "CPE")))
    assert ids[2] == ids[1] != ids[0]


def test_only_acronyms_are_resolved_from_other_papers():
    lex = Lexicon.from_entries([LexiconEntry("bolt", "bolt optimizer", "algorithm")])
    papers = [_paper("a", Mention("algorithm", "Bolt", aliases=("bolt optimizer",), lexicon_id="bolt")),
              _paper("b", Mention("algorithm", "Bolts"))]
    linked, concepts, _ = link(papers, lex)
    assert linked[1].mentions[0].concept != "concept/bolt"


def test_incremental_relinking_follows_the_definitions_that_come_and_go():
    papers = [_paper("a", DEF_ALG), _paper("c", BARE_ALG), _paper("b", DEF_METRIC)]
    linker = Linker(LEX)
    for i, e in enumerate(papers):
        linker.add(str(i), e)
    _, _, ids = linker.result()
    assert linker.concept_ids("1", ids) == ["concept/patch-encoder"]
    linker = Linker.load(LEX, linker.dump())
    linker.remove("0", papers[0])  # the only algorithm definition goes
    concepts, log, ids = linker.result()
    assert concepts[linker.concept_ids("1", ids)[0]].source == "discovered"
    clean_concepts, clean_log = link(papers[1:], LEX)[1:]
    assert concepts == clean_concepts and log == clean_log
    linker.add("3", papers[0])  # and comes back
    linker.reorder(["3", "1", "2"])
    concepts, log, ids = linker.result()
    assert linker.concept_ids("1", ids) == ["concept/patch-encoder"]
    again = link([papers[0], papers[1], papers[2]], LEX)
    assert concepts == again[1] and log == again[2]


def test_a_bare_acronym_of_a_variant_does_not_link_to_the_concept_it_varies():
    variant = Mention("algorithm", "CPE", parent="patch-encoder")
    ids, concepts, _ = _ids(_paper("a", DEF_ALG), _paper("c", variant))
    assert ids[1] != "concept/patch-encoder" and concepts[ids[1]].parent == "concept/patch-encoder"


@pytest.mark.parametrize("form, eid, etype", [
    ("ViTs", "vit", "algorithm"),
    ("score-based diffusion", "score-based-generative-model", "algorithm"),
    ("Neural CDEs", "neural-cde", "algorithm"),
    ("latent ordinary differential equations", "latent-ode", "algorithm"),
])
def test_lexicon_gaps_the_linking_round_found(form, eid, etype):
    from kg.link import load_lexicon
    entry = load_lexicon().lookup(form)
    assert entry is not None and (entry.id, entry.type) == (eid, etype)


def test_a_vit_size_is_not_taken_for_another_concept_keyed_alike():
    # "ViT-S" and "VITS" (a text-to-speech model) share a normalised key: an entry for the second
    # would swallow the first; the size stays a model under ViT
    from kg.extract import Extractor
    [ex] = list(Extractor().extract([Paper("p", "We vary the backbone between ResNet-18 and ViT-S on small data.")]))
    found = {(m.name, m.type) for m in ex.mentions}
    assert ("ViT-S", "model") in found


@pytest.mark.parametrize("sentence, name", [
    ("We tokenize frames with a VQ-GAN and a small decoder.", "VQ-GAN"),  # not "GAN"
    ("The network is as expressive as the 1-WL test.", "1-WL test"),
])
def test_hyphenated_spellings_of_known_names_are_matched_whole(sentence, name):
    from kg.extract import Extractor
    [ex] = list(Extractor().extract([Paper("p", sentence)]))
    assert name in {m.name for m in ex.mentions}
