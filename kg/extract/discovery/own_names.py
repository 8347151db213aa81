"""Names the paper gives its own contribution outside a proposal cue: "NAME, a novel ...",
"our approach, NAME,", "our approach—NAME—", "our NAME model", "our proposed NAME", and the
coined name its results keep making the subject ("NAME outperforms ...").
"""
from __future__ import annotations

from kg.extract.discovery.kinds import _lexicon_parent, _type_from_context
from kg.extract.discovery.text import (
    _PROPER_NAME, _anchored, _coined, _find_bounded, _windowed, _windowed_spans, is_name_like, words_from_their_end,
)
from kg.extract.hits import Hit
from kg.datafiles import load_patterns, load_word_lists
from kg.text import norm_key

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name

# the head nouns of ``_P.our_heads`` as words: a cheap test before ``_P.our_head_name`` runs
_OUR_HEAD_WORDS = frozenset(_P.our_heads.pattern[3:-1].split("|"))

# the result verbs of ``_P.result_subject_gate`` ("(?:outperforms|achieves|...)\\b") found from their final "s"
_GATE_WORDS = _P.result_subject_gate.pattern[3:-3].split("|") if _P.result_subject_gate.pattern.startswith("(?:") \
    and _P.result_subject_gate.pattern.endswith(")\\b") else []
_RESULT_VERB_ENDS = words_from_their_end(_GATE_WORDS)


def _result_verbs(text: str) -> list[tuple[int, int]]:
    """The spans of ``_P.result_subject_gate``'s matches in ``text``, found from the verbs' final "s"."""
    if _RESULT_VERB_ENDS is None:
        return [g.span() for g in _P.result_subject_gate.finditer(text)]
    return [(m.start(m.lastindex), m.end()) for m in _RESULT_VERB_ENDS.finditer(text)]


class OwnNameRules:
    """The rules for the paper's own names, mixed into :class:`kg.extract.discovery._Discovery`."""

    def appositions(self) -> None:
        """"NAME, a novel ..." / "NAME is a novel ..."."""
        text, cues, lexicon = self.text, self.cues, self.lexicon
        # (names are at most 80 characters: an unbounded run backtracks quadratically on "e.g.e.g.e.g...")
        for m in _windowed(_P.name_apposition, _P.apposition_gate, text, 400):
            tok = m.group(1)
            if is_name_like(tok) and not self.overlaps(m.start(1), m.end(1)) \
                    and not self.is_known(m.start(1), m.end(1), tok):
                ctype, bench = _type_from_context(tok, text[m.end():m.end() + 120], cues)
                self.add(Hit(m.start(1), m.end(1), tok, ctype, norm_key(tok), "pattern:apposition", 0.8, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(tok, lexicon)))

    def our_method_appositions(self) -> None:
        """"Our approach, LoRA-GA, initializes ...": a name set off by commas right after the
        paper's own method/framework/benchmark is that contribution."""
        text, cues = self.text, self.cues
        i = text.find(", ")
        while i != -1:
            g_end, i = i + 2, text.find(", ", i + 2)
            j = text.rfind(" ", max(0, g_end - 16), g_end - 2)
            if text[j + 1:g_end - 2] not in _OUR_HEAD_WORDS:
                continue
            m = _P.our_head_name.match(text, max(0, j - 22)) or _P.our_head_name.search(text, max(0, j - 22), g_end + 45)
            if m is None or m.end(1) <= g_end:
                continue
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if (is_name_like(tok) or _coined(tok)) and not self.overlaps(s, e) and not self.is_known(s, e, tok) \
                    and not self.blocked_by_lexicon(s, e, tok):
                bench = m.group(0).split(",")[0].split()[-1].lower() in cues.benchmark_heads
                self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:our-apposition", 0.8, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(tok, self.lexicon)))

    def our_method_dashed(self) -> None:
        """"Our approach—Sieve—filters ...": a name set off by dashes right after the paper's own method."""
        text = self.text
        if "—" not in text and "–" not in text and "--" not in text:
            return
        for m in _P.our_head_dashed.finditer(text):
            tok, s, e = m.group(2), m.start(2), m.end(2)
            if tok not in _W.common_caps and not self.overlaps(s, e) and not self.is_known(s, e, tok) \
                    and not self.blocked_by_lexicon(s, e, tok):
                bench = m.group(1) in self.cues.benchmark_heads
                self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:our-apposition", 0.8, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(tok, self.lexicon)))

    def our_named_heads(self) -> None:
        """"Our Hermes model achieves ... Hermes outperforms ...": a capitalised word between "our" and a
        method head word, and used alone as a subject, names the paper's own (not an adjective: "our
        Bayesian model", "our Siamese network", "our Poisson model")."""
        text = self.text
        for m in _anchored(_P.our_name_head, text, "ur ", 1):  # every match opens with "our " or "Our "
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if m.group(2) in _W.software_heads:
                continue  # "our Python library": the language it is written in
            if tok not in _W.common_caps and not _P.adjective_like.search(tok) and not _P.language_like.search(tok) \
                    and not self.overlaps(s, e) and not self.is_known(s, e, tok) and not self.touches_lexicon(s, e) \
                    and any(_P.verb_after.match(text, oe) for _, oe in _find_bounded(text, tok)):
                # ... and used alone elsewhere ("Hermes outperforms"), as no adjective is ("our Poisson model")
                bench = m.group(2) in self.cues.benchmark_heads
                self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:our-name-head", 0.7, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(tok, self.lexicon)))

    def proposed_names(self) -> None:
        """"our proposed Quokka outperforms ...": a name right after "our/the proposed" is the paper's;
        a plain capitalised word only when a verb or a stop follows (not "the proposed Bayesian model")."""
        text = self.text
        if "proposed " not in text and "novel " not in text:
            return  # every gate match opens with one (two looks for a literal, faster than the gate's scan)
        for g in _P.proposed_name_gate.finditer(text):
            m = _P.proposed_name.search(text, max(0, g.start() - 12), g.end() + 42)
            if m is None:
                continue
            tok, s, e = m.group(1), m.start(1), m.end(1)
            plain = _PROPER_NAME.fullmatch(tok) is not None and _P.verb_after.match(text, e) is not None
            if (is_name_like(tok) or plain) and tok not in _W.common_caps and not self.overlaps(s, e) \
                    and not self.is_known(s, e, tok) and not self.blocked_by_lexicon(s, e, tok):
                self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:our-proposed", 0.75, proposed=True,
                             parent=_lexicon_parent(tok, self.lexicon)))

    def result_subject_at(self, name: str, pos: int) -> bool:
        """Is ``name`` the subject of a result sentence ("X outperforms", "X improves") after ``pos``?"""
        text = self.text[pos:]
        return any(m.group(1) == name for m in _windowed_spans(_P.result_subject, _result_verbs(text), text, 80))

    def result_subject(self) -> None:
        """No contribution named so far: a coined name the abstract keeps making the subject
        of its results ("... XNet outperforms ...", twice or more) is the paper's method."""
        if not any(h.proposed for h in self.found.values()):
            text = self.text
            for m in _windowed_spans(_P.result_subject, _result_verbs(text), text, 80):
                tok = m.group(1)
                s, e = m.start(1), m.end(1)
                if is_name_like(tok) and not self.overlaps(s, e) and not self.is_known(s, e, tok) \
                        and len(_find_bounded(text, tok)) >= 2:
                    self.add(Hit(s, e, tok, "method", norm_key(tok), "pattern:result-subject", 0.6, proposed=True,
                                 parent=_lexicon_parent(tok, self.lexicon)))
                    break
