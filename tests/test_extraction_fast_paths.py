"""Fast paths of extraction give what the plain forms they replace give (same matches, same answers)."""
import json
import re
from importlib import resources

from kg.datafiles import load_patterns
from kg.extract.abbreviations import _in_order
from kg.extract.alternation import ascii_form, ascii_safe
from kg.extract.claims import _states_rate
from kg.extract.cues import fold, load_cues
from kg.extract.discovery.metrics import metric_phrase_data
from kg.extract.discovery.text import _anchored

_P = load_patterns("discovery_patterns")

TEXTS = [
    "Our Hermes model beats four baselines; our Quokka agent and your Atlas system, our  Foo method.",
    "our Hermes model",
    "Flour Mill method and detour Paths algorithm: our Zeta-2 framework, Our Beta dataset.",
    "baselines (e.g., PPO and SAC) and the baseline: A2C; strong baselines include DQN, nobaselines (x)",
    "baseline",
    "",
]


def _spans(matches):
    return [(m.span(), m.groups()) for m in matches]


def test_anchored_finds_what_finditer_finds():
    for t in TEXTS:
        assert _spans(_anchored(_P.our_name_head, t, "ur ", 1)) == _spans(_P.our_name_head.finditer(t)), t
        low = fold(t)
        assert _spans(_anchored(_P.baseline_head_list, low, "baseline")) == _spans(_P.baseline_head_list.finditer(low)), t


def test_anchored_matches_do_not_overlap():
    pattern = re.compile(r"aba")
    assert [m.span() for m in _anchored(pattern, "ababa aba", "aba")] == [(0, 3), (6, 9)]
    assert [m.span() for m in _anchored(pattern, "ababa aba", "b", 1)] == [(0, 3), (6, 9)]


def test_metric_head_spans_are_the_head_pattern_matches():
    data = metric_phrase_data(load_cues().metric_heads)
    assert data.head_words is not None  # the bundled heads are single words: the str.find path runs
    texts = [fold(t) for t in TEXTS] + [
        "error rate, costs, re-rate, rate@k, rate_x, @loss, loss-, accuracy's score error",
        "the errorrate and error-rate; scoreerror score.error élossé 3loss loss3 violation violations",
        "regret regret regretregret return-returns",
    ]
    for t in texts:
        assert data.head_spans(t) == [m.span() for m in data.head.finditer(t)], t


def test_in_order_is_a_subsequence_test():
    def reference(letters, text):
        i = 0
        for c in text:
            if i < len(letters) and c == letters[i]:
                i += 1
        return i == len(letters)

    cases = [(["p", "p", "o"], "proximal policy optimization"), (["d", "q", "n"], "deep q network"),
             (["d", "q", "n"], "deep network q"), (["a", "a"], "a"), ([], "x"), (["x"], ""),
             (["i̇"], "i̇stanbul"), (["s", "s"], "ss")]
    for letters, text in cases:
        assert _in_order(letters, text) == reference(letters, text), (letters, text)


def test_a_rate_needs_its_bracket():
    assert _states_rate("It converges at a rate of O(1/T).")
    assert _states_rate("within $\\tilde{O}(d)$ oracle calls")
    assert not _states_rate("It converges at a rate of O 1/T.")
    assert not _states_rate("It uses O(n) memory.")


#: sentences each "measure found by its value" pattern matches, some at the edges of its gate
BY_VALUE_TEXTS = [
    "the method reduces the query latency of the planner by 35% on average.",
    "it improves worst-case recall (wcr) by up to 4 points.",
    "our sampler gives 12.5% lower memory footprint than the baseline.",
    "the index yields 3 percentage points higher hit rate, and 2x faster decoding time.",
    "the tracking error drops from 0.9 to 0.4, while the miss rate is reduced by half.",
    "it achieves a mean episode return of 412 and attains an average success rate of 0.93.",
]


def test_each_measure_gate_is_part_of_every_match_of_its_pattern():
    # a gate may only skip a pattern where the pattern cannot match: every match holds a gate match
    data = metric_phrase_data()
    gated = [(p, g) for p, g in zip(data.by_value, data.by_value_gates) if g is not None]
    assert len(gated) == len(data.by_value)  # every pattern is gated
    for pattern, gate in gated:
        matches = [(t, m) for t in BY_VALUE_TEXTS for m in pattern.finditer(t)]
        assert matches, pattern.pattern[:40]  # each pattern matches some sentence above
        for t, m in matches:
            for g in gate:  # a gate given as a list: each of its tests is part of every match
                assert g.search(t, m.start(), m.end()), (pattern.pattern[:40], g.pattern[:40], t)



#: folded sentences for the role guards' literal look-ahead tests
ROLE_TEXTS = [
    "we show that the gap is driven by depth, while ppo does not, and that sac with or without replay fails.",
    "trained without density models, replay buffers or dqn, and uses no a2c, trpo nor sac; with and without ppo or x.",
    "foonet stays stable where x diverges, whereas y solves 7, while a and b fail; we find that z, and that w.",
    "we find that adam, and that sgd with momentum, converge. it needs no or  \n and x",
    "",
]


def test_role_guards_find_what_their_plain_searches_find():
    from kg.extract.roles import guards
    from kg.extract.roles.base import CONDITION, COMPLEMENT_END, OTHERS_WORK, last
    cues = load_cues()
    P = guards._P

    def long_complement(t, i):  # the guard as written before its look for "that"
        verb = last(cues.studied, t, max(0, i - guards._COMPLEMENT_REACH), i)
        if verb is None or not verb.group().endswith("that"):
            return None
        between = (verb.end(), i)
        if any(p.search(t, *between) for p in (cues.builds_on, cues.compared, cues.background, cues.proposal, CONDITION,
                                                OTHERS_WORK)) or cues.studied.search(t, *between):
            return None
        return verb

    def second_complement(t, i):  # the guard as written before its look for "and "
        m = last(P.and_that, t, 0, i)
        if m is None or CONDITION.search(t, m.end(), i) is not None:
            return None
        verb = last(cues.studied, t, 0, m.start())
        return m if verb is not None and verb.group().endswith(COMPLEMENT_END) else None

    found = {"absent": 0, "list": 0, "long": 0, "second": 0}
    for t in ROLE_TEXTS:
        for i in range(len(t) + 1):
            listed = P.absent_list.search(t, max(0, i - guards._ABSENT_LIST_REACH), i) is not None
            plain = P.absent.search(t, max(0, i - guards._ABSENT_REACH), i) is not None or listed
            assert guards.absent(t, i) == plain, (t, i)
            got, want = guards._long_complement(t, 0, 0, i, cues), long_complement(t, i)
            assert (got and got.span()) == (want and want.span()), (t, i)
            got, want = guards._second_complement(t, 0, 0, i, cues), second_complement(t, i)
            assert (got and got.span()) == (want and want.span()), (t, i)
            found["absent"] += plain
            found["list"] += listed
            found["long"] += want is not None
            found["second"] += got is not None
    assert all(found.values()), found  # the texts exercise every guard


def test_literal_shortcuts_hold_for_every_branch_of_their_patterns():
    # the shortcuts in code skip a pattern where a literal is absent ("and " for and_that, "that"/"call"
    # for evidence_says, "wh" for contrast_clause): every top-level branch of the data pattern, and every
    # word of contrast_clause's conjunction group, must carry that literal, or a branch added to the data
    # file would be skipped silently
    from kg.datafiles import pattern_entries
    from kg.extract.alternation import split_top

    def source(name, key):
        p = pattern_entries(name)[key]["pattern"]
        return "".join(p) if isinstance(p, list) else p

    for name, key, literals in (("role_guard_patterns", "and_that", ("and ",)),
                                ("claim_patterns", "evidence_says", ("that", "call"))):
        for branch in split_top(source(name, key)):
            assert any(lit in branch for lit in literals), (key, branch)
    conjunctions = re.search(r"\(\?:(w[^()]*)\)", source("role_opening_patterns", "contrast_clause")).group(1)
    assert all(w.startswith("wh") for w in conjunctions.split("|")), conjunctions


def test_clean_offsets_from_shared_integers_are_those_of_ranges(monkeypatch):
    # the offset lists are sliced from one shared list of integers; past its limit from ranges: the same maps
    import kg.text as text_module
    texts = [r"It re- quires $\Delta t$ and *training-free* Schr\"{o}dinger 58.7\% gains.",
             "Schro\u0308dinger ${\\cal O}(n)$ and \\textbf{bold} --- a \\cite{x} test~2.", "plain text", ""]
    fast = [text_module.clean(t) for t in texts]
    monkeypatch.setattr(text_module, "_COUNT_LIMIT", 0)
    monkeypatch.setattr(text_module, "_COUNT", [])
    slow = [text_module.clean(t) for t in texts]
    for t, f, s in zip(texts, fast, slow):
        assert (f.text, list(f.offsets), f.ends and list(f.ends)) == (s.text, list(s.offsets), s.ends and list(s.ends)), t
    assert fast[0].text != texts[0] and fast[0].ends is not None  # the rewriting path ran


def test_measure_gates_find_what_their_plain_forms_find():
    # three gates open with a literal ("by", "of") or a single space, not "\s+" or "\s" tried at every character:
    # each finds a match in a text exactly where its plain form does
    data = metric_phrase_data()
    value = json.loads((resources.files("kg") / "data" / "patterns" / "metric_phrases.json").read_text(
        encoding="utf-8"))["measure_by_value"]["value"]
    verbs = (r"(?:drops?|dropped|falls?|fell|decreases?|decreased|increases?|increased|rises?|rose|improves?|improved"
             r"|grows?|grew|shrinks?|shrank|is\s+(?:reduced|improved|increased|decreased|lowered|cut|halved))")
    plain = {0: r"\sby\s+{value}", 2: r"\s+" + verbs + r"\s+(?:by|from)\s+{value}", 3: r"\sof\s+[-+~≈]?\$?\d"}
    texts = BY_VALUE_TEXTS + [
        "by 5% nearby 3 x\tby\n 2 standby 4, by roughly 7, by half; by two; of 3 of $4 proof 5 of\t-6 of x",
        "the loss  drops \t by 3, dropsby 2, grew from 1 to 2, is  reduced by half, fell from  an order of magnitude",
        "it rose by", "of", "by 1", " of 1", "",
    ]
    for k, form in plain.items():
        gate, old = data.by_value_gates[k], re.compile(form.replace("{value}", value))
        hits = 0
        for t in texts:
            for piece in {t[i:j] for i in range(len(t) + 1) for j in range(i, min(len(t), i + 40) + 1)} | {t}:
                assert any(g.search(piece) is None for g in gate) == (old.search(piece) is None), (k, piece)
                if ascii_safe(piece):  # as discovery runs them on ASCII text
                    assert all((ascii_form(g).search(piece) is None) == (g.search(piece) is None) for g in gate)
                hits += old.search(piece) is not None
        assert hits > 20, k  # the texts exercise the gate


def test_model_size_gate_finds_what_its_plain_form_finds():
    from kg.extract.discovery.models import _MODEL_SIZE_GATE
    plain = re.compile(r"\d[BMbm]\b")
    texts = ["Llama3-8B and Qwen2.5-72B-Instruct, 350M params, 7b, 13 B, 3Bx, B7B, 1.5Mb, 70m.", "8B", "B", "m 2", ""]
    for t in texts:
        for piece in {t[i:j] for i in range(len(t) + 1) for j in range(i, len(t) + 1)}:
            assert (_MODEL_SIZE_GATE.search(piece) is None) == (plain.search(piece) is None), piece


def test_ends_with_one_of_is_the_plain_suffix_test():
    from kg.extract.discovery.metrics import _ends_with_one_of
    phrases = metric_phrase_data().not_metrics
    assert phrases
    names = [f"{w} {p}" for p in sorted(phrases)[:5] for w in ("the", "effective", "x y")] + sorted(phrases) + [
        "learning", "the rate", " ", "a  b", "", "x " + sorted(phrases)[0] + "s"]
    for name in names:
        assert _ends_with_one_of(name, phrases) == any(name.endswith(" " + n) for n in phrases), name
    assert sum(_ends_with_one_of(n, phrases) for n in names) >= 10



def test_enumerations_with_atomic_words_find_what_the_plain_form_finds():
    from kg.extract.discovery.benchmarks import _ENUMERATION_THE
    from kg.extract.discovery.lists import _ENUMERATION, _enumeration_items
    word = r"(?:[A-Z0-9]|[a-z]{1,12}(?=[A-Z]))[\w+.\-]*[\w+]?"  # the item word before its atomic group
    item = rf"{word}(?:(?<!\.)\s{word}){{0,2}}"
    plain = re.compile(rf"(?<![\w-])({item})((?:,\s+{item})*),?\s+(?:and|or)\s+({item})(?![\w-])")
    plain_the = re.compile(rf"(?<![\w-])({item})((?:,\s+{item})*),?\s+(?:and|or)\s+the\s+({item})(?![\w-])")
    texts = [
        "We test on ADE20K, Pascal Context and COCO-Stuff. On A.B, C.D. and E+ we beat C++ and D+.",
        "nuScenes, iNaturalist and KITTI; x-A and B-x, A- and B, GPT-4. And X, v1.2 and v1.3 and iPhone or iPad",
        "Foo Bar Baz Qux and Zeta Eta, the SMD, MSL, SMAP and PSM sets, IHDP, Jobs and the ACIC 2016 benchmark",
        "A, B, and C. A.B.C and D.E.F. Qwen2.5-7B-Instruct and Llama-3.1+ or GPT-4o.. and x A.and B",
        "aB and cD, abcdefghijklmnoP and Q, a1 and B2, 3D and 4D-X, A_b and C_d, Ä and B, A and B- and C",
        "",
    ]
    for pattern, reference in ((_ENUMERATION, plain), (_ENUMERATION_THE, plain_the)):
        found = [(m.span(), m.groups()) for t in texts for m in pattern.finditer(t)]
        assert found == [(m.span(), m.groups()) for t in texts for m in reference.finditer(t)]
        assert len(found) >= (8 if pattern is _ENUMERATION else 1)
        for t in texts:  # and from every position, as lists_after_benchmark_heads matches it
            for i in range(len(t)):
                f, p = pattern.match(t, i), reference.match(t, i)
                assert (f and (f.span(), f.groups())) == (p and (p.span(), p.groups())), (t, i)
                f, p = pattern.search(t, i), reference.search(t, i)
                assert (f and (f.span(), f.groups())) == (p and (p.span(), p.groups())), (t, i)
    m = _ENUMERATION.search(texts[0])
    assert [x for _, _, x in _enumeration_items(m)] == ["ADE20K", "Pascal Context", "COCO-Stuff"]


def test_no_title_name_in_a_window_means_none_before_any_stop_in_it():
    # _component_names_after leaves early when the whole reach holds no title-case name: a match that ends
    # before a stop word would be one in the whole reach too (its last word only runs on to its end)
    texts = ["two techniques: Foo Bar and Baz Qux, based on Graph-Net Transformer Blocks of Deep Nets via X-Y.",
             "we propose Stochastic Halpern Iteration-based Methods for the Kernel of A B, and Q-Learning Net.",
             "no names here at all, only-lower case words", "A B", "Ab-Cd Ef", ""]
    seen = 0
    for t in texts:
        for a in range(len(t) + 1):
            for b in range(a, min(len(t), a + 24) + 1):
                if _P.title_name.search(t, a, b) is None:
                    assert all(_P.title_name.search(t, a, stop) is None for stop in range(a, b + 1)), (t, a, b)
                else:
                    seen += 1
    assert seen > 100


def test_concept_matcher_on_the_sentence_splitters_columns_finds_what_it_finds_alone():
    # the matcher reads the token table the sentence splitter made (doc._.kg_tokens): the same hits as its own
    from kg.extract import Extractor, make_doc
    nlp = Extractor(calibrate=False).nlp
    procs = dict(nlp.pipeline)
    matcher = procs["kg_concepts"].matcher
    texts = ["We extend proximal policy optimisation and Q learning with PPO-Clip, VQ-GAN and ResNet-110 on MuJoCo.",
             "Qwen 2.5 7B and Llama-3-8B beat GPT-4 on MMLU; TD(λ) and O(1) memory. Fig. 2 shows ImageNet-1K results!",
             "", "x"]
    seen = 0
    for t in texts:
        doc = make_doc(nlp, t)
        doc._.kg_text = t
        doc = procs["kg_abbreviations"](procs["kg_sentences"](doc))
        table, idx = doc._.kg_tokens if len(doc) else (None, None)
        if table is not None:
            assert idx == doc.to_array(["IDX"]).tolist() and table.shape == (len(doc), 2)
            got = matcher(doc, text=t, columns=doc._.kg_tokens)
            assert got == matcher(doc), t
            seen += len(got)
    assert seen >= 8


def test_long_run_test_is_the_split_test():
    from kg.extract import _has_long_run
    texts = ["a " * 300, "a" * 199 + " b", "x " + "a" * 200, "a" * 200, "b\n" * 150, "c\t" * 40 + "d" * 250,
             ("w" * 99 + "\u2028") * 5, ("w" * 150 + "\n") * 4, "y" * 100 + " " + "z" * 199, " " * 500, "",
             "word " * 100 + "q" * 300 + " end", ("v" * 199 + " ") * 3, ("v" * 200 + "\u3000") * 2]
    seen = 0
    for t in texts:
        for cut in range(0, len(t) + 1, 37):
            piece = t[cut:]
            want = max(map(len, piece.split()), default=0) >= 200
            assert _has_long_run(piece) == want, (t[:20], cut)
            seen += want
    assert seen >= 10


def test_proposed_name_gate_matches_open_with_the_literals_looked_for():
    gate = _P.proposed_name_gate
    assert gate.pattern.startswith("(?:proposed|novel) ")  # proposed_names looks for "proposed " and "novel "
    texts = ["our proposed Quokka and a novel FooNet", "the proposedX novel", "novel 3D", "proposed\tX", "unproposed Z",
             "novel-ty", "a novel α-method", ""]
    found = [m.group() for t in texts for m in gate.finditer(t)]
    assert len(found) >= 5
    assert all(f.startswith(("proposed ", "novel ")) for f in found), found


def test_clean_offsets_are_right_when_threads_grow_the_shared_integers(monkeypatch):
    import kg.text as text_module
    from concurrent.futures import ThreadPoolExecutor
    monkeypatch.setattr(text_module, "_COUNT", [])
    texts = [("word *emph* " * k + "$x$ end") for k in range(1, 1200, 37)]
    want = [[list(c.offsets), list(c.ends)] for c in map(text_module.clean, texts)]
    for _ in range(3):
        monkeypatch.setattr(text_module, "_COUNT", [])
        with ThreadPoolExecutor(4) as pool:
            got = list(pool.map(text_module.clean, texts * 3))
        assert [[list(c.offsets), list(c.ends)] for c in got] == want * 3
    assert len(text_module._COUNT) > 4096  # the long texts grew it


def test_result_verbs_found_from_their_end_are_the_gate_matches():
    from kg.extract.discovery.own_names import _RESULT_VERB_ENDS, _result_verbs
    from kg.extract.discovery.text import _windowed, _windowed_spans
    from kg.ingest import bundled_corpus, read_papers
    assert _RESULT_VERB_ENDS is not None  # the bundled gate is a list of words ending in "s": the fast path runs
    gate = _P.result_subject_gate
    texts = [p.abstract for p in read_papers(bundled_corpus(), on_warning=lambda _: None)] + [
        "XNet outperforms PPO, XNet achieves 3%, beats, beatsx, outperforms_ outperforms- matches. yields",
        "surpassesreduces, improves\u00e9 attains enablesenables enables matches,matches", "outperform", "s", ""]
    found = 0
    for t in texts:
        assert _result_verbs(t) == [g.span() for g in gate.finditer(t)], t[:60]
        found += len(_result_verbs(t))
        spans = [(m.span(), m.groups()) for m in _windowed_spans(_P.result_subject, _result_verbs(t), t, 80)]
        assert spans == [(m.span(), m.groups()) for m in _windowed(_P.result_subject, gate, t, 80)]
    assert found >= 12
