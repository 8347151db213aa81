"""Size-suffixed model names: "Llama3-8B", "Qwen2.5-7B-Instruct", "ProofForge-7B"."""
from __future__ import annotations

import re

from kg.extract.hits import Hit
from kg.datafiles import load_patterns
from kg.link.lexicon import Lexicon
from kg.text import norm_key

_P = load_patterns("discovery_patterns")  # the expressions of kg/data/patterns/discovery_patterns.json, by name

# a size ("7B", "350M"): every model_size match ends with one (opens with the unit letter, then looks
# back at the digit: the engine skips to B/M/b/m in C, where "\d" first tested every character)
_MODEL_SIZE_GATE = re.compile(r"[BMbm](?<=\d[BMbm])\b")

_SIZE_SUFFIX = re.compile(r"[\s\-]?\d+(?:\.\d+)?[BMbm](?:[\s\-].*)?$")


def _model_family(name: str, lexicon: Lexicon) -> str | None:
    """The known model a size-suffixed name is an instance of: ``Qwen2.5-7B-Instruct`` -> Qwen2.5.

    >>> from kg.link.lexicon import Lexicon, LexiconEntry
    >>> _model_family("Qwen2.5-7B-Instruct", Lexicon.from_entries([LexiconEntry("qwen2-5", "Qwen2.5", "model")]))
    'qwen2-5'
    """
    family = _SIZE_SUFFIX.sub("", name)
    e = lexicon.lookup(family) if family and family != name else None
    return e.id if e is not None and e.type == "model" else None


class ModelRules:
    """The rule for sized model names, mixed into :class:`kg.extract.discovery._Discovery`."""

    def model_sizes(self) -> None:
        """Size-suffixed model names: "Llama3-8B"; "ProofForge-7B" after "we present ProofForge" is the paper's own."""
        text, found, overlaps = self.text, self.found, self.overlaps
        for m in (_P.model_size.finditer(text) if _MODEL_SIZE_GATE.search(text) else ()):
            tok = m.group(0)
            own_hit = found.get(norm_key(_SIZE_SUFFIX.sub("", tok)))
            if own_hit is not None and own_hit.proposed and not overlaps(m.start(), m.end()):
                # "ProofForge-7B" after "we present ProofForge": a size of the paper's own model
                self.sized.append(own_hit.with_(start=m.start(), end=m.end(), text=tok, extractor="pattern:model+own",
                                                long=None))
                self.take(m.start(), m.end())
                continue
            if not overlaps(m.start(), m.end()) and not self.is_known(m.start(), m.end(), tok):
                family = self.lexicon.lookup(_SIZE_SUFFIX.sub("", tok))
                if family is not None and family.type == "benchmark":  # "MovieLens-32M": a release of a dataset
                    self.add(Hit(m.start(), m.end(), tok, "benchmark", norm_key(tok), "pattern:benchmark-variant", 0.7,
                                 parent=family.id))
                    continue
                self.add(Hit(m.start(), m.end(), tok, "model", norm_key(tok), "pattern:model", 0.8,
                             parent=_model_family(tok, self.lexicon)))
