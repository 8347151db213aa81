"""A comparison's second complement, after "and" with the preposition again, is compared as the first
is, however far the comparison's verb lies back: "we compare it with the ML method under sparse data
and with the EM algorithm". The same shape after a verb of use is no comparison."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name", [
    ("To validate FooNet, we compare it with the maximum likelihood estimation method under sparse data and "
     "with the EM algorithm under missing data.", "EM"),
    ("We compare FooNet against PPO under sparse rewards in six long-horizon navigation domains and against SAC "
     "under dense rewards.", "SAC"),
])
def test_second_complement_of_a_comparison_is_compared(sentence, name):
    assert role(sentence, name) == "compared"


def test_second_complement_of_a_use_is_no_comparison():
    sentence = ("We train FooNet with the maximum likelihood estimation method under sparse data and with the "
                "EM algorithm under missing data.")
    assert role(sentence, "EM") != "compared"
