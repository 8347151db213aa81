"""Benchmark and model names that spell an ordinary word ("The Well", "Higgs", "Gibson", "Shap-E",
whose key is "shape") match when the text names the dataset or model, and not when the words
that follow show the ordinary sense."""
import pytest

from kg.records import Paper


def typed(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.name: m.type for m in ex.mentions}


@pytest.mark.parametrize("sentence, name, typ", [
    ("We pretrain on PDEBench and on the active matter data from The Well.", "The Well", "benchmark"),
    ("On the large Higgs and Covertype datasets, boosting remains strong.", "Higgs", "benchmark"),
    ("Policies trained in Gibson scenes transfer to a real robot.", "Gibson", "benchmark"),
    ("We compare against Shap-E and Point-E on text-to-3D prompts.", "Shap-E", "model"),
    ("iNaturalist, Places and SUN serve as far-OOD sets for ImageNet.", "Places", "benchmark"),
])
def test_the_dataset_or_model_sense_matches(shipped_extractor, sentence, name, typ):
    assert typed(shipped_extractor, sentence).get(name) == typ


@pytest.mark.parametrize("sentence, word", [
    ("The well-known Adam optimizer is a strong default.", "The well"),
    ("The well-posedness of the inverse problem is established first.", "The well"),
    ("Shape-bias tests reveal that the network relies on texture.", "Shape"),
    ("Shape completion from partial scans remains difficult.", "Shape"),
    ("Higgs boson decays are simulated to produce the training events.", "Higgs"),
    ("Gibson showed that such functions need two hidden layers.", "Gibson"),
])
def test_the_ordinary_word_sense_is_no_benchmark_or_model(shipped_extractor, sentence, word):
    got = typed(shipped_extractor, sentence)
    assert not any(n.startswith(word) and t in ("benchmark", "model") for n, t in got.items()), got


@pytest.mark.parametrize("sentence", [
    "Pitfalls of benchmark design are discussed at length.",
    "AMI patients are identified from electronic health records.",
    "SMARTS patterns encode the substructures we search for.",
])
def test_a_left_out_ambiguous_form_is_not_matched(shipped_extractor, sentence):
    got = typed(shipped_extractor, sentence)
    assert not any(t in ("benchmark", "model") for t in got.values()), got
