"""Scoring per-paper extractions against gold annotations (the shared contract)."""
from kg.eval.scoring import Score, load_records, score, format_report, format_errors

__all__ = ["Score", "load_records", "score", "format_report", "format_errors"]
