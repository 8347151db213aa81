"""What a paper studies, on invented sentences and abstracts: every item of a list an analysis verb
opens ("we analyse A, B and C"), bounds and rates for X, "we audit X", "an analysis covering X"; a paper
that proposes nothing studies what it compares with each other ("we compare A, B and C"), what it both
studies and compares, what its findings lead with, and what a benchmark paper evaluates; a method paper
keeps its components and baselines, "a study of A and B against C" keeps C a baseline, and "a strong
baseline" is a comparison."""
import pytest

from kg.extract import Extractor
from kg.extract.cues import load_cues
from kg.extract.roles import leading_subject, paper_role
from kg.extract.roles.lists import list_head
from extraction_helpers import algorithm_roles, role

CUES = load_cues()


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


@pytest.mark.parametrize("sentence, name, expected", [
    # a cue of several words ("we analyse", "we benchmark") reaches every item of the list it opens
    ("We analyse SARSA, Expected SARSA, TD(0) and Q-learning in tabular chains with sparse rewards.", "Expected SARSA", "studied"),
    ("We analyse SARSA, Expected SARSA, TD(0) and Q-learning in tabular chains with sparse rewards.", "TD(0)", "studied"),
    ("We benchmark k-means, DBSCAN, HDBSCAN and spectral clustering on forty single-cell atlases.", "DBSCAN", "studied"),
    ("We benchmark k-means, DBSCAN, HDBSCAN and spectral clustering on forty single-cell atlases.", "HDBSCAN", "studied"),
    # a one-word cue still works as before, and a list with no verb before it takes no role
    ("FooNet outperforms RAFT, PWC-Net and FlowNet2 on KITTI.", "PWC-Net", "compared"),
    ("Optical flow estimators such as RAFT, PWC-Net and FlowNet2 are trained on synthetic data.", "PWC-Net", "mentioned"),
])
def test_list_verb_is_no_item(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We derive a high-probability bound for AdaGrad with coordinate-wise step sizes.", "AdaGrad", "studied"),
    ("Our main result is a tight rate for Oja's algorithm under streaming data.", "Oja's algorithm", "studied"),
])
def test_theory_bounds(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We audit five watermarking schemes, including KGW and Unigram-Watermark, under paraphrasing.", "KGW", "studied"),
    ("We stress-test TabPFN on tables with heavy label noise.", "TabPFN", "studied"),
    ("We give a single convergence analysis covering SGD, Adam and Lion on smooth objectives.", "Lion", "studied"),
])
def test_audit_and_covering(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We compare SimCLR, BYOL and MoCo on six medical imaging datasets.", "SimCLR", "studied"),
    ("We compare SimCLR, BYOL and MoCo on six medical imaging datasets.", "MoCo", "studied"),
    ("We systematically compare three samplers, namely DDIM, DPM-Solver and Euler, at equal step budgets.", "DPM-Solver", "studied"),
    # something they are compared with: the comparison keeps its sides
    ("We compare SimCLR and BYOL with MoCo on six medical imaging datasets.", "MoCo", "compared"),
    ("We compare SimCLR and BYOL against MoCo on six medical imaging datasets.", "MoCo", "compared"),
    ("We compare our estimator with SimCLR and BYOL on six datasets.", "BYOL", "compared"),
])
def test_joint_comparison_in_a_study(sentence, name, expected):
    assert role(sentence, name, study=True) == expected


def test_joint_comparison_in_a_method_paper_is_a_comparison():
    s = "We compare SimCLR, BYOL and MoCo on six medical imaging datasets."
    assert role(s, "BYOL", study=False) == "compared"


@pytest.mark.parametrize("sentence, name, expected", [
    ("We present a controlled study of XGBoost, LightGBM and CatBoost against a linear model on 40 datasets.", "LightGBM", "studied"),
    ("We report a comparison of XGBoost and CatBoost against logistic regression on 40 datasets.", "XGBoost", "studied"),
    ("We report a comparison of XGBoost and CatBoost against logistic regression on 40 datasets.", "logistic regression", "compared"),
])
def test_study_of_a_list_against(sentence, name, expected):
    assert role(sentence, name) == expected


def test_study_paper_compared_and_studied_is_studied():
    occurrences = [("studied", 0.8), ("compared", 0.8), ("mentioned", 0.6)]
    assert paper_role(occurrences, proposes_named=False) == ("studied", 0.8)
    # a paper with a method of its own keeps the comparison
    assert paper_role(occurrences, proposes_named=True)[0] == "compared"
    # an algorithm a study only compares with stays compared ("... can be obtained via the popular lasso")
    assert paper_role([("compared", 0.8)], proposes_named=False)[0] == "compared"


def test_a_benchmark_paper_studies_what_it_evaluates(extractor):
    abstract = ("Retrieval systems are rarely tested on documents that change over time. "
                "We introduce DriftQA, a benchmark of 9,000 questions whose answers change across yearly snapshots of a corpus. "
                "We evaluate dense retrievers, BM25 and ColBERT under a fixed budget of retrieved passages. "
                "BM25 degrades least between snapshots, while ColBERT loses 11 points of recall on the latest snapshot.")
    got = algorithm_roles(extractor, abstract)
    assert got.get("BM25") == "studied" and got.get("ColBERT") == "studied"


def test_a_method_paper_keeps_its_components(extractor):
    abstract = ("Retrieval systems are rarely tested on documents that change over time. "
                "We propose DriftRank, a reranker that conditions on the snapshot date of each passage. "
                "DriftRank reranks the top 100 passages of BM25 with a cross-encoder. "
                "It improves recall by 6 points over ColBERT on three temporal question answering datasets.")
    got = algorithm_roles(extractor, abstract)
    assert got.get("BM25") == "builds_on" and got.get("ColBERT") == "compared"


@pytest.mark.parametrize("sentence, name, expected", [
    ("surprisingly, a tuned k-means remains competitive on every dataset.", "k-means", True),
    ("dbscan and k-means recover the clusters only at low noise.", "k-means", True),
    ("under weak coupling, k-means converges in few iterations.", "k-means", True),
    ("k-means-based methods are sensitive to initialization.", "k-means", False),
    ("we find that the clusters of k-means are unstable.", "k-means", False),
    ("methods such as k-means are sensitive to initialization.", "k-means", False),
])
def test_leading_subject(sentence, name, expected):
    start = sentence.index(name)
    assert leading_subject(sentence, list_head(sentence, start, CUES), start + len(name), CUES) is expected


def test_a_study_finding_about_an_algorithm_studies_it(extractor):
    abstract = ("Clustering pipelines for single-cell data are usually compared on a handful of curated datasets. "
                "We assemble 60 public single-cell datasets and measure how the choice of embedding affects cluster quality. "
                "Surprisingly, a tuned Leiden algorithm remains the most reliable choice on 48 of the 60 datasets. "
                "Embedding dimension matters more than the choice of clustering algorithm.")
    assert algorithm_roles(extractor, abstract).get("Leiden algorithm") == "studied"


def test_a_method_paper_leaves_a_later_subject_alone(extractor):
    abstract = ("Clustering pipelines for single-cell data are usually compared on a handful of curated datasets. "
                "We propose CellClust, a clustering method that adapts its resolution to the local density of cells. "
                "The Leiden algorithm over-splits rare cell types at every resolution we tried. "
                "CellClust recovers 11 of 12 rare cell types on three atlases.")
    assert algorithm_roles(extractor, abstract).get("Leiden algorithm") != "studied"


@pytest.mark.parametrize("sentence, name, expected", [
    ("In every setting, k-means remains a surprisingly strong baseline for the larger models.", "k-means", "compared"),
    ("Across the suite, PPO is the strongest baseline on sparse-reward tasks.", "PPO", "compared"),
    ("Across the suite, PPO is the default choice on sparse-reward tasks.", "PPO", "mentioned"),
])
def test_named_a_baseline(sentence, name, expected):
    assert role(sentence, name) == expected


def test_an_instance_in_the_setup_is_no_finding_subject():
    s = "a random forest predicts the label of every held-out user."
    assert not leading_subject(s, 0 + len("a "), len("a random forest"), CUES)


def _paper_roles(title: str, abstract: str) -> dict:
    from kg.extract import Extractor
    from kg.records import Paper
    [out] = Extractor().extract([Paper(id="t", title=title, abstract=abstract)])
    return {m.name: m.role for m in out.mentions if m.role}


def test_background_estimator_in_proposing_paper_is_mentioned():
    roles = _paper_roles("Stable Uplift Estimates from Sparse Treatment Logs",
                         "Uplift modelling from sparse treatment logs is hard. The inverse propensity weighting estimator "
                         "becomes unstable when few users are treated. We propose UpSmooth, a kernel-smoothed uplift model. "
                         "UpSmooth reduces calibration error on three marketing datasets.")
    assert roles["inverse propensity weighting"] == "mentioned"


def test_estimator_studied_when_paper_proposes_nothing():
    roles = _paper_roles("How Biased Is the Kaplan-Meier Estimator under Informative Censoring?",
                         "The Kaplan-Meier estimator is the default tool for survival curves. We quantify its bias "
                         "under informative censoring and show that the Kaplan-Meier estimator overestimates survival "
                         "by up to 12% in realistic cohorts.")
    assert roles.get("Kaplan-Meier estimator") == "studied"
