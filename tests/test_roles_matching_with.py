"""Matching done with an algorithm, on invented sentences: "matches query patches to prototypes with optimal
transport", "matching keypoints across views via the Hungarian algorithm" use X; "matches the accuracy of
X", "matches the reward of RLHF with X" and "matches X with fewer parameters" compare with X."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooSeg matches query patches to class prototypes with optimal transport.", "optimal transport", "builds_on"),
    ("FooTrack matches detections to existing tracks via the Hungarian algorithm.", "Hungarian algorithm", "builds_on"),
    ("Our aligner matching source tokens with target tokens using dynamic time warping is differentiable.", "dynamic time warping", "builds_on"),
    # a comparison with X, or with a pipeline that uses X, stays a comparison
    ("FooPO matches the reward of RLHF with PPO at no training cost.", "PPO", "compared"),
    ("FooNet matches the accuracy of ResNet-50 with a third of its parameters.", "ResNet-50", "compared"),
])
def test_matching_with(sentence, name, expected):
    assert role(sentence, name) == expected
