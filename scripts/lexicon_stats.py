#!/usr/bin/env python3
"""Size and coverage of the curated lexicon: concepts, aliases and variants per type and per
file (``kg/data/lexicon/<type>s_<domain>.jsonl``, see ``kg/data/lexicon/README.md``)."""
import json
from collections import Counter, defaultdict
from importlib import resources

from kg.link.lexicon import load_lexicon


def main() -> None:
    lex = load_lexicon()
    by_type = Counter(e.type for e in lex)
    aliases = defaultdict(int)
    variants = Counter(e.type for e in lex if e.parent)
    for e in lex:
        aliases[e.type] += len(e.aliases)
    print(f"{'type':<10}{'concepts':>10}{'aliases':>10}{'variants':>10}")
    for t in sorted(by_type, key=lambda t: -by_type[t]):
        print(f"{t:<10}{by_type[t]:>10}{aliases[t]:>10}{variants[t]:>10}")
    print(f"{'total':<10}{len(lex):>10}{sum(aliases.values()):>10}{sum(variants.values()):>10}")
    print(f"\n{'file':<34}{'concepts':>10}{'aliases':>10}{'variants':>10}")
    root = resources.files("kg") / "data" / "lexicon"
    for p in sorted((p for p in root.iterdir() if p.name.endswith(".jsonl")), key=lambda p: p.name):
        rows = [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
        print(f"{p.name:<34}{len(rows):>10}{sum(len(r['aliases']) for r in rows):>10}"
              f"{sum(bool(r['parent']) for r in rows):>10}")


if __name__ == "__main__":
    main()
