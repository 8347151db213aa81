"""When a lexicon form matches the text (the shipped lexicon): a name written in capitals only ("PAIR",
"MATH", "DROP") does not match the ordinary word with one capital ("Pairs", "Math") unless the lexicon
lists that spelling; a metric written onto another word with a hyphen ("KL-regularized") is a modifier;
words in their everyday sense ("return" the verb, "speeds up", self-consistency between jumps, attention
layers) are not the concept; a one-word benchmark before "dataset(s)" is named by the word; true-synonym
aliases, starred names ("A* search"), hyphenated spellings ("VQ-GAN") and a name with an exclamation
mark ("Yahoo! R6") match whole."""
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


def _ids(extractor, text, title=""):
    [ex] = extractor.extract([Paper("p", text, title=title)] if title else [Paper("p", text)])
    return {m.lexicon_id for m in ex.mentions if m.lexicon_id}


@pytest.mark.parametrize("text, absent", [
    ("Pairs of completions are scored by a reward model before training.", "pair"),
    ("Math tutoring systems must explain each step to the student.", "math"),
    ("Drop rates of neurons are tuned on a validation split.", "drop"),
    ("Clip ratios that are too small stall the policy update.", "clip"),
])
def test_acronym_form_does_not_match_capitalised_word(extractor, text, absent):
    assert absent not in _ids(extractor, text)


@pytest.mark.parametrize("text, present", [
    ("We red-team the model with PAIR and with greedy coordinate gradient attacks.", "pair"),
    ("The verifier lifts accuracy on MATH by four points.", "math"),
    ("We compare encoders pretrained with CLIP and with DINO.", "clip"),
    ("Deep CNNs are fragile under small rotations of the input.", "cnn"),
])
def test_acronym_written_in_capitals_still_matches(extractor, text, present):
    assert present in _ids(extractor, text)


def test_acronym_also_listed_with_one_capital_matches_that_spelling(extractor):
    # the lexicon names TENT and lists "Tent" (the spelling its authors use) as an alias
    assert "tent" in _ids(extractor, "Entropy minimisation at test time, as in Tent, adapts the normalisation layers.")


def test_exclamation_mark_inside_a_name(extractor):
    [ex] = extractor.extract([Paper("p", "Click logs from the Yahoo! R6 collection serve as the contextual bandit testbed.")])
    assert ("Yahoo! R6", "yahoo-r6") in {(m.name, m.lexicon_id) for m in ex.mentions}


@pytest.mark.parametrize("sentence, name", [
    ("We tokenize frames with a VQ-GAN and a small decoder.", "VQ-GAN"),  # not "GAN"
    ("The network is as expressive as the 1-WL test.", "1-WL test"),
])
def test_hyphenated_spellings_of_known_names_are_matched_whole(sentence, name):
    from kg.extract import Extractor
    [ex] = list(Extractor().extract([Paper("p", sentence)]))
    assert name in {m.name for m in ex.mentions}
