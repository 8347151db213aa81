"""Variant words (the shipped lexicon): a word naming a variant of a known algorithm, written right
before it ("projected SGD", "Riemannian subgradient descent", "noisy gradient descent"), stays in the
name: the variant is a concept of its own under the known one, one concept for its long and short
forms. A bare algorithm, a word inside a longer word ("non-projected") and a form the annotations take
for the algorithm itself ("linear Thompson sampling") make no variant."""
import pytest

from extraction_helpers import mentions_by_name


@pytest.mark.parametrize("text, name", [
    ("We bound the last iterate of projected SGD on a compact convex set.", "projected SGD"),
    ("Training uses Riemannian subgradient descent on the Stiefel manifold.", "Riemannian subgradient descent"),
    ("Dynamic link prediction is handled by temporal graph neural networks.", "temporal graph neural networks"),
    ("Privacy follows from running noisy gradient descent with a fixed step.", "noisy gradient descent"),
])
def test_variant_word_stays_in_the_name(shipped_extractor, text, name):
    found = mentions_by_name(shipped_extractor, text)
    assert name in found and found[name].type == "algorithm"
    bare = name.split(" ", 1)[1]
    assert bare not in found


def test_bare_algorithm_unchanged(shipped_extractor):
    found = mentions_by_name(shipped_extractor, "The weights are updated with SGD and a cosine schedule.")
    assert found["SGD"].lexicon_id == "sgd"


def test_word_inside_a_longer_word_is_no_variant(shipped_extractor):
    """Only the whole word counts: "non-projected SGD" keeps SGD as it is."""
    found = mentions_by_name(shipped_extractor, "We compare against non-projected SGD on the same problems.")
    assert "projected SGD" not in found


def test_long_and_short_variant_are_one_concept(shipped_extractor):
    found = mentions_by_name(shipped_extractor, "We study projected stochastic gradient descent (projected SGD) under heavy tails. "
                                "Projected SGD then converges.")
    variants = {m.concept for m in found.values() if m.name.lower().startswith("projected")}
    assert len(variants) == 1


def test_linear_thompson_sampling_is_thompson_sampling(shipped_extractor):
    """Annotations list "linear Thompson sampling" as a form of Thompson sampling: one concept, not two."""
    found = mentions_by_name(shipped_extractor, "Our agent runs linear Thompson sampling on learned features; unlike UCB, "
                                "Thompson sampling needs no confidence width.")
    ids = {m.lexicon_id for m in found.values() if "Thompson" in m.name}
    assert ids == {"thompson-sampling"}
