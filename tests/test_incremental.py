"""Incremental rebuilds: a build that reuses the cache and the last build's linker state
gives byte for byte what a clean build gives, whatever changed in between.

The oracle is the linker as it was before it became incremental (``reference_link``,
kept verbatim below), so a bug shared by the clean and incremental paths still fails.
"""
from __future__ import annotations

import hashlib
import io
import marshal
import random
from collections import Counter, defaultdict
from collections.abc import Sequence

import pytest

import kg.cache
import kg.engines
from kg.extract.serialize import write_extractions
from kg.link import Lexicon, LexiconEntry, link
from kg.link.linker import Linker, slug
from kg.pipeline import _concepts_writer, _merge_log_writer, extract
from kg.records import ENTITY_TYPES, Concept, Evidence, Extraction, MergeRecord, Mention, Paper, evolve
from kg.text import norm_key

# ----------------------------------------------------------------- the oracle (old linker)

_TYPE_PRIORITY = {t: i for i, t in enumerate(("benchmark", "method", "algorithm", "model", "metric", "field"))}


def _lexicon_concept(lexicon: Lexicon, eid: str) -> Concept:
    e = lexicon.get(eid)
    return Concept(
        id=f"concept/{eid}", type=e.type, name=e.name, aliases=tuple(e.aliases),
        parent=f"concept/{e.parent}" if e.parent and lexicon.get(e.parent) else None,
        source="lexicon", description=e.description,
    )


def reference_link(
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
            if e is not None and e.id != m.parent and (e.type == m.type or not m.proposed):  # a variant is not its parent
                return e.id
        return None

    # 1. discovered mentions grouped by normalised short name, then by long form
    lex_forms: set[tuple[str, str]] = set()  # (concept, form) of lexicon mentions
    acronyms: dict[str, set[str]] = defaultdict(set)  # acronym key -> lexicon concepts papers write it for
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
                for form in (m.name, *m.aliases):
                    lex_forms.add((cid, form))
                    if " " not in form and sum(c.isupper() for c in form) >= 2:  # an acronym (link12)
                        acronyms[norm_key(form)].add(cid)
                continue
            longs = sorted({norm_key(a) for a in m.aliases if len(norm_key(a)) > len(norm_key(m.name))})
            groups[norm_key(m.name) or slug(m.name)][longs[0] if longs else ""].append((i, j))

    used_ids = set(concepts)
    # long forms one name group defines: a name group that is such a long form written alone,
    # without a short name of its own, joins that concept (link18)
    definers: dict[str, set[str]] = defaultdict(set)
    for key, by_long in groups.items():
        for lf in by_long:
            if lf:
                definers[lf].add(key)
    long_owner = {lf: next(iter(ks)) for lf, ks in definers.items() if len(ks) == 1}
    written_alone: dict[str, tuple[str, str]] = {}
    sense_ids: dict[tuple[str, str], str] = {}
    for key in sorted(groups):
        by_long = groups[key]
        named = sorted(lf for lf in by_long if lf)
        # mentions without a long form join the first defined sense
        if "" in by_long and named:
            by_long[named[0]].extend(by_long.pop(""))
        senses = sorted(by_long)
        # bare acronyms of one type that no paper defines: the one known concept of that type
        # other papers write them for (link12)
        if senses == [""]:
            ms = [extractions[i].mentions[j] for i, j in by_long[""]]
            found = [c for c in acronyms.get(key, ()) if concepts[c].type == ms[0].type]
            if (len(found) == 1 and all(m.type == ms[0].type and "concept/" + str(m.parent) != found[0] for m in ms)
                    and all(" " not in m.name and sum(c.isupper() for c in m.name) >= 2 for m in ms)):
                for i, j in by_long[""]:
                    resolved[i][j] = found[0]
                    for form in (extractions[i].mentions[j].name, *extractions[i].mentions[j].aliases):
                        k = (found[0], form)
                        if k not in lex_forms:
                            reasons[k] = "acronym written alone, defined for this concept in other papers"
                        elif k not in reasons:
                            reasons[k] = "; also written alone in papers that do not define it"
                continue
        if senses == [""] and long_owner.get(key, key) != key:
            written_alone[key] = (long_owner[key], key)
            continue
        for lf in senses:
            members = sorted(by_long[lf])
            ms = [extractions[i].mentions[j] for i, j in members]
            name = Counter(m.name for m in ms).most_common(1)[0][0]
            cid = f"concept/{slug(name)}"
            if len(senses) > 1 or cid in used_ids or cid[len("concept/"):] in known_ids:  # lexicon ids: never (link18)
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
            sense_ids[(key, lf)] = cid
            if len(senses) > 1:
                for m in ms:
                    reasons[(cid, m.name)] = f"short form {m.name!r} defined with a different long form elsewhere; kept apart"
    for key, owner in written_alone.items():
        cid = sense_ids[owner]
        for i, j in groups[key][""]:
            resolved[i][j] = cid
            m = extractions[i].mentions[j]
            for form in (m.name, *m.aliases):
                if form not in {concepts[cid].name, *concepts[cid].aliases}:
                    reasons[(cid, form)] = "long form written alone, defined with a short name in other papers"

    # 2. rewrite mentions; collect the merge log
    out = []
    for ex, cids in zip(extractions, resolved):
        mentions = []
        pid = ex.paper.id
        for m, cid in zip(ex.mentions, cids):
            c = concepts[cid]
            for form in (m.name, *m.aliases):
                surfaces[(cid, form)].add(pid)
                if (cid, form) not in reasons or reasons[(cid, form)].startswith(";"):
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
                    reasons[(cid, form)] = why + reasons.get((cid, form), "")
            mentions.append(evolve(m, concept=cid))
        out.append(evolve(ex, mentions=tuple(mentions)))
    log = [
        MergeRecord(surface=s, concept=cid, reason=reasons[(cid, s)], papers=tuple(sorted(p)))
        for (cid, s), p in sorted(surfaces.items())
    ]
    assert all(c.type in ENTITY_TYPES for c in concepts.values())
    return out, concepts, log


# ----------------------------------------------------------------- crafted corpora

LEX = Lexicon.from_entries([
    LexiconEntry("ppo", "PPO", "algorithm", ("Proximal Policy Optimization",)),
    LexiconEntry("clip-ppo", "Clip-PPO", "algorithm", ("PPO-Clip",), parent="ppo"),
    LexiconEntry("flowq", "FlowQ Suite", "benchmark", ("FQS",)),  # id = slug of a discovered name
])

NAMES = ["Mujoco", "MuJoCo", "MUJOCO", "FlowQ", "flowq", "Flow-Q", "PPO", "Clip-PPO", "FQS",
         "Flow quantiles", "multi-joint contact"]  # long forms written alone
LONG = [(), (), ("Multi Joint Contact",), ("Multi-Joint dynamics with Contact",), ("Flow Q-learning",),
        ("Flow Quantile",), ("Proximal Policy Optimization",)]


def random_mention(rng: random.Random) -> Mention:
    if rng.random() < 0.15:
        return Mention("benchmark", "suite", lexicon_id="flowq")
    return Mention(rng.choice(ENTITY_TYPES[:4]), rng.choice(NAMES), rng.choice(LONG),
                   proposed=rng.random() < 0.3, parent=rng.choice([None, None, "ppo", "no-such-entry"]),
                   evidence=(Evidence("x", "s", 0, 1, "test", 0.5),))


def random_paper(rng: random.Random, n: int) -> Extraction:
    pid = f"p{rng.randrange(40)}"  # ids repeat now and then
    return Extraction(Paper(pid, f"abstract {n}"), tuple(random_mention(rng) for _ in range(rng.randrange(5))))


def dump(linked, concepts, log) -> tuple:
    """Everything a build writes from linking, as text, plus the concepts' dict order."""
    ex, mg, co = io.StringIO(), io.StringIO(), io.StringIO()
    write_extractions(list(linked), ex)
    _merge_log_writer(log)(mg)
    _concepts_writer(concepts)(co)
    return ex.getvalue(), mg.getvalue(), co.getvalue(), list(concepts.items())


def linker_result(linker: Linker, keys, extractions) -> tuple:
    concepts, log, ids = linker.result()
    out = [evolve(e, mentions=tuple(evolve(m, concept=c) for m, c in zip(e.mentions, linker.concept_ids(k, ids))))
           for k, e in zip(keys, extractions)]
    return dump(out, concepts, log)


@pytest.mark.parametrize("seed", range(40))
def test_linker_updates_match_a_clean_link(seed):
    """Random papers over a few clashing names (case variants, competing long forms, a
    discovered name whose id is a lexicon id, repeated paper ids); then papers removed and
    new ones inserted anywhere; through a dump and load. Every step equals a clean link."""
    rng = random.Random(seed)
    corpus = {f"k{i}": random_paper(rng, i) for i in range(rng.randrange(1, 25))}
    linker = Linker(LEX)
    for k, e in corpus.items():
        linker.add(k, e)
    exs = list(corpus.values())
    assert linker_result(linker, list(corpus), exs) == dump(*reference_link(exs, LEX))
    for step in range(3):
        linker = Linker.load(LEX, linker.dump())
        keys = list(corpus)
        for k in rng.sample(keys, rng.randrange(len(keys) + 1) // 2):
            linker.remove(k, corpus.pop(k))
            keys.remove(k)
        for n in range(rng.randrange(6)):
            k = f"k{step}-{n}"
            corpus[k] = random_paper(rng, 100 * (step + 1) + n)
            linker.add(k, corpus[k])
            keys.insert(rng.randrange(len(keys) + 1), k)
        linker.reorder(keys)
        exs = [corpus[k] for k in keys]
        assert linker_result(linker, keys, exs) == dump(*reference_link(exs, LEX)) == dump(*link(exs, LEX))


def test_linker_without_lexicon_matches_the_oracle():
    rng = random.Random(7)
    exs = [random_paper(rng, i) for i in range(30)]
    assert dump(*link(exs, None)) == dump(*reference_link(exs, None))


def test_removing_a_paper_checks_it_is_the_one_added():
    linker = Linker(LEX)
    a = Extraction(Paper("a", "x"), (Mention("benchmark", "Mujoco"),))
    linker.add("k", a)
    for wrong in (Mention("benchmark", "FlowQ"), Mention("algorithm", "PPO")):
        with pytest.raises(ValueError):
            linker.remove("k", evolve(a, mentions=(wrong,)))
    with pytest.raises(ValueError):
        linker.remove("other", a)
    with pytest.raises(ValueError):
        linker.add("k", a)
    with pytest.raises(ValueError):
        Linker.load(LEX, b"not a state")


# ----------------------------------------------------------------- through the pipeline

#: What the fake extractor finds in each crafted abstract.
CRAFTED = {
    "flow-q": (Mention("method", "Flow-Q"),),
    "flowq": (Mention("method", "FlowQ"),),
    "flowq-long": (Mention("method", "FlowQ", ("Flow Q-learning",)),),
    "flowq-other": (Mention("method", "FlowQ", ("Flow Quantile",)),),
    "suite": (Mention("benchmark", "suite", lexicon_id="flowq"),),
    "ppo": (Mention("algorithm", "PPO", ("Proximal Policy Optimization",), confidence=0.4),
            Mention("benchmark", "Mujoco", confidence=0.9)),
    "mujoco": (Mention("benchmark", "MuJoCo"), Mention("algorithm", "Clip-PPO")),
}


@pytest.fixture
def fake_extractor(monkeypatch):
    """Extraction by lookup in CRAFTED (abstract ``"<name> <n>"``); records what it extracted."""
    seen = []

    def run(papers, **_):
        for p in papers:
            seen.append(p.id)
            yield Extraction(p, CRAFTED[p.abstract.split()[0]], label=p.id)

    monkeypatch.setattr(kg.engines, "run", run)
    return seen


def papers(*names):
    return [Paper(f"{name}-{n}", f"{name} {n}") for name, n in (s.rsplit(":", 1) for s in names)]


def written(result) -> tuple:
    return dump(result.extractions, result.concepts, result.merges)


BEFORE = papers("flow-q:1", "ppo:2", "flowq-long:3", "mujoco:4", "flow-q:5", "ppo:6")
CASES = {
    # the discovered name FlowQ outvotes Flow-Q: canonical name and id change under kept papers
    "renamed": BEFORE + papers("flowq:7", "flowq:8", "flowq:9"),
    # a second long form for FlowQ: the name group splits, kept papers get new ids
    "split": BEFORE + papers("flowq-other:7"),
    # a paper links the lexicon entry whose id is the discovered name's (which never takes it)
    "lexicon id taken": BEFORE[:2] + papers("suite:7") + BEFORE[2:],
    # new papers inserted anywhere, mentions merged into existing concepts
    "merged": papers("mujoco:0") + BEFORE[:3] + papers("flow-q:7", "ppo:8") + BEFORE[3:],
    "removed": BEFORE[1:2] + BEFORE[3:4] + BEFORE[5:],
    "abstract changed": BEFORE[:2] + [Paper("flowq-long-3", "flowq-other 3")] + BEFORE[3:],
    "reordered": BEFORE[::-1] + papers("flowq:7"),
    "unchanged": BEFORE,
    # the same papers read from another file: the extractions carry the papers as read now
    "moved": [evolve(p, source="moved.jsonl", line=n) for n, p in enumerate(BEFORE, 1)],
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("min_confidence", [0.0, 0.5])
def test_incremental_build_is_byte_identical_to_a_clean_one(tmp_path, fake_extractor, case, min_confidence):
    after = CASES[case]
    extract(BEFORE, cache=tmp_path, min_confidence=min_confidence)
    fake_extractor.clear()
    inc = extract(after, cache=tmp_path, min_confidence=min_confidence)
    assert fake_extractor == [p.id for p in after if p.abstract not in {b.abstract for b in BEFORE}]  # only new ones
    clean = extract(after, min_confidence=min_confidence)
    assert written(inc) == written(clean)
    assert list(inc.extractions) == clean.extractions
    assert written(extract(after, cache=tmp_path, min_confidence=min_confidence)) == written(inc)  # and again


def test_cached_extractions_behave_as_a_list(tmp_path, fake_extractor):
    extract(BEFORE, cache=tmp_path)
    after = CASES["merged"]
    inc, clean = extract(after, cache=tmp_path).extractions, extract(after).extractions
    assert len(inc) == len(clean) and inc[1:3] == clean[1:3] and inc[-1] == clean[-1]
    assert inc == clean and list(inc) == clean and inc != clean[:-1]


def test_a_damaged_cache_entry_is_extracted_again(tmp_path, fake_extractor):
    import sqlite3

    extract(BEFORE, cache=tmp_path)
    db = sqlite3.connect(tmp_path / "extractions.sqlite")
    keys = [kg.cache.paper_key(p) for p in BEFORE]
    db.execute("UPDATE extraction SET record = substr(record, 1, 30) WHERE key = ?", (keys[0],))  # kept
    db.execute("UPDATE extraction SET record = x'00' WHERE key = ?", (keys[1],))  # to be removed
    db.commit()
    db.close()
    after = BEFORE[:1] + BEFORE[2:] + papers("flowq:7")
    assert written(extract(after, cache=tmp_path)) == written(extract(after))
    db = sqlite3.connect(tmp_path / "extractions.sqlite")
    db.execute("DELETE FROM extraction WHERE key = ?", (keys[2],))  # kept, entry gone
    db.commit()
    db.close()
    after = after + papers("ppo:8")
    assert written(extract(after, cache=tmp_path)) == written(extract(after))


@pytest.mark.parametrize("damage", [b"", b"garbage", "flip", marshal.dumps(("fp", b"", 5))])
def test_a_damaged_link_state_means_a_clean_link(tmp_path, fake_extractor, damage):
    extract(BEFORE, cache=tmp_path)
    state = kg.cache.ExtractionCache(tmp_path / "extractions.sqlite").state_path
    data = state.read_bytes()
    if damage == "flip":  # still reads as marshal data: the checksum catches it
        i = data.index(b"concept/")
        damage = data[:i] + b"C" + data[i + 1:]
    state.write_bytes(damage)
    after = CASES["renamed"]
    assert written(extract(after, cache=tmp_path)) == written(extract(after))


def test_a_state_of_other_knowledge_is_not_used(tmp_path, fake_extractor, monkeypatch):
    from kg.link.linker import Linker as L

    extract(BEFORE, cache=tmp_path)
    store = kg.cache.ExtractionCache(tmp_path / "extractions.sqlite")
    assert store.link_state(kg.cache.link_fingerprint(0.0)) is not None
    assert store.link_state(kg.cache.link_fingerprint(0.5)) is None  # another threshold
    loads = []
    monkeypatch.setattr(L, "load", classmethod(lambda cls, *a: loads.append(a) or pytest.fail("state used")))
    monkeypatch.setattr(kg.cache, "knowledge_fingerprint", lambda: "other lexicon")
    monkeypatch.setattr(kg.cache, "_key_prefix", lambda: hashlib.sha256(b"other lexicon"))
    monkeypatch.setattr(kg.cache, "link_fingerprint", kg.cache.link_fingerprint.__wrapped__)  # uncached
    assert store.link_state(kg.cache.link_fingerprint(0.0)) is None
    fake_extractor.clear()
    after = CASES["renamed"]
    assert written(extract(after, cache=tmp_path)) == written(extract(after))
    assert len(fake_extractor) == 2 * len(after) and not loads  # everything extracted again, twice


def test_the_bundled_corpus_rebuilt_with_changes(tmp_path):
    from kg.ingest import bundled_corpus, read_papers

    corpus = list(read_papers(bundled_corpus(), on_warning=lambda _: None))
    first = corpus[:30] + corpus[40:]
    after = corpus[:5] + corpus[6:] + [evolve(corpus[7], id="copy-7", abstract=corpus[7].abstract + " Extra.")]
    extract(first, cache=tmp_path)
    assert written(extract(after, cache=tmp_path)) == written(extract(after))


@pytest.mark.parametrize("after", [BEFORE + BEFORE[:1], papers("mujoco:10", "flowq:11"), []],
                         ids=["same paper twice", "all new", "empty"])
def test_rebuilds_that_link_everything_again(tmp_path, fake_extractor, after):
    extract(BEFORE, cache=tmp_path)
    assert written(extract(after, cache=tmp_path)) == written(extract(after))
    assert written(extract(BEFORE, cache=tmp_path)) == written(extract(BEFORE))


def test_the_cache_key_covers_every_module_of_the_extraction_package():
    """A rule changed in a subpackage (``kg/extract/roles/``) must change the cache key,
    or a rebuild would serve records made by the old rule."""
    from pathlib import Path

    from kg.cache import extraction_code
    package = Path(kg.cache.__file__).parent
    hashed = {name for name, _ in extraction_code()}
    on_disk = {p.relative_to(package).as_posix() for p in (package / "extract").rglob("*.py")}
    assert any("/" in n.removeprefix("extract/") for n in on_disk)  # the package has a subpackage
    assert on_disk <= hashed
