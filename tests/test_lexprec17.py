"""lexprec17: lexicon precision. Components and building blocks that abstracts name in passing (an
activation, a replay buffer, a KL penalty term, positional encodings, an auxiliary routing loss, the
adapter weights of another method, the layers of an MLP) are no established technique; the techniques
they belong to still are."""
import pytest

from kg.extract import Extractor
from kg.link.lexicon import load_lexicon

from kg.records import Paper

from extraction_helpers import algorithm_names


def algorithm_ids(extractor, text: str) -> set[str]:
    """Lexicon ids of the algorithms ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.lexicon_id for m in ex.mentions if m.type == "algorithm"}


@pytest.fixture(scope="module")
def extractor():
    return Extractor(load_lexicon())


@pytest.mark.parametrize("text, lexicon_id", [
    ("Shallow ReLU networks trained by gradient flow converge to max-margin solutions.", "relu"),
    ("We bound the sample complexity of learning one ReLU neuron under Gaussian inputs.", "relu"),
    ("The learner draws minibatches uniformly from a replay buffer of recent transitions.", "experience-replay"),
    ("The language model is tuned with a KL penalty towards the supervised policy.", "kl-regularization"),
    ("Vision models inject position with positional encodings added to patch tokens.", "positional-encoding"),
    ("Sparse expert models add an auxiliary load-balancing loss to spread tokens across experts.", "load-balancing-loss"),
    ("Each client trains its own adapters and the server averages them.", "adapters"),
    ("Edits to a few MLP layers change the factual answers of the network.", "mlp"),
    ("Pruning removes attention heads and MLP channels with small saliency.", "mlp"),
    ("Masked diffusion language models now rival autoregressive models in perplexity.", "autoregressive-model"),
    ("A non-autoregressive model decodes every token of the translation in parallel.", "autoregressive-model"),
    ("Cooperative agents often rely on value decomposition methods such as QMIX.", "value-decomposition"),
])
def test_component_is_no_algorithm(extractor, text, lexicon_id):
    assert lexicon_id not in algorithm_ids(extractor, text)


@pytest.mark.parametrize("text, name", [
    ("Continual learners based on experience replay store a few past examples per class.", "experience replay"),
    ("We compare adapter tuning with prompt tuning on twelve classification tasks.", "adapter tuning"),
    ("Reward overoptimization is usually limited with KL regularization.", "KL regularization"),
    ("Our forecaster replaces attention with a lightweight MLP over patches.", "MLP"),
    ("We factorise the joint action value with value decomposition and a monotonic mixer.", "value decomposition"),
    ("The graph Transformer uses Laplacian positional encodings as node features.", "Laplacian positional encodings"),
])
def test_technique_is_still_an_algorithm(extractor, text, name):
    assert name in algorithm_names(extractor, text)


def metric_ids(extractor, text: str) -> set[str]:
    """Lexicon ids of the metrics ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.lexicon_id for m in ex.mentions if m.type == "metric"}


@pytest.mark.parametrize("text, lexicon_id", [
    ("Noise is injected only at training time, so inference is unchanged.", "wall-clock-time"),
    ("The solver's runtime grows with the square of the horizon.", "wall-clock-time"),
    ("Quantisation shrinks the memory footprint of the optimiser states.", "memory-usage"),
    ("The model matches its teacher with half the number of parameters.", "parameter-count"),
    ("We prove a generalization bound that scales with the margin.", "generalization-error"),
])
def test_generic_quantity_is_no_metric(extractor, text, lexicon_id):
    assert lexicon_id not in metric_ids(extractor, text)


def test_named_measures_still_metrics(extractor):
    assert {"wall-clock-time", "memory-usage"} <= metric_ids(
        extractor, "Our method cuts wall-clock time by 30% and peak memory by half.")


@pytest.mark.parametrize("text", [
    "The policy is fine-tuned with a KL penalty to the instruction-tuned model.",
    "A KL divergence penalty keeps the student close to its teacher.",
    "We drop the KL term of the evidence lower bound.",
])
def test_kl_term_of_an_objective_is_no_metric(extractor, text):
    assert "kl-divergence" not in metric_ids(extractor, text)


def test_kl_divergence_reported_is_a_metric(extractor):
    assert "kl-divergence" in metric_ids(extractor, "Our sampler lowers the KL divergence to the target by 40%.")
