"""``cardsmith train`` and ``cardsmith rl-describe``: the research environments' commands (``pip install .[rl]``).

The research packages are imported only when one of these commands runs, so the rest of the command line works
without them.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .console import out
from .errors import CliError
from .options import parse_options
from .params import AsJson, GameId, OptionPairs


def _need_rl() -> None:
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
        import sb3_contrib  # noqa: F401
    except ImportError as exc:
        raise CliError(f"this command needs the rl extra (pip install cardsmith[rl]): {exc}") from None


def train_cmd(
    game: GameId,
    out_dir: Annotated[str, typer.Option("--out", help="Directory for the policy, curve and evaluation.")],
    algo: Annotated[str, typer.Option("--algo", help="Training algorithm: maskable-ppo.")] = "maskable-ppo",
    steps: Annotated[
        int, typer.Option("--steps", help="Environment steps (the learner's decisions).")
    ] = 100_000,
    opponents: Annotated[str, typer.Option("--opponents", help="Agent spec of the other seats.")] = "random",
    players: Annotated[
        int | None, typer.Option("--players", help="Number of seats (default: smallest).")
    ] = None,
    option: OptionPairs = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the training run.")] = 0,
    net: Annotated[str, typer.Option("--net", help="Hidden layer sizes, comma-separated.")] = "128,128",
    eval_games: Annotated[int, typer.Option("--eval-games", help="Evaluation games per opponent.")] = 200,
    time_limit: Annotated[
        float | None, typer.Option("--time-limit", help="Stop training after this many seconds.")
    ] = None,
) -> None:
    """Train a policy for one seat with MaskablePPO (seat drawn anew each game), then evaluate it.

    Writes to --out: policy.zip and policy.json (play it with `--seats human,policy:DIR`), learning_curve.png and
    .csv (win rate of the training games), evaluation.json (against random and heuristic, seats rotated, 95%
    Wilson intervals).

    Examples:

        cardsmith train martial-arts --algo maskable-ppo --steps 200000 --out runs/ma
        cardsmith train martial-arts --steps 5000 --eval-games 20 --out /tmp/ma --net 64,64
    """
    _need_rl()
    from ..rl.train import ALGOS, train

    if algo not in ALGOS:
        raise CliError(f"unknown --algo {algo!r} (known: {', '.join(ALGOS)})")
    if steps < 1 or eval_games < 0:
        raise CliError("--steps must be at least 1 and --eval-games at least 0")
    try:
        sizes = tuple(int(x) for x in net.split(","))
    except ValueError:
        raise CliError(f"--net must be numbers separated by commas, not {net!r}") from None
    result = train(
        game, steps, out_dir, algo=algo, opponents=opponents, players=players,
        options=parse_options(option or []), seed=seed, net=sizes, eval_games=eval_games,
        time_limit=time_limit, progress=lambda text: typer.echo(text, err=True),
    )  # fmt: skip
    typer.echo(json.dumps(result, indent=2))


def rl_describe_cmd(
    game: GameId,
    players: Annotated[
        int | None, typer.Option("--players", help="Number of seats (default: smallest).")
    ] = None,
    option: OptionPairs = None,
    as_json: AsJson = False,
) -> None:
    """Describe a game's observation vector (its blocks, or with --json every feature's name) and action space.

    Examples:

        cardsmith rl-describe martial-arts
        cardsmith rl-describe taidian --players 4 --json
    """
    _need_rl()
    from ..rl.encoding import describe, encoder

    options = parse_options(option or [])
    if as_json:
        enc = encoder(game, players or _smallest(game), options)
        typer.echo(json.dumps({"game": game, "players": enc.players, "features": enc.names}))
    else:
        out().print(describe(game, players, options), markup=False, highlight=False)


def run_bench_rl(ids: list[str], seconds: float, as_json: bool) -> None:
    """``cardsmith bench --rl``: each game's AEC environment, then PettingZoo's classic card games, same loop."""
    _need_rl()
    from rich.console import Console
    from rich.table import Table

    from ..rl.bench import PEERS, bench_env, bench_peer, peer_available

    status = Console(stderr=True)
    if not peer_available():
        typer.echo(
            "note: PettingZoo's card games need RLCard and pygame-ce (pip install .[bench]): no peer",
            err=True,
        )
    games: dict[str, dict[str, float]] = {}
    for game in ids:
        with status.status(f"measuring the {game} environment for {seconds:g}s", spinner="dots"):
            games[game] = bench_env(game, seconds)
    peers: dict[str, dict[str, float]] = {}
    if peer_available():
        for name in PEERS:
            with status.status(f"measuring PettingZoo {name} for {seconds:g}s", spinner="dots"):
                peers[name] = bench_peer(name, seconds)
    if as_json:
        typer.echo(json.dumps({"rl": {"games": games, "peers": peers}}))
        return
    table = Table(title="Environment steps on one core (random legal actions)", title_justify="left")
    for heading in ("Environment", "Steps/s", "Games/s", *(f"vs {p}" for p in peers)):
        table.add_column(heading, justify="left" if heading == "Environment" else "right")
    for name, m in [*games.items(), *((f"pettingzoo {p}", m) for p, m in peers.items())]:
        ratios = [f"{m['steps_per_s'] / p['steps_per_s']:.2f}x" for p in peers.values()]
        table.add_row(name, f"{m['steps_per_s']:,.0f}", f"{m['games_per_s']:,.1f}", *ratios)
    out().print(table)


def _smallest(game: str) -> int:
    from ..core.registry import get_game

    return get_game(game).min_players
