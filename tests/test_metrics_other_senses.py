"""A measure's name in another sense is no metric: a loss or objective named after a measure ("an MSE
loss"), numeric precision and the precision matrix, high-fidelity outputs, a return distribution and the
verb "return", log-likelihood ratios of an objective. A metric phrase needs a number as its cue, not a
name ending in a digit ("the TD3 actor loss"), and a setting stays a setting however it is modified ("the
effective learning rate"). The same names reported as results stay metrics."""
import pytest

from kg.records import Paper


def found(extractor, text: str) -> tuple[set[str], set[str]]:
    """Lexicon ids and lower-case names of the metrics ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text)]))
    ms = [m for m in ex.mentions if m.type == "metric"]
    return {m.lexicon_id for m in ms}, {m.name.lower() for m in ms}


@pytest.mark.parametrize("text, eid", [
    ("Imitation with a plain MSE loss on the joint angles is a strong baseline for dexterous grasping.", "mse"),
    ("The segmenter is trained with a Dice loss and a boundary term on sparse annotations.", "dice"),
    ("Boxes are refined with an IoU loss computed against the matched ground truth.", "iou"),
    ("The critic minimizes a KL loss between its categorical return estimate and the target.", "kl-divergence"),
    ("The objective penalizes the log-likelihood gap between chosen and rejected answers.", "log-likelihood"),
    ("Weights are stored in 4-bit precision format and dequantized on the fly.", "precision"),
    ("A sparse precision matrix encodes the conditional independences between genes.", "precision"),
    ("Diffusion models synthesize high-fidelity images from text prompts.", "fidelity"),
    ("The agent models the full return distribution with a set of learned quantiles.", "return"),
    ("Stragglers return their updates after the aggregation deadline has passed.", "return"),
])
def test_a_measure_name_in_another_sense_is_no_metric(shipped_extractor, text, eid):
    assert eid not in found(shipped_extractor, text)[0]


@pytest.mark.parametrize("text, eid", [
    ("The forecaster lowers the MSE of next-day load by 9% on both grids.", "mse"),
    ("It reaches a precision of 0.93 at a recall of 0.80 on the held-out alarms.", "precision"),
    ("The controller attains a gate fidelity above 0.999 on the simulated transmon.", "fidelity"),
    ("The agent improves the average return by 25% on six locomotion tasks.", "return"),
])
def test_the_same_names_reported_stay_metrics(shipped_extractor, text, eid):
    assert eid in found(shipped_extractor, text)[0]


def test_expressive_power_is_no_metric(shipped_extractor):
    text = "We characterize the expressive power of message passing networks by a colour refinement test."
    assert not found(shipped_extractor, text)[1]


def test_a_name_ending_in_a_digit_is_no_number_cue(shipped_extractor):
    names = found(shipped_extractor, "A behaviour cloning term is added to the TD3 actor loss to stay near the data.")[1]
    assert "actor loss" not in names
    names = found(shipped_extractor, "The pruned model keeps a 71.3 retrieval score on the held-out queries.")[1]
    assert "retrieval score" in names


def test_a_modified_setting_is_no_metric(shipped_extractor):
    names = found(shipped_extractor, "Ablations trace most of the gain to the larger effective learning rate.")[1]
    assert not any(n.endswith("learning rate") for n in names)


def test_a_median_is_the_measure_it_summarises(shipped_extractor):
    names = found(shipped_extractor, "On the roguelike suite the agent improves the median dungeon score by 14%.")[1]
    assert "dungeon score" in names
