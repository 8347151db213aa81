"""The curated lexicon is well formed: unique ids, known types, parents that exist, no
surface form shared by two concepts (which would make linking ambiguous), and files laid out as
``kg/data/lexicon/README.md`` describes (``<type>_<domain>.jsonl``, one type each, sorted by id)."""
import json
import re
from collections import Counter
from importlib import resources

import pytest

from kg.link.lexicon import load_lexicon
from kg.records import ENTITY_TYPES
from kg.text import norm_key

from extraction_helpers import assert_lexicon_file_resolves, lexicon_file_types

LEXICON = resources.files("kg") / "data" / "lexicon"
FILES = sorted((p for p in LEXICON.iterdir() if p.name.endswith(".jsonl")), key=lambda p: p.name)
ROWS = [(p.name, n, json.loads(line)) for p in FILES
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if line.strip()]
#: the file-name prefix of each entry type: ``algorithms_rl.jsonl`` holds algorithms, ``metrics.jsonl`` metrics
TYPE_OF_PREFIX = {"algorithms": "algorithm", "benchmarks": "benchmark", "models": "model", "fields": "field",
                  "metrics": "metric"}
FILE_NAME = re.compile(r"(?P<prefix>[a-z]+)(?:_(?P<domain>[a-z]+(?:_[a-z]+)*))?\.jsonl")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_file_holds_one_type_sorted_by_id_and_every_entry_resolves(path):
    m = FILE_NAME.fullmatch(path.name)
    assert m is not None and m["prefix"] in TYPE_OF_PREFIX, f"{path.name}: not <type>_<domain>.jsonl"
    etype = TYPE_OF_PREFIX[m["prefix"]]
    assert lexicon_file_types(path.name) == {etype}
    rows = [r for name, _, r in ROWS if name == path.name]
    assert [r["id"] for r in rows] == sorted(r["id"] for r in rows)
    assert [r["id"] for r in rows if not r["description"]] == []
    assert_lexicon_file_resolves(path.name, {etype})


def test_a_type_has_one_file_or_only_domain_files():
    by_prefix = {}
    for p in FILES:
        m = FILE_NAME.fullmatch(p.name)
        by_prefix.setdefault(m["prefix"], []).append(m["domain"])
    assert [k for k, domains in by_prefix.items() if len(domains) > 1 and None in domains] == []
    assert set(by_prefix) == set(TYPE_OF_PREFIX)


def test_readme_names_every_file_and_no_other():
    readme = (LEXICON / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z][a-z0-9_]*\.jsonl)`", readme))
    assert named == {p.name for p in FILES}


def test_size_and_coverage():
    counts = Counter(r["type"] for _, _, r in ROWS)
    assert len(ROWS) >= 800
    assert counts["algorithm"] >= 300 and counts["benchmark"] >= 150 and counts["model"] >= 100
    assert counts["field"] >= 100 and counts["metric"] >= 50


def test_rows_are_well_formed():
    for name, n, r in ROWS:
        where = f"{name}:{n}"
        assert list(r)[:6] == ["id", "name", "type", "aliases", "parent", "description"], where
        assert list(r)[6:] in ([], ["other_senses"], ["other_senses_before"], ["other_senses", "other_senses_before"]), where
        assert all(isinstance(w, str) and w.strip() for w in r.get("other_senses", [])), where
        assert all(isinstance(w, str) and w.strip() for w in r.get("other_senses_before", [])), where
        assert r["type"] in ENTITY_TYPES, where
        assert r["id"] and all(c.isalnum() or c == "-" for c in r["id"]) and r["id"] == r["id"].lower(), where
        assert isinstance(r["aliases"], list) and all(isinstance(a, str) and a.strip() for a in r["aliases"]), where


def test_ids_unique_and_parents_exist():
    ids = Counter(r["id"] for _, _, r in ROWS)
    assert [i for i, c in ids.items() if c > 1] == []
    assert [r["id"] for _, _, r in ROWS if r["parent"] and r["parent"] not in ids] == []


def test_no_surface_form_names_two_concepts():
    owner = {}
    clashes = []
    for _, _, r in ROWS:
        for form in {norm_key(f) for f in [r["name"], *r["aliases"]]}:
            if form in owner and owner[form] != r["id"]:
                clashes.append((form, owner[form], r["id"]))
            owner.setdefault(form, r["id"])
    assert clashes == []


@pytest.mark.parametrize("surface, expected", [
    ("Proximal Policy Optimization", "ppo"), ("PPO-Clip", "clip-ppo"), ("Mujoco", "mujoco"),
    ("Direct Preference Optimization", "dpo"), ("Soft Actor-Critic", "sac"), ("D4RL", "d4rl"),
    # variants are their own concepts, under their family
    ("EAGLE-2", "eagle-2"), ("EAGLE", "eagle-decoding"), ("JumpReLU SAEs", "jumprelu-sae"), ("SAEs", "sparse-autoencoder"),
    ("TENT", "tent"), ("entropy minimisation", "entropy-minimization"), ("clipped SGD", "clipped-sgd"),
])
def test_well_known_concepts_resolve(surface, expected):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected


# Short forms that mean different things in ML writing (e.g. DP: differential privacy or dynamic
# programming; CV: computer vision or cross-validation; MAE: mean absolute error or masked
# autoencoder). They must not be lexicon forms: a defined "(DP)" is resolved from its long form.
AMBIGUOUS_SHORT_FORMS = ["DP", "PG", "CL", "IL", "AL", "MI", "GP", "SR", "OT", "CE", "KD", "CV", "IR", "MT",
                         "VI", "ASR", "MAE", "FPS", "CFG", "TTA", "MIA", "EDA", "GLM", "GDA", "BNN", "CNF",
                         "IBP", "PnP", "QRL", "FRL", "NTM", "CoVe", "GBM", "TDC", "DST", "CSP", "LMC"]


@pytest.mark.parametrize("short", AMBIGUOUS_SHORT_FORMS)
def test_ambiguous_short_forms_stay_out(short):
    assert load_lexicon().lookup(short) is None


@pytest.mark.parametrize("surface, expected", [
    # a variant, size or version is its own concept (with a parent), not an alias of its family
    ("FlashAttention-2", "flashattention-2"), ("YOLOv8", "yolov8"), ("GPT-2 XL", "gpt-2-xl"),
    ("Claude 3 Opus", "claude-3-opus"), ("DeepSeek-R1-Zero", "deepseek-r1-zero"), ("VGG-19", "vgg-19"),
    ("WikiText-2", "wikitext-2"), ("ARC-Challenge", "arc-challenge"), ("NSGA-III", "nsga-iii"),
    # a narrower setting or a different measure is not an alias of the broader one
    ("constrained RL", "constrained-reinforcement-learning"), ("deep RL", "deep-reinforcement-learning"),
    ("top-1 error", "top-1-error"), ("micro-F1", "micro-f1"), ("L2 regularization", "l2-regularization"),
    ("instance segmentation", "instance-segmentation"), ("XLand", "xland"),
])
def test_variants_are_their_own_concepts(surface, expected):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected and entry.parent != expected


def test_parents_are_acyclic():
    parent = {r["id"]: r["parent"] for _, _, r in ROWS}
    for start in parent:
        seen, node = set(), start
        while node is not None:
            assert node not in seen, f"parent cycle through {start}"
            seen.add(node)
            node = parent.get(node)


def test_no_surface_form_reduces_to_a_generic_word():
    # a symbol the key drops ("∞Bench" -> "bench") must not leave a bare common word,
    # which would then match "Bench" in "KnowEdit-Bench" or any sentence saying "benchmark"
    generic = {norm_key(w) for w in ("bench", "benchmark", "gym", "suite", "control", "model", "net", "dataset",
                                     "learning", "attention", "network", "agent", "arena", "world")}
    assert [(r["id"], f) for _, _, r in ROWS for f in [r["name"], *r["aliases"]] if norm_key(f) in generic] == []


@pytest.mark.parametrize("surface, expected", [
    ("PEARL", "pearl-meta-rl"), ("HyperGCN", "hypergcn"), ("pixelSplat", "pixelsplat"), ("Denoised Smoothing", "denoised-smoothing"),
    ("Crescendo attack", "crescendo-attack"), ("contextual calibration", "contextual-calibration"), ("FGW", "fused-gromov-wasserstein"),
    ("RE10K", "realestate10k"), ("TREC Fair Ranking Track", "trec-fair-ranking"), ("Meta-World ML45", "meta-world-ml45"),
    ("Laplacian positional encodings", "laplacian-pe"), ("neural audio codecs", "neural-audio-codec"),
])
def test_long_tail_concepts_resolve(surface, expected):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected


@pytest.mark.parametrize("text, short, concept", [
    ("We train with differential privacy (DP). DP bounds what an attacker learns.", "DP", "differential-privacy"),
    ("We solve the recursion by dynamic programming (DP). DP runs in linear time.", "DP", "dynamic-programming"),
    ("We compress the model by knowledge distillation (KD). KD keeps accuracy.", "KD", "knowledge-distillation"),
])
def test_an_ambiguous_short_form_the_paper_defines_links_to_its_long_form(text, short, concept):
    from kg.pipeline import extract
    from kg.records import Paper

    (ex,) = extract([Paper("p", text)]).extractions
    (m,) = [m for m in ex.mentions if short == m.name or short in m.aliases]
    assert m.concept == f"concept/{concept}"


@pytest.mark.parametrize("surface, expected, parent", [
    # an instruction- or chat-tuned release is its own model under its base model, not an alias of it
    ("Llama-3-8B-Instruct", "llama3-8b-instruct", "llama3-8b"), ("Qwen2.5-7B-Instruct", "qwen2-5-7b-instruct", "qwen2-5-7b"),
    ("Mistral 7B Instruct", "mistral-7b-instruct", "mistral-7b"), ("gemma-7b-it", "gemma-7b-it", "gemma-7b"),
    ("Qwen-VL-Chat", "qwen-vl-chat", "qwen-vl"),
    # members of a benchmark family and named variants
    ("ACSIncome", "acsincome", "folktables"), ("ACS Employment", "acsemployment", "folktables"),
    ("Split Tiny ImageNet", "split-tiny-imagenet", "tiny-imagenet"), ("ODinW-35", "odinw-35", "odinw"),
    ("Bayesian GPLVM", "bayesian-gplvm", "gplvm"), ("importance-weighted ERM", "importance-weighted-erm", "erm"),
    ("residual-quantized VAE", "rq-vae", "vq-vae"), ("NaturalSpeech 2", "naturalspeech-2", "naturalspeech"),
    ("UT-IGSP", "ut-igsp", "igsp"), ("First-order Spectral Rewiring", "fosr", "graph-rewiring"),
    ("improved consistency training", "improved-consistency-training", "consistency-training"),
])
def test_tuned_releases_and_family_members_are_their_own_concepts(surface, expected, parent):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected and entry.parent == parent


@pytest.mark.parametrize("surface, expected", [
    ("Neural Bellman-Ford Networks", "nbfnet"), ("GraIL", "grail"), ("DiGress", "digress"), ("JT-VAE", "jt-vae"),
    ("Gradient Projection Memory", "gpm"), ("LAFTR", "laftr"), ("CAT-Seg", "cat-seg"), ("FC-CLIP", "fc-clip"),
    ("Tabula Muris", "tabula-muris"), ("XCOPA", "xcopa"), ("Belebele", "belebele"), ("CrossCodeEval", "crosscodeeval"),
    ("structural Hamming distance", "structural-hamming-distance"), ("SHD", "structural-hamming-distance"),
    ("prior-fitted networks", "prior-data-fitted-network"), ("Sentence-T5", "sentence-t5"), ("DCdetector", "dcdetector"),
])
def test_more_long_tail_concepts_resolve(surface, expected):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected


@pytest.mark.parametrize("short", ["SED", "iCT", "DMD", "RMA", "PFN"])
def test_more_ambiguous_short_forms_stay_out(short):
    # SED: sound event detection or a segmentation method; iCT: improved or interpolation consistency
    # training; DMD: distribution matching distillation or dynamic mode decomposition
    assert load_lexicon().lookup(short) is None


@pytest.mark.parametrize("surface, expected, parent", [
    # a narrower measure or a sized subset is its own concept: papers that say "test accuracy" or
    # "ImageNet-1K" meet each other, not every paper that says "accuracy" or "ImageNet"
    ("test accuracy", "test-accuracy", "accuracy"), ("classification accuracy", "classification-accuracy", "accuracy"),
    ("ImageNet-1k", "imagenet-1k", "imagenet"), ("ILSVRC-2012", "imagenet-1k", "imagenet"),
])
def test_narrower_measures_and_subsets_are_not_aliases(surface, expected, parent):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected and entry.parent == parent
    assert load_lexicon().lookup(parent).id == parent


def test_a_fused_spelling_of_a_hyphenated_name_matches():
    from kg.extract import Extractor
    from kg.records import Paper

    ex = next(Extractor().extract([Paper("p", "We pretrain on 60K hours of LibriLight audio.")]))
    assert any(m.lexicon_id == "librilight" for m in ex.mentions)


@pytest.mark.parametrize("surface, expected, parent", [
    ("PointNet++", "pointnet-plus-plus", "pointnet"), ("DPM-Solver++", "dpm-solver-plus-plus", "dpm-solver"),
    ("k-means++", "k-means-plus-plus", "k-means"), ("PixelCNN++", "pixelcnn-plus-plus", "pixelcnn"),
    ("DER++", "dark-experience-replay-plus-plus", "dark-experience-replay"),
])
def test_a_plus_plus_method_is_not_its_base(surface, expected, parent):
    lex = load_lexicon()
    entry = lex.lookup(surface)
    assert entry is not None and entry.id == expected and entry.parent == parent
    assert lex.lookup(surface[:-2]) is None or lex.lookup(surface[:-2]).id != expected


@pytest.mark.parametrize("surface, expected", [
    ("fast Fourier transform", "fft"), ("FFT", "fft"), ("Walsh-Hadamard transform", "hadamard-transform"),
    ("Cayley transform", "cayley-transform"), ("Poisson subsampling", "poisson-subsampling"),
    ("per-example clipping", "per-sample-clipping"), ("derandomized smoothing", "derandomized-smoothing"),
    ("randomized ablation", "randomized-ablation"), ("marginal sensitivity model", "marginal-sensitivity-model"),
    ("residual vector quantization", "residual-quantization"), ("majority vote", "majority-voting"),
    ("method of least squares", "least-squares"), ("NeuTra", "neutra"), ("partial differential equations", "partial-differential-equations"),
    ("posteriordb", "posteriordb"), ("eight schools", "eight-schools"), ("TED-LIUM 3", "ted-lium-3"),
    ("Nesterov's acceleration", "nesterov"), ("Hungarian matching", "hungarian-algorithm"), ("Halpern anchoring", "halpern-iteration"),
])
def test_concepts_from_the_breadth_round_resolve(surface, expected):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected


@pytest.mark.parametrize("surface, expected, parent", [
    ("TED-LIUM 3", "ted-lium-3", "ted-lium"), ("per-layer clipping", "per-layer-clipping", "per-sample-clipping"),
    ("derandomized smoothing", "derandomized-smoothing", "randomized-smoothing"), ("NeuTra", "neutra", "hmc"),
])
def test_lexicon_variants_point_to_their_parent(surface, expected, parent):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected and entry.parent == parent


@pytest.mark.parametrize("surface, expected, parent", [
    ("ESAM", "esam", "sharpness-aware-minimization"), ("LookSAM", "looksam", "sharpness-aware-minimization"),
    ("Sharpness-Aware training for Free", "saf", "sharpness-aware-minimization"),
    ("Fisher SAM", "fisher-sam", "sharpness-aware-minimization"),
    ("token-choice routing", "top-k-routing", "mixture-of-experts"), ("noisy top-k gating", "noisy-top-k-gating", "top-k-routing"),
    ("Hash Layers", "hash-routing", "mixture-of-experts"), ("BASE layers", "base-layers", "mixture-of-experts"),
    ("value function factorization", "value-decomposition", None), ("dual gradient ascent", "dual-ascent", None),
    ("Hessian-vector products", "hessian-vector-product", None), ("discrete Ricci flow", "ricci-flow", None),
    ("full-parameter fine-tuning", "full-fine-tuning", None), ("autoregressive decoding", "autoregressive-decoding", None),
    ("score-based SDEs", "score-based-generative-model", "diffusion-model"),
])
def test_a6_round_concepts_resolve_with_their_parent(surface, expected, parent):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected and entry.parent == parent
