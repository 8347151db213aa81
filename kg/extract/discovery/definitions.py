"""Abbreviation definitions: "Q-Sparse Attention (QSA)", known, proposed, or typed by their
head word; and a short name's long form spelled out after it ("CEM (Counterfactual Exposure Modeling)").
"""
from __future__ import annotations

import re
from functools import lru_cache

from kg.extract.abbreviations import Abbreviation, _best_long_form, _is_short_form
from kg.extract.cues import Cues
from kg.extract.discovery.kinds import _lexicon_parent, _type_from_context, _type_from_head, named_as_benchmark
from kg.extract.discovery.text import _sentence_of, is_name_like, names_math_object
from kg.extract.hits import Hit
from kg.datafiles import load_patterns, load_word_lists
from kg.link.lexicon import Lexicon
from kg.text import norm_key

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name


@lru_cache(maxsize=4)
def field_modifiers(lexicon: Lexicon) -> frozenset[str]:
    """Words that narrow a field, from the lexicon: W where "W F" and F are both fields
    ("safe", "offline", "multi-agent" from "safe reinforcement learning" ...), cached per lexicon."""
    names = {e.name.lower() for e in lexicon if e.type == "field"}
    return frozenset(n.split(" ", 1)[0] for n in names if " " in n and n.split(" ", 1)[1] in names)


_PAREN_LONG = re.compile(r"\s?\(([A-Za-z][^()]{3,80})\)")
_LONG_WORD = re.compile(r"[^\s()]+")


def _paren_long_form(text: str, end: int, short: str, limit: int) -> tuple[str, int, int] | None:
    """The long form spelled out in parentheses right after a short name, with the span of
    the parenthesis: ``AMF (Active Multi-task Fine-tuning)``. The long form is two or more
    words whose initials spell the short name, as in a ``long form (SHORT)`` definition.

    >>> _paren_long_form("CEM (Counterfactual Exposure Modeling), which", 3, "CEM", 60)[0]
    'Counterfactual Exposure Modeling'
    >>> _paren_long_form("CEM (see Section 3)", 3, "CEM", 30) is None
    True
    """
    m = _PAREN_LONG.match(text, end, limit)
    if m is None or not _is_short_form(short):
        return None
    long = m.group(1).strip()
    words = [(w.group(0), w.start(), w.end()) for w in _LONG_WORD.finditer(long)]
    if len(words) < 2 or len(long) <= len(short) or _best_long_form(short, words) != 0:
        return None
    return long, m.start(1), m.end()


# the word after a definition's closing bracket: "Key-Value (KV) cache"
_AFTER_SHORT = re.compile(r"\)\s+([a-z][a-z\-]*)")


def _known_tail_type(long: str, lexicon) -> str | None:
    """The type of the known concept a long form ends with, when it has words before it
    ("continuous density hidden Markov models": an algorithm, as hidden Markov models are; the
    head word "models" alone would make it a field); None when its tail is no known name.

    >>> from kg.link.lexicon import Lexicon, LexiconEntry
    >>> lex = Lexicon.from_entries([LexiconEntry("hmm", "hidden Markov model", "algorithm")])
    >>> _known_tail_type("continuous density hidden Markov models", lex), _known_tail_type("large models", lex)
    ('algorithm', None)
    """
    words = long.split()
    for k in range(1, min(len(words), 5)):
        entry = lexicon.lookup(" ".join(words[k:]))
        if entry is not None and len(words) - k >= 2:
            return entry.type
    return None


def _names_next_noun(text: str, short_end: int) -> bool:
    """Is the defined short form at ``short_end`` followed by a noun it modifies ("(NE) tagging",
    "(GNSS) positioning"), not by a clause ("(LwO), which", "(FB) to solve")?

    >>> [_names_next_noun(t, t.index(")")) for t in ("Named Entity (NE) tagging", "Learning with Options (LwO), which",
    ...                                              "Foo Bar (FB) to solve", "Foo Bar (FB).")]
    [True, False, False, False]
    """
    m = _AFTER_SHORT.match(text, short_end)
    return m is not None and m.group(1) not in _W.list_stopwords and m.group(1) not in _W.clause_words


def _modifies_next_noun(text: str, short_end: int, cues: Cues) -> bool:
    """Does the defined short form at ``short_end`` modify the noun after it ("a Key-Value (KV) cache
    scheme", "a Kullback-Leibler (KL) divergence bound"), rather than name a contribution ("Foo Bar
    (FB) framework", "Foo Bar (FB) to solve ...", "Foo Bar (FB) leveraging ...")?

    >>> from kg.extract.cues import load_cues
    >>> c = load_cues()
    >>> [_modifies_next_noun(t, t.index(")"), c) for t in ("Key-Value (KV) cache", "Foo Bar (FB) framework",
    ...                                                   "Foo Bar (FB) to solve", "Foo Bar (FB) leveraging", "(FB).",
    ...                                                   "Foo Bar (FB) discretization")]
    [True, False, False, False, False, False]
    """
    m = _AFTER_SHORT.match(text, short_end)
    if m is None:
        return False
    word = m.group(1)
    head = word.rsplit("-", 1)[-1]
    heads = cues.contribution_heads
    # a process noun names what is proposed: "a Randomized Midpoint (RM) discretization"
    return word not in _W.list_stopwords and not word.endswith(_W.process_suffixes) \
        and head not in heads and head[:-1] not in heads


class DefinitionRules:
    """The rule for abbreviation definitions, mixed into :class:`kg.extract.discovery._Discovery`."""

    def abbreviation_definitions(self) -> None:
        """Abbreviation definitions: "Q-Sparse Attention (QSA)", known, proposed, or typed by their head word."""
        text, sents, lexicon, cues, found, add = self.text, self.sents, self.lexicon, self.cues, self.found, self.add
        for ab in self.abbreviations:
            s0, s1 = _sentence_of(sents, ab.short_start)
            entry = lexicon.lookup_long_form(ab.long, ab.short)
            cue = self.proposal_before(s0, ab.long_start + 1)
            if entry is None and not cue:
                entry = lexicon.lookup(ab.short)
            if entry is not None:
                if entry.type == "algorithm" and cue is not None and cue.group(0)[-1].isalpha() \
                        and _P.right_after_cue.fullmatch(text, cue.end(), ab.long_start) \
                        and _P.introduced_apposition.match(text, ab.short_end):
                    # "We propose Self-Play Preference Optimization (SPPO), which ...": the paper that
                    # introduces a method the lexicon already knows proposes it (linked to the known concept)
                    add(Hit(ab.short_start, ab.short_end, ab.short, "method", entry.id, "abbreviation+proposal+lexicon",
                            0.85, lexicon_id=entry.id, proposed=True, long=ab.long, parent=entry.parent),
                        (ab.long_start, ab.short_end))
                    continue
                wider = self.modified_field(ab.long_start) if entry.type == "field" else None
                long = text[wider:ab.long_start] + ab.long if wider is not None else ab.long
                known = lexicon.lookup(long) if wider is not None else None
                if known is not None and known.type == "field":
                    # "Safe offline reinforcement learning (RL)", a known setting: named by the whole phrase
                    add(Hit(ab.short_start, ab.short_end, ab.short, "field", known.id, "abbreviation+modifiers", 0.95,
                            lexicon_id=known.id, long=long, short_of_tail=True), (wider, ab.short_end))
                    continue
                if wider is not None:
                    # "Online safe reinforcement learning (RL)": the setting is the whole phrase, under RL
                    add(Hit(ab.short_start, ab.short_end, ab.short, "field", norm_key(long), "abbreviation+modifiers",
                            0.8, long=long, parent=entry.id, short_of_tail=True), (wider, ab.short_end))
                    continue
                add(Hit(ab.short_start, ab.short_end, ab.short, entry.type, entry.id, "abbreviation", 0.95,
                        lexicon_id=entry.id, long=long), (ab.long_start - len(long) + len(ab.long), ab.short_end))
                continue
            answer = _P.answers_problem.match(text, s0)
            near = (cue is not None and ab.long_start - cue.end() < 80) or _P.definition_apposition.match(text, ab.short_end) is not None \
                or (answer is not None and answer.end() == ab.long_start) \
                or _P.the_method.search(text[max(s0, ab.long_start - 40):ab.long_start]) is not None \
                or _P.we_a_method.search(text, max(s0, ab.long_start - 120), ab.long_start) is not None
            if near and _type_from_head(ab.long, cues) == "field" and not (cue and ab.long_start - cue.end() < 25):
                near = False
            subject = answer is not None and answer.end() == ab.long_start and _P.verb_next.match(text, ab.short_end)
            if near and (ab.short in _W.not_names or (_modifies_next_noun(text, ab.short_end, cues) and not subject)):
                # "we introduce a Key-Value (KV) cache compression scheme": neither KV nor Key-Value is the
                # scheme (no later rule names them)
                near = False
                self.take(ab.long_start, ab.short_end)
            if near and _P.problem_after_head.search(text, max(s0, ab.long_start - 80), ab.long_start) \
                    and (ab.long[:1].islower() or _names_next_noun(text, ab.short_end)):
                # "a novel algorithm for Global Navigation Satellite System (GNSS) positioning", "a method
                # for word sense induction (WSI)": the definition names the problem the method is for, not
                # the method ("a framework for Learning with Options (LwO), which ..." may name it)
                if _type_from_head(ab.long, cues) != "field":
                    self.take(ab.long_start, ab.short_end)  # nor a technique: no later rule names it
                    continue
                near = False
            used = near and cue is not None and self._used_after_own_name(ab, s0)
            if used:
                # "We introduce FreqMix, a model that applies the fast Fourier transform (FFT)": the
                # paper named its method first; what it applies with "the" is an existing technique
                near = False
            rests = _P.rests_on.search(self.low, cue.end(), ab.long_start) if near and cue is not None else None
            if rests is not None and _P.own_mark.search(text, rests.end(), ab.long_start) is None:
                # "We propose a planner based on Monte Carlo Graph Search (MCGS)": the paper's work rests
                # on what the definition names, which exists already
                near, used = False, True
            if near and " of " in text[max(s0, ab.long_start - 40):ab.long_start] \
                    and _P.variant_of.search(text, max(s0, ab.long_start - 40), ab.long_start):
                # "We propose FooNet, a generalization of Kestrel Policy Optimization (KPO)": what the
                # contribution generalizes exists already
                near, used = False, True
            if near:
                title_hit = found.get(norm_key(ab.long))
                if title_hit is not None and title_hit.extractor == "title":
                    del found[norm_key(ab.long)]  # "Q-Sparse Attention (QSA)": one concept, named by its acronym
                ctype, bench = _type_from_context(ab.short, text[ab.short_end:s1], cues)
                bench = bench or _type_from_head(ab.long, cues) == "benchmark" \
                    or named_as_benchmark(text, ab.long_start, cues)  # "a dataset named Foo Bar (FB)"
                add(Hit(ab.short_start, ab.short_end, ab.short, "method", norm_key(ab.short), "abbreviation+proposal",
                        0.9, proposed=True, long=ab.long, also_benchmark=bench,
                        parent=_lexicon_parent(ab.long, lexicon) or _lexicon_parent(ab.short, lexicon)),
                    (ab.long_start, ab.short_end))
            elif not names_math_object(ab.long):  # "an ordinary differential equation (ODE)": no technique
                htype = _known_tail_type(ab.long, lexicon) or _type_from_head(ab.long, cues) or ("algorithm" if used else None)
                if htype == "algorithm" and not self.proposals and self.result_subject_at(ab.short, ab.short_end):
                    # "Contrastive Diffusion Guidance (CDG) decomposes ... CDG improves ...": no "we propose",
                    # the acronym the results are about is the paper's own (left to :meth:`result_subject`)
                    continue
                # "deep neural networks (DNNs)": a generic acronym names no algorithm (but "machine learning (ML)" a field)
                if htype is not None and (htype == "field" or ab.short not in _W.not_names):
                    add(Hit(ab.short_start, ab.short_end, ab.short, htype, norm_key(ab.short), "abbreviation", 0.6,
                            long=ab.long, parent=_lexicon_parent(ab.long, lexicon)), (ab.long_start, ab.short_end))

    def _used_after_own_name(self, ab: Abbreviation, s0: int) -> bool:
        """Is a definition what the paper's method, named first in the sentence, uses: "FreqMix, a
        model that applies the fast Fourier transform (FFT)", "FooGCL, which learns with a hyperbolic
        graph convolutional network (HGCN) encoder" (a lower-case long form not marked as its own;
        a title-case one is a coined component: "FooNet, a framework with a Spectral Gating Module (SGM)")."""
        text = self.text
        lower = ab.long[:1].islower() and _P.own_mark.search(text, max(s0, ab.long_start - 30), ab.long_start) is None
        return (text.endswith("the ", 0, ab.long_start) or lower) \
            and any(is_name_like(m.group(1)) for m in _P.named_before.finditer(text, s0, ab.long_start))

    def modified_field(self, pos: int) -> int | None:
        """Start of the words right before ``pos`` that each narrow a field, as the lexicon's
        fields show ("safe" in "safe reinforcement learning", "offline" in "offline RL"):
        "Safe offline | reinforcement learning (RL)"; None when there are none."""
        modifiers, start = field_modifiers(self.lexicon), None
        words = self.low[max(0, pos - 60):pos].split(" ")[:-1] if self.low.endswith(" ", 0, pos) else []
        at = pos - 1
        for w in reversed(words):
            if w not in modifiers:
                break
            at -= len(w) + 1
            start = at + 1
        return start
