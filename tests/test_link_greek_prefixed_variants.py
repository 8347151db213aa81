"""A Greek letter joined by a hyphen to a known method names a method of its own ("β-DPO"),
under the known one, with a readable id; other prefixes and the bare name are left alone."""
import pytest

from kg.extract import Extractor
from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.link.linker import slug
from kg.records import Paper

LEX = Lexicon.from_entries([
    LexiconEntry("kpo", "KPO", "algorithm", ("Kestrel Preference Optimization",)),
    LexiconEntry("beta-kvae", "β-KVAE", "algorithm"),
    LexiconEntry("kvae", "KVAE", "algorithm"),
    LexiconEntry("ndcg", "NDCG", "metric"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def found(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.name: (m.lexicon_id, m.parent) for m in ex.mentions}


@pytest.mark.parametrize("text, name", [
    ("Our loss is compared with β-KPO and the reference policy.", "β-KPO"),
    ("Our loss is compared with $\\lambda$-KPO on chat prompts.", "λ-KPO"),
])
def test_a_greek_letter_joined_to_a_known_method_is_a_variant_under_it(extractor, text, name):
    assert found(extractor, text) == {name: (None, "kpo")}


@pytest.mark.parametrize("text, expected", [
    ("Our loss is compared with KPO and the reference policy.", {"KPO": ("kpo", None)}),
    ("Our loss is compared with β-KVAE on the images.", {"β-KVAE": ("beta-kvae", None)}),  # a known variant
    ("Our loss is compared with αβ-KPO on the prompts.", {"KPO": ("kpo", None)}),  # not one letter
    ("Ranking quality is reported as α-NDCG on the queries.", {"NDCG": ("ndcg", None)}),  # a metric
])
def test_known_names_and_other_prefixes_are_left_alone(extractor, text, expected):
    assert found(extractor, text) == expected


def test_the_variant_links_apart_from_its_base_with_a_readable_id(extractor):
    papers = list(extractor.extract([Paper("a", "Our loss is compared with β-KPO on chat prompts."),
                                     Paper("b", "Our loss is compared with KPO on chat prompts.")]))
    done, concepts, _ = link(papers, LEX)
    [a], [b] = ([m.concept for m in ex.mentions] for ex in done)
    assert a == "concept/beta-kpo" and b == "concept/kpo" and concepts[a].parent == "concept/kpo"
    assert slug("Ω-Net") == "omega-net"
