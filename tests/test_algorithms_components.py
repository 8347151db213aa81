"""Components and building blocks that abstracts name in passing are no established technique (the
shipped lexicon): an activation, a replay buffer, a KL penalty term, positional encodings, an auxiliary
routing loss, another method's adapters, the layers of an MLP; the techniques they belong to
("experience replay", "KL regularization", "adapter tuning") still are."""
import pytest

from kg.records import Paper

from extraction_helpers import algorithm_names


def algorithm_ids(extractor, text: str) -> set[str]:
    """Lexicon ids of the algorithms ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.lexicon_id for m in ex.mentions if m.type == "algorithm"}


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
def test_component_is_no_algorithm(shipped_extractor, text, lexicon_id):
    assert lexicon_id not in algorithm_ids(shipped_extractor, text)


@pytest.mark.parametrize("text, name", [
    ("Continual learners based on experience replay store a few past examples per class.", "experience replay"),
    ("We compare adapter tuning with prompt tuning on twelve classification tasks.", "adapter tuning"),
    ("Reward overoptimization is usually limited with KL regularization.", "KL regularization"),
    ("Our forecaster replaces attention with a lightweight MLP over patches.", "MLP"),
    ("We factorise the joint action value with value decomposition and a monotonic mixer.", "value decomposition"),
    ("The graph Transformer uses Laplacian positional encodings as node features.", "Laplacian positional encodings"),
])
def test_technique_is_still_an_algorithm(shipped_extractor, text, name):
    assert name in algorithm_names(shipped_extractor, text)
