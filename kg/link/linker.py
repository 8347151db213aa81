"""Resolve every mention to one concept node shared across papers.

* a lexicon mention links to ``concept/<lexicon id>``;
* a discovered name links to the lexicon when any of its forms is a lexicon form;
* a short name the paper defines with a long form of another concept ("structure-aware
  critic (SAC)" is not Soft Actor-Critic) is the paper's name, not the lexicon's;
* otherwise discovered names meet under their normalised short name (``Mujoco`` and
  ``MuJoCo``), split apart only when two papers define the same short name with
  different long forms;
* an acronym no paper defines as a new name ("outperforming MAE") links to the known
  concept of its type that other papers define it as ("masked autoencoders (MAE)"), when
  there is exactly one.

Every surface form that lands on a concept is written to the merge log with why.

:class:`Linker` keeps what linking needs of each paper (which concept or name group each
mention falls into, and the surface forms), so papers can be added and removed and only
the name groups they touch are worked out again; :func:`link` is a linker fed every paper
once. Either way the result depends only on the papers and their order.

>>> from kg.records import Paper, Extraction, Mention
>>> a = Extraction(Paper("a", "x"), (Mention("benchmark", "Mujoco"),))
>>> b = Extraction(Paper("b", "y"), (Mention("benchmark", "MuJoCo"),))
>>> linked, concepts, log = link([a, b], lexicon=None)
>>> linked[0].mentions[0].concept == linked[1].mentions[0].concept == "concept/mujoco"
True
"""
from __future__ import annotations

import hashlib
import marshal
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from kg.link.acronyms import names_another, sense_words
from kg.link.lexicon import Lexicon, spells
from kg.records import ENTITY_TYPES, Concept, Extraction, MergeRecord, Mention, evolve
from kg.text import GREEK_LETTERS, norm_key

_TYPE_PRIORITY = {t: i for i, t in enumerate(("benchmark", "method", "algorithm", "model", "metric", "field"))}

#: Where a mention links, as stored per paper: a lexicon concept id (``str``), or the
#: ``(short name key, long form key)`` of a discovered name (``tuple``).
Slot = str | tuple[str, str]
#: A discovered mention as its name group needs it: ``(paper key, index in paper,
#: paper id, type, name, aliases, parent, long form key)`` (a plain tuple: the state is
#: written with :mod:`marshal`).
Member = tuple


def slug(text: str) -> str:
    """A readable, IRI-safe id fragment: ``Clip-PPO`` -> ``clip-ppo``.

    >>> slug("State Decoupling with Q-supervised (SDQC)")
    'state-decoupling-with-q-supervised-sdqc'

    A "+" or "++" that ends a word names another method than its base (as in :func:`norm_key`):

    >>> slug("CFR+"), slug("DPM-Solver++"), slug("TD3+BC")
    ('cfr-plus', 'dpm-solver-pp', 'td3-bc')

    and a Greek letter is written out ("β-DPO" is not DPO):

    >>> slug("β-DPO"), slug("ε-greedy Δ")
    ('beta-dpo', 'epsilon-greedy-delta')
    """
    import unicodedata

    if not text.isascii():
        text = _GREEK_LETTER.sub(lambda m: _GREEK_NAMES[m.group(0)], text)
    s = unicodedata.normalize("NFKD", text)
    if "+" in s:
        s = _PLUS_END.sub(lambda m: " pp" if len(m.group(0)) == 2 else " plus", s)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-")
    return s[:80] or hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


_PLUS_END = re.compile(r"(?<=[A-Za-z0-9])\+\+?(?![A-Za-z0-9])")
#: a Greek letter's name ("β" -> "beta"), for readable ids
_GREEK_NAMES = {sym: name for name, sym in reversed(GREEK_LETTERS.items())}
_GREEK_LETTER = re.compile("[%s]" % "".join(_GREEK_NAMES))

def redefined(m: Mention, lexicon: Lexicon) -> tuple[str, ...] | None:
    """The paper's own forms of ``m`` when it is a short name the lexicon knows but the paper
    defines with a long form of another concept, else None (:meth:`Lexicon.redefinition`, or
    a long form with another word under one of the name's letters: :func:`names_another`).

    >>> from kg.link.lexicon import LexiconEntry
    >>> lex = Lexicon.from_entries([LexiconEntry("cql", "CQL", "algorithm", ("Conservative Q-Learning",))])
    >>> redefined(Mention("algorithm", "CQL", ("Contrastive Q-Learning", "Conservative Q-Learning"), lexicon_id="cql"), lex)
    ('Contrastive Q-Learning',)
    >>> redefined(Mention("algorithm", "CQL", ("conservative Q-learning",), lexicon_id="cql"), lex) is None
    True
    """
    own = lexicon.redefinition(m.lexicon_id, m.name, m.aliases)
    if own is not None or m.lexicon_id not in lexicon.entries or not _acronym(m.name):
        return own
    known = lexicon.form_keys(m.lexicon_id)
    own = tuple(a for a in m.aliases if a not in known and norm_key(a) not in known)
    forms = lexicon.entries[m.lexicon_id].forms
    return own if any(len(a) > len(m.name) and names_another(m.name, a, forms) for a in own) else None


def _acronym(form: str) -> bool:
    """A short name written as an acronym: one word with two capitals or more ("MAE", "ViTs")."""
    return " " not in form and sum(c.isupper() for c in form) >= 2


def _defined_acronyms(surfaces) -> dict[str, set[str]]:
    """Normalised acronym -> the lexicon concepts papers wrote it for (``surfaces``: the
    ``(concept, form)`` pairs of lexicon mentions)."""
    out: dict[str, set[str]] = defaultdict(set)
    for cid, form in surfaces:
        if _acronym(form):
            out[norm_key(form)].add(cid)
    return out


def _defined_elsewhere(group: str, s: _Sense, members: list[Member], acronyms: dict[str, set[str]],
                       concepts: dict[str, Concept]) -> str | None:
    """The lexicon concept of type ``s.type`` that other papers write the acronym ``group``
    for, when ``s`` (a name group's only concept) is bare acronyms of that one type no paper
    defines and exactly one such concept exists."""
    if s.lf or not all(_acronym(n) for n in s.names) or any(m[3] != s.type for m in members):
        return None
    found = [c for c in acronyms.get(group, ()) if concepts[c].type == s.type]
    if len(found) != 1 or any(m[6] and "concept/" + m[6] == found[0] for m in members):
        return None  # a variant is not the concept it is a variant of
    return found[0]


def _long_forms(senses: dict[str, list[_Sense]]) -> dict[str, str]:
    """Normalised long form -> the name group that defines it, for long forms exactly one
    name group defines ("Sparse Routing Adapters (SRA)" -> ``sra``)."""
    by_form: dict[str, set[str]] = defaultdict(set)
    for group, ss in senses.items():
        for s in ss:
            for lf in s.lfs:
                by_form[lf].add(group)
    return {lf: next(iter(gs)) for lf, gs in by_form.items() if len(gs) == 1}


def _written_long(group: str, senses: list[_Sense], long_forms: dict[str, str]) -> tuple[str, str] | None:
    """The ``(name group, long form)`` sense that defines ``group`` as its long form, when
    ``group`` is one concept written alone, without a short name of its own, and one name
    group defines it ("sparse routing adapters" in a paper that does not abbreviate them)."""
    if len(senses) > 1 or senses[0].lf:
        return None
    owner = long_forms.get(group)
    return (owner, group) if owner is not None and owner != group else None


def _lexicon_concept(lexicon: Lexicon, eid: str) -> Concept:
    e = lexicon.get(eid)
    return Concept(
        id=f"concept/{eid}", type=e.type, name=e.name, aliases=tuple(e.aliases),
        parent=f"concept/{e.parent}" if e.parent and lexicon.get(e.parent) else None,
        source="lexicon", description=e.description,
    )


def _reason(c: Concept, form: str) -> str:
    if c.source == "lexicon":
        if form == c.name:
            return "lexicon name"
        if norm_key(form) in {norm_key(a) for a in (c.name, *c.aliases)}:
            return "lexicon alias"
        return "abbreviation or surface form of a lexicon concept in the same paper"
    if form == c.name:
        return "discovered name"
    if norm_key(form) == norm_key(c.name):
        return "same normalised form as the discovered name"
    return "long form or alias defined in the paper"


@dataclass
class _Sense:
    """One concept of a name group, everything but its id (which depends on the others)."""

    lf: str  #: normalised long form ("" when none was defined)
    name: str
    base: str  #: slug of the name
    type: str
    aliases: tuple[str, ...]
    parent: str | None  #: lexicon id
    names: tuple[str, ...]  #: member names (kept apart in the merge log when the group splits)
    surfaces: dict[str, list[str]]  #: surface form -> sorted paper ids
    lfs: tuple[str, ...] = ()  #: every normalised long form of the concept, ``lf`` first


class Linker:
    """Linking state of a corpus that papers can be added to and removed from.

    Parameters
    ----------
    lexicon
        The lexicon mentions are linked to (None: discovered names only).

    Notes
    -----
    Papers are identified by a key (any string unique to the paper's content, e.g. its
    cache key). :meth:`add` appends a paper; after changes, :meth:`reorder` puts the
    papers in input order, and :meth:`result` gives the concepts, the merge log and what
    :meth:`concept_ids` needs.
    """

    def __init__(self, lexicon: Lexicon | None) -> None:
        self.lexicon = lexicon
        self.papers: dict[str, tuple[str, list[Slot]]] = {}  #: key -> (paper id, slot per mention)
        self.lexicon_surfaces: dict[tuple[str, str], list[str]] = {}  #: (concept, form) -> paper ids, one per paper
        self.members: dict[str, list[Member]] = {}  #: name group key -> discovered mentions
        self.senses: dict[str, list[_Sense]] = {}  #: name group key -> its concepts (worked out)
        self._dirty: set[str] = set()
        self._unsorted: set[tuple[str, str]] = set()
        self._added: set[str] = set()  # since the last result()
        self._interned: dict = {}

    # -- per paper -------------------------------------------------------------------
    def _lexicon_hit(self, m: Mention) -> str | None:
        lexicon = self.lexicon
        if lexicon is None:
            return None
        if m.lexicon_id in lexicon.entries:
            return m.lexicon_id
        for form in (m.name, *m.aliases):
            e = lexicon.lookup(form)
            # a variant is not the concept it is a variant of ("ZebraNet-S" keys as "ZebraNet")
            if e is not None and e.id != m.parent and (e.type == m.type or not m.proposed):
                return e.id
        return None

    def _defined_as(self, name: str, own: tuple[str, ...]) -> str | None:
        """The known concept the paper's own long form of ``name`` ends with, when that is not
        the concept the short name was matched to ("similar to sharpness-aware minimization
        (SAM)" is not the Segment Anything Model)."""
        for form in own:
            if len(form) > len(name):
                e = self.lexicon.lookup_long_form(form, name)
                if e is not None:
                    return e.id
        return None

    def _parts(self, key: str, ex: Extraction) -> tuple[list[Slot], set[tuple[str, str]], list[tuple[str, Member]]]:
        """Slots, lexicon surfaces and (name group, member) of the discovered mentions of
        one paper."""
        slots: list[Slot] = []
        surfaces: set[tuple[str, str]] = set()
        members: list[tuple[str, Member]] = []
        pid = ex.paper.id
        one = self._interned.setdefault  # one object per slot value: smaller, faster state
        for j, m in enumerate(ex.mentions):
            own = redefined(m, self.lexicon) if self.lexicon is not None else None
            eid = self._lexicon_hit(m) if own is None else self._defined_as(m.name, own)
            if eid:
                cid = one("concept/" + eid, "concept/" + eid)
                slots.append(cid)
                surfaces.add((cid, m.name))
                surfaces.update((cid, a) for a in (m.aliases if own is None else own))
                continue
            aliases = m.aliases if own is None else own
            short = norm_key(m.name)
            longs = sorted({k for k in map(norm_key, aliases) if len(k) > len(short)})
            slot = (short or slug(m.name), longs[0] if longs else "")
            slot = one(slot, slot)
            slots.append(slot)
            members.append((slot[0], (key, j, pid, m.type, m.name, aliases, m.parent, slot[1])))
        return slots, surfaces, members

    def add(self, key: str, ex: Extraction) -> None:
        """Add a paper (``ex``, not yet linked) under ``key``, after the others."""
        if key in self.papers:
            raise ValueError(f"paper key {key!r} added twice")
        slots, surfaces, members = self._parts(key, ex)
        pid = ex.paper.id
        self.papers[key] = (pid, slots)
        self._added.add(key)
        for s in surfaces:
            self.lexicon_surfaces.setdefault(s, []).append(pid)
        self._unsorted |= surfaces
        for group, m in members:
            self.members.setdefault(group, []).append(m)
            self._dirty.add(group)

    def remove(self, key: str, ex: Extraction) -> None:
        """Remove the paper added under ``key``; ``ex`` is what was added.

        Raises ValueError when ``ex`` does not link as the paper did when added.
        """
        slots, surfaces, members = self._parts(key, ex)
        pid = ex.paper.id
        if (self.papers.get(key) != (pid, slots) or not all(pid in self.lexicon_surfaces.get(s, ()) for s in surfaces)
                or not all(g in self.members for g, _ in members)):
            raise ValueError(f"paper key {key!r} was not added with this extraction")
        del self.papers[key]
        self._added.discard(key)
        for s in surfaces:
            pids = self.lexicon_surfaces[s]
            pids.remove(pid)
            if not pids:
                del self.lexicon_surfaces[s]
        for group in {g for g, _ in members}:
            self.members[group] = [m for m in self.members[group] if m[0] != key]
            if not self.members[group]:
                del self.members[group]
            self._dirty.add(group)

    def reorder(self, keys: Sequence[str]) -> None:
        """Put the papers in the order of ``keys`` (exactly the keys of the papers).

        Papers added since the last :meth:`result` may go anywhere; when the others change
        order, every name group is worked out again (ties between names follow paper order).
        """
        if len(keys) != len(self.papers) or not all(k in self.papers for k in keys):
            raise ValueError("reorder needs exactly the keys of the papers added")
        added = self._added
        if [k for k in keys if k not in added] != [k for k in self.papers if k not in added]:
            self._dirty.update(self.members)
        self.papers = {k: self.papers[k] for k in keys}

    # -- name groups -----------------------------------------------------------------
    def _senses(self, members: list[Member], pos: dict[str, int]) -> list[_Sense]:
        """The concepts of one name group: split by long form, the first defined sense
        taking the mentions without one."""
        def where(m: Member) -> tuple[int, int]:
            return pos[m[0]], m[1]

        lexicon = self.lexicon
        by_long: dict[str, list[Member]] = defaultdict(list)
        for m in sorted(members, key=where):
            by_long[m[7]].append(m)
        also = self._same_senses(by_long)
        named = sorted(lf for lf in by_long if lf)
        if "" in by_long and named:
            by_long[named[0]].extend(by_long.pop(""))
        senses = []
        for lf in sorted(by_long):
            ms = sorted(by_long[lf], key=where)
            name = Counter(m[4] for m in ms).most_common(1)[0][0]
            types = Counter(m[3] for m in ms)
            ctype = min(types, key=lambda t: (-types[t], _TYPE_PRIORITY.get(t, 9)))
            aliases = tuple(sorted({a for m in ms for a in m[5] if a != name}))
            parents = sorted({m[6] for m in ms if m[6] and lexicon is not None and lexicon.get(m[6])})
            surfaces: dict[str, set[str]] = defaultdict(set)
            for m in ms:
                for form in (m[4], *m[5]):
                    surfaces[form].add(m[2])
            senses.append(_Sense(lf, name, slug(name), ctype, aliases, parents[0] if parents else None,
                                 tuple(sorted({m[4] for m in ms})), {f: sorted(p) for f, p in surfaces.items()},
                                 (lf, *also.get(lf, ()))))
        return senses

    def _same_senses(self, by_long: dict[str, list[Member]]) -> dict[str, list[str]]:
        """Merge into one the long forms of a name group that name one concept though written
        otherwise ("Adaptive-Ratio PPO", "Adaptive Ratio Proximal Policy Optimization": same
        :func:`sense_words`); ``by_long`` changes in place. Returns, for each long form kept,
        the long forms merged into it."""
        first: dict[frozenset[str], str] = {}
        also: dict[str, list[str]] = {}
        for lf in sorted(k for k in by_long if k):
            written = next(a for m in by_long[lf] for a in m[5] if norm_key(a) == lf)
            words = sense_words(written, self.lexicon)
            if len(words) < 2:
                continue
            if words in first:
                into = first[words]
                by_long[into].extend(by_long.pop(lf))
                also.setdefault(into, []).append(lf)
            else:
                first[words] = lf
        return also

    # -- the whole corpus ------------------------------------------------------------
    def result(self) -> tuple[dict[str, Concept], list[MergeRecord], dict[tuple[str, str], str]]:
        """The concepts, the merge log, and the concept id of every discovered slot.

        Works out again the name groups papers were added to or removed from since the
        last call; the rest is cheap (proportional to concepts and surface forms).
        """
        lexicon = self.lexicon
        if self._dirty:
            pos = {k: i for i, k in enumerate(self.papers)}
            for group in self._dirty:
                if group in self.members:
                    self.senses[group] = self._senses(self.members[group], pos)
                else:
                    self.senses.pop(group, None)
            self._dirty.clear()
        for s in self._unsorted:
            if s in self.lexicon_surfaces:
                self.lexicon_surfaces[s].sort()
        self._unsorted.clear()
        self._added.clear()

        # lexicon concepts in order of first mention, each followed by its parents
        concepts: dict[str, Concept] = {}
        for cid in dict.fromkeys(chain.from_iterable(slots for _, slots in self.papers.values())):
            if cid.__class__ is not str:  # a discovered name's slot
                continue
            parent = cid
            while parent and parent not in concepts:
                concepts[parent] = _lexicon_concept(lexicon, parent.split("/", 1)[1])
                parent = concepts[parent].parent
        # discovered concepts, in order of their short names
        used = set(concepts)
        ids: dict[tuple[str, str], str] = {}
        kept: set[tuple[str, str]] = set()
        elsewhere: set[tuple[str, str]] = set()
        alone: set[tuple[str, str]] = set()  # long forms written alone, abbreviated in other papers
        surfaces: dict[tuple[str, str], list[str]] = dict(self.lexicon_surfaces)
        acronyms = _defined_acronyms(self.lexicon_surfaces) if lexicon is not None else {}
        long_forms = _long_forms(self.senses)
        written_long: dict[str, tuple[str, str]] = {}
        for group in sorted(self.senses):
            senses = self.senses[group]
            split = len(senses) > 1
            known = None if split else _defined_elsewhere(group, senses[0], self.members[group], acronyms, concepts)
            if known is None and (owner := _written_long(group, senses, long_forms)) is not None:
                written_long[group] = owner  # linked below, once the owner has its id
                continue
            if known is not None:
                ids[(group, "")] = known
                for form, pids in senses[0].surfaces.items():
                    k = (known, form)
                    elsewhere.add(k)
                    surfaces[k] = sorted({*surfaces[k], *pids}) if k in surfaces else pids
                continue
            for s in senses:
                cid = f"concept/{s.base}"
                if split or cid in used or (lexicon is not None and s.base in lexicon.entries):
                    cid = f"{cid}-{hashlib.sha1((s.lf or group).encode()).hexdigest()[:6]}"
                used.add(cid)
                parent = f"concept/{s.parent}" if s.parent else None
                if parent and parent not in concepts:
                    concepts[parent] = _lexicon_concept(lexicon, s.parent)
                concepts[cid] = Concept(cid, s.type, s.name, s.aliases, parent=parent, source="discovered")
                ids.update(((group, lf), cid) for lf in s.lfs)
                if split:
                    kept.update((cid, n) for n in s.names)
                for form, pids in s.surfaces.items():
                    k = (cid, form)
                    surfaces[k] = sorted({*surfaces[k], *pids}) if k in surfaces else pids  # ids collide: rare
            ids.setdefault((group, ""), ids[(group, senses[0].lf)])  # mentions without a long form
        for group, owner in written_long.items():
            cid = ids[(group, "")] = ids[owner]
            for form, pids in self.senses[group][0].surfaces.items():
                k = (cid, form)
                alone.add(k)
                surfaces[k] = sorted({*surfaces[k], *pids}) if k in surfaces else pids
        # paper ids are sorted, one per paper: the same id twice means two papers share it
        once = tuple if len({pid for pid, _ in self.papers.values()}) == len(self.papers) else _unique

        def reason(cid: str, form: str) -> str:
            if (cid, form) in kept:
                return f"short form {form!r} defined with a different long form elsewhere; kept apart"
            if (cid, form) in alone and form not in _forms(concepts[cid]):
                return "long form written alone, defined with a short name in other papers"
            return self._reason(concepts[cid], form, (cid, form) in elsewhere)

        log = [MergeRecord(surface=form, concept=cid, papers=once(surfaces[(cid, form)]), reason=reason(cid, form))
               for cid, form in sorted(surfaces)]
        assert all(c.type in ENTITY_TYPES for c in concepts.values())
        return concepts, log, ids

    def _reason(self, c: Concept, form: str, elsewhere: bool) -> str:
        """Why ``form`` lands on ``c``; ``elsewhere``: written alone in papers that do not
        define it, linked where other papers define it."""
        if not elsewhere:
            return _reason(c, form)
        if (c.id, form) in self.lexicon_surfaces:
            return _reason(c, form) + "; also written alone in papers that do not define it"
        return "acronym written alone, defined for this concept in other papers"

    def concept_ids(self, key: str, ids: dict[tuple[str, str], str]) -> list[str]:
        """The concept id of each mention of the paper ``key`` (``ids`` from :meth:`result`)."""
        return [s if s.__class__ is str else ids[s] for s in self.papers[key][1]]

    # -- persistence -----------------------------------------------------------------
    def dump(self) -> bytes:
        """The state as bytes (:mod:`marshal`: data only), after :meth:`result`."""
        if self._dirty or self._unsorted:
            raise ValueError("dump() needs result() first")
        return marshal.dumps([
            _STATE_VERSION,
            [[k, pid, slots] for k, (pid, slots) in self.papers.items()],
            [[cid, form, pids] for (cid, form), pids in self.lexicon_surfaces.items()],
            self.members,
            {g: [list(s.__dict__.values()) for s in senses] for g, senses in self.senses.items()},
        ])

    @classmethod
    def load(cls, lexicon: Lexicon | None, data: bytes) -> Linker:
        """A linker in the state :meth:`dump` wrote (with the same lexicon and code).

        Raises ValueError (or TypeError, EOFError, IndexError) on bytes of another shape.
        """
        version, papers, surfaces, members, senses = marshal.loads(data)
        if version != _STATE_VERSION:
            raise ValueError(f"link state version {version}, expected {_STATE_VERSION}")
        linker = cls(lexicon)
        linker.papers = {k: (pid, slots) for k, pid, slots in papers}
        linker.lexicon_surfaces = {(cid, form): pids for cid, form, pids in surfaces}
        linker.members = members
        linker.senses = {g: [_Sense(*s) for s in ss] for g, ss in senses.items()}
        if linker.members.keys() != linker.senses.keys():
            raise ValueError("link state: name groups without concepts")
        return linker


_STATE_VERSION = 4  # 2: a short name defined otherwise in its paper is not linked to the lexicon
# 3: ... unless its own long form ends with another known concept's form (linked there);
#    a variant never links to the concept it is a variant of
# 4: a long form with another word under one letter of the short name defines it otherwise;
#    long forms of one short name with the same content words are one concept (_Sense.lfs)


def _forms(c: Concept) -> set[str]:
    return {c.name, *c.aliases}


def _unique(ids: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))


def linked(ex: Extraction, concept_ids: Sequence[str]) -> Extraction:
    """``ex`` with the concept id of each mention set."""
    return evolve(ex, mentions=tuple(evolve(m, concept=c) for m, c in zip(ex.mentions, concept_ids, strict=True)))


def link(
    extractions: Sequence[Extraction], lexicon: Lexicon | None
) -> tuple[list[Extraction], dict[str, Concept], list[MergeRecord]]:
    """Return the extractions with ``Mention.concept`` set, the concepts, and the merge log."""
    linker = Linker(lexicon)
    for i, ex in enumerate(extractions):
        linker.add(str(i), ex)
    concepts, log, ids = linker.result()
    return [linked(ex, linker.concept_ids(str(i), ids)) for i, ex in enumerate(extractions)], concepts, log
