"""Acronyms linked across papers: a definition's long form picks the concept an ambiguous short name
stands for (the known concept its last words spell), also after a leading word ("Second,
sharpness-aware minimization (SAM)"); an acronym a paper writes alone links to the known concept other
papers define it as when its type leaves exactly one, and stays apart otherwise; incremental relinking
follows the definitions that come and go and equals a clean link."""
import pytest

from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry, load_lexicon
from kg.link.linker import Linker
from kg.records import Extraction, Mention, Paper


def _paper(pid, *mentions):
    return Extraction(Paper(pid, f"abstract of {pid}"), tuple(mentions))


AMBIG = Lexicon.from_entries([
    LexiconEntry("grot", "GRT", "model", ("Giant Rotating Telescope",)),
    LexiconEntry("grt-alg", "gradient reweighting trick", "algorithm"),
])


@pytest.mark.parametrize("long, short, eid", [
    ("gradient reweighting trick", "GRT", "grt-alg"),
    ("Thus, gradient reweighting trick", "GRT", "grt-alg"),  # words before the definition
    ("unlike the gradient reweighting trick", "GRT", "grt-alg"),
    ("greedy gradient reweighting trick", "GGRT", None),  # a new name built on the known one
    ("gradient reweighting trick variant", "GRTV", None),
    ("an entirely new thing", "GRT", None),
])
def test_a_long_form_names_the_known_concept_its_last_words_spell(long, short, eid):
    e = AMBIG.lookup_long_form(long, short)
    assert (e.id if e else None) == eid


# the extractor matched the short name to the telescope; the paper spells out the trick
CORPUS = [
    _paper("a", Mention("model", "GRT", aliases=("Hence gradient reweighting trick", "Giant Rotating Telescope"),
                        lexicon_id="grot")),
    _paper("b", Mention("model", "GRT", aliases=("Giant Rotating Telescope",), lexicon_id="grot")),
    _paper("c", Mention("algorithm", "gradient reweighting trick", lexicon_id="grt-alg")),
]


def test_a_short_name_whose_own_long_form_is_another_known_concept_links_there():
    linked, concepts, log = link(CORPUS, AMBIG)
    ids = [e.mentions[0].concept for e in linked]
    assert ids == ["concept/grt-alg", "concept/grot", "concept/grt-alg"]
    # the telescope's long form is not written as a surface of the trick
    assert not any(r.concept == "concept/grt-alg" and r.surface == "Giant Rotating Telescope" for r in log)


def test_relinking_such_a_short_name_incrementally_equals_a_clean_link():
    linker = Linker(AMBIG)
    for i, e in enumerate(CORPUS):
        linker.add(str(i), e)
    linker.result()
    linker = Linker.load(AMBIG, linker.dump())
    linker.remove("0", CORPUS[0])
    linker.add("3", CORPUS[0])
    keys = ["1", "2", "3"]
    linker.reorder(keys)
    concepts, log, ids = linker.result()
    clean, clean_concepts, clean_log = link([CORPUS[1], CORPUS[2], CORPUS[0]], AMBIG)
    assert [linker.concept_ids(k, ids) for k in keys] == [[m.concept for m in e.mentions] for e in clean]
    assert concepts == clean_concepts and log == clean_log


def test_an_ambiguous_acronym_defined_after_a_leading_word_is_the_concept_spelled_out():
    from kg.extract import Extractor

    papers = [Paper("a", "Flat minima matter. Second, sharpness-aware minimization (SAM) perturbs the weights "
                         "before each step. We adapt SAM to noisy labels."),
              Paper("b", "We prompt the Segment Anything Model (SAM) with boxes. SAM masks are refined.")]
    linked, _, _ = link(list(Extractor().extract(papers)), load_lexicon())
    sam = {e.paper.id: {(m.type, m.concept) for m in e.mentions if m.name == "SAM"} for e in linked}
    assert sam["a"] == {("algorithm", "concept/sharpness-aware-minimization")}
    assert sam["b"] == {("model", "concept/segment-anything")}


LEX = Lexicon.from_entries([
    # "CPE" stands for both, so neither entry lists it
    LexiconEntry("patch-encoder", "contrastive patch encoder", "algorithm"),
    LexiconEntry("pred-error", "cumulative prediction error", "metric"),
    LexiconEntry("pixel-encoder", "contextual pixel encoder", "algorithm"),
])


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
