"""An analysis verb whose object is a clause, on invented sentences: "we quantify how forgetting in X
grows", "we examine whether calibration in X degrades" are about X, while "we evaluate X on Y" and "we
study X in Y" keep Y a setting."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("We quantify how forgetting in Elastic Weight Consolidation grows with the number of tasks.", "Elastic Weight Consolidation", "studied"),
    ("We examine whether calibration in deep ensembles degrades under label shift.", "deep ensembles", "studied"),
    ("We characterize when collapse in BYOL occurs without a predictor network.", "BYOL", "studied"),
    # a phrase after a plain object is the setting of the study, not what it is about
    ("We evaluate sparse autoencoders on Transformers trained on code.", "Transformers", "mentioned"),
    ("We study experience replay in linear regression with Markovian data.", "linear regression", "mentioned"),
])
def test_clause_object(sentence, name, expected):
    assert role(sentence, name, study=True) == expected
