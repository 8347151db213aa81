"""Calibrated confidence: each extracted item falls in a bucket (its type, the rule that
found it, how often the paper uses it); the bucket's confidence is the precision that
kind of item had on annotated data (``kg/data/calibration.json``, written by
``scripts/calibrate.py`` from the tuning half of the dev set, Laplace-smoothed).

>>> from kg.records import Mention, Evidence
>>> ev = Evidence("p", "s", 0, 1, "abbreviation+proposal+repeat", 0.9)
>>> mention_bucket(Mention("method", "X", evidence=(ev, ev)))
'method|abbreviation+proposal|multi'
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from kg.records import Claim, Mention


def _family(extractor: str) -> str:
    return extractor.replace("+repeat", "")


def mention_bucket(m: Mention) -> str:
    fam = _family(m.evidence[0].extractor) if m.evidence else "none"
    return f"{m.type}|{fam}|{'multi' if len(m.evidence) > 1 else 'single'}"


def claim_bucket(c: Claim, rule_score: float) -> str:
    return f"claim|{c.kind}|{min(9, int(rule_score * 10))}"


@lru_cache(maxsize=2)
def load_calibration(path: str | None = None) -> dict[str, float]:
    """Bucket -> confidence. Missing file: an empty table (rule scores are kept)."""
    try:
        if path is None:
            text = (resources.files("kg") / "data" / "calibration.json").read_text(encoding="utf-8")
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except FileNotFoundError:
        return {}
    return json.loads(text)["buckets"]


def calibrated(bucket: str, fallback: float, table: dict[str, float]) -> float:
    """The bucket's calibrated confidence, else the bucket's type-level prior, else ``fallback``."""
    if bucket in table:
        return table[bucket]
    prior = table.get(bucket.split("|", 1)[0] + "|*")
    return prior if prior is not None else fallback
