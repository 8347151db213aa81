"""lexprec18: lexicon precision. A mathematical object or a data structure is no technique (a linear
program to solve, the eigenvectors of a Laplacian, the key-value cache being read, a cheminformatics
toolkit); a word after a form can show another sense ("full fine-tuning of a model", a hyphen in
"Adams-Bashforth"); a form written with brackets ("TD(λ)") matches with its brackets."""
import pytest

from kg.extract import Extractor
from kg.link.lexicon import load_lexicon
from kg.records import Paper


def found(extractor, text: str) -> dict[str, str]:
    """``{name: lexicon id}`` of the concepts ``extractor`` finds in one paper."""
    [ex] = list(extractor.extract([Paper("p", text)]))
    return {m.name: m.lexicon_id for m in ex.mentions}


@pytest.fixture(scope="module")
def extractor():
    return Extractor(load_lexicon())


@pytest.mark.parametrize("text, lexicon_id", [
    ("At each round the allocator solves a small linear program over the remaining budget.", "linear-programming"),
    ("Node features are concatenated with the first eight Laplacian eigenvectors of the graph.", "laplacian-pe"),
    ("Long-context decoding is bound by the bandwidth needed to read the key-value cache.", "kv-cache"),
    ("Starting conformers were generated with RDKit before refinement.", "rdkit"),
    ("Full fine-tuning of a 70B model needs several nodes.", "full-fine-tuning"),
    ("Because full fine-tuning is costly, practitioners freeze the encoder.", "full-fine-tuning"),
    ("The integrator is a third-order Adams-Bashforth scheme.", "adam"),
])
def test_object_or_other_sense_is_no_algorithm(extractor, text, lexicon_id):
    assert lexicon_id not in found(extractor, text).values()


@pytest.mark.parametrize("text, name, lexicon_id", [
    ("We fit the relaxation with linear programming and round the solution.", "linear programming", "linear-programming"),
    ("Graph Transformers with Laplacian positional encodings are our main baseline.", "Laplacian positional encodings", "laplacian-pe"),
    ("Our adapter beats full fine-tuning on four of five tasks.", "full fine-tuning", "full-fine-tuning"),
    ("All networks are trained with Adam at a learning rate of 1e-3.", "Adam", "adam"),
    ("The server stores blocks of the cache with paged attention.", "paged attention", "pagedattention"),
    ("Our estimator has lower variance than TD(λ) on every chain.", "TD(λ)", "td-lambda"),
    ("Trace cutting is compared with TD(lambda) and Retrace.", "TD(lambda)", "td-lambda"),
])
def test_technique_still_found(extractor, text, name, lexicon_id):
    assert found(extractor, text).get(name) == lexicon_id


def test_bracket_outside_a_form_still_blocks(extractor):
    """A bracket no form of the entry writes still stops a match ("O(1" is no model o1)."""
    assert "o1" not in found(extractor, "Each update costs O(1) memory.").values()
