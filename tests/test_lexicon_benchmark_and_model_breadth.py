"""Datasets, suites, environments and pretrained models of many ML areas are known to the lexicon:
a sentence naming one gives it the right type, a release or size keeps a concept of its own under
its family (not merged into it as an alias), and a long release name is not cut into two models."""
import pytest

from kg.link import link
from kg.records import Paper


def named(extractor, text):
    ex = next(extractor.extract([Paper("p", text)]))
    return ex, {m.name: m.type for m in ex.mentions}


@pytest.mark.parametrize("sentence, name, typ", [
    # language and agents
    ("Refusals are counted on OR-Bench-Hard and on the multilingual MultiJail prompts.", "MultiJail", "benchmark"),
    ("Our agent is attacked with the injected tool outputs of AgentDojo and InjecAgent.", "AgentDojo", "benchmark"),
    ("Edits are scored on CounterFact and zsRE after a thousand sequential updates.", "CounterFact", "benchmark"),
    ("Competition programming skill is rated with CodeElo against human contestants.", "CodeElo", "benchmark"),
    # vision, video and 3D
    ("Tracking quality drops on LVOS and on VOST, where objects change shape.", "LVOS", "benchmark"),
    ("Near-OOD detection is measured with SSB-hard and NINCO as outlier sets.", "NINCO", "benchmark"),
    ("Grounding accuracy on ScanRefer and Nr3D improves with the point encoder.", "ScanRefer", "benchmark"),
    ("Hand meshes are regressed on FreiHAND and HO3D from a single crop.", "FreiHAND", "benchmark"),
    ("Layouts from DocLayNet and PubLayNet are parsed by the same detector.", "DocLayNet", "benchmark"),
    # multimodal and generation
    ("Prompts from T2I-CompBench++ and DPG-Bench probe attribute binding.", "T2I-CompBench++", "benchmark"),
    ("The video model answers questions from HourVideo and CinePile.", "HourVideo", "benchmark"),
    ("Hallucinated objects are counted on AMBER and Object HalBench.", "AMBER", "benchmark"),
    # reinforcement learning, driving, embodied
    ("The agent scores highest on Seaquest and Space Invaders among the 26 games.", "Seaquest", "benchmark"),
    ("Closed-loop scores on Bench2Drive and the non-reactive NAVSIM metric both rise.", "Bench2Drive", "benchmark"),
    ("Household rearrangement is run in ProcTHOR-10K houses.", "ProcTHOR-10K", "benchmark"),
    ("Power dispatch policies are trained in Grid2Op and building control in CityLearn.", "Grid2Op", "benchmark"),
    # science, health and time series
    ("Cyclone tracks from IBTrACS serve as ground truth for the forecasts.", "IBTrACS", "benchmark"),
    ("Variant effects are checked against ClinVar labels and gnomAD frequencies.", "ClinVar", "benchmark"),
    ("Medical VQA accuracy on VQA-RAD and SLAKE improves by four points.", "VQA-RAD", "benchmark"),
    ("Anomaly detectors are ranked on TSB-AD with VUS-PR.", "TSB-AD", "benchmark"),
    ("EEG abnormality is classified on TUAB and sleep stages on SHHS.", "TUAB", "benchmark"),
    # graphs, tabular, optimisation, speech
    ("Link prediction is evaluated on CoDEx-L and on the ILPC 2022 splits.", "CoDEx-L", "benchmark"),
    ("Max-Cut values on the Gset graphs match the best heuristics.", "Gset", "benchmark"),
    ("Temporal shift is studied on TabReD and TableShift.", "TabReD", "benchmark"),
    ("Logistic regression is fitted to a9a, w8a and rcv1 with the same step size.", "a9a", "benchmark"),
    ("Spatial reasoning of the assistant is probed with VSI-Bench and MuirBench.", "VSI-Bench", "benchmark"),
    ("Household tasks are simulated in ReplicaCAD and HSSD scenes.", "ReplicaCAD", "benchmark"),
    ("Speech synthesis is trained on LibriHeavy and evaluated on Expresso.", "Expresso", "benchmark"),
    # models
    ("Whole proofs are sampled from DeepSeek-Prover-V1.5-RL and Kimina-Prover.", "Kimina-Prover", "model"),
    ("The judge is WildGuard, with PairRM as a second ranker.", "WildGuard", "model"),
    ("GUI actions are grounded by UI-TARS-7B and OS-Atlas.", "OS-Atlas", "model"),
    ("Videos are generated with CogVideoX-5B and LTX-Video.", "LTX-Video", "model"),
    ("Meshes from TRELLIS and InstantMesh are compared by Chamfer distance.", "InstantMesh", "model"),
    ("Speech tokens come from Mimi and from SpeechTokenizer.", "SpeechTokenizer", "model"),
    ("Forces are predicted by Orb-v3 and MACE-OFF23 for the same trajectories.", "MACE-OFF23", "model"),
    ("Mutation effects are scored with Tranception as a zero-shot baseline.", "Tranception", "model"),
    ("Forecast skill is compared with IFS HRES at all lead times.", "IFS HRES", "model"),
    ("Zero-shot forecasts from Sundial and Timer-XL are averaged.", "Timer-XL", "model"),
    ("Manipulation policies CogACT and SpatialVLA fail on unseen objects.", "SpatialVLA", "model"),
    ("Depth maps from Depth Pro are fused with LightGlue matches.", "Depth Pro", "model"),
])
def test_a_sentence_naming_a_known_entry_gives_it_its_type(shipped_extractor, sentence, name, typ):
    _, got = named(shipped_extractor, sentence)
    assert got.get(name) == typ, got


@pytest.mark.parametrize("release, expected, family", [
    ("Craftax-Classic", "craftax-classic", "craftax"),
    ("DrivAerNet++", "drivaernet-plus-plus", "drivaernet"),
    ("LVOS v2", "lvos-v2", "lvos"),
    ("T2I-CompBench++", "t2i-compbench-plus-plus", "t2i-compbench"),
    ("Common Voice 17.0", "common-voice-17-0", "common-voice"),
    ("Stable Diffusion 3 Medium", "sd3-medium", "sd3"),
    ("Stable Diffusion 3.5 Large", "sd3-5-large", "stable-diffusion-3-5"),
    ("Hiera-B+", "hiera-b-plus", "hiera"),
    ("CogVideoX-5B", "cogvideox-5b", "cogvideox"),
    ("Moirai-Large", "moirai-large", "moirai"),
    ("HMMT 2025", "hmmt-2025", "hmmt"),
    ("LiveCodeBench v5", "livecodebench-v5", "livecodebench"),
    ("COCO 2017", "coco-2017", "coco"),
])
def test_a_release_links_under_its_family_and_not_to_it(shipped_extractor, shipped_lexicon, release, expected, family):
    ex, got = named(shipped_extractor, f"All numbers are reported for {release} in the main table.")
    linked, concepts, _ = link([ex], shipped_lexicon)
    ids = {m.name: m.concept for m in linked[0].mentions}
    assert release in got and ids[release] == f"concept/{expected}", ids
    assert concepts[ids[release]].parent in (family, f"concept/{family}")
    assert shipped_lexicon.lookup(release).id != family


def test_the_family_keeps_its_own_concept_beside_the_release(shipped_extractor, shipped_lexicon):
    ex, got = named(shipped_extractor, "Agents are trained on Crafter, Craftax-Classic and Craftax.")
    linked, _, _ = link([ex], shipped_lexicon)
    ids = {m.name: m.concept for m in linked[0].mentions}
    assert ids["Craftax"] == "concept/craftax" and ids["Craftax-Classic"] == "concept/craftax-classic"


@pytest.mark.parametrize("sentence, whole, parts", [
    ("Pairs are labelled by Skywork-Reward-Llama-3.1-8B before each iteration.",
     "Skywork-Reward-Llama-3.1-8B", ["Skywork-Reward", "Llama-3.1-8B"]),
    ("Queries are embedded with bge-large-en-v1.5 and re-ranked.", "bge-large-en-v1.5", ["bge-large"]),
    ("We generate with Stable Diffusion 3 Medium at 1024 pixels.", "Stable Diffusion 3 Medium", ["Stable Diffusion 3"]),
    ("Image features come from OpenCLIP ViT-H/14 throughout.", "OpenCLIP ViT-H/14", ["OpenCLIP", "ViT-H/14"]),
    ("Zero-shot forecasts of Chronos-T5-Large are the reference.", "Chronos-T5-Large", ["Chronos", "T5-Large"]),
])
def test_a_long_release_name_is_one_model_not_its_parts(shipped_extractor, sentence, whole, parts):
    _, got = named(shipped_extractor, sentence)
    assert got.get(whole) == "model", got
    assert not any(p in got for p in parts), got


@pytest.mark.parametrize("surface, expected", [
    ("Genomic Understanding Evaluation", "gue"), ("Places", "places365"), ("ECMWF ensemble", "ifs-ens"),
    ("G-set", "gset"), ("Qbert", "qbert"), ("OR-Bench-Hard-1K", "or-bench-hard"), ("Higgs", "higgs"),
    ("HMMT February 2025", "hmmt-2025"), ("TabPFNv2", "tabpfn-v2"), ("Meta-Llama-3.1-8B-Instruct", "llama-3-1-8b-instruct"),
    ("ViT-Base", "vit-b"), ("covtype", "covertype"),
])
def test_aliases_resolve_to_one_entry(shipped_lexicon, surface, expected):
    entry = shipped_lexicon.lookup(surface)
    assert entry is not None and entry.id == expected
