"""Small helpers the extraction tests share (imported as a plain module: ``tests/`` is on the path)."""
from __future__ import annotations

from kg.records import Paper


def algorithm_roles(extractor, abstract: str, title: str | None = None) -> dict[str, str]:
    """Name -> role of every algorithm ``extractor`` finds in one paper."""
    ex = next(extractor.extract([Paper("t", abstract, title=title)]))
    return {m.name: m.role for m in ex.mentions if m.type == "algorithm"}
