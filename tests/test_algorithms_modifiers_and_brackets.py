"""Words written around a known form (the shipped lexicon): a name written with brackets matches only
a form written with them ("SE(3)-equivariant GNNs"; no "O(n" or "f(x)"); a modifier naming the known
technique keeps it ("Sparse mixture-of-experts", "entropy-regularized optimal transport", "Long
chain-of-thought distillation", "E(3)-equivariant graph neural networks" as equivariant GNNs), a word
before a form can show another sense ("very long chains of thought" are outputs); and entries split so
that each form finds its own concept (reflow, BasisNet, S4, optical flow, learned optimizers)."""
import pytest

from kg.extract import Extractor
from kg.extract.concepts import _brackets_written, _sense_before_pattern
from kg.records import Paper


@pytest.fixture(scope="module")
def ex():
    return Extractor()


def _algorithms(ex, text):
    [r] = list(ex.extract([Paper("p", text)]))
    return {m.name: m.lexicon_id for m in r.mentions if m.type == "algorithm"}


def test_brackets_written_only_for_forms_with_brackets():
    assert _brackets_written("SE(3)-equivariant GNNs", ("SE(3)-equivariant GNNs",))
    assert not _brackets_written("O(n", ("o1",))
    assert not _brackets_written("f(x)", ("f",))


def test_symmetry_group_prefix_kept_in_the_name(ex):
    found = _algorithms(ex, "Interatomic potentials are learned with E(3)-equivariant graph neural networks on molecules.")
    assert found == {"E(3)-equivariant graph neural networks": "equivariant-gnn"}


def test_equivariant_gnn_not_plain_gnn(ex):
    found = _algorithms(ex, "Equivariant GNNs respect rotations, while standard graph neural networks do not.")
    assert found.get("Equivariant GNNs") == "equivariant-gnn"
    assert found.get("graph neural networks") == "gnn"


def test_sense_before_pattern_needs_a_whole_word():
    p = _sense_before_pattern(["long"])
    assert p.search("they emit very long ")
    assert not p.search("they belong ")


def test_long_chains_of_thought_are_outputs(ex):
    assert _algorithms(ex, "Reasoning models emit very long chains of thought before answering.") == {}
    assert "chain-of-thought" in _algorithms(ex, "Our verifier improves chain-of-thought prompting on math word problems.").values()


def test_reflow_is_its_own_procedure(ex):
    found = _algorithms(ex, "Rectified flow straightens paths, and one reflow round halves the number of sampling steps.")
    assert found == {"Rectified flow": "rectified-flow", "reflow": "reflow"}


def test_basisnet_and_structured_ssm_split(ex):
    found = _algorithms(ex, "Sign-invariant encoders such as BasisNet are costly; structured state space models like S4 are fast.")
    assert found["BasisNet"] == "basisnet"
    assert found["structured state space models"] == "state-space-model"
    assert found["S4"] == "s4"


def test_optical_flow_as_technique_and_learned_optimizers(ex):
    found = _algorithms(ex, "Frames are aligned by optical flow, and the updates come from learned optimizers.")
    assert found == {"optical flow": "optical-flow-method", "learned optimizers": "learned-optimizer"}


def test_sparsity_and_entropy_modifiers_name_the_known_technique(ex):
    found = _algorithms(ex, "Sparse mixture-of-experts layers route tokens; entropy-regularized optimal transport balances the load.")
    assert found.get("mixture-of-experts") == "mixture-of-experts"
    assert found.get("optimal transport") == "optimal-transport"


def test_long_chain_of_thought_as_a_modifier_is_the_technique(ex):
    found = _algorithms(ex, "Long chain-of-thought distillation transfers reasoning from a teacher to small students.")
    assert "chain-of-thought" in found.values()
