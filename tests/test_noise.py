"""Noise that real abstracts carry (LaTeX marks, maths variables, number formats, accented
names, generic acronyms) must not become concepts, nor cut real names."""
import pytest

from kg.extract import Extractor
from kg.extract.discovery import is_name_like
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper
from kg.text import clean

LEX = Lexicon.from_entries([
    LexiconEntry("irm", "IRM", "algorithm", ("Invariant Risk Minimization",)),
    LexiconEntry("pi0", "π0", "model", ("pi0",)),
    LexiconEntry("l2-reg", "L2 regularization", "algorithm", ("ℓ2 regularization",)),
    LexiconEntry("sgd", "SGD", "algorithm"),
    LexiconEntry("imagenet", "ImageNet", "benchmark"),
])


@pytest.fixture(scope="module")
def extractor():
    return Extractor(LEX)


def _mentions(extractor, text, title=None):
    ex = next(extractor.extract([Paper("n", text, title=title)]))
    return {(m.type, m.name) for m in ex.mentions}


# -- cleaning -----------------------------------------------------------------------------


@pytest.mark.parametrize("raw, expected", [
    (r"beats IRM$^\dagger$ and GroupDRO$^{*}$ here", "beats IRM and GroupDRO here"),
    (r"Jane Doe$^{\ddagger}$ wrote", "Jane Doe wrote"),
    (r"an $R^2$ of 0.9 and R$^2$ too", "an R^2 of 0.9 and R^2 too"),  # a power stays
])
def test_footnote_marks_are_dropped_powers_kept(raw, expected):
    assert clean(raw).text == expected


def test_offsets_after_a_dropped_footnote_mark_point_into_the_original():
    raw = r"beats IRM$^\dagger$ and SGD"
    c = clean(raw)
    i = c.text.index("SGD")
    assert raw[slice(*c.original_span(i, i + 3))] == "SGD"
    j = c.text.index("IRM")
    assert raw[slice(*c.original_span(j, j + 3))] == "IRM"


# -- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize("tok", ["FP16", "BF16", "INT8", "INT4", "FP8", "W4A16", "W8A8KV4", "OOD", "NLP", "LLMs", "DNNs"])
def test_number_formats_and_setting_acronyms_are_not_names(tok):
    assert not is_name_like(tok)


@pytest.mark.parametrize("tok", ["FP16-Net", "INT8Q", "LLMBoost", "OODGuard", "Nyström-GP"])
def test_coinages_around_them_still_are(tok):
    assert is_name_like(tok)


@pytest.mark.parametrize("tok", ["24GB", "400GB", "0dB", "1.5TB", "16kHz", "Czech-English", "German-to-English",
                                 "En-De", "EN-ZH"])
def test_amounts_and_language_pairs_are_not_names(tok):
    assert not is_name_like(tok)


@pytest.mark.parametrize("tok", ["H100", "C51", "BERT-En", "GB-Net", "mT5-XL"])
def test_names_with_digits_or_a_language_code_still_are(tok):
    assert is_name_like(tok)


def test_an_amount_in_brackets_is_no_baseline(extractor):
    got = _mentions(extractor, "We propose QuickKV. It runs on one GPU with little memory (less than 24GB) and disk "
                               "(less than 400GB), and QuickKV outperforms FlashLite while the noise stays below 0dB.")
    names = {n for _, n in got}
    assert {"QuickKV", "FlashLite"} <= names and not names & {"24GB", "400GB", "0dB"}


@pytest.mark.parametrize("text", [
    "We present a Czech-English translation system built on SGD.",
    "We introduce a German-to-English lexicon lookup method.",
    "We propose an En-De decoder trained with SGD.",
])
def test_a_language_pair_after_a_proposal_is_no_method(extractor, text):
    assert not any(t == "method" for t, _ in _mentions(extractor, text))


@pytest.mark.parametrize("text, name", [
    ("We use a corpus of parsed proofs, called a Treebank, to train a prover with SGD.", "Treebank"),
    ("Our prover, called an Oracle, guides the search.", "Oracle"),
])
def test_a_kind_after_a_naming_cue_is_no_coined_name(extractor, text, name):
    assert name not in {n for _, n in _mentions(extractor, text)}


def test_a_name_after_a_naming_cue_still_is(extractor):
    got = _mentions(extractor, "We propose a prover, called ProofMax, that we train with SGD.")
    assert ("method", "ProofMax") in got


def test_file_and_query_formats_are_no_baselines(extractor):
    got = _mentions(extractor, "We propose PageWalker, an agent that compresses HTML into a tree and writes SQL "
                               "queries over XML and CSV files. PageWalker outperforms FlashLite.")
    names = {n for _, n in got}
    assert {"PageWalker", "FlashLite"} <= names and not names & {"HTML", "SQL", "XML", "CSV"}


def test_a_speedup_over_a_number_format_names_no_baseline(extractor):
    got = _mentions(extractor, "We present QuickAttn, a fused kernel. QuickAttn is 2x faster than FP16 and BF16 "
                               "kernels and outperforms FlashLite.")
    names = {n for _, n in got}
    assert "FP16" not in names and "BF16" not in names and "FlashLite" in names


def test_a_setting_acronym_before_benchmarks_is_no_benchmark(extractor):
    got = _mentions(extractor, "We propose ZetaNet. ZetaNet improves robustness on OOD benchmarks and on NLP datasets.")
    assert not any(t == "benchmark" for t, _ in got)


def test_a_generic_acronym_definition_is_no_algorithm(extractor):
    got = _mentions(extractor, "Deep neural networks (DNNs) are brittle under shift.")
    assert not any(n == "DNNs" for _, n in got)


def test_an_accented_name_is_not_cut(extractor):
    got = _mentions(extractor, "We propose Fréchet-GAN, which matches feature statistics of real images.")
    assert ("method", "Fréchet-GAN") in got and not any(n == "chet-GAN" for _, n in got)


# -- lexicon matching -----------------------------------------------------------------------


def test_a_subscripted_variable_is_not_a_known_model(extractor):
    got = _mentions(extractor, r"We place a Gaussian prior $\pi_0$ over the weights and train with SGD.")
    assert ("model", "π0") not in got and not any(n.startswith("π") for _, n in got)


def test_a_subscript_inside_a_longer_name_still_matches(extractor):
    got = _mentions(extractor, r"We study $\ell_2$ regularization of wide networks trained with SGD.")
    assert any(t == "algorithm" and "regularization" in n for t, n in got)


def test_a_known_model_inside_a_coined_hyphenated_name_is_not_proposed():
    lex = Lexicon.from_entries([LexiconEntry("opt", "OPT", "model", ("Opt",)), LexiconEntry("dpo", "DPO", "algorithm")])
    ex = next(Extractor(lex).extract([Paper("n", "We propose RF-Opt, a reward-free method. RF-Opt beats DPO.")]))
    proposed = {m.name for m in ex.mentions if m.proposed}
    assert proposed == {"RF-Opt"}


@pytest.mark.parametrize("text, junk", [
    ("We introduce a Key-Value (KV) cache eviction policy for long prompts.", {"KV", "Key-Value"}),
    ("We derive a Kullback-Leibler (KL) divergence bound for tempered posteriors.", {"KL", "Kullback-Leibler"}),
    ("We present Out-of-Distribution (OOD) stress tests for segmentation models.", {"OOD", "Out-of-Distribution"}),
])
def test_a_definition_that_modifies_the_next_noun_is_not_the_contribution(extractor, text, junk):
    proposed = {m.name for m in next(extractor.extract([Paper("n", text)])).mentions if m.proposed}
    assert not proposed & junk


@pytest.mark.parametrize("text, name", [
    ("We propose Sparse Router Tuning (SRT) framework for mixture models.", "SRT"),
    ("We propose Sparse Router Tuning (SRT) to train mixture models.", "SRT"),
    ("We propose a Lagged Midpoint (LM) discretization of Langevin dynamics.", "LM"),
])
def test_a_named_contribution_after_its_definition_is_kept(extractor, text, name):
    proposed = {m.name for m in next(extractor.extract([Paper("n", text)])).mentions if m.proposed}
    assert name in proposed



def test_a_suspended_hyphen_is_not_part_of_a_known_name():
    lex = Lexicon.from_entries([LexiconEntry("cnn", "CNN", "algorithm"), LexiconEntry("rl", "RL", "field")])
    ex = next(Extractor(lex).extract([Paper("n", "Both CNN- and MLP-based encoders help RL- and planning-based agents.")]))
    assert {m.name for m in ex.mentions} >= {"CNN", "RL"} and not any(m.name.endswith("-") for m in ex.mentions)
    ev = next(m for m in ex.mentions if m.name == "CNN").evidence[0]
    assert ev.sentence[ev.start:ev.end] == "CNN"  # the first sentence: offsets into the abstract and sentence agree


@pytest.mark.parametrize("raw, word, written", [
    (r"We propose $\beta$-KTO here.", "β-KTO", r"$\beta$-KTO"),
    (r"it is 4.5$\times$ faster", "4.5×", r"4.5$\times$"),
    (r"a bound $O(\sqrt{T})$ holds", "O(T)", r"$O(\sqrt{T})$"),
    (r"with $ x $ spaced", "x", "x"),
])
def test_a_span_opening_or_closing_with_maths_reads_as_written(raw, word, written):
    c = clean(raw)
    i = c.text.index(word)
    s, e = c.original_span(i, i + len(word))
    assert raw[s:e] == written


def test_a_greek_prefixed_name_is_discovered_whole(extractor):
    got = _mentions(extractor, r"We introduce $\mu$Mix, a data mixing rule. $\mu$Mix beats $\beta$-Mix and SGD.")
    assert ("method", "μMix") in got


@pytest.mark.parametrize("raw, expected", [
    ("Mistral~7B beats Gemma~2", "Mistral 7B beats Gemma 2"),
    (r"as in GPT-3~\citep{brown2020} and BERT \cite{devlin}.", "as in GPT-3 and BERT ."),
    (r"(see Sec.~\ref{sec:exp})", "(see Sec.)"),
    ("gains of 2--5x---at no cost", "gains of 2–5x—at no cost"),
    ("about ~3x faster", "about ~3x faster"),  # "approximately" stays
])
def test_tex_ties_citations_and_dashes(raw, expected):
    assert clean(raw).text == expected


def test_offsets_after_ties_and_citations_point_into_the_original():
    raw = r"GPT-3~\citep{brown2020} and Llama~2 are 2--5x faster"
    c = clean(raw)
    for word, written in (("Llama 2", "Llama~2"), ("2–5x", "2--5x"), ("GPT-3", "GPT-3")):
        i = c.text.index(word)
        assert raw[slice(*c.original_span(i, i + len(word)))] == written


@pytest.mark.parametrize("raw, expected", [
    ("beats SAC¹ and DrQ-v2²", "beats SAC and DrQ-v2"),
    ("Jane Doe¹,² wrote", "Jane Doe wrote"),
    ("an R² of 0.9, n² terms, 10³ samples and a χ² test", "an R² of 0.9, n² terms, 10³ samples and a χ² test"),
])
def test_superscript_footnote_marks_are_dropped_powers_kept(raw, expected):
    assert clean(raw).text == expected


def test_a_generic_acronym_of_a_field_is_still_the_field(extractor):
    got = _mentions(extractor, "Production machine learning (ML) systems drift over time.")
    assert ("field", "ML") in got
