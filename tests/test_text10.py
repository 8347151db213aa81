"""text10: sentence splitting after abbreviations and cross-references, claim values."""
from __future__ import annotations

import pytest

from kg.extract.components import build_nlp


@pytest.fixture(scope="module")
def nlp():
    return build_nlp()


def _sents(nlp, text):
    doc = nlp(text)
    return [text[s:e] for s, e in doc._.kg_sents]


@pytest.mark.parametrize("text", [
    "The bound is tight w.r.t. the dimension and holds w.p. at least 0.9 for every task.",
    "As noted by Okafor et al. (2019), the estimator is biased in small samples.",
    "Our sampler needs approx. half the evaluations (cf. Fig. 3 and Eq. (5)) of the baseline.",
    "The detector is robust, i.e. it never fires twice, e.g. on the held-out traces.",
    "We report the mean over seeds in Sec. 4 and the proof of Thm. 2 in App. C of the paper.",
    "The filter ranks No. 3 on the leaderboard, a.k.a. the public split, incl. Llama baselines.",
    "Accuracy rises to 81.5 (vs. 77.2) with version v3.2 of the toolkit from https://example.org/a.b.",
    # a cross-reference whose LaTeX key was cleaned away ("Fig.~\\ref{f} and Table~\\ref{t}")
    "As shown in Fig. and Table, the sampler mixes faster than the baseline does.",
])
def test_abbreviations_end_no_sentence(nlp, text):
    assert _sents(nlp, text) == [text]


@pytest.mark.parametrize("text, n", [
    ("This follows the design of Haddad et al. We extend it to graphs.", 2),
    ("The two runs reach 61.2 and 64.0, resp. The gap closes with more data.", 2),
    ("Full derivations are in App. B. We now turn to experiments.", 2),
    ("The gap closes with more seeds (see Sec.). We then prove a matching bound.", 2),
    ("The docked poses reach an error below 2 Å. EquiDock needs ten times longer.", 2),
    ("The chain mixes at 300 K. The sampler then anneals to a lower temperature.", 2),
    ("The answer is no. Nothing else changes in the model.", 2),
    ("The kernel, the mean, etc. Then we fit the model.", 2),
])
def test_real_ends_after_abbreviations_stay(nlp, text, n):
    assert len(_sents(nlp, text)) == n


from kg.extract.claims import find_values  # noqa: E402


def _values(sentence):
    return [sentence[a:b] for a, b in find_values(sentence)]


@pytest.mark.parametrize("sentence, expected", [
    # a setting of the experiment is no result
    ("With $\\lambda = 0.25$ and a dropout rate of 0.2, the tagger reaches an F1 of 0.83.", ["0.83"]),
    ("Using a temperature of 0.6 and top-p 0.95, the sampler attains 71.4% pass@1.", ["71.4%"]),
    ("The gain is significant (p < 0.05) on every split.", []),
    ("Setting ρ = 0.3, the ranker improves recall by 6.5%.", ["6.5%"]),
    # a cross-reference is no value
    ("The ablation in Sec. 5.3 shows that the gate matters (Lem. 3.1).", []),
    # "from A to B": the value reached
    ("Pruning lowers the perplexity from 14.2 to 12.9 on the news split.", ["12.9"]),
    ("It cuts the miss rate from 31% to 17% on night scenes.", ["17%"]),
    ("Gains ranging from 3.5 to 6.1 points are observed.", ["3.5 to 6.1 points"]),
    # counts and units
    ("The planner is best on 11 of 14 maps and on 3 out of 4 robots.", ["11 of 14", "3 out of 4"]),
    ("Decoding takes 85 ms per image and costs 0.3 bits per pixel.", ["85 ms", "0.3 bits"]),
    # results written like settings stay
    ("The predicted ranks agree with human ones (Spearman ρ = 0.81).", ["0.81"]),
])
def test_claim_values(sentence, expected):
    from kg.text import clean
    assert _values(clean(sentence).text) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("The verifier certifies a radius of 0.5 on half of the inputs.", ["0.5"]),
    ("Scores correlate with human ratings (correlation coefficient of 0.74).", ["0.74"]),
    ("It wins by a margin of 2.5 points over the best baseline.", ["2.5 points"]),
])
def test_results_named_like_settings_stay(sentence, expected):
    assert _values(sentence) == expected


def test_a_count_given_to_the_method_is_no_value():
    assert _values("With only 32 of 256 patches, the encoder keeps 96.1% of its accuracy.") == ["96.1%"]
    assert _values("The agent solves 9 of 10 mazes.") == ["9 of 10"]


@pytest.mark.parametrize("text, n", [
    ("We evaluate on the Yahoo! R6 click logs and on MovieLens.", 1),
    ("Agents answer Jeopardy! questions with a retrieval module.", 1),
    ("It works! We then scale it to larger graphs.", 2),
    ("Can agents plan? We show that they can.", 2),
])
def test_exclamation_mark_inside_a_name(nlp, text, n):
    assert len(_sents(nlp, text)) == n


from kg.extract.claims import classify_sentence  # noqa: E402
from kg.extract.cues import load_cues  # noqa: E402


@pytest.mark.parametrize("sentence, kind", [
    ("We attribute most of the speed-up to the cached attention keys.", "finding"),
    ("Our samples also show lower variance than those of the teacher.", "empirical"),
    ("The calibration error drops by more than 4 points on the shifted split.", "empirical"),
    ("We derive a certificate that holds for every perturbation of bounded norm.", "theoretical"),
    ("Against consistency models, our sampler needs 30% fewer network calls.", "empirical"),
])
def test_result_cues(sentence, kind):
    assert classify_sentence(sentence, 5, load_cues(), True, late=True, after_own=True)[0] == kind


@pytest.mark.parametrize("sentence, expected", [
    ("Under 30% label noise, the classifier keeps 88.5% of its clean accuracy.", ["88.5%"]),
    ("The 90% credible intervals of the model cover 91.2% of outcomes.", ["91.2%"]),
    ("At σ = 0.25, the smoothed model certifies 61% of the test points.", ["61%"]),
    ("The agent reaches an Elo rating of 1,480 and a mean return of 920 after tuning.", ["1,480", "920"]),
    ("It matches the target coverage level of 0.9 with sets of size 2.3.", ["2.3"]),
])
def test_more_settings_and_integer_scores(sentence, expected):
    assert _values(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "We pre-train the encoder for 100 epochs with a cosine schedule and 10% warmup.",
    "Scores are averaged over 5 seeds and reported with 90% confidence bands.",
    "We fine-tune the detector on COCO with 25% of the box annotations.",
])
def test_a_setup_sentence_with_a_percentage_is_no_claim(sentence):
    assert classify_sentence(sentence, 5, load_cues(), False, late=True, after_own=True)[0] is None


def test_a_measured_result_late_in_the_abstract_stays_a_claim():
    s = "With only 5% of the annotations, the detector recovers 90% of its full accuracy."
    assert classify_sentence(s, 5, load_cues(), False, late=True, after_own=True)[0] == "empirical"


def test_with_a_measured_comparison_stays_a_claim():
    s = "On the protein split, it predicts contacts with 12% lower error than the graph baseline."
    assert classify_sentence(s, 5, load_cues(), False, late=True, after_own=True)[0] == "empirical"


def test_tex_control_space_after_an_abbreviation():
    from kg.text import clean
    original = "Priors, e.g.\\ Dirichlet ones, help (cf.\\ Sec.~3). We then show it."
    c = clean(original)
    assert c.text == "Priors, e.g. Dirichlet ones, help (cf. Sec. 3). We then show it."
    assert c.original_span(0, len(c.text)) == (0, len(original))
    assert c.original_span(13, 22) == (14, 23)  # "Dirichlet"


def test_thin_spaces_are_spaces():
    from kg.text import clean
    assert clean("over 50\\,000 graphs and $a\\!b$").text == "over 50 000 graphs and ab"


def test_one_letter_name_ends_a_sentence(nlp):
    assert len(_sents(nlp, "Transfer works from domain C to D. We explain why.")) == 2
    assert len(_sents(nlp, "It is shown by J. Smith and K. Lee in their survey.")) == 1


@pytest.mark.parametrize("sentence, kind", [
    ("Attention maps (Fig. 4) show that the heads track the moving object.", "finding"),
    ("Probing classifiers indicate that syntax is encoded in the middle layers.", "finding"),
    ("Ablations show that the memory module accounts for most of the gain.", "finding"),
    ("An ablation shows that removing the memory module lowers recall by 6%.", "empirical"),
])
def test_what_an_inspection_shows_is_a_finding(sentence, kind):
    assert classify_sentence(sentence, 5, load_cues(), True, late=True, after_own=True)[0] == kind


@pytest.mark.parametrize("sentence", [
    "Qualitative examples are shown in Fig. 5.",
    "Additional results are reported in the appendix.",
    "Full proofs are deferred to the supplementary material, and hyperparameters are listed in Table 7.",
])
def test_a_pointer_to_a_figure_is_no_claim(sentence):
    assert classify_sentence(sentence, 6, load_cues(), True, late=True, after_own=True)[0] is None
