"""cardsmith: a rules-enforcing engine for tabletop card games."""

__version__ = "0.1.0"
