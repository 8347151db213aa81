"""Names of existing techniques found by how they are written (a small injected lexicon): algorithms
named after people ("the Metropolis algorithm", "Welford's algorithm"), acronyms defined with a
procedural head word ("exponential moving average (EMA)"), coined names used as "X-style" / "X-based",
"the X optimizer" or "the X framework", names listed after a plural technique noun ("proxies such as A
and B") or cited with their authors; the paper's own acronym and coined method names stay its methods."""
import pytest

from kg.extract import Extractor
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

from extraction_helpers import algorithm_names

LEX = Lexicon.from_entries([
    LexiconEntry("newtons-method", "Newton's method", "algorithm", ("Newton method",)),
    LexiconEntry("gaussian-process", "Gaussian process", "algorithm"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


@pytest.mark.parametrize("text, name", [
    ("Samples are drawn with the Metropolis algorithm and then filtered.", "Metropolis algorithm"),
    ("Trajectories are aligned by the Remez-Stiefel method before scoring.", "Remez-Stiefel method"),
    ("We round the solution with the Gale-de Vries procedure.", "Gale-de Vries procedure"),
    ("Running variances are kept with Welford's algorithm in one pass.", "Welford's algorithm"),
    ("The trace is estimated by Girard’s estimator with Rademacher probes.", "Girard’s estimator"),
])
def test_algorithm_named_after_a_person(extractor, text, name):
    assert name in algorithm_names(extractor, text)


@pytest.mark.parametrize("text", [
    "The posterior mean is given by the Bayesian estimator under squared loss.",
    "The bound follows from Hoeffding's inequality and a union bound.",
    "We reuse the Gaussian method of moments for initialisation.",
    "Steps follow Newton's method with a line search.",  # a known concept stays the lexicon's
])
def test_no_person_named_algorithm(extractor, text):
    got = algorithm_names(extractor, text)
    assert not any(n.endswith(("estimator", "inequality", "method")) and n != "Newton's method" for n in got)


@pytest.mark.parametrize("text, name", [
    ("Targets come from a slowly updated exponential moving average (EMA) of the student weights.", "EMA"),
    ("Features are compressed with locality-sensitive hashing (LSH) before retrieval.", "LSH"),
    ("Spectra are computed with the discrete cosine transform (DCT) of each patch.", "DCT"),
    ("Samples are weighted by annealed importance weighting (AIW) across temperatures.", "AIW"),
])
def test_acronym_typed_by_a_procedural_head(extractor, text, name):
    assert name in algorithm_names(extractor, text)


def test_acronym_that_the_results_are_about_is_the_papers_own(extractor):
    text = ("Prompt guidance is global. Contrastive Prompt Guidance (CPG) instead pushes the prediction away from "
            "perturbed prompts. On two benchmarks, CPG improves binding scores by 11%.")
    ex = next(extractor.extract([Paper("p", text)]))
    assert ("method", "CPG") in {(m.type, m.name) for m in ex.mentions}
    assert "CPG" not in algorithm_names(extractor, text)


def test_styled_coined_name_is_an_existing_technique(extractor):
    got = algorithm_names(extractor, "We present OrbitRL, which pairs a RetroQ-style critic with a FlowMix2-based sampler.")
    assert {"RetroQ", "FlowMix2"} <= got
    # an acronym before "-based" is often a modality; the paper's own name described is not a baseline
    got = algorithm_names(extractor, "We present OrbitRL. OrbitRL-based agents read RGB-based and EEG-based inputs.")
    assert not got & {"RGB", "EEG", "OrbitRL"}


def test_named_optimizer_and_variant_of_an_acronym(extractor):
    assert "Kestrel" in algorithm_names(extractor, "We train every model with the Kestrel optimizer at batch size 256.")
    text = "We propose OrbitRL, a generalization of Kestrel Policy Optimization (KPO) to continuous actions."
    ex = next(extractor.extract([Paper("p", text)]))
    got = {(m.type, m.name) for m in ex.mentions}
    assert ("algorithm", "KPO") in got and ("method", "OrbitRL") in got


def test_styled_family_of_numbered_models_is_no_algorithm():
    lex = Lexicon.from_entries([LexiconEntry("orca-2", "Orca-2", "model")])
    ex = next(Extractor(lex).extract([Paper("p", "We train ORCA-style models and compare with Orca-2.")]))
    assert not any(m.type == "algorithm" and m.name == "ORCA" for m in ex.mentions)


def test_the_coined_name_framework_is_existing_unless_proposed(extractor):
    assert "PRISMO" in algorithm_names(extractor, "We propose OrbitRL. OrbitRL extends the PRISMO framework to images.")
    ex = next(extractor.extract([Paper("p", "In this paper we introduce the PRISMO framework for agents.")]))
    assert ("method", "PRISMO") in {(m.type, m.name) for m in ex.mentions}


@pytest.mark.parametrize("text, names", [
    ("Cheap proxies such as GradNorm2 and ZICO rank architectures before training.", {"GradNorm2", "ZICO"}),
    ("Open-set detectors such as OpenBox and VOSE flag unknown objects.", {"OpenBox", "VOSE"}),
    ("Learned schedulers like ASHQ and PopBT stop poor trials early.", {"ASHQ", "PopBT"}),
])
def test_names_listed_after_a_plural_technique_noun(extractor, text, names):
    assert names <= algorithm_names(extractor, text)


def test_cited_technique_is_an_existing_algorithm(extractor):
    got = algorithm_names(extractor, "We analyze the iterative hard thresholding algorithm (Blumensath and Davies, 2009) "
                                "and the classical power sketching method (Woodruff et al., 2014).")
    assert {"iterative hard thresholding", "power sketching"} <= got
    assert not algorithm_names(extractor, "Unlike the method (Smith, 2020), ours is fast.")


def test_coined_word_in_apposition_to_a_proposed_method_head(extractor):
    text = "We then derive a damped variant, Marlin, that adapts the step size. Marlin converges faster."
    ex = next(extractor.extract([Paper("p", text)]))
    assert ("method", "Marlin") in {(m.type, m.name) for m in ex.mentions}
