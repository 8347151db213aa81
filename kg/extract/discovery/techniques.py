"""Existing techniques named by a head word or a description: "the SquareCB algorithm",
"Heun's method", "the Sophia optimizer", "a method (Woodruff, 2014)", "a Kestrel-style critic",
"in the spirit of ARL".
"""
from __future__ import annotations

import re
from functools import lru_cache

from kg.extract.discovery.kinds import _lexicon_parent
from kg.extract.discovery.text import (
    _LIST_TOKEN, _after_the, _before_gate, _coined, _windowed, is_name_like,
)
from kg.extract.hits import Hit
from kg.datafiles import load_patterns, load_word_lists
from kg.link.lexicon import Lexicon
from kg.text import norm_key

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name

_POSSESSIVE_END = re.compile(r"['\u2019]s?$")  # a possessive's ending: "Heun's", "Jones'"


def _after_possessive(text: str, gate: re.Match) -> bool:
    """Does a possessive end right before the head word ("Heun's method", "Jones' algorithm")?"""
    i = gate.start()
    return text[i - 1:i] in ("'", "\u2019") or text[i - 2:i] in ("'s", "\u2019s")


# a person's name before the descriptor: "a Jacobi-style smoother", "Nesterov-type extrapolation"
_STYLED_SURNAME = re.compile(r"[A-Z][a-z]{2,20}(?:[-\u2013][A-Z][a-z]{2,20})?")
_SENTENCE_END = re.compile(r"(?:^|[.!?:;]\s*)$")  # the text before a sentence's first word
_PLURAL_ACRONYM = re.compile(r"[A-Z]{2,}s")  # "MDPs", "GNNs": a class of models, no technique's name


@lru_cache(maxsize=4)
def _person_named_entries(lexicon: Lexicon, heads: frozenset[str]) -> dict[str, frozenset[str]]:
    """Person's name -> ids of the known algorithms named by it and one head word: "Kalman filter",
    "Sinkhorn's algorithm", "Newton method" (worked out once per lexicon)."""
    out: dict[str, set[str]] = {}
    for entry in lexicon:
        if entry.type != "algorithm":
            continue
        for form in entry.forms:
            words = form.split(" ")
            if len(words) == 2 and words[1].lower() in heads and _STYLED_SURNAME.fullmatch(_POSSESSIVE_END.sub("", words[0])):
                out.setdefault(_POSSESSIVE_END.sub("", words[0]), set()).add(entry.id)
    return {k: frozenset(v) for k, v in out.items()}


def _named_after(tok: str, lexicon: Lexicon, heads: frozenset[str]):
    """The one known algorithm a person's name and a head word name ("Kalman" -> Kalman filter), or None."""
    ids = _person_named_entries(lexicon, heads).get(tok, ())
    return lexicon.get(next(iter(ids))) if len(ids) == 1 else None


def _versioned_model_family(name: str, lexicon: Lexicon) -> bool:
    """Does the lexicon know numbered models of this family ("GPT" from GPT-2, GPT-4)? Then the bare
    name ("GPT-style models") names a family of models, not an algorithm."""
    for n in range(1, 6):
        for form in (f"{name}-{n}", f"{name}{n}", f"{name} {n}"):
            e = lexicon.lookup(form)
            if e is not None and e.type == "model":
                return True
    return False


class TechniqueRules:
    """The rules for existing techniques, mixed into :class:`kg.extract.discovery._Discovery`."""

    def named_algorithms(self) -> None:
        """"the SquareCB algorithm", "the Zeta estimator": a coined name before a method head
        word that the paper does not propose is an existing algorithm."""
        for m in _after_the(_P.the_name_head, self.head_words(), self.text, 60):
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if (is_name_like(tok) or _coined(tok)) and not self.overlaps(s, e) and not self.is_known(s, e, tok) \
                    and not self.blocked_by_lexicon(s, e, tok):
                self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:named-algorithm", 0.6,
                             parent=_lexicon_parent(tok, self.lexicon)))

    def head_words(self) -> list[re.Match]:
        """The head words (``_P.head_word_gate``) in the text, found once."""
        if self._head_words is None:
            self._head_words = list(_P.head_word_gate.finditer(self.text))
        return self._head_words

    def surname_algorithms(self) -> None:
        """"the Kabsch algorithm", "Heun's method": a method named after a person is an existing
        algorithm (the head word is part of its name); the paper's own methods carry coined names."""
        text = self.text
        gates = self.head_words()
        possessive = _before_gate(_P.possessive_head, gates, text, 60, _after_possessive)
        for m in (*_after_the(_P.the_surname_head, gates, text, 60), *possessive):
            name, s, e = m.group(1), m.start(1), m.end(1)
            first = _POSSESSIVE_END.sub("", name.split(" ", 1)[0].split("-", 1)[0])
            if _P.adjective_like.search(first) or first in _W.common_caps or self.overlaps(s, e) \
                    or self.is_known(s, e, name) or self.touches_lexicon(s, e):
                continue
            self.add(Hit(s, e, name, "algorithm", norm_key(name), "pattern:surname-algorithm", 0.6))

    def named_optimizers(self) -> None:
        """"the Sophia optimizer": a capitalised word naming an optimizer is an existing algorithm."""
        for m in _after_the(_P.the_named_optimizer, self.head_words(), self.text, 40):
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if not _P.adjective_like.search(tok) and tok not in _W.common_caps and not self.overlaps(s, e) \
                    and not self.is_known(s, e, tok) and not self.touches_lexicon(s, e):
                self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:named-optimizer", 0.6))

    def cited_techniques(self) -> None:
        """"the linear sketching method (Woodruff, 2014)": a technique followed by a citation is an
        existing algorithm, named by the words before its head word (leading generic adjectives dropped)."""
        for m in _windowed(_P.cited_head, _P.cited_head_gate, self.text, 90):
            words, s = m.group(1).split(), m.start(1)
            while words and words[0] in _W.cited_not_names:
                s += len(words.pop(0)) + 1
            if not words:
                continue
            name = " ".join(words)
            e = s + len(name)
            if not self.overlaps(s, e) and not self.is_known(s, e, name) and not self.touches_lexicon(s, e):
                self.add(Hit(s, e, name, "algorithm", norm_key(name), "pattern:cited-technique", 0.6))

    def styled_names(self) -> None:
        """"a Kestrel-style critic", "a PolyGrad-based sampler": a coined name described by ``-style``,
        ``-like``, ``-based`` ... is an existing technique (an acronym before ``-based`` is often a
        modality or data type, "RGB-based", "EEG-based": only a mixed-case or numbered name counts there).
        So is a person's name there ("a Jacobi-style smoother", see :meth:`_styled_surname`)."""
        own = [h.text for h in self.found.values() if h.proposed]
        for m in _windowed(_P.styled_name, _P.styled_gate, self.text, 44):
            tok, s, e = m.group(1), m.start(1), m.end(1)
            if not is_name_like(tok):
                self._styled_surname(tok, s, e, m.group(2) == "based")
                continue
            if m.group(2) == "based" and tok.isupper() and not any(c.isdigit() for c in tok):
                continue
            if any(tok.startswith(o) or o.startswith(tok) for o in own) or self.overlaps(s, e) \
                    or self.is_known(s, e, tok) or self.touches_lexicon(s, e) \
                    or _versioned_model_family(tok, self.lexicon):
                continue
            self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:styled-name", 0.6,
                         parent=_lexicon_parent(tok, self.lexicon)))

    def _styled_surname(self, tok: str, s: int, e: int, based: bool) -> None:
        """A capitalised word inside a sentence before ``-style``/``-type``/...: a technique named after
        a person ("Nesterov-type extrapolation", "a Kalman-style update"), the known one whose name is
        the person's and a head word ("Kalman filter"), else the bare name; before ``-based`` only a
        known one ("Sinkhorn-based", not "Wikipedia-based"). Adjectives and language names are no names."""
        if not _STYLED_SURNAME.fullmatch(tok) or tok in _W.common_caps or _P.adjective_like.search(tok) \
                or _P.language_name.search(tok) or _SENTENCE_END.search(self.text, 0, s) \
                or self.overlaps(s, e) or self.is_known(s, e, tok) or self.touches_lexicon(s, e):
            return
        entry = _named_after(tok, self.lexicon, self.cues.method_heads | self.cues.algorithm_heads)
        if entry is not None:
            if entry.id not in self.found:
                self.add(Hit(s, e, tok, "algorithm", entry.id, "pattern:styled-surname+lexicon", 0.6,
                             lexicon_id=entry.id))
        elif not based:
            self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:styled-surname", 0.6))

    def derived_names(self) -> None:
        """"in the spirit of ARL", "borrowed from Glow-TTS", "a generalization of ACT", "extends the
        SCORE procedure": a coined name that the text derives something from is an existing technique."""
        own = [h.text for h in self.found.values() if h.proposed]
        for m in self.whole_text(_P.derived_from).finditer(self.text):
            t = _LIST_TOKEN.match(self.text, m.end())
            if t is None:
                continue
            tok, s, e = t.group(0), t.start(), t.end()
            if not is_name_like(tok) or _PLURAL_ACRONYM.fullmatch(tok) or self.overlaps(s, e) \
                    or self.is_known(s, e, tok) or self.blocked_by_lexicon(s, e, tok) \
                    or any(tok.startswith(o) or o.startswith(tok) for o in own) \
                    or _P.math_object.match(self.text, e):  # "in the spirit of the Johnson-Lindenstrauss lemma"
                continue
            self.add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:derived-from", 0.6,
                         parent=_lexicon_parent(tok, self.lexicon)))

    def acronyms_of_known_names(self) -> None:
        """A bare acronym found as a name that opens a known two-word name of the same paper is that concept:
        "STL" next to "STL decomposition" (or its alias "seasonal-trend decomposition") is STL decomposition,
        not a second concept; the paper's own names keep theirs."""
        opening: dict[str, Hit] = {}
        for h in self.lexicon_hits:
            entry = self.lexicon.get(h.lexicon_id) if h.lexicon_id else None
            if entry is None or h.type not in _W.acronym_opened_types:
                continue
            for form in entry.forms:
                first, _, rest = form.partition(" ")
                if rest.islower() and " " not in rest and len(first) >= 2 and first.isupper():
                    opening.setdefault(first, h)
        if not opening:
            return
        for key, hit in list(self.found.items()):
            known = opening.get(hit.text)
            if known is None or hit.proposed or hit.lexicon_id is not None or known.key in self.found:
                continue
            del self.found[key]
            self.found[known.key] = hit.with_(key=known.key, type=known.type, lexicon_id=known.lexicon_id,
                                              parent=None, extractor=hit.extractor + "+known-acronym")

