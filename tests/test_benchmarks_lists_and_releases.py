"""Benchmark names in lists and releases (the shipped lexicon): a list ending in "the X benchmark" or
after "datasets as well as" names each item, a known acronym of another type listed among benchmarks is
one, two names before a plural dataset head are (two languages are not); an acronym bench is a
benchmark ("QRBench"), a task acronym is not ("KBQA"); a release number after a known benchmark is its
release, a figure is not; a stream built from a known benchmark is named whole; a sized model keeps its
release suffix but no descriptor ("-level", "-scale"). Also: the entries of one shipped lexicon file are
their own concepts and are found in text."""

import pytest

from extraction_helpers import written_names


@pytest.mark.parametrize("text, name", [
    ("Robustness to label noise is measured against the human soft labels of CIFAR-10H.", "CIFAR-10H"),
    ("Crop types are predicted from the BreizhCrops time series.", "BreizhCrops"),
    ("Rankers are trained on the Yahoo! Learning to Rank data.", "Yahoo! Learning to Rank"),
    ("The agent controls the Shadow Hand to rotate a block.", "Shadow Hand"),
])
def test_benchmarks_l19_forms_are_found(shipped_extractor, text, name):
    assert name in written_names(shipped_extractor, text, "benchmark")


def test_a_list_ending_in_the_named_benchmark_names_each_item(shipped_extractor):
    text = "Results on Lumen, Orchard and the IHDP benchmark favour the reweighting estimator."
    assert {"Lumen", "Orchard"} <= written_names(shipped_extractor, text, "benchmark")


def test_a_list_ending_in_the_generic_phrase_adds_nothing(shipped_extractor):
    text = "We thank Alice, Bob and the reviewers of COCO for their comments."
    assert not {"Alice", "Bob"} & written_names(shipped_extractor, text, "benchmark")


def test_an_acronym_bench_is_a_benchmark(shipped_extractor):
    assert "QRBench" in written_names(shipped_extractor, "We report accuracy on QRBench for every model.", "benchmark")


def test_a_task_acronym_before_qa_is_no_benchmark(shipped_extractor):
    assert "KBQA" not in written_names(shipped_extractor, "Retrieval helps KBQA on long questions.", "benchmark")


@pytest.mark.parametrize("text, name", [
    ("Sequence recovery is reported on CATH 4.3, following prior work.", "CATH 4.3"),
    ("Shapes are drawn from Objaverse v1.0 for pretraining.", "Objaverse v1.0"),
])
def test_a_release_number_after_a_known_benchmark_is_its_release(shipped_extractor, text, name):
    assert name in written_names(shipped_extractor, text, "benchmark")


def test_a_figure_after_a_known_benchmark_is_no_release(shipped_extractor):
    names = written_names(shipped_extractor, "It gains on ImageNet 1.5 points and on COCO 2.1 AP over the baseline.", "benchmark")
    assert "ImageNet" in names and "COCO" in names and not any(n.startswith("COCO ") for n in names)


def test_a_figure_among_the_modifiers_before_a_named_dataset(shipped_extractor):
    text = "Inference scales to the 3-million-row Lighthouse dataset without subsampling."
    assert "Lighthouse" in written_names(shipped_extractor, text, "benchmark")


@pytest.mark.parametrize("text, name, bad", [
    ("A mixture tuned this way reaches OLMo-2-7B-level accuracy with fewer tokens.", "OLMo-2-7B", "OLMo-2-7B-level"),
    ("We match Qwen2-1.5B-scale quality at a fraction of the cost.", "Qwen2-1.5B", "Qwen2-1.5B-scale"),
])
def test_a_descriptor_suffix_is_no_part_of_a_sized_model(shipped_extractor, text, name, bad):
    names = written_names(shipped_extractor, text, "model")
    assert name in names and bad not in names


def test_a_sized_model_keeps_its_release_suffix(shipped_extractor):
    assert "Qwen2-7B-Instruct" in written_names(shipped_extractor, "We fine-tune Qwen2-7B-Instruct on the data.", "model")


@pytest.mark.parametrize("text, name", [
    # an acronym the lexicon knows as another type, named before a benchmark head word
    ("Forgetting is measured on the TOFU and MUSE benchmarks.", "MUSE"),
    ("Force errors are reported on the SPICE and OC20 datasets.", "SPICE"),
    # or listed among known benchmarks only
    ("Detection F1 is averaged over SMD, MSL, SMAP and PSM.", "PSM"),
])
def test_a_known_acronym_of_another_type_among_benchmarks_is_one(shipped_extractor, text, name):
    assert name in written_names(shipped_extractor, text, "benchmark")


def test_algorithms_listed_with_a_single_benchmark_stay_algorithms(shipped_extractor):
    text = "On Atari, DQN and PPO learn slowly."
    assert not {"DQN", "PPO"} & written_names(shipped_extractor, text, "benchmark")


def test_a_caption_metric_outside_a_dataset_list_stays_a_metric(shipped_extractor):
    assert "SPICE" not in written_names(shipped_extractor, "Captions are scored with CIDEr and SPICE on COCO.", "benchmark")


def test_two_capitalised_names_before_a_plural_dataset_head(shipped_extractor):
    names = written_names(shipped_extractor, "Effects are estimated on the Harbor and Meadow datasets.", "benchmark")
    assert {"Harbor", "Meadow"} <= names


def test_two_languages_before_a_plural_corpus_head_are_no_benchmarks(shipped_extractor):
    names = written_names(shipped_extractor, "We pretrain on the English and German corpora.", "benchmark")
    assert not {"English", "German"} & names


@pytest.mark.parametrize("text, name", [
    ("Forgetting is tracked on Split Tiny-ImageNet-C over twenty tasks.", "Split Tiny-ImageNet-C"),
    ("Plasticity is lost on continual ImageNet after a few hundred tasks.", "continual ImageNet"),
    ("Each task of Permuted Fashion-MNIST shuffles the pixels anew.", "Permuted Fashion-MNIST"),
])
def test_a_stream_built_from_a_known_benchmark_is_named_whole(shipped_extractor, text, name):
    assert name in written_names(shipped_extractor, text, "benchmark")


def test_a_split_of_a_known_benchmark_in_prose_is_the_benchmark(shipped_extractor):
    names = written_names(shipped_extractor, "We hold out a random split of ImageNet for validation.", "benchmark")
    assert "ImageNet" in names and not any(n.lower().startswith("split") for n in names)


def test_names_listed_after_datasets_as_well_as_are_benchmarks(shipped_extractor):
    text = "Forecasts are scored on the Lorenz-96 datasets as well as Solaris, Tidewater and Harbour."
    assert {"Solaris", "Tidewater", "Harbour"} <= written_names(shipped_extractor, text, "benchmark")
