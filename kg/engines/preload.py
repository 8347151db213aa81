"""Imported once by the ``forkserver`` of :func:`kg.engines.local.run_pool`: it builds the
extractor there, so every worker forked from the server starts with it ready instead
of importing spaCy and compiling the lexicon again (about a second per worker)."""
from kg.engines import _extractor

_extractor()
