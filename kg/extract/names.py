"""Discovery of concepts the lexicon does not know: newly named methods, benchmarks, models.

Pure functions over the cleaned text; :class:`kg.extract.components.Discovery` calls them.
Patterns: abbreviation definitions, "we propose/introduce/present X", "called/dubbed X",
"X, a novel ...", "on the X benchmark", size-suffixed model names ("Llama3-8B").
The type comes from context: the head noun that follows or ends the name.

>>> from kg.extract.cues import load_cues
>>> from kg.link.lexicon import Lexicon
>>> text = "We introduce Craftium, a platform for building rich 3D environments."
>>> [(h.text, h.type, h.proposed, h.also_benchmark) for h in discover(text, [(0, len(text))], [], [], Lexicon.from_entries([]), load_cues())]
[('Craftium', 'method', True, True)]
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from kg.extract.abbreviations import Abbreviation, _best_long_form, _is_short_form, apposed_long_form
from kg.extract.cues import Cues, fold
from kg.extract.discovery.kinds import _lexicon_parent, _type_from_context, _type_from_head
from kg.extract.discovery.metrics import MetricRules, metric_phrase_data
from kg.extract.discovery.models import ModelRules, _MODEL_SIZE, _MODEL_SIZE_GATE, _SIZE_SUFFIX
from kg.extract.discovery.text import (
    _ADJECTIVE_LIKE, _COMMON_CAPS, _DESCRIPTOR_SUFFIX, _LANGUAGE_LIKE, _LIST_OPENERS, _LIST_STOPWORDS, _LIST_TOKEN,
    _MATH_OBJECT, _NAME_INTRODUCED, _NOT_NAMES, _PROPER_NAME, _TOKEN, _after_the, _before_gate, _coined,
    _find_bounded, _head_words, _occurrences, _sentence_of, _windowed, is_name_like,
)
from kg.extract.hits import Hit
from kg.link.lexicon import Lexicon
from kg.text import norm_key

__all__ = [
    "_Discovery", "_occurrences", "_spells", "discover", "field_modifiers", "is_name_like", "metric_phrase_data",
    "title_name", "title_only_name",
]


_TITLE_AFTER_CUE = re.compile(
    r"\s+(?:(?:a|an|the)\s+)?([A-Z][\w\-]*(?:\s+(?:(?:of|for|with|and|to|in|on|via|from|the)\s+)?[A-Z][\w\-]*){0,6})")
# two or more capitalised words, lower-case connectors allowed: "Regaining Memories Through Exploration"
_TITLE_NAME = re.compile(
    r"(?<![\w-])[A-Z][\w\-]+(?:\s+(?:(?:of|for|with|to|in|on|via|from|through|the|by)\s+)?[A-Z][\w\-]*){1,6}(?![\w-])")
_TITLE_COLON = re.compile(r"^\s*([^:]{2,60}?)\s*:\s+\S")
_NAME_RUN = re.compile(r"(?:[A-Za-z0-9][\w.+\-]*(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+))*[A-Za-z0-9][\w.+\-]*\s+$")
# bounded repeats: unbounded ones backtrack quadratically on "Clip-PPOClip-PPO..." (hostile input)
_RESULT_SUBJECT = re.compile(
    r"(?<![\w-])([A-Za-z0-9][A-Za-z0-9+.\-]{0,40}[A-Za-z0-9+])\s+(?:significantly\s+|consistently\s+|also\s+|further\s+)?"
    r"(?:outperforms|achieves|surpasses|improves|reduces|attains|beats|yields|enables|matches)\b")
_CLAUSE_END = re.compile(r"[,;:.()]|\s(?:that|which|to|for|where|whereby|by|in order)\s")
_URL = re.compile(r"(?:https?://|www\.|github\.com|\b[\w-]+\.(?:com|org|io|net)/)\S*")
_APPOSITION = re.compile(r"\)?,?\s+(?:is\s+)?(?:a|an)\s+(?:novel|new|simple|general|unified|principled|scalable|lightweight|first)\b")
_THE_METHOD = re.compile(r"\b(?:the|our) (?:proposed |new )?(?:method|approach|framework|algorithm|model|agent|system|technique),?\s*(?:called |named |dubbed )?$", re.I)
# "we give an algorithm, Disagreement-Based Abstention (DBA), whose ...": the paper's own, named in apposition
_WE_A_METHOD = re.compile(r"\bwe\b[^.;]{0,60}?\b(?:an?|one) (?:new |novel |simple |efficient |practical )?"
                          r"(?:method|approach|framework|algorithm|estimator|procedure|technique|scheme|learner),\s*$", re.I)
_NAME_APPOSITION = re.compile(
    r"(?<![\w-])([A-Za-z0-9][A-Za-z0-9+.\-]{0,80}[A-Za-z0-9+])(?:,| is| \([^)]*\),) (?:a|an) "
    r"(?:novel|new|simple|general|unified|principled|scalable|lightweight)\b")
# Gates: a literal every match needs, found fast (a pattern opening with a lookbehind or
# ``\b`` is tried at every character); the full pattern runs only when the gate finds it.
_APPOSITION_GATE = re.compile(r" an? (?:novel|new|simple|general|unified|principled|scalable|lightweight)\b")
_RESULT_SUBJECT_GATE = re.compile(r"(?:outperforms|achieves|surpasses|improves|reduces|attains|beats|yields|enables|matches)\b")
# "A, B and C" / "A and B": items of up to three capitalised or alphanumeric words
# a word of an item opens with a capital or digit, or is lower camel case ("nuScenes", "iNaturalist")
_ITEM_WORD = r"(?:[A-Z0-9]|[a-z]{1,12}(?=[A-Z]))[\w+.\-]*[\w+]?"
_ITEM = rf"{_ITEM_WORD}(?:(?<!\.)\s{_ITEM_WORD}){{0,2}}"  # a full stop ends the item
_ENUMERATION = re.compile(rf"(?<![\w-])({_ITEM})((?:,\s+{_ITEM})*),?\s+(?:and|or)\s+({_ITEM})(?![\w-])")
# after a comparison: optional determiners/adjectives, then names joined by commas/and/or
_BASELINE_LIST = re.compile(
    r"\s+(?:(?:the|strong|prior|existing|recent|several|competitive|state-of-the-art|popular|standard)\s+)*"
    r"((?:[A-Za-z0-9][\w+.\-]*[\w+]|[A-Z])(?:(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?:[A-Za-z0-9][\w+.\-]*[\w+]|[A-Z])){0,6})")

# a list of baselines the word "baselines" itself opens: "Baselines include A, B and C", "strong
# baselines (A, B, and C)", "baselines: A and B" (lower-cased text; the comparison cues cover
# "baselines such as/including")
_BASELINE_HEAD_LIST = re.compile(r"\bbaselines?(?:,? (?:include[sd]?|are|were)(?= )|\s*[(:](?:\s*(?:e\.g\.|i\.e\.),?)?(?=\s*[a-z0-9]))")
_LIST_SEP = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
# a figure a baseline's name follows: "compared with 0.64 for PCMCI", "versus 12% and 19% for B"
_VALUE_FOR = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*\s?(?:%|x|×|points?|pp)?\s+for(?=\s)")


def _baseline_items(text: str, pos: int, lex_end_at: dict[int, int],
                    heads: frozenset[str] = frozenset()) -> list[tuple[int, int, str]]:
    """``(start, end, text)`` of the names listed right after a comparison at ``pos``: single
    tokens joined by commas/"and"/"or" (as :data:`_BASELINE_LIST`), where a multi-word known
    concept starting at an item's place (``lex_end_at``: start -> end) is one item, and so is a
    run of up to three words that ends at a list separator ("consistency training, DMD and
    iCT", "delayed LinUCB and OTD"), and so is a person's name with one of the head words ``heads``
    ("Platt scaling and Dirichlet calibration on ..."); an article after a separator is skipped.

    >>> [t for _, _, t in _baseline_items(" behavioral cloning, DWBC and ILEED on", 0, {1: 19})]
    ['behavioral cloning', 'DWBC', 'ILEED']
    >>> [t for _, _, t in _baseline_items(" consistency training, DMD and the iCT baseline.", 0, {})]
    ['consistency training', 'DMD', 'iCT']
    >>> [t for _, _, t in _baseline_items(" PPO in sample efficiency and robustness", 0, {})]
    ['PPO']
    >>> [t for _, _, t in _baseline_items(" FooCal and Dirichlet calibration.", 0, {}, frozenset({"calibration"}))]
    ['FooCal', 'Dirichlet calibration']
    """
    m = _BASELINE_LIST.match(text, pos)
    if m is None:
        return []
    p, out = m.start(1), []
    for _ in range(7):
        end = lex_end_at.get(p)
        if end is None:
            t = _LIST_TOKEN.match(text, p)
            if t is None:
                break
            end = t.end()
        sep = _LIST_SEP.match(text, end)
        if sep is None:  # a multi-word item, taken only when a separator (or the clause's end) follows it
            e2 = end
            for _ in range(2):
                w = _LIST_NEXT_WORD.match(text, e2)
                if w is None or w.group(1).lower() in _LIST_STOPWORDS:
                    break
                e2 = lex_end_at.get(w.start(1), w.end())
                sep = _LIST_SEP.match(text, e2)
                if sep is not None or (_LIST_END.match(text, e2) and (is_name_like(w.group(1)) or _title_run(text[p:e2]))) \
                        or _person_and_head(text[p:e2], heads):
                    end = e2
                    break
        if text[p:end] not in ("and", "or"):
            out.append((p, end, text[p:end]))
        if sep is None:
            break
        p = sep.end()
        art = _LIST_ARTICLE.match(text, p)
        if art is not None:
            p = art.end()
    return out


def _person_and_head(item: str, heads: frozenset[str]) -> bool:
    """A person's name and a head word: "Dirichlet calibration", "Jacobi iteration" (not an adjective: "Euclidean embeddings")."""
    words = item.split(" ")
    return len(words) == 2 and words[1] in heads and _PROPER_NAME.fullmatch(words[0]) is not None \
        and words[0] not in _COMMON_CAPS and not _ADJECTIVE_LIKE.search(words[0])


_NEXT_LOWER_WORD = re.compile(r" ([a-z][a-z\-]*)\b")


def _modifies_noun(text: str, end: int) -> bool:
    """A lower-case noun follows the word ending at ``end``, which modifies it ("Euclidean embeddings")."""
    w = _NEXT_LOWER_WORD.match(text, end)
    return w is not None and w.group(1) not in _LIST_STOPWORDS and not w.group(1).endswith("ly")


def _title_run(item: str) -> bool:
    """Words that all open with a capital, the first no sentence opener: "Structured Diffusion Guidance"."""
    words = item.split()
    return len(words) > 1 and words[0] not in _COMMON_CAPS and all(w[0].isupper() for w in words)


_ITEM_HEADS = frozenset("baseline baselines method methods model models algorithm algorithms approach approaches "
                        "variant variants retriever retrievers policy policies agent agents".split())
_LIST_NEXT_WORD = re.compile(r" ([A-Za-z0-9][\w+.\-]*[\w+]|[A-Z])")
_LIST_END = re.compile(r"\s*(?:[.;:)]|$)")
_LIST_ARTICLE = re.compile(r"(?:the|a|an)\s+")


def _enumeration_items(m: re.Match) -> list[tuple[int, int, str]]:
    """``(start, end, text)`` of each item of an :data:`_ENUMERATION` match."""
    out = [(m.start(1), m.end(1), m.group(1))]
    if m.group(2):
        base = m.start(2)
        for im in re.finditer(_ITEM, m.group(2)):
            out.append((base + im.start(), base + im.end(), im.group(0)))
    out.append((m.start(3), m.end(3), m.group(3)))
    first_s, first_e, first = out[0]  # a sentence-initial "On ADE20K": drop the opening capitalised word
    words = first.split()
    while words and words[0] in _COMMON_CAPS | _LIST_OPENERS:
        first_s += len(words[0]) + 1
        words = words[1:]
    out[0] = (first_s, first_e, " ".join(words))
    return [(s, e, t.rstrip(".")) if t.endswith(".") else (s, e, t) for s, e, t in out if t]


def _plausible_item(item: str) -> bool:
    """A benchmark name: no sentence-opening or common capitalised word, a name-like
    token or capitalised words only."""
    words = item.split()
    return bool(words) and words[0] not in _COMMON_CAPS and words[0] not in _LIST_OPENERS \
        and all(w[0].isupper() or w[0].isdigit() or _LOWER_CAMEL.match(w) for w in words) and len(item) >= 2 \
        and not all(_NUMBER.fullmatch(w) for w in words)  # "by 6.1 on A and 4.3 on B": numbers are not names


_LOWER_CAMEL = re.compile(r"[a-z]{1,12}[A-Z]")
_NUMBER = re.compile(r"[+\-]?\d+(?:[.,]\d+)*[%x×]?")
# "our approach, NAME," / "the proposed framework, NAME,"
_OUR_HEADS = r"(?:method|approach|framework|algorithm|model|system|technique|architecture|agent|pipeline|benchmark|dataset|toolkit|library|estimator|optimizer|platform|environment)"
_OUR_HEAD_NAME = re.compile(
    rf"\b(?:[Oo]ur|[Tt]he proposed|[Tt]his new) (?:(?:new|proposed|novel|resulting) )?{_OUR_HEADS},\s+"
    r"([A-Za-z0-9][A-Za-z0-9+.\-]{0,40}[A-Za-z0-9+]),")
_OUR_HEAD_WORDS = frozenset(_OUR_HEADS[3:-1].split("|"))
# nothing but an article between a proposal cue and a name: "we propose (the) NAME"
_RIGHT_AFTER_CUE = re.compile(r"\s+(?:(?:a|an|the)\s+)?")
# after a definition "NAME (SHORT)": an apposition or the sentence's end, not "... (PPO) to train the agent"
_INTRODUCED_APPOSITION = re.compile(r"\)?\s*(?:[.,;:]|\s(?:a|an|that|which)\s)")
# "a variant of (the) NAME": the name is what the paper's contribution builds on, not the contribution
_VARIANT_OF = re.compile(
    r"\b(?:variant|extension|version|modification|generali[sz]ation|adaptation|instance|instantiation|"
    r"refinement|improvement|reformulation|analogue|analog|counterpart)s? of (?:the |a |an )?$", re.I)
# ", NAME," right after "a new benchmark" / "a simple method"
_HEAD_APPOSITION = re.compile(r",\s+([A-Za-z0-9][A-Za-z0-9+.\-]{0,40}[A-Za-z0-9+])(?=[,;:.)]|\s+(?:which|that|to|for)\b)")
# what may follow a name that closes a clause: the sentence's end, a bracket, a relative clause
_CLOSES_CLAUSE = re.compile(r"[.;:)](?:\s|$)|,?\s+(?:which|that)\b")
_SOURCE_WORD = re.compile(r"\b(?:from|on|with|using|over|in|based|of|for)\b")
_LIST_INTRO = re.compile(r"\s*(?::|,?\s+(?:such as|including|like|namely|e\.g\.,?|i\.e\.,?))\s+")
_THE_NAME_HEAD = re.compile(
    r"\bthe ([A-Za-z0-9][A-Za-z0-9+.\-]{0,40}[A-Za-z0-9+]) (?:algorithm|estimator|optimizer|sampler|architecture|"
    r"procedure|solver|attack|framework|method|approach|technique|scheduler)s?\b")
# an algorithm named after its authors: "the Kabsch algorithm", "the Birkhoff-von Neumann algorithm",
# "Heun's method", "Hutchinson's estimator" (the head word belongs to the name); adjectives made from a
# name ("the Bayesian estimator", "the Gaussian method") and law-like heads ("Jensen's inequality") name none
_SURNAME = r"[A-Z][a-z]{2,20}(?:[-\u2013](?:(?:von|van|de|der|di) )?[A-Z][a-z]{2,20}){0,2}"
_THE_SURNAME_HEAD = re.compile(
    rf"(?<![\w-])the ({_SURNAME} (?:algorithm|method|estimator|sampler|solver|procedure|scheme))(?![\w-])")
_POSSESSIVE_HEAD = re.compile(
    rf"(?<![\w-])({_SURNAME}['\u2019]s? (?:algorithm|method|estimator|sampler|trick|scheme|procedure))(?![\w-])")
_POSSESSIVE_END = re.compile(r"['\u2019]s?$")


def _after_possessive(text: str, gate: re.Match) -> bool:
    """Does a possessive end right before the head word ("Heun's method", "Jones' algorithm")?"""
    i = gate.start()
    return text[i - 1:i] in ("'", "\u2019") or text[i - 2:i] in ("'s", "\u2019s")


# "the iterative hard thresholding algorithm (Blumensath and Davies, 2009)": a technique the text cites
# exists already; its name is the words before the head ("iterative hard thresholding")
_CITED_HEAD = re.compile(
    r"\bthe ((?:[a-z][a-z\-]+ ){0,3}[a-z][a-z\-]+) (?:algorithm|method|estimator|procedure|scheme|sampler|approach|"
    r"technique)s? \((?:e\.g\.,? |see )?[A-Z][a-z]+(?: et al\.|,| and | & )")
_CITED_HEAD_GATE = re.compile(r" \((?:e\.g\.,? |see )?[A-Z][a-z]+(?: et al\.|,| and | & )")
_CITED_NOT_NAMES = frozenset(("proposed", "resulting", "same", "above", "following", "new", "original", "previous",
                              "latter", "former", "first", "second", "final", "overall", "whole", "main", "basic",
                              "standard", "classical", "classic", "existing", "popular", "celebrated", "seminal",
                              "well-known", "recent", "prior", "earlier", "this", "that", "their", "our", "an", "a"))
# "the Sophia optimizer": an optimizer goes by its bare name
_THE_NAMED_OPTIMIZER = re.compile(r"(?<![\w-])the ([A-Z][a-z]{2,20}) optimi[sz]er(?![\w-])")
# "a Kestrel-style critic", "TwinStep-like updates", "a PolyGrad-based sampler": the name before the
# descriptor is an existing technique the text describes something by
_STYLED_NAME = re.compile(r"(?<![\w+.\-])([A-Za-z0-9α-ω][\w+.\-]{0,40}?)-(style|like|inspired|class|type|based) [a-z]")
_STYLED_GATE = re.compile(r"-(?:style|like|inspired|class|type|based) [a-z]")
# a person's name before the descriptor: "a Jacobi-style smoother", "Nesterov-type extrapolation"
_STYLED_SURNAME = re.compile(r"[A-Z][a-z]{2,20}(?:[-\u2013][A-Z][a-z]{2,20})?")
_SENTENCE_END = re.compile(r"(?:^|[.!?:;]\s*)$")
_LANGUAGE_NAME = re.compile(r"(?:ish|ese|ch|ai)$|^German$")  # "-ian", "-ean", "-ic": adjective-like; "Kalman" is a person
# what a text derives something from, before the name of an existing technique: "in the spirit of ARL",
# "borrowed from Glow-TTS", "a generalization of ACT", "the scheme of TGAT", "extends the SCORE procedure"
_DERIVED_FROM = re.compile(
    r"\b(?:in the (?:spirit|style|vein|manner) of|(?:borrowed|adapted|inherited) from|inspired by|"
    r"(?:generali[sz]ation|extension|special case|successor|relaxation|simplification)s? (?:of|to)|"
    r"(?:scheme|principle|recipe) of|extends|extending|builds? (?:up)?on|building (?:up)?on)(?: the| an?)? ")
_PLURAL_ACRONYM = re.compile(r"[A-Z]{2,}s")  # "MDPs", "GNNs": a class of models, no technique's name
# every head word the rules after a name look for ("the FooNet estimator", "the Kabsch algorithm",
# "Heun's method", "the Sophia optimizer"): found once per text
_HEAD_WORD_GATE = re.compile(r" (?:algorithm|estimator|optimi[sz]er|sampler|architecture|procedure|solver|attack|"
                             r"framework|method|approach|technique|scheduler|scheme|trick)s?\b")
#: How far after a proposal cue ("we propose") a name is looked for, at most (characters)
_CUE_REACH = 400
# a benchmark-like coinage: "TallyQA", "MedQA", "CountBench", "KnowEdit-Bench" (not a task acronym: "KBQA")
_BENCH_SUFFIXED = re.compile(r"(?<![\w-])[A-Z][A-Za-z0-9\-]{1,60}(?:Bench|QA)(?![\w-])")
# a known benchmark's variant: a hyphenated suffix ("COCO-OOD", "ShapeNet-Car", "CIFAR-10-C") or a
# year ("TREC Fair Ranking 2021"); not a lower-case word ("COCO-style", "MuJoCo-based")
_BENCH_VARIANT = re.compile(r"(?:-[A-Z0-9][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*| (?:19|20)\d\d)(?![\w-]|\.\d)")
# a name set off by a comma and described: "We introduce FreqMix, a lightweight model that ..."
_NAMED_BEFORE = re.compile(r"(?<![\w+.\-])([A-Za-z0-9][\w+.\-]*[\w+])\)?,\s+(?:a|an|which|that)\s")
# "the Twins dataset", "a semi-synthetic Twins dataset": a capitalised word between an article (and at
# most two lower-case modifiers) and a singular head
# names it (a language is no name: "the English corpus", "the Chinese dataset")
_THE_PROPER_HEAD = re.compile(r"(?<![\w-])(?:the|a|an)(?: [a-z][a-z\-]{1,20}){0,2} ([A-Z][a-z]{2,20}(?: [A-Z][a-z]{2,20})?) $")
_SINGULAR_BENCH_HEADS = frozenset(("dataset", "benchmark", "corpus", "suite", "testbed", "simulator"))


@lru_cache(maxsize=4)
def field_modifiers(lexicon: Lexicon) -> frozenset[str]:
    """Words that narrow a field, from the lexicon: W where "W F" and F are both fields
    ("safe", "offline", "multi-agent" from "safe reinforcement learning" ...), cached per lexicon."""
    names = {e.name.lower() for e in lexicon if e.type == "field"}
    return frozenset(n.split(" ", 1)[0] for n in names if " " in n and n.split(" ", 1)[1] in names)


@lru_cache(maxsize=8)
def _bench_heads(cues: Cues) -> tuple[str, ...]:
    return tuple(sorted(h for h in cues.benchmark_heads if h not in ("tasks", "games", "domains", "platform")))


@lru_cache(maxsize=4)
def _person_named_entries(lexicon: Lexicon, heads: frozenset[str]) -> dict[str, frozenset[str]]:
    """Person's name -> ids of the known algorithms named by it and one head word: "Kalman filter",
    "Sinkhorn's algorithm", "Newton method" (worked out once per lexicon)."""
    out: dict[str, set[str]] = {}
    for entry in lexicon:
        if entry.type != "algorithm":
            continue
        for form in entry.forms:
            words = form.split(" ")
            if len(words) == 2 and words[1].lower() in heads and _STYLED_SURNAME.fullmatch(_POSSESSIVE_END.sub("", words[0])):
                out.setdefault(_POSSESSIVE_END.sub("", words[0]), set()).add(entry.id)
    return {k: frozenset(v) for k, v in out.items()}


def _named_after(tok: str, lexicon: Lexicon, heads: frozenset[str]):
    """The one known algorithm a person's name and a head word name ("Kalman" -> Kalman filter), or None."""
    ids = _person_named_entries(lexicon, heads).get(tok, ())
    return lexicon.get(next(iter(ids))) if len(ids) == 1 else None


# prefixes after which a compound word's second part gives an acronym a letter: "autoencoder" (MAE, VAE)
_COMPOUND_PREFIXES = ("auto", "multi", "hyper", "meta", "self", "super", "inter", "cross", "semi")


def _spells(letters: str, words: list[str]) -> bool:
    """Do ``letters`` spell ``words`` as an acronym: each word gives its initial, a compound word
    ("autoencoders") also the initial of its second part ("mae" for "masked autoencoders").

    >>> _spells("mae", ["masked", "autoencoders"]), _spells("dmd", ["diffusion", "models"])
    (True, False)
    """
    initials = []
    for w in words:
        initials.append(w[0])
        prefix = next((p for p in _COMPOUND_PREFIXES if w.startswith(p) and len(w) > len(p) + 2), None)
        if prefix is not None:
            initials.append(w[len(prefix)])
    return letters == "".join(w[0] for w in words) or letters == "".join(initials)


def _versioned_model_family(name: str, lexicon: Lexicon) -> bool:
    """Does the lexicon know numbered models of this family ("GPT" from GPT-2, GPT-4)? Then the bare
    name ("GPT-style models") names a family of models, not an algorithm."""
    for n in range(1, 6):
        for form in (f"{name}-{n}", f"{name}{n}", f"{name} {n}"):
            e = lexicon.lookup(form)
            if e is not None and e.type == "model":
                return True
    return False


def title_name(title: str | None) -> str | None:
    """The name a title gives before its colon: ``"AlphaDPO: Adaptive Reward Margin ..."``.

    >>> title_name("AlphaDPO: Adaptive Reward Margin for Direct Preference Optimization")
    'AlphaDPO'
    >>> title_name("On the Convergence of Q-learning") is None
    True
    """
    if not title:
        return None
    m = _TITLE_COLON.match(title)
    if not m:
        return None
    name = m.group(1).strip()
    return name if len(name.split()) <= 4 and name.split()[0] not in _COMMON_CAPS else None


# the cue that gives a name: "called", "dubbed", "which we term", "we call it"
_NAMING_CUE = re.compile(r"\b(?:called|dubbed|termed|named|coined|referred to as|call|term|name|dub)"
                         r"(?: (?:it|this|them|our \w+))?$")
# ", Title Case Name," after a head word: "a novel algorithm, Stochastic Halpern Iteration, that"
_HEAD_TITLE_APPOSITION = re.compile(
    r",\s+([A-Z][\w\-]*(?:\s+(?:(?:of|for|with|to|in|on|via|from|the|by)\s+)?[A-Z][\w\-]*){1,5})(?=\s*[,(;:.])")
# "our proposed Quokka outperforms", "the proposed EchoFormer achieves": the paper's own, by name
_PROPOSED_NAME = re.compile(r"\b(?:[Oo]ur|[Tt]he) (?:newly )?(?:proposed|novel) ([A-Za-z0-9α-ω][A-Za-z0-9α-ω+.\-]{0,40}[A-Za-z0-9+])")
_PROPOSED_NAME_GATE = re.compile(r"(?:proposed|novel) [A-Za-zα-ω0-9]")
# what may follow a plain capitalised word for it to be a name, not an adjective ("the proposed Bayesian model")
_VERB_AFTER = re.compile(r"\s*(?:[,;:.)]|\s(?:is|was|can|also|then|has|uses|learns|consistently|significantly|"
                         r"outperforms|achieves|surpasses|improves|reduces|attains|beats|yields|enables|matches)\b)")
# what a naming cue may name that is observed, not built: "a phenomenon we term ...", "this effect"
_PHENOMENON_HEADS = frozenset((
    "phenomenon", "phenomena", "effect", "effects", "failure", "mode", "modes", "regime", "regimes", "behavior",
    "behaviour", "behaviors", "property", "properties", "setting", "problem", "condition", "issue", "bias",
    "trade-off", "tradeoff", "law", "hypothesis", "dilemma", "paradox", "pathology", "curse", "illusion",
    "bottleneck", "quantity", "notion", "scenario", "mismatch", "gap"))
# title-case words that continue a coined name up to its clause's end: "Gauss-Markov| Adapter, which"
_TITLE_TAIL = re.compile(r"(?:\s+[A-Z][a-z][\w\-]*){1,3}(?=\s*(?:[,;:.(]|$)|\s+(?:which|that|to|for)\b)")
# "our approach—Sieve—", "the proposed framework -- Sieve --"
_OUR_HEAD_DASHED = re.compile(
    rf"\b(?:[Oo]ur|[Tt]he proposed|[Tt]his new) (?:(?:new|proposed|novel|resulting) )?({_OUR_HEADS})\s*(?:—|–|--)\s*"
    r"([A-Z][A-Za-z0-9+.\-]{0,40}[A-Za-z0-9+])\s*(?:—|–|--)")
# a sentence that opens by answering the problem just stated, so the name it starts with is the paper's
# own: "To overcome this, Gradient Norm Anchoring (GNA) rescales ...", "This motivates Foo Bar (FB), ..."
_ANSWERS_PROBLEM = re.compile(
    r"(?:To (?:address|overcome|tackle|mitigate|resolve|remedy|fix|solve|close|bridge|alleviate|circumvent) "
    r"(?:this|these|the above|such|both)\b[\w\s\-]{0,30}?,|To this end,|This (?:motivates|leads to)|"
    r"Motivated by (?:this|these)\b[\w\s\-]{0,30}?,)\s+(?:(?:the|a|an|our) )?(?:(?:new|novel|proposed) )?")
# a verb after a definition that opens its sentence: "Gradient Norm Anchoring (GNA) rescales each ..."
# (not a plural noun, "(KV) caches are ...")
_VERB_NEXT = re.compile(r"\)\s+(?:also |then |further |first )?[a-z]+[^s\W]s\s(?!(?:are|were|is|have|can|remain)\b)")
# a function word after a one-word name: "propose Lumos to ...", "present Lumos for ..."
_FUNCTION_WORD_NEXT = re.compile(r" (?:to|that|for|with|based|which|via|using|where|whose)\b")
# "our Hermes model", "our Orchard framework"
_OUR_NAME_HEAD = re.compile(rf"\b[Oo]ur ([A-Z][a-z][a-z0-9]+(?:-[A-Za-z0-9]+)*) ({_OUR_HEADS})\b")
# what a title opens with that labels the paper's kind, never names a method: "Position: ..."
_TITLE_LABELS = frozenset(("Position", "Survey", "Review", "Tutorial", "Perspective", "Commentary", "Erratum",
                           "Correction", "Overview", "Primer", "Editorial", "Retrospective"))
# what marks a component as the paper's own: "our", "a novel", "a new", "the proposed"
_OWN_MARK = re.compile(r"\b(?:our|novel|new|proposed)\b", re.I)
# after a proposal cue, an indefinite phrase up to its head word: " a sparse reweighting scheme that"
_UNNAMED_HEAD = re.compile(r"\s+(an?\s+(?:[a-z][\w\-]*\s+){0,4}?([a-z]+))(?=\s*[,.;:(]|\s+(?:that|which|to|for|of|with|in|based|where|whose)\b)")
# the abstract's reference to its own, otherwise unnamed, contribution: "Our approach first builds ..."
_OUR_OWN = re.compile(rf"\b(?:our|the proposed|this new) (?:(?:new|proposed|novel|resulting) )?({_OUR_HEADS})s?\b")


def title_only_name(title: str | None) -> str | None:
    """A one-word name a title gives before its colon, which may name the paper's method
    even when the abstract never repeats it: ``"Lumos: Retrieval-Augmented ..."``.

    >>> title_only_name("Lumos: Retrieval-Augmented Temporal Reasoning"), title_only_name("Position: Benchmarks Mislead")
    ('Lumos', None)
    >>> title_only_name("Margin Matters: Length-Robust Preference Optimization") is None
    True
    """
    name = title_name(title)
    if name is None or name in _TITLE_LABELS or _TOKEN.fullmatch(name) is None or not name[:1].isupper():
        return None
    return name


_PAREN_LONG = re.compile(r"\s?\(([A-Za-z][^()]{3,80})\)")


def _paren_long_form(text: str, end: int, short: str, limit: int) -> tuple[str, int, int] | None:
    """The long form spelled out in parentheses right after a short name, with the span of
    the parenthesis: ``AMF (Active Multi-task Fine-tuning)``. The long form is two or more
    words whose initials spell the short name, as in a ``long form (SHORT)`` definition.

    >>> _paren_long_form("CEM (Counterfactual Exposure Modeling), which", 3, "CEM", 60)[0]
    'Counterfactual Exposure Modeling'
    >>> _paren_long_form("CEM (see Section 3)", 3, "CEM", 30) is None
    True
    """
    m = _PAREN_LONG.match(text, end, limit)
    if m is None or not _is_short_form(short):
        return None
    long = m.group(1).strip()
    words = [(w.group(0), w.start(), w.end()) for w in re.finditer(r"[^\s()]+", long)]
    if len(words) < 2 or len(long) <= len(short) or _best_long_form(short, words) != 0:
        return None
    return long, m.start(1), m.end()


# the word after a definition's closing bracket: "Key-Value (KV) cache"
_AFTER_SHORT = re.compile(r"\)\s+([a-z][a-z\-]*)")


def _modifies_next_noun(text: str, short_end: int, cues: Cues) -> bool:
    """Does the defined short form at ``short_end`` modify the noun after it ("a Key-Value (KV) cache
    scheme", "a Kullback-Leibler (KL) divergence bound"), rather than name a contribution ("Foo Bar
    (FB) framework", "Foo Bar (FB) to solve ...", "Foo Bar (FB) leveraging ...")?

    >>> from kg.extract.cues import load_cues
    >>> c = load_cues()
    >>> [_modifies_next_noun(t, t.index(")"), c) for t in ("Key-Value (KV) cache", "Foo Bar (FB) framework",
    ...                                                   "Foo Bar (FB) to solve", "Foo Bar (FB) leveraging", "(FB).",
    ...                                                   "Foo Bar (FB) discretization")]
    [True, False, False, False, False, False]
    """
    m = _AFTER_SHORT.match(text, short_end)
    if m is None:
        return False
    word = m.group(1)
    head = word.rsplit("-", 1)[-1]
    heads = cues.method_heads | cues.benchmark_heads
    # a process noun names what is proposed: "a Randomized Midpoint (RM) discretization"
    return word not in _LIST_STOPWORDS and not word.endswith(("ing", "ed", "tion", "sion", "ment")) \
        and head not in heads and head[:-1] not in heads


class _Discovery(ModelRules, MetricRules):
    """One text's discovery: the state the rules share, the helpers, and one method per rule.

    A rule adds the hits it finds to ``found`` and takes their spans, so a later rule skips
    what an earlier one named; :func:`discover` runs the rules in a fixed order.
    """

    def __init__(
        self,
        text: str,
        sents: Sequence[tuple[int, int]],
        abbreviations: Sequence[Abbreviation],
        lexicon_hits: Sequence[Hit],
        lexicon: Lexicon,
        cues: Cues,
        title: str | None,
    ) -> None:
        self.text = text
        self.sents = sents
        self.abbreviations = abbreviations
        self.lexicon_hits = lexicon_hits
        self.lexicon = lexicon
        self.cues = cues
        self.title = title
        self.found: dict[str, Hit] = {}  # key -> defining hit
        self.low = fold(text)  # what cue patterns match
        self.taken: list[tuple[int, int]] = []
        self.taken_mask = bytearray(len(text) + 1)  # 1 where a taken span covers the character
        self.proposals = list(cues.proposal.finditer(self.low))  # once per text, not per sentence
        self._head_words: list[re.Match] | None = None
        self.known_forms: set[str] = set()  # normalised surface forms already typed in this paper
        self.sized: list[Hit] = []  # size-suffixed names of the paper's own model, filed under its key
        self.suffixed: list[tuple[int, int]] = []  # spans of benchmark-like names, which anchor benchmark lists
        lex_span_id = [0] * (len(text) + 1)  # character -> 1-based index of the lexicon hit covering it
        for n, h in enumerate(lexicon_hits, 1):
            lex_span_id[h.start:h.end] = [n] * (h.end - h.start)
        self.lex_span_id = lex_span_id
        # found once, used by names_before_benchmark_heads and lists_after_benchmark_heads
        self.bench_heads = _head_words(text, _bench_heads(cues))
        if "://" in text or "www." in text or ".com" in text or ".org" in text or ".io/" in text or ".net/" in text:
            for m in _URL.finditer(text):
                self.take(m.start(), m.end())

    # -- helpers ----------------------------------------------------------------------

    def take(self, s: int, e: int) -> None:
        self.taken.append((s, e))
        self.taken_mask[s:e] = b"\x01" * max(0, e - s)

    def overlaps(self, s: int, e: int) -> bool:
        taken = self.taken
        if e > s and len(taken) > 16:  # same as the test below, in C: linear time on thousands of names
            return self.taken_mask.find(1, s, e) != -1
        return any(s < te and ts < e for ts, te in taken)

    def proposal_before(self, s0: int, pos: int) -> re.Match | None:
        last = None
        for m in self.proposals:
            if m.start() >= s0 and m.end() <= pos:
                last = m
        return last

    def add(self, h: Hit, span: tuple[int, int] | None = None) -> None:
        found = self.found
        if h.key not in found:
            found[h.key] = h
            self.take(*(span or (h.start, h.end)))
            self.known_forms.update(norm_key(f) for f in (h.text, h.long) if f)

    def in_lexicon_span(self, s: int, e: int) -> bool:
        lex_span_id = self.lex_span_id
        return e > s and lex_span_id[s] != 0 and lex_span_id[s] == lex_span_id[e - 1]

    def touches_lexicon(self, s: int, e: int) -> bool:
        return any(self.lex_span_id[s:e])

    def blocked_by_lexicon(self, s: int, e: int, name: str) -> bool:
        """A known concept overlaps the name, unless the name is a hyphenated coinage
        around it ("DP-FedAvg", "COCO-Stuff"): then the name is its own concept."""
        ids = set(self.lex_span_id[s:e]) - {0}
        if not ids:
            return False
        if " " in name or "-" not in name or _DESCRIPTOR_SUFFIX.search(name):
            return True  # "Whisper-style stride": the known concept, described
        lexicon_hits = self.lexicon_hits
        return any(lexicon_hits[i - 1].start < s or lexicon_hits[i - 1].end > e
                   or (lexicon_hits[i - 1].start, lexicon_hits[i - 1].end) == (s, e) for i in ids)

    def inside_longer_lexicon_hit(self, s: int, e: int, concept: str | None = None) -> bool:
        i = self.lex_span_id[s]
        if not i:
            return False
        h = self.lexicon_hits[i - 1]
        if not (h.start <= s and e <= h.end and h.end - h.start > e - s):
            return False
        entry = self.lexicon.get(h.lexicon_id) if concept is not None and h.lexicon_id else None
        if entry is not None and entry.parent == concept:
            return True  # "variational SMC" after "Sequential Monte Carlo (SMC)": a known variant of it
        # a named variant ("TopK SAEs", "JumpReLU SAEs"), not a plain adjective ("sparse MoE")
        text = self.text
        extra = text[h.start:s] + " " + text[e:h.end]
        return re.search(r"[A-Za-z0-9][A-Z]|\d", extra) is not None

    def coined_around_known(self, s: int, e: int, name: str, introduced: bool = False) -> bool:
        """A title-case name coined around known concepts and introduced as such ("Hierarchical Token
        Merging, a plug-in module"): every known concept lies inside it, a capitalised word lies
        outside them, and an apposition follows (unless ``introduced``: the name is itself in
        apposition, "a novel algorithm, NAME, for ...")."""
        if not introduced and not _NAME_INTRODUCED.match(self.text, e):
            return False
        inside = [h for h in self.lexicon_hits if h.start < e and s < h.end]
        if not inside or any(h.start < s or h.end > e for h in inside):
            return False
        rest = list(self.text[s:e])
        for h in inside:
            rest[h.start - s:h.end - s] = " " * (h.end - h.start)
        return any(w[:1].isupper() for w in "".join(rest).split())

    def is_known(self, s: int, e: int, tok: str) -> bool:
        return (norm_key(tok) in self.found or norm_key(tok) in self.known_forms or self.lexicon.lookup(tok) is not None
                or self.in_lexicon_span(s, e))

    def known_unmatched(self, s: int, e: int, name: str, extractor: str, plausible) -> None:
        """A name a rule found (``plausible(name)``) that the lexicon knows under another spelling the
        token matcher missed ("ACSIncome" for "ACS Income"; the matcher itself joins hyphenated forms,
        "LibriLight" for "Libri-Light", and a spaced form's number to its word, "Lorenz-96" for "Lorenz 96",
        but not other spaced ones): the known concept."""
        if self.lex_span_id[s] or self.lex_span_id[e - 1] or self.touches_lexicon(s, e) or self.overlaps(s, e) \
                or not plausible(name):
            return
        entry = self.lexicon.lookup(name)
        if entry is not None and entry.id not in self.found:
            self.add(Hit(s, e, name, entry.type, entry.id, extractor + "+lexicon", 0.8, lexicon_id=entry.id))


    def title_name_hit(self) -> None:
        """The title's name ("Craftium: A Platform for ...") is what the paper proposes."""
        tname = title_name(self.title)
        if tname:
            text, lexicon = self.text, self.lexicon
            at = _find_bounded(text, tname)
            entry = lexicon.lookup(tname)
            if at and (entry is None or entry.type in ("benchmark", "model")):
                ts, te = at[0]
                s0, s1 = _sentence_of(self.sents, ts)
                ctype, bench = _type_from_context(tname, text[te:s1], self.cues)
                bench = bench or (entry is not None and entry.type == "benchmark")
                self.add(Hit(ts, te, tname, "method", entry.id if entry else norm_key(tname), "title", 0.9,
                             lexicon_id=entry.id if entry else None, proposed=True, also_benchmark=bench,
                             parent=_lexicon_parent(tname, lexicon)))

    def title_only_name_hit(self) -> None:
        """The title's one-word name ("Lumos: ...") absent from the abstract is the paper's method
        where the abstract uses it with a size ("Atlas-7B", filed under it by :meth:`model_sizes`) or,
        no contribution named so far, speaks of "our approach" (that phrase anchors it)."""
        tname = title_only_name(self.title)
        if tname is None or norm_key(tname) in self.found:
            return
        entry = self.lexicon.lookup(tname)
        if entry is not None and entry.type not in ("benchmark", "model"):
            return  # "Transformers: ...": a known method the title is about
        text = self.text
        sized = [m for m in (_MODEL_SIZE.finditer(text) if _MODEL_SIZE_GATE.search(text) else ())
                 if norm_key(_SIZE_SUFFIX.sub("", m.group(0))) == norm_key(tname) and not self.overlaps(*m.span())]
        if _find_bounded(text, tname):
            return  # named in the abstract: title_name_hit's case
        hit = Hit(0, 0, tname, "method", entry.id if entry else norm_key(tname), "title+only", 0.7,
                  lexicon_id=entry.id if entry else None, proposed=True, parent=_lexicon_parent(tname, self.lexicon))
        if sized:
            self.add(hit.with_(start=sized[0].start(), end=sized[0].end()), (0, 0))  # the sizes join it
            return
        if any(h.proposed for h in self.found.values()):
            return  # the abstract names its contribution otherwise ("We introduce EquiLDM")
        m = _OUR_OWN.search(self.low)
        s, e, head = (m.start(), m.end(), m.group(1)) if m is not None else self._proposed_unnamed_head()
        if head and not self.overlaps(s, e):
            self.add(hit.with_(start=s, end=e, also_benchmark=head in self.cues.benchmark_heads))

    def _proposed_unnamed_head(self) -> tuple[int, int, str | None]:
        """``(start, end, head)`` of the first unnamed contribution a proposal cue announces: "we
        introduce a sparse reweighting scheme that ..." ("a sparse reweighting scheme", "scheme")."""
        heads = self.cues.method_heads | self.cues.benchmark_heads
        for cue in self.cues.proposal.finditer(self.low):
            m = _UNNAMED_HEAD.match(self.low, cue.end())
            if m is not None and m.group(2) in heads:
                return m.start(1), m.end(1), m.group(2)
        return 0, 0, None

    def abbreviation_definitions(self) -> None:
        """Abbreviation definitions: "Q-Sparse Attention (QSA)", known, proposed, or typed by their head word."""
        text, sents, lexicon, cues, found, add = self.text, self.sents, self.lexicon, self.cues, self.found, self.add
        for ab in self.abbreviations:
            s0, s1 = _sentence_of(sents, ab.short_start)
            entry = lexicon.lookup_long_form(ab.long, ab.short)
            cue = self.proposal_before(s0, ab.long_start + 1)
            if entry is None and not cue:
                entry = lexicon.lookup(ab.short)
            if entry is not None:
                if entry.type == "algorithm" and cue is not None and cue.group(0)[-1].isalpha() \
                        and _RIGHT_AFTER_CUE.fullmatch(text, cue.end(), ab.long_start) \
                        and _INTRODUCED_APPOSITION.match(text, ab.short_end):
                    # "We propose Self-Play Preference Optimization (SPPO), which ...": the paper that
                    # introduces a method the lexicon already knows proposes it (linked to the known concept)
                    add(Hit(ab.short_start, ab.short_end, ab.short, "method", entry.id, "abbreviation+proposal+lexicon",
                            0.85, lexicon_id=entry.id, proposed=True, long=ab.long, parent=entry.parent),
                        (ab.long_start, ab.short_end))
                    continue
                wider = self.modified_field(ab.long_start) if entry.type == "field" else None
                long = text[wider:ab.long_start] + ab.long if wider is not None else ab.long
                known = lexicon.lookup(long) if wider is not None else None
                if known is not None and known.type == "field":
                    entry, wider = known, None
                if wider is not None:
                    # "Safe offline reinforcement learning (RL)": the setting is the whole phrase, under RL
                    add(Hit(ab.short_start, ab.short_end, ab.short, "field", norm_key(long), "abbreviation+modifiers",
                            0.8, long=long, parent=entry.id), (wider, ab.short_end))
                    continue
                add(Hit(ab.short_start, ab.short_end, ab.short, entry.type, entry.id, "abbreviation", 0.95,
                        lexicon_id=entry.id, long=long), (ab.long_start - len(long) + len(ab.long), ab.short_end))
                continue
            answer = _ANSWERS_PROBLEM.match(text, s0)
            near = (cue is not None and ab.long_start - cue.end() < 80) or _APPOSITION.match(text, ab.short_end) is not None \
                or (answer is not None and answer.end() == ab.long_start) \
                or _THE_METHOD.search(text[max(s0, ab.long_start - 40):ab.long_start]) is not None \
                or _WE_A_METHOD.search(text, max(s0, ab.long_start - 120), ab.long_start) is not None
            if near and _type_from_head(ab.long, cues) == "field" and not (cue and ab.long_start - cue.end() < 25):
                near = False
            subject = answer is not None and answer.end() == ab.long_start and _VERB_NEXT.match(text, ab.short_end)
            if near and (ab.short in _NOT_NAMES or (_modifies_next_noun(text, ab.short_end, cues) and not subject)):
                # "we introduce a Key-Value (KV) cache compression scheme": neither KV nor Key-Value is the
                # scheme (no later rule names them)
                near = False
                self.take(ab.long_start, ab.short_end)
            used = near and cue is not None and self._used_after_own_name(ab, s0)
            if used:
                # "We introduce FreqMix, a model that applies the fast Fourier transform (FFT)": the
                # paper named its method first; what it applies with "the" is an existing technique
                near = False
            if near and " of " in text[max(s0, ab.long_start - 40):ab.long_start] \
                    and _VARIANT_OF.search(text, max(s0, ab.long_start - 40), ab.long_start):
                # "We propose FooNet, a generalization of Kestrel Policy Optimization (KPO)": what the
                # contribution generalizes exists already
                near, used = False, True
            if near:
                title_hit = found.get(norm_key(ab.long))
                if title_hit is not None and title_hit.extractor == "title":
                    del found[norm_key(ab.long)]  # "Q-Sparse Attention (QSA)": one concept, named by its acronym
                ctype, bench = _type_from_context(ab.short, text[ab.short_end:s1], cues)
                bench = bench or _type_from_head(ab.long, cues) == "benchmark"
                add(Hit(ab.short_start, ab.short_end, ab.short, "method", norm_key(ab.short), "abbreviation+proposal",
                        0.9, proposed=True, long=ab.long, also_benchmark=bench,
                        parent=_lexicon_parent(ab.long, lexicon) or _lexicon_parent(ab.short, lexicon)),
                    (ab.long_start, ab.short_end))
            else:
                htype = _type_from_head(ab.long, cues) or ("algorithm" if used else None)
                if htype == "algorithm" and not self.proposals and self.result_subject_at(ab.short, ab.short_end):
                    # "Contrastive Diffusion Guidance (CDG) decomposes ... CDG improves ...": no "we propose",
                    # the acronym the results are about is the paper's own (left to :meth:`result_subject`)
                    continue
                # "deep neural networks (DNNs)": a generic acronym names no algorithm (but "machine learning (ML)" a field)
                if htype is not None and (htype == "field" or ab.short not in _NOT_NAMES):
                    add(Hit(ab.short_start, ab.short_end, ab.short, htype, norm_key(ab.short), "abbreviation", 0.6,
                            long=ab.long, parent=_lexicon_parent(ab.long, lexicon)), (ab.long_start, ab.short_end))

    def _used_after_own_name(self, ab: Abbreviation, s0: int) -> bool:
        """Is a definition what the paper's method, named first in the sentence, uses: "FreqMix, a
        model that applies the fast Fourier transform (FFT)", "FooGCL, which learns with a hyperbolic
        graph convolutional network (HGCN) encoder" (a lower-case long form not marked as its own;
        a title-case one is a coined component: "FooNet, a framework with a Spectral Gating Module (SGM)")."""
        text = self.text
        lower = ab.long[:1].islower() and _OWN_MARK.search(text, max(s0, ab.long_start - 30), ab.long_start) is None
        return (text.endswith("the ", 0, ab.long_start) or lower) \
            and any(is_name_like(m.group(1)) for m in _NAMED_BEFORE.finditer(text, s0, ab.long_start))

    def names_after_proposals(self) -> None:
        """Names after a proposal cue, in the same clause: "We introduce CEM (Counterfactual Exposure
        Modeling)", "introduces Craftium,", "two techniques: Foo Bar and Baz Qux"."""
        proposals = self.proposals
        for s0, s1 in self.sents:
            for cue in (m for m in proposals if s0 <= m.start() and m.end() <= s1):
                if self._names_a_phenomenon(cue, s0):
                    continue  # "a failure mode, which we call Rank Collapse": a finding's name, no method
                if self._coined_name_after(cue, s1):
                    continue
                self._title_case_name_after(cue, s1)
                self._component_names_after(cue, s1)

    def _names_a_phenomenon(self, cue: re.Match, s0: int) -> bool:
        """Does a naming cue ("which we call", "termed") name what the paper observes rather than
        builds: "a failure mode, which we call ...", "we call this effect ...", "a quantity called ..."?"""
        if _NAMING_CUE.search(cue.group(0)) is None:
            return False
        text = self.text
        before = text[max(s0, cue.start() - 50):cue.start()].lower().replace(",", " ").split()[-4:]
        after = text[cue.end():cue.end() + 30].lower().split()[:2]
        words = before + cue.group(0).split()[-2:] + after
        return any(w.rstrip(",.;:") in _PHENOMENON_HEADS for w in words)

    def _coined_name_after(self, cue: re.Match, s1: int) -> bool:
        """The first coined name in the cue's clause, or one in apposition to its head word
        ("a new benchmark, DrugBench-500, which we release"); whether one was named."""
        text, cues, lexicon, found = self.text, self.cues, self.lexicon, self.found
        add, overlaps, is_known = self.add, self.overlaps, self.is_known
        reach = min(s1, cue.end() + _CUE_REACH)  # linear time on a huge period-free "sentence"
        tail = text[cue.end(): reach]
        m_end = _CLAUSE_END.search(tail, 1)
        window_end = cue.end() + (m_end.start() if m_end else len(tail))
        if m_end and m_end.group(0) == "(":  # "a policy iteration algorithm (PI-FT)"
            close = text.find(")", window_end, reach)
            window_end = close if close != -1 else window_end
        named = False
        for tm in _TOKEN.finditer(text, cue.end(), min(window_end + 40, reach)):
            if tm.start() > window_end:
                break
            tok = tm.group(0).rstrip(".")
            s, e = tm.start(), tm.start() + len(tok)
            own = found.get(norm_key(tok))
            if own is not None and own.proposed and own.start < cue.start():
                break  # "we establish convergence of FedTM under non-IID data": the cue is about the paper's own method
            long_form = (_paren_long_form(text, e, tok, min(s1, e + 90))
                         or apposed_long_form(text, e, tok, min(s1, e + 90))) if is_name_like(tok) else None
            if long_form is not None and not overlaps(s, e):
                # "We introduce CEM (Counterfactual Exposure Modeling)": the paper's own name, even
                # when a known concept has the same short form but a different long form
                entry = lexicon.lookup(tok)
                if entry is None or norm_key(long_form[0]) not in {norm_key(f) for f in entry.forms}:
                    ctype, bench = _type_from_context(tok, text[long_form[2]:s1], cues)
                    bench = bench or _type_from_head(long_form[0], cues) == "benchmark"
                    add(Hit(s, e, tok, ctype, norm_key(tok), "pattern:proposal", 0.85, proposed=True,
                            long=long_form[0], also_benchmark=bench,
                            parent=_lexicon_parent(long_form[0], lexicon) or _lexicon_parent(tok, lexicon)),
                        (s, long_form[2]))
                    named = True
                    break
            if overlaps(s, e) or is_known(s, e, tok):
                continue
            if not (is_name_like(tok) or self._coined_right_after(cue, s, e, tok)):
                continue
            if " of " in text[max(cue.end(), s - 40):s] and _VARIANT_OF.search(text, max(cue.end(), s - 40), s):
                # "we design a delay-robust variant of the SquareCB algorithm": what it builds on
                if not self.blocked_by_lexicon(s, e, tok):
                    add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:variant-of", 0.6,
                            parent=_lexicon_parent(tok, lexicon)))
                continue
            if not _MATH_OBJECT.match(text, e):  # "the Wasserstein-2 distance"
                tail = _TITLE_TAIL.match(text, e, s1) if _RIGHT_AFTER_CUE.fullmatch(text, cue.end(), s) else None
                if tail is not None and not overlaps(e, tail.end()):
                    # "we introduce the Gauss-Markov Adapter, which": the name goes on in title case
                    e = tail.end()
                    tok = text[s:e]
                ctype, bench = _type_from_context(tok, text[e:s1], cues)
                add(Hit(s, e, tok, ctype, norm_key(tok), "pattern:proposal", 0.85, proposed=True,
                        also_benchmark=bench, parent=_lexicon_parent(tok, lexicon)))
                named = True
                break
        if not named:  # "a new benchmark, DrugBench-500, which we release"
            app = _HEAD_APPOSITION.match(text, window_end)
            head = text[max(cue.end(), window_end - 20):window_end].split()
            # "a sketching method with an adaptive rank, AdaNys.": a name closing a clause that
            # describes a method is that method's name
            closes = app is not None and _CLOSES_CLAUSE.match(text, app.end()) is not None \
                and any(w in cues.method_heads for w in text[cue.end():window_end].lower().split())
            if app and head and (head[-1].lower() in cues.method_heads | cues.benchmark_heads or closes):
                tok, s, e = app.group(1), app.start(1), app.end(1)
                # a coined word is a name there too: "we derive a scheduled variant, Ballpark, that ..."
                coined = _PROPER_NAME.fullmatch(tok) is not None and tok not in _COMMON_CAPS \
                    and not _ADJECTIVE_LIKE.search(tok)
                if (is_name_like(tok) or coined) and not overlaps(s, e) and not is_known(s, e, tok):
                    bench = head[-1].lower() in cues.benchmark_heads
                    add(Hit(s, e, tok, "method", norm_key(tok), "pattern:proposal", 0.8, proposed=True,
                            also_benchmark=bench, parent=_lexicon_parent(tok, lexicon)))
                    named = True
            elif head and head[-1].lower() in cues.method_heads | cues.benchmark_heads:
                named = self._title_case_apposition(window_end, s1, head[-1].lower() in cues.benchmark_heads)
        return named

    def _coined_right_after(self, cue: re.Match, s: int, e: int, tok: str) -> bool:
        """A coined word right after the cue and described next: "We propose Lantern, a ...",
        "we introduce cTrack, which ..." (a capitalised word that is no adjective, or lower camel case)."""
        return _coined(tok) and _RIGHT_AFTER_CUE.fullmatch(self.text, cue.end(), s) is not None \
            and _NAME_INTRODUCED.match(self.text, e) is not None

    def _title_case_apposition(self, pos: int, s1: int, bench: bool) -> bool:
        """A title-case name set off after the head word: "a novel algorithm, Stochastic Halpern
        Iteration, that ..."; whether one was named."""
        m = _HEAD_TITLE_APPOSITION.match(self.text, pos, s1)
        if m is None:
            return False
        name, s, e = m.group(1), m.start(1), m.end(1)
        if name.split()[0] in _COMMON_CAPS or self.overlaps(s, e) or self.is_known(s, e, name) \
                or _DESCRIPTOR_SUFFIX.search(name) or (self.touches_lexicon(s, e)
                                                       and not self.coined_around_known(s, e, name, introduced=True)):
            return False
        self.add(Hit(s, e, name, "method", norm_key(name), "pattern:proposal", 0.75, proposed=True,
                     also_benchmark=bench, parent=_lexicon_parent(name, self.lexicon)))
        return True

    def _title_case_name_after(self, cue: re.Match, s1: int) -> None:
        """A title-case name right after the cue: "introduces Craftium," / "called Title Case Name"."""
        text = self.text
        m = _TITLE_AFTER_CUE.match(text, cue.end(), s1)
        if m:
            name, s, e = m.group(1), m.start(1), m.end(1)
            naming = _NAMING_CUE.search(cue.group(0)) is not None  # "called Chimera that ...": named, whatever follows
            # "We propose Lumos to ...", "We present Lumos for ...": one word right after the verb, then a function word
            naming = naming or (" " not in name and s == cue.end() + 1 and cue.group(0)[-1].isalpha()
                                and _FUNCTION_WORD_NEXT.match(text, e) is not None)
            if name.split()[0] not in _COMMON_CAPS and not self.overlaps(s, e) and not self.is_known(s, e, name) \
                    and not _DESCRIPTOR_SUFFIX.search(name) \
                    and (self.coined_around_known(s, e, name) or not self.touches_lexicon(s, e)) \
                    and (naming or not re.match(r"\s+(?:a|an|the|to|that)\b|\s+[a-z]+ing\b", text[e:e + 14])) \
                    and (naming or " " in name or re.match(r"\s*(?:[,(:;.—–]|\s-\s|\s--\s|$)", text[e:e + 4])):
                ctype, bench = _type_from_context(name, text[e:s1], self.cues)
                self.add(Hit(s, e, name, ctype, norm_key(name), "pattern:proposal", 0.7, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(name, self.lexicon)))

    def _component_names_after(self, cue: re.Match, s1: int) -> None:
        """Named components listed after the cue: "two techniques: Foo Bar and Baz Qux"."""
        text, cues, lexicon = self.text, self.cues, self.lexicon
        list_end = min(s1, cue.end() + 160)
        stop = cues.builds_on.search(self.low, cue.end(), list_end) or cues.compared.search(self.low, cue.end(), list_end)
        for tm in _TITLE_NAME.finditer(text, cue.end(), stop.start() if stop else list_end):
            name, s, e = tm.group(0), tm.start(), tm.end()
            if name.split()[0] not in _COMMON_CAPS and not self.overlaps(s, e) and not self.is_known(s, e, name) \
                    and (not self.touches_lexicon(s, e) or self.coined_around_known(s, e, name)) \
                    and not _DESCRIPTOR_SUFFIX.search(name):
                ctype, bench = _type_from_context(name, text[e:s1], cues)
                self.add(Hit(s, e, name, ctype, norm_key(name), "pattern:proposal-list", 0.65, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(name, lexicon)))

    def known_names_introduced(self) -> None:
        """A known benchmark/model introduced by this paper: "we introduce the LMRL-Gym benchmark"."""
        text, found, abbreviations = self.text, self.found, self.abbreviations
        for h in self.lexicon_hits:
            if h.type not in ("benchmark", "model") or h.key in found or (h.start and text[h.start - 1] in "-_/"):
                continue  # "Opt" (the model OPT) in the coined "RF-Opt": a part of the name introduced
            s0, _ = _sentence_of(self.sents, h.start)
            cue = self.proposal_before(s0, h.start)
            if cue is not None and cue.group(0)[-1].isalpha() and len(text[cue.end():h.start].split()) <= 2 \
                    and "-" not in text[h.end:h.end + 1] and not _SOURCE_WORD.search(text, cue.end(), h.start) \
                    and not any(ab.long_start <= h.start < ab.short_start for ab in abbreviations):
                # not "a benchmark we construct from MMLU-Pro", nor "Scan" in "Graph Selective Scan (GSS)"
                self.add(Hit(h.start, h.end, h.text, "method", h.key, "pattern:proposal+lexicon", 0.8,
                             lexicon_id=h.lexicon_id, proposed=True, also_benchmark=h.type == "benchmark"))

    def appositions(self) -> None:
        """"NAME, a novel ..." / "NAME is a novel ..."."""
        text, cues, lexicon = self.text, self.cues, self.lexicon
        # (names are at most 80 characters: an unbounded run backtracks quadratically on "e.g.e.g.e.g...")
        for m in _windowed(_NAME_APPOSITION, _APPOSITION_GATE, text, 400):
            tok = m.group(1)
            if is_name_like(tok) and not self.overlaps(m.start(1), m.end(1)) \
                    and not self.is_known(m.start(1), m.end(1), tok):
                ctype, bench = _type_from_context(tok, text[m.end():m.end() + 120], cues)
                self.add(Hit(m.start(1), m.end(1), tok, ctype, norm_key(tok), "pattern:apposition", 0.8, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(tok, lexicon)))

    def our_method_appositions(self) -> None:
        """"Our approach, LoRA-GA, initializes ...": a name set off by commas right after the
        paper's own method/framework/benchmark is that contribution."""
        text, cues = self.text, self.cues
        i = text.find(", ")
        while i != -1:
            g_end, i = i + 2, text.find(", ", i + 2)
            j = text.rfind(" ", max(0, g_end - 16), g_end - 2)
            if text[j + 1:g_end - 2] not in _OUR_HEAD_WORDS:
                continue
            m = _OUR_HEAD_NAME.match(text, max(0, j - 22)) or _OUR_HEAD_NAME.search(text, max(0, j - 22), g_end + 45)
            if m is None or m.end(1) <= g_end:
                continue
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if (is_name_like(tok) or _coined(tok)) and not self.overlaps(s, e) and not self.is_known(s, e, tok) \
                    and not self.blocked_by_lexicon(s, e, tok):
                bench = m.group(0).split(",")[0].split()[-1].lower() in cues.benchmark_heads
                self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:our-apposition", 0.8, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(tok, self.lexicon)))

    def our_method_dashed(self) -> None:
        """"Our approach—Sieve—filters ...": a name set off by dashes right after the paper's own method."""
        text = self.text
        if "—" not in text and "–" not in text and "--" not in text:
            return
        for m in _OUR_HEAD_DASHED.finditer(text):
            tok, s, e = m.group(2), m.start(2), m.end(2)
            if tok not in _COMMON_CAPS and not self.overlaps(s, e) and not self.is_known(s, e, tok) \
                    and not self.blocked_by_lexicon(s, e, tok):
                bench = m.group(1) in self.cues.benchmark_heads
                self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:our-apposition", 0.8, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(tok, self.lexicon)))

    def our_named_heads(self) -> None:
        """"Our Hermes model achieves ... Hermes outperforms ...": a capitalised word between "our" and a
        method head word, and used alone as a subject, names the paper's own (not an adjective: "our
        Bayesian model", "our Siamese network", "our Poisson model")."""
        text = self.text
        for m in _OUR_NAME_HEAD.finditer(text):
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if m.group(2) in ("library", "toolkit", "platform"):
                continue  # "our Python library": the language it is written in
            if tok not in _COMMON_CAPS and not _ADJECTIVE_LIKE.search(tok) and not _LANGUAGE_LIKE.search(tok) \
                    and not self.overlaps(s, e) and not self.is_known(s, e, tok) and not self.touches_lexicon(s, e) \
                    and any(_VERB_AFTER.match(text, oe) for _, oe in _find_bounded(text, tok)):
                # ... and used alone elsewhere ("Hermes outperforms"), as no adjective is ("our Poisson model")
                bench = m.group(2) in self.cues.benchmark_heads
                self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:our-name-head", 0.7, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(tok, self.lexicon)))

    def proposed_names(self) -> None:
        """"our proposed Quokka outperforms ...": a name right after "our/the proposed" is the paper's;
        a plain capitalised word only when a verb or a stop follows (not "the proposed Bayesian model")."""
        text = self.text
        for g in _PROPOSED_NAME_GATE.finditer(text):
            m = _PROPOSED_NAME.search(text, max(0, g.start() - 12), g.end() + 42)
            if m is None:
                continue
            tok, s, e = m.group(1), m.start(1), m.end(1)
            plain = _PROPER_NAME.fullmatch(tok) is not None and _VERB_AFTER.match(text, e) is not None
            if (is_name_like(tok) or plain) and tok not in _COMMON_CAPS and not self.overlaps(s, e) \
                    and not self.is_known(s, e, tok) and not self.blocked_by_lexicon(s, e, tok):
                self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:our-proposed", 0.75, proposed=True,
                             parent=_lexicon_parent(tok, self.lexicon)))

    def names_before_benchmark_heads(self) -> None:
        """"on the X benchmark", "X dataset", enumerations of names before a benchmark head."""
        text, add, overlaps, is_known = self.text, self.add, self.overlaps, self.is_known
        for head_start, head_end in self.bench_heads:
            window = text[max(0, head_start - 80): head_start]
            base = head_start - len(window)
            if not window[-1:].isspace():
                continue  # the names end right before the head, then a space
            last = _TOKEN.findall(window[window.rstrip().rfind(" ") + 1:])  # quick test before the slow run search
            if not last or not is_name_like(last[-1]):
                if last and last[-1][:1].isupper() and text[head_start:head_end].lower() in _SINGULAR_BENCH_HEADS:
                    self._the_proper_name_before(window, base)
                continue
            # the names right before the head word: "DSRL benchmark", "A, B and C datasets"
            run = _NAME_RUN.search(window)
            if not run:
                continue
            toks = list(_TOKEN.finditer(window, run.start()))
            if not toks or not is_name_like(toks[-1].group(0)):
                continue
            for tm in toks:
                tok = tm.group(0)
                s, e = base + tm.start(), base + tm.end()
                if is_name_like(tok) and not overlaps(s, e) and not is_known(s, e, tok):
                    add(Hit(s, e, tok, "benchmark", norm_key(tok), "pattern:benchmark", 0.7))
                elif self._known_algorithm_acronym(s, e, tok):
                    # "the BTCV, ACDC and Synapse datasets": an acronym the lexicon knows as an
                    # algorithm ("ACDC", automatic circuit discovery) named as a dataset is another concept
                    add(Hit(s, e, tok, "benchmark", norm_key(tok), "pattern:benchmark", 0.65))
                else:
                    self.known_unmatched(s, e, tok, "pattern:benchmark", is_name_like)

    def _known_algorithm_acronym(self, s: int, e: int, tok: str) -> bool:
        """Whether ``tok`` at s..e is an upper-case acronym that a lexicon hit of its own types as an algorithm."""
        i = self.lex_span_id[s]
        if not i or len(tok) < 3 or not tok.isupper() or self.overlaps(s, e) or norm_key(tok) in self.found:
            return False
        h = self.lexicon_hits[i - 1]
        return h.start == s and h.end == e and h.type == "algorithm"

    def _the_proper_name_before(self, window: str, base: int) -> None:
        """"the Twins dataset": a capitalised word (not a language) after "the" names the benchmark."""
        m = _THE_PROPER_HEAD.search(window)
        if m is None:
            return
        name, s, e = m.group(1), base + m.start(1), base + m.end(1)
        if any(w in _COMMON_CAPS | _LIST_OPENERS or _LANGUAGE_LIKE.search(w) for w in name.split()):
            return
        if not self.overlaps(s, e) and not self.is_known(s, e, name) and not self.touches_lexicon(s, e) \
                and not self.blocked_by_lexicon(s, e, name):
            self.add(Hit(s, e, name, "benchmark", norm_key(name), "pattern:benchmark", 0.65))

    def _shouted(self, h: Hit) -> bool:
        """A known name written in capitals the lexicon never uses ("SPIDER" for Spider) is likely another name."""
        return len(h.text) > 3 and h.text.isupper() and not any(f.isupper() for f in self.lexicon.get(h.lexicon_id).forms)

    def benchmark_variants(self) -> None:
        """A known benchmark with a variant's suffix is that variant, under the benchmark:
        "COCO-OOD", "ShapeNet-Car", "TREC Fair Ranking 2021" (the whole name, not "COCO")."""
        text = self.text
        for h in self.lexicon_hits:
            if h.type != "benchmark" or h.lexicon_id is None or (h.start and text[h.start - 1] in "-_/"):
                continue
            m = _BENCH_VARIANT.match(text, h.end)
            if m is None or self._shouted(h):
                continue  # "SPIDER-FW" is not a variant of the Spider benchmark: another name in capitals
            s, e = h.start, m.end()
            name = text[s:e]
            if self.overlaps(s, e) or self.lexicon.lookup(name) is not None:
                continue
            self.add(Hit(s, e, name, "benchmark", norm_key(name), "pattern:benchmark-variant", 0.7,
                         parent=h.lexicon_id))

    def benchmark_like_names(self) -> None:
        """A coined name made like a benchmark's ("CountBench", "TallyQA", "KnowEdit-Bench") is one,
        unless the paper proposes it (then it is already a method and a benchmark)."""
        text = self.text
        if "Bench" in text or "QA" in text:
            for m in _BENCH_SUFFIXED.finditer(text):
                s, e, tok = m.start(), m.end(), m.group(0)
                if not any(c.islower() for c in tok[1:-2 if tok.endswith("QA") else -5]):
                    continue  # a task acronym: "KBQA", "ODQA"
                if not self.overlaps(s, e) and not self.is_known(s, e, tok) and not self.blocked_by_lexicon(s, e, tok):
                    self.add(Hit(s, e, tok, "benchmark", norm_key(tok), "pattern:benchmark-name", 0.65))
                    self.suffixed.append((s, e))

    def lists_with_a_known_benchmark(self) -> None:
        """An enumeration that names a known benchmark names benchmarks: "on ADE20K, Pascal
        Context and COCO-Stuff" (the list ends at its final "and"/"or" conjunct)."""
        text = self.text
        bench_spans = {(h.start, h.end) for h in self.lexicon_hits if h.type == "benchmark" and not self._shouted(h)} \
            | set(self.suffixed)
        bench_starts = {s for s, _ in bench_spans}
        listed = any(text.startswith((", ", " and ", " or "), e) or text.endswith((", ", " and ", " or "), 0, s)
                     for s, e in bench_spans)  # a known benchmark next to a list separator: worth a scan
        if listed:
            for m in _ENUMERATION.finditer(text):
                items = _enumeration_items(m)
                if not any(s in bench_starts for s, _, _ in items):
                    continue
                # "the Synapse, ACDC and ISIC 2018 datasets": with a dataset word after the list, an
                # acronym the lexicon knows as an algorithm (ACDC, circuit discovery) is a dataset
                # here; without one ("on Atari, DQN and PPO") it stays the algorithm
                head = text[m.end():m.end() + 20].split()[:1]
                headed = bool(head) and head[0].lower().strip(".,;:") in self.cues.benchmark_heads
                for s, e, item in items:
                    if (s, e) not in bench_spans and not self.overlaps(s, e) and not self.is_known(s, e, item) \
                            and not self.blocked_by_lexicon(s, e, item) and _plausible_item(item) \
                            or headed and self._known_algorithm_acronym(s, e, item):
                        self.add(Hit(s, e, item, "benchmark", norm_key(item), "pattern:benchmark-list", 0.65))
                    elif (s, e) not in bench_spans:
                        self.known_unmatched(s, e, item, "pattern:benchmark-list", _plausible_item)

    def lists_after_benchmark_heads(self) -> None:
        """Names listed right after a benchmark head: "three datasets: A, B, and C",
        "benchmarks such as A and B", "datasets, including A, B and C"."""
        text = self.text
        for head_start, head_end in self.bench_heads:
            intro = _LIST_INTRO.match(text, head_end)
            em = _ENUMERATION.match(text, intro.end()) if intro else None
            if em is None:
                continue
            for s, e, item in _enumeration_items(em):
                if not self.overlaps(s, e) and not self.is_known(s, e, item) \
                        and not self.blocked_by_lexicon(s, e, item) and _plausible_item(item):
                    self.add(Hit(s, e, item, "benchmark", norm_key(item), "pattern:benchmark-list", 0.65))
                else:
                    self.known_unmatched(s, e, item, "pattern:benchmark-list", _plausible_item)

    def unknown_baselines(self) -> None:
        """Baselines the lexicon does not know: coined names listed right after a comparison
        ("improves ... over SAN and CAT-Seg", "compared with FedAvg and DP-FedAvg")."""
        text, lexicon, lexicon_hits, lex_span_id = self.text, self.lexicon, self.lexicon_hits, self.lex_span_id
        own = [h.text for h in self.found.values() if h.proposed]
        lex_end_at = {h.start: h.end for h in lexicon_hits if " " in h.text}
        heads = self.cues.method_heads | self.cues.algorithm_heads
        intros = [(text, cue.end()) for cue in self.cues.baseline_intro.finditer(self.low)]
        intros += [(text, at) for at in self._values_for_after(intros)]
        for cue in _BASELINE_HEAD_LIST.finditer(self.low):
            p = cue.end()
            if p < len(text) and not text[p].isspace():  # "baselines (A, B": read the bracket as a space
                p -= 1
                intros.append((text[:p] + " " + text[p + 1:], p))
            else:
                intros.append((text, p))
        for at_text, at in intros:
            toks = _baseline_items(at_text, at, lex_end_at, heads)
            # a list that names a known method or model ("GraphGPS and Exphormer", "FedProx, Ditto and
            # pFedHN", "behavioral cloning, DWBC and ILEED") names methods: a capitalised word in it is one too
            known_types = {lexicon_hits[i - 1].type for s, e, _ in toks for i in {lex_span_id[s], lex_span_id[e - 1]} if i}
            anchors = known_types | {"algorithm" for _, _, tok in toks if is_name_like(tok.rsplit(" ", 1)[-1])}
            anchored = len(toks) >= 2 and bool(anchors & {"algorithm", "model"}) and "benchmark" not in anchors
            for s, e, tok in toks:
                if " " in tok and lex_end_at.get(s) != e:
                    # a name after lower-case modifiers ("delayed OTD", "importance-weighted FooNet")
                    words = tok.split()
                    while len(words) > 1 and words[-1].lower() in _ITEM_HEADS:  # "the QNet baseline"
                        e -= len(words.pop()) + 1
                    last = words[-1]
                    if anchored and (_title_run(" ".join(words)) or _person_and_head(" ".join(words), heads)) \
                            and not self.touches_lexicon(s, e):
                        tok = text[s:e]  # "outperforming Attend-and-Excite and Structured Diffusion Guidance"
                    elif not (is_name_like(last) and all(w[0].islower() for w in words[:-1])):
                        continue
                    else:
                        s, tok = e - len(last), last
                if self.overlaps(s, e) or self.is_known(s, e, tok) or self.blocked_by_lexicon(s, e, tok):
                    self.known_unmatched(s, e, tok, "pattern:baseline", is_name_like)
                    continue
                spelled = self._spelled_out_before(s, tok)
                if spelled is not None:  # "... masked autoencoders ... outperforming DeiT and MAE": the same concept
                    self.add(spelled.with_(start=s, end=e, text=tok, extractor="pattern:baseline+acronym", long=None))
                    continue
                proper = anchored and (_PROPER_NAME.fullmatch(tok) is not None and tok not in _COMMON_CAPS | _LIST_OPENERS
                                       and not _modifies_noun(at_text, e) or _person_and_head(tok, heads))
                if not (is_name_like(tok) or proper) or any(tok.startswith(o) or o.startswith(tok) for o in own):
                    continue  # a variant of the paper's own method is not a baseline
                # listed with known models only ("DeepSeek-Prover-V1.5 and InternLM2.5-StepProver"): a model
                kind = "model" if _MODEL_SIZE.fullmatch(tok) or known_types == {"model"} else "algorithm"
                self.add(Hit(s, e, tok, kind, norm_key(tok), "pattern:baseline", 0.6,
                             parent=_lexicon_parent(tok, lexicon)))

    def _values_for_after(self, intros: list[tuple[str, int]]) -> list[int]:
        """Where a baseline's name follows its own figure later in a comparison's sentence:
        "compared with 0.64 for PCMCI", "against 52% for A and 61% for B" (one place per figure)."""
        out = []
        for _, at in intros:
            end = _sentence_of(self.sents, at)[1] or len(self.text)
            out += [m.end() for m in _VALUE_FOR.finditer(self.text, at, end) if m.end() not in out]
        return out

    def _spelled_out_before(self, pos: int, tok: str) -> Hit | None:
        """The known concept named earlier in the text whose initials spell the acronym ``tok``:
        "masked autoencoders" for "MAE" (the paper never wrote "masked autoencoders (MAE)")."""
        short = tok[:-1] if tok.endswith("s") else tok
        if not (2 <= len(short) <= 6 and short.isalpha() and short.isupper()):
            return None
        for h in self.lexicon_hits:
            if h.start >= pos:
                break
            words = re.findall(r"[A-Za-z]+", h.text.lower())
            if h.type in ("algorithm", "model") and 1 < len(words) <= len(short) and _spells(short.lower(), words):
                return h
        return None

    def result_subject_at(self, name: str, pos: int) -> bool:
        """Is ``name`` the subject of a result sentence ("X outperforms", "X improves") after ``pos``?"""
        return any(m.group(1) == name for m in _windowed(_RESULT_SUBJECT, _RESULT_SUBJECT_GATE, self.text[pos:], 80))

    def result_subject(self) -> None:
        """No contribution named so far: a coined name the abstract keeps making the subject
        of its results ("... XNet outperforms ...", twice or more) is the paper's method."""
        if not any(h.proposed for h in self.found.values()):
            text = self.text
            for m in _windowed(_RESULT_SUBJECT, _RESULT_SUBJECT_GATE, text, 80):
                tok = m.group(1)
                s, e = m.start(1), m.end(1)
                if is_name_like(tok) and not self.overlaps(s, e) and not self.is_known(s, e, tok) \
                        and len(_find_bounded(text, tok)) >= 2:
                    self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:result-subject", 0.6, proposed=True,
                                 parent=_lexicon_parent(tok, self.lexicon)))
                    break

    def named_algorithms(self) -> None:
        """"the SquareCB algorithm", "the Zeta estimator": a coined name before a method head
        word that the paper does not propose is an existing algorithm."""
        for m in _after_the(_THE_NAME_HEAD, self.head_words(), self.text, 60):
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if (is_name_like(tok) or _coined(tok)) and not self.overlaps(s, e) and not self.is_known(s, e, tok) \
                    and not self.blocked_by_lexicon(s, e, tok):
                self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:named-algorithm", 0.6,
                             parent=_lexicon_parent(tok, self.lexicon)))

    def head_words(self) -> list[re.Match]:
        """The head words (:data:`_HEAD_WORD_GATE`) in the text, found once."""
        if self._head_words is None:
            self._head_words = list(_HEAD_WORD_GATE.finditer(self.text))
        return self._head_words

    def surname_algorithms(self) -> None:
        """"the Kabsch algorithm", "Heun's method": a method named after a person is an existing
        algorithm (the head word is part of its name); the paper's own methods carry coined names."""
        text = self.text
        gates = self.head_words()
        possessive = _before_gate(_POSSESSIVE_HEAD, gates, text, 60, _after_possessive)
        for m in (*_after_the(_THE_SURNAME_HEAD, gates, text, 60), *possessive):
            name, s, e = m.group(1), m.start(1), m.end(1)
            first = _POSSESSIVE_END.sub("", name.split(" ", 1)[0].split("-", 1)[0])
            if _ADJECTIVE_LIKE.search(first) or first in _COMMON_CAPS or self.overlaps(s, e) \
                    or self.is_known(s, e, name) or self.touches_lexicon(s, e):
                continue
            self.add(Hit(s, e, name, "algorithm", norm_key(name), "pattern:surname-algorithm", 0.6))

    def named_optimizers(self) -> None:
        """"the Sophia optimizer": a capitalised word naming an optimizer is an existing algorithm."""
        for m in _after_the(_THE_NAMED_OPTIMIZER, self.head_words(), self.text, 40):
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if not _ADJECTIVE_LIKE.search(tok) and tok not in _COMMON_CAPS and not self.overlaps(s, e) \
                    and not self.is_known(s, e, tok) and not self.touches_lexicon(s, e):
                self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:named-optimizer", 0.6))

    def cited_techniques(self) -> None:
        """"the linear sketching method (Woodruff, 2014)": a technique followed by a citation is an
        existing algorithm, named by the words before its head word (leading generic adjectives dropped)."""
        for m in _windowed(_CITED_HEAD, _CITED_HEAD_GATE, self.text, 90):
            words, s = m.group(1).split(), m.start(1)
            while words and words[0] in _CITED_NOT_NAMES:
                s += len(words.pop(0)) + 1
            if not words:
                continue
            name = " ".join(words)
            e = s + len(name)
            if not self.overlaps(s, e) and not self.is_known(s, e, name) and not self.touches_lexicon(s, e):
                self.add(Hit(s, e, name, "algorithm", norm_key(name), "pattern:cited-technique", 0.6))

    def styled_names(self) -> None:
        """"a Kestrel-style critic", "a PolyGrad-based sampler": a coined name described by ``-style``,
        ``-like``, ``-based`` ... is an existing technique (an acronym before ``-based`` is often a
        modality or data type, "RGB-based", "EEG-based": only a mixed-case or numbered name counts there).
        So is a person's name there ("a Jacobi-style smoother", see :meth:`_styled_surname`)."""
        own = [h.text for h in self.found.values() if h.proposed]
        for m in _windowed(_STYLED_NAME, _STYLED_GATE, self.text, 44):
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if not is_name_like(tok):
                self._styled_surname(tok, s, e, m.group(2) == "based")
                continue
            if m.group(2) == "based" and tok.isupper() and not any(c.isdigit() for c in tok):
                continue
            if any(tok.startswith(o) or o.startswith(tok) for o in own) or self.overlaps(s, e) \
                    or self.is_known(s, e, tok) or self.touches_lexicon(s, e) \
                    or _versioned_model_family(tok, self.lexicon):
                continue
            self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:styled-name", 0.6,
                         parent=_lexicon_parent(tok, self.lexicon)))

    def _styled_surname(self, tok: str, s: int, e: int, based: bool) -> None:
        """A capitalised word inside a sentence before ``-style``/``-type``/...: a technique named after
        a person ("Nesterov-type extrapolation", "a Kalman-style update"), the known one whose name is
        the person's and a head word ("Kalman filter"), else the bare name; before ``-based`` only a
        known one ("Sinkhorn-based", not "Wikipedia-based"). Adjectives and language names are no names."""
        if not _STYLED_SURNAME.fullmatch(tok) or tok in _COMMON_CAPS or _ADJECTIVE_LIKE.search(tok) \
                or _LANGUAGE_NAME.search(tok) or _SENTENCE_END.search(self.text, 0, s) \
                or self.overlaps(s, e) or self.is_known(s, e, tok) or self.touches_lexicon(s, e):
            return
        entry = _named_after(tok, self.lexicon, self.cues.method_heads | self.cues.algorithm_heads)
        if entry is not None:
            if entry.id not in self.found:
                self.add(Hit(s, e, tok, "algorithm", entry.id, "pattern:styled-surname+lexicon", 0.6,
                             lexicon_id=entry.id))
        elif not based:
            self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:styled-surname", 0.6))

    def derived_names(self) -> None:
        """"in the spirit of ARL", "borrowed from Glow-TTS", "a generalization of ACT", "extends the
        SCORE procedure": a coined name that the text derives something from is an existing technique."""
        own = [h.text for h in self.found.values() if h.proposed]
        for m in _DERIVED_FROM.finditer(self.text):
            t = _LIST_TOKEN.match(self.text, m.end())
            if t is None:
                continue
            tok, s, e = t.group(0), t.start(), t.end()
            if not is_name_like(tok) or _PLURAL_ACRONYM.fullmatch(tok) or self.overlaps(s, e) \
                    or self.is_known(s, e, tok) or self.blocked_by_lexicon(s, e, tok) \
                    or any(tok.startswith(o) or o.startswith(tok) for o in own) \
                    or _MATH_OBJECT.match(self.text, e):  # "in the spirit of the Johnson-Lindenstrauss lemma"
                continue
            self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:derived-from", 0.6,
                         parent=_lexicon_parent(tok, self.lexicon)))

    def modified_field(self, pos: int) -> int | None:
        """Start of the words right before ``pos`` that each narrow a field, as the lexicon's
        fields show ("safe" in "safe reinforcement learning", "offline" in "offline RL"):
        "Safe offline | reinforcement learning (RL)"; None when there are none."""
        modifiers, start = field_modifiers(self.lexicon), None
        words = self.low[max(0, pos - 60):pos].split(" ")[:-1] if self.low.endswith(" ", 0, pos) else []
        at = pos - 1
        for w in reversed(words):
            if w not in modifiers:
                break
            at -= len(w) + 1
            start = at + 1
        return start

    def repeats(self) -> list[Hit]:
        """Every other occurrence of a discovered name (short or long form), with the hits, in text order."""
        text, inside_longer_lexicon_hit = self.text, self.inside_longer_lexicon_hit
        out = list(self.found.values()) + self.sized
        covered: bytearray | None = None  # 1 where a hit in ``out`` covers the character, once out is long
        places = _occurrences(text, {f for h in out for f in (h.text, h.long) if f})
        for h in list(out):
            # longer form first, in a fixed order (a set's order changes with PYTHONHASHSEED)
            forms = sorted({h.text} | ({h.long} if h.long else set()), key=lambda f: (-len(f), f))
            for form in forms:
                for start, end in places[form]:
                    # the short form inside a known variant of its concept ("variational SMC") is the variant
                    variant_of = h.lexicon_id if h.type != "field" and form != h.long else None
                    if not h.proposed and inside_longer_lexicon_hit(start, end, variant_of):
                        continue  # "SAEs" inside "TopK SAEs": the longer known concept is meant
                    if covered is None and len(out) > 16:  # many hits (hostile text): linear-time test
                        covered = bytearray(len(text) + 1)
                        for o in out:
                            covered[o.start:o.end] = b"\x01" * max(0, o.end - o.start)
                    if covered is None:
                        free = not any(start < o.end and o.start < end for o in out)
                    else:
                        free = covered.find(1, start, end) == -1
                    if free:
                        if covered is not None:
                            covered[start:end] = b"\x01" * (end - start)
                        out.append(h.with_(start=start, end=end, text=form, extractor=h.extractor + "+repeat",
                                           long=None, proposed=h.proposed))
        return sorted(out, key=lambda h: (h.start, h.end))


def discover(
    text: str,
    sents: Sequence[tuple[int, int]],
    abbreviations: Sequence[Abbreviation],
    lexicon_hits: Sequence[Hit],
    lexicon: Lexicon,
    cues: Cues,
    title: str | None = None,
) -> list[Hit]:
    """Hits for concepts found by patterns (see module doc), with every later occurrence.

    ``title``, when known, contributes the name it gives before a colon, if the
    abstract uses that name too.
    """
    d = _Discovery(text, sents, abbreviations, lexicon_hits, lexicon, cues, title)
    d.title_name_hit()
    d.abbreviation_definitions()
    d.names_after_proposals()
    d.known_names_introduced()
    d.appositions()
    d.our_method_appositions()
    d.our_method_dashed()
    d.our_named_heads()
    d.proposed_names()
    d.benchmark_variants()
    d.names_before_benchmark_heads()
    d.benchmark_like_names()
    d.lists_with_a_known_benchmark()
    d.lists_after_benchmark_heads()
    d.unknown_baselines()
    d.title_only_name_hit()
    d.model_sizes()
    d.result_subject()
    d.surname_algorithms()  # before "the FooNet method": "the Birkhoff-von Neumann algorithm" keeps its head word
    d.named_algorithms()
    d.named_optimizers()
    d.cited_techniques()
    d.styled_names()
    d.derived_names()
    d.metric_phrases()
    return d.repeats()
