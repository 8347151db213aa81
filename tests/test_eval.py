"""kg eval reproduces the contract scorer's figures."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kg.eval import load_records, score
from kg.errors import KGError

SHARED = Path(__file__).resolve().parents[2] / "shared" / "eval"
GOLD = SHARED / "dev.jsonl"


def _perturbed_predictions(tmp_path):
    """A prediction file derived from gold with known damage (drops, renames, role flips)."""
    preds = []
    for i, line in enumerate(GOLD.read_text(encoding="utf-8").splitlines()):
        g = json.loads(line)
        p = {k: g[k] for k in ("abstract",)}
        for t in ("methods", "algorithms", "models", "benchmarks", "fields", "metrics"):
            ents = [dict(e, id=f"c/{e['name'].lower()}") for e in g[t]]
            if i % 3 == 0 and ents:
                ents = ents[1:]
            if t == "algorithms" and i % 2:
                ents = [dict(e, role="mentioned") for e in ents]
            if i % 5 == 0:
                ents.append({"name": f"bogus-{i}", "aliases": [], "id": "c/bogus"})
            p[t] = ents
        p["claims"] = g["claims"][::2]
        preds.append(p)
    f = tmp_path / "pred.jsonl"
    f.write_text("".join(json.dumps(p) + "\n" for p in preds), encoding="utf-8")
    return f


@pytest.mark.skipif(not GOLD.exists(), reason="needs ../shared/eval (present in this workplace and in CI)")
def test_figures_equal_the_contract_scorer(tmp_path):
    pred = _perturbed_predictions(tmp_path)
    ref = json.loads(subprocess.run([sys.executable, str(SHARED / "score.py"), str(GOLD), str(pred), "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    ours = score(load_records(GOLD), load_records(pred)).to_dict()
    for key in ("methods", "algorithms", "models", "benchmarks", "fields", "metrics", "claims", "concepts", "linking"):
        for fig in ("precision", "recall", "f1"):
            assert ours[key][fig] == pytest.approx(ref[key][fig]), (key, fig)
    for key in ("algorithm_role_accuracy", "claim_kind_accuracy", "claim_value_accuracy", "primary_macro_f1"):
        assert ours[key] == pytest.approx(ref[key]), key
    assert ours["primary_macro_f1"] < 1.0


def test_perfect_prediction_scores_one():
    gold = [{"abstract": "x", "methods": [{"name": "A"}], "algorithms": [{"name": "PPO", "role": "compared"}],
             "benchmarks": [{"name": "MuJoCo"}], "claims": [{"sentence": "A beats PPO.", "kind": "empirical"}]}]
    s = score(gold, gold)
    assert s.primary_macro_f1 == 1.0 and s.errors == {}


def test_errors_list_false_positives_and_negatives():
    gold = [{"paper": "p", "abstract": "x", "algorithms": [{"name": "PPO", "role": "compared"}]}]
    pred = [{"abstract": "x", "algorithms": [{"name": "TRPO", "role": "compared"}]}]
    s = score(gold, pred)
    assert s.errors["p"] == ["FP algorithm: TRPO", "FN algorithm: PPO"]


def test_bad_gold_line_is_a_one_line_error(tmp_path):
    f = tmp_path / "gold.jsonl"
    f.write_text('{"abstract": "ok"}\n{broken\n', encoding="utf-8")
    with pytest.raises(KGError) as e:
        load_records(f)
    assert "gold.jsonl:2" in str(e.value) and "\n" not in str(e.value)
