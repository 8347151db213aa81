"""Names in the lists of a result sentence (the shipped lexicon): an amount listed with a benchmark ("1.6 dB on
ACID", "0.2431 MAE on Peptides-struct") is no benchmark; a hyphenated setting word before a dataset head
("the far-OOD datasets", "the non-IID splits") names no benchmark; a name described as a collection of data items
("SWE-Fresh, a set of 300 issues") is a dataset the paper creates, so also a benchmark."""

import pytest

from kg.extract.discovery.kinds import _describes_data
from kg.extract.discovery.lists import _amount
from kg.extract.discovery.text import _setting_compound, is_name_like
from kg.records import Paper

from extraction_helpers import written_names


@pytest.mark.parametrize("text, amounts, names", [
    ("Our renderer gains 0.8 dB on RealEstate10K and 1.3 dB on ACID over the strongest baseline.",
     {"1.3 dB", "0.8 dB"}, {"RealEstate10K", "ACID"}),
    ("The encoder reaches 0.6915 AP on Peptides-func and 0.2502 MAE on Peptides-struct.",
     {"0.2502 MAE", "0.6915 AP"}, {"Peptides-func", "Peptides-struct"}),
    ("Accuracy rises by 3 points on CIFAR-100 and 2 points on Tiny-ImageNet with the new schedule.",
     {"2 points", "3 points"}, {"CIFAR-100"}),
])
def test_an_amount_in_a_benchmark_list_is_no_benchmark(shipped_extractor, text, amounts, names):
    found = written_names(shipped_extractor, text, "benchmark")
    assert not found & amounts
    assert names <= found


def test_a_name_opening_with_a_number_stays_a_benchmark(shipped_extractor):
    text = "Topic models are compared on 20 Newsgroups, Reuters and AG News under the same vocabulary."
    assert "20 Newsgroups" in written_names(shipped_extractor, text, "benchmark")


@pytest.mark.parametrize("words, expected", [
    ("1.6 dB", True), ("0.2431 MAE", True), ("12.5% AUROC", True), ("4 ms", True),
    ("20 Newsgroups", False), ("3DMatch", False), ("ImageNet 1.5", False),
])
def test_amount(words, expected):
    assert _amount(words.split()) is expected


@pytest.mark.parametrize("text, setting, names", [
    ("Detection quality is reported on the far-OOD datasets iNaturalist, Textures and OpenImage-O.",
     "far-OOD", {"iNaturalist", "OpenImage-O"}),
    ("The near-OOD datasets SSB-hard and NINCO are the hardest for every score.", "near-OOD", {"NINCO"}),
    ("Clients hold the non-IID splits of FEMNIST in every round.", "non-IID", {"FEMNIST"}),
])
def test_a_setting_word_before_a_dataset_head_is_no_benchmark(shipped_extractor, text, setting, names):
    found = written_names(shipped_extractor, text, "benchmark")
    assert setting not in found
    assert names <= found


@pytest.mark.parametrize("tok, setting", [
    ("far-OOD", True), ("non-IID", True), ("LLM-based", True), ("multi-GPU", True),
    ("COCO-OOD", False), ("SWE-Fresh", False), ("Q-learning", False), ("k-NN", False),
])
def test_setting_compound(tok, setting):
    assert _setting_compound(tok) is setting
    if setting:
        assert not is_name_like(tok)


def test_coined_names_with_a_setting_acronym_stay_names():
    assert is_name_like("COCO-OOD") and is_name_like("OOD-Bench") and is_name_like("SWE-Fresh")


@pytest.mark.parametrize("text, name", [
    ("We study coding agents. To measure leakage, we also release PatchFresh, a set of 250 issues opened after "
     "the pretraining cutoff. Agents score lower on PatchFresh than on older issues.", "PatchFresh"),
    ("We introduce PrefClaims, a collection of 6,500 preference pairs with claim-level support labels, and "
     "use it to evaluate aligned models.", "PrefClaims"),
    ("We present GridPuzzles, a curated set of logic puzzles with unique solutions, to probe planning in "
     "language models.", "GridPuzzles"),
])
def test_a_proposed_collection_of_data_items_is_also_a_benchmark(shipped_extractor, text, name):
    [ex] = list(shipped_extractor.extract([Paper("p", text)]))
    types = {m.type for m in ex.mentions if m.name == name}
    assert {"method", "benchmark"} <= types


@pytest.mark.parametrize("text, name", [
    ("We propose LossMix, a set of three auxiliary losses for dense prediction, and show gains on ADE20K.",
     "LossMix"),
    ("We propose RouteNet, a pool of experts routed by a learned gate, and test it on GLUE.", "RouteNet"),
])
def test_a_proposed_set_of_other_things_is_no_benchmark(shipped_extractor, text, name):
    assert name not in written_names(shipped_extractor, text, "benchmark")


@pytest.mark.parametrize("after, expected", [
    (", a set of 300 issues collected later", True),
    (": a collection of over 8,000 preference pairs", True),
    (", a small set of 40 tasks", True),
    (", a set of regularizers", False),
    (", a method that sets of 300 issues", False),
])
def test_describes_data(after, expected):
    assert _describes_data(after) is expected
