"""Extraction: abstracts -> per-paper mentions and claims, with spaCy, fully offline.

>>> from kg.records import Paper
>>> ex = next(Extractor().extract([Paper("p", "We propose FooNet, a novel framework that outperforms PPO on MuJoCo.")]))
>>> sorted((m.type, m.name) for m in ex.mentions)[:2]
[('algorithm', 'PPO'), ('benchmark', 'MuJoCo')]
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from kg.extract.assemble import assemble
from kg.extract.components import build_nlp
from kg.extract.confidence import load_calibration
from kg.extract.cues import Cues, load_cues
from kg.link.lexicon import Lexicon, load_lexicon
from kg.records import Extraction, Paper
from kg.text import clean


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
        make_doc = self.nlp.make_doc

        def items():
            for p in papers:
                c = clean(p.abstract)
                doc = make_doc(c.text)
                doc._.kg_text = c.text  # components read the text from here, not doc.text
                doc._.kg_title = clean(p.title).text if p.title else None
                yield doc, (p, c)

        for doc, (paper, c) in self.nlp.pipe(items(), as_tuples=True, batch_size=self.batch_size):
            yield assemble(paper, c, doc, self.lexicon, self.cues, self.calibration)


__all__ = ["Extractor"]
