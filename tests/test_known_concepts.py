"""Concepts the shipped lexicon knows: well-known concepts beyond RL resolve with their parents, no
surface form names two entries, named concepts take the type the GUIDE gives them (a named method or
architecture family is an algorithm, a serving system a model, a compression setting a field, attacks
and components of a test are algorithms, TabPFN is a model, graph rewiring a field), and HumanEval+ is
named for itself, not for its harness."""
import pytest

from kg.extract import Extractor
from kg.link.lexicon import load_lexicon
from kg.records import Paper


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


@pytest.mark.parametrize("form, eid, parent", [
    ("full conformal prediction", "full-conformal", "conformal-prediction"),
    ("Mondrian conformal prediction", "mondrian-conformal", "conformal-prediction"),
    ("cross-conformal", "cross-conformal", "conformal-prediction"),
    ("adaptive conformal inference", "adaptive-conformal-inference", "conformal-prediction"),
    ("precision in estimation of heterogeneous effects", "pehe", None),
    ("LambdaMART", "lambdamart", "gradient-boosting"),
    ("FedAvgM", "fedavgm", "fedavg"),
    ("KernelUCB", "kernelucb", "ucb"),
    ("MixHop", "mixhop", "gnn"),
    ("SCINet", "scinet", None),
    ("feature-wise linear modulation", "film", None),
    ("non-linear independent components estimation", "nice", "normalizing-flow"),
    ("Distributed Shampoo", "distributed-shampoo", "shampoo"),
    ("OpenMathInstruct-2", "openmathinstruct-2", "openmathinstruct"),
    ("ListOps", "listops", "long-range-arena"),
    ("Path-X", "path-x", "long-range-arena"),
    ("Ego-Exo4D", "ego-exo4d", "ego4d"),
])
def test_well_known_concepts_beyond_rl_are_in_the_lexicon(form, eid, parent):
    e = load_lexicon().lookup(form)
    assert e is not None and (e.id, e.parent) == (eid, parent)


@pytest.mark.parametrize("form, eid, etype", [
    ("ViTs", "vit", "algorithm"),
    ("score-based diffusion", "score-based-generative-model", "algorithm"),
    ("Neural CDEs", "neural-cde", "algorithm"),
    ("latent ordinary differential equations", "latent-ode", "algorithm"),
])
def test_lexicon_gaps_the_linking_round_found(form, eid, etype):
    from kg.link import load_lexicon
    entry = load_lexicon().lookup(form)
    assert entry is not None and (entry.id, entry.type) == (eid, etype)


def test_no_surface_form_names_two_lexicon_entries():
    from collections import defaultdict
    from kg.text import norm_key

    owners = defaultdict(set)
    for e in load_lexicon():
        for f in (e.name, *e.aliases):
            owners[norm_key(f)].add(e.id)
    assert not {k: v for k, v in owners.items() if len(v) > 1}


# Kinds the lexicon gives named concepts (GUIDE: a paper's named method or architecture family is an
# algorithm; a named serving system is a model; a
# compression setting is a field; optimal transport and linear programming are techniques).
@pytest.mark.parametrize("text, name, kind", [
    ("We generate protein backbones and compare against RFdiffusion and FrameDiff.", "RFdiffusion", "algorithm"),
    ("We generate protein backbones and compare against RFdiffusion and FrameDiff.", "FrameDiff", "algorithm"),
    ("Retrieval uses Contriever to fetch passages for the reader.", "Contriever", "algorithm"),
    ("Our speech model is trained like VALL-E on codec tokens.", "VALL-E", "algorithm"),
    ("We align the two distributions with optimal transport.", "optimal transport", "algorithm"),
    ("The relaxation is solved with linear programming in polynomial time.", "linear programming", "algorithm"),
    ("We study post-training quantization of large vision models.", "post-training quantization", "field"),
    ("Requests are batched by SGLang with prefix caching.", "SGLang", "model"),
    ("Requests are served with vLLM on a single GPU.", "vLLM", "model"),
])
def test_kind_of_named_concepts(text, name, kind):
    from kg.link.lexicon import load_lexicon
    [ex] = list(Extractor(lexicon=load_lexicon()).extract([Paper("p", text)]))
    found = {m.name: m.type for m in ex.mentions}
    assert found.get(name) == kind, found


@pytest.mark.parametrize("text, lexicon_id", [
    ("Membership inference attacks recover which records were used in training.", "membership-inference"),
    ("A two-sample test based on the maximum mean discrepancy detects the shift.", "mmd"),
])
def test_components_and_attacks_are_algorithms(extractor, text, lexicon_id):
    [ex] = extractor.extract([Paper("p", text)])
    assert {m.type for m in ex.mentions if m.lexicon_id == lexicon_id} == {"algorithm"}


@pytest.mark.parametrize("form, kind", [
    ("TabPFN", "model"), ("TabPFN v2", "model"), ("YOLOv8", "model"), ("graph rewiring", "field"),
])
def test_retyped_entries(form, kind):
    assert load_lexicon().lookup(form).type == kind


def test_humaneval_plus_is_named_for_itself_not_for_its_harness():
    from kg.link.lexicon import load_lexicon
    lex = load_lexicon()
    assert lex.get("humaneval-plus").name == "HumanEval+"
    assert lex.lookup("HumanEval Plus").id == "humaneval-plus"
    # EvalPlus is the harness that also extends MBPP (MBPP+): not a name of HumanEval+
    assert lex.lookup("EvalPlus") is None
