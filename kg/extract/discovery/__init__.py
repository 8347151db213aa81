"""Discovery of concepts the lexicon does not know (being moved here from :mod:`kg.extract.names`)."""
