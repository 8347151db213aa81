"""Cleaning keeps a map back to the original characters; keys merge spelling variants."""
import pytest

from kg.text import clean, norm_key


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("It re- quires care", "It requires care"),
        ("Large Lan- guage Models", "Large Language Models"),
        ("single- and multi-agent", "single- and multi-agent"),
        ("a *training-free* method", "a training-free method"),
        ("**bold** claim", "bold claim"),
        (r"with \textsc{krope} inside", "with krope inside"),
        (r"see \href{https://x.org}{our site} now", "see our site now"),
        (r"Schr\"{o}dinger bridge", "Schrödinger bridge"),
        (r"58.7\% LC win rate", "58.7% LC win rate"),
        (r"step $\Delta t$ size", "step Δ t size"),
    ],
)
def test_clean_strips_noise(raw, expected):
    assert clean(raw).text == expected


@pytest.mark.parametrize(
    "raw, word",
    [
        ("It re- quires care", "requires"),
        (r"the Schr\"{o}dinger bridge", "Schrödinger"),
        ("a *training-free* method", "training-free"),
        (r"reach 58.7\% now", "58.7%"),
    ],
)
def test_offsets_map_back_into_the_original(raw, word):
    c = clean(raw)
    i = c.text.index(word)
    s, e = c.original_span(i, i + len(word))
    original = raw[s:e]
    # the original span covers the word's characters, noise included
    assert original[0] == word[0] and original[-1] == word[-1]
    assert len(original) >= len(word)


def test_clean_is_identity_on_plain_text():
    t = "We propose PPO-based methods (e.g., SPO) that outperform baselines by 3.2%."
    c = clean(t)
    assert c.text == t
    assert c.original_span(0, len(t)) == (0, len(t))


@pytest.mark.parametrize(
    "a, b",
    [("MuJoCo", "Mujoco"), ("Deep Q-Networks", "deep Q network"), ("behavioural cloning", "behavioral cloning"),
     ("optimisation", "optimization"), ("Schrödinger", "Schrodinger"), ("DQNs", "DQN")],
)
def test_norm_key_merges_variants(a, b):
    assert norm_key(a) == norm_key(b)


@pytest.mark.parametrize("a, b", [("PPO", "TRPO"), ("DQN", "DDQN"), ("loss", "los")])
def test_norm_key_keeps_distinct_names_apart(a, b):
    assert norm_key(a) != norm_key(b)


def test_tex_control_space_after_an_abbreviation():
    from kg.text import clean
    original = "Priors, e.g.\\ Dirichlet ones, help (cf.\\ Sec.~3). We then show it."
    c = clean(original)
    assert c.text == "Priors, e.g. Dirichlet ones, help (cf. Sec. 3). We then show it."
    assert c.original_span(0, len(c.text)) == (0, len(original))
    assert c.original_span(13, 22) == (14, 23)  # "Dirichlet"


def test_thin_spaces_are_spaces():
    from kg.text import clean
    assert clean("over 50\\,000 graphs and $a\\!b$").text == "over 50 000 graphs and ab"


@pytest.mark.parametrize("raw, expected", [
    ("Serving costs $1 per task.", "Serving costs $1 per task."),
    ("The run cost $2.5M, and the sweep $40K.", "The run cost $2.5M, and the sweep $40K."),
    ("It costs $3 and $5 per query", "It costs $3 and $5 per query"),
    ("The budget is $5.", "The budget is $5."),
])
def test_a_dollar_before_an_amount_is_currency_not_maths(raw, expected):
    assert clean(raw).text == expected


@pytest.mark.parametrize("raw, expected", [
    ("The bound is $1 - \\epsilon$ here.", "The bound is 1 - ε here."),
    ("A value of $10$ works.", "A value of 10 works."),
    ("It is $2 \\times$ faster and $1+n$ long.", "It is 2 × faster and 1+n long."),
    ("at most $1$.", "at most 1."),
])
def test_maths_that_opens_with_a_number_is_still_maths(raw, expected):
    assert clean(raw).text == expected
