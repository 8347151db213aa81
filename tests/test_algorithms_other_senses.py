"""Forms used in another sense are no algorithm (the shipped lexicon): a mathematical object or a data
structure (a linear program to solve, Laplacian eigenvectors, the key-value cache being read, a
cheminformatics toolkit), a word around the form that shows another sense ("full fine-tuning of a
model", "Adams-Bashforth", "Zero-shot", "the temporal difference between frames", "the Sinkhorn
divergence"), and a bracket no form writes ("O(1)" is no o1); the technique itself is still found, also
written with brackets ("TD(λ)")."""
import pytest

from kg.records import Paper

from extraction_helpers import mentions_by_name


def found(extractor, text: str) -> dict[str, str]:
    """``{name: lexicon id}`` of the concepts ``extractor`` finds in one paper."""
    [ex] = list(extractor.extract([Paper("p", text)]))
    return {m.name: m.lexicon_id for m in ex.mentions}


@pytest.mark.parametrize("text, lexicon_id", [
    ("At each round the allocator solves a small linear program over the remaining budget.", "linear-programming"),
    ("Node features are concatenated with the first eight Laplacian eigenvectors of the graph.", "laplacian-pe"),
    ("Long-context decoding is bound by the bandwidth needed to read the key-value cache.", "kv-cache"),
    ("Starting conformers were generated with RDKit before refinement.", "rdkit"),
    ("Full fine-tuning of a 70B model needs several nodes.", "full-fine-tuning"),
    ("Because full fine-tuning is costly, practitioners freeze the encoder.", "full-fine-tuning"),
    ("The integrator is a third-order Adams-Bashforth scheme.", "adam"),
])
def test_object_or_other_sense_is_no_algorithm(shipped_extractor, text, lexicon_id):
    assert lexicon_id not in found(shipped_extractor, text).values()


@pytest.mark.parametrize("text, name, lexicon_id", [
    ("We fit the relaxation with linear programming and round the solution.", "linear programming", "linear-programming"),
    ("Graph Transformers with Laplacian positional encodings are our main baseline.", "Laplacian positional encodings", "laplacian-pe"),
    ("Our adapter beats full fine-tuning on four of five tasks.", "full fine-tuning", "full-fine-tuning"),
    ("All networks are trained with Adam at a learning rate of 1e-3.", "Adam", "adam"),
    ("The server stores blocks of the cache with paged attention.", "paged attention", "pagedattention"),
    ("Our estimator has lower variance than TD(λ) on every chain.", "TD(λ)", "td-lambda"),
    ("Trace cutting is compared with TD(lambda) and Retrace.", "TD(lambda)", "td-lambda"),
])
def test_technique_still_found(shipped_extractor, text, name, lexicon_id):
    assert found(shipped_extractor, text).get(name) == lexicon_id


def test_bracket_outside_a_form_still_blocks(shipped_extractor):
    """A bracket no form of the entry writes still stops a match ("O(1" is no model o1)."""
    assert "o1" not in found(shipped_extractor, "Each update costs O(1) memory.").values()


@pytest.mark.parametrize("text", [
    "Zero-shot accuracy on unseen classes improves with the size of the prompt pool.",
    "Zero padding at the borders changes the receptive field of the first layer.",
])
def test_zero_as_a_word_is_not_the_optimizer(shipped_extractor, text):
    assert all(m.lexicon_id != "zero-optimizer" for m in mentions_by_name(shipped_extractor, text).values())


def test_temporal_difference_between_frames_is_no_algorithm(shipped_extractor):
    found = mentions_by_name(shipped_extractor, "The temporal difference between consecutive frames is small for static scenes.")
    assert all(m.lexicon_id != "td-learning" for m in found.values())


def test_sinkhorn_divergence_is_no_algorithm(shipped_extractor):
    found = mentions_by_name(shipped_extractor, "We train the generator to minimise the Sinkhorn divergence to the data.")
    assert "sinkhorn" not in {m.lexicon_id for m in found.values()}
