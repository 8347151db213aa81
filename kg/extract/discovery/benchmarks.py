"""Benchmarks: names before a benchmark head word ("on the X benchmark"), variants of known
benchmarks ("COCO-OOD"), benchmark-like coinages ("CountBench"), and the lists they stand in.
"""
from __future__ import annotations

import re
from functools import lru_cache

from kg.extract.alternation import ascii_form
from kg.extract.cues import Cues
from kg.extract.discovery.lists import _ENUMERATION, _ITEM, _enumeration_items, _plausible_item
from kg.extract.discovery.text import _TOKEN, is_name_like
from kg.extract.hits import Hit
from kg.datafiles import load_patterns, load_word_lists
from kg.text import norm_key

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name

# an enumeration whose last item follows "and the": "on IHDP, Jobs and the ACIC 2016 benchmark" (kept here, as
# ``_ENUMERATION`` is: it repeats the item's character shape three times, and its only words are "and/or the")
_ENUMERATION_THE = re.compile(rf"(?<![\w-])({_ITEM})((?:,\s+{_ITEM})*),?\s+(?:and|or)\s+the\s+({_ITEM})(?![\w-])")


def _enumerations(text: str, ascii: bool = False) -> list[re.Match]:
    """The enumerations of ``text``, also those whose last item follows "and the" (``ascii``: the text is
    :func:`~kg.extract.alternation.ascii_safe`, the patterns run in their ASCII form)."""
    form = ascii_form if ascii else (lambda p: p)
    plain = list(form(_ENUMERATION).finditer(text))
    return plain + list(form(_ENUMERATION_THE).finditer(text)) if " and the " in text or " or the " in text else plain


def _mostly_benchmarks(items: list[tuple[int, int, str]], bench_spans: set[tuple[int, int]]) -> bool:
    """Whether all items but one are known benchmarks, at least three of them: "on SMD, MSL, SMAP and PSM"
    names datasets throughout (but "on Atari, DQN and PPO" does not)."""
    known = sum((s, e) in bench_spans for s, e, _ in items)
    return known >= 3 and known >= len(items) - 1


@lru_cache(maxsize=8)
def _bench_heads(cues: Cues) -> tuple[str, ...]:
    return tuple(sorted(h for h in cues.benchmark_heads if h not in _W.unanchoring_bench_heads))


class BenchmarkRules:
    """The benchmark rules, mixed into :class:`kg.extract.discovery._Discovery`."""

    def names_before_benchmark_heads(self) -> None:
        """"on the X benchmark", "X dataset", enumerations of names before a benchmark head."""
        text, add, overlaps, is_known = self.text, self.add, self.overlaps, self.is_known
        for head_start, head_end in self.bench_heads:
            window = text[max(0, head_start - 80): head_start]
            base = head_start - len(window)
            if not window[-1:].isspace():
                continue  # the names end right before the head, then a space
            last = _TOKEN.findall(window[window.rstrip().rfind(" ") + 1:])  # quick test before the slow run search
            if not last or not is_name_like(last[-1]):
                head = text[head_start:head_end].lower()
                if last and last[-1][:1].isupper() and head in _W.singular_bench_heads:
                    self._the_proper_name_before(window, base)
                elif last and last[-1][:1].isupper() and head in _W.plural_bench_heads:
                    self._the_proper_pair_before(window, base)
                continue
            # the names right before the head word: "DSRL benchmark", "A, B and C datasets"
            run = _P.name_run.search(window)
            if not run:
                continue
            toks = list(_TOKEN.finditer(window, run.start()))
            if not toks or not is_name_like(toks[-1].group(0)):
                continue
            for tm in toks:
                tok = tm.group(0)
                s, e = base + tm.start(), base + tm.end()
                if is_name_like(tok) and not overlaps(s, e) and not is_known(s, e, tok):
                    add(Hit(s, e, tok, "benchmark", norm_key(tok), "pattern:benchmark", 0.7))
                elif self._known_other_acronym(s, e, tok):
                    # "the BTCV, ACDC and Synapse datasets": an acronym the lexicon knows as an
                    # algorithm ("ACDC", automatic circuit discovery) named as a dataset is another concept
                    add(Hit(s, e, tok, "benchmark", norm_key(tok), "pattern:benchmark", 0.65))
                else:
                    self.known_unmatched(s, e, tok, "pattern:benchmark", is_name_like)

    def _known_other_acronym(self, s: int, e: int, tok: str) -> bool:
        """Whether ``tok`` at s..e is an upper-case acronym that a lexicon hit of its own types as an algorithm,
        a metric or a model ("PSM" propensity score matching, "SPICE" the caption metric, "MUSE" the model)."""
        i = self.lex_span_id[s]
        if not i or len(tok) < 3 or not tok.isupper() or self.overlaps(s, e) or norm_key(tok) in self.found:
            return False
        h = self.lexicon_hits[i - 1]
        return h.start == s and h.end == e and h.type in _W.other_acronym_types

    def _the_proper_name_before(self, window: str, base: int) -> None:
        """"the Twins dataset": a capitalised word (not a language) after "the" names the benchmark."""
        m = _P.the_proper_head.search(window)
        if m is None:
            return
        name, s, e = m.group(1), base + m.start(1), base + m.end(1)
        if any(w in _W.common_caps | _W.list_openers or _P.language_like.search(w) for w in name.split()):
            return
        if not self.overlaps(s, e) and not self.is_known(s, e, name) and not self.touches_lexicon(s, e) \
                and not self.blocked_by_lexicon(s, e, name):
            self.add(Hit(s, e, name, "benchmark", norm_key(name), "pattern:benchmark", 0.65))

    def _the_proper_pair_before(self, window: str, base: int) -> None:
        """"the Jobs and Twins datasets": both capitalised words (no language, no common word) name benchmarks."""
        m = _P.the_proper_pair.search(window)
        if m is None or any(w in _W.common_caps | _W.list_openers or _P.language_like.search(w) for w in m.groups()):
            return
        for g in (1, 2):
            name, s, e = m.group(g), base + m.start(g), base + m.end(g)
            if not self.overlaps(s, e) and not self.is_known(s, e, name) and not self.touches_lexicon(s, e) \
                    and not self.blocked_by_lexicon(s, e, name):
                self.add(Hit(s, e, name, "benchmark", norm_key(name), "pattern:benchmark", 0.65))

    def _shouted(self, h: Hit) -> bool:
        """A known name written in capitals the lexicon never uses ("SPIDER" for Spider) is likely another name."""
        return len(h.text) > 3 and h.text.isupper() and not any(f.isupper() for f in self.lexicon.get(h.lexicon_id).forms)

    def benchmark_variants(self) -> None:
        """A known benchmark with a variant's suffix is that variant, under the benchmark:
        "COCO-OOD", "ShapeNet-Car", "TREC Fair Ranking 2021" (the whole name, not "COCO")."""
        text = self.text
        for h in self.lexicon_hits:
            if h.type != "benchmark" or h.lexicon_id is None or (h.start and text[h.start - 1] in "-_/"):
                continue
            m = _P.bench_variant.match(text, h.end)
            if m is None or self._shouted(h):
                continue  # "SPIDER-FW" is not a variant of the Spider benchmark: another name in capitals
            s, e = h.start, m.end()
            name = text[s:e]
            if self.overlaps(s, e) or self.lexicon.lookup(name) is not None:
                continue
            self.add(Hit(s, e, name, "benchmark", norm_key(name), "pattern:benchmark-variant", 0.7,
                         parent=h.lexicon_id))
        self.benchmark_streams()

    def versioned_short_forms(self) -> None:
        """A known name with a version of it in brackets names that version, the known name its long form:
        "Berkeley Function Calling Leaderboard (BFCL v3)" is BFCL v3, one concept (not BFCL and BFCL v3).
        The version is a known concept under the named one, or a variant found under it ("(BFCL v4)")."""
        text, lexicon = self.text, self.lexicon
        known_at = {h.start: h for h in self.lexicon_hits}
        found_at = {h.start: h for h in self.found.values()}
        for h in self.lexicon_hits:
            if h.type not in ("benchmark", "model") or h.lexicon_id is None or not text.startswith(" (", h.end):
                continue
            short = found_at.get(h.end + 2) or known_at.get(h.end + 2)
            if short is None or short.lexicon_id == h.lexicon_id or short.type != h.type \
                    or not text.startswith(")", short.end):
                continue
            entry = lexicon.get(short.lexicon_id) if short.lexicon_id else None
            if (entry.parent if entry is not None else short.parent) != h.lexicon_id:
                continue
            version = short.with_(extractor="pattern:versioned-definition", long=h.text)
            if self.found.get(short.key) is short:
                self.found[short.key] = version
                self.take(h.start, short.end)
            elif not self.overlaps(short.start, short.end):
                self.add(version, (h.start, short.end))

    def benchmark_streams(self) -> None:
        """A known benchmark after a stream's prefix is that stream, under the benchmark: "Split ImageNet-R",
        "Permuted Fashion-MNIST", "continual ImageNet" (the whole name, not the benchmark alone)."""
        text = self.text
        for h in self.lexicon_hits:
            if h.type != "benchmark" or h.lexicon_id is None or h.start < 6:
                continue
            m = _P.bench_stream_prefix.search(text, max(0, h.start - 12), h.start)
            if m is None or self._shouted(h):
                continue
            s, e = m.start(), h.end
            name = text[s:e]
            if self.overlaps(s, e) or self.lexicon.lookup(name) is not None:
                continue
            self.add(Hit(s, e, name, "benchmark", norm_key(name), "pattern:benchmark-variant", 0.7, parent=h.lexicon_id))

    def benchmark_like_names(self) -> None:
        """A coined name made like a benchmark's ("CountBench", "TallyQA", "KnowEdit-Bench") is one,
        unless the paper proposes it (then it is already a method and a benchmark)."""
        text = self.text
        if "Bench" in text or "QA" in text:
            for m in self.whole_text(_P.bench_suffixed).finditer(text):
                s, e, tok = m.start(), m.end(), m.group(0)
                if tok.endswith("QA") and not any(c.islower() for c in tok[1:-2]):
                    continue  # a task acronym: "KBQA", "ODQA" (but an acronym's bench is one: "SRBench")
                if not self.overlaps(s, e) and not self.is_known(s, e, tok) and not self.blocked_by_lexicon(s, e, tok):
                    self.add(Hit(s, e, tok, "benchmark", norm_key(tok), "pattern:benchmark-name", 0.65))
                    self.suffixed.append((s, e))

    def lists_with_a_known_benchmark(self) -> None:
        """An enumeration that names a known benchmark names benchmarks: "on ADE20K, Pascal
        Context and COCO-Stuff" (the list ends at its final "and"/"or" conjunct)."""
        text = self.text
        bench_spans = {(h.start, h.end) for h in self.lexicon_hits if h.type == "benchmark" and not self._shouted(h)} \
            | set(self.suffixed)
        bench_starts = {s for s, _ in bench_spans}
        listed = any(text.startswith((", ", " and ", " or "), e) or text.endswith((", ", " and ", " or ", " and the ", " or the "), 0, s)
                     for s, e in bench_spans)  # a known benchmark next to a list separator: worth a scan
        if listed:
            for m in _enumerations(text, self.ascii):
                items = _enumeration_items(m)
                if not any(s in bench_starts for s, _, _ in items):
                    continue
                # "the Synapse, ACDC and ISIC 2018 datasets": with a dataset word after the list, an
                # acronym the lexicon knows as an algorithm (ACDC, circuit discovery) is a dataset
                # here; without one ("on Atari, DQN and PPO") it stays the algorithm
                head = text[m.end():m.end() + 20].split()[:1]
                headed = bool(head) and head[0].lower().strip(".,;:") in self.cues.benchmark_heads \
                    or _mostly_benchmarks(items, bench_spans)
                for s, e, item in items:
                    if (s, e) not in bench_spans and not self.overlaps(s, e) and not self.is_known(s, e, item) \
                            and not self.blocked_by_lexicon(s, e, item) and _plausible_item(item) \
                            or headed and self._known_other_acronym(s, e, item):
                        self.add(Hit(s, e, item, "benchmark", norm_key(item), "pattern:benchmark-list", 0.65))
                    elif (s, e) not in bench_spans:
                        self.known_unmatched(s, e, item, "pattern:benchmark-list", _plausible_item)

    def sources_after_benchmark_heads(self) -> None:
        """The coined name of the collection benchmarks come from: "the A and B suites from EvalPlus"."""
        text = self.text
        for _, head_end in self.bench_heads:
            m = _P.from_source.match(text, head_end)
            if m is None or not is_name_like(m.group(1)):
                continue
            s, e, name = m.start(1), m.end(1), m.group(1)
            if not self.overlaps(s, e) and not self.is_known(s, e, name) and not self.blocked_by_lexicon(s, e, name):
                self.add(Hit(s, e, name, "benchmark", norm_key(name), "pattern:benchmark-source", 0.65))

    def lists_after_benchmark_heads(self) -> None:
        """Names listed right after a benchmark head: "three datasets: A, B, and C",
        "benchmarks such as A and B", "datasets, including A, B and C"."""
        text = self.text
        for head_start, head_end in self.bench_heads:
            intro = _P.list_intro.match(text, head_end)
            em = _ENUMERATION.match(text, intro.end()) if intro else None
            if em is None:
                continue
            for s, e, item in _enumeration_items(em):
                if not self.overlaps(s, e) and not self.is_known(s, e, item) \
                        and not self.blocked_by_lexicon(s, e, item) and _plausible_item(item):
                    self.add(Hit(s, e, item, "benchmark", norm_key(item), "pattern:benchmark-list", 0.65))
                else:
                    self.known_unmatched(s, e, item, "pattern:benchmark-list", _plausible_item)
