"""Lists of names and the baselines they name: "A, B and C", "outperforms SAN and CAT-Seg".

:func:`_baseline_items` reads the names listed after a comparison, :func:`_enumeration_items`
the items of an enumeration (which :mod:`kg.extract.discovery.benchmarks` also reads).
"""
from __future__ import annotations

import re

from kg.extract.discovery.kinds import _lexicon_parent
from kg.extract.discovery.techniques import _PLURAL_ACRONYM
from kg.extract.discovery.text import (
    _LIST_TOKEN, _PROPER_NAME, _anchored, _sentence_of, is_name_like,
)
from kg.extract.hits import Hit
from kg.datafiles import load_patterns, load_word_lists
from kg.text import norm_key

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name
_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name

# "A, B and C" / "A and B": items of up to three capitalised or alphanumeric words
# a word of an item opens with a capital or digit, or is lower camel case ("nuScenes", "iNaturalist")
# (an atomic group: a word is the whole run of its characters. A shorter part of the run is followed by one
# of them, where no separator, next word or "and" can start; only an item's end can, before a "." or "+",
# where the whole run ends one too, and is tried first. So the matches are the same, and an enumeration
# that fails is not tried again with every shorter word: the scan takes about 40% less time)
_ITEM_WORD = r"(?>(?:[A-Z0-9]|[a-z]{1,12}(?=[A-Z]))[\w+.\-]*[\w+]?)"
_ITEM = rf"{_ITEM_WORD}(?:(?<!\.)\s{_ITEM_WORD}){{0,2}}"  # a full stop ends the item
# kept here, not in discovery_patterns.json: it repeats the item's character shape three times, and its only
# words are "and"/"or"
_ENUMERATION = re.compile(rf"(?<![\w-])({_ITEM})((?:,\s+{_ITEM})*),?\s+(?:and|or)\s+({_ITEM})(?![\w-])")


def _baseline_items(text: str, pos: int, lex_end_at: dict[int, int],
                    heads: frozenset[str] = frozenset()) -> list[tuple[int, int, str]]:
    """``(start, end, text)`` of the names listed right after a comparison at ``pos``: single
    tokens joined by commas/"and"/"or" (as ``_P.baseline_list``), where a multi-word known
    concept starting at an item's place (``lex_end_at``: start -> end) is one item, and so is a
    run of up to three words that ends at a list separator ("consistency training, DMD and
    iCT", "delayed LinUCB and OTD"), and so is a person's name with one of the head words ``heads``
    ("Platt scaling and Dirichlet calibration on ..."); an article after a separator is skipped.

    >>> [t for _, _, t in _baseline_items(" behavioral cloning, DWBC and ILEED on", 0, {1: 19})]
    ['behavioral cloning', 'DWBC', 'ILEED']
    >>> [t for _, _, t in _baseline_items(" consistency training, DMD and the iCT baseline.", 0, {})]
    ['consistency training', 'DMD', 'iCT']
    >>> [t for _, _, t in _baseline_items(" PPO in sample efficiency and robustness", 0, {})]
    ['PPO']
    >>> [t for _, _, t in _baseline_items(" FooCal and Dirichlet calibration.", 0, {}, frozenset({"calibration"}))]
    ['FooCal', 'Dirichlet calibration']
    """
    m = _P.baseline_list.match(text, pos)
    if m is None:
        return []
    p, out = m.start(1), []
    for _ in range(7):
        end = lex_end_at.get(p)
        if end is None:
            t = _LIST_TOKEN.match(text, p)
            if t is None:
                break
            end = t.end()
        sep = _P.list_sep.match(text, end)
        if sep is None:  # a multi-word item, taken only when a separator (or the clause's end) follows it
            e2 = end
            for _ in range(2):
                w = _LIST_NEXT_WORD.match(text, e2)
                if w is None or w.group(1).lower() in _W.list_stopwords:
                    break
                e2 = lex_end_at.get(w.start(1), w.end())
                sep = _P.list_sep.match(text, e2)
                if sep is not None or (_LIST_END.match(text, e2) and (is_name_like(w.group(1)) or _title_run(text[p:e2]))) \
                        or _person_and_head(text[p:e2], heads):
                    end = e2
                    break
        if text[p:end] not in ("and", "or"):
            out.append((p, end, text[p:end]))
        if sep is None:
            break
        p = sep.end()
        art = _P.list_article.match(text, p)
        if art is not None:
            p = art.end()
    return out


def _person_and_head(item: str, heads: frozenset[str]) -> bool:
    """A person's name and a head word: "Dirichlet calibration", "Jacobi iteration" (not an adjective: "Euclidean embeddings")."""
    words = item.split(" ")
    return len(words) == 2 and words[1] in heads and _PROPER_NAME.fullmatch(words[0]) is not None \
        and words[0] not in _W.common_caps and not _P.adjective_like.search(words[0])


_NEXT_LOWER_WORD = re.compile(r" ([a-z][a-z\-]*)\b")


def _modifies_noun(text: str, end: int) -> bool:
    """A lower-case noun follows the word ending at ``end``, which modifies it ("Euclidean embeddings")."""
    w = _NEXT_LOWER_WORD.match(text, end)
    return w is not None and w.group(1) not in _W.list_stopwords and not w.group(1).endswith("ly")


def _title_run(item: str) -> bool:
    """Words that all open with a capital, the first no sentence opener: "Structured Diffusion Guidance"."""
    words = item.split()
    return len(words) > 1 and words[0] not in _W.common_caps and all(w[0].isupper() for w in words)


_LIST_NEXT_WORD = re.compile(r" ([A-Za-z0-9][\w+.\-]*[\w+]|[A-Z])")
_LIST_END = re.compile(r"\s*(?:[.;:)]|$)")


def _enumeration_items(m: re.Match) -> list[tuple[int, int, str]]:
    """``(start, end, text)`` of each item of an :data:`_ENUMERATION` match; an item that ends
    a sentence leaves its full stop out of both.

    >>> text = "We test on ADE20K, Pascal Context and COCO-Stuff."
    >>> [(text[s:e], t) for s, e, t in _enumeration_items(_ENUMERATION.search(text))]
    [('ADE20K', 'ADE20K'), ('Pascal Context', 'Pascal Context'), ('COCO-Stuff', 'COCO-Stuff')]
    """
    out = [(m.start(1), m.end(1), m.group(1))]
    if m.group(2):
        base = m.start(2)
        for im in re.finditer(_ITEM, m.group(2)):
            out.append((base + im.start(), base + im.end(), im.group(0)))
    out.append((m.start(3), m.end(3), m.group(3)))
    first_s, first_e, first = out[0]  # a sentence-initial "On ADE20K": drop the opening capitalised word
    words = first.split()
    while words and words[0] in _W.common_caps | _W.list_openers:
        first_s += len(words[0]) + 1
        words = words[1:]
    out[0] = (first_s, first_e, " ".join(words))
    out = [(s, e, t.rstrip(".")) for s, e, t in out if t]  # an item ending a sentence: no full stop
    return [(s, s + len(t), t) for s, _, t in out if t]


def _plausible_item(item: str) -> bool:
    """A benchmark name: no sentence-opening or common capitalised word, a name-like
    token or capitalised words only."""
    words = item.split()
    return bool(words) and words[0] not in _W.common_caps and words[0] not in _W.list_openers \
        and all(w[0].isupper() or w[0].isdigit() or _LOWER_CAMEL.match(w) for w in words) and len(item) >= 2 \
        and not all(_NUMBER.fullmatch(w) for w in words) and not _amount(words)  # "by 6.1 on A and 4.3 on B"


def _amount(words: list[str]) -> bool:
    """Do ``words`` open with an amount: a decimal number with whatever follows it ("1.6 dB", "0.2431 MAE"), or
    a number and a unit ("3 points")? An amount is a result, not a name ("20 Newsgroups" is one).

    >>> [_amount(i.split()) for i in ("1.6 dB", "0.2431 MAE", "3 points", "20 Newsgroups", "ImageNet 1.5")]
    [True, True, True, False, False]
    """
    return _NUMBER.fullmatch(words[0]) is not None and len(words) > 1 \
        and (any(c in words[0] for c in ".,%") or words[1] in _W.measure_units)


_LOWER_CAMEL = re.compile(r"[a-z]{1,12}[A-Z]")
_LETTERS = re.compile(r"[A-Za-z]+")
_NUMBER = re.compile(r"[+\-]?\d+(?:[.,]\d+)*[%x×]?")


def _spells(letters: str, words: list[str]) -> bool:
    """Do ``letters`` spell ``words`` as an acronym: each word gives its initial, a compound word
    ("autoencoders") also the initial of its second part ("mae" for "masked autoencoders").

    >>> _spells("mae", ["masked", "autoencoders"]), _spells("dmd", ["diffusion", "models"])
    (True, False)
    """
    initials = []
    for w in words:
        initials.append(w[0])
        prefix = next((p for p in _W.compound_prefixes if w.startswith(p) and len(w) > len(p) + 2), None)
        if prefix is not None:
            initials.append(w[len(prefix)])
    return letters == "".join(w[0] for w in words) or letters == "".join(initials)


def _touches(s: int, e: int, spans: list[tuple[int, int]]) -> bool:
    """Does one of ``spans`` overlap ``s``-``e``?"""
    return any(ss < e and s < se for ss, se in spans)


class BaselineRules:
    """The rule for unknown baselines, mixed into :class:`kg.extract.discovery._Discovery`."""

    def unknown_baselines(self) -> None:
        """Baselines the lexicon does not know: coined names listed right after a comparison
        ("improves ... over SAN and CAT-Seg", "compared with FedAvg and DP-FedAvg")."""
        text, lexicon, lexicon_hits, lex_span_id = self.text, self.lexicon, self.lexicon_hits, self.lex_span_id
        own = [h.text for h in self.found.values() if h.proposed]
        lex_end_at = {h.start: h.end for h in lexicon_hits if " " in h.text}
        heads = self.cues.method_heads | self.cues.algorithm_heads
        intros = [(text, cue.end()) for cue in self.whole_text(self.cues.baseline_intro).finditer(self.low)]
        intros += [(text, at) for at in self._values_for_after(intros)]
        for cue in _anchored(_P.baseline_head_list, self.low, "baseline"):  # every match opens with "baseline"
            p = cue.end()
            if p < len(text) and not text[p].isspace():  # "baselines (A, B": read the bracket as a space
                p -= 1
                intros.append((text[:p] + " " + text[p + 1:], p))
            else:
                intros.append((text, p))
        for at_text, at in intros:
            toks = _baseline_items(at_text, at, lex_end_at, heads)
            # a list that names a known method or model ("GraphGPS and Exphormer", "FedProx, Ditto and
            # pFedHN", "behavioral cloning, DWBC and ILEED") names methods: a capitalised word in it is one too
            known_types = {lexicon_hits[i - 1].type for s, e, _ in toks for i in {lex_span_id[s], lex_span_id[e - 1]} if i}
            anchors = known_types | {"algorithm" for _, _, tok in toks if is_name_like(tok.rsplit(" ", 1)[-1])}
            anchored = len(toks) >= 2 and bool(anchors & {"algorithm", "model"}) and "benchmark" not in anchors
            for s, e, tok in toks:
                if " " in tok and lex_end_at.get(s) != e:
                    # a name after lower-case modifiers ("delayed OTD", "importance-weighted FooNet")
                    words = tok.split()
                    while len(words) > 1 and words[-1].lower() in _W.item_heads:  # "the QNet baseline"
                        e -= len(words.pop()) + 1
                    last = words[-1]
                    if anchored and (_title_run(" ".join(words)) or _person_and_head(" ".join(words), heads)) \
                            and not self.touches_lexicon(s, e):
                        tok = text[s:e]  # "outperforming Attend-and-Excite and Structured Diffusion Guidance"
                    elif not (is_name_like(last) and all(w[0].islower() for w in words[:-1])):
                        continue
                    else:
                        s, tok = e - len(last), last
                known = self._known_name_after(e) if " " not in tok and tok[:1].isupper() else None
                if known is not None:
                    self._modified_known_name(s, tok, known)
                    continue
                if self.overlaps(s, e) or self.is_known(s, e, tok) or self.blocked_by_lexicon(s, e, tok):
                    self.known_unmatched(s, e, tok, "pattern:baseline", is_name_like)
                    continue
                spelled = self._spelled_out_before(s, tok)
                if spelled is not None:  # "... masked autoencoders ... outperforming DeiT and MAE": the same concept
                    self.add(spelled.with_(start=s, end=e, text=tok, extractor="pattern:baseline+acronym", long=None))
                    continue
                proper = anchored and (_PROPER_NAME.fullmatch(tok) is not None
                                       and tok not in _W.common_caps | _W.list_openers
                                       and not _modifies_noun(at_text, e) or _person_and_head(tok, heads))
                if not (is_name_like(tok) or proper) or any(tok.startswith(o) or o.startswith(tok) for o in own):
                    continue  # a variant of the paper's own method is not a baseline
                # listed with known models only ("DeepSeek-Prover-V1.5 and InternLM2.5-StepProver"): a model
                kind = "model" if _P.model_size.fullmatch(tok) or known_types == {"model"} else "algorithm"
                self.add(Hit(s, e, tok, kind, norm_key(tok), "pattern:baseline", 0.6,
                             parent=_lexicon_parent(tok, lexicon)))

    def _known_name_after(self, end: int) -> Hit | None:
        """The known algorithm or model that starts right after the word ending at ``end`` ("Data-Efficient
        | Rainbow"), or None."""
        i = self.lex_span_id[end + 1] if self.text.startswith(" ", end) and end + 1 < len(self.text) else 0
        h = self.lexicon_hits[i - 1] if i else None
        return h if h is not None and h.start == end + 1 and h.type in ("algorithm", "model") else None

    def _modified_known_name(self, s: int, modifier: str, known: Hit) -> None:
        """A listed capitalised word before a known name modifies it, it names nothing alone: "Twin-Critic TD3",
        "Recurrent PPO" are variants of TD3 and PPO (under them); with a plain modifier ("Vanilla PPO") the
        known name is meant."""
        if modifier in _W.plain_modifiers or modifier in _W.common_caps | _W.list_openers:
            return
        name = self.text[s:known.end]
        if not self.overlaps(s, known.end) and not self.is_known(s, known.end, name) \
                and self.lexicon.lookup(name) is None:
            self.add(Hit(s, known.end, name, known.type, norm_key(name), "pattern:baseline-variant", 0.6,
                         parent=known.lexicon_id))

    def lists_with_known_algorithms(self) -> None:
        """An enumeration of which two items are known algorithms and none a concept of another type
        names algorithms: "GPS, Graphormer, GCN, GatedGCN and GINE" (a coined name in it is one too)."""
        text = self.text
        algo = {h.start: h.end for h in self.lexicon_hits if h.type == "algorithm"}
        other = [(h.start, h.end) for h in self.lexicon_hits if h.type != "algorithm"]
        if sum(text.startswith((", ", " and ", " or "), e) or text.endswith((", ", " and ", " or "), 0, s)
               for s, e in algo.items()) < 2:
            return  # no two known algorithms next to a list separator: nothing to scan
        own = [h.text for h in self.found.values() if h.proposed]
        for m in self.whole_text(_ENUMERATION).finditer(text):
            items = _enumeration_items(m)
            if sum(algo.get(s) == e for s, e, _ in items) < 2 or any(_touches(s, e, other) for s, e, _ in items):
                continue
            for s, e, item in items:
                if algo.get(s) == e or " " in item or not is_name_like(item) or _PLURAL_ACRONYM.fullmatch(item) \
                        or self.overlaps(s, e) or self.is_known(s, e, item) or self.blocked_by_lexicon(s, e, item) \
                        or any(item.startswith(o) or o.startswith(item) for o in own):
                    continue
                self.add(Hit(s, e, item, "algorithm", norm_key(item), "pattern:algorithm-list", 0.6,
                             parent=_lexicon_parent(item, self.lexicon)))

    def _values_for_after(self, intros: list[tuple[str, int]]) -> list[int]:
        """Where a baseline's name follows its own figure later in a comparison's sentence:
        "compared with 0.64 for PCMCI", "against 52% for A and 61% for B" (one place per figure)."""
        out = []
        for _, at in intros:
            end = _sentence_of(self.sents, at)[1] or len(self.text)
            out += [m.end() for m in _P.value_for.finditer(self.text, at, end) if m.end() not in out]
        return out

    def _spelled_out_before(self, pos: int, tok: str) -> Hit | None:
        """The known concept named earlier in the text whose initials spell the acronym ``tok``:
        "masked autoencoders" for "MAE" (the paper never wrote "masked autoencoders (MAE)")."""
        short = tok[:-1] if tok.endswith("s") else tok
        if not (2 <= len(short) <= 6 and short.isalpha() and short.isupper()):
            return None
        for h in self.lexicon_hits:
            if h.start >= pos:
                break
            words = _LETTERS.findall(h.text.lower())
            if h.type in ("algorithm", "model") and 1 < len(words) <= len(short) and _spells(short.lower(), words):
                return h
        return None
