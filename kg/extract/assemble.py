"""Turn an annotated Doc into one paper's :class:`~kg.records.Extraction`.

Groups hits into one mention per concept, decides algorithm roles, classifies claim
sentences and fills their fields, and maps every offset back to the abstract as read.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter, defaultdict
from dataclasses import replace

from kg.extract.claims import classify_sentence, draws_consequence, find_values, finds, paper_kind, proposes_nothing
from kg.extract.confidence import calibrated, claim_bucket, mention_bucket
from kg.extract.cues import Cues, fold
from kg.extract.hits import Hit
from kg.extract.discovery import title_name
from kg.datafiles import load_patterns
from kg.extract.roles import (TITLE_REACH, describes_proposal, leading_subject, limited_subject, occurrence_role, paper_role,
                              referred_back, title_role, title_sets_apart, title_span, title_states, without_description)
from kg.extract.roles.lists import list_head
from kg.link.lexicon import Lexicon, own_forms
from kg.records import Claim, Evidence, Extraction, Mention, Paper, evolve
from kg.text import CleanText, clean, norm_key

MAX_FIELDS = 5
MAX_ALIASES = 6
MAX_EVIDENCE = 3
_MATH = re.compile(r"\$[^$]*\$")
_P = load_patterns("extraction_patterns")  # the expressions of kg/data/patterns/extraction_patterns.json, by name
_STUDY_REACH = 2  # the study is announced in the first this many sentences about the paper's own work


class _Context:
    def __init__(self, paper: Paper, clean: CleanText, sents: list[tuple[int, int]]) -> None:
        self.paper, self.clean, self.sents = paper, clean, sents
        self._starts = [s for s, _ in sents]  # sentences are sorted and disjoint
        self._math: list[tuple[int, int, str]] | None = None
        self._sentences: dict[int, tuple[str, int, int]] = {}
        self._first_own: int | None = None

    def sentence_at(self, pos: int) -> int | None:
        """Index of the sentence holding ``pos``, or None (between sentences)."""
        i = bisect_right(self._starts, pos) - 1
        return i if i >= 0 and pos < self.sents[i][1] else None

    def sentence_index(self, pos: int) -> int:
        i = self.sentence_at(pos)
        return len(self.sents) - 1 if i is None else i

    def math_spans(self) -> list[tuple[int, int, str]]:
        """``$...$`` spans of the abstract as read (computed once)."""
        if self._math is None:
            self._math = [(m.start(), m.end(), m.group(0)) for m in _MATH.finditer(self.paper.abstract)]
        return self._math

    def first_own(self, hits: list[Hit]) -> int:
        """:func:`_first_own_sentence` of the paper's ``hits`` (computed once: mentions and claims ask it)."""
        if self._first_own is None:
            self._first_own = _first_own_sentence(self, hits)
        return self._first_own

    def original(self, start: int, end: int) -> tuple[int, int]:
        return self.clean.original_span(start, end)

    def sentence(self, i: int) -> tuple[str, int, int]:
        """Sentence ``i`` as read, with its original span (computed once per sentence)."""
        got = self._sentences.get(i)
        if got is None:
            s, e = self.original(*self.sents[i])
            got = self._sentences[i] = (self.paper.abstract[s:e].strip(), s, e)
        return got

    def sentence_evidence(self, i: int, extractor: str, confidence: float) -> Evidence:
        text, s, e = self.sentence(i)
        return Evidence(self.paper.id, text, s, e, extractor, confidence)

    def hit_evidence(self, h: Hit) -> Evidence:
        i = bisect_right(self._starts, h.start) - 1  # sentence_index, inline: once per hit
        if i < 0 or h.start >= self.sents[i][1]:
            i = len(self.sents) - 1
        got = self._sentences.get(i)
        text = (got or self.sentence(i))[0]
        s, e = self.clean.original_span(h.start, h.end)
        return Evidence(self.paper.id, text, s, e, h.extractor, h.confidence)


def _aliases(name: str, forms: list[str]) -> tuple[str, ...]:
    seen, out = {norm_key(name)}, []
    for f in forms:
        k = norm_key(f)
        if k and k not in seen:
            seen.add(k)
            out.append(f)
    return tuple(out[:MAX_ALIASES])


def _bare_name(surface: str, entry) -> str:
    """``Mujoco benchmarks`` -> ``Mujoco`` when the bare form is one of the entry's forms."""
    bare = _P.descriptor.sub("", surface)
    if bare != surface and norm_key(bare) in {norm_key(f) for f in entry.forms}:
        return bare
    return surface


_NEXT_WORD = re.compile(r"[\s-]*([A-Za-z]+)")


def _headed_fields(text: str, hits: list[Hit], cues: Cues) -> list[Hit]:
    """Field hits used as the name of a kind of method: "an agnostic boosting algorithm"."""
    out = []
    for h in hits:
        if h.type == "field" and " " in h.text:
            m = _NEXT_WORD.match(text, h.end, h.end + 30)
            if m and m.group(1).lower() in cues.method_heads:
                out.append(h)
    return out


def _inner_occurrences(fields: list[Hit], forms: set[str]) -> list[Hit]:
    """Those of ``fields`` whose last words spell one of ``forms`` (norm keys): the field
    "agnostic boosting" in "an agnostic boosting algorithm" is an occurrence of boosting."""
    out = []
    for h in fields:
        words = h.text.split()
        if any(norm_key(" ".join(words[-k:])) in forms for k in range(1, len(words))):
            out.append(h)
    return out


def _named_inside(hits: list[Hit]) -> set[str]:
    """Keys of the algorithms the paper mentions whose short name opens or closes the name of
    something it proposes: "LookSAM" after "sharpness-aware minimization (SAM)" builds on SAM."""
    names = {h.text for h in hits if h.proposed}
    if not names:
        return set()
    out = set()
    for h in hits:
        a = h.text
        if h.type == "algorithm" and not h.proposed and len(a) >= 3 and any(c.isupper() for c in a[1:]) and " " not in a:
            for n in names:
                if n != a and (n.startswith(a) or n.endswith(a) or a in re.split(r"[\s\-]+", n)):
                    out.add(h.key)
                    break
    return out


def _field_choice(ordered: list[tuple[str, list[Hit]]], title_fields: list[Hit]) -> list[str]:
    """Keys of the fields a paper is about, at most MAX_FIELDS: those its title names first
    (a title states what the paper is centrally about), then the abstract's in text order."""
    keys = [h.key for h in title_fields]
    keys += [k for k, hs in ordered if hs[0].type == "field"]
    return list(dict.fromkeys(keys))[:MAX_FIELDS]


def _first_own_sentence(ctx: _Context, hits: list[Hit]) -> int:
    """Index of the first sentence about the paper's own work (it names what the paper
    proposes, or says "we"/"our"/"this paper"), else the number of sentences."""
    m = _P.own.search(ctx.clean.text)
    return min([*(ctx.sentence_index(h.start) for h in hits if h.proposed),
                ctx.sentence_index(m.start()) if m else len(ctx.sents)])


def _title_field(ctx: _Context, h: Hit, lexicon: Lexicon) -> Mention:
    """A field the title names and the abstract does not; its evidence is the title
    (an empty span: the offsets of evidence point into the abstract)."""
    entry = lexicon.get(h.lexicon_id)
    name = _bare_name(h.text, entry)
    ev = Evidence(ctx.paper.id, " ".join((ctx.paper.title or "").split()), 0, 0, "lexicon:title", h.confidence)
    return Mention(type="field", name=name, aliases=_aliases(name, [h.text, entry.name, *entry.aliases]),
                   confidence=h.confidence, evidence=(ev,), lexicon_id=h.lexicon_id)


def _is_attack(entry, cues: Cues) -> bool:
    """Does the lexicon describe the algorithm as an attack (and not as a defence against one)?"""
    description = fold(entry.description or "") if entry is not None else ""
    return cues.attack.search(description) is not None and cues.defence.search(description) is None


def _attack_first(low: str, proposals: list[int], sents: list[tuple[int, int]], cues: Cues) -> bool:
    """In the first of the ``proposals`` sentences that names an attack or a defence, is an attack named first?"""
    for j in proposals:
        s, e = sents[j]
        attack, defence = cues.attack.search(low, s, e), cues.defence.search(low, s, e)
        if attack is not None or defence is not None:
            return defence is None or (attack is not None and attack.start() < defence.start())
    return False


def _remedied(framing: list[tuple[str, int, int]], cues: Cues) -> bool:
    """Does an opening sentence have the algorithm as its subject and state its limitation ("X
    generates ... but requires ...")? A paper naming its own method after it remedies X."""
    return any(limited_subject(fold(sentence), start, end, cues) for sentence, start, end in framing)


def _finding_subject(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """Does the mention (or the list it closes) open the folded ``sentence`` as its subject?"""
    return leading_subject(sentence, list_head(sentence, start, cues), end, cues)


def _proposes_method(hits: list[Hit]) -> bool:
    """Does the paper name a method of its own, not only a benchmark or dataset it creates ("We
    introduce FooBench, a benchmark of ...")? A benchmark paper studies what it evaluates."""
    benchmarks = {h.key for h in hits if h.proposed and h.also_benchmark}
    return any(h.proposed and h.key not in benchmarks for h in hits)


def _mentions(ctx: _Context, hits: list[Hit], lexicon: Lexicon, cues: Cues,
              title_hits: list[Hit] = ()) -> list[Mention]:
    text = ctx.clean.text
    groups: dict[str, list[Hit]] = defaultdict(list)
    for h in hits:
        groups[h.key].append(h)
    ordered = sorted(groups.items(), key=lambda kv: kv[1][0].start)  # concepts in order of first mention
    title_fields = [h for h in title_hits if h.type == "field" and lexicon.get(h.lexicon_id) is not None]
    chosen_fields = _field_choice(ordered, title_fields)
    headed_fields = _headed_fields(text, hits, cues)
    proposed_parents = {h.parent for h in hits if h.proposed and h.parent} | _named_inside(hits)
    # a paper that proposes something (named, or "we design a ... algorithm") is not a study of
    # the algorithms it keeps returning to
    # a benchmark or dataset the paper creates is no method: the algorithms it evaluates are studied
    own_method = _proposes_method(hits)
    benchmark_only = not own_method and any(h.proposed for h in hits)  # "we introduce FooBench" introduces no method
    folded: list[str] = []  # the folded text, computed once when needed

    def lowered() -> str:
        if not folded:
            folded.append(fold(text))
        return folded[0]

    proposes = own_method or not benchmark_only and cues.new_method.search(lowered()) is not None
    own_sents = {ctx.sentence_index(h.start) for h in hits if h.proposed}
    own_names = frozenset(fold(n) for h in hits if h.proposed for n in (h.text, h.long) if n)  # "we show that FooNet ..."
    sentence_cache: dict[int, tuple[str, bool, bool]] = {}
    describing: list[bool] = []  # per sentence: does it go on describing the method just proposed? (computed once)

    proposing: list[bool] = []  # per sentence: does it propose the paper's method? (computed once)

    def proposals() -> list[bool]:
        if not proposing:
            low = lowered()
            proposing.extend(j in own_sents or cues.new_method.search(low, s, e) is not None
                             for j, (s, e) in enumerate(ctx.sents))
        return proposing

    def describes(i: int) -> bool:
        if not describing:
            low = lowered()
            describing.extend(describes_proposal(
                [cues.own_continuation.match(low, s) is not None for s, _ in ctx.sents], proposals()))
        return describing[i]

    def opening(i: int) -> bool:
        """Is sentence ``i`` in the opening background, before the paper speaks of its own work?"""
        return i < ctx.first_own(hits)

    def _setup(i: int, s: int, e: int) -> bool:
        """A sentence past the opening background that names no one else's work ("Random forests
        serve as the regressors in all experiments") describes the paper's own setup, unless it
        refers back to the sentence before ("The encoder is ...", "It ...") or names other people's
        practice ("The standard approach trains ...")."""
        low = lowered()
        return not opening(i) and cues.background.search(low, s, e) is None \
            and cues.others_practice.search(low, s, e) is None and cues.own_continuation.match(low, s) is None

    attacking: list[bool] = []  # does the paper propose an attack? (computed once when needed)

    def proposes_attack() -> bool:
        """Does the first proposal sentence that names an attack or a defence name an attack first
        ("FooJail, a jailbreak attack that bypasses defences") rather than a defence?"""
        if not attacking:
            attacking.append(_attack_first(lowered(), [j for j, p in enumerate(proposals()) if p], ctx.sents, cues))
        return attacking[0]

    def reports(s: int, e: int) -> bool:
        """Does the sentence report a result or a comparison ("Experiments on X training show that
        FooNet converges faster than Y")? What it names there is a setting, not a part of the method."""
        low = lowered()
        return cues.result.search(low, s, e) is not None or cues.compared.search(low, s, e) is not None

    def refers_back(hs: list[Hit]) -> bool:
        """Is the concept named only in the opening, as a sentence's subject, that the sentence announcing
        the study names again ("the optimizer", "this technique", "it")?"""
        if not all(opening(ctx.sentence_index(h.start)) for h in hs):
            return False
        i = ctx.sentence_index(hs[0].start)
        low = lowered()
        folded_sents = [low[s:e] for s, e in ctx.sents]
        s = ctx.sents[i][0]
        return any(referred_back(folded_sents, i, hs[0].start - s, hs[0].end - s, j, cues)
                   for j in range(ctx.first_own(hits), min(len(ctx.sents), ctx.first_own(hits) + _STUDY_REACH)))

    # the title: an analysis title names what the paper studies, a method title what it builds on
    title = clean(ctx.paper.title[:TITLE_REACH]).text if ctx.paper.title else ""
    named = own_method
    named_title = named and title_name(title) is not None

    mentions = []
    for key, hs in ordered:
        first = hs[0]
        if first.type == "field" and key not in chosen_fields:
            continue  # before naming it: a field not chosen makes no mention
        defining = next((h for h in hs if h.long), first)
        entry = lexicon.get(first.lexicon_id) if first.lexicon_id else None
        # the name: the short form the paper defines, else the most used surface
        surfaces = [h.text for h in hs]
        if defining.short_of_tail:
            # "Safe offline reinforcement learning (RL)": the short form abbreviates only the last
            # words, so the setting is named by the whole phrase and has no short form
            name = defining.long
            surfaces = [s for s in surfaces if s != defining.text] or [name]
        elif defining.long or len(hs) == 1:
            name = defining.text
        else:
            counts, first_at = Counter(surfaces), {}
            for n, surface in enumerate(surfaces):
                first_at.setdefault(surface, n)
            name = max(surfaces, key=lambda s: (counts[s], -first_at[s]))
        forms = surfaces + [h.long for h in hs if h.long]
        if entry is not None:
            forms += [entry.name, *entry.aliases]
            name = _bare_name(name, entry)
        etype = first.type
        proposed = any(h.proposed for h in hs)
        role = None
        confidence = max(h.confidence for h in hs)
        if etype == "algorithm" or (etype == "method" and not proposed):
            occ = []
            framing = []  # opening sentences of other people's work that name it: (sentence, start, end)
            inner = _inner_occurrences(headed_fields, {norm_key(f) for f in forms}) if headed_fields else []
            for h in [*hs, *inner]:
                i = ctx.sentence_index(h.start)
                s, e = ctx.sents[i]
                if i not in sentence_cache:  # once per sentence, not per hit: linear on hostile text
                    d = describes(i)
                    setup = _setup(i, s, e)
                    marked = i in own_sents or _P.own.search(text, s, e) is not None
                    # in a paper naming its method, a setup sentence goes on describing it, unless it
                    # names the method (or "we") or experiments to report a result
                    sentence_cache[i] = (text[s:e], d or setup or marked, d or named and setup and not ((marked or _P.experiments.search(text, s, e)) and reports(s, e)))
                sentence, own, d = sentence_cache[i]
                r = occurrence_role(sentence, h.start - s, h.end - s, cues, own=own, describes=d, own_names=own_names,
                                    study=not proposes)
                if r[0] == "compared" and not own and opening(i):  # other people's methods compared with each other
                    r = ("mentioned", 0.55)
                elif r[0] == "studied" and proposes and not own and opening(i):  # "The IPW estimator has high variance"
                    r = ("mentioned", 0.55)
                elif r[0] == "mentioned" and not proposes and not opening(i) and _finding_subject(lowered()[s:e], h.start - s, h.end - s, cues):
                    r = ("studied", 0.6)  # "Surprisingly, X remains competitive ...": what a study's finding is about
                if not own and opening(i):
                    framing.append((sentence, h.start - s, h.end - s))
                occ.append(r)
            n_sents = len({ctx.sentence_index(h.start) for h in hs})
            role, rconf = paper_role(occ, proposes_named=proposes, sentences=n_sents)
            span = title_span(title, dict.fromkeys(forms)) if title else None
            # "X ... but requires ...; we propose FooNet": FooNet remedies X, unless the title sets X apart
            if role == "mentioned" and named and _remedied(framing, cues) and not (span and title_sets_apart(title, *span, cues)):
                role, rconf = "builds_on", 0.6
            told = title_role(title, *span, cues, named=named_title, proposes=proposes) if span else None
            # an analysis title speaks for a paper that names no method of its own ("Explaining GNNs
            # with Shapley Values" proposing GraphSHAP is not a study of GNNs)
            if told == "builds_on" or told == "studied" and not named:
                role, rconf = told, 0.8
            # a title that states or asks something of X ("Why Does X Fail? ... and a Fix") says the
            # paper studies X, though it goes on to propose a fix that does not build on X
            elif told == "studied" and role in ("mentioned", "compared") and title_states(title, *span, cues):
                role, rconf = "studied", 0.7
            # "Adam is the default optimizer ... We analyze the dynamics of the optimizer": named once in
            # the opening, then by the study's own words, the object of a study
            if role == "mentioned" and not proposes and refers_back(hs):
                role, rconf = "studied", 0.6
            if (entry is not None and entry.id in proposed_parents) or key in proposed_parents or any(h.extractor == "lexicon+long-form" for h in hs):
                role, rconf = "builds_on", 0.85
            # the attacks a defence is evaluated against are no baselines of it ("robust against GCG and PAIR")
            if role == "compared" and proposes and _is_attack(entry, cues) and not proposes_attack():
                role, rconf = "mentioned", 0.6
            confidence = round(min(confidence, 0.5 + rconf / 2), 3)
        evidence = tuple(ctx.hit_evidence(h) for h in hs[:MAX_EVIDENCE])
        mention = Mention(
            type=etype, name=name, aliases=_aliases(name, forms), role=role, proposed=proposed,
            confidence=confidence, evidence=evidence, lexicon_id=first.lexicon_id,
            parent=None if first.lexicon_id else first.parent,
        )
        mentions.append(mention)
        if proposed and any(h.also_benchmark for h in hs):
            mentions.append(replace(mention, type="benchmark"))
    for h in title_fields:
        if h.key in chosen_fields and h.key not in groups:
            groups[h.key].append(h)  # once, however often the title names it
            mentions.append(_title_field(ctx, h, lexicon))
    return mentions


def _original_value(ctx: _Context, sent_start: int, span: tuple[int, int]) -> str:
    s, e = ctx.original(sent_start + span[0], sent_start + span[1])
    for ms, me, math in ctx.math_spans():
        if ms <= s < me:
            return math
    return ctx.paper.abstract[s:e]


def _claims(ctx: _Context, hits: list[Hit], mentions: list[Mention], cues: Cues) -> list[Claim]:
    text = ctx.clean.text
    primary = next((m.name for m in mentions if m.proposed and m.type == "method"), None)
    name_by_form: dict[str, str] = {}
    for m in mentions:
        for f in (m.name, *m.aliases):
            name_by_form.setdefault(norm_key(f), m.name)
    name_of: dict[str, str] = {}
    for h in hits:
        n = name_by_form.get(norm_key(h.text))
        if n is not None:
            name_of.setdefault(h.key, n)
    by_sent: dict[int, list[Hit]] = defaultdict(list)  # hits per sentence, in order
    for h in hits:
        i = ctx.sentence_at(h.start)
        if i is not None:
            by_sent[i].append(h)
    # a paper proposing no method: its measured outcomes are findings ("we find that current models
    # fail ..."); in a benchmark paper only where the sentence says so ("The best system solves 27%" is
    # the benchmark's empirical result)
    created = {m.name for m in mentions if m.proposed and m.type == "benchmark"}
    study = not any(m.proposed and m.type == "method" and m.name not in created for m in mentions) \
        and proposes_nothing([text[s:e] for i, (s, e) in enumerate(ctx.sents)
                              if not any(h.proposed for h in by_sent.get(i, ()))], cues)
    claims = []
    kinds: list[str] = []

    def prior() -> str:
        """The paper's kind, for a claim without kind cues: computed once, when first needed."""
        if not kinds:
            kinds.append(paper_kind(text, cues))
        return kinds[0]

    def prior_at(i: int, sentence: str):
        """The kind of a claim without kind cues in sentence ``i``: a consequence ("Consequently, ...",
        "As a result, ...") of the claim in the sentence right before takes that claim's kind."""
        if claims and claims[-1].evidence.sentence == ctx.sentence(i - 1)[0] and draws_consequence(fold(sentence)):
            return lambda: claims[-1].kind
        return prior

    first_own = ctx.first_own(hits)
    for i, (s, e) in enumerate(ctx.sents):
        sentence = text[s:e]
        in_sent = by_sent.get(i, [])
        own = [h for h in in_sent if h.proposed]
        # in a paper that proposes nothing, "a simple change ..." announces no contribution
        read = without_description(sentence) if study else sentence
        kind, conf = classify_sentence(read, i, cues, bool(own), late=2 * i >= len(ctx.sents), prior=prior_at(i, sentence),
                                         after_own=i > first_own,
                                         study=study and (not created or finds(fold(sentence), cues)))
        if kind is None:
            continue
        subject = name_of.get(own[0].key) if own else None
        if subject is None and primary and cues.own_work.search(fold(sentence)):
            subject = primary
        if subject is None:
            studied = [h for h in in_sent if h.type == "algorithm"]
            subject = name_of.get(studied[0].key) if studied else None
        baselines, metrics, benches = [], [], []
        for h in in_sent:
            n = name_of.get(h.key)
            if n is None or n == subject:
                continue
            if h.type in ("algorithm", "model", "method") and not h.proposed:
                role, _ = occurrence_role(sentence, h.start - s, h.end - s, cues)
                if role == "compared" and n not in baselines:
                    baselines.append(n)
            elif h.type == "metric" and n not in metrics:
                metrics.append(n)
            elif h.type == "benchmark" and n not in benches and not h.proposed:
                benches.append(n)
        values = [_original_value(ctx, s, v) for v in find_values(sentence, cues)]
        evidence = ctx.sentence_evidence(i, "claims", conf)
        claims.append(Claim(
            sentence=evidence.sentence,
            kind=kind, subject=subject, baselines=tuple(baselines),
            metric="; ".join(metrics) or None, value="; ".join(dict.fromkeys(values)) or None,
            benchmark="; ".join(benches) or None, confidence=conf,
            evidence=evidence,
        ))
    return claims


def paper_label(paper: Paper, mentions: list[Mention]) -> str:
    """A readable label: the title, else what the paper proposes, else its opening words."""
    if paper.title:
        return paper.title
    prop = next((m for m in mentions if m.proposed and m.type == "method"), None)
    if prop is not None:
        long = next((a for a in prop.aliases if len(a) > len(prop.name)), None)
        return f"{prop.name}: {long}" if long else prop.name
    words = paper.abstract.split()
    return " ".join(words[:10]) + (" …" if len(words) > 10 else "")


def assemble(paper: Paper, clean: CleanText, doc, lexicon: Lexicon, cues: Cues,
             calibration: dict[str, float] | None = None) -> Extraction:
    """The per-paper extraction from a Doc annotated by :func:`~kg.extract.components.build_nlp`."""
    u = doc._  # one Underscore: each ``doc._`` builds a new one
    sents = u.kg_sents
    ctx = _Context(paper, clean, sents)
    hits = list(u.kg_hits or [])
    mentions = [own_forms(m, lexicon) for m in _mentions(ctx, hits, lexicon, cues, u.kg_title_hits or [])]
    claims = _claims(ctx, hits, mentions, cues)
    if calibration:
        mentions = [evolve(m, confidence=calibrated(mention_bucket(m), m.confidence, calibration)) for m in mentions]
        claims = [evolve(c, confidence=calibrated(claim_bucket(c, c.confidence), c.confidence, calibration))
                  for c in claims]
    return Extraction(paper, tuple(mentions), tuple(claims), label=paper_label(paper, mentions))
