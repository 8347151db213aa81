#!/usr/bin/env python3
"""Throughput of ``kg extract`` against spaCy's bare English tokenizer, same texts, same process.

    python scripts/bench_speed.py [--n 2000] [--repeat 3]

The corpus is synthetic: sentences of the bundled abstracts recombined (seeded) into
N abstracts of realistic length. Reported: abstracts/s of the bare tokenizer and of
kg's extraction (cleaning, pipeline, assembly and linking), their ratio (best of
``--repeat`` runs each, to damp a noisy machine), and the process's peak RSS.
"""
from __future__ import annotations

import argparse
import random
import re
import resource
import sys
import time

import spacy

from kg.ingest import bundled_corpus, read_papers
from kg.link import link, load_lexicon
from kg.extract import Extractor
from kg.gctune import collect_less
from kg.records import Paper


def synthetic_corpus(n: int, seed: int = 0) -> list[Paper]:
    papers = list(read_papers(bundled_corpus(), on_warning=lambda _: None))
    sentences = [s for p in papers for s in re.split(r"(?<=[.!?])\s+", p.abstract) if len(s) > 20]
    lengths = [len(re.split(r"(?<=[.!?])\s+", p.abstract)) for p in papers]
    rng = random.Random(seed)
    return [Paper(f"syn-{i:06d}", " ".join(rng.sample(sentences, rng.choice(lengths)))) for i in range(n)]


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    papers = synthetic_corpus(a.n)
    texts = [p.abstract for p in papers]
    chars = sum(map(len, texts))
    tokenizer = spacy.blank("en").tokenizer
    lexicon = load_lexicon()
    extractor = Extractor(lexicon)

    def bare():
        for t in texts:
            tokenizer(t)

    def kg():
        with collect_less():  # as the CLI runs (kg.gctune)
            link(list(extractor.extract(papers)), lexicon)

    t_tok = best_of(a.repeat, bare)
    t_kg = best_of(a.repeat, kg)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"abstracts: {a.n} ({chars / a.n:.0f} chars on average), lexicon: {len(lexicon)} concepts, best of {a.repeat}")
    print(f"spaCy bare tokenizer : {a.n / t_tok:10.1f} abstracts/s")
    print(f"kg extract + link    : {a.n / t_kg:10.1f} abstracts/s")
    print(f"ratio kg / tokenizer : {t_tok / t_kg:10.3f}")
    print(f"peak RSS             : {rss_mb:10.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
