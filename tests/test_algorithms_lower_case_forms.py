"""Lower-case and shielded names (the shipped lexicon): a lower-case short form spelled by the initials
of its long form ("neural tangent kernel (ntk)") is defined, a lower-case word in parentheses ("nats",
"left") is not; a proposed lower-case acronym ("ssmix") is the paper's method and a lower-case common
noun ("segmenter") no algorithm; a longer name shields a shorter known one inside it
("Adams-Bashforth" is no Adam). Also: shipped lexicon forms of established techniques are found in
sentences."""

import pytest

from kg.extract.abbreviations import find_abbreviations
from kg.records import Paper

from extraction_helpers import algorithm_names


@pytest.mark.parametrize("text, name", [
    ("Dense prediction is evaluated with an UperNet decoder on top of each frozen backbone.", "UperNet"),
    ("Importance weights under covariate shift are obtained by kernel mean matching.", "kernel mean matching"),
    ("Tail classes are handled with logit adjustment during training.", "logit adjustment"),
    ("The value function is fitted by expectile regression on logged transitions.", "expectile regression"),
    ("Latent trajectories are drawn by forward filtering backward simulation.", "forward filtering backward simulation"),
    ("Mini-batches are built by neighbor sampling over the citation graph.", "neighbor sampling"),
    ("We show the layer is strictly weaker than the 3-WL test.", "3-WL test"),
    ("Outliers among the matches are removed with RANSAC before pose estimation.", "RANSAC"),
])
def test_lexicon_lower_case_technique_forms_are_found(shipped_extractor, text, name):
    assert name in algorithm_names(shipped_extractor, text)


def test_a_multistep_solver_named_after_adams_is_no_adam(shipped_extractor):
    names = algorithm_names(shipped_extractor, "The sampler integrates the ODE with the Adams-Bashforth method of order three.")
    assert any(n.startswith("Adams-Bashforth") for n in names) and not names & {"Adam", "Adams"}


def test_lower_case_segmenter_is_no_algorithm(shipped_extractor):
    assert "Segmenter" not in algorithm_names(shipped_extractor, "A lightweight segmenter labels each frame.")


@pytest.mark.parametrize("text, pair", [
    ("Off-policy estimates improve with kernel representations for OPE (krope) in continuous action spaces.",
     ("kernel representations for OPE", "krope")),
    ("The wide-network limit is described by the neural tangent kernel (ntk).", ("neural tangent kernel", "ntk")),
])
def test_lower_case_short_form_spelled_by_initials_is_defined(text, pair):
    assert pair in [(a.long, a.short) for a in find_abbreviations(text)]


@pytest.mark.parametrize("text", [
    "Entropy is measured in natural units (nats) throughout.",
    "The best configuration is shown in bold in the top row (left).",
    "We compare against the robust evaluation of policies (rope) baseline.",
])
def test_lower_case_word_in_parentheses_is_no_short_form(text):
    assert all(a.short.isupper() or not a.short.islower() for a in find_abbreviations(text))


def test_proposed_lower_case_acronym_is_a_method(shipped_extractor):
    r = next(shipped_extractor.extract([Paper("p", "We introduce sparse spectral mixing (ssmix), a layer that mixes tokens "
                                              "in the frequency domain. On long documents ssmix is twice as fast.")]))
    assert "ssmix" in {m.name for m in r.mentions if m.type == "method"}
