"""``cardsmith experiment`` and ``cardsmith report``: paired rule experiments and balance reports, and the
``--backend`` / ``--address`` parameters every batch command takes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..agents.factory import parse_seats
from ..core.registry import get_game
from ..sim.batch import BACKENDS, MAX_GAMES
from ..sim.experiment import ExperimentResult, experiment
from ..sim.report import build_report
from ..sim.settings import RunSettings
from ..sim.stats import Estimate
from .console import out, progress
from .errors import CliError
from .options import parse_options
from .params import AsJson, GameId, Jobs

Backend = Annotated[
    str,
    typer.Option(
        help="Where the games are played: `local` (worker processes, see --jobs) or `ray` (Ray tasks on the "
        "cluster at --address, or on a Ray started on this machine; `pip install 'cardsmith[distributed]'`). "
        "The same seeds give the same result either way."
    ),
]
Address = Annotated[
    str | None,
    typer.Option(
        help="With --backend ray: the Ray cluster to join (e.g. `auto` or `ray://HOST:10001`).",
        show_default=False,
    ),
]
LabGames = Annotated[int, typer.Option("--games", "-n", help=f"Games to play (at most {MAX_GAMES:,}).")]
LabSeed = Annotated[int, typer.Option(help="The run's seed; game i is seeded from it and i.")]
LabSeats = Annotated[
    str | None,
    typer.Option(
        help="One agent per seat, comma-separated (e.g. `heuristic,heuristic,heuristic`). Default: random agents "
        "for the game's minimum number of players.",
        show_default=False,
    ),
]


def check_backend(backend: str, address: str | None) -> None:
    """Refuse an unknown backend, or an --address without --backend ray."""
    if backend not in BACKENDS:
        raise CliError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if address is not None and backend != "ray":
        raise CliError("--address is for --backend ray")


@contextmanager
def batch_run(
    jobs: int, backend: str, address: str | None, what: str, total: int | None, quiet: bool
) -> Iterator[RunSettings]:
    """The settings a batch command's run takes, built once from ``--jobs``, ``--backend`` and ``--address``, with a
    progress bar labelled ``what`` on stderr (shown only at a terminal, never when ``quiet``)."""
    with progress(Console(stderr=True), quiet) as bar:
        task = bar.add_task(what, total=total)
        yield RunSettings(
            jobs, lambda done, total: bar.update(task, completed=done, total=total), backend, address
        )


def _seats(game: str, seats: str | None) -> list[str]:
    return parse_seats(seats) if seats is not None else ["random"] * get_game(game).min_players


def _estimate(e: Estimate, percent: bool) -> list[str]:
    f = (lambda x: f"{x:+.1%}") if percent else (lambda x: f"{x:+.2f}")
    return [f(e.estimate), f"{f(e.low)} to {f(e.high)}", f"{e.p_value:.3g}"]


def experiment_report(result: ExperimentResult) -> RenderableType:
    """Each arm's wins per seat with intervals, draws and turns, then the paired differences (A minus B)."""
    game = get_game(result.game)
    arms = Table(title=f"{game.name}: {result.games} paired games, seed {result.seed}", title_justify="left")
    for heading in ("Seat", "Agent", "A wins", "A rate (95% CI)", "B wins", "B rate (95% CI)"):
        arms.add_column(heading, justify="left" if heading in ("Seat", "Agent") else "right")
    a, b = result.a, result.b
    for s in range(len(result.seats)):
        cells = [game.seat_name(s), result.seats[s]]
        for arm in (a, b):
            lo, hi = arm.ci95[s]
            cells += [str(arm.wins[s]), f"{arm.win_rates[s]:.1%} ({lo:.1%} - {hi:.1%})"]
        arms.add_row(*cells)
    diff = Table(
        title="Difference A - B over the paired games (95% interval, paired test)", title_justify="left"
    )
    for heading in ("Measure", "Estimate", "95% interval", "p-value"):
        diff.add_column(heading, justify="left" if heading == "Measure" else "right")
    diff.add_row(f"{game.seat_name(0)} win rate", *_estimate(result.win_rate_seat0, True))
    diff.add_row("turns per game", *_estimate(result.mean_turns, False))
    lines = [
        "A: " + (" ".join(f"{k}={v}" for k, v in result.a_options.items()) or "defaults"),
        "B: " + (" ".join(f"{k}={v}" for k, v in result.b_options.items()) or "defaults"),
        f"Draws: A {a.draws}, B {b.draws}. Errors: A {a.error_count}, B {b.error_count}. Pairs compared: "
        f"{result.pairs}.",
        f"Turns: mean A {a.mean_turns:.2f}, B {b.mean_turns:.2f}.",
        "Wins tested with the exact McNemar test, turns with a paired z-test.",
    ]
    return Group(arms, diff, *(Text(line) for line in lines))


def experiment_cmd(
    game: GameId,
    a: Annotated[
        list[str] | None,
        typer.Option(
            "--a",
            help="An option of arm A as key=value (repeatable; `@FILE` reads a file, e.g. a deck list).",
            show_default=False,
        ),
    ] = None,
    b: Annotated[
        list[str] | None,
        typer.Option("--b", help="An option of arm B as key=value (repeatable).", show_default=False),
    ] = None,
    games: LabGames = 100,
    seed: LabSeed = 0,
    seats: LabSeats = None,
    jobs: Jobs = 1,
    backend: Backend = "local",
    address: Address = None,
    as_json: AsJson = False,
) -> None:
    """Compare two sets of options (rules, card sets, deck lists) played on the same seeds.

    Both arms play games 0..N-1 seeded alike with the same seats; the paired differences (A - B) of the first
    seat's win rate and of the turns per game get 95% intervals and a paired test.

    Examples:

        cardsmith experiment taidian --a extra_punches=true --b extra_punches=false -n 200
        cardsmith experiment dbz --a decklist_p1=@mine.txt --b deck_p1=kairo -n 100 --json
    """
    check_backend(backend, address)
    names = _seats(game, seats)
    a_opts, b_opts = parse_options(a or []), parse_options(b or [])
    with batch_run(jobs, backend, address, f"experiment {game}", 2 * games, as_json) as run:
        result = experiment(game, a_opts, b_opts, games, seed, names, run=run)
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        out().print(experiment_report(result))


def report_cmd(
    game: GameId,
    out_dir: Annotated[
        str, typer.Option("--out", help="The folder to write index.html and the CSV files into.")
    ],
    games: LabGames = 1000,
    seed: LabSeed = 0,
    seats: LabSeats = None,
    jobs: Jobs = 1,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value (repeatable).", show_default=False),
    ] = None,
    backend: Backend = "local",
    address: Address = None,
) -> None:
    """Write a balance report: one self-contained HTML page with plots, and the data as CSV.

    The page (it opens offline) shows win rates by seat, the first player's advantage, game lengths, and per card
    how often it is played and the win rate of the seat that played it, with outliers flagged.

    Examples:

        cardsmith report ani-mayhem -n 500 --seats heuristic,heuristic,heuristic --out reports/am
        cardsmith report martial-arts -n 200 --out reports/ma
    """
    check_backend(backend, address)
    names = _seats(game, seats)
    options = parse_options(option or [])
    with batch_run(jobs, backend, address, f"report {game}", games, False) as run:
        report = build_report(game, games, seed, names, out_dir, options, run=run)
    typer.echo(f"Report written to {report.index} ({report.result.completed} of {games} games completed)")
