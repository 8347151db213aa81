"""Lexicon matching over tokens, insensitive to case, hyphens, spacing and plurals.

Surface forms are keyed token by token with :func:`kg.text.norm_key`; the text is
scanned for the longest run of token keys that spells a surface form. Short forms
written with capitals (``PPO``, ``MuJoCo``) only match text that has capitals too,
so ordinary words do not fire.

>>> import spacy
>>> from kg.link.lexicon import Lexicon, LexiconEntry
>>> nlp = spacy.blank("en")
>>> lex = Lexicon.from_entries([LexiconEntry("ppo", "PPO", "algorithm", ("Proximal Policy Optimization",)),
...                             LexiconEntry("q-learning", "Q-learning", "algorithm")])
>>> m = LexiconMatcher(lex, nlp.tokenizer)
>>> [(h.text, h.lexicon_id) for h in m(nlp("We extend proximal policy optimisation and Q learning, not ppo."))]
[('proximal policy optimisation', 'ppo'), ('Q learning', 'q-learning')]
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from itertools import compress
from operator import itemgetter

import numpy as np
from spacy.attrs import IDX, ORTH

from kg.extract.hits import Hit
from kg.datafiles import load_patterns
from kg.link.lexicon import Lexicon
from kg.text import norm_key

_P = load_patterns("extraction_patterns")  # the expressions of kg/data/patterns/extraction_patterns.json, by name

_END = "\0"
_OPENS = itemgetter(2)
_ARTICLES = frozenset({"the", "a", "an"})
# punctuation written inside a name ("Q - learning", "A* search", "Yahoo! R6"), an en dash joining two
# names as typeset ("Bradley–Terry", "Frank–Wolfe"; LaTeX "--"): stepped over by the walk
_INNER_PUNCT = frozenset({"-", "–", "‐", "‑", "/", "+", "*", "'", "’", "!"})
_VERSION_KEY = re.compile(r"^\d")  # the key of a version or size: "96", "20", "3"
_STRAY = re.compile(r"[()\[\]{}$\\=<>]")  # brackets or maths inside a match: "O(1" is not the model o1
# a metric written onto another word with a hyphen is a modifier or part of another name, not the
# measure reported ("KL-regularised objective", "MSE-optimal", "AP-SGLD"); a size or count is not ("FID-50K")
_HYPHEN_MODIFIER = re.compile(r"-[A-Za-z]")
# a metric glued after a word with a hyphen is the end of another name ("margin-MSE distillation",
# "full-precision DPO", "Self-BLEU"): matched two characters before the metric
_HYPHEN_BEFORE = re.compile(r"[A-Za-z][-‐‑]")
# a match glued to an asterisk and more letters is part of another name ("FA" in "FA*IR")
_STARRED_ON = re.compile(r"\*\w")
# a name written in capitals only ("PAIR", "MATH", "EAGLE", "CLIP"; a plural "s" allowed) is an acronym:
# text with one capital is the ordinary word opening a sentence or a title ("Pairs of responses", "Clip-PPO")
_ACRONYM = re.compile(r"[A-Z\d]*[A-Z][A-Z\d]*[A-Z][A-Z\d]*s?")
_GREEK = re.compile(r"[α-ωΑ-Ω]")
_BIG_O = re.compile(r"\((?<=(?<![A-Za-z])[OÕΘΩoõθω]\()")  # opens with the literal "(": fast
_NUMBERED = re.compile(r"([A-Za-z][\w.]*?[A-Za-z])((?:-\d+)+)")  # "ResNet-110", "WRN-40-2": one spaCy token
# a size, depth or release written onto a known architecture or model ("DeiT-B", "ViT-Ti",
# "Phi-3-mini-4k", "Qwen2.5-72B-Instruct"): a model of its own (as the lexicon types "ResNet-50", "ViT-B/16"),
# under the known one
_VARIANT = {"algorithm": _P.algorithm_variant, "model": _P.model_variant}
# a word written after a model's name with a space: "Qwen 2.5 7B" is Qwen2.5-7B, not the family "Qwen 2.5"
_SPACED_WORD = re.compile(r" ([A-Za-z0-9](?:[\w.\-]*\w)?)(?![\w\-/])")
# a parameter count: a size written with a space after a known model the lexicon lacks ("Qwen 2.5 72B")
_PARAMETER_COUNT = re.compile(r"\d+(?:\.\d+)?[BM]|\d+x\d+B")


@lru_cache(maxsize=1)
def _variant_modifiers() -> dict[str, frozenset[str]]:
    """``{type: words}`` written right before a known concept of that type that name a variant of
    it of its own ("projected SGD"), from ``kg/data/patterns/variant_modifiers.json``."""
    d = json.loads((resources.files("kg") / "data" / "patterns" / "variant_modifiers.json").read_text(encoding="utf-8"))
    return {t: frozenset(w.lower() for w in ws) for t, ws in d.items() if not t.startswith("_")}


def _modifier_before(text: str, start: int, words: frozenset[str]) -> int | None:
    """The start of a variant-naming word (one of ``words``) written right before ``start``,
    joined by one space; None when there is none.

    >>> t = "We study projected SGD and plain SGD."
    >>> _modifier_before(t, 19, frozenset({"projected"})), _modifier_before(t, 33, frozenset({"projected"}))
    (9, None)
    """
    if start < 2 or text[start - 1] != " ":
        return None
    i = start - 1
    while i > 0 and (text[i - 1].isalpha()):
        i -= 1
    if i > 0 and (text[i - 1].isalnum() or text[i - 1] in "-/"):
        return None  # part of a longer word ("non-projected")
    return i if text[i:start - 1].lower() in words else None


def _other_metric_sense(text: str, start: int, end: int) -> bool:
    """Does the text around the metric match ``text[start:end]`` give it another sense than the
    measure reported? Glued after a word with a hyphen ("margin-MSE distillation"), after words that
    make it numeric precision or a tolerance ("in mixed precision", "with arbitrary accuracy"), or
    named as what an objective minimises or a bound is written in ("minimizes the reconstruction
    error", "bounded by the total variation distance") with no value after it ("reduces the error by
    20%" is a result).

    >>> t = "It minimizes the MSE; the MSE drops by 20% in mixed precision, and minimizing the MSE by 5%."
    >>> [_other_metric_sense(t, m.start(), m.end()) for m in re.finditer("MSE|precision", t)]
    [True, False, True, False]
    >>> _other_metric_sense("a margin-MSE loss", 9, 12), _other_metric_sense("FID-50K", 0, 3)
    (True, False)
    """
    if start >= 2 and _HYPHEN_BEFORE.match(text, start - 2):
        return True
    if _P.metric_sense_before.search(text, max(0, start - 40), end):
        return True
    return _P.metric_objective_before.search(text, max(0, start - 80), start) is not None \
        and not _P.metric_value_after.match(text, end)


def _greek_prefix(text: str, start: int) -> int | None:
    """The start of a Greek letter joined by a hyphen right before ``start`` ("β-DPO", from
    ``$\\beta$-DPO``: a method of its own, not DPO), None when there is none.

    >>> t = "We compare β-DPO, DPO and αβ-PPO."
    >>> _greek_prefix(t, 13), _greek_prefix(t, 18), _greek_prefix(t, 29)
    (11, None, None)
    """
    if start < 2 or text[start - 1] not in "-‐" or not _GREEK.match(text, start - 2):
        return None
    return start - 2 if start == 2 or not text[start - 3].isalnum() else None


def _in_formula(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` inside an asymptotic expression? "KD" in "O(√T + KD)" is a
    product of variables, not knowledge distillation.

    >>> t = "a regret of Õ(√(KT) + KD) with KD (knowledge distillation)"
    >>> _in_formula(t, 21, 23), _in_formula(t, 31, 33)
    (True, False)
    """
    opens = [m.end() for m in _BIG_O.finditer(text, max(0, start - 80) + 1, start)]  # "(" after an O at >= start - 80
    if not opens:
        return False
    inner = text[opens[-1]:start]
    return inner.count("(") >= inner.count(")")


def _dataset_named(text: str, end: int) -> tuple[str, int]:
    """``(text, end)`` of a benchmark match without the word "dataset" after a one-word name
    (the name the paper gives it); other matches unchanged.

    >>> _dataset_named("Electricity datasets", 20), _dataset_named("UCI regression datasets", 23)
    (('Electricity', 11), ('UCI regression datasets', 23))
    """
    m = _P.dataset_word.match(text)
    if m is None:
        return text, end
    return m.group(1), end - len(text) + m.end(1)


def _sense_pattern(words) -> re.Pattern:
    """The words right after a match that show another sense of its form (a lexicon entry's
    ``other_senses``), case-insensitively: "self-consistency between two steps".

    >>> bool(_sense_pattern(["between", "loss"]).match(" between two steps"))
    True

    A word joined by a hyphen counts too: "Adams-Bashforth" is not the plural of Adam.

    >>> bool(_sense_pattern(["Bashforth"]).match("-Bashforth scheme"))
    True
    """
    return re.compile(r"(?:\s+|-)(?:%s)\b" % "|".join(map(re.escape, words)), re.IGNORECASE)


def _sense_before_pattern(words) -> re.Pattern:
    """The words right before a match that show another sense of its form (a lexicon entry's
    ``other_senses_before``), case-insensitively, searched in the text before a match spelt as an
    inflected form (:func:`_inflected`): "long chains of thought" are what a model writes, not the
    prompting technique.

    >>> p = _sense_before_pattern(["long", "lengthy"])
    >>> bool(p.search("models write increasingly long ")), bool(p.search("a belong ")), bool(p.search("long, "))
    (True, False, False)
    """
    return re.compile(r"\b(?:%s)(?:\s+|-)$" % "|".join(map(re.escape, words)), re.IGNORECASE)


def _inflected(text: str, forms) -> bool:
    """Is the matched ``text`` an inflected spelling (a plural) of its entry's forms rather than one as
    written? Words before a form show another sense only then: "long chains of thought" are what a
    model writes, "long chain-of-thought reasoning" is the technique.

    >>> _inflected("chains of thought", ("chain of thought", "CoT")), _inflected("Chain-of-thought", ("chain-of-thought",))
    (True, False)
    """
    low = text.lower()
    return not any(low == f.lower() for f in forms)


def _bracket_closed(text: str, doc_text: str, end: int, forms) -> tuple[str, int] | None:
    """``(text, end)`` of a match that stops inside a bracket a form of its entry writes, closed by
    the text ("TD(λ" of "TD(λ)": spaCy splits the closing bracket off); None for any other match.

    >>> _bracket_closed("TD(λ", "as TD(λ) does", 7, ("TD(λ)", "TD(lambda)"))
    ('TD(λ)', 8)
    >>> _bracket_closed("O(1", "O(1) memory", 3, ("o1",)) is None
    True
    """
    if "(" not in text or not doc_text.startswith(")", end):
        return None
    closed = text + ")"
    return (closed, end + 1) if closed.lower() in {f.lower() for f in forms} else None


def _brackets_written(text: str, forms) -> bool:
    """Does the matched ``text`` write brackets that a form of its entry writes too, closed
    ("E(3)-equivariant GNN" for a form with "E(3)")? Then they are part of the name, not maths.

    >>> _brackets_written("E(3)-equivariant GNNs", ("E(3)-equivariant GNN",))
    True
    >>> _brackets_written("O(1", ("o1",)), _brackets_written("E(3", ("E(3)-equivariant GNN",))
    (False, False)
    """
    return text.count("(") == text.count(")") and any("(" in f for f in forms)


def _subscripted(text: str, forms) -> bool:
    """Is the matched ``text`` a variable with a subscript ("π_0", "S_4" from ``$\\pi_0$``, ``$S_4$``),
    not the concept whose surface forms have no underscore (the model π0, the layer S4)?

    >>> _subscripted("π_0", ("π0", "pi0")), _subscripted("dm_control", ("dm_control",))
    (True, False)

    A subscript inside a longer name is part of it: "ℓ_2 regularization" (from ``$\\ell_2$ regularization``).
    """
    return " " not in text and not any("_" in f for f in forms)


def _capitals_needed(form: str) -> int:
    """How many capitals text needs to spell ``form``: 2 for an acronym, 1 for another name written
    with a capital ("Habitat"), 0 for a lower-case form.

    >>> _capitals_needed("PAIR"), _capitals_needed("CNNs"), _capitals_needed("MuJoCo"), _capitals_needed("lasso")
    (2, 2, 1, 0)
    """
    if _ACRONYM.fullmatch(form):
        return 2
    return 1 if any(c.isupper() for c in form) else 0


def _capitals(text: str) -> int:
    return sum(map(str.isupper, text))


def _token_keys(tokens) -> list[str]:
    return [k for k in (norm_key(t) for t in tokens) if k]


def _walk(trie: dict, toks, i: int, n: int) -> tuple[int, tuple | None]:
    """``(end, entry)`` of the longest surface form starting at token ``i`` (``end`` a token
    index, ``entry`` the trie's ``(id, needs_caps, fused)``, ``needs_caps`` the capitals the text
    needs: 0, 1, or 2 for an acronym), or ``(i, None)``; punctuation
    inside a name is stepped over ("Q - learning")."""
    node, j, best = trie, i, (i, None)
    while j < n:
        k, t, _ = toks[j]
        if not k:
            if t in _INNER_PUNCT and j + 1 < n:
                j += 1
                continue
            break
        node = node.get(k)
        if node is None:
            break
        j += 1
        if _END in node:
            best = (j, node[_END])
    return best


def _longer_inside(trie: dict, toks, i: int, j: int, n: int) -> bool:
    """Does a surface form that opens inside the match ``[i, j)`` end later and is it longer (or
    as long, when the match opens with an article: "the Stack Overflow dataset" is not "The Stack")?"""
    need = j - i + (toks[i][0] not in _ARTICLES)
    for k in range(i + 1, j):
        if toks[k][2]:
            end = _walk(trie, toks, k, n)[0]
            if end > j and end - k >= need:
                return True
    return False


class LexiconMatcher:
    """Callable: ``Doc -> list[Hit]`` of lexicon concepts, longest match first."""

    def __init__(self, lexicon: Lexicon, tokenizer) -> None:
        self.lexicon = lexicon
        self.trie: dict = {}
        self._key_cache: dict[int, tuple[str, str, bool]] = {}
        self._numbered_ids: dict[str, str] = {}  #: "ResNet-110" -> "resnet" (see _numbered)
        self._senses = {e.id: _sense_pattern(e.other_senses) for e in lexicon if e.other_senses}
        self._senses_before = {e.id: _sense_before_pattern(e.other_senses_before)
                               for e in lexicon if e.other_senses_before}
        #: entries with a form spelt with "*" ("A* search") -> the keys of their other forms: the star
        #: keys away, so text must write it ("a search" is not A* search)
        self._starred: dict[str, frozenset[str]] = {
            e.id: frozenset(norm_key(f) for f in e.forms if "*" not in f) for e in lexicon if any("*" in f for f in e.forms)}
        fused: list[tuple[str, str, bool]] = []
        fused_version: list[tuple[list[str], str, bool]] = []
        for entry in lexicon:
            for form in entry.forms:
                keys = _token_keys(t.text for t in tokenizer(form))
                if not keys:
                    continue
                if len(keys) > 1 and not any(c.isspace() for c in form):
                    fused.append((norm_key(form), entry.id, _capitals_needed(form)))
                # names written with capitals only match text with capitals: single words
                # ("PPO", "REINFORCE", "Habitat") and benchmark/model names ("Natural Questions")
                needs_caps = _capitals_needed(form) if len(keys) == 1 or entry.type in ("benchmark", "model") else 0
                if len(keys) > 1 and any(c.isspace() for c in form):
                    # "Lorenz 96" / "Claude 3 Haiku" written "Lorenz-96" / "Claude-3-Haiku": spaCy keeps a
                    # word and its hyphenated number one token, so the number joins the word before it
                    fused_version += [(keys[:i - 1] + [keys[i - 1] + keys[i]] + keys[i + 1:], entry.id,
                                       _capitals_needed(form) if len(keys) == 2 or entry.type in ("benchmark", "model") else 0)
                                      for i in range(1, len(keys)) if _VERSION_KEY.match(keys[i])]
                node = self.trie
                for k in keys:
                    node = node.setdefault(k, {})
                # first entry (sorted by id) wins on a shared surface; names beat aliases
                prev = node.get(_END)
                is_name = form == entry.name
                if prev is None or (is_name and not prev[2]):
                    node[_END] = (entry.id, needs_caps if prev is None or prev[0] != entry.id else min(needs_caps, prev[1]), is_name)
                elif prev[0] == entry.id and needs_caps < prev[1]:
                    # the entry also lists the form in lower case ("transformers") or with one capital
                    # ("TENT" and "Tent"): that text matches too
                    node[_END] = (prev[0], needs_caps, prev[2])
        # a form spaCy splits ("ADE20K" -> "ADE20" "K", "Libri-Light") also matches as one token: spaCy
        # keeps "ADE20K." whole before a full stop, and papers write "LibriLight"; never over a real surface
        for key, eid, needs_caps in fused:
            node = self.trie.setdefault(key, {})
            if _END not in node:
                node[_END] = (eid, needs_caps, False)
        for keys, eid, needs_caps in fused_version:
            node = self.trie
            for k in keys:
                node = node.setdefault(k, {})
            if _END not in node:
                node[_END] = (eid, needs_caps, False)

    def _star_written(self, text: str, eid: str) -> bool:
        """Does the matched ``text`` write the star of a form with one ("A* search"), or spell another
        form of the entry ("A-star search")?"""
        return "*" in text or norm_key(text) in self._starred[eid]

    def _key(self, orth: int, strings) -> tuple[str, str, bool]:
        """``(norm key, text, opens a surface form)`` of a token's text, cached per orth id."""
        text = strings[orth]
        key = norm_key(text)
        hit = self._key_cache[orth] = (key, text, key in self.trie or ("-" in text and self._numbered(text)))
        return hit

    def _numbered(self, text: str) -> bool:
        """Is the token ``text`` a known architecture or model with a depth or size the lexicon
        lacks, joined by a hyphen ("ResNet-110", "VGG-11": spaCy keeps them one token)? Its
        known part is remembered in ``_numbered_ids``."""
        m = _NUMBERED.fullmatch(text)
        node = self.trie.get(norm_key(m.group(1))) if m is not None else None
        found = node.get(_END) if node is not None else None
        if found is None or (found[1] and not any(c.isupper() for c in m.group(1))):
            return False
        if self.lexicon.get(found[0]).type not in _VARIANT:
            return False
        self._numbered_ids[text] = found[0]
        return True

    def __call__(self, doc, *, text: str | None = None, columns: tuple | None = None) -> list[Hit]:
        """The hits in ``doc``; ``text`` is its text (``doc._.kg_text`` or ``doc.text`` when None), and
        ``columns`` the tokens' ``(ORTH, IDX)`` table and IDX list when the caller has them (``doc._.kg_tokens``)."""
        strings = doc.vocab.strings
        doc_text = text or (doc._.kg_text if doc.has_extension("kg_text") else None) or doc.text
        cache = self._key_cache
        if columns is None:
            table = doc.to_array([ORTH, IDX])
            orths, idx = table.T.tolist()
        else:
            table, idx = columns
            orths = table[:, 0].tolist()
        toks = list(map(cache.get, orths))
        if None in toks:  # a token text not seen before
            toks = [t or self._key(o, strings) for t, o in zip(toks, orths)]
        hits: list[Hit] = []
        n = len(toks)
        resume = 0  # after a match, the next one starts past it
        starts = list(compress(range(n), map(_OPENS, toks)))  # tokens that can open a surface form
        hyphens = np.flatnonzero(table[:, 0] == strings["-"]).tolist()
        joined = self._hyphen_joined(toks, idx, hyphens) if hyphens else {}
        if joined:
            starts = sorted({*starts, *joined})
        trie, numbered_ids = self.trie, self._numbered_ids
        for i in starts:
            if i < resume:
                continue
            first = trie.get(toks[i][0])
            if first is not None and _END not in first and i + 1 < n and toks[i + 1][0] and toks[i + 1][0] not in first:
                j, found = i, None  # what _walk finds when the next word goes on with no form this one opens (most often)
            else:
                j, found = _walk(trie, toks, i, n)
            if i in joined and joined[i][0] > j:  # "VQ-GAN" for the lexicon's "VQGAN", not "GAN"
                j, found = joined[i]
            if found is None:
                parent = numbered_ids.get(toks[i][1])
                if parent is not None:
                    resume = self._variant(hits, doc_text, idx, idx[i], idx[i] + len(toks[i][1]), i + 1, parent,
                                           _VARIANT[self.lexicon.get(parent).type])
                continue
            eid, needs_caps, _ = found
            if j - i > 1 and _longer_inside(trie, toks, i, j, n):
                continue
            start, end = idx[i], idx[j - 1] + len(toks[j - 1][1])
            text = doc_text[start:end]
            entry = self.lexicon.get(eid)
            if text[-1] in ".,;:-" and not any(f.endswith(text[-1]) for f in entry.forms):
                # "Llama-3-8B." at the end of a sentence; a suspended hyphen: "CNN- and Transformer-based"
                text, end = text[:-1], end - 1
            if (entry.type == "metric" and (_HYPHEN_MODIFIER.match(doc_text, end) or _P.verb_object.match(doc_text, end)
                                            or _other_metric_sense(doc_text, start, end))) \
                    or (doc_text.startswith("*", end) and _STARRED_ON.match(doc_text, end)) \
                    or (eid in self._starred and not self._star_written(text, eid)) \
                    or (eid in self._senses and self._senses[eid].match(doc_text, end)) \
                    or (eid in self._senses_before and _inflected(text, entry.forms)
                        and self._senses_before[eid].search(doc_text, max(0, start - 40), start)):
                continue
            if entry.type == "benchmark" and text.endswith(("dataset", "datasets")):
                text, end = _dataset_named(text, end)
            closed = _bracket_closed(text, doc_text, end, entry.forms) if "(" in text else None  # forms built only then
            if closed is not None:
                text, end = closed
            if (needs_caps and _capitals(text) < needs_caps) or (closed is None and _STRAY.search(text) and not _brackets_written(text, entry.forms)) \
                    or ((end - start) <= 4 and _in_formula(doc_text, start, end)) \
                    or ("_" in text and _subscripted(text, entry.forms)):
                continue
            spaced = self._spaced(doc_text, end, text, eid) if entry.type == "model" and doc_text.startswith(" ", end) else None
            if spaced is not None:
                resume = self._spaced_hit(hits, doc_text, idx, start, spaced, j, eid)
                continue
            variant = _VARIANT.get(entry.type)
            v = variant.match(doc_text, end) if variant is not None and doc_text.startswith("-", end) else None
            known = self.lexicon.lookup(text + v.group(0)) if v is not None else None
            if v is not None and (known is None or known.id == eid):  # "ZebraNet-S" keys as "ZebraNet"
                resume = self._variant(hits, doc_text, idx, start, end, j, eid, variant)
            else:
                hits.append(self._modified(hits, doc_text, start, end, text, entry))
                resume = j
        return hits

    @staticmethod
    def _modified(hits: list[Hit], doc_text: str, start: int, end: int, text: str, entry) -> Hit:
        """The hit of a lexicon match, or, when a word naming a variant of it is written right before
        ("projected SGD", "Riemannian subgradient descent") or a Greek letter is joined to it by a
        hyphen ("β-DPO"), of the variant under the entry as parent."""
        first = _greek_prefix(doc_text, start) if entry.type in _VARIANT else None
        if first is not None and not (hits and hits[-1].end > first):
            name = doc_text[first:end]
            return Hit(first, end, name, entry.type, norm_key(name), "lexicon+variant", 0.8, parent=entry.id)
        words = _variant_modifiers().get(entry.type)
        first = _modifier_before(doc_text, start, words) if words else None
        if first is None or (hits and hits[-1].end > first):
            return Hit(start, end, text, entry.type, entry.id, "lexicon", 0.9, lexicon_id=entry.id)
        # keyed by the word and the entry's name: "projected stochastic gradient descent (projected SGD)" is one
        key = norm_key(f"{doc_text[first:start - 1]} {entry.name}")
        return Hit(first, end, doc_text[first:end], entry.type, key, "lexicon+variant", 0.8, parent=entry.id)

    def _hyphen_joined(self, toks, idx: list[int], hyphens: list[int]) -> dict[int, tuple[int, tuple]]:
        """``{i: (end, entry)}`` for a hyphenated word whose two halves, joined, are a one-token
        surface form ("VQ-GAN", "Mask-GIT" for "VQGAN", "MaskGIT"): spaCy splits the hyphen off, and
        the trie knows the form only whole (``norm_key`` already takes both spellings for one).

        >>> from kg.extract import Extractor
        >>> from kg.records import Paper
        >>> [ex] = Extractor().extract([Paper("p", "We decode with Mask-GIT and a Pixel-CNN prior.")])
        >>> [(m.name, m.lexicon_id) for m in ex.mentions]
        [('Mask-GIT', 'maskgit'), ('Pixel-CNN', 'pixelcnn')]
        """
        out = {}
        trie = self.trie
        for j in hyphens:  # the indices of "-" tokens
            if not 0 < j < len(toks) - 1 or not toks[j - 1][0] or not toks[j + 1][0]:
                continue
            if idx[j] != idx[j - 1] + len(toks[j - 1][1]) or idx[j + 1] != idx[j] + 1:
                continue  # "VQ - GAN": spaced, not one word
            node = trie.get(toks[j - 1][0] + toks[j + 1][0])
            if node is not None and _END in node:
                out[j - 1] = (j + 2, node[_END])
        return out

    def _spaced(self, doc_text: str, end: int, text: str, eid: str) -> tuple[int, str | None] | None:
        """``(end, entry id)`` of a model whose name goes on past the match ``text`` (entry ``eid``)
        with words written after a space ("Qwen 2.5" + " 7B Instruct" is Qwen2.5-7B-Instruct), the
        longest such name the lexicon knows; ``(end, None)`` for a parameter count after it that
        the lexicon lacks ("Qwen 2.5 72B": a model under the matched one); None otherwise.

        >>> from kg.link.lexicon import Lexicon, LexiconEntry
        >>> lex = Lexicon.from_entries([LexiconEntry("q", "Qwen2.5", "model", ("Qwen 2.5",)),
        ...                             LexiconEntry("q7", "Qwen2.5-7B", "model", parent="q")])
        >>> import spacy
        >>> m = LexiconMatcher(lex, spacy.blank("en").tokenizer)
        >>> t = "Qwen 2.5 7B and Qwen 2.5 72B beat Qwen 2.5 on tasks."
        >>> m._spaced(t, 8, "Qwen 2.5", "q"), m._spaced(t, 24, "Qwen 2.5", "q"), m._spaced(t, 42, "Qwen 2.5", "q")
        ((11, 'q7'), (28, None), None)
        """
        ends, pos = [], end
        for _ in range(3):
            w = _SPACED_WORD.match(doc_text, pos)
            if w is None:
                break
            pos = w.end()
            ends.append(pos)
        for e in reversed(ends):
            known = self.lexicon.lookup(text + doc_text[end:e])
            if known is not None and known.type == "model" and known.id != eid:
                return e, known.id
        if ends and _PARAMETER_COUNT.fullmatch(doc_text, end + 1, ends[0]):
            return ends[0], None
        return None

    def _spaced_hit(self, hits: list[Hit], text: str, idx: list[int], start: int, spaced: tuple[int, str | None],
                    j: int, parent: str) -> int:
        """Add the model a match and the words after it name (:meth:`_spaced`); return the index of
        the first token after it (``j``: the first after the match)."""
        end, eid = spaced
        name = text[start:end]
        if eid is not None:
            hits.append(Hit(start, end, name, "model", eid, "lexicon", 0.9, lexicon_id=eid))
        else:
            hits.append(Hit(start, end, name, "model", norm_key(name), "lexicon+variant", 0.8, parent=parent))
        while j < len(idx) and idx[j] < end:
            j += 1
        return j

    @staticmethod
    def _variant(hits: list[Hit], text: str, idx: list[int], start: int, end: int, j: int, parent: str,
                 suffix: re.Pattern) -> int:
        """Add the model that ``text[start:end]`` and the sizes or releases written after it name,
        under ``parent`` ("DeiT-B", "WRN-40-2"); return the index of the first token after it
        (``j``: the first after ``end``)."""
        v = suffix.match(text, end) if text.startswith("-", end) else None
        end = v.end() if v is not None else end
        name = text[start:end]
        hits.append(Hit(start, end, name, "model", norm_key(name), "lexicon+variant", 0.8, parent=parent))
        while j < len(idx) and idx[j] < end:
            j += 1
        return j
