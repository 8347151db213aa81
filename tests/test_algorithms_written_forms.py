"""Written forms of known algorithms (the shipped lexicon): common short or bare forms ("Nyström",
"ZeRO", "Hutchinson probes", "trimmed mean", "augmented IPW", "temporal difference updates"), a bare
surname ("Sinkhorn-based", "Lanczos"), and names typeset with an en dash or fused ("Bradley–Terry",
"DeepSets"); an en dash range ("10–20 epochs") is no name."""
import pytest

from extraction_helpers import mentions_by_name


@pytest.mark.parametrize("text, name, eid", [
    ("Our sketch replaces the full Gram matrix with a Nyström factor of rank r.", "Nyström", "nystrom-method"),
    ("The Hessian trace is tracked with Hutchinson probes at each step.", "Hutchinson probes", "hutchinson-estimator"),
    ("Optimizer states are sharded across workers with ZeRO before the backward pass.", "ZeRO", "zero-optimizer"),
    ("Long-range forces are summed with a Barnes-Hut octree in O(n log n) time.", "Barnes-Hut", "barnes-hut"),
    ("The server aggregates client gradients with the trimmed mean of each coordinate.", "trimmed mean", "coordinate-wise-trimmed-mean"),
    ("Fairness constraints are enforced with the reductions approach to classification.", "reductions approach", "exponentiated-gradient"),
    ("The estimate uses augmented IPW with cross-fitted nuisances.", "augmented IPW", "doubly-robust"),
    ("The critic is trained with temporal difference updates on replayed transitions.", "temporal difference updates", "td-learning"),
    ("Off-policy stability is obtained with gradient temporal difference methods.", "gradient temporal difference methods", "gradient-td"),
])
def test_written_form_of_a_known_algorithm(shipped_extractor, text, name, eid):
    found = mentions_by_name(shipped_extractor, text).values()
    assert any(m.lexicon_id == eid and m.type == "algorithm" and name.startswith(m.name) for m in found), found


@pytest.mark.parametrize("text, eid", [
    ("Pairwise preferences are fitted with a Bradley–Terry model over item scores.", "bradley-terry"),
    ("Each iterate is a convex combination found by Frank–Wolfe steps on the polytope.", "frank-wolfe"),
    ("The curvature matrix is replaced by its Gauss–Newton approximation.", "gauss-newton"),
    ("Point clouds are encoded by a DeepSets network with sum pooling.", "deep-sets"),
])
def test_name_typeset_with_an_en_dash_or_fused(shipped_extractor, text, eid):
    assert any(m.lexicon_id == eid for m in mentions_by_name(shipped_extractor, text).values())


def test_en_dash_range_is_no_name(shipped_extractor):
    found = mentions_by_name(shipped_extractor, "We train for 10–20 epochs with Adam and a 2–4 layer MLP.")
    assert {m.lexicon_id for m in found.values()} <= {"adam", "mlp"}


@pytest.mark.parametrize("text, lexicon_id", [
    ("Couplings are balanced with a Sinkhorn-based normalisation layer.", "sinkhorn"),
    ("Extreme eigenvalues come from Lanczos with full reorthogonalisation.", "lanczos"),
])
def test_bare_surname_names_the_algorithm(shipped_extractor, text, lexicon_id):
    assert lexicon_id in {m.lexicon_id for m in mentions_by_name(shipped_extractor, text).values()}
