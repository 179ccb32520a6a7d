"""The ``cardsmith`` command: list, play, simulate, replay and measure games, and show their rules and cards.

Every error a user can cause (unknown game or command, bad option or value, wrong number of seats, bad scenario or
record file, bad path) is printed as one line, ``error: <message>``, on stderr, with exit code 2.
"""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from ..agents.factory import parse_seats
from ..agents.human import InputEnded
from ..core.errors import CardsmithError
from ..core.registry import all_games, component_benches, get_game
from ..sim.batch import MAX_GAMES
from ..sim.batch import simulate as run_simulation
from ..sim.bench import MAX_SECONDS
from .bench import run_bench_games
from .bench_agents import run_bench_agents
from .console import out
from .errors import CliError
from .lab import Address, Backend, batch_run, check_backend, experiment_cmd, report_cmd
from .options import parse_options
from .params import AsJson, GameId, Jobs, OptionPairs
from .play import run_play
from .replay import run_replay
from .reports import cards_table, games_table, simulate_report
from .rl import rl_describe_cmd, run_bench_rl, train_cmd
from .serve import serve_bench_cmd, serve_cmd
from .tournament import tournament_cmd

try:  # Typer 0.29 and later carry their own copy of Click
    from typer._click.exceptions import ClickException
except ImportError:  # pragma: no cover - older Typer, with Click installed beside it
    from click.exceptions import ClickException

app = typer.Typer(
    name="cardsmith",
    rich_markup_mode="markdown",
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback(invoke_without_command=True)
def _root(ctx: typer.Context) -> None:
    """A rules-enforcing engine for tabletop card games: play, simulate, replay and measure games.

    Try `cardsmith games` to see the games, then `cardsmith play GAME`.
    """
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


@app.command("games")
def games_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list instead of a table.")] = False,
) -> None:
    """List the installed games with their player counts (and, in the table, the agent `play` seats against you).

    Examples:

        cardsmith games
        cardsmith games --json
    """
    games = all_games()
    if as_json:
        rows = [
            {
                "id": g.id,
                "name": g.name,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "opponent": g.opponent,
                "search": g.search,
            }
            for g in games
        ]
        typer.echo(json.dumps(rows))
    elif games:
        out().print(games_table(games))
    else:
        typer.echo("No games are installed.")


@app.command("play")
def play_cmd(
    game: Annotated[
        str | None,
        typer.Argument(help="The game id; leave it out to choose from a menu.", show_default=False),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="One agent per seat, comma-separated: `human`, `random`, `heuristic` or `ismcts`, with any "
            "parameters as `:key=value` (e.g. `human,ismcts:iterations=200`). "
            "The number of seats is the number of players. Default: one human and the game's own opponent "
            "(`cardsmith games` lists it: the strongest agent measured that answers within about 2 seconds a "
            "move) up to the game's minimum.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="The game's seed (default: a random one, printed with a replay command when the game is over).",
            show_default=False,
        ),
    ] = None,
    option: OptionPairs = None,
    scenario: Annotated[
        str | None,
        typer.Option(help="Start from the position in this scenario file (TOML).", show_default=False),
    ] = None,
    record: Annotated[
        str | None,
        typer.Option(help="Write the game's record to this folder when it ends.", show_default=False),
    ] = None,
) -> None:
    """Play a game in the terminal against people or agents.

    Each human seat sees only its own view. Answer with an option's number or its id. Agents (and chance) move by
    themselves; `--seed` and `--seats` reproduce a game exactly, including any game of a `cardsmith simulate` run.

    Examples:

        cardsmith play martial-arts
        cardsmith play martial-arts --seats human,human --option starting_player=P2
        cardsmith play martial-arts --seed 42 --seats random,random --record records/
        cardsmith play --scenario position.toml
    """
    run_play(game, seats, seed, option or [], scenario, record)


SimGames = Annotated[
    int, typer.Option("--games", "-n", help=f"How many games to play (at most {MAX_GAMES:,}).")
]
SimSeed = Annotated[
    int,
    typer.Option(help="The run's seed; game i is seeded from it and i. The same seed gives the same games."),
]
SimSeats = Annotated[
    str | None,
    typer.Option(
        help="One agent per seat, comma-separated (e.g. `random,random` or `heuristic,ismcts:iterations=50`). "
        "Default: random agents for the "
        "game's minimum number of players.",
        show_default=False,
    ),
]
RecordDir = Annotated[
    str | None,
    typer.Option(
        help="Write every game's record to this folder as GAME-INDEX.json (a record that cannot be written "
        "is reported, and the run goes on).",
        show_default=False,
    ),
]


@app.command("simulate")
def simulate_cmd(
    game: GameId,
    games: SimGames = 100,
    seed: SimSeed = 0,
    seats: SimSeats = None,
    jobs: Jobs = 1,
    option: OptionPairs = None,
    record: RecordDir = None,
    as_json: AsJson = False,
    backend: Backend = "local",
    address: Address = None,
) -> None:
    """Play many seeded games with agents and report wins, draws, errors, game lengths and a digest.

    The same seed and arguments give the same output, whatever `--jobs`: the seed is 0 unless given, so a run is
    predictable by design. A game that fails is counted under errors with its seed and a `cardsmith play` command
    that reproduces it; the run goes on.

    Examples:

        cardsmith simulate martial-arts --games 1000 --seed 7 --seats random,random
        cardsmith simulate martial-arts -n 10000 --jobs 4 --json
        cardsmith simulate martial-arts -n 50 --option event_mode=per_game --record records/
        cardsmith simulate martial-arts -n 10000 --backend ray --json
    """
    check_backend(backend, address)
    g = get_game(game)
    names = parse_seats(seats) if seats is not None else ["random"] * g.min_players
    options = parse_options(option or [])
    with batch_run(jobs, backend, address, f"simulating {g.id}", games, as_json) as run:
        result = run_simulation(g.id, games, seed, names, options, record, run=run)
    if result.record_failures:
        typer.echo(
            f"warning: {result.record_failures} of {result.completed} records were not written "
            f"(the first: {result.record_failure})",
            err=True,
        )
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        out().print(simulate_report(result))


app.command("tournament")(tournament_cmd)
app.command("serve")(serve_cmd)
app.command("serve-bench")(serve_bench_cmd)
app.command("train")(train_cmd)
app.command("rl-describe")(rl_describe_cmd)
app.command("experiment")(experiment_cmd)
app.command("report")(report_cmd)


@app.command("replay")
def replay_cmd(
    file: Annotated[
        str, typer.Argument(help="A record file written by `play --record` or `simulate --record`.")
    ],
    as_seat: Annotated[
        str | None,
        typer.Option(
            "--as",
            help="Show what this seat saw (`1` or `P1` is the first seat). Default: a spectator.",
            show_default=False,
        ),
    ] = None,
    pause: Annotated[bool, typer.Option(help="Wait for Enter between steps.")] = False,
    table: Annotated[
        bool, typer.Option("--table", help="Show the whole table as the seat saw it after each step.")
    ] = False,
) -> None:
    """Verify a game record, then step through the game as one seat (or a spectator) saw it.

    A record that was edited, is damaged, or does not replay to its final state is refused.

    Examples:

        cardsmith replay records/martial-arts-42.json
        cardsmith replay records/martial-arts-42.json --as P2 --pause
        cardsmith replay records/martial-arts-42.json --as P1 --table
    """
    run_replay(file, as_seat, pause, table=table)


BenchGames = Annotated[
    str | None,
    typer.Option(
        "--games", help="Comma-separated game ids (default: every installed game).", show_default=False
    ),
]
BenchSeconds = Annotated[
    float, typer.Option(help=f"How long to play each game, in seconds (at most {MAX_SECONDS:g}).")
]
BenchSearch = Annotated[
    bool,
    typer.Option(
        "--search/--no-search",
        help="Also measure IS-MCTS iterations/s per game at its default settings, for --seconds each.",
    ),
]
BenchSave = Annotated[
    Path | None,
    typer.Option(
        "--save", metavar="FILE", help="Keep this run's figures in FILE (JSON) to compare with later."
    ),
]
BenchCompare = Annotated[
    Path | None,
    typer.Option(
        "--compare",
        metavar="FILE",
        help="Print this run beside a run saved with --save: each figure before → after, and the change.",
    ),
]
BenchComponent = Annotated[
    str,
    typer.Option(
        "--component",
        help="Measure a game's own component instead (e.g. bpoker-evaluator: the B-Poker hand evaluator in"
        " hands/s, with treys and phevaluator as peers when installed); --seconds is then the time of each"
        " measurement.",
    ),
]


def _bench_ids(games: str | None, seconds: float) -> list[str]:
    """The game ids to measure, with --games and --seconds checked."""
    ids = [g.strip() for g in games.split(",")] if games else [g.id for g in all_games()]
    if not ids or not all(ids):
        raise CliError(
            "--games must list game ids separated by commas" if games else "no games are installed"
        )
    if not seconds > 0:
        raise CliError(f"--seconds must be more than 0, not {seconds}")
    if seconds > MAX_SECONDS:
        raise CliError(f"--seconds must be at most {MAX_SECONDS:g}, not {seconds:g}")
    return ids


def _bench_component(component: str, seconds: float, as_json: bool) -> None:
    """Measure one game's own component (``--component``)."""
    benches = component_benches()
    bench = benches.get(component)
    if bench is None:
        raise CliError(f"unknown component {component!r} (components: {', '.join(benches) or 'none'})")
    with Console(stderr=True).status(f"measuring {bench.title}", spinner="dots"):
        measured = bench.run(seconds)
    if as_json:
        typer.echo(json.dumps(measured))
    else:
        out().print(bench.report(measured))


@app.command("bench")
def bench_cmd(
    games: BenchGames = None,
    seconds: BenchSeconds = 3.0,
    as_json: AsJson = False,
    component: BenchComponent = "",
    evaluator: Annotated[
        bool, typer.Option("--evaluator", help="Short for --component bpoker-evaluator.")
    ] = False,
    agents: Annotated[
        bool,
        typer.Option(
            "--agents",
            help="Measure the agents instead: the heuristic's decisions/s and IS-MCTS iterations/s at its default"
            " settings, each for --seconds.",
        ),
    ] = False,
    rl: Annotated[
        bool,
        typer.Option(
            "--rl",
            help="Measure the research environments instead: PettingZoo AEC steps/s of each game, with PettingZoo's"
            " Leduc and Texas Hold'em measured in the same run as peers (pip install .[rl,bench]).",
        ),
    ] = False,
    search: BenchSearch = True,
    save_to: BenchSave = None,
    compare: BenchCompare = None,
) -> None:
    """Measure speed on one core: random-playout decisions and games per second, clone time and state size.

    When RLCard is installed (`pip install .[bench]`), its UNO is played by its random agents beside each game for
    the same time, in turns alternating with the game's, and each game's speed is shown as a multiple of the UNO
    measured beside it.

    Examples:

        cardsmith bench
        cardsmith bench --games martial-arts --seconds 1 --json
        cardsmith bench --component bpoker-evaluator --seconds 1
        cardsmith bench --agents --games martial-arts,dbz --json
        cardsmith bench --rl --games martial-arts --seconds 5
        cardsmith bench --seconds 5 --save before.json
        cardsmith bench --seconds 5 --compare before.json
    """
    ids = _bench_ids(games, seconds)
    if rl:
        run_bench_rl(ids, seconds, as_json)
        return
    if agents:
        run_bench_agents(ids, seconds, as_json)
        return
    if evaluator:
        component = component or "bpoker-evaluator"
    if component:
        _bench_component(component, seconds, as_json)
        return
    run_bench_games(ids, seconds, as_json, search=search, save_to=save_to, compare=compare)


@app.command("rules")
def rules_cmd(
    game: GameId,
    cards: Annotated[
        bool, typer.Option("--cards", help="List the game's cards instead (as `cardsmith cards`).")
    ] = False,
) -> None:
    """Show a game's rules guide, or with --cards its cards.

    Examples:

        cardsmith rules martial-arts
        cardsmith rules ani-mayhem --cards
    """
    if cards:
        cards_cmd(game)
        return
    g = get_game(game)
    guide = g.rules_guide()
    if guide.strip():
        out().print(Markdown(guide))
    else:
        typer.echo(f"{g.id} has no rules guide.")


@app.command("cards")
def cards_cmd(
    game: GameId,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list instead of a table.")] = False,
) -> None:
    """List a game's cards with their stats.

    Examples:

        cardsmith cards martial-arts
        cardsmith cards martial-arts --json
    """
    g = get_game(game)
    rows = g.card_rows()
    if as_json:
        typer.echo(json.dumps(rows))
    elif rows:
        out().print(cards_table(g, rows))
    else:
        typer.echo(f"{g.id} lists no cards.")


def _error(message: str) -> int:
    first = " ".join(message.split()) or "unknown error"
    typer.echo(f"error: {first}", err=True)
    return 2


def run(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit code.

    Usage mistakes (an unknown command or flag, a missing argument, a value of the wrong type) are reported like
    every other mistake: one ``error:`` line, exit code 2.
    """
    try:
        code = app(args=argv, prog_name="cardsmith", standalone_mode=False)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except ClickException as exc:
        return _error(exc.format_message())
    except typer.Abort:
        typer.echo("aborted", err=True)
        return 1
    except InputEnded:
        typer.echo("input ended; game abandoned", err=True)
        return 1
    except CardsmithError as exc:
        return _error(str(exc))
    except OSError as exc:
        where = f" {exc.filename!r}" if exc.filename else ""
        return _error(f"{exc.strerror or exc}{where}")
    return code if isinstance(code, int) else 0


def main() -> None:
    """The ``cardsmith`` entry point."""
    if hasattr(signal, "SIGXFSZ"):
        # Past a file-size limit, a write fails (and is reported) instead of killing the process and its results.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    sys.exit(run())


__all__ = ["app", "main", "run"]
