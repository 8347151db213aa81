"""Definitions of short forms (``kg.extract.abbreviations.find_abbreviations``): each long form and
short form with offsets into the text; parentheses that define nothing (examples, references, years,
numbers) are ignored."""
import pytest

from kg.extract.abbreviations import find_abbreviations


@pytest.mark.parametrize(
    "text, long, short",
    [
        ("We use Proximal Policy Optimization (PPO) here.", "Proximal Policy Optimization", "PPO"),
        ("the popular Proximal Policy Optimization (PPO)", "Proximal Policy Optimization", "PPO"),
        ("we present the Time-Aware World Model (TAWM), a", "Time-Aware World Model", "TAWM"),
        ("State Decoupling with Q-supervised Contrastive representation (SDQC)",
         "State Decoupling with Q-supervised Contrastive representation", "SDQC"),
        ("trained with Deep Q-Networks (DQNs).", "Deep Q-Networks", "DQNs"),
        ("called Continual Churn Approximated Reduction (C-CHAIN)", "Continual Churn Approximated Reduction", "C-CHAIN"),
        ("Myopic Optimization with Non-myopic Approval (MONA)", "Myopic Optimization with Non-myopic Approval", "MONA"),
    ],
)
def test_long_short_pairs(text, long, short):
    found = find_abbreviations(text)
    assert [(a.long, a.short) for a in found] == [(long, short)]
    a = found[0]
    assert text[a.long_start:a.long_end] == long and text[a.short_start:a.short_end] == short


@pytest.mark.parametrize(
    "text",
    ["a method (e.g., bisimulation) works", "results (see Table 2)", "in 2024 (ICML)", "x (i.e. y)", "numbers (12.5)"],
)
def test_non_definitions_are_ignored(text):
    assert find_abbreviations(text) == []
