"""spaCy pipeline components. Each ``__call__`` only matches and sets annotations on
the Doc; the algorithms are the pure functions in the sibling modules. All factories
are registered here, in one place. Knowledge (lexicon, cues) is injected with
:meth:`set_knowledge` after ``nlp.add_pipe`` so configs stay serialisable.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from importlib import resources
from operator import attrgetter

import numpy as np
from spacy.attrs import IDX, ORTH, SENT_START
from spacy.language import Language
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc
from spacy.util import minibatch
from spacy.vocab import Vocab

from kg.extract.abbreviations import find_abbreviations
from kg.extract.concepts import LexiconMatcher
from kg.extract.cues import Cues, load_cues
from kg.extract.discovery import discover
from kg.datafiles import load_patterns
from kg.link.lexicon import Lexicon, load_lexicon

for _name in ("kg_abbreviations", "kg_hits", "kg_sents", "kg_text", "kg_title", "kg_title_hits", "kg_tokens"):
    if not Doc.has_extension(_name):
        Doc.set_extension(_name, default=None)


class _Component:
    """``pipe`` runs the component over a batch of Docs before passing any on, as spaCy's
    trained components do: one stage at a time over a batch keeps its code and data warm,
    which measured about 10% faster than passing each Doc through every stage in turn."""

    def __call__(self, doc: Doc) -> Doc:  # pragma: no cover - every component defines it
        raise NotImplementedError

    def pipe(self, docs: Iterable[Doc], batch_size: int = 64) -> Iterator[Doc]:
        for batch in minibatch(docs, batch_size):
            yield from [self(doc) for doc in batch]


class _Knowledge(_Component):
    lexicon: Lexicon
    cues: Cues

    def set_knowledge(self, lexicon: Lexicon, cues: Cues) -> None:
        self.lexicon, self.cues = lexicon, cues


_P = load_patterns("extraction_patterns")  # the expressions of kg/data/patterns/extraction_patterns.json, by name


# after a cross-reference abbreviation: a number, a bracket or a one-letter label ("Sec. 5", "Eq. (3)", "App. B")
_REFERENCE_NEXT = re.compile(r"[\d(\[]|[A-Z](?![a-z])")
# a one-letter label that ends the sentence: "App. B. We" (spaCy keeps "B." one token)
_LABEL_END = re.compile(r"[A-Z]\.\s+[A-Z]")


def _load_abbreviations() -> dict[str, str]:
    """``{abbreviation: class}`` from ``kg/data/patterns/sentences.json`` (lower-case, no final full stop)."""
    d = json.loads((resources.files("kg") / "data" / "patterns" / "sentences.json").read_text(encoding="utf-8"))
    return {a: cls for cls in ("final", "reference", "inline") for a in d[cls]}


def _abbreviation_stop(word: str, following: str, classes: dict[str, str]) -> bool:
    """True when a full stop after ``word`` (the token before it) closes an abbreviation, not the
    sentence, given the ``following`` text.

    >>> c = _load_abbreviations()
    >>> _abbreviation_stop("w.r.t", "The", c), _abbreviation_stop("Sec", "5 shows", c), _abbreviation_stop("No", "We", c)
    (True, True, False)
    >>> _abbreviation_stop("al", "(2020) show", c), _abbreviation_stop("al", "We extend", c)
    (True, False)
    >>> _abbreviation_stop("Sec", ").", c), _abbreviation_stop("Fig", "and Table", c), _abbreviation_stop("Fig", "We", c)
    (True, True, False)
    """
    cls = classes.get(word.lower())
    if cls is None:
        return False
    if cls == "inline":
        return True
    if cls == "reference":  # or anything but a capital: "(see Sec.~\ref{x})" is cleaned to "(see Sec.)"
        return _REFERENCE_NEXT.match(following) is not None or not following[:1].isupper()
    return not following[:1].isupper()


# after an exclamation mark inside a name: a lower-case word, a number or a code ("Yahoo! R6", "Jeopardy! questions")
_BANG_GOES_ON = re.compile(r"[a-z\d]|[A-Z]+\d")


def _inside_name_bang(text: str, bang: int, following: int) -> bool:
    """True when the ``!`` at ``bang``, written against the word before it, belongs to a name: the
    token at ``following`` goes on with the sentence.

    >>> _inside_name_bang("the Yahoo! R6 data", 9, 11), _inside_name_bang("It works! We show", 8, 10)
    (True, False)
    """
    return bang > 0 and not text[bang - 1].isspace() and _BANG_GOES_ON.match(text, following) is not None


class Sentences(_Component):
    """Marks sentence starts (``SENT_START``, so ``doc.sents`` works) and sets
    ``doc._.kg_sents`` to sentence ``(start_char, end_char)`` spans and ``doc._.kg_text``
    to the text, computed once with array operations instead of per-token objects.

    It also sets ``doc._.kg_tokens`` to the tokens' ``(ORTH, IDX)`` table and their IDX column as
    a list, which the concept matcher reads instead of building them again (no later component
    changes the tokens)."""

    def __init__(self, nlp: Language) -> None:
        strings = nlp.vocab.strings
        self.enders = [np.uint64(strings.add(p)) for p in (".", "!", "?", "...", "…")]
        self.abbreviations = _load_abbreviations()

    def __call__(self, doc: Doc) -> Doc:
        u = doc._  # one Underscore per call: each ``doc._`` builds a new one
        text = u.kg_text
        if text is None:
            text = u.kg_text = doc.text
        n = len(doc)
        if not n:
            u.kg_sents = []
            return doc
        table = doc.to_array([ORTH, IDX])
        orth = table[:, 0]
        is_end = orth == self.enders[0]
        for e in self.enders[1:]:
            is_end |= orth == e
        # a sentence starts after an ender unless another ender follows ("?!", "...")
        after = np.flatnonzero(is_end[:-1] & ~is_end[1:]) + 1
        idx = table[:, 1].tolist()  # plain ints: read at every start below, where array scalars are slow
        u.kg_tokens = (table, idx)
        first = self._without_abbreviations(after, orth, idx, text)
        if _P.letter_end.search(text):  # "... polynomial in n. We prove ...": spaCy keeps "n." one token
            starts_at = {m.start(1) for m in _P.letter_end.finditer(text)}  # the capital opens a token
            first = sorted(set(first) | {i for i in range(1, n) if idx[i] in starts_at})
        sent = np.full((n, 1), -1, dtype="int64")
        sent[first] = 1
        doc.from_array([SENT_START], sent.astype("uint64"))
        starts = [idx[i] for i in first]
        spans = []
        for start, end in zip(starts, starts[1:] + [len(text)]):
            while end > start and text[end - 1].isspace():
                end -= 1
            spans.append((start, end))
        u.kg_sents = spans
        return doc

    def _without_abbreviations(self, after: np.ndarray, orth: np.ndarray, idx: list[int], text: str) -> list[int]:
        """The sentence starts: the first token, and the tokens ``after`` an ender but those that follow
        the full stop of an abbreviation ("w.r.t.", "Fig. 2", "et al. (2020)"): spaCy splits that full stop
        off as a token of its own; nor those after the exclamation mark of a name ("the Yahoo! R6 data").
        ``orth`` and ``idx`` are the tokens' ORTH and IDX columns."""
        dot, bang = self.enders[0], self.enders[1]
        before = orth[after - 1]  # the ender before each start, read at once
        kept = [0]
        n = len(idx)
        for i, after_dot, after_bang in zip(after.tolist(), (before == dot).tolist(), (before == bang).tolist()):
            if after_bang and _inside_name_bang(text, idx[i - 1], idx[i]):
                continue
            if i >= 2 and after_dot:
                word_start, stop, start = idx[i - 2], idx[i - 1], idx[i]
                if _abbreviation_stop(text[word_start:stop], text[start:start + 2], self.abbreviations):
                    if i + 1 < n and idx[i + 1] > start + 2 and _LABEL_END.match(text, start):  # "in App. B. We show": spaCy keeps "B."
                        kept.append(i + 1)
                    continue
            kept.append(i)
        return kept


class Abbreviations(_Component):
    """Sets ``doc._.kg_abbreviations``: ``long form (SHORT)`` definitions."""

    def __call__(self, doc: Doc) -> Doc:
        u = doc._
        u.kg_abbreviations = find_abbreviations(u.kg_text)
        return doc


def _same_rules(tokenizer: Tokenizer) -> Tokenizer:
    """A tokenizer with ``tokenizer``'s rules and a vocabulary and cache of its own.

    The lexicon's names (about 15,000 forms) are broken into tokens once, at start-up; done
    with the pipeline's own tokenizer, they filled its vocabulary and cache, and the
    tokenizing of abstracts that followed measured slower.
    """
    return Tokenizer(Vocab(), rules=tokenizer.rules, prefix_search=tokenizer.prefix_search,
                     suffix_search=tokenizer.suffix_search, infix_finditer=tokenizer.infix_finditer,
                     token_match=tokenizer.token_match, url_match=tokenizer.url_match,
                     faster_heuristics=tokenizer.faster_heuristics)


class ConceptMatcher(_Knowledge):
    """Sets ``doc._.kg_hits`` to the lexicon concepts found in the text, and
    ``doc._.kg_title_hits`` to those found in the title (offsets into the title)."""

    def __init__(self, nlp: Language) -> None:
        self.tokenizer = nlp.tokenizer
        self.matcher: LexiconMatcher | None = None

    def set_knowledge(self, lexicon: Lexicon, cues: Cues) -> None:
        super().set_knowledge(lexicon, cues)
        self.matcher = LexiconMatcher(lexicon, _same_rules(self.tokenizer))

    def __call__(self, doc: Doc) -> Doc:
        u = doc._
        u.kg_hits = self.matcher(doc, text=u.kg_text, columns=u.kg_tokens)
        title = u.kg_title
        u.kg_title_hits = self.matcher(self.tokenizer(title)) if title else []
        return doc


class Discovery(_Knowledge):
    """Adds discovered names to ``doc._.kg_hits``; drops lexicon hits inside them."""

    def __call__(self, doc: Doc) -> Doc:
        u = doc._
        sents = u.kg_sents
        lex_hits = u.kg_hits or []
        found = discover(u.kg_text, sents, u.kg_abbreviations or [], lex_hits, self.lexicon, self.cues,
                         title=u.kg_title)
        # a lexicon hit inside a discovered name is dropped ("PPO" in "L-PPO"), except an
        # algorithm inside the long form of a proposed method: the method builds on it
        # ("Optimistic Mirror Descent Primal-Dual" -> mirror descent)
        longs = [(f.start, f.end) for f in found if f.long is None and f.proposed and " " in f.text]
        if len(found) > 16:  # many names (hostile text): test overlaps with a mask, in linear time
            covered = bytearray(len(u.kg_text or "") + 1)
            for f in found:
                covered[f.start:f.end] = b"\x01" * max(0, f.end - f.start)
            free = lambda h: covered.find(1, h.start, h.end) == -1  # noqa: E731
        else:
            spans = [(f.start, f.end) for f in found]  # read once, not once per lexicon hit
            free = lambda h: _free(h.start, h.end, spans)  # noqa: E731
        kept = [h.with_(extractor="lexicon+long-form") if longs and any(s <= h.start and h.end <= e for s, e in longs) else h
                for h in lex_hits
                if free(h)
                or (h.type == "algorithm" and any(s <= h.start and h.end <= e and h.end - h.start < e - s for s, e in longs))]
        u.kg_hits = sorted(kept + found, key=_SPAN)
        return doc


_SPAN = attrgetter("start", "end")  # a hit's (start, end), the order of doc._.kg_hits


def _free(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    """Does no span of ``spans`` overlap ``start``-``end``?"""
    return not any(start < fe and fs < end for fs, fe in spans)


@Language.factory("kg_sentences")
def make_sentences(nlp: Language, name: str) -> Sentences:
    return Sentences(nlp)


@Language.factory("kg_abbreviations")
def make_abbreviations(nlp: Language, name: str) -> Abbreviations:
    return Abbreviations()


@Language.factory("kg_concepts")
def make_concepts(nlp: Language, name: str) -> ConceptMatcher:
    return ConceptMatcher(nlp)


@Language.factory("kg_discovery")
def make_discovery(nlp: Language, name: str) -> Discovery:
    return Discovery()


def build_nlp(lexicon: Lexicon | None = None, cues: Cues | None = None) -> Language:
    """A blank English pipeline (no model download) with kg's components."""
    import spacy

    lexicon = lexicon if lexicon is not None else load_lexicon()
    cues = cues if cues is not None else load_cues()
    nlp = spacy.blank("en")
    nlp.add_pipe("kg_sentences")
    nlp.add_pipe("kg_abbreviations")
    nlp.add_pipe("kg_concepts")
    nlp.add_pipe("kg_discovery")
    for _, proc in nlp.pipeline:
        if isinstance(proc, _Knowledge):
            proc.set_knowledge(lexicon, cues)
    return nlp
