"""Rich tables for ``cardsmith simulate``, ``bench``, ``games`` and ``cards``."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..core.game import Game
from ..core.registry import get_game
from ..sim.batch import SimResult


def _cell(value: Any) -> Text:
    return Text(str(value))


def simulate_report(result: SimResult) -> RenderableType:
    """Wins per seat with rates and 95% intervals, then draws, errors, turns, decisions and the digest."""
    game = get_game(result.game)
    table = Table(
        title=f"{game.name}: {result.games} games, seed {result.seed}",
        title_justify="left",
    )
    for heading in ("Seat", "Agent", "Wins", "Win rate", "95% CI"):
        table.add_column(heading, justify="left" if heading in ("Seat", "Agent") else "right")
    for seat, (wins, rate, (lo, hi)) in enumerate(
        zip(result.wins, result.win_rates, result.ci95, strict=True)
    ):
        table.add_row(
            _cell(game.seat_name(seat)),
            _cell(result.seats[seat]),
            str(wins),
            f"{rate:.1%}",
            f"{lo:.1%} - {hi:.1%}",
        )
    lines = [f"Draws: {result.draws}"]
    if result.no_winner:
        lines.append(f"Nobody won: {result.no_winner}")
    lines.append(f"Errors: {result.error_count}")
    if result.error_count > len(result.errors):
        lines.append(f"  (the first {len(result.errors)} are listed)")
    for err in result.errors:
        lines.append(f"  game {err.index} (seed {err.seed}): {err.error}")
        lines.append(f"    reproduce: {err.command}")
    lines += [
        f"Turns: mean {result.mean_turns:.2f}, median {result.median_turns:g}",
        f"Decisions: mean {result.mean_decisions:.2f}, median {result.median_decisions:g}",
        f"Digest: {result.digest}",
    ]
    return Group(table, *(Text(line) for line in lines))


def bench_report(games: dict[str, dict[str, float]], peers: dict[str, dict[str, float]]) -> RenderableType:
    """One row per game (and per peer), with each game's speed as a multiple of the RLCard UNO measured beside it."""
    table = Table(
        title="Random playouts on one core",
        title_justify="left",
        box=box.SIMPLE,
        pad_edge=False,
        caption="Clone: the median of 2,000 clones (the mean is in --json). Search/s: IS-MCTS iterations a second at"
        " the game's default settings.",
        caption_justify="left",
    )
    table.add_column("Game", no_wrap=True)
    for heading in ("Decisions/s", "vs UNO", "Games/s", "Clone µs", "State B", "Search/s"):
        table.add_column(heading, justify="right", no_wrap=True)
    for game_id, m in games.items():
        ratio = m.get("uno_ratio")  # to the UNO played beside the game (cardsmith.sim.bench.bench_game)
        ratio = "-" if ratio is None else f"{ratio:.2f}x"
        search = m.get("ismcts_iterations_per_s")
        table.add_row(
            game_id,
            f"{m['decisions_per_s']:,.0f}",
            ratio,
            f"{m['games_per_s']:,.1f}",
            f"{m['clone_median_us']:.1f}",
            f"{m['state_bytes']:,.0f}",
            "-" if search is None else f"{search:,.0f}",
        )
    for peer_id, m in peers.items():
        table.add_row(peer_id, f"{m['decisions_per_s']:,.0f}", "1.00x", "-", "-", "-", "-")
    return table


def players_text(game: Game) -> str:
    """A game's player counts in words ("2" or "2-4")."""
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}-{game.max_players}"


def games_table(games: list[Game]) -> Table:
    """Every registered game: id, name, player counts, summary and the default opponent of ``play``."""
    table = Table(title="Games", title_justify="left")
    for heading in ("Id", "Name", "Players", "About", "Opponent"):
        table.add_column(heading)
    for g in games:
        table.add_row(_cell(g.id), _cell(g.name), _cell(players_text(g)), _cell(g.summary), _cell(g.opponent))
    return table


def cards_table(game: Game, rows: list[dict[str, Any]]) -> Table:
    """A game's card list, one row per card, one column per key of the first row."""
    table = Table(title=f"{game.name}: {len(rows)} cards", title_justify="left")
    keys = list(rows[0])
    for key in keys:
        table.add_column(key)
    for row in rows:
        table.add_row(*(_cell("" if row.get(k) is None else row.get(k)) for k in keys))
    return table
