"""Errors the command line raises on bad arguments (each a one-line message)."""

from __future__ import annotations

from ..core.errors import CardsmithError


class CliError(CardsmithError):
    """A command-line argument that cannot be used (a bad path, seat or number)."""
