"""List lexicon entries whose aliases may name another concept, for a person to judge.

A lexicon alias links every paper that writes it to the entry's node, so an alias that is
really a release, edition, size or member of the entry ("OpenWebText2" under OpenWebText,
"ISIC 2018" under ISIC), or its broader family, merges two concepts across papers. The
checks are heuristics; many hits are deliberate (environment versions such as
"HalfCheetah-v4", dated snapshots of one model):

* ``digits``  an alias carries numbers the entry's name does not ("Atari" ~ "Atari-57");
* ``suffix``  an alias is the name plus a version, size or year ("WebVid" ~ "WebVid-10M");
* ``shorter`` the name is an alias plus a version ("Camelyon16" ~ "CAMELYON");
* ``family``  a form of one entry is another entry's name minus a version, and neither is
  the other's ancestor (a missing parent, or an alias that is the other's family).

Usage: ``python scripts/lexicon_audit.py [--check digits,suffix,shorter,family]``
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kg.link.lexicon import Lexicon, LexiconEntry, load_lexicon  # noqa: E402

_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_VERSION_TAIL = re.compile(
    r"^(?:[-\s]?(?:v?\d+(?:\.\d+)*[kmbt]?|xl|large|base|small|mini|pro|plus|\+\+|lite|turbo|instruct|chat|it))+$", re.I)


def _numbers(s: str) -> set[str]:
    return set(_NUMBER.findall(s))


def _versioned(tail: str) -> bool:
    """Is ``tail`` a version, size or year written after a name ("-10M", " 2018", "v2")?"""
    return bool(_VERSION_TAIL.match(tail)) and any(c.isdigit() for c in tail)


def _ancestors(lex: Lexicon, e: LexiconEntry) -> set[str]:
    seen: set[str] = set()
    parent = e.parent
    while parent and parent not in seen and lex.get(parent):
        seen.add(parent)
        parent = lex.get(parent).parent
    return seen


def digits(lex: Lexicon):
    for e in lex:
        for a in e.aliases:
            extra = _numbers(a) - _numbers(e.name)
            if extra:
                yield e, f"alias {a!r} carries {sorted(extra)}"


def suffix(lex: Lexicon):
    for e in lex:
        for a in e.aliases:
            if a.lower().startswith(e.name.lower()) and _versioned(a[len(e.name):]):
                yield e, f"alias {a!r} is the name plus a version"


def shorter(lex: Lexicon):
    for e in lex:
        for a in e.aliases:
            if e.name.lower().startswith(a.lower()) and len(a) < len(e.name) and _versioned(e.name[len(a):]):
                yield e, f"alias {a!r} is the name without its version"


def family(lex: Lexicon):
    by_name = sorted(lex, key=lambda e: e.name.lower())
    for e in lex:
        for form in (e.name, *e.aliases):
            low = form.lower()
            for other in by_name:
                name = other.name
                if other.id == e.id or len(name) <= len(form) or not name.lower().startswith(low):
                    continue
                if _versioned(name[len(form):]) and e.id not in _ancestors(lex, other) \
                        and other.id not in _ancestors(lex, e):
                    yield e, f"form {form!r} is {other.id} ({name!r}) without its version; parent {other.parent}"


CHECKS = {"digits": digits, "suffix": suffix, "shorter": shorter, "family": family}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--check", default=",".join(CHECKS), help="comma-separated checks to run")
    args = ap.parse_args(argv)
    lex = load_lexicon()
    n = 0
    for name in args.check.split(","):
        for e, why in CHECKS[name](lex):
            print(f"{name:8} {e.id:32} {why}")
            n += 1
    print(f"{n} suspicious forms in {len(lex)} entries", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
