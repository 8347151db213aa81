#!/usr/bin/env python3
"""Where extraction time goes: the cumulative cost of kg's stages against spaCy's bare
English tokenizer, on the same synthetic corpus, in the same process.

    python scripts/bench_stages.py [--n 10000] [--repeat 1]

Row k runs cleaning and ``make_doc`` and then the first k pipeline components
(``kg_sentences``, ``kg_abbreviations``, ``kg_concepts``, ``kg_discovery``) on every
abstract; the last row is the whole extraction (``Extractor.extract``: the pipeline and the
assembly of mentions, roles and claims). Each row prints ms per abstract and its ratio to the
bare tokenizer (the tokenizer's time divided by the row's), so the ratio a pipeline of only
those stages could reach is read off directly. Times are the best of ``--repeat`` passes.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import spacy

from kg.extract import Extractor, make_doc
from kg.gctune import collect_less
from kg.text import clean

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_speed import best_of, synthetic_corpus  # noqa: E402


def stage_runner(extractor: Extractor, papers, k: int):
    """A function running cleaning, ``make_doc`` and the first ``k`` components on ``papers``."""
    nlp = extractor.nlp
    components = [proc for _, proc in nlp.pipeline][:k]

    def run():
        with collect_less():  # as the CLI runs (kg.gctune)
            for paper in papers:
                text = clean(paper.abstract).text
                doc = make_doc(nlp, text)
                u = doc._
                u.kg_text, u.kg_title = text, None
                for proc in components:
                    doc = proc(doc)
    return run


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args()
    papers = synthetic_corpus(a.n)
    tok = spacy.blank("en").tokenizer

    def bare():
        for p in papers:
            tok(p.abstract)

    t_tok = best_of(a.repeat, bare)
    extractor = Extractor()
    list(extractor.extract(papers[:50]))  # loads what is loaded lazily
    names = ["clean + make_doc"] + [f"+ {name}" for name, _ in extractor.nlp.pipeline]
    rows = [(name, best_of(a.repeat, stage_runner(extractor, papers, k))) for k, name in enumerate(names)]

    def whole():
        with collect_less():
            for _ in extractor.extract(papers):
                pass

    rows.append(("+ assembly (whole extraction)", best_of(a.repeat, whole)))
    print(f"{a.n} synthetic abstracts; bare tokenizer {1000 * t_tok / a.n:.3f} ms/abstract")
    print(f"{'stages':<32} {'ms/abstract':>11} {'ratio':>6}")
    for name, t in rows:
        print(f"{name:<32} {1000 * t / a.n:>11.3f} {t_tok / t:>6.3f}")
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
