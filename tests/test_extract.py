"""Extractor behaviour on a blank spaCy pipeline with a small injected lexicon."""
import pytest

from kg.extract import Extractor
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

LEX = Lexicon.from_entries([
    LexiconEntry("ppo", "PPO", "algorithm", ("Proximal Policy Optimization",)),
    LexiconEntry("clip-ppo", "Clip-PPO", "algorithm", ("PPO-Clip",), parent="ppo"),
    LexiconEntry("trpo", "TRPO", "algorithm", ("Trust Region Policy Optimization",)),
    LexiconEntry("muzero", "MuZero", "algorithm"),
    LexiconEntry("q-learning", "Q-learning", "algorithm"),
    LexiconEntry("mujoco", "MuJoCo", "benchmark", ("Mujoco",)),
    LexiconEntry("d4rl", "D4RL", "benchmark"),
    LexiconEntry("rl", "reinforcement learning", "field", ("RL",)),
    LexiconEntry("win-rate", "win rate", "metric"),
    LexiconEntry("llama-3", "Llama 3", "model"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def run(extractor, text, pid="p1"):
    return next(extractor.extract([Paper(pid, text)]))


def by_type(ex, t):
    return {m.name: m for m in ex.mentions if m.type == t}


def test_lexicon_matches_ignore_case_hyphens_and_spelling(extractor):
    ex = run(extractor, "We study proximal policy optimisation and Q learning on Mujoco tasks.")
    assert set(by_type(ex, "algorithm")) == {"proximal policy optimisation", "Q learning"}
    assert by_type(ex, "algorithm")["Q learning"].lexicon_id == "q-learning"
    assert set(by_type(ex, "benchmark")) == {"Mujoco"}


def test_short_forms_need_capitals(extractor):
    ex = run(extractor, "The ppo of the trpo was fine; no names here.")
    assert by_type(ex, "algorithm") == {}


def test_proposed_acronym_is_a_method_with_its_long_form(extractor):
    ex = run(extractor, "We propose Simple Policy Optimization (SPO), a novel algorithm. SPO outperforms PPO on MuJoCo.")
    methods = by_type(ex, "method")
    assert set(methods) == {"SPO"}
    assert methods["SPO"].proposed and "Simple Policy Optimization" in methods["SPO"].aliases
    assert by_type(ex, "algorithm")["PPO"].role == "compared"


@pytest.mark.parametrize(
    "text, name",
    [
        ("This paper introduces Craftium, a platform for building 3D environments.", "Craftium"),
        ("We present a method called FlowRL that scales.", "FlowRL"),
        ("Our approach, dubbed HyperNav, learns fast.", "HyperNav"),
        ("AlphaFoo, a novel framework for planning, is introduced here.", "AlphaFoo"),
    ],
)
def test_newly_named_methods(extractor, text, name):
    ex = run(extractor, text)
    assert name in by_type(ex, "method")
    assert by_type(ex, "method")[name].proposed


def test_proposed_platform_is_also_a_benchmark(extractor):
    ex = run(extractor, "This paper introduces Craftium, a platform for building 3D environments.")
    assert "Craftium" in by_type(ex, "benchmark")


def test_named_benchmark_from_context(extractor):
    ex = run(extractor, "Experiments on the SafeNav benchmark show that our method reduces cost.")
    assert "SafeNav" in by_type(ex, "benchmark")


@pytest.mark.parametrize(
    "sentence, role",
    [
        ("Our method builds on MuZero and plans well.", "builds_on"),
        ("We introduce a MuZero-class method for control.", "builds_on"),
        ("Our method outperforms MuZero in every game.", "compared"),
        ("We analyze MuZero and its value loss.", "studied"),
        ("Games have long been played by programs such as MuZero.", "mentioned"),
    ],
)
def test_algorithm_roles(extractor, sentence, role):
    ex = run(extractor, sentence)
    assert by_type(ex, "algorithm")["MuZero"].role == role


def test_variant_named_after_a_known_algorithm_records_its_parent(extractor):
    ex = run(extractor, "We propose Layer-Wise PPO (L-PPO), a simple modification of PPO.")
    m = by_type(ex, "method")["L-PPO"]
    assert m.parent == "ppo"
    assert by_type(ex, "algorithm")["PPO"].role == "builds_on"


def test_claims_kind_and_fields(extractor):
    text = ("Reinforcement learning has attracted growing attention. "
            "We propose FastFoo, a new algorithm. "
            "Empirically, FastFoo achieves 58.7% win rate on D4RL and outperforms TRPO. "
            "We prove that FastFoo converges at a linear rate.")
    ex = run(extractor, text)
    kinds = {c.kind: c for c in ex.claims}
    assert set(kinds) == {"empirical", "theoretical"}
    emp = kinds["empirical"]
    assert emp.subject == "FastFoo" and emp.baselines == ("TRPO",)
    assert emp.value == "58.7%" and emp.metric == "win rate" and emp.benchmark == "D4RL"
    # background and announcement-only sentences are not claims
    assert all("attracted" not in c.sentence and not c.sentence.startswith("We propose") for c in ex.claims)


def test_evidence_offsets_point_into_the_abstract_as_read(extractor):
    text = r"We propose Sim- ple Policy Optimization (SPO). SPO reaches 58.7\% win rate and outperforms PPO."
    ex = run(extractor, text)
    for m in ex.mentions:
        for ev in m.evidence:
            assert ev.sentence in text
            assert text[ev.start:ev.end].replace("- ", "")  # a non-empty original span
    claim = ex.claims[0]
    assert claim.sentence == text[claim.evidence.start:claim.evidence.end]
    assert claim.value == r"58.7\%"


def test_label_is_what_the_paper_proposes(extractor):
    ex = run(extractor, "We propose Simple Policy Optimization (SPO), a new method.")
    assert ex.label == "SPO: Simple Policy Optimization"


def test_same_input_same_output(extractor):
    text = "We propose FooNet (Foo Network), which outperforms PPO on MuJoCo by 3%."
    assert run(extractor, text) == run(extractor, text)


@pytest.mark.parametrize(
    "text, name",
    [
        ("This integration results in Plastic PPO (P3O), a new algorithm for continual control.", "P3O"),
        ("We develop a value iteration solver (VI-X) for the numerical solution.", "VI-X"),
        ("We introduce two techniques: Memory Replay Sharpening and Latent Goal Relabeling.", "Latent Goal Relabeling"),
        ("The method, Greedy Optimization with Lookahead (GOL), works by planning.", "GOL"),
    ],
)
def test_more_ways_papers_name_their_contribution(extractor, text, name):
    methods = by_type(run(extractor, text), "method")
    assert name in methods and methods[name].proposed


def test_an_acronym_already_typed_is_not_proposed_again(extractor):
    text = ("Offline Reinforcement Learning (ORL) is a paradigm. In this work, we present ORL results for agents "
            "that outperform baselines.")
    assert "ORL" not in by_type(run(extractor, text), "method")


def test_title_names_the_contribution(extractor):
    ex = next(extractor.extract([Paper("t", "Our agent plans with a learned model. Zephyr outperforms PPO on MuJoCo.",
                                       title="Zephyr: Planning with Learned Models")]))
    assert by_type(ex, "method")["Zephyr"].proposed
    ex = next(extractor.extract([Paper("t", "Zephyr outperforms PPO.", title="On Planning")]))
    assert "Zephyr" not in by_type(ex, "method")


@pytest.mark.parametrize("sentence, value", [
    ("Our method reaches an FID of 2.1 on the benchmark.", "2.1"),
    ("We improve exact match by 4.1 points over the baseline.", "4.1 points"),
    ("Our method with Llama 3 beats the baseline by 3%.", "3%"),
])
def test_claim_values_as_written(extractor, sentence, value):
    ex = run(extractor, sentence)
    assert ex.claims and ex.claims[0].value == value


def test_maths_is_not_a_concept(extractor):
    ex = run(extractor, "We prove that our method (called FooBar) converges at rate $O(1/T)$ and O(1) memory.")
    assert all("(" not in m.name for m in ex.mentions)


def test_a_coined_name_that_keeps_winning_is_the_contribution(extractor):
    text = ("Planning under uncertainty is hard. HyperPlan learns a latent model of the task. "
            "In experiments, HyperPlan outperforms PPO on MuJoCo.")
    methods = by_type(run(extractor, text), "method")
    assert "HyperPlan" in methods and methods["HyperPlan"].proposed
    # a name used once is not enough
    assert by_type(run(extractor, "Planning is hard. SoloNet outperforms PPO on MuJoCo."), "method") == {}


def test_cue_patterns_must_be_lower_case(tmp_path):
    """Cues match folded (lower-cased) text, so a capital in a pattern could never match."""
    import json
    from importlib import resources

    from kg.extract.cues import load_cues

    data = json.loads((resources.files("kg") / "data" / "patterns" / "cues.json").read_text(encoding="utf-8"))
    data["proposal"] = [*data["proposal"], r"\bWe present\b"]
    bad = tmp_path / "cues.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="capital"):
        load_cues(str(bad))
    data["proposal"][-1] = r"(?<!not )\bwe present\b"  # a lookaround first would run at every character
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="lookaround"):
        load_cues(str(bad))
    data["proposal"][-1] = r"\bwe present\S"  # escapes such as \S are not literals
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert load_cues(str(bad)).proposal.search("so we present\u00a0x") is not None


@pytest.mark.parametrize("text", ["We PROPOSE İ-Net", "ΣΑΣ", "ẞtraße", "ﬁne-tuning", "K Kelvin", ""])
def test_fold_keeps_length_and_lowers(text):
    from kg.extract.cues import fold

    low = fold(text)
    assert len(low) == len(text)
    if len(text.lower()) == len(text):
        assert low == text.lower()
    else:  # a character whose lower case is longer stays as it is
        assert all(a == b or a == b.lower() for a, b in zip(low, text)) and low != text


def _found(text: str) -> set[tuple[str, str, str | None]]:
    from kg.extract import Extractor as Full  # the bundled lexicon: rules meet real known names

    ex = next(Full().extract([Paper("t", text)]))
    return {(m.type, m.name, m.role) for m in ex.mentions}


def test_enumeration_with_a_known_benchmark_names_benchmarks():
    got = _found("On ADE20K, Pascal Context and COCO-Stuff, FlowNet improves mIoU by 2 points.")
    assert {("benchmark", "Pascal Context", None), ("benchmark", "COCO-Stuff", None)} <= got
    assert ("benchmark", "COCO", None) not in got  # COCO-Stuff is its own dataset
    assert not any(name == "FlowNet" and kind == "benchmark" for kind, name, _ in got)  # the list ended at "and"
    # no known benchmark in the list: nothing is guessed
    assert not any(k == "benchmark" for k, _, _ in _found("We thank Alice Smith, Bob Jones and Carol White."))


def test_unknown_baselines_after_a_comparison_are_compared_algorithms():
    got = _found("We propose FooNet. FooNet outperforms SAN and CAT-Seg, and is faster than BarGAN.")
    assert {("algorithm", "SAN", "compared"), ("algorithm", "CAT-Seg", "compared"),
            ("algorithm", "BarGAN", "compared")} <= got
    # the paper's own variants, plain words and numbers are not baselines
    got = _found("We propose FooNet. FooNet-S outperforms the original model over 3 seeds and over time.")
    assert {name for kind, name, _ in got if kind == "algorithm"} == set()


def test_a_name_before_a_math_object_is_not_a_method():
    got = _found("We study Langevin dynamics and establish convergence in the Wasserstein-2 distance.")
    assert not any(kind == "method" for kind, _, _ in got)


def test_a_name_in_apposition_to_a_new_benchmark_is_proposed():
    text = "We release a new benchmark, DrugBench-500, which covers 500 drug pairs."
    ex = next(Extractor().extract([Paper("t", text)]))
    names = {(m.type, m.name, m.proposed) for m in ex.mentions}
    assert ("method", "DrugBench-500", True) in names and ("benchmark", "DrugBench-500", True) in names


def test_attains_is_a_result_and_contrast_opening_ends_at_its_comma():
    from kg.extract import Extractor as Full

    text = ("We propose FooSAM, a variant of sharpness-aware minimization. Compared to SGD and Adam, FooSAM attains "
            "lower test error with ResNet-50.")
    ex = next(Full().extract([Paper("t", text)]))
    claim = next(c for c in ex.claims if "attains" in c.sentence)
    assert claim.subject == "FooSAM" and set(claim.baselines) == {"SGD", "Adam"}  # not the backbone ResNet-50


def test_late_sentence_with_a_measured_value_is_a_claim_without_we():
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    s = "Fine-tuning the encoder on synthetic captions improves recall by 10% on negated retrieval."
    assert classify_sentence(s, 4, load_cues(), False, late=True)[0] == "empirical"
    assert classify_sentence(s, 1, load_cues(), False, late=False)[0] is None  # early: background
    # passive "revealed" is not a finding
    bg = "We consider bandits in which rewards are revealed with random delays."
    assert classify_sentence(bg, 0, load_cues(), False)[0] is None


def test_a_decimal_after_a_name_with_digits_is_a_version():
    from kg.extract.claims import find_values

    s = "It outperforms wav2vec 2.0 and reaches an FID of 2.1."
    assert [s[a:b] for a, b in find_values(s)] == ["2.1"]


def test_a_late_measured_value_is_itself_the_result():
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    s = "Across both models, up to 23% of rewarded solutions on MATH contain invalid reasoning."
    assert classify_sentence(s, 2, load_cues(), False, late=True)[0] is not None
    assert classify_sentence("Up to 23% of web pages contain errors.", 0, load_cues(), False)[0] is None


def test_claim_cues_for_non_rl_result_sentences():
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    c = load_cues()
    # "a new state of the art" is a result, not the announcement of something new
    s = "ZetaNet lowers the error by 3.2 on CityScenes over two baselines, establishing a new state of the art."
    assert classify_sentence(s, 5, c, True, late=True)[0] == "empirical"
    assert classify_sentence("We present ZetaNet, a new segmentation model.", 2, c, True)[0] is None
    # a "despite ..." opening is background unless it speaks of the paper's own method
    s = "Despite its simplicity, ZetaNet reduces latency by 40% on three detection tasks."
    assert classify_sentence(s, 4, c, True, late=True)[0] == "empirical"
    s = "Despite their success, graph kernels reduce expressivity on dense graphs."
    assert classify_sentence(s, 1, c, False)[0] is None
    # "our results suggest/indicate": a finding
    assert classify_sentence("Our results suggest that tokenization is a poor proxy for data quality.", 5, c,
                             False)[0] == "finding"
    assert classify_sentence("We suggest a simple rule for picking the temperature.", 2, c, False)[0] is None
    # "trains more stably than": a comparison of the paper's method
    s = "In language model fine-tuning, the proposed method trains more stably than Adam."
    assert classify_sentence(s, 4, c, False)[0] == "empirical"
    assert classify_sentence("The proposed method trains on more data than Adam.", 4, c, False)[0] is None
    # "it improves X": the paper's method named by a pronoun after its results
    s = "On the segmentation benchmarks, it improves mIoU by 1.8 over the strongest baseline."
    assert classify_sentence(s, 5, c, False, late=True)[0] == "empirical"
    assert classify_sentence("On segmentation, the prior work improves mIoU.", 1, c, False)[0] is None


def test_a_proposal_that_also_proves_or_shows_is_a_claim():
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    c = load_cues()
    s = "We introduce the shattering width and prove that it characterizes learnability."
    assert classify_sentence(s, 2, c, True)[0] == "theoretical"
    s = "We derive KappaPO, a listwise extension of DPO, and show that it recovers DPO as a special case."
    assert classify_sentence(s, 1, c, True)[0] is not None
    # an announcement alone is still not a claim
    assert classify_sentence("We introduce the shattering width, a new combinatorial dimension.", 2, c, True)[0] is None
    assert classify_sentence("We propose KappaPO, which builds on DPO and proven ideas.", 1, c, True)[0] is None


def test_names_listed_after_a_dataset_head_are_benchmarks():
    got = _found("We run experiments on three datasets: FooScenes, BAR-3D Indoor, and quxWorld. FooNet wins.")
    assert {("benchmark", "FooScenes", None), ("benchmark", "BAR-3D Indoor", None),
            ("benchmark", "quxWorld", None)} <= got
    got = _found("We evaluate on benchmarks such as Zeta-QA and OmegaText, where FooNet improves accuracy.")
    assert {("benchmark", "Zeta-QA", None), ("benchmark", "OmegaText", None)} <= got
    # numbers, plain words and lists without a dataset head are not benchmarks
    got = _found("Our datasets: we collect them from 12 and 40 sources. We compare Alice Smith and Bob Jones.")
    assert not any(k == "benchmark" for k, _, _ in got)


def test_enumerated_numbers_are_not_benchmark_names():
    got = _found("FooNet improves mAP by 6.1 on ADE20K and 4.3 on Cityscapes over prior work.")
    assert not any(k == "benchmark" and name[0].isdigit() for k, name, _ in got)


def test_capitalised_word_in_a_list_of_known_baselines_is_a_baseline():
    got = _found("We propose FooNet. FooNet outperforms FedAvg, FedProx, Quokka and pFedZZ on all splits.")
    assert {("algorithm", "Quokka", "compared"), ("algorithm", "pFedZZ", "compared")} <= got
    # without a known method in the list a capitalised word is not taken
    got = _found("We propose FooNet. FooNet is better than Gaussian and Laplace noise injection.")
    assert not any(name in ("Gaussian", "Laplace") for _, name, _ in got)


def test_a_coined_name_before_an_algorithm_head_is_an_algorithm():
    got = _found("We extend the SquareXY algorithm to delayed feedback and prove a regret bound.")
    assert any(k == "algorithm" and name == "SquareXY" for k, name, _ in got)
    got = _found("We analyse the learning algorithm and the Bayes estimator.")
    assert not any(k == "algorithm" and name in ("learning", "Bayes") for k, name, _ in got)


def test_short_forms_inside_a_big_o_expression_are_variables():
    got = _found("Our algorithm achieves a regret of Õ(√(KT log N) + SGD), where D is the delay.")
    assert not any(name == "SGD" for _, name, _ in got)
    got = _found("We train the student with SGD (Robbins and Monro) and reach O(1) memory.")
    assert any(name == "SGD" for _, name, _ in got)


def test_an_entry_that_lists_a_lower_case_form_matches_lower_case_text():
    import spacy

    from kg.extract.concepts import LexiconMatcher

    nlp = spacy.blank("en")
    lex = Lexicon.from_entries([LexiconEntry("transformer", "Transformer", "algorithm", ("Transformers", "transformers")),
                                LexiconEntry("mamba", "Mamba", "algorithm")])
    m = LexiconMatcher(lex, nlp.tokenizer)
    got = [(h.text, h.lexicon_id) for h in m(nlp("We train small transformers and a Mamba, not a mamba snake."))]
    assert got == [("transformers", "transformer"), ("Mamba", "mamba")]


def _extract_titled(title, text):
    from kg.extract import Extractor as Full

    return next(Full().extract([Paper("t", text, title=title)]))


def test_a_title_name_defined_with_an_acronym_is_one_method():
    ex = _extract_titled("Zeta-Sparse Routing: Cheap Experts for Everyone",
                         "We introduce Zeta-Sparse Routing (ZSR), which routes tokens cheaply. ZSR halves the cost.")
    methods = [m for m in ex.mentions if m.type == "method"]
    assert len(methods) == 1 and methods[0].name == "ZSR" and "Zeta-Sparse Routing" in methods[0].aliases


def test_a_known_benchmark_after_a_proposal_cue_is_not_always_proposed():
    # built from known benchmarks: those are used, not proposed
    got = _found("On a routing benchmark we construct from MMLU-Pro and GSM8K, FooRouter saves 60% of calls.")
    assert ("method", "MMLU-Pro", None) not in got and ("benchmark", "MMLU-Pro", None) in got
    # a known name inside the long form of the paper's acronym is not a proposed benchmark
    got = _found("We introduce Graph Selective Scan (GSS), an architecture for long-range graphs.")
    assert {name for kind, name, _ in got if kind == "method"} == {"GSS"}
    # still: "we introduce the X benchmark" proposes it
    got = _found("We introduce the LMRL-Gym benchmark for multi-turn language agents.")
    assert ("method", "LMRL-Gym", None) in got


def test_a_sized_name_of_the_own_model_is_the_method():
    ex = _extract_titled(None, "We present ProofSmith, a self-play prover. ProofSmith-7B proves 60% of miniF2F.")
    methods = [m for m in ex.mentions if m.type == "method"]
    assert len(methods) == 1 and "ProofSmith-7B" in methods[0].aliases
    assert not any(m.type == "model" and m.name.startswith("ProofSmith") for m in ex.mentions)


def test_a_coined_baseline_listed_with_known_models_is_a_model():
    got = _found("We propose FooProver. FooProver surpasses DeepSeek-Prover-V1.5 and BarLM2.5-StepProver.")
    assert any(kind == "model" and name == "BarLM2.5-StepProver" for kind, name, _ in got)


def test_more_claim_shapes():
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    c = load_cues()
    # a proposal in a sentence that reports a measured result is a claim
    s = "On a suite we construct from three QA sets, FooRouter reduces large-model calls by 62%."
    assert classify_sentence(s, 4, c, True, late=True)[0] == "empirical"
    assert classify_sentence("On a suite we construct from three QA sets, we train FooRouter.", 4, c, True)[0] is None
    # a result stated first, then a proposal
    s = "We find that reward models prefer agreeable answers and propose a simple fix."
    assert classify_sentence(s, 3, c, False)[0] == "finding"
    # "It also generalizes ..., outperforming X": the paper's method, late in the abstract only
    s = "It also generalizes to unseen model pairs, outperforming two routers."
    assert classify_sentence(s, 5, c, False, late=True)[0] == "empirical"
    assert classify_sentence(s, 1, c, False, late=False)[0] is None
    # a user study is the authors' own; "corroborate" and "halves" state results
    assert classify_sentence("A user study with 40 raters confirms the gain.", 5, c, False)[0] is not None
    assert classify_sentence("Experiments on rotated digits corroborate the predicted scaling.", 5, c, False)[0] is not None
    assert classify_sentence("Simple filtering halves the measured bias in our experiments.", 5, c, False)[0] is not None
    assert classify_sentence("A user manual describes the interface.", 5, c, False)[0] is None


def test_a_proposal_after_an_argument_in_the_same_sentence_names_the_contribution():
    got = _found("We argue that accuracy on preference pairs hides biases and introduce SycoZed, a suite of paired prompts.")
    assert ("method", "SycoZed", None) in got
    # "and introduce" without "we" earlier in the sentence is not this paper's proposal
    got = _found("Prior studies measured accuracy on preference pairs and introduced SycoZed last year.")
    assert ("method", "SycoZed", None) not in got


def test_baselines_after_schemes_such_as():
    got = _found("We propose FooMark. Token-level schemes such as KQW and Bigram-Mark are removed by paraphrasing.")
    assert {name for kind, name, _ in got if kind == "algorithm"} >= {"KQW", "Bigram-Mark"}


def test_late_comparisons_derivations_and_improving_on_are_claims():
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    c = load_cues()
    s = "Applied to tree embeddings, the estimator detects anomalies with an AUROC of 0.94, outperforming two mixtures."
    assert classify_sentence(s, 4, c, False, late=True)[0] == "empirical"
    assert classify_sentence(s, 1, c, False, late=False)[0] is None  # early: other people's results
    s = "We define a hyperbolic density estimator and derive its minimax convergence rate over Sobolev classes."
    assert classify_sentence(s, 2, c, False)[0] == "theoretical"
    assert classify_sentence("We derive a new estimator for hyperbolic data.", 2, c, False)[0] is None
    s = "ZetaSort runs in O(n log n) time, improving on the quadratic cost of earlier operators."
    assert classify_sentence(s, 3, c, True, late=True)[0] is not None


def test_baselines_after_matches_the_accuracy_of():
    got = _found("We propose ZetaSort. ZetaSort matches the accuracy of NeuroSortX and FastRankQ while being faster.")
    assert {name for kind, name, _ in got if kind == "algorithm"} >= {"NeuroSortX", "FastRankQ"}
    got = _found("We propose ZetaSort. ZetaSort matches human ranking quality on NeuroSortX data.")
    assert not any(kind == "algorithm" and name == "NeuroSortX" for kind, name, _ in got)


FIELD_LEX = Lexicon.from_entries([
    LexiconEntry(f"f{i}", name, "field") for i, name in enumerate(
        ["reinforcement learning", "offline reinforcement learning", "robotics", "meta-learning",
         "continual learning", "imitation learning", "time series forecasting"])])


def _fields(title, text):
    ex = next(Extractor(FIELD_LEX).extract([Paper("t", text, title=title)]))
    return [m for m in ex.mentions if m.type == "field"]


def test_a_field_the_title_names_is_a_field_of_the_paper():
    text = "We propose Zephyr, a transformer for long horizons. Zephyr lowers error by 12% on ETTh1."
    (f,) = _fields("Zephyr: Long-Horizon Time Series Forecasting with Transformers", text)
    assert f.name == "Time Series Forecasting" and f.lexicon_id == "f6"
    # its evidence is the title; the span is empty, since evidence offsets point into the abstract
    (ev,) = f.evidence
    assert ev.sentence.startswith("Zephyr: Long-Horizon") and (ev.start, ev.end) == (0, 0)
    assert ev.extractor == "lexicon:title"
    assert _fields(None, text) == [] and _fields("Zephyr: Long Horizons", text) == []


def test_fields_the_title_names_come_first_and_are_not_doubled():
    text = ("Reinforcement learning, offline reinforcement learning, robotics, meta-learning and "
            "imitation learning all need data. We study continual learning in this light.")
    names = [f.name for f in _fields("Continual Learning Without Forgetting", text)]
    # at most five; the title's field is kept (and listed once) although the abstract names it last
    assert len(names) == 5 and sum(n.lower() == "continual learning" for n in names) == 1
    assert "imitation learning" not in names  # the sixth field of the abstract gives way
    untitled = [f.name for f in _fields(None, text)]
    assert len(untitled) == 5 and "continual learning" not in untitled


@pytest.mark.parametrize("sentence, is_claim", [
    ("These findings highlight the potential of ICRL as a scalable approach.", True),
    ("Our results underscore the importance of data diversity for robust generalization.", True),
    ("Experiments on Atari show consistent gains over strong baselines.", True),
    ("Recent studies highlight the importance of exploration in sparse-reward tasks.", False),  # others' work
    ("Prior work has shown strong performance on Atari.", False),
])
def test_closing_result_phrases_are_claims(sentence, is_claim):
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    assert (classify_sentence(sentence, 5, load_cues(), False)[0] is not None) == is_claim


@pytest.mark.parametrize("sentence, own, kind", [
    # "provably" states a guarantee; a comparison may sit a few words before "than"
    ("ZetaFlow is training-free and provably preserves the marginal law of the sampler.", True, "theoretical"),
    ("Moreover, it is more robust to client dropout than two strong baselines.", False, "empirical"),
    # a closing sentence about the study's results: guidance, a call, a recommendation are findings
    ("These results provide practical guidance for choosing among regularizers.", False, "finding"),
    ("These findings call for causal evaluation in every interpretability pipeline.", False, "finding"),
    ("Our study suggests that verification, not refinement, is the bottleneck.", False, "finding"),
    ("Our results indicate that ignoring label noise can bias the conclusions.", False, "finding"),
    # a tie between theory and experiment cues goes to the one said first
    ("We derive performance guarantees for FooNet and demonstrate its empirical effectiveness.", True, "theoretical"),
    ("We prove that the iteration count grows logarithmically with the dataset size.", False, "theoretical"),
    # an observation about a phenomenon (not the paper's method) that reports a number
    ("Across twelve models, we observe that accuracy drops by 31% on counterfactual images.", False, "finding"),
    # a measured gain is empirical even where the opening names an analysis as its source
    ("Guided by these observations, we propose FooAug, which improves the certified radius by 9% over Gaussian noise.",
     True, "empirical"),
    ("Guided by the analysis, we propose FooExp, which improves the score of IQL by 4.1 points.", True, "empirical"),
    # "better calibrated" is an experimental outcome, not a theorem
    ("In Bayesian neural networks, FooSVGD yields better calibrated posteriors than HMC.", True, "empirical"),
])
def test_claim_kind_cues(sentence, own, kind):
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    assert classify_sentence(sentence, 5, load_cues(), own, late=True)[0] == kind


@pytest.mark.parametrize("sentence", [
    "Provably efficient algorithms have been proposed for tabular settings.",  # others' work, no "we"
    "Recent studies suggest that larger models are more robust to noise than small ones.",
    "The guidance scale is chosen by a grid search.",
    "We hope these results provide guidance for practitioners.",  # hope: not a result
])
def test_claim_cues_stay_quiet_in_background(sentence):
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    assert classify_sentence(sentence, 1, load_cues(), False)[0] is None


def test_claim_without_kind_cue_takes_the_papers_kind():
    from kg.extract.claims import classify_sentence, paper_kind
    from kg.extract.cues import load_cues

    c = load_cues()
    theory = ("We prove a regret bound for FooUCB. The bound is minimax optimal. "
              "To the best of our knowledge, this is the first algorithm to break the curse of dimensionality.")
    assert paper_kind(theory, c) == "theoretical"
    assert paper_kind("Experiments on ten datasets show that FooNet outperforms baselines. "
                      "Its theoretical motivation is simple.", c) == "empirical"
    s = "To the best of our knowledge, this is the first algorithm to break the curse of dimensionality."
    assert classify_sentence(s, 2, c, False, prior="theoretical")[0] == "theoretical"
    assert classify_sentence(s, 2, c, False)[0] == "empirical"


def test_late_result_after_the_paper_speaks_of_its_own_work(extractor):
    text = ("Sparse probes are widely used to read out features of language models. "
            "It is unclear whether their features matter for the computation. "
            "We conduct a large-scale study of probes trained on three open models. "
            "Training with more data improves probe accuracy but does not improve faithfulness. "
            "Compared to dense probes, sparse probes provably select fewer directions.")
    sents = [c.sentence for c in run(extractor, text).claims]
    assert any(s.startswith("Training with more data") for s in sents)
    assert any(s.startswith("Compared to dense probes") for s in sents)
    # before the paper speaks of its own work, the same shape is background
    bg = ("We revisit probes. Dense probes are common. Sparse probes are popular. "
          "Prior work reports that training with more data improves probe accuracy. "
          "Earlier analyses show that sparse probes provably select fewer directions.")
    assert not any("Prior work" in c.sentence or "Earlier" in c.sentence for c in run(extractor, bg).claims)


def test_late_result_without_own_work_needs_the_flag():
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    c = load_cues()
    s = "Training with GRPO on verifiable rewards improves accuracy but does not improve faithfulness."
    assert classify_sentence(s, 5, c, False, late=True, after_own=True)[0] is not None
    assert classify_sentence(s, 5, c, False, late=True)[0] is None
    assert classify_sentence(s, 1, c, False, late=False, after_own=True)[0] is None  # early: background
    s = "Existing methods such as GRPO improve accuracy on math benchmarks."
    assert classify_sentence(s, 5, c, False, late=True, after_own=True)[0] is None


@pytest.mark.parametrize("sentence, kind", [
    ("Experiments show consistent gains of 3 to 5 points over strong baselines.", "empirical"),
    ("Our method yields consistent improvements across all benchmarks.", "empirical"),
    ("We prove that the estimator is consistent and asymptotically normal.", "theoretical"),
])
def test_consistent_gains_are_empirical_a_consistent_estimator_theoretical(sentence, kind):
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues

    assert classify_sentence(sentence, 5, load_cues(), False)[0] == kind


def test_a_name_spelled_out_after_it_is_the_own_method_even_if_a_known_short_form():
    lex = Lexicon.from_entries([LexiconEntry("cem", "CEM", "algorithm", ("cross-entropy method",))])
    ex = next(Extractor(lex).extract([Paper("p", "We introduce CEM (Counterfactual Exposure Modeling), which debiases "
                                                 "recommenders. CEM improves NDCG over IPS.")]))
    methods, algos = by_type(ex, "method"), by_type(ex, "algorithm")
    assert "CEM" in methods and "Counterfactual Exposure Modeling" in methods["CEM"].aliases and "CEM" not in algos
    # the known long form spelled out: the known concept, not a new method
    ex = next(Extractor(lex).extract([Paper("p", "We propose to tune CEM (cross-entropy method) with restarts.")]))
    assert "CEM" not in by_type(ex, "method")
    got = _found("We propose AMF (Active Multi-task Fine-tuning), an algorithm for demonstrations.")
    assert ("method", "AMF", None) in got


def test_a_cue_about_the_own_method_names_nothing_new():
    got = _found("We propose FedZQ, which corrects label noise. We establish convergence of FedZQ under non-IID data.")
    assert ("method", "FedZQ", None) in got and not any(name == "non-IID" for _, name, _ in got)
    # a second name of the paper's own in a later proposal sentence is still found
    got = _found("We propose FedZQ for label noise. We also introduce FedZQ-Lite, a smaller variant.")
    assert ("method", "FedZQ-Lite", None) in got


def test_a_baseline_list_may_open_with_a_multi_word_known_method():
    got = _found("We present FooIL. FooIL surpasses behavioral cloning, DWZC and ILZZD on mixed-quality data.")
    assert {"DWZC", "ILZZD"} <= {name for kind, name, _ in got if kind == "algorithm"}
    # lower-case words after the known method are not names
    got = _found("We present FooIL. FooIL surpasses behavioral cloning and standard fine-tuning on robot data.")
    assert not any(name in ("standard", "fine-tuning") for _, name, _ in got)


def test_baselines_after_networks_or_models_like():
    got = _found("We propose FooHG. Hypergraph networks like HGZN and HyperZCN reduce hyperedges to cliques.")
    assert {"HGZN", "HyperZCN"} <= {name for kind, name, _ in got if kind == "algorithm"}
    got = _found("We propose FooHG. Models like Humans and Animals learn from few examples.")
    assert not any(name in ("Humans", "Animals") for _, name, _ in got)


def test_a_name_made_like_a_benchmark_is_a_benchmark():
    got = _found("We propose FooCount. It improves counting accuracy on CountZBench and TallyZQA by 11 points, "
                 "and MedZQA accuracy by 3 points.")
    assert {"CountZBench", "TallyZQA", "MedZQA"} <= {name for kind, name, _ in got if kind == "benchmark"}
    # task acronyms are not benchmark names
    got = _found("We propose FooKB for KBQA and ODQA.")
    assert not any(kind == "benchmark" for kind, _, _ in got)


def test_a_repeated_short_form_inside_a_longer_known_name_is_the_longer_concept():
    got = _found("Sparse autoencoders (SAEs) are popular. We show that TopK SAEs and JumpReLU SAEs absorb features.")
    algos = {name for kind, name, _ in got if kind == "algorithm"}
    assert {"SAEs", "TopK SAEs", "JumpReLU SAEs"} <= algos


def test_a_repeated_short_form_after_a_plain_adjective_stays_the_short_concept():
    got = _found("Mixture-of-Experts (MoE) layers scale capacity. Sparse Mixture-of-Experts layers route tokens to experts.")
    assert not any(kind == "algorithm" and name.lower().startswith("sparse") for kind, name, _ in got)


@pytest.mark.parametrize("text, sentences", [
    # spaCy keeps "k." one token (an abbreviation exception): a capital after it still opens a sentence
    ("The regret is logarithmic in k. Our method is fast.", ["The regret is logarithmic in k.", "Our method is fast."]),
    ("It grows linearly in d. We prove a matching bound.", ["It grows linearly in d.", "We prove a matching bound."]),
    # spaCy keeps a model size and its full stop one token ("7B."): a capital after it opens a sentence
    ("We test GPT-J and Qwen-2-14B. We find gains.", ["We test GPT-J and Qwen-2-14B.", "We find gains."]),
    ("Sizes reach 70B. Larger ones fail.", ["Sizes reach 70B.", "Larger ones fail."]),
    # initials and "e.g." stay inside their sentence
    ("As shown by J. Smith and A. Jones, it works.", ["As shown by J. Smith and A. Jones, it works."]),
    ("Optimisers, e.g. Adam, help. So does SGD.", ["Optimisers, e.g. Adam, help.", "So does SGD."]),
])
def test_a_sentence_ending_in_a_variable_or_a_model_size_ends(extractor, text, sentences):
    from kg.extract import make_doc

    doc = extractor.nlp(make_doc(extractor.nlp, text))
    assert [text[s:e] for s, e in doc._.kg_sents] == sentences


@pytest.mark.parametrize("sentence, index, own, kind", [
    # a bound the method optimizes describes it: a proposal, not a proven result
    ("We propose FooVAE, which learns the prior by maximizing a tighter evidence lower bound.", 2, True, None),
    ("We prove a tight lower bound on the regret of any such learner.", 3, False, "theoretical"),
    # "reduces to X" is a special case, not a reduction in something
    ("FooLoss reduces to the hinge loss when the margin is zero.", 3, True, None),
    ("FooLoss reduces the error by half on three datasets.", 4, True, "empirical"),
    # theory results announced with a contribution verb
    ("We establish convergence rates that hold under non-smooth losses.", 3, False, "theoretical"),
    ("We obtain a sample complexity bound that is polynomial in the horizon.", 3, False, "theoretical"),
    # "show <adverb> that", "showing that"
    ("We show empirically that the gap persists at larger scales.", 4, False, "empirical"),
    ("We give a convergence analysis of BarSampler, showing that its error scales linearly with the dimension.", 2, False,
     "theoretical"),
    # exact characterizations, agreement with the theory, calls for action
    ("We characterize the test error of ridge regression exactly in the proportional regime.", 2, False, "theoretical"),
    ("Experiments on image benchmarks follow the trends predicted by our theory.", 5, False, "empirical"),
    ("Our findings call for reporting variance across seeds.", 5, False, "finding"),
    # kind cues: equivalence in a limit and unbiasedness are theory; tracing a failure to a cause is a finding
    ("We show that the two objectives are equivalent in the limit of infinite data.", 3, False, "theoretical"),
    ("We show that the resulting score is an unbiased estimate of the risk.", 3, False, "theoretical"),
    ("We trace the instability back to the growth of attention logits.", 4, False, "finding"),
    ("Ablations show that both components are needed.", 5, False, "empirical"),
])
def test_claim_cues_for_bounds_reductions_and_characterizations(sentence, index, own, kind):
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues
    assert classify_sentence(sentence, index, load_cues(), own, late=index >= 3, prior="theoretical" if kind is None else "empirical")[0] == kind


def test_an_optimized_bound_does_not_make_a_paper_theoretical():
    from kg.extract.claims import paper_kind
    from kg.extract.cues import load_cues
    text = ("We train the model by minimizing an upper bound on the distillation error. "
            "Our sampler maximizes a variational lower bound. It attains an FID of 2.1 in one step.")
    assert paper_kind(text, load_cues()) == "empirical"
    assert paper_kind("We prove an upper bound and a matching lower bound on the regret.", load_cues()) == "theoretical"


def test_claim_kinds_self_consistency_special_cases_and_exposed_biases():
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues
    c = load_cues()
    # "self-consistency" (a prompting method) is not statistical consistency
    s = "We find that self-consistency helps small models only on arithmetic."
    assert classify_sentence(s, 3, c, False)[0] == "finding"
    assert classify_sentence("We prove that the estimator is consistent under weak assumptions.", 3, c, False)[0] == "theoretical"
    s = "We show that three popular regularizers are special cases of one penalty."
    assert classify_sentence(s, 2, c, False)[0] == "theoretical"
    s = "Our analysis exposes a trade-off between calibration and sharpness."
    assert classify_sentence(s, 3, c, False)[0] == "finding"


def test_baseline_lists_go_on_past_multi_word_items():
    # a lower-case method name, a modifier or a head word inside the list does not end it
    got = _found("We propose FooGen. It outperforms adversarial distillation, ZetaGAN and the QNetx baseline on CIFAR-10.")
    assert {"ZetaGAN", "QNetx"} <= {name for kind, name, _ in got if kind == "algorithm"}
    got = _found("We propose FooBand. In cumulative regret it beats delayed LinUCB and OTDx.")
    assert "OTDx" in {name for kind, name, _ in got if kind == "algorithm"}
    # a phrase after the first item ends the list: nothing after it is a baseline
    got = _found("We propose FooBand. It outperforms PPO in sample efficiency and Robustness Score.")
    assert not any(name in ("Robustness Score", "Robustness", "Score") for _, name, _ in got)


def test_the_name_a_proposal_is_a_variant_of_is_what_it_builds_on():
    got = _found("We design a communication-efficient variant of the ZetaSGD algorithm that compresses updates.")
    assert ("algorithm", "ZetaSGD", "builds_on") in got
    assert not any(kind == "method" and name == "ZetaSGD" for kind, name, _ in got)
    got = _found("We propose an extension of KappaNet, called KappaFlow, that handles missing views.")
    assert any(kind == "method" and name == "KappaFlow" for kind, name, _ in got)
    assert not any(kind == "method" and name == "KappaNet" for kind, name, _ in got)


def test_names_before_plural_benchmark_heads():
    got = _found("We propose FooASR. On the ZetaSpeech and KappaTalk corpora it halves the error.")
    assert {("benchmark", "ZetaSpeech", None), ("benchmark", "KappaTalk", None)} <= got
    got = _found("We propose FooRL. Experiments on the ZetaSim and KappaWorld simulators show gains.")
    assert {("benchmark", "ZetaSim", None), ("benchmark", "KappaWorld", None)} <= got


def test_a_known_name_spelled_as_one_word_is_the_known_concept():
    # the lexicon spells it "Libri-Light"; a rule that finds "LibriLight" links it to the known concept
    ex = next(Extractor().extract([Paper("t", "We propose FooTTS. We pretrain on the LibriLight corpus.")]))
    got = {(m.type, m.name, m.lexicon_id) for m in ex.mentions}
    assert ("benchmark", "LibriLight", "librilight") in got


def test_a_name_set_off_after_our_method_is_the_contribution():
    got = _found("Unlike prior work, our framework, KappaFlowX, scales to long inputs.")
    assert any(kind == "method" and name == "KappaFlowX" for kind, name, _ in got)
    got = _found("We study robustness. The proposed benchmark, ZetaSafetyQA, contains 3,000 questions.")
    assert {("method", "ZetaSafetyQA"), ("benchmark", "ZetaSafetyQA")} <= {(k, n) for k, n, _ in got}
    # a coinage around a known name is the paper's, with the known name as its parent
    ex = next(Extractor().extract([Paper("t", "Our approach, LoRA-ZQ, initializes adapters from gradients.")]))
    (m,) = [m for m in ex.mentions if m.name == "LoRA-ZQ"]
    assert m.type == "method" and m.proposed and m.parent == "lora"
    assert not any(k == "method" for k, _, _ in _found("Our method, however, is slow on long inputs."))


def test_a_paper_that_introduces_a_known_algorithm_proposes_it():
    ex = next(Extractor().extract([Paper("t", "We present Direct Preference Optimization (DPO), a simple algorithm. "
                                              "DPO outperforms PPO.")]))
    (m,) = [m for m in ex.mentions if m.name == "DPO"]
    assert m.type == "method" and m.proposed and m.lexicon_id == "dpo"
    # applying or building on a known algorithm is not introducing it
    for text in ("We propose to use Proximal Policy Optimization (PPO) to train the agent.",
                 "We develop a router based on Proximal Policy Optimization (PPO).",
                 "We introduce Proximal Policy Optimization (PPO) into chip placement."):
        ex = next(Extractor().extract([Paper("t", text)]))
        assert [m.type for m in ex.mentions if m.name == "PPO"] == ["algorithm"], text


def test_a_form_spacy_splits_also_matches_as_one_token():
    import spacy

    from kg.extract.concepts import LexiconMatcher

    nlp = spacy.blank("en")
    lex = Lexicon.from_entries([LexiconEntry("zet20k", "ZET20K", "benchmark"),
                                LexiconEntry("libri-foo", "Libri-Foo", "benchmark"),
                                LexiconEntry("quux-net", "Quux-Net", "algorithm"),
                                LexiconEntry("quuxnet-bench", "QuuxNet", "benchmark")])
    m = LexiconMatcher(lex, nlp.tokenizer)
    # spaCy keeps "ZET20K." one token before a full stop but splits the bare form "ZET20" "K"
    text = "We test on ZET20K. We also use LibriFoo and Libri-Foo."
    assert [(h.text, h.lexicon_id) for h in m(nlp(text))] == [
        ("ZET20K", "zet20k"), ("LibriFoo", "libri-foo"), ("Libri-Foo", "libri-foo")]
    # the fused spelling never takes a surface another entry writes as one word
    assert [h.lexicon_id for h in m(nlp("QuuxNet and Quux-Net."))] == ["quuxnet-bench", "quux-net"]


@pytest.mark.parametrize("text, name", [
    ("We introduce a kernel preconditioner with a learned spectrum, SpecPre. It is fast.", "SpecPre"),
    ("We propose a new optimizer with per-layer step sizes, LayerStep, which converges faster.", "LayerStep"),
])
def test_a_name_closing_a_clause_that_describes_a_method_is_that_method(text, name):
    ex = _extract_titled(None, text)
    assert [(m.type, m.name) for m in ex.mentions if m.proposed] == [("method", name)]


@pytest.mark.parametrize("text", [
    "We introduce a method with adaptive momentum, Adam.",  # a known algorithm is not the paper's name
    "We propose a method for control that beats PPO, SAC.",  # a list of baselines, not an apposition
])
def test_a_known_or_listed_name_after_a_method_clause_is_not_proposed(text):
    assert not any(m.proposed for m in _extract_titled(None, text).mentions)


def test_a_known_benchmark_with_a_variant_suffix_is_that_variant():
    # the full name, under the known benchmark; a lower-case suffix is no variant
    ex = _extract_titled(None, "We test robustness on CIFAR-100-Noisy and report results on TREC Fair Ranking 2022, "
                               "using COCO-style annotations throughout.")
    bench = {m.name: m for m in ex.mentions if m.type == "benchmark"}
    assert "CIFAR-100-Noisy" in bench and bench["CIFAR-100-Noisy"].parent == "cifar-100"
    assert "TREC Fair Ranking 2022" in bench and bench["TREC Fair Ranking 2022"].parent == "trec-fair-ranking"
    assert "COCO-style" not in bench and "CIFAR-100" not in bench


@pytest.mark.parametrize("text, name", [
    ("Results on the Lalonde dataset confirm the bound.", "Lalonde"),
    ("We also build a semi-synthetic Jobs benchmark from census records.", "Jobs"),
])
def test_a_capitalised_word_after_an_article_before_a_dataset_head_is_a_benchmark(text, name):
    assert name in {m.name for m in _extract_titled(None, text).mentions if m.type == "benchmark"}


@pytest.mark.parametrize("text", [
    "We release the Spanish corpus used in our study.",  # a language, not a name
    "The Recent dataset shift literature is vast.",  # no article before the word
])
def test_a_language_or_sentence_start_before_a_dataset_head_is_no_benchmark(text):
    assert not [m.name for m in _extract_titled(None, text).mentions if m.type == "benchmark"]


def test_an_acronym_the_named_method_applies_is_an_algorithm_not_the_contribution():
    ex = _extract_titled(None, "We present WaveMix, a compact forecaster that applies the discrete wavelet "
                               "transform (DWT) to every channel. WaveMix is fast.")
    assert [m.name for m in ex.mentions if m.proposed] == ["WaveMix"]
    assert "DWT" in {m.name for m in ex.mentions if m.type == "algorithm"}


def test_a_known_algorithm_acronym_listed_with_known_benchmarks_is_a_benchmark():
    # "ACDC" is automatic circuit discovery in the lexicon, and a cardiac MRI dataset in this list
    ex = _extract_titled(None, "Dice improves on the Synapse, ACDC and ISIC 2018 datasets.")
    bench = {m.name: m for m in ex.mentions if m.type == "benchmark"}
    assert "ACDC" in bench and bench["ACDC"].lexicon_id is None
    assert "ACDC" not in {m.name for m in ex.mentions if m.type == "algorithm"}


def test_a_known_algorithm_in_a_list_with_a_benchmark_but_no_dataset_word_stays_an_algorithm():
    ex = _extract_titled(None, "Experiments on Atari, DQN and PPO show gains.")
    assert {"DQN", "PPO"} <= {m.name for m in ex.mentions if m.type == "algorithm"}
    assert not {"DQN", "PPO"} & {m.name for m in ex.mentions if m.type == "benchmark"}


@pytest.mark.parametrize("text, names", [
    ("We introduce SparkOpt, a warmup-free optimizer. Baselines include VeloNet, Drumlin and Adam.",
     {"VeloNet", "Drumlin", "Adam"}),
    ("SparkOpt consistently beats strong baselines (VeloNet, Drumlin, and QRS) on CIFAR-10.", {"VeloNet", "Drumlin", "QRS"}),
    ("Our baselines: AdamW, Drumlin and VeloNet-2 with the same budget.", {"AdamW", "Drumlin", "VeloNet-2"}),
])
def test_coined_names_the_word_baselines_lists_are_compared_algorithms(text, names):
    ex = _extract_titled(None, text)
    assert names <= {m.name for m in ex.mentions if m.type == "algorithm"}


@pytest.mark.parametrize("text", [
    "Compared to the baselines (Table 2), SparkOpt is faster on ImageNet.",
    "Such baselines are often tuned by hand on CIFAR-10.",
])
def test_no_name_after_the_word_baselines_is_no_algorithm(text):
    assert not [m.name for m in _extract_titled(None, text).mentions if m.type == "algorithm"]


@pytest.mark.parametrize("text, lexicon_id", [
    ("The router takes a dual ascent step on the load constraint.", "dual-ascent"),
    ("We refresh the curvature estimate with Hessian-vector products.", "hessian-vector-product"),
    ("Edges are rewired by a discrete Ricci flow.", "ricci-flow"),
    ("Unlike full-parameter fine-tuning, our adapters train 1% of the weights.", "full-fine-tuning"),
])
def test_well_known_primitives_from_the_a6_round_are_algorithms(text, lexicon_id):
    ex = _extract_titled(None, text)
    assert lexicon_id in {m.lexicon_id for m in ex.mentions if m.type == "algorithm"}


def test_value_decomposition_inside_singular_value_decomposition_is_svd():
    ex = _extract_titled(None, "We compute a truncated singular value decomposition of the kernel matrix.")
    ids = {m.lexicon_id for m in ex.mentions if m.type == "algorithm"}
    assert "svd" in ids and "value-decomposition" not in ids


@pytest.mark.parametrize("sentence, index, own, after_own, kind", [
    # trends and correlations late in an abstract are findings
    ("The advantage of label smoothing vanishes as the number of classes grows.", 5, False, True, "finding"),
    ("Forgetting is strongly correlated with the norm of the weight update.", 4, False, True, "finding"),
    ("Surprisingly, doubling the context window does not help retrieval.", 4, False, True, "finding"),
    # "we further trace ... to": an observation, even with a measured value in it
    ("We further trace the errors to the tokenizer, which splits 12% of numbers inconsistently.", 4, False, True, "finding"),
    # a result without "we": closing a gap, generalizing, recovering, a number compared with another
    ("Pretraining on synthetic proofs closes most of the remaining gap.", 5, False, True, "empirical"),
    ("HexaNet generalizes to unseen molecule sizes without retraining.", 5, True, True, "empirical"),
    ("On simulated data, the sampler recovers the true posterior with a coverage of 0.93, compared to 0.71 for HMC.",
     4, False, True, "empirical"),
    # theory: rates attached to a property, impossibility, approximation power
    ("We give a mechanism that is O(1)-competitive against an oblivious adversary.", 2, False, False, "theoretical"),
    ("We show that no learner can achieve sublinear regret without feedback delays being bounded.", 3, False, True,
     "theoretical"),
    ("We show that the network is a universal approximator of permutation-invariant functions.", 3, True, True,
     "theoretical"),
    ("We prove that finding the optimal pruning mask is NP-hard.", 3, False, True, "theoretical"),
    ("We show that the hinge loss is an uncalibrated surrogate for top-k accuracy.", 3, False, True, "theoretical"),
    # early, after the paper speaks of its own study, a measured value is its result
    ("Accuracy falls by up to 40% on dialects absent from pretraining.", 2, False, True, "empirical"),
    # ... but not before, nor in a background sentence
    ("Accuracy falls by up to 40% on dialects absent from pretraining.", 1, False, False, None),
    ("Existing detectors miss 40% of such attacks.", 2, False, True, None),
    # an application "to real data" reads as empirical, not as the theory paper's kind
    ("Applied to real data, the test recovers the known change points.", 5, False, True, "empirical"),
])
def test_claim_cues_for_trends_gaps_and_impossibility(sentence, index, own, after_own, kind):
    from kg.extract.claims import classify_sentence
    from kg.extract.cues import load_cues
    # a theory paper's prior: the kinds below come from the sentence's own cues
    prior = "empirical" if "gap" in sentence or "generalizes" in sentence else "theoretical"
    got = classify_sentence(sentence, index, load_cues(), own, late=index >= 4, prior=prior,
                            after_own=after_own)[0]
    assert got == kind
