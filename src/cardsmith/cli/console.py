"""The consoles every command prints through: tables on stdout, progress and status on stderr."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..core.registry import get_game

T = TypeVar("T")


def out() -> Console:
    """The console for a command's report; piped output is wide enough that tables are not squeezed into 80
    columns."""
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(highlight=False, width=160)
    return console


def progress(stderr: Console, quiet: bool) -> Progress:
    """A progress bar on stderr, shown only at a terminal and never with --json."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=stderr,
        disable=quiet or not stderr.is_terminal,
        transient=True,
    )


def measure_each(ids: list[str], what: Callable[[str], str], measure: Callable[[str], T]) -> dict[str, T]:
    """``measure(game_id)`` for every game, a spinner on stderr saying ``what(game_id)``; every id is checked
    first, so an unknown game is refused before anything is measured."""
    for game_id in ids:
        get_game(game_id)
    stderr = Console(stderr=True)
    results: dict[str, T] = {}
    for game_id in ids:
        with stderr.status(what(game_id), spinner="dots"):
            results[game_id] = measure(game_id)
    return results
