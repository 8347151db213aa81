"""The state one text's discovery shares across its rules, and the helpers they use.

A rule adds the hits it finds (:meth:`DiscoveryState.add`) and takes their spans, so a later
rule skips what an earlier one named; :meth:`DiscoveryState.repeats` adds every other
occurrence of the names found.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from kg.extract.abbreviations import Abbreviation
from kg.extract.alternation import ascii_form, ascii_safe
from kg.extract.cues import Cues, fold
from kg.extract.discovery.benchmarks import _bench_heads
from kg.extract.discovery.text import _head_words, _occurrences
from kg.extract.hits import Hit
from kg.datafiles import load_patterns
from kg.link.lexicon import Lexicon
from kg.text import norm_key

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_NAMED_PART = re.compile(r"[A-Za-z0-9][A-Z]|\d")  # a capital inside a word, or a digit: "TopK", "v2"


class DiscoveryState:
    """One text's discovery: the text, its lexicon hits, what the rules found so far and the spans they took."""

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
        # ASCII text: the cue lists scanned over the whole text run in ASCII mode (same matches, faster)
        self.ascii = ascii_safe(text)
        self.taken: list[tuple[int, int]] = []
        self.taken_mask = bytearray(len(text) + 1)  # 1 where a taken span covers the character
        self.proposals = list(self.whole_text(cues.proposal).finditer(self.low))  # once per text, not per sentence
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
            for m in self.whole_text(_P.url).finditer(text):
                self.take(m.start(), m.end())

    # -- helpers ----------------------------------------------------------------------

    def whole_text(self, pattern: re.Pattern) -> re.Pattern:
        """The form of ``pattern`` to scan this text with: its ASCII form on ASCII text (see
        :func:`kg.extract.alternation.ascii_form`), itself otherwise."""
        return ascii_form(pattern) if self.ascii else pattern

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
        if " " in name or "-" not in name or _P.descriptor_suffix.search(name):
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
        return _NAMED_PART.search(extra) is not None

    def coined_around_known(self, s: int, e: int, name: str, introduced: bool = False) -> bool:
        """A title-case name coined around known concepts and introduced as such ("Hierarchical Token
        Merging, a plug-in module"): every known concept lies inside it, a capitalised word lies
        outside them, and an apposition follows (unless ``introduced``: the name is itself in
        apposition, "a novel algorithm, NAME, for ...")."""
        if not introduced and not _P.name_introduced.match(self.text, e):
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
