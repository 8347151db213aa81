"""The paper's own names against existing ones (a small injected lexicon): a coined name after a naming
cue ("We propose Lantern, ...", "Our method, Lantern, ..."), a coined component ("a Frequency Gating
Block (FGB)") and a one-word title name when the abstract only announces an unnamed contribution are the
paper's methods; ordinary words after a cue are no names. The names a method derives from ("in the
spirit of AdvRW") and baselines named after their figures ("compared with 0.41 for KNNImp") or closing a
list in title case are existing techniques."""
import pytest

from kg.extract import Extractor
from kg.extract.serialize import extraction_to_dict
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

LEX = Lexicon.from_entries([
    LexiconEntry("dp-sgd", "DP-SGD", "algorithm"),
    LexiconEntry("gpt-4o", "GPT-4o", "model"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def _record(extractor, text, title=None):
    return extraction_to_dict(next(extractor.extract([Paper("p", text, title=title)])))


def _algorithms(rec):
    return {a["name"]: a["role"] for a in rec["algorithms"]}


def test_baselines_after_their_figures(extractor):
    rec = _record(extractor, "We propose HoleFill, an imputer for sensor streams. HoleFill attains an error of "
                             "0.18, compared with 0.41 for KNNImp and 0.33 for DeepGapNet.")
    algs = _algorithms(rec)
    assert "KNNImp" in algs and "DeepGapNet" in algs


def test_figures_shared_before_a_baseline(extractor):
    rec = _record(extractor, "We introduce SkimDec, a decoder for code models. SkimDec solves 58% of tasks, "
                             "versus 44% and 49% for GreedyX and SampleK respectively.")
    algs = _algorithms(rec)
    assert "GreedyX" in algs and "SampleK" in algs


def test_figure_for_without_a_comparison_names_no_baseline(extractor):
    rec = _record(extractor, "We present TideNet, a network for flood forecasting. We train it with 12 layers "
                             "for RiverSet and report results for 3 seeds for BasinX.")
    assert not {"RiverSet", "BasinX"} & set(_algorithms(rec))


def test_known_baseline_after_a_figure_keeps_its_lexicon_name(extractor):
    rec = _record(extractor, "We propose ClipShift for private training. ClipShift reaches 80.1% accuracy, "
                             "compared with 75.0% for DP-SGD.")
    assert "DP-SGD" in _algorithms(rec)


def test_title_name_of_an_unnamed_proposal(extractor):
    rec = _record(extractor, "Classifiers are often overconfident under distribution shift. We present a "
                             "lightweight calibration module that rescales logits with a learned temperature per "
                             "input. The module improves expected calibration error on five shifted datasets.",
                  title="Thermos: Input-Dependent Temperature Scaling for Calibration under Shift")
    assert [m["name"] for m in rec["methods"]] == ["Thermos"]


def test_title_name_needs_an_announced_contribution(extractor):
    rec = _record(extractor, "Classifiers are often overconfident under distribution shift. We study why "
                             "temperatures fitted in-distribution fail and show that the failure grows with shift.",
                  title="Thermos: Why Temperatures Fail under Shift")
    assert rec["methods"] == []


def test_title_name_not_given_when_the_abstract_names_its_own(extractor):
    rec = _record(extractor, "We propose CalibNet, a calibration module that rescales logits per input. "
                             "CalibNet improves calibration on five shifted datasets.",
                  title="Thermos: Input-Dependent Temperature Scaling")
    assert [m["name"] for m in rec["methods"]] == ["CalibNet"]


def test_lower_case_definition_after_the_own_name_is_used(extractor):
    rec = _record(extractor, "Graph contrastive methods ignore hierarchy. We introduce TreeCL, which encodes nodes "
                             "with a hyperbolic graph attention network (HGAT) encoder and depth-aware augmentations.")
    assert [m["name"] for m in rec["methods"]] == ["TreeCL"]
    assert "HGAT" in _algorithms(rec)


@pytest.mark.parametrize("component", ["a Frequency Gating Block (FGB)", "a novel frequency gating block (FGB)"])
def test_coined_component_after_the_own_name_is_proposed(extractor, component):
    rec = _record(extractor, "Forecasters struggle with long inputs. We present WaveCast, a forecasting framework "
                             f"with {component} that filters each patch.")
    assert {m["name"] for m in rec["methods"]} == {"WaveCast", "FGB"}


def _methods(rec):
    return [m["name"] for m in rec["methods"]]


@pytest.mark.parametrize("sentence,name", [
    ("We propose Lantern, a planner that expands frontier states with a learned prior.", "Lantern"),
    ("We introduce cTrack, which couples snapshots with optimal transport.", "cTrack"),
    ("We propose NodeMix-Free, a graph model whose attention is biased by walk kernels.", "NodeMix-Free"),
    ("Our method, Lantern, expands frontier states with a learned prior.", "Lantern"),
    ("In this work we are proposing SwitchPO, which extends preference tuning with token rewards.", "SwitchPO"),
    ("Building on this, we design a practical aggregation rule, TrustAgg, that reweights clients.", "TrustAgg"),
])
def test_coined_names_of_the_own_contribution(extractor, sentence, name):
    rec = _record(extractor, "Planning and training at scale remain difficult. " + sentence)
    assert name in _methods(rec)


@pytest.mark.parametrize("sentence", [
    "Our approach, Bayesian, treats the weights as random variables.",  # an adjective
    "We introduce Token-Free, a tokenizer-less encoder.",  # a descriptor, not a name
    "We propose sampling, which reduces the cost of training.",  # a lower-case word
])
def test_ordinary_words_after_a_cue_are_no_names(extractor, sentence):
    rec = _record(extractor, "Planning and training at scale remain difficult. " + sentence)
    assert not {"Bayesian", "Token-Free", "sampling"} & set(_methods(rec))


@pytest.mark.parametrize("phrase,name", [
    ("reweights examples by an adversary in the spirit of AdvRW", "AdvRW"),
    ("uses a duration predictor borrowed from Flow-TTS", "Flow-TTS"),
    ("is a stochastic generalization of ChunkNet", "ChunkNet"),
    ("extends the SCOREX ordering procedure to latent variables", "SCOREX"),
    ("follows the sampling scheme of TGNx", "TGNx"),
])
def test_names_a_method_derives_from_are_existing_techniques(extractor, phrase, name):
    rec = _record(extractor, f"Existing methods fail under shift. We propose ShiftFix, which {phrase}.")
    assert name in _algorithms(rec) and name not in _methods(rec)


def test_derived_from_a_class_of_models_names_no_technique(extractor):
    rec = _record(extractor, "We propose ShiftFix, which is a generalization of POMDPs to continuous time.")
    assert "POMDPs" not in _algorithms(rec)


def test_title_case_baseline_closing_a_list(extractor):
    rec = _record(extractor, "We propose BindGuide for attribute binding. BindGuide improves binding scores, "
                             "outperforming DPO and Layout Token Guidance.")
    algs = _algorithms(rec)
    assert "Layout Token Guidance" in algs and "Layout" not in algs


def test_title_case_words_after_a_lone_baseline_stay_apart(extractor):
    rec = _record(extractor, "We propose BindGuide for control. BindGuide beats DP-SGD in Hard Settings.")
    assert not any(" " in a for a in _algorithms(rec))
