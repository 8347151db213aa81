"""A name a paper defines itself, against the lexicon: a short name the paper defines as another concept
than the entry it matched lists only the paper's forms ("contrastive reward filtering (CRF)" is no
conditional random field); a discovered name's id never equals a lexicon id, so it does not depend on
the other papers of the corpus; a long form written alone joins the name another paper defines it for,
unless two names define it or it has its own short name; discovered names in British and American
spelling meet."""
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


def _concepts(*papers):
    linked, _, log = link([_paper(f"p{i}", *ms) for i, ms in enumerate(papers)], load_lexicon())
    return [[m.concept for m in ex.mentions] for ex in linked], log


def test_long_form_written_alone_joins_the_name_another_paper_defines():
    ids, log = _concepts([Mention("method", "TWR", ("tempered weight rounding",), proposed=True)],
                         [Mention("algorithm", "Tempered Weight Rounding")],
                         [Mention("algorithm", "TWR")])
    assert ids[0] == ids[1] == ids[2]
    assert any(r.surface == "Tempered Weight Rounding" and "written alone" in r.reason for r in log)


def test_long_form_two_names_define_stays_apart():
    ids, _ = _concepts([Mention("method", "TWR", ("tempered weight rounding",))],
                       [Mention("method", "TeWR", ("tempered weight rounding",))],
                       [Mention("algorithm", "tempered weight rounding")])
    assert ids[2][0] not in (ids[0][0], ids[1][0])


def test_long_form_with_its_own_short_name_is_not_moved():
    ids, _ = _concepts([Mention("method", "TWR", ("tempered weight rounding",))],
                       [Mention("method", "tempered weight rounding", ("TWRound-long tempered weight rounding",))])
    assert ids[0] != ids[1]


def test_discovered_names_in_both_spellings_meet():
    ids, _ = _concepts([Mention("method", "Graph Neighbourhood Sampler", proposed=True)],
                       [Mention("algorithm", "graph neighborhood sampler")])
    assert ids[0] == ids[1]
