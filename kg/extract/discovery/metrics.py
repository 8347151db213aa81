"""Measures the lexicon does not know: "in terms of training cost", "the hallucination rate",
"reduces package recirculation by 80%".

The cues and word lists are data (``kg/data/patterns/metric_phrases.json``); the head words
are ``cues.metric_heads``.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from kg.extract.hits import Hit
from kg.text import norm_key


class _MetricPhrases:
    """The data of :meth:`MetricRules.metric_phrases` (``kg/data/patterns/metric_phrases.json``)."""

    def __init__(self, d: dict, heads: frozenset[str]) -> None:
        self.cue_before = re.compile(d["cue_before"])
        self.cue_after = re.compile(d["cue_after"])
        self.measure_cue = re.compile(d["measure_cue"])
        self.quantity_before = re.compile(d["quantity_before"])
        self.weak_heads = frozenset(d["weak_heads"])
        self.comparatives = frozenset(d["comparatives"])
        self.generic = frozenset(d["generic"]) | self.comparatives
        self.stop = frozenset(d["stop"])
        self.not_metrics = frozenset(d["not_metrics"])
        self.head = re.compile(r"(?<![\w@-])(?:" + "|".join(sorted(map(re.escape, heads), key=len, reverse=True)) + r")(?![\w@-])")
        # head words of word characters only are found with str.find (see head_spans)
        self.head_words = tuple(sorted(heads)) if heads and all(_WORD.fullmatch(h) for h in heads) else None
        by_value = d["measure_by_value"]
        np_ = _phrase_pattern(self.stop)
        self.by_value = tuple(re.compile(p.replace("{np}", np_).replace("{value}", by_value["value"]))
                              for p in by_value["patterns"])
        # a gate is part of every match of its pattern: where it finds nothing, the pattern cannot match; a
        # gate given as a list is a cheap first test, then the exact one (each is part of every match)
        self.by_value_gates = tuple(
            None if g is None else tuple(re.compile(p.replace("{value}", by_value["value"]))
                                         for p in ([g] if isinstance(g, str) else g))
            for g in by_value["gates"])
        self.vague = frozenset(by_value["vague_measures"])
        self.not_measure_heads = frozenset(by_value["not_measure_heads"])
        self.prepositions = frozenset(by_value["prepositions"])
        self.determiners = frozenset(by_value["determiners"])


    def head_spans(self, low: str) -> list[tuple[int, int]]:
        """``[m.span() for m in self.head.finditer(low)]``, with ``str.find`` when every head is a
        run of word characters (three times faster than the pattern's look-behind at every character):
        then no two heads match where the other does (a match is bounded by no word character), so the
        matches are every bounded occurrence of every head, in text order.

        >>> d = _MetricPhrases.__new__(_MetricPhrases)
        >>> d.head, d.head_words = None, ("cost", "error", "rate")
        >>> d.head_spans("error rate, costs, re-rate and training cost")
        [(0, 5), (6, 10), (40, 44)]
        """
        if self.head_words is None:
            return [m.span() for m in self.head.finditer(low)]
        spans = []
        n = len(low)
        for w in self.head_words:
            i = low.find(w)
            while i != -1:
                end = i + len(w)
                if (i == 0 or not _is_bound_char(low[i - 1])) and (end == n or not _is_bound_char(low[end])):
                    spans.append((i, end))
                    i = low.find(w, end)
                else:
                    i = low.find(w, i + 1)
        spans.sort()
        return spans


_WORD = re.compile(r"\w+")
_NON_SPACE_RUN = re.compile(r"\S+")


def _is_bound_char(c: str) -> bool:
    return c.isalnum() or c in "_@-"  # ``[\w@-]``


def _phrase_pattern(stop: frozenset[str]) -> str:
    """One to four words, none of them a stop word: the measure a value pattern names ("{np}").

    >>> p = re.compile(_phrase_pattern(frozenset({"by", "the"})) + "$")
    >>> bool(p.match("user spent time")), bool(p.match("ndcg@10")), bool(p.match("time by the")), bool(p.match("a b c d e"))
    (True, True, False, False)
    """
    word = r"(?!(?:%s)\b)[a-z0-9][\w@.\-]*[\w@]|(?!(?:%s)\b)[a-z]" % (("|".join(sorted(stop, key=len, reverse=True)),) * 2)
    return r"(?:%s)(?:\s(?:%s)){0,3}" % (word, word)


def _ends_with_one_of(name: str, phrases: frozenset[str]) -> bool:
    """``any(name.endswith(" " + p) for p in phrases)``, by looking up what follows each space of ``name``.

    >>> _ends_with_one_of("the effective learning rate", frozenset({"learning rate", "rate of"}))
    True
    >>> _ends_with_one_of("learning rate", frozenset({"learning rate"})), _ends_with_one_of("a b", frozenset({"a"}))
    (False, False)
    """
    i = name.find(" ")
    while i != -1:
        if name[i + 1:] in phrases:
            return True
        i = name.find(" ", i + 1)
    return False


_WORDS_BEFORE = re.compile(r"((?:[a-z0-9@][\w@.\-]*[\w@] +|[a-z] +){1,4})$")


def _after_space_runs(text: str, lo: int, hi: int, n: int) -> int:
    """The position after the ``n``-th last run of spaces in ``text[lo:hi]``, or ``lo``: a search for
    at most ``n - 1`` space-ended words that end at ``hi`` (``_WORDS_BEFORE``) can start no earlier,
    and starting there spares the engine a try at every character of the window.

    >>> t = "in terms of the total training cost"
    >>> t[_after_space_runs(t, 0, t.index("cost"), 3):]
    'total training cost'
    >>> _after_space_runs(t, 0, t.index("cost"), 9)
    0
    """
    at = hi
    for _ in range(n):
        space = text.rfind(" ", lo, at)
        if space < 0:
            return lo
        at = space
        while at > lo and text[at - 1] == " ":
            at -= 1
    return space + 1


@lru_cache(maxsize=4)
def metric_phrase_data(heads: frozenset[str] = frozenset()) -> _MetricPhrases:
    """The metric-phrase data, its head pattern built from ``heads`` (``cues.metric_heads``)."""
    text = (resources.files("kg") / "data" / "patterns" / "metric_phrases.json").read_text(encoding="utf-8")
    return _MetricPhrases(json.loads(text), heads)


class MetricRules:
    """The rule for metric phrases, mixed into :class:`kg.extract.discovery._Discovery`."""

    def metric_phrases(self) -> None:
        """Measures the lexicon does not know, named by one to three words before a metric head
        word after a cue that a measure follows: "in terms of training cost", "reduces the
        hallucination rate", "48.2% clean accuracy", "a robustness score of 0.8". A weak head
        ("cost", "reward") needs an explicit cue ("in terms of", "measured by")."""
        data = metric_phrase_data(self.cues.metric_heads)
        low, lex_span_id, hits = self.low, self.lex_span_id, self.lexicon_hits
        for hs, he in data.head_spans(low):
            at = lex_span_id[hs]
            if at and (hits[at - 1].type != "metric" or " " in hits[at - 1].text or hits[at - 1].start < hs):
                continue  # inside a known name, or a known measure of several words ("error rate")
            words = _WORDS_BEFORE.search(low, _after_space_runs(low, max(0, hs - 80), hs, 5), hs)
            if words is None:
                continue
            span = self._metric_modifiers(words.group(1).split(), hs, he, low[hs:he] in data.weak_heads, data)
            if span is not None and not self.overlaps(*span):
                s, e = span
                name = self.text[s:e]
                parent = self.lexicon_hits[at - 1].lexicon_id if at else None
                self.add(Hit(s, e, name, "metric", norm_key(name), "pattern:metric-phrase", 0.6, parent=parent))
        self.measures_by_value(data)

    def measures_by_value(self, data: _MetricPhrases) -> None:
        """Measures without a head word that a result gives a value to: what a change verb changes by
        a value ("reduces package recirculation by 80%"), what follows a value and a comparative
        ("18.5% higher task performance"), the subject of a change by or from a value ("peak memory
        usage falls by 35%"), what a method reaches a value of ("achieves a designability of 86%").
        The phrase is no generic quantity ("performance", "quality"), ends in no word of what is not
        a measure ("the baseline", "the number of ..."), and holds no name and no known concept but a
        measure, which it may modify: "query latency" is a measure of its own under the known one
        (latency). A measure the lexicon knows as a whole is left to it."""
        low = self.low
        whole_text = self.whole_text
        for pattern, gate in zip(data.by_value, data.by_value_gates):
            if gate is not None and any(whole_text(g).search(low) is None for g in gate):
                continue
            for m in pattern.finditer(low):
                before = _WORDS_BEFORE.search(low, max(0, m.start("m") - 40), m.start("m"))
                words = before.group(1).split() if before else []
                while words and words[-1] in data.determiners:
                    words.pop()
                if words and words[-1] in data.prepositions:
                    continue  # "the correlation between the attributions rises": not what changes
                span = self._value_measure(*m.span("m"), data)
                if span is not None:
                    s, e, parent = span
                    name = self.text[s:e]
                    # "query latency": a measure of its own under the known one (latency), as variants are
                    self.add(Hit(s, e, name, "metric", norm_key(name), "pattern:measure-by-value", 0.6, parent=parent))

    def _value_measure(self, s: int, e: int, data: _MetricPhrases) -> tuple[int, int, str | None] | None:
        """Span and parent measure (lexicon id) of the measure a value pattern matched at ``s:e``,
        without the generic words it opens with ("the average"), or ``None`` if it names no measure."""
        low, text = self.low, self.text
        words = [(w.start() + s, w.end() + s) for w in _NON_SPACE_RUN.finditer(low[s:e])]
        while words and low[words[0][0]:words[0][1]] in data.generic:
            words.pop(0)
        if not words:
            return None
        s, e = words[0][0], words[-1][1]
        phrase = [low[a:b] for a, b in words]
        if phrase[-1] in data.not_measure_heads or (len(phrase) == 1 and phrase[-1] in data.vague) \
                or " ".join(phrase) in data.not_metrics or not all(any(c.isalpha() for c in w) for w in phrase):
            return None
        before = text[max(0, s - 16):s].rstrip()
        opens_sentence = before[-1:] in (".", "!", "?", ";", ":") or (not before and s < 16)
        for n, (a, b) in enumerate(words):  # a name ("FooNet"), unless a capital opens the sentence
            w = text[a:b]
            if w != low[a:b] and not (n == 0 and opens_sentence and w[1:] == low[a + 1:b]):
                return None
        ids = {i for i in self.lex_span_id[s:e] if i}
        known = [self.lexicon_hits[i - 1] for i in sorted(ids)]
        if any(h.type != "metric" or h.start < s or h.end > e for h in known) \
                or (len(known) == 1 and (known[0].start, known[0].end) == (s, e)) or self.overlaps(s, e):
            return None
        return s, e, known[-1].lexicon_id if known else None

    def _metric_modifiers(self, words: list[str], hs: int, he: int, weak: bool, data: _MetricPhrases) -> tuple[int, int] | None:
        """Span of the longest run of the ``words`` before a head at ``hs`` that, with the head,
        names a measure: no stop word, number or other concept inside, a cue before."""
        low, best, pos = self.low, None, hs
        for k in range(1, len(words) + 1):
            w = words[-k]
            pos = low.rfind(w, 0, pos)
            if w in data.stop or not any(c.isalpha() for c in w) or self.touches_lexicon(pos, pos + len(w)):
                break
            if w in data.generic:
                continue
            before, compared = low[:pos], False
            for g in reversed(words[:-k]):  # generic words between cue and modifiers: "improves the final ..."
                if g not in data.generic or not before.rstrip().endswith(g):
                    break
                compared = compared or g in data.comparatives
                before = before.rstrip()[:-len(g)]
            name = low[pos:he]
            cue = data.measure_cue if weak else data.cue_before
            if name in data.not_metrics or _ends_with_one_of(name, data.not_metrics):
                continue  # "the effective learning rate": a setting, however modified
            cued = cue.search(before, max(0, len(before) - 60))
            if cued is not None and data.quantity_before.search(before, max(0, cued.start() - 60), cued.start()):
                cued = None  # "a bound on the PEHE in terms of the transport cost": a quantity, no measure
            if (compared and not weak) or cued is not None or (not weak and data.cue_after.match(low, he, he + 20)):
                best = (pos, he)
        return best
