"""The values of a claim (``kg.extract.claims.find_values``), on invented sentences: results with their
units and counts ("3.5 turns", "11 of 14", "85 ms", "2 kHz"), the value reached in "from A to B", and
results named like settings ("a radius of 0.5"); the settings of an experiment (a dropout rate,
"p < 0.05", "With only 32 of 256 patches", "Under 30% label noise") and cross-references are no values."""
from __future__ import annotations

import pytest

from kg.extract.claims import find_values


def _values(sentence):
    return [sentence[a:b] for a, b in find_values(sentence)]


@pytest.mark.parametrize("sentence, expected", [
    # a setting of the experiment is no result
    ("With $\\lambda = 0.25$ and a dropout rate of 0.2, the tagger reaches an F1 of 0.83.", ["0.83"]),
    ("Using a temperature of 0.6 and top-p 0.95, the sampler attains 71.4% pass@1.", ["71.4%"]),
    ("The gain is significant (p < 0.05) on every split.", []),
    ("Setting ρ = 0.3, the ranker improves recall by 6.5%.", ["6.5%"]),
    # a cross-reference is no value
    ("The ablation in Sec. 5.3 shows that the gate matters (Lem. 3.1).", []),
    # "from A to B": the value reached
    ("Pruning lowers the perplexity from 14.2 to 12.9 on the news split.", ["12.9"]),
    ("It cuts the miss rate from 31% to 17% on night scenes.", ["17%"]),
    ("Gains ranging from 3.5 to 6.1 points are observed.", ["3.5 to 6.1 points"]),
    # counts and units
    ("The planner is best on 11 of 14 maps and on 3 out of 4 robots.", ["11 of 14", "3 out of 4"]),
    ("Decoding takes 85 ms per image and costs 0.3 bits per pixel.", ["85 ms", "0.3 bits"]),
    # results written like settings stay
    ("The predicted ranks agree with human ones (Spearman ρ = 0.81).", ["0.81"]),
])
def test_claim_values(sentence, expected):
    from kg.text import clean
    assert _values(clean(sentence).text) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("The verifier certifies a radius of 0.5 on half of the inputs.", ["0.5"]),
    ("Scores correlate with human ratings (correlation coefficient of 0.74).", ["0.74"]),
    ("It wins by a margin of 2.5 points over the best baseline.", ["2.5 points"]),
])
def test_results_named_like_settings_stay(sentence, expected):
    assert _values(sentence) == expected


def test_a_count_given_to_the_method_is_no_value():
    assert _values("With only 32 of 256 patches, the encoder keeps 96.1% of its accuracy.") == ["96.1%"]
    assert _values("The agent solves 9 of 10 mazes.") == ["9 of 10"]


@pytest.mark.parametrize("sentence, expected", [
    ("Under 30% label noise, the classifier keeps 88.5% of its clean accuracy.", ["88.5%"]),
    ("The 90% credible intervals of the model cover 91.2% of outcomes.", ["91.2%"]),
    ("At σ = 0.25, the smoothed model certifies 61% of the test points.", ["61%"]),
    ("The agent reaches an Elo rating of 1,480 and a mean return of 920 after tuning.", ["1,480", "920"]),
    ("It matches the target coverage level of 0.9 with sets of size 2.3.", ["2.3"]),
])
def test_more_settings_and_integer_scores(sentence, expected):
    assert _values(sentence) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("The agent finishes within 3.5 turns on average.", ["3.5 turns"]),
    ("It converges in 120 iterations and 9 rounds of communication.", ["120 iterations", "9 rounds"]),
])
def test_count_units_are_values(sentence, expected):
    assert [sentence[a:b] for a, b in find_values(sentence)] == expected


def test_a_rate_in_hertz_is_a_value():
    from kg.extract.claims import find_values
    s = "The controller runs at 2 kHz on one GPU."
    assert [s[a:b] for a, b in find_values(s)] == ["2 kHz"]
