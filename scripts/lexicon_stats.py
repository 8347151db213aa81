#!/usr/bin/env python3
"""Size and coverage of the curated lexicon: concepts per type and file, aliases, variants."""
from collections import Counter, defaultdict

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


if __name__ == "__main__":
    main()
