"""The lexicon's established algorithms: their forms are found in text, no everyday or ambiguous word
(also one that opens a sentence) is one of them, and they span ML areas (statistics, optimisation,
deep-learning building blocks, generative models, LLM training and inference, graphs, privacy,
robustness, interpretability, time series, RL, bandits) with variants under their family."""
import pytest

from kg.link.lexicon import load_lexicon
from kg.records import Paper

#: the lexicon's algorithms: the round's entries are among them (tests/test_lexicon.py checks every file)
ALGORITHM_IDS = {e.id for e in load_lexicon() if e.type == "algorithm"}


def algorithms(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.name: m.lexicon_id for m in ex.mentions if m.type == "algorithm"}


@pytest.mark.parametrize("surface, expected, parent", [
    ("linearised ADMM", "linearized-admm", "admm"), ("away-steps Frank-Wolfe", "away-step-frank-wolfe", "frank-wolfe"),
    ("loopless SVRG", "l-svrg", "svrg"), ("Monte Carlo EM", "monte-carlo-em", "em-algorithm"),
    ("collapsed Gibbs sampler", "collapsed-gibbs-sampling", "gibbs-sampling"), ("PMCMC", "particle-mcmc", "mcmc"),
    ("adaLN-Zero", "adaptive-layer-normalization", "layer-normalization"), ("rank-stabilized LoRA", "rslora", "lora"),
    ("Grad-CAM++", "grad-campp", "grad-cam"), ("DDIM inversion", "ddim-inversion", "ddim"),
    ("DPOP", "dpo-positive", "dpo"), ("FlexMatch", "flexmatch", "fixmatch"), ("MiniRocket", "minirocket", "rocket"),
    ("GTD2", "gtd2", "gradient-td"),  # one concept: no second entry claims it
])
def test_variants_resolve_under_their_family(surface, expected, parent):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and (entry.id, entry.parent) == (expected, parent)


# words a paper uses in their everyday sense, or names several unrelated things carry: no form of an
# algorithm may be one of them (a capitalised single word matches at the start of any sentence)
@pytest.mark.parametrize("word", ["Line", "Grace", "Grand", "Align", "Relax", "Paired", "Spot", "Dice", "Ride",
                                  "control variates", "zero-cost proxies", "gradient matching", "trajectory matching",
                                  "RMT", "MoA", "CAA", "PLR", "MCQ", "GSN", "H3", "S5", "LiT", "DP-LoRA+", "SpecFormer"])
def test_generic_or_ambiguous_words_are_not_forms_of_the_round(word):
    entry = load_lexicon().lookup(word)
    assert entry is None or entry.id not in ALGORITHM_IDS


@pytest.mark.parametrize("text, name, eid", [
    ("The sampler is a blocked Gibbs sampler that updates all cluster labels jointly.", "blocked Gibbs sampler",
     "blocked-gibbs-sampling"),
    ("Each subproblem is solved with consensus ADMM across the eight workers.", "consensus ADMM", "consensus-admm"),
    ("Residual branches are scaled with LayerScale, as in deep vision backbones.", "LayerScale", "layerscale"),
    ("Robust aggregation uses Bulyan on top of the client updates.", "Bulyan", "bulyan"),
    ("We pick the labelled pool with BADGE and retrain after each round.", "BADGE", "badge"),
    ("Tours are refined with 2-opt moves until no edge swap helps.", "2-opt", "2-opt"),
])
def test_round_concepts_are_found_in_text(shipped_extractor, text, name, eid):
    assert algorithms(shipped_extractor, text).get(name) == eid


@pytest.mark.parametrize("text", [
    "Line 4 of the procedure resets the counter to zero.",
    "Align the two views before computing the loss.",
    "Relax the constraint and solve the dual problem.",
])
def test_sentence_initial_words_are_not_concepts(shipped_extractor, text):
    assert not any(eid and eid in ALGORITHM_IDS for eid in algorithms(shipped_extractor, text).values())
