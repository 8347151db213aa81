"""Precision/recall/F1 per entity type, claims and cross-paper linking.

The same measurement as the extraction contract's ``score.py`` (GUIDE.md): papers are
aligned by abstract text; two entities match when any normalised surface form is
shared (name plus at most six aliases); gold entities marked ``unnamed`` are neither
right nor wrong; claims match on sentence token overlap (Jaccard >= 0.7).

>>> g = [{"abstract": "A.", "algorithms": [{"name": "PPO", "role": "compared"}], "claims": []}]
>>> p = [{"abstract": "A.", "algorithms": [{"name": "Proximal Policy Optimization", "aliases": ["PPO"], "role": "compared"}]}]
>>> s = score(g, p)
>>> s.types["algorithms"].f1, s.role_accuracy
(1.0, 1.0)
"""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from kg.errors import E, KGError

TYPES = ["methods", "algorithms", "models", "benchmarks", "fields", "metrics"]
PRIMARY = ["methods", "algorithms", "benchmarks"]
MAX_ALIASES = 6


def norm(s: str) -> str:
    s = unicodedata.normalize("NFKD", str(s)).lower()
    s = re.sub(r"[^a-z0-9]+", "", s)
    if len(s) > 4 and s.endswith("s") and not s.endswith("ss"):
        s = s[:-1]
    return s


def _forms(ent) -> set[str]:
    if isinstance(ent, str):
        ent = {"name": ent}
    out = {norm(ent.get("name", ""))}
    out.update(norm(a) for a in (ent.get("aliases") or [])[:MAX_ALIASES])
    out.discard("")
    return out


def _tokens(s: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", s.lower()))


def _match(gold, pred):
    pairs, used = [], set()
    for g in gold:
        gf = _forms(g)
        for j, p in enumerate(pred):
            if j not in used and gf & _forms(p):
                pairs.append((g, p))
                used.add(j)
                break
    mg = {id(g) for g, _ in pairs}
    return pairs, [g for g in gold if id(g) not in mg], [p for j, p in enumerate(pred) if j not in used]


def _claim_match(gold, pred):
    pairs, used = [], set()
    for g in gold:
        gt = _tokens(g["sentence"])
        best, bj = 0.0, None
        for j, p in enumerate(pred):
            if j in used:
                continue
            pt = _tokens(p.get("sentence", ""))
            jac = len(gt & pt) / len(gt | pt) if gt | pt else 0.0
            if jac > best:
                best, bj = jac, j
        if bj is not None and best >= 0.7:
            used.add(bj)
            pairs.append((g, pred[bj]))
    return pairs


@dataclass
class PRF:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Score:
    types: dict[str, PRF]
    linking: PRF
    role_accuracy: float | None
    claim_kind_accuracy: float | None
    claim_value_accuracy: float | None
    papers: int
    missing: int
    errors: dict[str, list[str]] = field(default_factory=dict)  # paper -> lines

    @property
    def primary_macro_f1(self) -> float:
        return sum(self.types[t].f1 for t in PRIMARY + ["claims"]) / (len(PRIMARY) + 1)

    def to_dict(self) -> dict:
        d = {t: {"precision": r.precision, "recall": r.recall, "f1": r.f1, "tp": r.tp, "fp": r.fp, "fn": r.fn}
             for t, r in self.types.items()}
        d["linking"] = {"precision": self.linking.precision, "recall": self.linking.recall, "f1": self.linking.f1}
        d["algorithm_role_accuracy"] = self.role_accuracy
        d["claim_kind_accuracy"] = self.claim_kind_accuracy
        d["claim_value_accuracy"] = self.claim_value_accuracy
        d["papers"] = {"gold": self.papers, "missing_from_pred": self.missing}
        d["primary_macro_f1"] = self.primary_macro_f1
        return d


def load_records(path: str | Path) -> list[dict]:
    """Read a JSONL file of per-paper records; a bad line is a one-line KGError."""
    out = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise KGError(E.E001, path=path, detail=getattr(exc, "strerror", None) or str(exc)) from None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            o = json.loads(line)
        except json.JSONDecodeError as exc:
            raise KGError(E.E009, path=path, line=n, detail=f"invalid JSON: {exc.msg}") from None
        if not isinstance(o, dict) or not (o.get("abstract") or o.get("text")):
            raise KGError(E.E009, path=path, line=n, detail="record has no 'abstract' or 'text'")
        out.append(o)
    return out


def _name(e) -> str:
    return e if isinstance(e, str) else e.get("name", "")


def score(gold: list[dict], pred: list[dict]) -> Score:
    """Score predicted records against gold records (see module doc)."""
    key = lambda o: norm(o.get("abstract") or o.get("text"))[:120]  # noqa: E731
    G = {key(o): o for o in gold}
    P = {key(o): o for o in pred}
    counts = {t: PRF() for t in TYPES + ["claims", "concepts"]}
    role_ok = role_n = val_ok = val_n = kind_ok = kind_n = 0
    linked = []
    errors: dict[str, list[str]] = {}
    for k, g in G.items():
        p = P.get(k, {})
        pid = g.get("paper") or g.get("id") or k[:20]
        errs = errors.setdefault(pid, [])
        all_g, all_p, all_dc = [], [], []
        for t in TYPES:
            ge = [e for e in g.get(t) or [] if not (isinstance(e, dict) and e.get("unnamed"))]
            dc = [e for e in g.get(t) or [] if isinstance(e, dict) and e.get("unnamed")]
            pe = p.get(t) or []
            pairs, fn, fp = _match(ge, pe)
            fp = _match(dc, fp)[2]
            c = counts[t]
            c.tp += len(pairs); c.fp += len(fp); c.fn += len(fn)
            errs += [f"FP {t[:-1]}: {_name(e)}" for e in fp] + [f"FN {t[:-1]}: {_name(e)}" for e in fn]
            all_g += ge; all_p += pe; all_dc += dc
            for ge_, pe_ in pairs:
                linked.append((k, _forms(ge_), pe_.get("id") if isinstance(pe_, dict) else None, pid, _name(ge_)))
                if t == "algorithms" and isinstance(ge_, dict) and ge_.get("role"):
                    role_n += 1
                    ok = ge_.get("role") == pe_.get("role")
                    role_ok += ok
                    if not ok:
                        errs.append(f"ROLE {_name(ge_)}: gold {ge_.get('role')}, predicted {pe_.get('role')}")
        pairs, fn, fp = _match(all_g, all_p)
        fp = _match(all_dc, fp)[2]
        c = counts["concepts"]
        c.tp += len(pairs); c.fp += len(fp); c.fn += len(fn)
        gc, pc = g.get("claims") or [], p.get("claims") or []
        cp = _claim_match(gc, pc)
        c = counts["claims"]
        c.tp += len(cp); c.fp += len(pc) - len(cp); c.fn += len(gc) - len(cp)
        matched_g = {id(x) for x, _ in cp}
        matched_p = {id(y) for _, y in cp}
        errs += [f"FN claim: {x['sentence'][:100]}" for x in gc if id(x) not in matched_g]
        errs += [f"FP claim: {y.get('sentence', '')[:100]}" for y in pc if id(y) not in matched_p]
        for gcl, pcl in cp:
            kind_n += 1
            kind_ok += gcl.get("kind") == pcl.get("kind")
            if gcl.get("value"):
                val_n += 1
                pv = norm(pcl.get("value") or "")
                val_ok += bool(pv) and (pv in norm(gcl["value"]) or norm(gcl["value"]) in pv)
    lk = PRF()
    link_errs = []
    for (k1, f1, i1, p1, n1), (k2, f2, i2, p2, n2) in combinations(linked, 2):
        if k1 == k2:
            continue
        gs, ps = bool(f1 & f2), (i1 is not None and i1 == i2)
        lk.tp += gs and ps; lk.fp += ps and not gs; lk.fn += gs and not ps
        if ps and not gs:
            link_errs.append(f"LINK FP {p1}:{n1} ~ {p2}:{n2} both {i1}")
        elif gs and not ps:
            link_errs.append(f"LINK FN {p1}:{n1} ({i1}) ~ {p2}:{n2} ({i2})")
    if link_errs:
        errors["~linking"] = sorted(set(link_errs))
    return Score(
        types=counts, linking=lk,
        role_accuracy=role_ok / role_n if role_n else None,
        claim_kind_accuracy=kind_ok / kind_n if kind_n else None,
        claim_value_accuracy=val_ok / val_n if val_n else None,
        papers=len(G), missing=sum(1 for k in G if k not in P),
        errors={k: v for k, v in errors.items() if v},
    )


def format_report(s: Score) -> str:
    """The figures as a table, in the layout of the contract's scorer."""
    lines = [f"papers: {s.papers} gold, {s.missing} missing from predictions",
             f"{'type':<12}{'P':>7}{'R':>7}{'F1':>7}{'tp':>6}{'fp':>6}{'fn':>6}"]
    for t in TYPES + ["claims", "concepts"]:
        r = s.types[t]
        lines.append(f"{t:<12}{r.precision:7.3f}{r.recall:7.3f}{r.f1:7.3f}{r.tp:6d}{r.fp:6d}{r.fn:6d}")
    lines.append(f"{'linking':<12}{s.linking.precision:7.3f}{s.linking.recall:7.3f}{s.linking.f1:7.3f}")
    for name, v in (("algorithm_role_accuracy", s.role_accuracy), ("claim_kind_accuracy", s.claim_kind_accuracy),
                    ("claim_value_accuracy", s.claim_value_accuracy)):
        lines.append(f"{name}: {'n/a' if v is None else f'{v:.3f}'}")
    lines.append(f"primary macro F1 (methods, algorithms, benchmarks, claims): {s.primary_macro_f1:.3f}")
    return "\n".join(lines)


def format_errors(s: Score) -> str:
    """Per-paper false positives, false negatives and role errors."""
    out = []
    for pid in sorted(s.errors):
        out.append(f"== {pid}")
        out.extend(f"   {e}" for e in s.errors[pid])
    return "\n".join(out)
