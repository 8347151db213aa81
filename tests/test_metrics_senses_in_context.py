"""A measure's name given another sense by the words around it is no metric: glued after another word
with a hyphen ("margin-MSE distillation", "full-precision DPO"), after words that make it numeric
precision or a tolerance ("trained in mixed precision", "with arbitrary accuracy"), or named as what an
objective minimises or a bound is written in ("minimizes the reconstruction error", "bounded by the
total variation distance"). The same names reported as results, with a value after them, stay metrics."""
import pytest

from kg.records import Paper


def metric_ids(extractor, text: str) -> set[str]:
    """Lexicon ids of the metrics ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.lexicon_id for m in ex.mentions if m.type == "metric"}


@pytest.mark.parametrize("text, eid", [
    # glued after another word with a hyphen: the end of another name
    ("The retriever is distilled from a cross-encoder with margin-MSE distillation on hard negatives.", "mse"),
    ("We compare full-precision DPO against its quantized counterpart on chat benchmarks.", "precision"),
    ("Our multi-fidelity Bayesian approach tunes hyperparameters on cheap proxies first.", "fidelity"),
    # words before it that make it numeric precision or a tolerance
    ("Activations are kept in mixed precision while the optimizer state stays in single precision.", "precision"),
    ("The adapter is trained in half precision on one consumer GPU.", "precision"),
    ("Weights are quantized to 4-bit precision after pretraining.", "precision"),
    ("We show that the network approximates any smooth function with arbitrary accuracy.", "accuracy"),
    # named as what an objective minimises or a bound is written in
    ("The encoder minimizes the reconstruction error of masked patches from the visible ones.", "reconstruction-error"),
    ("A trust region controls the sequential KL divergence of successive updates.", "kl-divergence"),
    ("The critic penalizes the squared error of its bootstrapped targets.", "mse"),
    ("The excess risk is bounded by the total variation distance between source and target.", "total-variation-distance"),
    ("We derive a generalization bound in terms of the Wasserstein distance of the two domains.", "wasserstein-distance"),
])
def test_a_measure_name_given_another_sense_by_its_context_is_no_metric(shipped_extractor, text, eid):
    assert eid not in metric_ids(shipped_extractor, text)


@pytest.mark.parametrize("text, eid", [
    ("Our retriever lowers the MSE of predicted relevance by 12% on MS MARCO.", "mse"),
    ("The detector reaches a precision of 0.91 and a recall of 0.84 on the held-out scans.", "precision"),
    ("Pruning keeps the top-1 accuracy within 0.5 points of the dense model.", "top-1-accuracy"),
    ("The classifier has low precision and high recall on rare classes.", "precision"),
    ("Our method reduces the reconstruction error by 20% on the held-out frames.", "reconstruction-error"),
    ("Fine-tuning lowers the KL divergence to the target by 40% compared with the base model.", "kl-divergence"),
    ("Minimizing the KL divergence by 30% over the baseline, the policy still reaches the goal.", "kl-divergence"),
    ("We report macro-F1 on all tasks.", "macro-f1"),
])
def test_the_same_names_reported_stay_metrics(shipped_extractor, text, eid):
    assert eid in metric_ids(shipped_extractor, text)
