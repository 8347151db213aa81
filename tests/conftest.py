"""Shared fixtures. Keep one section per topic; add new fixtures to the matching section."""
from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from kg.extract import Extractor
from kg.extract.cues import Cues, load_cues
from kg.graph import build_graph
from kg.link.lexicon import Lexicon, load_lexicon
from kg.records import Claim, Concept, Evidence, Extraction, Mention, Paper


_OWN_CACHE = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    # every test run gets its own extraction cache (kg caches under ~/.cache/kg by default),
    # removed when the run ends; xdist workers inherit the controller's
    if "KG_CACHE_DIR" not in os.environ:
        config.stash[_OWN_CACHE] = os.environ["KG_CACHE_DIR"] = tempfile.mkdtemp(prefix="kg-test-cache-")
    config.addinivalue_line(
        "markers", "round_trip(name): round-trip test of the exporter registered as `name`"
    )


def pytest_unconfigure(config: pytest.Config) -> None:
    own = config.stash.get(_OWN_CACHE, None)
    if own is not None:
        shutil.rmtree(own, ignore_errors=True)
        os.environ.pop("KG_CACHE_DIR", None)


# --------------------------------------------------------------------------- graph

#: Text that breaks naive CSV/XML/JSON/Turtle/HTML writers.
HOSTILE = 'Commas, "quotes", \'single\', a\nnewline, a\ttab, a\x0cform feed, a\u2028line separator, <script>alert(1)</script> & Schrödinger ∇θ — 日本語 \\ backslash; semi|pipe'


def _ev(pid: str, abstract: str, needle: str, extractor: str = "lexicon", conf: float = 0.9) -> Evidence:
    """Evidence whose offsets really point at ``needle`` in ``abstract``."""
    start = abstract.index(needle)
    return Evidence(pid, needle, start, start + len(needle), extractor, conf)


def sample_records() -> tuple[list[Extraction], dict[str, Concept]]:
    """Two papers covering every node type and every edge type, plus hostile text."""
    a1 = (
        'We propose FlowRL, a "flow-matching" policy, for <script>alert(1)</script> control.\n'
        "FlowRL builds on PPO, and we compare with TRPO on MuJoCo, using GPT-4 as a critic.\n"
        "We analyse Q-learning and mention Schrödinger bridges; reward, return & success rate.\n"
        "FlowRL improves return by 58.7% over PPO and TRPO on MuJoCo."
    )
    p1 = Paper(
        id="000-01",
        abstract=a1,
        title=f"FlowRL: {HOSTILE}",
        authors=("Zoë O'Brien", "Li, Wei", 'Jane "JJ" Doe'),
        year=2025,
        venue="ICML 2025",
        url="https://example.org/papers/000-01?x=1&y=2",
        source="corpus/icml, 2025.jsonl",
        line=1,
    )

    def ev1(needle: str, **kw) -> tuple[Evidence, ...]:
        return (_ev("000-01", a1, needle, **kw),)

    m1 = (
        Mention("method", "FlowRL", aliases=("Flow RL",), proposed=True,
                evidence=ev1("We propose FlowRL", extractor="rules", conf=0.95), concept="concept/flowrl"),
        Mention("benchmark", "FlowBench", proposed=True, evidence=ev1("FlowRL, a"),
                concept="concept/flowbench"),
        Mention("algorithm", "PPO", role="builds_on", evidence=ev1("FlowRL builds on PPO"),
                concept="concept/ppo-clip"),
        Mention("algorithm", "TRPO", role="compared", evidence=ev1("we compare with TRPO"),
                concept="concept/trpo"),
        Mention("algorithm", "Q-learning", role="studied", evidence=ev1("We analyse Q-learning"),
                concept="concept/q-learning"),
        Mention("method", "Schrödinger bridge", evidence=ev1("Schrödinger bridges"),
                concept="concept/schrödinger bridge"),
        Mention("benchmark", "MuJoCo", evidence=ev1("on MuJoCo"), concept="concept/mujoco"),
        Mention("model", "GPT-4", evidence=ev1("using GPT-4"), concept="concept/gpt-4"),
        Mention("field", "reinforcement learning", evidence=(), concept="concept/rl"),
        Mention("metric", "return", evidence=ev1("return &"), concept="concept/return"),
        Mention("algorithm", "unlinked thing"),  # no concept: must not appear
    )
    c1 = (
        Claim(
            sentence="FlowRL improves return by 58.7% over PPO and TRPO on MuJoCo.",
            kind="empirical", subject="FlowRL", baselines=("PPO", "TRPO"), metric="return",
            value="58.7%", benchmark="MuJoCo", confidence=0.8,
            evidence=_ev("000-01", a1, "FlowRL improves return by 58.7% over PPO and TRPO on MuJoCo.",
                         extractor="claims", conf=0.8),
        ),
        Claim(sentence=f"Claim with {HOSTILE}", kind="finding", subject="GPT-4", confidence=0.5,
              evidence=Evidence("000-01", f"Claim with {HOSTILE}", 0, 5, "claims", 0.5)),
    )
    a2 = "A second abstract, with no metadata at all; it mentions PPO and GPT-4."
    p2 = Paper(id="000-02", abstract=a2)
    m2 = (
        Mention("algorithm", "PPO", evidence=(_ev("000-02", a2, "mentions PPO", conf=1 / 3),),
                concept="concept/ppo"),
        Mention("model", "GPT-4", evidence=(_ev("000-02", a2, "GPT-4"),), concept="concept/gpt-4"),
    )
    extractions = [
        Extraction(p2, m2),  # deliberately out of order
        Extraction(p1, m1, c1, label="FlowRL"),
    ]
    concepts = {c.id: c for c in (
        Concept("concept/flowrl", "method", "FlowRL", aliases=("Flow RL", "FlowRL; v2"), source="discovered"),
        Concept("concept/flowbench", "benchmark", "FlowBench", source="discovered"),
        Concept("concept/ppo", "algorithm", "PPO",
                aliases=("Proximal Policy Optimization", 'PPO "clip", v2', "PPO|pipe")),
        Concept("concept/ppo-clip", "algorithm", "PPO-Clip", parent="concept/ppo"),
        Concept("concept/trpo", "algorithm", "TRPO", aliases=("Trust Region Policy Optimization",)),
        Concept("concept/q-learning", "algorithm", "Q-learning"),
        Concept("concept/schrödinger bridge", "method", "Schrödinger bridge", aliases=(HOSTILE,)),
        Concept("concept/mujoco", "benchmark", "MuJoCo", aliases=("Mujoco",)),
        Concept("concept/gpt-4", "model", "GPT-4"),
        Concept("concept/rl", "field", "reinforcement learning", aliases=("RL",)),
        Concept("concept/return", "metric", "return"),
        Concept("concept/unused", "algorithm", "Unused"),
    )}
    return extractions, concepts


@pytest.fixture
def records() -> tuple[list[Extraction], dict[str, Concept]]:
    """``(extractions, concepts)`` for :func:`kg.graph.build_graph`, see :func:`sample_records`."""
    return sample_records()


@pytest.fixture
def kg_graph(records):
    """A small built graph: every node and edge type, hostile text, sparse attributes."""
    return build_graph(*records)


# --------------------------------------------------------------------------- bundled build


@pytest.fixture(scope="session")
def bundled_build(tmp_path_factory):
    """Directory of a real build (every export) of the bundled corpus, built once per session."""
    from kg.pipeline import build

    out = tmp_path_factory.mktemp("bundled") / "exports"
    build([], out)
    return out


# --------------------------------------------------------------------------- extraction

@pytest.fixture(scope="session")
def cues() -> Cues:
    """The bundled cue file, compiled (``load_cues`` caches it)."""
    return load_cues()


@pytest.fixture(scope="session")
def shipped_lexicon() -> Lexicon:
    """The shipped lexicon (``kg/data/lexicon``; ``load_lexicon`` reads it once per process)."""
    return load_lexicon()


@pytest.fixture(scope="session")
def shipped_extractor(shipped_lexicon) -> Extractor:
    """One extractor over the shipped lexicon for the whole run (building one takes about a second)."""
    return Extractor(shipped_lexicon)
