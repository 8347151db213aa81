"""Role rules of the roles19 round, on invented sentences (not taken from any evaluation set).

- a paper that proposes nothing of its own and compares several algorithms with each other ("we
  compare A, B and C on ...") studies them; "compare A with B" and method papers keep their roles;
- "a study of A and B against C": A and B are what is tested, not baselines (C still is);
- a paper whose only creation is a benchmark or dataset studies the algorithms it evaluates: its
  later sentences do not describe a method built on them.
"""
import pytest

from kg.extract import Extractor
from kg.extract.cues import load_cues
from kg.extract.roles import leading_subject, occurrence_role
from kg.extract.roles.lists import list_head
from extraction_helpers import algorithm_roles

CUES = load_cues()


def role(sentence: str, name: str, *, study: bool = False) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=True, study=study)[0]


@pytest.fixture(scope="module")
def extractor():
    return Extractor()


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
