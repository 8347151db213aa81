"""A size or release written with a space after a model family whose name is itself written
with a space ("Quoll 4.5 7B" for Quoll4.5-7B) names the checkpoint, not the family."""
import pytest

from kg.extract import Extractor
from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

LEX = Lexicon.from_entries([
    LexiconEntry("quoll-4-5", "Quoll4.5", "model", ("Quoll 4.5",)),
    LexiconEntry("quoll-4-5-7b", "Quoll4.5-7B", "model", parent="quoll-4-5"),
    LexiconEntry("quoll-4-5-7b-instruct", "Quoll4.5-7B-Instruct", "model", parent="quoll-4-5-7b"),
    LexiconEntry("quoll-4-5-math-7b", "Quoll4.5-Math-7B", "model", parent="quoll-4-5"),
    LexiconEntry("walrus", "Walrus", "algorithm"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def models(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.name: (m.lexicon_id, m.parent) for m in ex.mentions if m.type == "model"}


@pytest.mark.parametrize("text, name, eid", [
    ("We fine-tune Quoll 4.5 7B on the data.", "Quoll 4.5 7B", "quoll-4-5-7b"),
    ("We fine-tune Quoll 4.5 7B Instruct on the data.", "Quoll 4.5 7B Instruct", "quoll-4-5-7b-instruct"),
    ("We fine-tune Quoll 4.5 7B-Instruct on the data.", "Quoll 4.5 7B-Instruct", "quoll-4-5-7b-instruct"),
    ("We fine-tune Quoll 4.5 Math 7B on the data.", "Quoll 4.5 Math 7B", "quoll-4-5-math-7b"),
    ("Results of Quoll 4.5 7B.", "Quoll 4.5 7B", "quoll-4-5-7b"),
])
def test_a_known_checkpoint_written_with_spaces_is_the_checkpoint(extractor, text, name, eid):
    assert models(extractor, text) == {name: (eid, None)}


def test_an_unknown_size_after_a_spaced_family_is_a_model_under_the_family(extractor):
    assert models(extractor, "We fine-tune Quoll 4.5 72B on the data.") == {"Quoll 4.5 72B": (None, "quoll-4-5")}


@pytest.mark.parametrize("text, name", [
    ("We compare Quoll 4.5 and Walrus on the data.", "Quoll 4.5"),  # an ordinary word after the family
    ("We fine-tune Quoll 4.5 on 7B tokens.", "Quoll 4.5"),  # a count that is not written right after it
    ("The family Quoll 4.5 large models share a tokenizer.", "Quoll 4.5"),  # a size word the lexicon lacks
])
def test_other_words_after_a_family_leave_the_family(extractor, text, name):
    assert models(extractor, text) == {name: ("quoll-4-5", None)}


def test_both_spellings_of_an_unknown_size_link_to_one_node(extractor):
    papers = list(extractor.extract([Paper("a", "We fine-tune Quoll 4.5 72B here."),
                                     Paper("b", "We fine-tune Quoll4.5-72B there.")]))
    done, _, _ = link(papers, LEX)
    [a], [b] = ([m.concept for m in ex.mentions if m.type == "model"] for ex in done)
    assert a == b != "concept/quoll-4-5"
