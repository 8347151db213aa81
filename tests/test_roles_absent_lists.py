"""What a method goes without, as a list, on invented sentences: "without density models or X", "uses no
replay buffer, target network or X" name X as absent, neither used nor compared; "with and without X",
a list after a verb of use and a comparison after the list keep their roles."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooExplore rewards novel states without density models or random network distillation.", "random network distillation", "mentioned"),
    ("FooQ uses no replay buffer, target network or Polyak averaging.", "Polyak averaging", "mentioned"),
    ("FooNAS searches cell structures without weight sharing, proxies or Bayesian optimization.", "Bayesian optimization", "mentioned"),
    # "with and without" is a use and its absence, the case the existing guard keeps
    ("We train FooNet with and without mixup and MixMatch.", "MixMatch", "builds_on"),
    # a list after a verb of use is a use
    ("FooExplore builds on count bonuses and random network distillation.", "random network distillation", "builds_on"),
    # the method goes without one thing and beats another
    ("FooExplore needs no density model and outperforms random network distillation.", "random network distillation", "compared"),
])
def test_absent_list(sentence, name, expected):
    assert role(sentence, name) == expected
