"""Small helpers the extraction tests share (imported as a plain module: ``tests/`` is on the path)."""
from __future__ import annotations

from kg.records import Paper


def algorithm_roles(extractor, abstract: str, title: str | None = None) -> dict[str, str]:
    """Name -> role of every algorithm ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("t", abstract, title=title)]))
    return {m.name: m.role for m in ex.mentions if m.type == "algorithm"}


def algorithm_names(extractor, text: str, title: str | None = None) -> set[str]:
    """Names of the algorithms ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("p", text, title=title)]))
    return {m.name for m in ex.mentions if m.type == "algorithm"}
