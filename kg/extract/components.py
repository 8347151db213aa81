"""spaCy pipeline components. Each ``__call__`` only matches and sets annotations on
the Doc; the algorithms are the pure functions in the sibling modules. All factories
are registered here, in one place. Knowledge (lexicon, cues) is injected with
:meth:`set_knowledge` after ``nlp.add_pipe`` so configs stay serialisable.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import numpy as np
from spacy.attrs import IDX, ORTH, SENT_START
from spacy.language import Language
from spacy.tokens import Doc
from spacy.util import minibatch

from kg.extract.abbreviations import find_abbreviations
from kg.extract.concepts import LexiconMatcher
from kg.extract.cues import Cues, load_cues
from kg.extract.names import discover
from kg.link.lexicon import Lexicon, load_lexicon

for _name in ("kg_abbreviations", "kg_hits", "kg_sents", "kg_text", "kg_title", "kg_title_hits"):
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


# a full stop that spaCy keeps inside a token, then a capitalised word: the end of a sentence
# about a variable ("linear in d. We show ...") or a model size ("Llama-2-7B. We find ...");
# initials are capitals ("J. Smith") and stay inside. The pattern opens with the literal full
# stop, so the regex engine jumps from one full stop to the next (20 times faster than opening
# with the lookbehind, which runs at every character).
_LETTER_END = re.compile(r"\.(?:(?<=(?<![\w.])[a-z]\.)|(?<=\d[A-Z]\.)|(?<=\d[A-Z]{2}\.))\s+([A-Z])")


class Sentences(_Component):
    """Marks sentence starts (``SENT_START``, so ``doc.sents`` works) and sets
    ``doc._.kg_sents`` to sentence ``(start_char, end_char)`` spans and ``doc._.kg_text``
    to the text, computed once with array operations instead of per-token objects."""

    def __init__(self, nlp: Language) -> None:
        strings = nlp.vocab.strings
        self.enders = [np.uint64(strings.add(p)) for p in (".", "!", "?", "...", "…")]

    def __call__(self, doc: Doc) -> Doc:
        text = doc._.kg_text
        if text is None:
            text = doc._.kg_text = doc.text
        n = len(doc)
        if not n:
            doc._.kg_sents = []
            return doc
        table = doc.to_array([ORTH, IDX])
        orth = table[:, 0]
        is_end = orth == self.enders[0]
        for e in self.enders[1:]:
            is_end |= orth == e
        # a sentence starts after an ender unless another ender follows ("?!", "...")
        first = [0] + (np.flatnonzero(is_end[:-1] & ~is_end[1:]) + 1).tolist()
        if _LETTER_END.search(text):  # "... polynomial in n. We prove ...": spaCy keeps "n." one token
            idx = table[:, 1].tolist()
            starts_at = {m.start(1) for m in _LETTER_END.finditer(text)}  # the capital opens a token
            first = sorted(set(first) | {i for i in range(1, n) if idx[i] in starts_at})
        sent = np.full((n, 1), -1, dtype="int64")
        sent[first] = 1
        doc.from_array([SENT_START], sent.astype("uint64"))
        starts = table[first, 1].tolist()
        spans = []
        for start, end in zip(starts, starts[1:] + [len(text)]):
            while end > start and text[end - 1].isspace():
                end -= 1
            spans.append((start, end))
        doc._.kg_sents = spans
        return doc


class Abbreviations(_Component):
    """Sets ``doc._.kg_abbreviations``: ``long form (SHORT)`` definitions."""

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_abbreviations = find_abbreviations(doc._.kg_text)
        return doc


class ConceptMatcher(_Knowledge):
    """Sets ``doc._.kg_hits`` to the lexicon concepts found in the text, and
    ``doc._.kg_title_hits`` to those found in the title (offsets into the title)."""

    def __init__(self, nlp: Language) -> None:
        self.tokenizer = nlp.tokenizer
        self.matcher: LexiconMatcher | None = None

    def set_knowledge(self, lexicon: Lexicon, cues: Cues) -> None:
        super().set_knowledge(lexicon, cues)
        self.matcher = LexiconMatcher(lexicon, self.tokenizer)

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_hits = self.matcher(doc)
        title = doc._.kg_title
        doc._.kg_title_hits = self.matcher(self.tokenizer(title)) if title else []
        return doc


class Discovery(_Knowledge):
    """Adds discovered names to ``doc._.kg_hits``; drops lexicon hits inside them."""

    def __call__(self, doc: Doc) -> Doc:
        sents = doc._.kg_sents
        lex_hits = doc._.kg_hits or []
        found = discover(doc._.kg_text, sents, doc._.kg_abbreviations or [], lex_hits, self.lexicon, self.cues,
                         title=doc._.kg_title)
        # a lexicon hit inside a discovered name is dropped ("PPO" in "L-PPO"), except an
        # algorithm inside the long form of a proposed method: the method builds on it
        # ("Optimistic Mirror Descent Primal-Dual" -> mirror descent)
        longs = [(f.start, f.end) for f in found if f.long is None and f.proposed and " " in f.text]
        if len(found) > 16:  # many names (hostile text): test overlaps with a mask, in linear time
            covered = bytearray(len(doc._.kg_text or "") + 1)
            for f in found:
                covered[f.start:f.end] = b"\x01" * max(0, f.end - f.start)
            free = lambda h: covered.find(1, h.start, h.end) == -1  # noqa: E731
        else:
            free = lambda h: not any(h.start < f.end and f.start < h.end for f in found)  # noqa: E731
        kept = [h.with_(extractor="lexicon+long-form") if any(s <= h.start and h.end <= e for s, e in longs) else h
                for h in lex_hits
                if free(h)
                or (h.type == "algorithm" and any(s <= h.start and h.end <= e and h.end - h.start < e - s for s, e in longs))]
        doc._.kg_hits = sorted(kept + found, key=lambda h: (h.start, h.end))
        return doc


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
