"""Cue phrases (``kg/data/patterns/cues.json``) compiled once into regular expressions.

The patterns are written in lower case and match text passed through :func:`fold`.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from kg.extract.alternation import compile_alternation


_UPPER_LITERAL = re.compile(r"(?<!\\)(?:\\\\)*[A-Z]")


def fold(text: str) -> str:
    """``text`` in lower case, the same length, so match positions carry over.

    Cue patterns match folded text: matching lower-case patterns on lower-cased text is
    two to four times faster than ``re.IGNORECASE``. A character whose lower case is
    longer (``İ``) is kept as it is.

    >>> fold("We PROPOSE İ-Net"), len(fold("İ")) == len("İ")
    ('we propose İ-net', True)
    """
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def _any(patterns: list[str]) -> re.Pattern:
    for p in patterns:
        if _UPPER_LITERAL.search(p):
            raise ValueError(f"cue pattern {p!r} has a capital letter: cues match lower-cased text, write them in lower case")
        if p.startswith(("(?<", "(?!", "(?=")):
            raise ValueError(f"cue pattern {p!r} opens with a lookaround, which runs at every character of every "
                             "sentence: match the words first and put the assertion after them")
    return compile_alternation(patterns)


def _setting_before(nouns: list[str]) -> re.Pattern:
    """A setting noun right before a value: "learning rate of", "τ =", "p <" (searched, with any case,
    on the text just before a value, which ends the match)."""
    return re.compile(rf"(?:{'|'.join(nouns)})\s?(?:of\s|=\s?|[<≤]\s?|to\s|is\s|:\s?)?(?:[A-Za-zα-ωΑ-Ω]\s?[=≈]\s?)?$",
                      re.IGNORECASE)


@dataclass(frozen=True, eq=False)  # identity hash: cheap as a cache key
class Cues:
    proposal: re.Pattern
    baseline_intro: re.Pattern  # a comparison that a list of baseline names follows
    method_heads: frozenset[str]
    benchmark_heads: frozenset[str]
    field_heads: frozenset[str]
    algorithm_heads: frozenset[str]
    metric_heads: frozenset[str]
    contribution_heads: frozenset[str]  # method_heads | benchmark_heads: head nouns of what a paper may propose
    builds_on: re.Pattern
    builds_on_suffix: re.Pattern
    compared: re.Pattern
    studied: re.Pattern
    studied_property: re.Pattern  # "the complexity of X": studied unless another cue in reach governs it
    background: re.Pattern  # other people's work ("existing", "widely used"): blocks a farther builds_on/studied cue
    compared_after: re.Pattern  # matched right after the mention (``.match``)
    builds_on_after: re.Pattern
    own_component: re.Pattern  # "our PPO agent": a part of the paper's method named after X (matched right after X)
    contrast_outcome: re.Pattern  # "..., where X diverges", "while X solves 7": what a contrasted subject does
    studied_after: re.Pattern
    others_practice: re.Pattern  # "the standard approach trains ...": a sentence about other people's practice, not the paper's setup
    attack: re.Pattern  # an attack (a lexicon description, a proposal): not a baseline of a defence
    defence: re.Pattern  # a defence: the description or proposal that names one is no attack
    comparative: re.Pattern
    remedy: re.Pattern  # "improve the stability of X": matched on the text just before a studied_property cue
    new_method: re.Pattern  # "we propose/introduce/design ..." a method (not an analysis or a study)
    own_relative: re.Pattern  # "a model whose ...", "a step in which ...": a relative clause that describes a part of a method
    own_continuation: re.Pattern  # opens a sentence that goes on describing the method just proposed ("The encoder is ...")
    title_studied_opening: re.Pattern  # title (segment) openings of an analysis: "On the ...", "Understanding ..."
    title_question: re.Pattern  # opens a title segment that ends in "?": "Does X overfit?"
    title_studied_noun: re.Pattern  # "Convergence Rates for X"
    title_studied_tail: re.Pattern  # "X Revisited", "X: An Empirical Study"
    title_builds_on_verb: re.Pattern  # "Improving X", "Scaling X to ..."
    title_set_apart_before: re.Pattern  # "Beyond X", "Without X": no role from the title (searched on the text before X)
    title_set_apart_after: re.Pattern  # "X Is Not Enough", "X-free", "Do We Need X?" (matched right after X)
    title_effect_verb: re.Pattern  # "Label Noise Breaks X": a verb of effect right before X (searched on the text before X)
    improved_object: re.Pattern  # "FooNet improves X by 6%": a verb of improvement whose direct object X is (searched, ends at X)
    limitation: re.Pattern  # "X ..., but it requires ...": the limitation an opening sentence states of its subject
    subject_list_after: re.Pattern  # "X and Y ...", "X such as A ...": the subject goes on to a list (matched right after X)
    not_subject_modifier: re.Pattern  # "Methods such as X", "The X test": a word before X that is no modifier of a subject X
    test_verb: re.Pattern  # "we benchmark", "a study of": what tests the list after it (searched, ends at the list)
    joint_comparison: re.Pattern  # "we compare A, B and C": a comparison of its objects with each other
    result: re.Pattern
    own_work: re.Pattern
    theoretical: re.Pattern
    finding: re.Pattern
    empirical: re.Pattern
    not_claim: re.Pattern
    not_claim_opening: re.Pattern  # matched at a sentence's start only (``.match``)
    outcome: re.Pattern  # an outcome without a verb of improvement ("is unchanged", "is np-hard"): tried on few sentences
    theoretical_more: re.Pattern  # more theory cues, counted only in a sentence already taken for a claim
    finding_more: re.Pattern  # more finding cues ("stems from"), likewise
    measured_quantity: re.Pattern  # a measured quantity ("communication cost", "no degradation")
    theory_object: re.Pattern  # what "we show that" makes a proven result ("X is unbiased", "invariant to")
    setting_before: re.Pattern  # a setting noun right before a value ("learning rate of", "τ =", "p <"), any case


@lru_cache(maxsize=4)
def load_cues(path: str | None = None) -> Cues:
    """Load and compile the cue file (the bundled one by default)."""
    if path is None:
        text = (resources.files("kg") / "data" / "patterns" / "cues.json").read_text(encoding="utf-8")
    else:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    d = json.loads(text)
    r, c = d["roles"], d["claims"]
    return Cues(
        proposal=_any(d["proposal"]),
        baseline_intro=_any(d["baseline_intro"]),
        method_heads=frozenset(d["method_heads"]),
        benchmark_heads=frozenset(d["benchmark_heads"]),
        field_heads=frozenset(d["field_heads"]),
        algorithm_heads=frozenset(d["algorithm_heads"]),
        metric_heads=frozenset(d["metric_heads"]),
        contribution_heads=frozenset(d["method_heads"]) | frozenset(d["benchmark_heads"]),
        builds_on=_any(r["builds_on"]),
        builds_on_suffix=_any(r["builds_on_suffix"]),
        compared=_any(r["compared"]),
        studied=_any(r["studied"]),
        studied_property=_any(r["studied_property"]),
        background=_any(r["background"]),
        compared_after=_any(r["compared_after"]),
        builds_on_after=_any(r["builds_on_after"]),
        own_component=_any(r["own_component"]),
        contrast_outcome=_any(r["contrast_outcome"]),
        studied_after=_any(r["studied_after"]),
        others_practice=_any(r["others_practice"]),
        attack=_any(r["attack"]),
        defence=_any(r["defence"]),
        comparative=_any(r["comparative"]),
        remedy=_any(r["remedy"]),
        new_method=_any(r["new_method"]),
        own_relative=_any(r["own_relative"]),
        own_continuation=_any(r["own_continuation"]),
        title_studied_opening=_any(r["title_studied_opening"]),
        title_question=_any(r["title_question"]),
        title_studied_noun=_any(r["title_studied_noun"]),
        title_studied_tail=_any(r["title_studied_tail"]),
        title_builds_on_verb=_any(r["title_builds_on_verb"]),
        title_set_apart_before=_any(r["title_set_apart_before"]),
        title_set_apart_after=_any(r["title_set_apart_after"]),
        title_effect_verb=_any(r["title_effect_verb"]),
        improved_object=_any(r["improved_object"]),
        limitation=_any(r["limitation"]),
        subject_list_after=_any(r["subject_list_after"]),
        not_subject_modifier=_any(r["not_subject_modifier"]),
        test_verb=_any(r["test_verb"]),
        joint_comparison=_any(r["joint_comparison"]),
        result=_any(c["result"]),
        own_work=_any(c["own_work"]),
        theoretical=_any(c["theoretical"]),
        finding=_any(c["finding"]),
        empirical=_any(c["empirical"]),
        not_claim=_any(c["not_claim"]),
        not_claim_opening=_any(c["not_claim_opening"]),
        outcome=_any(c["outcome"]),
        theoretical_more=_any(c["theoretical_more"]),
        finding_more=_any(c["finding_more"]),
        measured_quantity=_any(c["measured_quantity"]),
        theory_object=_any(c["theory_object"]),
        setting_before=_setting_before(c["setting"]),
    )
