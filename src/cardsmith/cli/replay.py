"""``cardsmith replay``: verify a record, then step through it as one seat (or a spectator) saw it."""

from __future__ import annotations

from collections.abc import Callable

from ..core.engine import decision
from ..core.game import Game
from ..core.registry import get_game
from ..core.state import State
from ..core.view import view
from ..present import presenter_for
from ..present.generic import Presenter
from ..present.terminal import screen_lines
from ..records.record import load_record, replay_steps, start_state, verify
from .errors import CliError


def parse_viewer(text: str | None, game: Game, players: int) -> int | None:
    """The seat named by ``--as`` (``1`` or ``P1`` is the first seat), or None for a spectator."""
    if text is None:
        return None
    wanted = text.strip().lower()
    for seat in range(players):
        if wanted in (str(seat + 1), f"p{seat + 1}", game.seat_name(seat).lower()):
            return seat
    names = ", ".join(game.seat_name(s) for s in range(players))
    raise CliError(f"--as {text!r} names no seat of this game; use 1 to {players} or one of {names}")


def _table(presenter: Presenter, state: State, viewer: int | None, lines: list[str], title: str) -> list[str]:
    """The table as ``viewer`` saw it at this point, with ``lines`` as its news and its question if it decides."""
    seen = view(state, viewer)
    pending = state["pending"]
    asked = (
        decision(state) if pending is not None and viewer is not None and pending["seat"] == viewer else None
    )
    return screen_lines(presenter.table(seen, asked, lines), log_title=title)


def run_replay(
    path: str,
    as_seat: str | None,
    pause: bool,
    *,
    table: bool = False,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> None:
    """Verify the record at ``path`` and narrate it step by step from the chosen seat's view; with ``table`` the
    table as that seat saw it is shown after each step instead."""
    record = load_record(path)
    verify(record)
    game = get_game(record["game"])
    viewer = parse_viewer(as_seat, game, record["players"])
    seating = ", ".join(f"{game.seat_name(s)} {name}" for s, name in enumerate(record["seats"]))
    who = "a spectator" if viewer is None else game.seat_name(viewer)
    write(f"{game.name} ({game.id}): {seating}; seed {record['seed']}; {len(record['actions'])} decisions")
    write(f"Record verified. Showing what {who} saw.")
    state = start_state(record)
    presenter = presenter_for(game)
    opening = presenter.event_lines(state["events"], view(state, viewer))
    if opening:
        write("Setup:")
        for line in opening:
            write(f"  {line}")
    if table:
        for line in _table(presenter, state, viewer, opening, "Setup"):
            write(line)
    for step in replay_steps(record, state):
        head, *rest = presenter.step_lines(step.pending, step.option_id, state["events"], view(state, viewer))
        if table:
            write("")
            for line in _table(presenter, state, viewer, [head, *rest], f"Step {step.number}"):
                write(line)
        else:
            write(f"[{step.number}] {head}")
            for line in rest:
                write(line)
        if pause and state["pending"] is not None:
            try:
                read("(Enter for the next step) ")
            except EOFError:
                pause = False
    write(presenter.result_line(state["result"]))
    write(
        f"Ended at turn {state['turn']} after {len(record['actions'])} decisions;\nfinal hash {record['final_hash']}"
    )
