"""Small helpers the extraction tests share (imported as a plain module: ``tests/`` is on the path)."""
from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

from kg.datafiles import pattern_entries
from kg.extract.claims import classify_sentence
from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Paper

#: a small injected lexicon of five algorithms and a benchmark, for tests that must not depend on the
#: shipped one
SMALL_LEXICON = Lexicon.from_entries([
    LexiconEntry("gail", "GAIL", "algorithm"),
    LexiconEntry("gcn", "GCN", "algorithm"),
    LexiconEntry("gat", "GAT", "algorithm"),
    LexiconEntry("dqn", "DQN", "algorithm"),
    LexiconEntry("rainbow", "Rainbow", "algorithm"),
    LexiconEntry("cora", "Cora", "benchmark"),
])


def cue_lists() -> dict[str, list[str]]:
    """Every cue list of ``kg/data/patterns/cues.json`` by name ("proposal", "roles.compared",
    "claims.result", ...), as written in the file."""
    d = json.loads((resources.files("kg") / "data" / "patterns" / "cues.json").read_text(encoding="utf-8"))
    out = {k: v for k, v in d.items() if isinstance(v, list) and k in ("proposal", "baseline_intro")}
    out.update({f"roles.{k}": v for k, v in d["roles"].items()})
    out.update({f"claims.{k}": v for k, v in d["claims"].items()})
    return out


def algorithm_roles(extractor, abstract: str, title: str | None = None) -> dict[str, str]:
    """Name -> role of every algorithm ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("t", abstract, title=title)]))
    return {m.name: m.role for m in ex.mentions if m.type == "algorithm"}


def algorithm_names(extractor, text: str, title: str | None = None) -> set[str]:
    """Names of the algorithms ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text, title=title)]))
    return {m.name for m in ex.mentions if m.type == "algorithm"}


def role(sentence: str, name: str, *, own: bool = True, describes: bool = False, study: bool = False,
         own_names: frozenset[str] = frozenset()) -> str:
    """The role :func:`~kg.extract.roles.occurrence_role` gives the first ``name`` in one sentence, read
    with the bundled cues; the keywords are those of ``occurrence_role``."""
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), load_cues(), own=own, describes=describes,
                           study=study, own_names=own_names)[0]


def claim_kind(cues, sentence: str, *, own: bool = False, index: int = 5, late: bool = True,
               after_own: bool = True, prior: str = "empirical", study: bool = False) -> str | None:
    """The kind :func:`~kg.extract.claims.classify_sentence` gives one sentence, by default a late
    sentence after the paper's own proposal that names no method of its own."""
    return classify_sentence(sentence, index, cues, own, late=late, after_own=after_own, prior=prior, study=study)[0]


def mention_names(extractor, text: str, etype: str, title: str | None = None) -> set[str]:
    """Lower-cased names of the ``etype`` mentions ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text, title=title)]))
    return {m.name.lower() for m in ex.mentions if m.type == etype}


def written_names(extractor, text: str, etype: str) -> set[str]:
    """Names, as written, of the ``etype`` mentions ``extractor`` finds in one paper."""
    return {name for name, m in mentions_by_name(extractor, text).items() if m.type == etype}


def mentions_by_name(extractor, text: str) -> dict[str, object]:
    """``{name: mention}`` of the concepts ``extractor`` finds in one paper."""
    [ex] = list(extractor.extract([Paper("p", text)]))
    return {m.name: m for m in ex.mentions}


def lexicon_file_types(filename: str) -> set[str]:
    """The entity types of the entries in one shipped lexicon file (``kg/data/lexicon/FILENAME``)."""
    text = (resources.files("kg") / "data" / "lexicon" / filename).read_text(encoding="utf-8")
    return {json.loads(line)["type"] for line in text.splitlines() if line.strip()}


def assert_lexicon_file_resolves(filename: str, types: set[str]) -> None:
    """Every entry of one shipped lexicon file has one of ``types`` and a parent the lexicon
    knows (or none), and each of its forms looks up to that entry and no other."""
    from kg.link import load_lexicon
    lex = load_lexicon()
    text = (resources.files("kg") / "data" / "lexicon" / filename).read_text(encoding="utf-8")
    for line in text.splitlines():
        d = json.loads(line)
        assert d["type"] in types, d["id"]
        assert d.get("parent") is None or lex.get(d["parent"]) is not None, d["id"]
        for form in (d["name"], *d["aliases"]):
            assert lex.lookup(form).id == d["id"], form


def data_file_readers(call: str) -> dict[str, set[str]]:
    """``{data file name: modules under kg/ that read it}`` by calls of ``call`` with a literal name
    (``load_patterns("claim_patterns")``); kg/datafiles.py, whose docstring shows calls, left out."""
    root = Path(str(resources.files("kg")))
    readers: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        if rel != "datafiles.py":
            for name in re.findall(rf'\b{call}\("(\w+)"\)', path.read_text(encoding="utf-8")):
                readers.setdefault(name, set()).add(rel)
    return readers


def assert_owners_use_exactly(name: str, owners: tuple[str, ...], call: str, alias: str) -> None:
    """The modules ``owners`` read data file ``name`` with ``call`` into ``alias`` (``_P``, ``_W``),
    use only its entries (``alias.entry``), and together use every one of them."""
    entries, used = set(pattern_entries(name)), set()
    for owner in owners:
        source = (resources.files("kg") / owner).read_text(encoding="utf-8")
        assert name in re.findall(rf'\b{call}\("(\w+)"\)', source), owner
        uses = set(re.findall(rf"\b{alias}\.(\w+)", source))
        assert uses <= entries, f"{owner} uses {sorted(uses - entries)}, which {name}.json lacks"
        used |= uses
    assert used == entries, f"no owner of {name}.json uses {sorted(entries - used)}"
