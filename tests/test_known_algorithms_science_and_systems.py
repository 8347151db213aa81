"""The lexicon's established techniques of the areas it covered least: variants resolve under their
family, forms are found in text, no form is shared among them, and ambiguous forms and other senses
stay out. The areas covered
(time series and signal processing, numerical linear algebra and PDE solvers, molecular and quantum
simulation, computational biology, probabilistic inference, neuro-inspired learning rules, bandits and
distributed training, graph algorithms, geometry, robustness, fairness and privacy)."""
from collections import Counter

import pytest

from kg.link.lexicon import load_lexicon
from kg.records import Paper

from extraction_helpers import algorithm_names

#: the lexicon's algorithms: the round's entries are among them (tests/test_lexicon.py checks every file)
ALGORITHMS = [e for e in load_lexicon() if e.type == "algorithm"]
IDS = {e.id for e in ALGORITHMS}


def test_no_form_is_shared_inside_the_round():
    forms = Counter(f for e in ALGORITHMS for f in {f.lower() for f in (e.name, *e.aliases)})
    assert [f for f, n in forms.items() if n > 1] == []


@pytest.mark.parametrize("surface, expected, parent", [
    ("pivoted Cholesky", "pivoted-cholesky", "cholesky-decomposition"),
    ("Factorized Fourier Neural Operator", "factorized-fno", "fno"),
    ("Gated SAEs", "gated-sae", "sparse-autoencoder"),
    ("1F1B", "pipedream", "pipeline-parallelism"),
    ("UCB-V", "ucb-v", "ucb"),
    ("auxiliary particle filter", "auxiliary-particle-filter", "particle-filter"),
    ("STFT", "stft", "fourier-transform"),
    ("truncated BPTT", "truncated-bptt", "bptt"),
    ("Gauss-Seidel iterations", "gauss-seidel", None),
])
def test_variants_resolve_under_their_family(surface, expected, parent):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and (entry.id, entry.parent) == (expected, parent)


@pytest.mark.parametrize("text, name", [
    ("Each series is first split by STL decomposition into trend and seasonal parts.", "STL decomposition"),
    ("Intermittent demand is forecast with Croston's method as a reference.", "Croston's method"),
    ("The linear systems are solved with GMRES and an incomplete Cholesky preconditioner.", "GMRES"),
    ("Our reduced-order model keeps the leading modes of the proper orthogonal decomposition.",
     "proper orthogonal decomposition"),
    ("Reference energies come from Hartree-Fock calculations on small molecules.", "Hartree-Fock"),
    ("Free energies are computed with well-tempered metadynamics along two collective variables.",
     "well-tempered metadynamics"),
    ("Homologous sequences are retrieved with jackhmmer before building the profile.", "jackhmmer"),
    ("We train the spiking network end to end with surrogate gradient learning.", "surrogate gradient learning"),
    ("Conditional independence is assessed with the Fisher-z test at level 0.05.", "Fisher-z test"),
    ("The link predictor is compared with the Adamic-Adar index and the Katz index.", "Adamic-Adar index"),
    ("The decoder integrates an external model by shallow fusion at every beam step.", "shallow fusion"),
    ("Partitions are refined with the Kernighan-Lin algorithm after coarsening.", "Kernighan-Lin"),
])
def test_round_forms_are_found_in_text(shipped_extractor, text, name):
    assert name in algorithm_names(shipped_extractor, text)


# short forms and phrases that name other things in ML writing stay out of the round: DFA (a finite
# automaton), CTS, STOMP (a motion planner), LBM (large behaviour models), a Cholesky factor (a matrix),
# "partial dependence" and "noisy max" (ordinary words)
@pytest.mark.parametrize("word", ["DFA", "CTS", "STOMP", "LBM", "MSMs", "SLL", "HC2", "Cholesky factor",
                                  "partial dependence", "noisy max", "graph U-Net", "QR algorithm", "surrogate gradients"])
def test_ambiguous_forms_are_not_in_the_round(word):
    entry = load_lexicon().lookup(word)
    assert entry is None or entry.id not in IDS


@pytest.mark.parametrize("text", [
    "The target encoding vectors are produced by a frozen text encoder.",
    "Each worker stores its own Cholesky factor of the kernel matrix.",
])
def test_other_senses_are_no_round_algorithm(shipped_extractor, text):
    ex = next(shipped_extractor.extract([Paper("p", text)]))
    assert not any(m.lexicon_id in IDS for m in ex.mentions if m.type == "algorithm")
