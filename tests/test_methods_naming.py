"""How a paper names its own contribution beyond "we propose X, a ...": a one-word title name the
abstract never repeats ("Lumos: ..." then "our approach"), the title name with model sizes
("Atlas-7B"), and names with LaTeX kept as written in the scorer record."""
import pytest

from kg.extract import Extractor
from kg.extract.discovery import title_only_name
from kg.extract.serialize import extraction_to_dict
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

LEX = Lexicon.from_entries([
    LexiconEntry("gpt-4o", "GPT-4o", "model"),
    LexiconEntry("transformer", "Transformers", "algorithm"),
    LexiconEntry("flow-matching", "flow matching", "algorithm"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def _record(extractor, text, title=None):
    return extraction_to_dict(next(extractor.extract([Paper("p", text, title=title)])))


def _methods(rec):
    return {m["name"]: m["aliases"] for m in rec["methods"]}


@pytest.mark.parametrize("title,expected", [
    ("Quill: Sparse Retrieval for Long Documents", "Quill"),
    ("Position: Benchmarks Should Report Variance", None),
    ("Noise Helps: Randomized Smoothing for Ranking", None),  # a slogan, not a name
    ("Survey: Graph Transformers", None),
    ("On the Convergence of Adam", None),
])
def test_title_only_name(title, expected):
    assert title_only_name(title) == expected


def test_title_name_absent_from_abstract_names_our_approach(extractor):
    text = ("Retrieval over long documents is slow. Our approach indexes passages with learned sparse codes "
            "and reranks them. It halves latency on two corpora.")
    assert "Quill" in _methods(_record(extractor, text, "Quill: Sparse Retrieval for Long Documents"))


def test_title_name_not_taken_when_the_abstract_names_another_contribution(extractor):
    text = ("Retrieval over long documents is slow. We introduce SparseDex, an index that uses learned sparse "
            "codes. Our approach halves latency.")
    methods = _methods(_record(extractor, text, "Quill: Sparse Retrieval for Long Documents"))
    assert "SparseDex" in methods and "Quill" not in methods


def test_title_name_not_taken_without_a_reference_to_an_own_method(extractor):
    text = "Retrieval over long documents is slow. We study when sparse codes help and when they hurt."
    assert _record(extractor, text, "Quill: Sparse Retrieval for Long Documents")["methods"] == []


def test_position_title_is_no_method(extractor):
    text = "Benchmarks are reported without variance. Our framework for reporting makes comparisons fair."
    assert _record(extractor, text, "Position: Benchmarks Should Report Variance")["methods"] == []


def test_known_method_in_title_is_not_the_papers(extractor):
    text = "Attention is costly. Our method replaces it with a recurrence."
    assert _record(extractor, text, "Transformers: Costly Attention Revisited")["methods"] == []


def test_title_name_with_model_sizes_is_the_papers_model(extractor):
    text = ("We fine-tune Heron-8B and Heron-34B on a new corpus of chart questions. Heron-34B answers 70% of the "
            "questions correctly, compared with 55% for GPT-4o.")
    rec = _record(extractor, text, "Heron: Chart Understanding with Instruction Tuning")
    forms = {f for m in rec["methods"] for f in [m["name"], *m["aliases"]]}
    assert {"Heron-8B", "Heron-34B"} <= forms
    assert not any(m["name"].startswith("Heron") for m in rec["models"])


def test_latex_name_kept_as_written(extractor):
    text = (r"Diffusion samplers are slow. We introduce $\beta$-Jump, a sampler that skips steps of flow "
            r"matching. $\beta$-Jump halves the number of steps.")
    rec = _record(extractor, text)
    (m,) = [m for m in rec["methods"] if "Jump" in m["name"]]
    assert r"$\beta$-Jump" in m["aliases"]


LEX2 = Lexicon.from_entries([
    LexiconEntry("token-pruning", "token pruning", "algorithm"),
    LexiconEntry("mirror-prox", "mirror prox", "algorithm"),
    LexiconEntry("laplacian-pe", "Laplacian positional encodings", "algorithm"),
    LexiconEntry("dropout", "dropout", "algorithm"),
])


@pytest.fixture(scope="module")
def extractor2():
    return Extractor(LEX2)


@pytest.mark.parametrize("sentence,name", [
    # a naming cue names a plain capitalised word, whatever follows it
    ("We describe a retrieval system called Marlin that indexes code by its call graph.", "Marlin"),
    ("The resulting estimator, which we term Bramble, is unbiased.", "Bramble"),
    # a title-case name coined around a known concept, introduced by an apposition
    ("We propose Adaptive Token Pruning, a module that drops tokens early.", "Adaptive Token Pruning"),
    ("We give a new algorithm, Accelerated Mirror Prox, for saddle-point problems.", "Accelerated Mirror Prox"),
    # "our main contribution is", "we instantiate ... in"
    ("Our main contribution is QuillNet, a parser for handwritten equations.", "QuillNet"),
    ("We instantiate this design in PageWeaver, a paged attention kernel.", "PageWeaver"),
])
def test_naming_styles(extractor2, sentence, name):
    text = "Existing systems are slow and brittle. " + sentence + " It is twice as fast."
    assert name in _methods(_record(extractor2, text))


def test_known_concept_alone_after_a_cue_is_not_the_papers(extractor2):
    rec = _record(extractor2, "Networks overfit. We apply Dropout, a regularizer, to every layer. It helps.")
    assert rec["methods"] == []


def test_defined_short_form_is_the_name_not_the_long_form_twice(extractor2):
    text = ("Graph transformers need positional encodings. We introduce Sheaf Laplacian Positional Encodings "
            "(SheafLPE), which use a learned sheaf. SheafLPE is more expressive.")
    methods = _record(extractor2, text)["methods"]
    assert len(methods) == 1 and methods[0]["name"] == "SheafLPE"


def test_greek_parameter_in_brackets_stays_in_the_name(extractor2):
    text = (r"Multi-step returns are noisy. We propose Q($\lambda$)-Clip, a clipped multi-step operator. "
            r"Q($\lambda$)-Clip converges off-policy.")
    methods = _record(extractor2, text)["methods"]
    assert [m["name"] for m in methods] == ["Q(λ)-Clip"] and r"Q($\lambda$)-Clip" in methods[0]["aliases"]


@pytest.mark.parametrize("sentence,name,long", [
    ("We propose SLAM, a Sparse Latent Alignment Model for speech translation.", "SLAM", "Sparse Latent Alignment Model"),
    ("We present TIDE, short for Temporal Importance-Driven Eviction.", "TIDE", "Temporal Importance-Driven Eviction"),
])
def test_short_name_glossed_by_its_long_form(extractor2, sentence, name, long):
    text = "Existing systems are slow. " + sentence + f" {name} is twice as fast."
    methods = _methods(_record(extractor2, text))
    assert list(methods) == [name] and long in methods[name]


def test_lower_case_gloss_is_no_long_form(extractor2):
    text = "Existing systems are slow. We propose SLAM, a sparse latent alignment model. SLAM is fast."
    assert _methods(_record(extractor2, text)) == {"SLAM": []}


@pytest.mark.parametrize("sentence,expected", [
    ("In experiments, our proposed Walrus outperforms all baselines.", ["Walrus"]),
    ("We show that the proposed MixGate achieves lower error.", ["MixGate"]),
    ("We show that the proposed Bayesian model achieves lower error.", []),  # an adjective, not a name
])
def test_our_proposed_name(extractor2, sentence, expected):
    text = "Existing systems are slow. " + sentence
    assert list(_methods(_record(extractor2, text))) == expected


@pytest.mark.parametrize("sentence", [
    "We uncover a failure mode, which we call Gradient Starvation Cascade, in deep ensembles.",
    "We call this effect the Width Paradox and explain it with a kernel argument.",
    "Models enter a regime that we refer to as Silent Drift after pretraining.",
])
def test_a_named_phenomenon_is_no_method(extractor2, sentence):
    assert _record(extractor2, "Deep networks behave oddly. " + sentence)["methods"] == []


def test_a_named_method_after_a_naming_cue_stays(extractor2):
    text = "Deep networks behave oddly. We fix this with a regularizer, which we call Width Anchoring, that is cheap."
    assert "Width Anchoring" in _methods(_record(extractor2, text))


def test_coined_name_continued_in_title_case(extractor2):
    text = "Adapters are brittle. We introduce the Kalman-Bucy Adapter, which filters adapter weights. It helps."
    assert "Kalman-Bucy Adapter" in _methods(_record(extractor2, text))


@pytest.mark.parametrize("sentence", [
    "Our method—Lantern—reweights hard examples.",
    "Our framework -- Lantern -- reweights hard examples.",
    "We propose Lantern—a simple reweighting of hard examples.",
])
def test_name_set_off_by_dashes(extractor2, sentence):
    assert "Lantern" in _methods(_record(extractor2, "Hard examples are rare. " + sentence))


@pytest.mark.parametrize("text,expected", [
    ("Replay buffers grow without bound. To overcome this, Loss-Ranked Eviction (LRE) drops easy samples first. "
     "LRE halves memory.", ["LRE"]),
    ("Students copy noisy teachers. This motivates Confidence-Masked Imitation (CMI), in which only confident "
     "outputs are imitated.", ["CMI"]),
    # someone else's method, named after the opening
    ("Replay buffers grow without bound. To overcome this, earlier work used Loss-Ranked Eviction (LRE), "
     "which drops easy samples.", []),
])
def test_a_definition_opening_the_answer_to_the_problem_is_the_papers(extractor2, text, expected):
    assert list(_methods(_record(extractor2, text))) == expected


@pytest.mark.parametrize("sentence,expected", [
    ("We propose Kestrel to route queries between two models.", ["Kestrel"]),
    ("We present Kestrel for routing queries between two models.", ["Kestrel"]),
    ("We introduce Gaussian noise to the router's inputs.", []),  # an adjective before its noun
    ("We present Theorem 2 for convex losses.", []),
])
def test_one_word_name_right_after_the_verb(extractor2, sentence, expected):
    assert list(_methods(_record(extractor2, "Routing is hard. " + sentence))) == expected


@pytest.mark.parametrize("text,expected", [
    ("Our Osprey model tops the leaderboard. Osprey also beats larger models.", ["Osprey"]),
    ("Our Poisson model is robust. The Poisson model fits counts.", []),  # never used alone
    ("Our Bayesian model is robust. It fits counts.", []),
    ("Our Python library is open source. Python is popular.", []),
])
def test_our_name_before_a_head_word(extractor2, text, expected):
    assert list(_methods(_record(extractor2, text))) == expected
