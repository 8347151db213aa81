"""Linking precision: a mention reaches the node of the concept it names, not a broader or
narrower one (a checkpoint is not its model family; a subfield is not its field)."""
import pytest

from kg.extract import Extractor
from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry, load_lexicon, spaced_variants
from kg.link.linker import Linker, redefined
from kg.records import Extraction, Mention, Paper

LEX = Lexicon.from_entries([
    LexiconEntry("fam-9", "Zorblax 9", "model"),
    LexiconEntry("fam-9-1", "Zorblax 9.1", "model", parent="fam-9"),
    LexiconEntry("fam-9-1-4b", "Zorblax-9.1-4B", "model", parent="fam-9-1"),
    LexiconEntry("fam-9-1-4b-chat", "Zorblax-9.1-4B-Chat", "model", parent="fam-9-1-4b"),
    LexiconEntry("fam-9-22b", "Zorblax-9-22B", "model", parent="fam-9"),
    LexiconEntry("qset", "QuokkaSet", "benchmark"),
    LexiconEntry("qset-5k", "QuokkaSet-5K", "benchmark", parent="qset"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def models(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.name: m.lexicon_id for m in ex.mentions if m.type == "model"}


@pytest.mark.parametrize("text, name, eid", [
    ("We fine-tune Zorblax 9.1 4B on our data.", "Zorblax 9.1 4B", "fam-9-1-4b"),
    ("We fine-tune Zorblax-9.1 4B on our data.", "Zorblax-9.1 4B", "fam-9-1-4b"),
    ("We prompt Zorblax 9.1 4B Chat with it.", "Zorblax 9.1 4B Chat", "fam-9-1-4b-chat"),
    ("Scaling to Zorblax 9 22B helps.", "Zorblax 9 22B", "fam-9-22b"),
    ("We fine-tune Zorblax-9.1-4B on our data.", "Zorblax-9.1-4B", "fam-9-1-4b"),
    ("The family Zorblax 9.1 is open.", "Zorblax 9.1", "fam-9-1"),
])
def test_a_checkpoint_written_with_spaces_is_the_checkpoint_not_its_family(extractor, text, name, eid):
    assert models(extractor, text) == {name: eid}


def test_a_benchmark_size_written_with_a_space_is_the_subset_not_the_family(extractor):
    ex = next(extractor.extract([Paper("p", "Results on QuokkaSet 5K and on the full QuokkaSet are reported.")]))
    assert {m.name: m.lexicon_id for m in ex.mentions if m.type == "benchmark"} == {
        "QuokkaSet 5K": "qset-5k", "QuokkaSet": "qset"}


def test_spaced_spellings_are_matched_but_not_written_as_aliases():
    e = LEX.get("fam-9-1-4b")
    assert "Zorblax 9.1 4B" in e.forms and e.aliases == ()
    assert spaced_variants("Mistral-Large") == [] and spaced_variants("Claude 3 Opus") == []
    # a hyphen away from any digit is not a version separator
    assert spaced_variants("Qwen2.5-Coder-Instruct") == ["Qwen2.5 Coder-Instruct"]


def test_checkpoints_of_one_family_link_to_different_nodes(extractor):
    papers = list(extractor.extract([Paper("a", "We fine-tune Zorblax 9.1 4B here."),
                                     Paper("b", "We fine-tune Zorblax 9.1 there."),
                                     Paper("c", "We fine-tune Zorblax-9.1-4B again.")]))
    linked, concepts, _ = link(papers, LEX)
    ids = [[m.concept for m in e.mentions if m.type == "model"] for e in linked]
    assert ids == [["concept/fam-9-1-4b"], ["concept/fam-9-1"], ["concept/fam-9-1-4b"]]
    assert concepts["concept/fam-9-1-4b"].parent == "concept/fam-9-1"


@pytest.mark.parametrize("narrow, broad", [
    ("NDCG@10", "NDCG"),
    ("box AP", "mean average precision"),
    ("expected calibration error", "calibration error"),
    ("linear contextual bandits", "linear bandits"),
    ("conditional independence testing", "independence testing"),
    ("heterogeneous treatment effect estimation", "treatment effect estimation"),
    ("privacy amplification by subsampling", "privacy amplification"),
    ("selective state space models", "state space models"),
    ("Mamba", "selective state space model"),
    ("LAION-5B", "LAION"),  # the family name is not its largest member
    ("JFT-300M", "JFT"),
    ("ModelNet40", "ModelNet"),
    ("ModelNet10", "ModelNet"),
    ("Something-Something V2", "Something-Something"),
    ("ACIC 2016", "ACIC"),  # one challenge dataset per year
])
def test_a_narrower_concept_is_its_own_node_under_the_broader_one(narrow, broad):
    lex = load_lexicon()
    n, b = lex.lookup(narrow), lex.lookup(broad)
    assert n is not None and b is not None and n.id != b.id
    parent, seen = n.parent, set()
    while parent and parent != b.id and parent not in seen:  # b is an ancestor of n
        seen.add(parent)
        parent = lex.get(parent).parent
    assert parent == b.id


def test_editions_of_a_benchmark_family_link_apart():
    from kg.extract import Extractor as Full

    ex = next(Full().extract([Paper("p", "We evaluate on ACIC 2016 and ACIC 2019, and pretrain on LAION-5B.")]))
    assert {m.name: m.lexicon_id for m in ex.mentions if m.type == "benchmark"} == {
        "ACIC 2016": "acic-2016", "ACIC 2019": "acic-2019", "LAION-5B": "laion-5b"}


# -- a short name the paper defines otherwise -------------------------------------------

TQL = Lexicon.from_entries([LexiconEntry("tql", "TQL", "algorithm", ("Twin Q-Learning",))])


def paper(pid, *mentions):
    return Extraction(Paper(pid, f"abstract of {pid}"), tuple(mentions))


def tql(*aliases):
    return Mention("algorithm", "TQL", aliases=aliases, lexicon_id="tql")


CORPUS = [
    paper("x", tql("tree query language", "Twin Q-Learning")),  # the extractor added the known long form
    paper("y", tql("Twin Q-Learning")),
    paper("z", tql("twin Q-learner")),  # a spelling of the known long form, not another concept
    paper("w", tql()),
    paper("v", tql("tree query language")),
]


def test_a_short_name_defined_with_another_long_form_is_not_the_known_concept():
    assert redefined(CORPUS[0].mentions[0], TQL) == ("tree query language",)
    assert [redefined(p.mentions[0], TQL) for p in CORPUS[1:4]] == [None, None, None]
    linked_, concepts, _ = link(CORPUS, TQL)
    ids = {e.paper.id: e.mentions[0].concept for e in linked_}
    assert ids["y"] == ids["z"] == ids["w"] == "concept/tql"
    assert ids["x"] == ids["v"] != "concept/tql"
    assert concepts[ids["x"]].source == "discovered" and "Twin Q-Learning" not in concepts[ids["x"]].aliases


def test_a_short_name_that_does_not_spell_the_long_form_stays_linked():
    m = tql("a method for value estimation")
    assert redefined(m, TQL) is None


def test_redefined_short_names_link_incrementally_as_in_a_clean_link():
    linker = Linker(TQL)
    for i, e in enumerate(CORPUS):
        linker.add(str(i), e)
    linker.result()
    linker = Linker.load(TQL, linker.dump())
    linker.remove("0", CORPUS[0])
    linker.add("5", CORPUS[0])
    keys = ["5", "1", "2", "3", "4"]
    linker.reorder(keys)
    concepts, log, ids = linker.result()
    exs = [CORPUS[0], *CORPUS[1:]]
    clean, clean_concepts, clean_log = link(exs, TQL)
    assert [linker.concept_ids(k, ids) for k in keys] == [[m.concept for m in e.mentions] for e in clean]
    assert concepts == clean_concepts and log == clean_log


def test_an_acronym_the_paper_defines_otherwise_gets_its_own_node():
    from kg.extract import Extractor as Full

    papers = [Paper("a", "Keys are kept in a sparse attention cache (SAC) between decoding steps. Our cache halves memory."),
              Paper("b", "We compare against Soft Actor-Critic (SAC) on locomotion. Our agent is faster than SAC.")]
    linked_, _, _ = link(list(Full().extract(papers)), load_lexicon())
    sac = {e.paper.id: next(m.concept for m in e.mentions if m.name == "SAC") for e in linked_}
    assert sac["b"] == "concept/sac" and sac["a"] != sac["b"]
