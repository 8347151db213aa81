"""Families and their members across papers: a release, edition or subset of a dataset family
("Atari-57", "ZINC15", "CASP15") and a size or release written onto a known architecture ("ZebraNet-B/16",
"Quill-2-13B-Instruct", "ViT-S") are concepts of their own under the family, so two sizes in two papers
are two nodes; a descriptor after a known name ("-based", "-style") and a number after an unknown name
leave the concept as it is."""
import pytest

from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry, load_lexicon
from kg.records import Paper


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


def test_a_vit_size_is_not_taken_for_another_concept_keyed_alike():
    # "ViT-S" and "VITS" (a text-to-speech model) share a normalised key: an entry for the second
    # would swallow the first; the size stays a model under ViT
    from kg.extract import Extractor
    [ex] = list(Extractor().extract([Paper("p", "We vary the backbone between ResNet-18 and ViT-S on small data.")]))
    found = {(m.name, m.type) for m in ex.mentions}
    assert ("ViT-S", "model") in found
