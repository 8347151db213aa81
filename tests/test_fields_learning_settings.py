"""Research areas that name a learning setting ("label shift", "stochastic convex optimization") and
evaluation measures ("NFE", "privacy budget", "normalized mutual information") are found in text by
their entries in one shipped lexicon file, which holds fields and metrics only."""
import pytest

from extraction_helpers import mention_names


@pytest.mark.parametrize("text, etype, name", [
    ("We analyse classifiers under label shift, when class priors move between training and deployment.", "field", "label shift"),
    ("Our sampler halves the number of function evaluations (NFE) of the base solver.", "metric", "nfe"),
    ("At a privacy budget of 3 the private model loses two points of accuracy.", "metric", "privacy budget"),
    ("The clustering recovers the planted partition with a normalized mutual information of 0.93.", "metric", "normalized mutual information"),
    ("We give rates for stochastic convex optimization with user-level privacy.", "field", "stochastic convex optimization"),
])
def test_fields_l14_entries_are_found(shipped_extractor, text, etype, name):
    assert name in mention_names(shipped_extractor, text, etype)
