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
from kg.extract.discovery.benchmarks import BenchmarkRules, _bench_heads
from kg.extract.discovery.kinds import _lexicon_parent, _type_from_context, _type_from_head
from kg.extract.discovery.lists import BaselineRules, _spells
from kg.extract.discovery.metrics import MetricRules, metric_phrase_data
from kg.extract.discovery.models import ModelRules, _MODEL_SIZE, _MODEL_SIZE_GATE, _SIZE_SUFFIX
from kg.extract.discovery.techniques import TechniqueRules
from kg.extract.discovery.text import (
    _ADJECTIVE_LIKE, _COMMON_CAPS, _DESCRIPTOR_SUFFIX, _LANGUAGE_LIKE, _LIST_STOPWORDS, _MATH_OBJECT,
    _NAME_INTRODUCED, _NOT_NAMES, _PROPER_NAME, _TOKEN, _coined, _find_bounded, _head_words, _occurrences,
    _sentence_of, _windowed, is_name_like,
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
#: How far after a proposal cue ("we propose") a name is looked for, at most (characters)
_CUE_REACH = 400
# a name set off by a comma and described: "We introduce FreqMix, a lightweight model that ..."
_NAMED_BEFORE = re.compile(r"(?<![\w+.\-])([A-Za-z0-9][\w+.\-]*[\w+])\)?,\s+(?:a|an|which|that)\s")


@lru_cache(maxsize=4)
def field_modifiers(lexicon: Lexicon) -> frozenset[str]:
    """Words that narrow a field, from the lexicon: W where "W F" and F are both fields
    ("safe", "offline", "multi-agent" from "safe reinforcement learning" ...), cached per lexicon."""
    names = {e.name.lower() for e in lexicon if e.type == "field"}
    return frozenset(n.split(" ", 1)[0] for n in names if " " in n and n.split(" ", 1)[1] in names)


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


class _Discovery(BenchmarkRules, BaselineRules, ModelRules, TechniqueRules, MetricRules):
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
