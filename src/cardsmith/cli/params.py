"""The command-line parameters more than one command takes, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

from ..sim.batch import MAX_JOBS

GameId = Annotated[str, typer.Argument(help="The game id.", show_default=False)]
OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="A game option as key=value (repeatable), e.g. `--option starting_player=P2`.",
        show_default=False,
    ),
]
Jobs = Annotated[
    int,
    typer.Option(
        "--jobs", "-j", help=f"Worker processes (at most {MAX_JOBS}); the output does not depend on it."
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")]
