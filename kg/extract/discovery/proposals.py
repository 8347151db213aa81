"""Names a proposal cue ("we propose", "called") or the title gives: "We introduce CEM
(Counterfactual Exposure Modeling)", "introduces Craftium,", "two techniques: Foo Bar and Baz Qux",
"Craftium: A Platform for ...", and known benchmarks or models a paper introduces.
"""
from __future__ import annotations

import re

from kg.extract.abbreviations import apposed_long_form
from kg.extract.discovery.definitions import _paren_long_form
from kg.extract.discovery.kinds import _lexicon_parent, _type_from_context, _type_from_head, named_as_benchmark
from kg.extract.discovery.models import _MODEL_SIZE_GATE, _SIZE_SUFFIX
from kg.extract.discovery.text import (
    _PROPER_NAME, _TOKEN, _coined, _find_bounded, _sentence_of, is_name_like,
)
from kg.extract.hits import Hit
from kg.datafiles import load_patterns, load_word_lists
from kg.text import norm_key

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name

# "AlphaDPO: Adaptive Reward Margin ...": the name a title gives before its colon
_TITLE_COLON = re.compile(r"^\s*([^:]{2,60}?)\s*:\s+\S")
#: How far after a proposal cue ("we propose") a name is looked for, at most (characters)
_CUE_REACH = 400


def title_name(title: str | None) -> str | None:
    """The name a title gives before its colon: ``"AlphaDPO: Adaptive Reward Margin ..."``.

    >>> title_name("AlphaDPO: Adaptive Reward Margin for Direct Preference Optimization")
    'AlphaDPO'
    >>> title_name("On the Convergence of Q-learning") is None
    True
    """
    if not title:
        return None
    m = _TITLE_COLON.match(title)
    if not m:
        return None
    name = m.group(1).strip()
    return name if len(name.split()) <= 4 and name.split()[0] not in _W.common_caps else None


def title_only_name(title: str | None) -> str | None:
    """A one-word name a title gives before its colon, which may name the paper's method
    even when the abstract never repeats it: ``"Lumos: Retrieval-Augmented ..."``.

    >>> title_only_name("Lumos: Retrieval-Augmented Temporal Reasoning"), title_only_name("Position: Benchmarks Mislead")
    ('Lumos', None)
    >>> title_only_name("Margin Matters: Length-Robust Preference Optimization") is None
    True
    """
    name = title_name(title)
    if name is None or name in _W.title_labels or _TOKEN.fullmatch(name) is None or not name[:1].isupper():
        return None
    return name


class ProposalRules:
    """The rules for proposed and title names, mixed into :class:`kg.extract.discovery._Discovery`."""


    def title_name_hit(self) -> None:
        """The title's name ("Craftium: A Platform for ...") is what the paper proposes."""
        tname = title_name(self.title)
        if tname:
            text, lexicon = self.text, self.lexicon
            at = _find_bounded(text, tname)
            entry = lexicon.lookup(tname)
            if at and (entry is None or entry.type in ("benchmark", "model")):
                ts, te = at[0]
                s0, s1 = _sentence_of(self.sents, ts)
                ctype, bench = _type_from_context(tname, text[te:s1], self.cues)
                bench = bench or (entry is not None and entry.type == "benchmark")
                self.add(Hit(ts, te, tname, "method", entry.id if entry else norm_key(tname), "title", 0.9,
                             lexicon_id=entry.id if entry else None, proposed=True, also_benchmark=bench,
                             parent=_lexicon_parent(tname, lexicon)))

    def title_only_name_hit(self) -> None:
        """The title's one-word name ("Lumos: ...") absent from the abstract is the paper's method
        where the abstract uses it with a size ("Atlas-7B", filed under it by :meth:`model_sizes`) or,
        no contribution named so far, speaks of "our approach" (that phrase anchors it)."""
        tname = title_only_name(self.title)
        if tname is None or norm_key(tname) in self.found:
            return
        entry = self.lexicon.lookup(tname)
        if entry is not None and entry.type not in ("benchmark", "model"):
            return  # "Transformers: ...": a known method the title is about
        text = self.text
        sized = [m for m in (_P.model_size.finditer(text) if _MODEL_SIZE_GATE.search(text) else ())
                 if norm_key(_SIZE_SUFFIX.sub("", m.group(0))) == norm_key(tname) and not self.overlaps(*m.span())]
        if _find_bounded(text, tname):
            return  # named in the abstract: title_name_hit's case
        hit = Hit(0, 0, tname, "method", entry.id if entry else norm_key(tname), "title+only", 0.7,
                  lexicon_id=entry.id if entry else None, proposed=True, parent=_lexicon_parent(tname, self.lexicon))
        if sized:
            self.add(hit.with_(start=sized[0].start(), end=sized[0].end()), (0, 0))  # the sizes join it
            return
        if any(h.proposed for h in self.found.values()):
            return  # the abstract names its contribution otherwise ("We introduce EquiLDM")
        m = self.whole_text(_P.our_own).search(self.low)
        s, e, head = (m.start(), m.end(), m.group(1)) if m is not None else self._proposed_unnamed_head()
        if head and not self.overlaps(s, e):
            self.add(hit.with_(start=s, end=e, also_benchmark=head in self.cues.benchmark_heads))

    def _proposed_unnamed_head(self) -> tuple[int, int, str | None]:
        """``(start, end, head)`` of the first unnamed contribution a proposal cue announces: "we
        introduce a sparse reweighting scheme that ..." ("a sparse reweighting scheme", "scheme")."""
        heads = self.cues.contribution_heads
        for cue in self.proposals:  # the proposal cues of the text, found once (DiscoveryState)
            m = _P.unnamed_head.match(self.low, cue.end())
            if m is not None and m.group(2) in heads:
                return m.start(1), m.end(1), m.group(2)
        return 0, 0, None

    def names_after_proposals(self) -> None:
        """Names after a proposal cue, in the same clause: "We introduce CEM (Counterfactual Exposure
        Modeling)", "introduces Craftium,", "two techniques: Foo Bar and Baz Qux"."""
        proposals = self.proposals
        for s0, s1 in self.sents:
            for cue in (m for m in proposals if s0 <= m.start() and m.end() <= s1):
                naming = _P.naming_cue.search(cue.group(0)) is not None  # "called", "dubbed", "which we term"
                if naming and self._names_a_phenomenon(cue, s0):
                    continue  # "a failure mode, which we call Rank Collapse": a finding's name, no method
                if naming and _P.kind_after_naming_cue.match(self.text, cue.end()):
                    continue  # "a corpus of parsed sentences, called a Treebank": a kind, no coined name
                if self._coined_name_after(cue, s1):
                    continue
                self._title_case_name_after(cue, s1, naming)
                self._component_names_after(cue, s1)

    def _names_a_phenomenon(self, cue: re.Match, s0: int) -> bool:
        """Does the naming cue ``cue`` ("which we call", "termed") name what the paper observes rather
        than builds: "a failure mode, which we call ...", "we call this effect ...", "a quantity called ..."?"""
        text = self.text
        before = text[max(s0, cue.start() - 50):cue.start()].lower().replace(",", " ").split()[-4:]
        after = text[cue.end():cue.end() + 30].lower().split()[:2]
        words = before + cue.group(0).split()[-2:] + after
        return any(w.rstrip(",.;:") in _W.phenomenon_heads for w in words)

    def _coined_name_after(self, cue: re.Match, s1: int) -> bool:
        """The first coined name in the cue's clause, or one in apposition to its head word
        ("a new benchmark, DrugBench-500, which we release"); whether one was named."""
        text, cues, lexicon, found = self.text, self.cues, self.lexicon, self.found
        add, overlaps, is_known = self.add, self.overlaps, self.is_known
        reach = min(s1, cue.end() + _CUE_REACH)  # linear time on a huge period-free "sentence"
        tail = text[cue.end(): reach]
        m_end = _P.clause_end.search(tail, 1)
        window_end = cue.end() + (m_end.start() if m_end else len(tail))
        if m_end and m_end.group(0) == "(":  # "a policy iteration algorithm (PI-FT)"
            close = text.find(")", window_end, reach)
            window_end = close if close != -1 else window_end
        named = False
        for tm in _TOKEN.finditer(text, cue.end(), min(window_end + 40, reach)):
            if tm.start() > window_end:
                break
            tok = tm.group(0).rstrip(".")
            s, e = tm.start(), tm.start() + len(tok)
            own = found.get(norm_key(tok))
            if own is not None and own.proposed and own.start < cue.start():
                break  # "we establish convergence of FedTM under non-IID data": the cue is about the paper's own method
            name_like = is_name_like(tok)
            long_form = (_paren_long_form(text, e, tok, min(s1, e + 90))
                         or apposed_long_form(text, e, tok, min(s1, e + 90))) if name_like else None
            if long_form is not None and not overlaps(s, e):
                # "We introduce CEM (Counterfactual Exposure Modeling)": the paper's own name, even
                # when a known concept has the same short form but a different long form
                entry = lexicon.lookup(tok)
                if entry is None or norm_key(long_form[0]) not in {norm_key(f) for f in entry.forms}:
                    ctype, bench = _type_from_context(tok, text[long_form[2]:s1], cues)
                    bench = bench or _type_from_head(long_form[0], cues) == "benchmark" \
                        or named_as_benchmark(text, s, cues)
                    add(Hit(s, e, tok, ctype, norm_key(tok), "pattern:proposal", 0.85, proposed=True,
                            long=long_form[0], also_benchmark=bench,
                            parent=_lexicon_parent(long_form[0], lexicon) or _lexicon_parent(tok, lexicon)),
                        (s, long_form[2]))
                    named = True
                    break
            if not (name_like or self._coined_right_after(cue, s, e, tok)):
                continue  # most words: tested first, the overlap and lexicon tests after
            if overlaps(s, e) or is_known(s, e, tok):
                continue
            if " of " in text[max(cue.end(), s - 40):s] and _P.variant_of.search(text, max(cue.end(), s - 40), s):
                # "we design a delay-robust variant of the SquareCB algorithm": what it builds on
                if not self.blocked_by_lexicon(s, e, tok):
                    add(Hit(s, e, tok, "algorithm", norm_key(tok), "pattern:variant-of", 0.6,
                            parent=_lexicon_parent(tok, lexicon)))
                continue
            if not _P.math_object.match(text, e):  # "the Wasserstein-2 distance"
                right_after = _P.right_after_cue.fullmatch(text, cue.end(), s) is not None
                lead = None if right_after else _P.title_words_after_cue.fullmatch(text, cue.end(), s)
                if lead is not None and lead.group(1).split()[0] not in _W.common_caps and not overlaps(lead.start(1), s):
                    # "the proposed Kernel Fukunaga-Koontz Transform": the title-case words before it are the name's
                    s, right_after = lead.start(1), True
                    tok = text[s:e]
                tail = _P.title_tail.match(text, e, s1) if right_after else None
                if tail is not None and not overlaps(e, tail.end()):
                    # "we introduce the Gauss-Markov Adapter, which": the name goes on in title case
                    e = tail.end()
                    tok = text[s:e]
                ctype, bench = _type_from_context(tok, text[e:s1], cues)
                bench = bench or named_as_benchmark(text, s, cues)  # "a new dataset called X"
                add(Hit(s, e, tok, ctype, norm_key(tok), "pattern:proposal", 0.85, proposed=True,
                        also_benchmark=bench, parent=_lexicon_parent(tok, lexicon)))
                named = True
                break
        if not named:  # "a new benchmark, DrugBench-500, which we release"
            app = _P.head_apposition.match(text, window_end)
            head = text[max(cue.end(), window_end - 20):window_end].split()
            # "a sketching method with an adaptive rank, AdaNys.": a name closing a clause that
            # describes a method is that method's name
            closes = app is not None and _P.closes_clause.match(text, app.end()) is not None \
                and any(w in cues.method_heads for w in text[cue.end():window_end].lower().split())
            if app and head and (head[-1].lower() in cues.contribution_heads or closes):
                tok, s, e = app.group(1), app.start(1), app.end(1)
                # a coined word is a name there too: "we derive a scheduled variant, Ballpark, that ..."
                coined = _PROPER_NAME.fullmatch(tok) is not None and tok not in _W.common_caps \
                    and not _P.adjective_like.search(tok)
                if (is_name_like(tok) or coined) and not overlaps(s, e) and not is_known(s, e, tok):
                    bench = head[-1].lower() in cues.benchmark_heads
                    add(Hit(s, e, tok, "method", norm_key(tok), "pattern:proposal", 0.8, proposed=True,
                            also_benchmark=bench, parent=_lexicon_parent(tok, lexicon)))
                    named = True
            elif head and head[-1].lower() in cues.contribution_heads:
                named = self._title_case_apposition(window_end, s1, head[-1].lower() in cues.benchmark_heads)
        return named

    def _coined_right_after(self, cue: re.Match, s: int, e: int, tok: str) -> bool:
        """A coined word right after the cue and described next: "We propose Lantern, a ...",
        "we introduce cTrack, which ..." (a capitalised word that is no adjective, or lower camel case)."""
        # where the word is first (a test of a few characters, false for all but the first words after the cue)
        return _P.right_after_cue.fullmatch(self.text, cue.end(), s) is not None and _coined(tok) \
            and _P.name_introduced.match(self.text, e) is not None

    def _title_case_apposition(self, pos: int, s1: int, bench: bool) -> bool:
        """A title-case name set off after the head word: "a novel algorithm, Stochastic Halpern
        Iteration, that ..."; whether one was named."""
        m = _P.head_title_apposition.match(self.text, pos, s1)
        if m is None:
            return False
        name, s, e = m.group(1), m.start(1), m.end(1)
        if name.split()[0] in _W.common_caps or self.overlaps(s, e) or self.is_known(s, e, name) \
                or _P.descriptor_suffix.search(name) or (self.touches_lexicon(s, e)
                                                       and not self.coined_around_known(s, e, name, introduced=True)):
            return False
        self.add(Hit(s, e, name, "method", norm_key(name), "pattern:proposal", 0.75, proposed=True,
                     also_benchmark=bench, parent=_lexicon_parent(name, self.lexicon)))
        return True

    def _title_case_name_after(self, cue: re.Match, s1: int, naming: bool) -> None:
        """A title-case name right after the cue: "introduces Craftium," / "called Title Case Name"
        (``naming``: the cue is a naming cue, which names whatever follows: "called Chimera that ...")."""
        text = self.text
        m = _P.title_after_cue.match(text, cue.end(), s1)
        if m:
            name, s, e = m.group(1), m.start(1), m.end(1)
            # "We propose Lumos to ...", "We present Lumos for ...": one word right after the verb, then a function word
            naming = naming or (" " not in name and s == cue.end() + 1 and cue.group(0)[-1].isalpha()
                                and _P.function_word_next.match(text, e) is not None)
            if name.split()[0] not in _W.common_caps and not self.overlaps(s, e) and not self.is_known(s, e, name) \
                    and not _P.descriptor_suffix.search(name) \
                    and (self.coined_around_known(s, e, name, introduced=self._head_follows(e))
                         or not self.touches_lexicon(s, e)) \
                    and (naming or not _P.clause_goes_on.match(text[e:e + 14])) \
                    and (naming or " " in name or re.match(r"\s*(?:[,(:;.—–]|\s-\s|\s--\s|$)", text[e:e + 4])):
                ctype, bench = _type_from_context(name, text[e:s1], self.cues)
                bench = bench or named_as_benchmark(text, s, self.cues)
                self.add(Hit(s, e, name, ctype, norm_key(name), "pattern:proposal", 0.7, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(name, self.lexicon)))

    def _head_follows(self, e: int) -> bool:
        """Is the word after ``e`` the head noun of a method or benchmark ("the Aligned Multi-Objective
        Optimization framework"), which makes the title-case words before it that head's name?"""
        m = _P.next_word.match(self.text, e)
        return m is not None and m.group(1).lower() in self.cues.contribution_heads

    def _component_names_after(self, cue: re.Match, s1: int) -> None:
        """Named components listed after the cue: "two techniques: Foo Bar and Baz Qux"."""
        text, cues, lexicon = self.text, self.cues, self.lexicon
        list_end = min(s1, cue.end() + 160)
        if _P.title_name.search(text, cue.end(), list_end) is None:
            return  # no name in reach, wherever the list stops (a match before the stop is one before list_end)
        stop = cues.builds_on.search(self.low, cue.end(), list_end) or cues.compared.search(self.low, cue.end(), list_end)
        for tm in _P.title_name.finditer(text, cue.end(), stop.start() if stop else list_end):
            name, s, e = tm.group(0), tm.start(), tm.end()
            if name.split()[0] not in _W.common_caps and not self.overlaps(s, e) and not self.is_known(s, e, name) \
                    and (not self.touches_lexicon(s, e) or self.coined_around_known(s, e, name)) \
                    and not _P.descriptor_suffix.search(name) and not _P.plural_acronym.fullmatch(name.split()[0]):
                ctype, bench = _type_from_context(name, text[e:s1], cues)
                self.add(Hit(s, e, name, ctype, norm_key(name), "pattern:proposal-list", 0.65, proposed=True,
                             also_benchmark=bench, parent=_lexicon_parent(name, lexicon)))

    def known_names_introduced(self) -> None:
        """A known benchmark/model introduced by this paper: "we introduce the LMRL-Gym benchmark"."""
        text, found, abbreviations = self.text, self.found, self.abbreviations
        for h in self.lexicon_hits:
            if h.type not in ("benchmark", "model") or h.key in found or (h.start and text[h.start - 1] in "-_/"):
                continue  # "Opt" (the model OPT) in the coined "RF-Opt": a part of the name introduced
            s0, _ = _sentence_of(self.sents, h.start)
            cue = self.proposal_before(s0, h.start)
            if cue is not None and cue.group(0)[-1].isalpha() and len(text[cue.end():h.start].split()) <= 2 \
                    and "-" not in text[h.end:h.end + 1] and not _P.source_word.search(text, cue.end(), h.start) \
                    and not any(ab.long_start <= h.start < ab.short_start for ab in abbreviations):
                # not "a benchmark we construct from MMLU-Pro", nor "Scan" in "Graph Selective Scan (GSS)"
                if h.type == "benchmark" and self._respelt(h):
                    # "We introduce CoLa" is not the known CoLA benchmark in other capitals: a new name
                    self.add(Hit(h.start, h.end, h.text, "method", norm_key(h.text), "pattern:proposal", 0.7, proposed=True))
                    continue
                self.add(Hit(h.start, h.end, h.text, "method", h.key, "pattern:proposal+lexicon", 0.8,
                             lexicon_id=h.lexicon_id, proposed=True, also_benchmark=h.type == "benchmark"))

    def _respelt(self, h: Hit) -> bool:
        """Whether the known name ``h`` is written with other capitals than every form the lexicon gives it."""
        forms = self.lexicon.get(h.lexicon_id).forms
        return h.text not in forms and any(h.text.lower() == f.lower() for f in forms)
