"""What a paper that proposes no method studies, when no cue next to the name says so.

An algorithm named once, as the subject of an opening sentence, is the object of the study when the
sentence announcing the study names it again ("the optimizer", "this technique", "it"); a background
mention no such sentence refers back to stays mentioned. "An evaluation of X" studies X and proposes
nothing. A title that states or asks something of X ("Why Does X Fail?") says the paper studies X even
when it goes on to propose a fix that does not build on X. In a paper proposing nothing, "a simple
change" announces no contribution, and a "Consequently, ..." claim without a kind cue of its own takes
the kind of the claim right before it."""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import referred_back, study_object, title_span, title_states, without_description
from kg.records import Paper

from extraction_helpers import algorithm_roles


def _roles(extractor, abstract: str, title: str) -> dict[str, str]:
    """Algorithm roles by lower-cased name."""
    return {name.lower(): r for name, r in algorithm_roles(extractor, abstract, title).items()}


def _extract(extractor, abstract: str, title: str | None = None):
    return next(extractor.extract([Paper("t", abstract, title=title)]))


# --------------------------------------------------------------------------- the object named again

@pytest.mark.parametrize("abstract, name", [
    ("RMSProp is a common optimizer for recurrent networks. Despite its popularity, little is known about "
     "its behaviour on long sequences. We analyze the optimizer on twelve sequence tasks and find that its "
     "step size shrinks sharply after a few thousand updates.", "RMSProp"),
    ("Mixup is a widely used augmentation technique for image classifiers. In this work, we study this "
     "technique on long-tailed data and find that it helps the head classes but hurts the tail classes.",
     "Mixup"),
    ("Label smoothing softens the targets of a classifier. We investigate it on speech recognition and find "
     "that word error rates rise when the smoothing weight exceeds 0.2.", "Label smoothing"),
])
def test_a_study_that_names_its_object_again_studies_it(shipped_extractor, abstract, name):
    assert algorithm_roles(shipped_extractor, abstract)[name] == "studied"


@pytest.mark.parametrize("abstract, name", [
    # the study is about something else: what it examines is no description of the opening's subject
    ("RMSProp is a common optimizer for recurrent networks. Yet training still diverges on long sequences. "
     "We analyze the gradient norms of 40 models and find that divergence follows a burst in a few layers.",
     "RMSProp"),
    # the opening's algorithm is no subject of its sentence: background for the setting
    ("Language models built on the Transformer reach high accuracy on reading comprehension. We study the "
     "model's errors on 3,000 questions and find that most of them concern negation.", "Transformer"),
])
def test_a_background_mention_no_study_sentence_refers_to_stays_mentioned(shipped_extractor, abstract, name):
    assert algorithm_roles(shipped_extractor, abstract)[name] == "mentioned"


def test_a_method_paper_does_not_study_the_algorithm_of_its_opening(shipped_extractor):
    abstract = ("RMSProp is a common optimizer for recurrent networks. We propose SlopeNorm, a rescaling of the "
                "optimizer's step, and show that SlopeNorm trains 30% faster than RMSProp on six tasks.")
    assert algorithm_roles(shipped_extractor, abstract)["RMSProp"] != "studied"


def test_referred_back_needs_the_object_as_subject_and_a_study_sentence():
    c = load_cues()
    s = ["rmsprop is the usual optimizer for recurrent networks.", "we analyze the optimizer on twelve tasks."]
    assert referred_back(s, 0, 0, 7, 1, c)
    assert not referred_back(s, 0, 38, 55, 1, c)  # "recurrent networks" is no subject
    assert not referred_back([s[0], "we train the optimizer on twelve tasks."], 0, 0, 7, 1, c)  # no study verb
    # a pronoun reaches back only through sentences that keep speaking of it
    assert referred_back([s[0], "its updates are cheap.", "we analyze it on twelve tasks."], 0, 0, 7, 2, c)
    assert not referred_back([s[0], "loss spikes remain common.", "we analyze it on twelve tasks."], 0, 0, 7, 2, c)


# --------------------------------------------------------------------------- an evaluation of X

def test_a_proposal_after_a_study_noun_without_of_still_proposes(shipped_extractor):
    abstract = ("Evaluating retrievers is costly. We present RetriEval, a benchmark of 12 retrieval tasks, and "
                "find that dense retrievers fail on numeric queries.")
    ex = _extract(shipped_extractor, abstract)
    assert "RetriEval" in {m.name for m in ex.mentions if m.proposed}


def test_study_object_reads_only_between_the_cue_and_the_name():
    s = "we present an empirical study of velo on 40 tasks."
    assert study_object(s, len("we present"), s.index("velo"))
    s = "we present velo-2, which improves on the study of optimizers."
    assert not study_object(s, len("we present"), s.index("velo-2"))


# --------------------------------------------------------------------------- the title's verdict

@pytest.mark.parametrize("title, form", [
    ("Why Does Beam Search Fail? Diagnosis and a Remedy", "Beam Search"),
    ("Beam Search Can Degrade Translation: A Fix", "Beam Search"),
    ("What Goes Wrong in Beam Search? A Length-Aware Alternative", "Beam Search"),
])
def test_a_title_that_states_or_asks_something_of_x(title, form):
    assert title_states(title, *title_span(title, [form]), load_cues())


@pytest.mark.parametrize("title, form", [
    ("Explaining GNNs with Shapley Values", "GNNs"),  # the paper's method is applied to X
    ("Beyond Beam Search: Planning for Translation", "Beam Search"),  # X set apart
    ("Fast Distributional Beam Search for Speech Recognition", "Beam Search"),  # a variant of X
])
def test_a_title_that_does_not(title, form):
    assert not title_states(title, *title_span(title, [form]), load_cues())


def test_a_fix_after_a_why_title_leaves_its_object_studied(shipped_extractor):
    title = "Why Does Beam Search Fail? Length Bias and a Remedy"
    abstract = ("Beam search is the standard decoding algorithm for machine translation. We investigate why its "
                "quality drops as the beam grows. We show that the drop is caused by a bias towards short "
                "outputs. We propose LengthFree, a decoder that normalises scores by a learned length prior. "
                "LengthFree improves BLEU over beam search by 1.2 points on WMT14.")
    assert _roles(shipped_extractor, abstract, title)["beam search"] == "studied"


def test_a_fix_that_modifies_x_still_builds_on_it(shipped_extractor):
    title = "Why Does Beam Search Fail? Length Bias and a Remedy"
    abstract = ("Beam search is the standard decoding algorithm for machine translation. We propose LengthFree, "
                "a modification of beam search that normalises scores by a learned length prior. LengthFree "
                "improves BLEU by 1.2 points on WMT14.")
    assert _roles(shipped_extractor, abstract, title)["beam search"] == "builds_on"


# --------------------------------------------------------------------------- claims of a study

def test_without_description_blanks_only_the_descriptive_phrase():
    assert without_description("A simple change recovers it.") == "         change recovers it."
    assert without_description("We find that a new regime emerges.") == "We find that       regime emerges."
    assert without_description("We propose a method.") == "We propose a method."
    # the paper announcing it with a verb of its own: a contribution after all
    assert without_description("In this paper we describe a novel index for phrase tables.") \
        == "In this paper we describe a novel index for phrase tables."


def test_a_described_new_system_is_no_claim(shipped_extractor):
    abstract = ("Essay scoring services rate grammar but not coherence. We describe a new system that rates the "
                "coherence of student essays by tracking the entities of each paragraph.")
    sentences = {c.sentence for c in _extract(shipped_extractor, abstract).claims}
    assert not any(s.startswith("We describe a new system") for s in sentences)


def test_a_simple_change_in_a_study_is_a_finding(shipped_extractor):
    abstract = ("Weight decay is used in most training recipes. We study the regularizer in 300 training runs. "
                "We find that its benefit vanishes when the learning rate is tuned per layer. "
                "Consequently, a simple change in the schedule reproduces its effect.")
    kinds = {c.sentence: c.kind for c in _extract(shipped_extractor, abstract).claims}
    assert kinds.get("Consequently, a simple change in the schedule reproduces its effect.") == "finding"


def test_a_simple_method_in_a_method_paper_is_still_a_proposal(shipped_extractor):
    abstract = ("Training recipes rely on weight decay. We propose ScaleDecay, a simple schedule that rescales "
                "the decay per layer. ScaleDecay lowers the test error of ResNet-50 by 0.8 points on ImageNet.")
    sentences = {c.sentence for c in _extract(shipped_extractor, abstract).claims}
    assert "We propose ScaleDecay, a simple schedule that rescales the decay per layer." not in sentences


@pytest.mark.parametrize("abstract, sentence, kind", [
    ("We study the convergence of sign descent. We prove that sign descent converges at a rate of O(1/sqrt(T)) "
     "for smooth objectives. Consequently, the number of steps grows with the square of the dimension.",
     "Consequently, the number of steps grows with the square of the dimension.", "theoretical"),
    ("We propose ShardSync, a protocol that overlaps communication with computation. We prove that ShardSync "
     "converges for smooth nonconvex objectives and bound its regret. Experiments on eight clusters show "
     "that ShardSync trains ResNet-50 1.7x faster than Horovod. As a result, a full run fits within one night.",
     "As a result, a full run fits within one night.", "empirical"),
])
def test_a_consequence_takes_the_kind_of_the_claim_before_it(shipped_extractor, abstract, sentence, kind):
    kinds = {c.sentence: c.kind for c in _extract(shipped_extractor, abstract).claims}
    assert kinds.get(sentence) == kind


def test_a_consequence_with_a_kind_cue_of_its_own_keeps_it(shipped_extractor):
    abstract = ("We propose ShardSync, a protocol that overlaps communication with computation. Experiments on "
                "eight clusters show that ShardSync trains ResNet-50 1.7x faster than Horovod. Consequently, we "
                "prove that its regret is bounded by O(sqrt(T)) even under delays.")
    kinds = {c.sentence: c.kind for c in _extract(shipped_extractor, abstract).claims}
    assert kinds.get("Consequently, we prove that its regret is bounded by O(sqrt(T)) even under delays.") != "empirical"
