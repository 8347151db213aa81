"""A finding whose subject is another algorithm and which rates it as a rival ("we find that X,
though cheaper, plateaus at a lower accuracy", "we show that X with a plain loss is competitive")
sets X against the paper's method when the paper proposes one; in a paper that proposes nothing the
same finding is what the study found about X (invented sentences)."""
import pytest

from kg.extract.roles import occurrence_role


def role(cues, sentence: str, name: str, *, study: bool = False) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), cues, own=True, own_names=frozenset({"foonet"}), study=study)[0]


RIVALS = [
    ("We additionally find that random walk encodings, though cheaper, plateau at a lower accuracy on long graphs.",
     "random walk encodings"),
    ("Surprisingly, we find that behavior cloning with a plain MSE loss is competitive on unimodal tasks.", "behavior cloning"),
    ("We also observe that a well-tuned LSTM lags behind on sequences longer than 4K tokens.", "LSTM"),
    ("We show that k-means and spectral clustering fail when clusters overlap.", "spectral clustering"),
    ("We show that k-means and spectral clustering fail when clusters overlap.", "k-means"),
    ("We find that DPO (with the reference model frozen) reaches only 41% on the hardest split.", "DPO"),
]


@pytest.mark.parametrize("sentence, name", RIVALS)
def test_rival_rated_in_a_method_paper(cues, sentence, name):
    assert role(cues, sentence, name) == "compared"


@pytest.mark.parametrize("sentence, name", RIVALS)
def test_same_finding_in_a_study(cues, sentence, name):
    assert role(cues, sentence, name, study=True) == "studied"


@pytest.mark.parametrize("sentence, name, expected", [
    # the algorithm is not the finding's subject: its own cue decides
    ("We find that FooNet trained with PPO is competitive on every task.", "PPO", "builds_on"),
    ("We find that the gain of our estimator over IPW is largest when overlap is poor.", "IPW", "compared"),
    # nothing rates the subject as a rival: the finding says what X is, not how it fares
    ("We show that Adam with decoupled weight decay is equivalent to a preconditioned SGD.", "Adam", "studied"),
    ("We show that the clipping objective of PPO is biased toward deterministic policies.", "PPO", "studied"),
])
def test_not_a_rival_finding(cues, sentence, name, expected):
    assert role(cues, sentence, name) == expected
