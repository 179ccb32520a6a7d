"""``cardsmith tournament``: every pairing of agents, seats rotated, with win rates, intervals, ratings and a plot."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table

from ..sim.tournament import MAX_GAMES_PER_PAIR, TournamentResult, tournament
from .errors import CliError
from .lab import Address, Backend, batch_run, check_backend
from .options import parse_options
from .params import AsJson, Jobs, OptionPairs

_PARAM_HELP = (
    "ismcts takes iterations=N (deterministic for a seed) or think=SECONDS per decision, c=EXPLORATION,"
    " rollout=random|heuristic, epsilon=SHARE (of heuristic rollout decisions taken at random instead),"
    " expand=random|heuristic (the option a new tree node tries first), bias=B (progressive bias: the heuristic's"
    " choice scores B/(visits+1) more in selection), depth=N (rollout decisions before the game's evaluation scores"
    " them; 0 plays them out); what is left out is the game's [search] default (cardsmith games --json), else 200"
    " iterations, c=0.7, random, epsilon=0, bias=0, depth 20 where the game has an evaluation"
)


def tournament_report(result: TournamentResult) -> RenderableType:
    """The pairs' win rates with Wilson 95% intervals, and the ratings with theirs."""
    pairs = Table(title=f"{result.game}, {result.players} players: every pairing, seats rotated")
    for column in ("A", "B", "games", "A wins", "B wins", "draws", "A score", "95% interval"):
        pairs.add_column(column, justify="left" if column in ("A", "B") else "right")
    for p in result.pairs:
        lo, hi = p.ci95
        pairs.add_row(
            p.a, p.b, str(p.games), str(p.a_wins), str(p.b_wins), str(p.draws),
            f"{p.a_score:.1%}", f"{lo:.1%} – {hi:.1%}",
        )  # fmt: skip
    ratings = Table(title="Ratings (Bradley–Terry, Elo scale, mean 1500)")
    for column in ("agent", "rating", "95% interval"):
        ratings.add_column(column, justify="left" if column == "agent" else "right")
    for name in sorted(result.ratings, key=lambda n: -result.ratings[n]):
        lo, hi = result.intervals[name]
        ratings.add_row(name, f"{result.ratings[name]:.0f}", f"{lo:.0f} – {hi:.0f}")
    return Group(pairs, ratings)


def write_plot(result: TournamentResult, path: str) -> None:
    """A PNG: each agent's rating with its 95% interval, and each pair's score for A with its interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = sorted(result.ratings, key=lambda n: result.ratings[n])
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 1.5 + 0.5 * max(len(names), len(result.pairs))))
    values = [result.ratings[n] for n in names]
    errors = [[v - result.intervals[n][0] for n, v in zip(names, values, strict=True)],
              [result.intervals[n][1] - v for n, v in zip(names, values, strict=True)]]  # fmt: skip
    left.errorbar(values, range(len(names)), xerr=errors, fmt="o", capsize=4)
    left.set_yticks(range(len(names)), names)
    left.set_xlabel("rating (Elo scale) with 95% interval")
    labels = [f"{p.a} v {p.b}" for p in result.pairs]
    scores = [p.a_score for p in result.pairs]
    spans = [[s - p.ci95[0] for s, p in zip(scores, result.pairs, strict=True)],
             [p.ci95[1] - s for s, p in zip(scores, result.pairs, strict=True)]]  # fmt: skip
    right.errorbar(scores, range(len(labels)), xerr=spans, fmt="s", capsize=4)
    right.axvline(0.5, color="grey", linewidth=0.8)
    right.set_xlim(0, 1)
    right.set_yticks(range(len(labels)), labels)
    right.set_xlabel("score of the first agent with 95% interval")
    fig.suptitle(f"cardsmith tournament {result.game} ({result.players} players, seed {result.seed})")
    fig.tight_layout()
    try:
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)


AgentSpecs = Annotated[
    str,
    typer.Option(
        help="Two or more agent specs, comma-separated: a name, then any parameters as `:key=value` "
        f"(e.g. `random,heuristic,ismcts:iterations=200:c=0.5`). Parameters: {_PARAM_HELP}.",
        show_default=False,
    ),
]
PairGames = Annotated[
    int, typer.Option("--games", "-n", help=f"Games per pairing (at most {MAX_GAMES_PER_PAIR:,}).")
]
Seed = Annotated[int, typer.Option(help="The run's seed. The same seed gives the same result.")]
Players = Annotated[
    int | None,
    typer.Option(help="Players per game (default: the game's minimum, at least 2).", show_default=False),
]
Plot = Annotated[
    str | None, typer.Option(help="Also draw the ratings and scores to this PNG file.", show_default=False)
]


def tournament_cmd(
    game: Annotated[str, typer.Argument(help="The game id.", show_default=False)],
    agents: AgentSpecs,
    games: PairGames = 20,
    seed: Seed = 0,
    jobs: Jobs = 1,
    players: Players = None,
    option: OptionPairs = None,
    as_json: AsJson = False,
    plot: Plot = None,
    backend: Backend = "local",
    address: Address = None,
) -> None:
    """Play every pairing of agents with seats rotated; show win rates with 95% intervals and ratings.

    Each pair plays `--games` games; in game k seat s holds the first agent when s + k is even. With more than
    two players the two agents alternate around the table. Ratings are Bradley–Terry on the Elo scale.

    Examples:

        cardsmith tournament martial-arts --agents random,ismcts --games 40
        cardsmith tournament dbz --agents random,heuristic,ismcts:iterations=100 -n 20 --jobs 2 --json
        cardsmith tournament taidian --agents random,heuristic --players 3 --plot taidian.png
    """
    check_backend(backend, address)
    if plot is not None and os.path.isdir(plot):
        raise CliError(f"--plot must name a file, not the folder {plot!r}")
    options = parse_options(option or [])
    with batch_run(jobs, backend, address, f"tournament {game}", None, as_json) as run:
        result = tournament(game, agents.split(","), games, seed, players=players, options=options, run=run)
    if plot is not None:
        write_plot(result, plot)
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        console = Console(highlight=False, width=None if Console(stderr=True).is_terminal else 160)
        console.print(tournament_report(result))
        if plot is not None:
            console.print(f"Plot written to {plot}")
