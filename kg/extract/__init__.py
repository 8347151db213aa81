"""Extraction: abstracts -> per-paper mentions and claims, with spaCy, fully offline.

>>> from kg.records import Paper
>>> ex = next(Extractor().extract([Paper("p", "We propose FooNet, a novel framework that outperforms PPO on MuJoCo.")]))
>>> sorted((m.type, m.name) for m in ex.mentions)[:2]
[('algorithm', 'PPO'), ('benchmark', 'MuJoCo')]
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from spacy.tokens import Doc
from spacy.util import minibatch

from kg.extract.assemble import assemble
from kg.extract.components import build_nlp
from kg.extract.confidence import load_calibration
from kg.extract.cues import Cues, load_cues
from kg.link.lexicon import Lexicon, load_lexicon
from kg.records import Extraction, Paper
from kg.text import clean


#: A whitespace-free run this long is tokenized in pieces of ``_PIECE`` characters: spaCy's
#: affix search is quadratic in the length of one run ("%" * 30000 took ~2 minutes).
_LONG_RUN = re.compile(r"(?<!\S)\S{200,}")
_PIECE = 50


def _has_long_run(text: str) -> bool:
    """Does ``text`` hold a whitespace-free run of 200 characters or more (as ``_LONG_RUN`` finds)?

    Such a run holds a whole block of 100 characters at a multiple of 100, so a text whose every
    such block holds a space has none: a few ``str.find`` calls, not a split into every word.

    >>> _has_long_run("a " * 300), _has_long_run("a" * 199 + " b"), _has_long_run("x " + "a" * 200)
    (False, False, True)
    """
    if all(text.find(" ", i, i + 100) != -1 for i in range(0, len(text) - 99, 100)):
        return False
    return max(map(len, text.split()), default=0) >= 200


def make_doc(nlp, text: str) -> Doc:
    """``nlp.make_doc(text)``, but in linear time on hostile text with very long runs
    without whitespace. The Doc's text is ``text`` exactly either way.

    >>> import spacy
    >>> nlp = spacy.blank("en")
    >>> text = "See " + "%" * 450 + " and PPO."
    >>> doc = make_doc(nlp, text)
    >>> doc.text == text, [t.text for t in doc][:3], [t.text for t in doc][-3:]
    (True, ['See', '%', '%'], ['and', 'PPO', '.'])
    >>> make_doc(nlp, "\u2028" * 300).text == "\u2028" * 300  # whitespace only
    True
    """
    if len(text) < 200 or not _has_long_run(text):
        return nlp.make_doc(text)
    words: list[str] = []
    spaces: list[bool] = []

    def add(segment: str) -> None:
        if segment:
            for tok in nlp.tokenizer(segment):
                words.append(tok.text)
                spaces.append(bool(tok.whitespace_))

    pos = 0
    for m in _LONG_RUN.finditer(text):
        add(text[pos:m.start()])
        for i in range(m.start(), m.end(), _PIECE):
            add(text[i:min(i + _PIECE, m.end())])
        pos = m.end()
    add(text[pos:])
    doc = Doc(nlp.vocab, words=words, spaces=spaces)
    return doc if doc.text == text else nlp.make_doc(text)


class Extractor:
    """Runs the pipeline over papers in batches (``nlp.pipe``) and assembles records."""

    def __init__(self, lexicon: Lexicon | None = None, cues: Cues | None = None, *, batch_size: int = 64,
                 calibrate: bool = True) -> None:
        self.lexicon = lexicon if lexicon is not None else load_lexicon()
        self.cues = cues if cues is not None else load_cues()
        self.nlp = build_nlp(self.lexicon, self.cues)
        self.batch_size = batch_size
        self.calibration = load_calibration() if calibrate else {}

    def extract(self, papers: Iterable[Paper]) -> Iterator[Extraction]:
        nlp = self.nlp

        def items():
            for p in papers:
                c = clean(p.abstract)
                doc = make_doc(nlp, c.text)
                u = doc._
                u.kg_text = c.text  # components read the text from here, not doc.text
                u.kg_title = clean(p.title).text if p.title else None
                yield doc, (p, c)

        lexicon, cues, calibration = self.lexicon, self.cues, self.calibration
        annotated = self.nlp.pipe(items(), as_tuples=True, batch_size=self.batch_size)
        for batch in minibatch(annotated, self.batch_size):  # one stage at a time, as the components run
            yield from [assemble(paper, c, doc, lexicon, cues, calibration) for doc, (paper, c) in batch]


__all__ = ["Extractor", "make_doc"]
