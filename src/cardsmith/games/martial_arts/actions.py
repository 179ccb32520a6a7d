"""Martial Arts: every kind of option the game offers, with typed arguments, declared in ``verbs.toml``.

A card in hand is named by what it is (its card name): copies are interchangeable (MA-1.24), so two copies are one
option, and the rules play the lowest-numbered copy of that name in the hand.
"""

from __future__ import annotations

from ...core.verbfile import load_verbs

VERBS = load_verbs(__package__)
"""The verbs of Martial Arts, in action-space order."""
