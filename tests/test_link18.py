"""Linking, fourth round (link18): a short name the paper defines as another concept than the
lexicon entry it matched does not list that entry's forms, and a discovered name's id never
equals a lexicon id, so it does not depend on which other papers are in the corpus."""
import pytest

from kg.extract import Extractor
from kg.link import link, load_lexicon
from kg.link.lexicon import Lexicon, LexiconEntry, own_forms
from kg.records import Extraction, Mention, Paper


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


def _mention(extractor, text, name):
    [ex] = extractor.extract([Paper("p", text)])
    return next(m for m in ex.mentions if m.name == name)


@pytest.mark.parametrize("text, name, own, borrowed", [
    ("Policies trained with contrastive reward filtering (CRF) forget less. We compare against CRF on three tasks.",
     "CRF", "contrastive reward filtering", "conditional random field"),
    ("Earlier work used persistent evolution strategies (PES) for unrolled graphs; PES has high variance.",
     "PES", "persistent evolution strategies", "predictive entropy search"),
])
def test_redefined_acronym_lists_only_the_papers_forms(extractor, text, name, own, borrowed):
    m = _mention(extractor, text, name)
    assert own in [a.lower() for a in m.aliases]
    assert borrowed not in [a.lower() for a in m.aliases]


def test_acronym_defined_as_the_lexicon_concept_keeps_its_forms(extractor):
    m = _mention(extractor, "A linear-chain conditional random field (CRF) labels each token. The CRF is trained jointly.", "CRF")
    assert m.lexicon_id == "crf" and "conditional random field" in m.aliases


LEX = Lexicon.from_entries([LexiconEntry("gfn", "GFN", "algorithm", ("generative flow network",))])


def test_own_forms_drops_the_entry_forms_only_when_redefined():
    m = Mention("method", "GFN", ("gated fourier network", "generative flow network"), lexicon_id="gfn")
    assert own_forms(m, LEX).aliases == ("gated fourier network",)
    same = Mention("algorithm", "GFN", ("generative flow networks",), lexicon_id="gfn")
    assert own_forms(same, LEX) is same


def _paper(pid, *mentions):
    return Extraction(Paper(pid, f"abstract of {pid}"), tuple(mentions))


def test_discovered_name_never_takes_a_lexicon_id():
    mine = Mention("method", "GFN", ("Gated Fourier Network",), proposed=True)
    alone, _, _ = link([_paper("a", mine)], LEX)
    both, _, _ = link([_paper("a", mine), _paper("b", Mention("algorithm", "GFN", lexicon_id="gfn"))], LEX)
    assert alone[0].mentions[0].concept == both[0].mentions[0].concept != "concept/gfn"
    assert both[1].mentions[0].concept == "concept/gfn"


def test_discovered_name_without_a_lexicon_namesake_keeps_its_readable_id():
    linked, _, _ = link([_paper("a", Mention("method", "QuillNet", proposed=True))], load_lexicon())
    assert linked[0].mentions[0].concept == "concept/quillnet"
