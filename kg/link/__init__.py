"""Linking: map per-paper mentions onto concept nodes shared across papers."""
from kg.link.lexicon import Lexicon, LexiconEntry, load_lexicon
from kg.link.linker import link

__all__ = ["Lexicon", "LexiconEntry", "load_lexicon", "link"]
