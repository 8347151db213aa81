"""The front door: inputs -> extractions -> linked concepts -> graph -> exports.

The CLI is a thin shell over these functions.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import networkx as nx

from kg.errors import E, KGError
from kg.extract import Extractor
from kg.extract.serialize import write_extractions
from kg.graph import build_graph
from kg.ingest import bundled_corpus, read_papers
from kg.link import Lexicon, link, load_lexicon
from kg.records import Concept, Extraction, MergeRecord, Paper

OnWarning = Callable[[str], None]


@dataclass
class Result:
    extractions: list[Extraction]
    concepts: dict[str, Concept]
    merges: list[MergeRecord]
    graph: nx.MultiDiGraph | None = None
    written: list[Path] | None = None


def _noop(_: str) -> None:
    pass


def load_papers(inputs: Sequence[str | os.PathLike], on_warning: OnWarning = _noop) -> list[Paper]:
    """Read every input (the bundled corpus when none is given)."""
    paths = list(inputs) or bundled_corpus()
    papers = list(read_papers(paths, on_warning=on_warning))
    if not papers:
        raise KGError(E.E006)
    return papers


def _at_least(ex: Extraction, threshold: float) -> Extraction:
    return replace(ex, mentions=tuple(m for m in ex.mentions if m.confidence >= threshold),
                   claims=tuple(c for c in ex.claims if c.confidence >= threshold))


def extract(
    papers: Iterable[Paper],
    *,
    lexicon: Lexicon | None = None,
    min_confidence: float = 0.0,
    progress: Callable[[Iterable], Iterable] | None = None,
) -> Result:
    """Extract and link: per-paper extractions with concept ids, the concepts, the merge log.

    Items whose calibrated confidence is below ``min_confidence`` are dropped before linking.
    """
    lexicon = lexicon if lexicon is not None else load_lexicon()
    papers = list(papers)
    stream = Extractor(lexicon).extract(papers)
    if progress is not None:
        stream = progress(stream)
    raw = [_at_least(e, min_confidence) if min_confidence > 0 else e for e in stream]
    linked, concepts, merges = link(raw, lexicon)
    return Result(linked, concepts, merges)


def _write_text(path: Path, write: Callable) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        write(fh)


def write_extraction_file(result: Result, out: str | os.PathLike) -> Path:
    """Write ``extractions.jsonl`` atomically (temp file beside it, then rename)."""
    out = Path(out)
    _check_writable_file(out)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    os.close(fd)
    try:
        _write_text(Path(tmp), lambda fh: write_extractions(result.extractions, fh))
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out


def _check_writable_file(out: Path) -> None:
    if out.is_dir():
        raise KGError(E.E005, path=out, detail="is a directory")
    if not out.parent.is_dir():
        raise KGError(E.E005, path=out, detail=f"directory {out.parent} does not exist")
    if not os.access(out.parent, os.W_OK):
        raise KGError(E.E005, path=out, detail="directory is not writable")


def _merge_log_writer(merges: list[MergeRecord]):
    def write(fh):
        for m in merges:
            fh.write(json.dumps({"surface": m.surface, "concept": m.concept, "reason": m.reason,
                                 "papers": list(m.papers)}, ensure_ascii=False) + "\n")
    return write


def _concepts_writer(concepts: dict[str, Concept]):
    def write(fh):
        for cid in sorted(concepts):
            c = concepts[cid]
            fh.write(json.dumps({"id": c.id, "type": c.type, "name": c.name, "aliases": sorted(c.aliases),
                                 "parent": c.parent, "origin": c.source}, ensure_ascii=False) + "\n")
    return write


def build(
    inputs: Sequence[str | os.PathLike],
    out_dir: str | os.PathLike,
    *,
    formats: Sequence[str] | None = None,
    lexicon: Lexicon | None = None,
    min_confidence: float = 0.0,
    on_warning: OnWarning = _noop,
    progress: Callable[[Iterable], Iterable] | None = None,
) -> Result:
    """Run the whole job and write every export under ``out_dir``.

    All files are first written to a staging directory inside ``out_dir`` and moved
    into place only when every one is complete, so a failed build leaves the previous
    exports whole.
    """
    from kg.export import EXPORTERS, export

    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise KGError(E.E005, path=out, detail="exists and is not a directory")
    papers = load_papers(inputs, on_warning)
    result = extract(papers, lexicon=lexicon, min_confidence=min_confidence, progress=progress)
    result.graph = build_graph(result.extractions, result.concepts)
    names = list(formats) if formats else list(EXPORTERS)
    unknown = [n for n in names if n not in EXPORTERS]
    if unknown:
        raise KGError(E.E010, name=unknown[0], known=", ".join(EXPORTERS))
    try:
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".kg-staging-", dir=out))
    except OSError as exc:
        raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None
    try:
        _write_text(staging / "extractions.jsonl", lambda fh: write_extractions(result.extractions, fh))
        _write_text(staging / "merge_log.jsonl", _merge_log_writer(result.merges))
        _write_text(staging / "concepts.jsonl", _concepts_writer(result.concepts))
        export(result.graph, staging, names, on_warning=on_warning)
        written = []
        for item in sorted(staging.iterdir()):
            target = out / item.name
            if item.is_dir():
                old = None
                if target.exists():
                    old = out / f".{item.name}.old-{os.getpid()}"
                    os.replace(target, old)
                os.replace(item, target)
                if old is not None:
                    shutil.rmtree(old, ignore_errors=True)
            else:
                os.chmod(item, 0o644)
                os.replace(item, target)
            written.append(target)
        result.written = written
    except OSError as exc:
        raise KGError(E.E005, path=out, detail=exc.strerror or str(exc)) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return result
