"""Discovery of concepts the lexicon does not know: newly named methods, benchmarks, models.

Pure functions over the cleaned text; :class:`kg.extract.components.Discovery` calls :func:`discover`.
Patterns: abbreviation definitions, "we propose/introduce/present X", "called/dubbed X",
"X, a novel ...", "on the X benchmark", size-suffixed model names ("Llama3-8B").
The type comes from context: the head noun that follows or ends the name.

One text's discovery is a :class:`_Discovery`: the shared state (``state``) and one method per
rule, a rule family a module:

- ``text``: shared text predicates and patterns (what looks like a coined name, where a name occurs);
- ``kinds``: a name's type from its context or head word, its parent among known algorithms;
- ``proposals``: names a proposal cue or the title gives ("We introduce Craftium, ...");
- ``own_names``: the paper's own names in apposition or as "our proposed X";
- ``definitions``: abbreviation definitions ("Q-Sparse Attention (QSA)");
- ``benchmarks``: benchmark names, variants and lists;
- ``lists``: enumerations and the baselines listed after a comparison;
- ``models``: size-suffixed model names;
- ``techniques``: existing techniques named by a head word or a description;
- ``metrics``: measures named by a metric head word.

>>> from kg.extract.cues import load_cues
>>> from kg.link.lexicon import Lexicon
>>> text = "We introduce Craftium, a platform for building rich 3D environments."
>>> [(h.text, h.type, h.proposed, h.also_benchmark) for h in discover(text, [(0, len(text))], [], [], Lexicon.from_entries([]), load_cues())]
[('Craftium', 'method', True, True)]
"""
from __future__ import annotations

from collections.abc import Sequence

from kg.extract.abbreviations import Abbreviation
from kg.extract.cues import Cues
from kg.extract.discovery.benchmarks import BenchmarkRules
from kg.extract.discovery.definitions import DefinitionRules, field_modifiers
from kg.extract.discovery.lists import BaselineRules
from kg.extract.discovery.metrics import MetricRules, metric_phrase_data
from kg.extract.discovery.models import ModelRules
from kg.extract.discovery.own_names import OwnNameRules
from kg.extract.discovery.proposals import ProposalRules, title_name, title_only_name
from kg.extract.discovery.state import DiscoveryState
from kg.extract.discovery.techniques import TechniqueRules
from kg.extract.discovery.text import is_name_like
from kg.extract.hits import Hit
from kg.link.lexicon import Lexicon

__all__ = [
    "_Discovery", "discover", "field_modifiers", "is_name_like", "metric_phrase_data", "title_name",
    "title_only_name",
]


class _Discovery(ProposalRules, OwnNameRules, DefinitionRules, BenchmarkRules, BaselineRules, ModelRules,
                 TechniqueRules, MetricRules, DiscoveryState):
    """One text's discovery: the state the rules share and the helpers (:class:`DiscoveryState`),
    and one method per rule (a mixin per rule family).

    A rule adds the hits it finds to ``found`` and takes their spans, so a later rule skips
    what an earlier one named; :func:`discover` runs the rules in a fixed order.
    """


def discover(
    text: str,
    sents: Sequence[tuple[int, int]],
    abbreviations: Sequence[Abbreviation],
    lexicon_hits: Sequence[Hit],
    lexicon: Lexicon,
    cues: Cues,
    title: str | None = None,
) -> list[Hit]:
    """Hits for concepts found by patterns (see module doc), with every later occurrence.

    ``title``, when known, contributes the name it gives before a colon, if the
    abstract uses that name too.
    """
    d = _Discovery(text, sents, abbreviations, lexicon_hits, lexicon, cues, title)
    d.title_name_hit()
    d.abbreviation_definitions()
    d.names_after_proposals()
    d.known_names_introduced()
    d.appositions()
    d.our_method_appositions()
    d.our_method_dashed()
    d.our_named_heads()
    d.proposed_names()
    d.benchmark_variants()
    d.versioned_short_forms()
    d.names_before_benchmark_heads()
    d.benchmark_like_names()
    d.lists_with_a_known_benchmark()
    d.lists_after_benchmark_heads()
    d.sources_after_benchmark_heads()
    d.unknown_baselines()
    d.lists_with_known_algorithms()
    d.title_only_name_hit()
    d.model_sizes()
    d.result_subject()
    d.surname_algorithms()  # before "the FooNet method": "the Birkhoff-von Neumann algorithm" keeps its head word
    d.named_algorithms()
    d.named_optimizers()
    d.cited_techniques()
    d.styled_names()
    d.derived_names()
    d.metric_phrases()
    d.acronyms_of_known_names()
    return d.repeats()
