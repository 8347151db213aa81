"""Benchmarks, datasets and pretrained models of breadth_b11.jsonl: typical sentences name them
with the right type, a release or size links under its family (not as an alias of it), and
names that reduce to a common word stay out of the lexicon."""
import pytest

from kg.link import link, load_lexicon
from kg.records import Paper


def extracted(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return ex, {m.name: m.type for m in ex.mentions}


@pytest.mark.parametrize("sentence, name, typ", [
    ("We report the resolve rate on AppWorld and on TheAgentCompany with several agent scaffolds.", "AppWorld", "benchmark"),
    ("Jailbreak prompts from HEx-PHI and SALAD-Bench are used to measure harmfulness.", "SALAD-Bench", "benchmark"),
    ("Long-document results on HELMET and NoLiMa show a sharp drop beyond 32K tokens.", "NoLiMa", "benchmark"),
    ("Cross-lingual transfer is measured on XQuAD, MLQA and PAWS-X.", "PAWS-X", "benchmark"),
    ("Our segmenter reaches 61.0 mIoU on Pascal Context-59 and 19.2 mIoU on ADE20K-847.", "ADE20K-847", "benchmark"),
    ("Depth is evaluated zero-shot on ETH3D and DIODE after training on Hypersim.", "Hypersim", "benchmark"),
    ("Chest radiograph findings are classified on VinDr-CXR and PadChest.", "PadChest", "benchmark"),
    ("We forecast the Exchange-Rate series and evaluate ECG classification on PTB-XL.", "PTB-XL", "benchmark"),
    ("Pixel-based offline agents are trained on V-D4RL.", "V-D4RL", "benchmark"),
    ("Driving policies are rolled out in Waymax with logged Waymo scenarios.", "Waymax", "benchmark"),
    ("Link prediction is reported on ogbl-ddi and ogbl-wikikg2.", "ogbl-ddi", "benchmark"),
    ("Music tagging results on MagnaTagATune and MTG-Jamendo improve over the baselines.", "MTG-Jamendo", "benchmark"),
    ("We fine-tune Qwen2.5-Coder-32B-Instruct on synthetic repair traces.", "Qwen2.5-Coder-32B-Instruct", "model"),
    ("As a teacher we use Llama-3.3-70B-Instruct.", "Llama-3.3-70B-Instruct", "model"),
    ("Images are generated with FLUX.1-schnell and SDXL-Lightning in four steps.", "SDXL-Lightning", "model"),
    ("Class-conditional samples from DiT-XL/2 reach an FID of 2.27.", "DiT-XL/2", "model"),
    ("Both InternVL2.5-8B and Qwen2.5-VL-72B answer the chart questions.", "Qwen2.5-VL-72B", "model"),
    ("Whole-slide embeddings are extracted with Prov-GigaPath and CONCH.", "Prov-GigaPath", "model"),
    ("Retrieval uses text-embedding-3-large and NV-Embed as encoders.", "NV-Embed", "model"),
    ("Zero-shot forecasts from Time-MoE are compared with supervised models.", "Time-MoE", "model"),
])
def test_a_typical_sentence_names_the_entry_with_its_type(shipped_extractor, sentence, name, typ):
    _, got = extracted(shipped_extractor, sentence)
    assert got.get(name) == typ, got


@pytest.mark.parametrize("release, expected, family", [
    ("Qwen2.5-Coder-32B-Instruct", "qwen2-5-coder-32b-instruct", "qwen2-5-coder-32b"),
    ("Llama-3.2-11B-Vision", "llama-3-2-11b-vision", "llama-3-2-vision"),
    ("InternVL2.5-78B", "internvl2-5-78b", "internvl-2-5"),
    ("CodeLlama-34B", "codellama-34b", "code-llama"),
    ("Pascal Context-59", "pascal-context-59", "pascal-context"),
    ("ogbl-ddi", "ogbl-ddi", "ogb"),
    ("Metric3D v2", "metric3d-v2", "metric3d"),
    ("Global-MMLU", "global-mmlu", "mmlu"),
])
def test_a_release_links_under_its_family(shipped_extractor, release, expected, family):
    ex, got = extracted(shipped_extractor, f"Results are reported for {release} in every setting.")
    linked, concepts, _ = link([ex], load_lexicon())
    ids = {m.name: m.concept for m in linked[0].mentions}
    assert release in got and ids[release] == f"concept/{expected}"
    assert concepts[ids[release]].parent in (family, f"concept/{family}")
    # the family keeps its own concept: the release is not one of its surface forms
    assert load_lexicon().lookup(release).id != family


@pytest.mark.parametrize("surface, expected", [
    ("Room-to-Room", "room-to-room"), ("R2R", "room-to-room"), ("InfographicVQA", "infovqa"),
    ("MATH-V", "mathvision"), ("NWPU-RESISC45", "resisc45"), ("LM1B", "one-billion-word-benchmark"),
    ("FalconMamba", "falcon-mamba"), ("Wan2.1", "wan-2-1"), ("ESM Cambrian", "esm-c"),
])
def test_aliases_resolve_to_one_entry(surface, expected):
    entry = load_lexicon().lookup(surface)
    assert entry is not None and entry.id == expected


@pytest.mark.parametrize("word", ["Protein", "Enzymes", "Scope", "Units", "Quality", "Frames", "Roots", "Blink", "Bold"])
def test_a_capitalised_common_word_is_no_benchmark_or_model(shipped_extractor, word):
    # TU's PROTEINS, SCOPe, UniTS, QuALITY, FRAMES... reduce to common words: kept out of the lexicon
    _, got = extracted(shipped_extractor, f"{word} matters in this study, as shown by our experiments.")
    assert not any(t in ("benchmark", "model") for n, t in got.items() if n.lower().startswith(word.lower()[:4])), got
