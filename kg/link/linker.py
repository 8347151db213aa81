"""Resolve every mention to one concept node shared across papers.

* a lexicon mention links to ``concept/<lexicon id>``;
* a discovered name links to the lexicon when any of its forms is a lexicon form;
* otherwise discovered names meet under their normalised short name (``Mujoco`` and
  ``MuJoCo``), split apart only when two papers define the same short name with
  different long forms.

Every surface form that lands on a concept is written to the merge log with why.

>>> from kg.records import Paper, Extraction, Mention
>>> a = Extraction(Paper("a", "x"), (Mention("benchmark", "Mujoco"),))
>>> b = Extraction(Paper("b", "y"), (Mention("benchmark", "MuJoCo"),))
>>> linked, concepts, log = link([a, b], lexicon=None)
>>> linked[0].mentions[0].concept == linked[1].mentions[0].concept == "concept/mujoco"
True
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from kg.link.lexicon import Lexicon
from kg.records import ENTITY_TYPES, Concept, Extraction, MergeRecord, Mention, evolve
from kg.text import norm_key

_TYPE_PRIORITY = {t: i for i, t in enumerate(("benchmark", "method", "algorithm", "model", "metric", "field"))}


def slug(text: str) -> str:
    """A readable, IRI-safe id fragment: ``Clip-PPO`` -> ``clip-ppo``.

    >>> slug("State Decoupling with Q-supervised (SDQC)")
    'state-decoupling-with-q-supervised-sdqc'
    """
    import unicodedata

    s = unicodedata.normalize("NFKD", text)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-")
    return s[:80] or hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def _lexicon_concept(lexicon: Lexicon, eid: str) -> Concept:
    e = lexicon.get(eid)
    return Concept(
        id=f"concept/{eid}", type=e.type, name=e.name, aliases=tuple(e.aliases),
        parent=f"concept/{e.parent}" if e.parent and lexicon.get(e.parent) else None,
        source="lexicon", description=e.description,
    )


def link(
    extractions: Sequence[Extraction], lexicon: Lexicon | None
) -> tuple[list[Extraction], dict[str, Concept], list[MergeRecord]]:
    """Return the extractions with ``Mention.concept`` set, the concepts, and the merge log."""
    concepts: dict[str, Concept] = {}
    surfaces: dict[tuple[str, str], set[str]] = defaultdict(set)  # (concept, surface) -> papers
    reasons: dict[tuple[str, str], str] = {}

    known_ids = lexicon.entries if lexicon is not None else {}

    def lexicon_hit(m: Mention) -> str | None:
        if m.lexicon_id in known_ids:
            return m.lexicon_id
        if lexicon is None:
            return None
        for form in (m.name, *m.aliases):
            e = lexicon.lookup(form)
            if e is not None and (e.type == m.type or not m.proposed):
                return e.id
        return None

    # 1. discovered mentions grouped by normalised short name, then by long form
    groups: dict[str, dict[str, list[tuple[int, int]]]] = defaultdict(lambda: defaultdict(list))
    resolved: list[list[str | None]] = [[None] * len(ex.mentions) for ex in extractions]  # [paper][mention] -> concept
    for i, ex in enumerate(extractions):
        for j, m in enumerate(ex.mentions):
            eid = lexicon_hit(m)
            if eid:
                cid = "concept/" + eid
                if cid not in concepts:
                    concepts[cid] = _lexicon_concept(lexicon, eid)
                    parent = concepts[cid].parent
                    while parent and parent not in concepts:
                        concepts[parent] = _lexicon_concept(lexicon, parent.split("/", 1)[1])
                        parent = concepts[parent].parent
                resolved[i][j] = cid
                continue
            longs = sorted({norm_key(a) for a in m.aliases if len(norm_key(a)) > len(norm_key(m.name))})
            groups[norm_key(m.name) or slug(m.name)][longs[0] if longs else ""].append((i, j))

    used_ids = set(concepts)
    for key in sorted(groups):
        by_long = groups[key]
        named = sorted(lf for lf in by_long if lf)
        # mentions without a long form join the first defined sense
        if "" in by_long and named:
            by_long[named[0]].extend(by_long.pop(""))
        senses = sorted(by_long)
        for lf in senses:
            members = sorted(by_long[lf])
            ms = [extractions[i].mentions[j] for i, j in members]
            name = Counter(m.name for m in ms).most_common(1)[0][0]
            cid = f"concept/{slug(name)}"
            if len(senses) > 1 or cid in used_ids:
                cid = f"{cid}-{hashlib.sha1((lf or key).encode()).hexdigest()[:6]}"
            used_ids.add(cid)
            types = Counter(m.type for m in ms)
            ctype = min(types, key=lambda t: (-types[t], _TYPE_PRIORITY.get(t, 9)))
            aliases = sorted({a for m in ms for a in m.aliases if a != name})
            parents = sorted({m.parent for m in ms if m.parent and lexicon is not None and lexicon.get(m.parent)})
            parent = f"concept/{parents[0]}" if parents else None
            if parent and parent not in concepts:
                concepts[parent] = _lexicon_concept(lexicon, parents[0])
            concepts[cid] = Concept(cid, ctype, name, tuple(aliases), parent=parent, source="discovered")
            for i, j in members:
                resolved[i][j] = cid
            if len(senses) > 1:
                for m in ms:
                    reasons[(cid, m.name)] = f"short form {m.name!r} defined with a different long form elsewhere; kept apart"

    # 2. rewrite mentions; collect the merge log
    out = []
    for ex, cids in zip(extractions, resolved):
        mentions = []
        pid = ex.paper.id
        for m, cid in zip(ex.mentions, cids):
            c = concepts[cid]
            for form in (m.name, *m.aliases):
                surfaces[(cid, form)].add(pid)
                if (cid, form) not in reasons:
                    if c.source == "lexicon":
                        why = "lexicon name" if form == c.name else (
                            "lexicon alias" if norm_key(form) in {norm_key(a) for a in (c.name, *c.aliases)}
                            else "abbreviation or surface form of a lexicon concept in the same paper")
                    elif form == c.name:
                        why = "discovered name"
                    elif norm_key(form) == norm_key(c.name):
                        why = "same normalised form as the discovered name"
                    else:
                        why = "long form or alias defined in the paper"
                    reasons[(cid, form)] = why
            mentions.append(evolve(m, concept=cid))
        out.append(evolve(ex, mentions=tuple(mentions)))
    log = [
        MergeRecord(surface=s, concept=cid, reason=reasons[(cid, s)], papers=tuple(sorted(p)))
        for (cid, s), p in sorted(surfaces.items())
    ]
    assert all(c.type in ENTITY_TYPES for c in concepts.values())
    return out, concepts, log
