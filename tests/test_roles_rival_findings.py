"""A finding whose subject is another algorithm and which rates it as a rival ("we find that X,
though cheaper, plateaus at a lower accuracy", "we show that X with a plain loss is competitive"),
or a sentence that opens with X and rates it so ("X, which needs no draft model, reaches only 1.7x"),
sets X against the paper's method when the paper proposes one; in a paper that proposes nothing the
same finding is what the study found about X. A bare failure ("we show that X diverges when ...")
is a finding about X, not a rating (invented sentences)."""
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
    ("We show that k-means and spectral clustering lag far behind when clusters overlap.", "spectral clustering"),
    ("We show that k-means and spectral clustering lag far behind when clusters overlap.", "k-means"),
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
    # a bare failure is what the finding says about X, not a rating against the method
    ("We show that k-means and spectral clustering fail when clusters overlap.", "spectral clustering", "studied"),
    ("We show that Adam diverges when gradients are heavy-tailed.", "Adam", "studied"),
    ("We show that the clipping objective of PPO is biased toward deterministic policies.", "PPO", "studied"),
])
def test_not_a_rival_finding(cues, sentence, name, expected):
    assert role(cues, sentence, name) == expected


@pytest.mark.parametrize("sentence, name", [
    ("Lookahead decoding, which needs no draft model, reaches only 1.7x in the same setting.", "Lookahead decoding"),
    ("Medusa and Hydra lag behind on prompts longer than 8K tokens.", "Hydra"),
    ("Medusa and Hydra lag behind on prompts longer than 8K tokens.", "Medusa"),
    ("A tuned LSTM remains competitive on the shortest horizon only.", "LSTM"),
    ("PPO, by comparison, plateaus after 2M steps.", "PPO"),
])
def test_rated_subject_in_a_method_paper(cues, sentence, name):
    assert role(cues, sentence, name) == "compared"


@pytest.mark.parametrize("sentence, name", [
    # the subject is the paper's method instantiated with X: not a rival
    ("PPO with our shaped reward reaches 92% success on every maze.", "PPO"),
    ("PPO, equipped with our critic, reaches 92% success on every maze.", "PPO"),
])
def test_own_instance_is_no_rival(cues, sentence, name):
    assert role(cues, sentence, name) != "compared"


@pytest.mark.parametrize("sentence, name, expected", [
    # X qualifies another subject
    ("PPO-based agents reach 92% success on every maze.", "PPO", "builds_on"),
    # nothing rates the subject
    ("Lookahead decoding needs no draft model.", "Lookahead decoding", "mentioned"),
    # a bare failure or a bare figure rates nothing
    ("Medusa fails on prompts longer than 8K tokens.", "Medusa", "mentioned"),
    ("Medusa reaches a 2.1x speedup on MT-Bench.", "Medusa", "mentioned"),
])
def test_subject_not_rated(cues, sentence, name, expected):
    assert role(cues, sentence, name) == expected


def test_rated_subject_in_a_study_is_what_is_studied(cues):
    # a paper that proposes nothing: the subject's failure is a finding of the study, decided elsewhere
    assert role(cues, "Medusa and Hydra lag behind on prompts longer than 8K tokens.", "Hydra", study=True) != "compared"
