"""Research areas of applications and systems ("data assimilation", "LLM serving", "variant effect
prediction", "learning to branch", "graph coarsening", "unsupervised environment design") and the
measure "resolve rate" are found in text by their entries in one shipped lexicon file, which holds
fields and metrics only. Also: a metric phrase stops at a conjunction, at praise and at the growth of a
bound ("logarithmic regret" names regret)."""
import pytest

from extraction_helpers import mention_names


@pytest.mark.parametrize("text, etype, name", [
    ("We study online convex optimization with delayed feedback, where each loss arrives several rounds late.", "field", "delayed feedback"),
    ("Branch-and-bound solvers can be sped up by learning to branch from expert strong-branching decisions.", "field", "learning to branch"),
    ("We propose a generator of training levels for unsupervised environment design in procedurally generated mazes.", "field", "unsupervised environment design"),
    ("Our coarsening operator shrinks each input graph to a tenth of its nodes; graph coarsening of this kind preserves the Laplacian spectrum.", "field", "graph coarsening"),
    ("We combine satellite observations with a learned emulator for data assimilation of the atmospheric state.", "field", "data assimilation"),
    ("Our scheduler lowers the queueing delay of LLM serving under bursty request traffic.", "field", "llm serving"),
    ("Protein language models score single substitutions zero-shot for variant effect prediction on deep mutational scans.", "field", "variant effect prediction"),
    ("We pretrain tabular foundation models on synthetic tables drawn from structural causal priors.", "field", "tabular foundation models"),
    ("Coding agents are ranked by resolve rate on a set of real repository issues.", "metric", "resolve rate"),
])
def test_fields_l16_entries_are_found(shipped_extractor, text, etype, name):
    assert name in mention_names(shipped_extractor, text, etype)


@pytest.mark.parametrize("text, wrong, kept", [
    # a conjunction ends the words that name a measure: "reduces leakage but hurts accuracy" names accuracy
    ("Masking the inputs reduces leakage but hurts accuracy on every split.", "leakage but hurts accuracy", "accuracy"),
    # praise is no part of a measure's name
    ("Equivariant potentials have achieved remarkable accuracy on small molecules.", "remarkable accuracy", "accuracy"),
    # the growth of a bound is no part of the measure it bounds
    ("We show that optimistic exploration attains logarithmic regret in the stochastic regime.", "logarithmic regret", "regret"),
])
def test_metric_phrases_stop_at_conjunctions_praise_and_growth(shipped_extractor, text, wrong, kept):
    found = mention_names(shipped_extractor, text, "metric")
    assert wrong not in found
    assert kept in found
