"""Linking across papers (link10): a definition's long form picks the concept an ambiguous
short name stands for, and the lexicon keeps releases, editions and subsets of a dataset
family apart from the family."""
import pytest

from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry, load_lexicon
from kg.link.linker import Linker
from kg.records import Extraction, Mention, Paper

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


def _paper(pid, *mentions):
    return Extraction(Paper(pid, f"abstract of {pid}"), tuple(mentions))


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


@pytest.mark.parametrize("member, family", [
    ("OpenWebText2", "OpenWebText"),  # another corpus, not a spelling
    ("Atari-57", "Atari"),
    ("DMLab-30", "DMLab"),
    ("UltraChat-200k", "UltraChat"),
    ("ZINC15", "ZINC"),
    ("CASP15", "CASP"),
    ("ISIC 2019", "ISIC"),
    ("iNaturalist 2018", "iNaturalist"),
    ("iNat2021", "iNaturalist"),
    ("EPIC-KITCHENS-100", "EPIC-KITCHENS"),
    ("WebVid-10M", "WebVid"),
    ("DataComp-1B", "DataComp"),
    ("Proof-Pile-2", "Proof-Pile"),
    ("XLand 2.0", "XLand"),
    ("Camelyon16", "CAMELYON"),
    ("Camelyon17", "CAMELYON"),
    ("CMIP6", "CMIP"),
    ("YFCC15M", "YFCC100M"),
    ("MSLR-WEB10K", "MSLR-WEB30K"),
    ("OASST2", "OpenAssistant Conversations"),
    ("Criteo 1TB", "Criteo"),
    ("HPSv2", "Human Preference Score"),
    ("EF21", "error feedback"),
    ("ResNet-50", "ResNet"),
    ("VGG-16", "VGG"),
    ("WRN-28-10", "Wide ResNet"),
])
def test_a_release_edition_or_subset_is_its_own_node_under_its_family(member, family):
    lex = load_lexicon()
    m, f = lex.lookup(member), lex.lookup(family)
    assert m is not None and f is not None and m.id != f.id
    parent, seen = m.parent, set()
    while parent and parent != f.id and parent not in seen:
        seen.add(parent)
        parent = lex.get(parent).parent
    assert parent == f.id


def test_a_family_and_its_member_in_two_papers_link_to_two_nodes():
    from kg.extract import Extractor

    papers = [Paper("a", "Agents are evaluated on all 57 games of Atari-57 with sticky actions."),
              Paper("b", "We train agents on Atari with a small replay buffer.")]
    linked, concepts, _ = link(list(Extractor().extract(papers)), load_lexicon())
    ids = [{m.concept for m in e.mentions if m.type == "benchmark"} for e in linked]
    assert ids == [{"concept/atari-57"}, {"concept/atari"}]
    assert concepts["concept/atari-57"].parent == "concept/atari"


@pytest.mark.parametrize("form, eid, parent", [
    ("full conformal prediction", "full-conformal", "conformal-prediction"),
    ("Mondrian conformal prediction", "mondrian-conformal", "conformal-prediction"),
    ("cross-conformal", "cross-conformal", "conformal-prediction"),
    ("adaptive conformal inference", "adaptive-conformal-inference", "conformal-prediction"),
    ("precision in estimation of heterogeneous effects", "pehe", None),
    ("LambdaMART", "lambdamart", "gradient-boosting"),
    ("FedAvgM", "fedavgm", "fedavg"),
    ("KernelUCB", "kernelucb", "ucb"),
    ("MixHop", "mixhop", "gnn"),
    ("SCINet", "scinet", None),
    ("feature-wise linear modulation", "film", None),
    ("non-linear independent components estimation", "nice", "normalizing-flow"),
    ("Distributed Shampoo", "distributed-shampoo", "shampoo"),
    ("OpenMathInstruct-2", "openmathinstruct-2", "openmathinstruct"),
    ("ListOps", "listops", "long-range-arena"),
    ("Path-X", "path-x", "long-range-arena"),
    ("Ego-Exo4D", "ego-exo4d", "ego4d"),
])
def test_well_known_concepts_beyond_rl_are_in_the_lexicon(form, eid, parent):
    e = load_lexicon().lookup(form)
    assert e is not None and (e.id, e.parent) == (eid, parent)


def test_no_surface_form_names_two_lexicon_entries():
    from collections import defaultdict
    from kg.text import norm_key

    owners = defaultdict(set)
    for e in load_lexicon():
        for f in (e.name, *e.aliases):
            owners[norm_key(f)].add(e.id)
    assert not {k: v for k, v in owners.items() if len(v) > 1}


VARIANTS = Lexicon.from_entries([
    LexiconEntry("zebranet", "ZebraNet", "algorithm"),
    LexiconEntry("zebranet-50", "ZebraNet-50", "model", parent="zebranet"),
    LexiconEntry("quill-2", "Quill-2", "model", ("Quill 2",)),
])


@pytest.mark.parametrize("text, name, parent", [
    ("We distil ZebraNet-Ti into a smaller student.", "ZebraNet-Ti", "zebranet"),
    ("We distil ZebraNet-B/16 into a smaller student.", "ZebraNet-B/16", "zebranet"),
    ("A ZebraNet-L-2 backbone is used.", "ZebraNet-L-2", "zebranet"),
    ("We prompt Quill-2-13B-Instruct with it.", "Quill-2-13B-Instruct", "quill-2"),
    ("We prompt Quill-2-mini with it.", "Quill-2-mini", "quill-2"),
])
def test_a_size_or_release_written_onto_a_known_name_is_a_model_under_it(text, name, parent):
    from kg.extract import Extractor

    ex = next(Extractor(VARIANTS).extract([Paper("p", text)]))
    got = [(m.type, m.name, m.parent, m.lexicon_id) for m in ex.mentions]
    assert got == [("model", name, parent, None)]


@pytest.mark.parametrize("text, name, eid", [
    ("A ZebraNet-based encoder and a ZebraNet-style decoder.", "ZebraNet", "zebranet"),
    ("A ZebraNet-50 backbone is used.", "ZebraNet-50", "zebranet-50"),  # the lexicon knows it
    ("Labels are Quill-2-generated and checked.", "Quill-2", "quill-2"),
    ("We prompt Quill-2-high with it.", "Quill-2", "quill-2"),  # not a size or release
])
def test_a_descriptor_after_a_known_name_leaves_the_known_concept(text, name, eid):
    from kg.extract import Extractor

    ex = next(Extractor(VARIANTS).extract([Paper("p", text)]))
    assert {(m.name, m.lexicon_id) for m in ex.mentions} == {(name, eid)}


def test_two_sizes_of_one_architecture_in_two_papers_are_two_nodes_under_it():
    from kg.extract import Extractor

    papers = [Paper("a", "We prune ZebraNet-S heads."), Paper("b", "We prune ZebraNet-L heads."),
              Paper("c", "ZebraNet-S is fast.")]
    linked, concepts, _ = link(list(Extractor(VARIANTS).extract(papers)), VARIANTS)
    ids = [[m.concept for m in e.mentions] for e in linked]
    assert ids[0] == ids[2] != ids[1] and "concept/zebranet" not in ids[0] + ids[1]
    assert concepts[ids[0][0]].parent == concepts[ids[1][0]].parent == "concept/zebranet"


@pytest.mark.parametrize("text, name", [
    ("A ZebraNet-152 backbone is used.", "ZebraNet-152"),  # one spaCy token
    ("A ZebraNet-40-4 backbone is used.", "ZebraNet-40-4"),
])
def test_a_depth_joined_to_a_known_architecture_is_a_model_under_it(text, name):
    from kg.extract import Extractor

    ex = next(Extractor(VARIANTS).extract([Paper("p", text)]))
    assert [(m.type, m.name, m.parent) for m in ex.mentions] == [("model", name, "zebranet")]


def test_a_number_after_an_unknown_or_non_architecture_name_is_left_alone():
    from kg.extract import Extractor

    lex = Lexicon.from_entries([*VARIANTS, LexiconEntry("zset", "ZSet", "benchmark")])
    ex = next(Extractor(lex).extract([Paper("p", "We use ZSet-2000 and KoalaNet-12 here.")]))
    assert not [m for m in ex.mentions if m.type == "model"]
