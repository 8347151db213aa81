"""In a clause where "we" use something ("We instantiate FooBO with A, B and C as base acquisitions
and a Gaussian process surrogate"), a mention beyond the cue window is still one of the things used,
unless a comparison, an analysis, other people's work or a word that sets it apart comes between
(invented sentences)."""
import pytest

from kg.extract.roles import occurrence_role


def role(cues, sentence: str, name: str) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), cues, own=True)[0]


@pytest.mark.parametrize("sentence, name", [
    ("We instantiate FooBO with expected improvement, upper confidence bound and knowledge gradient as base "
     "acquisitions and a Gaussian process surrogate with a Matern kernel.", "Gaussian process"),
    ("We then combine the learned reward with a pretrained dynamics model, a replay buffer of expert transitions "
     "and a Transformer critic.", "Transformer"),
    ("Here we adopt a two-stage schedule in which the first stage warms up the encoder on unlabeled clips and the "
     "second fine-tunes it with SimCLR.", "SimCLR"),
])
def test_far_object_of_our_use(cues, sentence, name):
    assert role(cues, sentence, name) == "builds_on"


@pytest.mark.parametrize("sentence, name, expected", [
    # a comparison between the cue and the mention decides
    ("We instantiate FooBO with three classic acquisition functions and report a 12% lower regret than TuRBO "
     "on every problem.", "TuRBO", "compared"),
    # other people's work between the cue and the mention
    ("We instantiate FooBO with three classic acquisition functions, avoiding the restarts that existing "
     "trust-region methods such as TuRBO need.", "TuRBO", "mentioned"),
    # set apart: no use
    ("We instantiate FooBO with three classic acquisition functions and, unlike prior portfolios, without "
     "any Gaussian process surrogate.", "Gaussian process", "mentioned"),
    # the use is not ours: no "we"
    ("Prior portfolios instantiate their bandit with three classic acquisition functions and a surrogate "
     "whose hyperparameters are tuned by Gaussian process marginal likelihood.", "Gaussian process", "mentioned"),
])
def test_far_mention_not_used(cues, sentence, name, expected):
    assert role(cues, sentence, name) == expected


def test_a_with_inside_a_finding_is_no_use(cues):
    # "we show that random search with ...": the "with" is inside a finding, not a use of ours
    sentence = "We further show that random search with 100 trials closes most of the gap between default and tuned XGBoost on small tables."
    assert role(cues, sentence, "XGBoost") != "builds_on"
