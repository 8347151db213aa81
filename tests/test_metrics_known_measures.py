"""Well-known measures of vision, tracking, speech, serving, multi-objective optimisation and anomaly
detection are in the lexicon and found in text under their usual forms; the models and methods they
are named after stay what they are."""
import pytest

from kg.records import Paper


def ids(extractor, text: str, typ: str) -> set[str]:
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.lexicon_id for m in ex.mentions if m.type == typ}


@pytest.mark.parametrize("text, eid", [
    ("The refined flow field lowers the end-point error to 1.21 pixels on the clean pass.", "end-point-error"),
    ("On the driving split its EPE is 0.9 lower than that of the recurrent baseline.", "end-point-error"),
    ("The tracker improves HOTA by 2.3 and MOTA by 1.1 points on the pedestrian sequences.", "hota"),
    ("Our memory bank reaches 86.2 J&F on the validation videos.", "j-and-f"),
    ("The vocoder synthesises speech with a real-time factor of 0.02 on one CPU core.", "real-time-factor"),
    ("Chunked prefill cuts the time per output token by a third under heavy load.", "time-per-output-token"),
    ("The evolutionary solver attains the lowest IGD on seven of the nine test problems.", "inverted-generational-distance"),
    ("The detector reaches 71.5 NDS on the test split with camera input only.", "nds"),
    ("Fine-tuned subjects keep a high DINO score and CLIP-I while CLIP-T stays close to the base model.", "dino-score"),
    ("The learned predictor scores 4.1 UTMOS, close to the recorded speech.", "utmos"),
    ("On the univariate archive the detector improves VUS-PR over isolation forests.", "vus-pr"),
    ("The predicted charges correlate with reference charges (Pearson r = 0.91).", "correlation-pearson"),
    ("Fused kernels give a 2.1x decoding speedup on consumer GPUs.", "speedup"),
])
def test_a_well_known_measure_is_a_metric(shipped_extractor, text, eid):
    assert eid in ids(shipped_extractor, text, "metric")


def test_the_names_behind_a_measure_stay_what_they_are(shipped_extractor):
    text = "We pretrain the backbone with DINO and align it to text with CLIP before fine-tuning."
    assert not {"dino-score", "clip-i", "clip-t"} & ids(shipped_extractor, text, "metric")
