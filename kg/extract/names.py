"""Discovery of concepts the lexicon does not know: the names :mod:`kg.extract.discovery` defines,
kept importable from here (:func:`discover`, :func:`title_name`, :func:`is_name_like` ...).
"""
from kg.extract.discovery import (
    _Discovery, discover, field_modifiers, is_name_like, metric_phrase_data, title_name, title_only_name,
)
from kg.extract.discovery.lists import _spells
from kg.extract.discovery.text import _occurrences

__all__ = [
    "_Discovery", "_occurrences", "_spells", "discover", "field_modifiers", "is_name_like", "metric_phrase_data",
    "title_name", "title_only_name",
]
