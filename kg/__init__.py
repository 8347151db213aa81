"""kg: build a typed, linked knowledge graph from machine-learning paper abstracts.

The library is organised as one-way stages that hand typed records to each other::

    ingest  ->  extract  ->  link  ->  graph  ->  export / query

>>> from kg import __version__
>>> isinstance(__version__, str)
True
"""

__version__ = "0.1.0"
