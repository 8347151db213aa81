"""Lexicon matching precision (link15): a metric written onto another word with a hyphen is a
modifier, not the measure ("KL-regularized"); a one-word benchmark followed by "dataset(s)" is named
by the word; true-synonym aliases ("count sketch", "AP") and no over-broad ones ("attention layers")."""
import pytest

from kg.extract import Extractor
from kg.extract.concepts import _dataset_named
from kg.records import Paper


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


def _hits(extractor, text):
    [ex] = extractor.extract([Paper("p", text)])
    return {(m.name, m.lexicon_id) for m in ex.mentions if m.lexicon_id}


@pytest.mark.parametrize("text, absent", [
    ("We maximize a KL-regularized objective over a family of stochastic policies.", "kl-divergence"),
    ("The resulting estimator is MSE-optimal among all unbiased linear rules.", "mse"),
    ("We propose an accuracy-driven pruning criterion for sparse networks.", "accuracy"),
])
def test_metric_as_hyphenated_modifier_is_not_the_metric(extractor, text, absent):
    assert absent not in {i for _, i in _hits(extractor, text)}


@pytest.mark.parametrize("text, present", [
    ("Training with our penalty keeps the KL divergence to the base policy below 5 nats.", ("KL divergence", "kl-divergence")),
    ("The sampler lowers FID-50K on unconditional generation.", ("FID-50K", "fid")),
    ("A spectral filter reduces the MSE of the reconstruction.", ("MSE", "mse")),
])
def test_metric_itself_still_matches(extractor, text, present):
    assert present in _hits(extractor, text)


def test_one_word_benchmark_named_without_dataset_word(extractor):
    hits = _hits(extractor, "We forecast the load on the Traffic and Electricity datasets and classify the Adult dataset.")
    assert ("Electricity", "ecl") in hits and ("Adult", "uci-adult") in hits


@pytest.mark.parametrize("text, end, out", [
    ("Electricity dataset", 19, ("Electricity", 11)),
    ("UCI regression datasets", 23, ("UCI regression datasets", 23)),  # a several-word name keeps it
    ("Waymo Open Dataset", 18, ("Waymo Open Dataset", 18)),
])
def test_dataset_named(text, end, out):
    assert _dataset_named(text, end) == out


@pytest.mark.parametrize("text, pair", [
    ("Each worker sends a count sketch of its gradient to the server.", ("count sketch", "count-sketch")),
    ("The detector gains 2.4 AP on small objects.", ("AP", "average-precision")),
])
def test_true_synonym_aliases(extractor, text, pair):
    assert pair in _hits(extractor, text)


def test_attention_layers_are_not_the_attention_mechanism(extractor):
    hits = _hits(extractor, "We insert two cross-frame attention layers into a pretrained video decoder.")
    assert "attention" not in {i for _, i in hits}


@pytest.mark.parametrize("text, pair, absent", [
    ("The planner runs A* search over a lattice of poses.", ("A* search", "a-star"), None),
    ("We run a search over all prompt templates.", None, "a-star"),  # the star is the name
    ("Post-processing rankers such as FA*IR trade exposure for utility.", None, "fa"),  # part of another name
])
def test_starred_names(extractor, text, pair, absent):
    hits = _hits(extractor, text)
    if pair:
        assert pair in hits
    if absent:
        assert absent not in {i for _, i in hits}


@pytest.mark.parametrize("text, found", [
    ("Kernel fusion speeds up attention on long inputs.", False),  # a verb
    ("Kernel fusion gives a 3x speed-up on long inputs.", True),
    ("Kernel fusion gives a 3x speedup on long inputs.", True),
])
def test_speedup_is_a_noun(extractor, text, found):
    assert ("speedup" in {i for _, i in _hits(extractor, text)}) is found


@pytest.mark.parametrize("text, found", [
    ("We show that the procedure returns an approximately optimal policy after polynomially many queries.", False),
    ("The agent collects higher returns than the baselines on every task.", True),
    ("Clipping the return of each episode stabilizes training.", True),
])
def test_return_as_a_verb_is_not_the_metric(extractor, text, found):
    assert ("return" in {i for _, i in _hits(extractor, text)}) is found


@pytest.mark.parametrize("text, found", [
    ("The sampler enforces self-consistency between one long jump and two short jumps.", False),
    ("A self-consistency loss ties the predictions of the two views together.", False),
    ("Sampling twenty answers and voting with self-consistency beats greedy decoding.", True),
    ("We compare against self-consistency, Best-of-N and beam search at equal compute.", True),
])
def test_self_consistency_in_its_everyday_sense(extractor, text, found):
    assert ("self-consistency" in {i for _, i in _hits(extractor, text)}) is found
