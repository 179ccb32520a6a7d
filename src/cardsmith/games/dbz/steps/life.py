"""The life deck (DBZ-1.6, DBZ-1.13): drawing, losing life cards, and the survival victory (section 13)."""

from __future__ import annotations

from cardsmith.core.state import State

from ..effects import EFFECTS, Draw, LoseLifeBoth
from ..model import Rules, other
from .clash import clashing


def draw(game: Rules, state: State, seat: int, n: int) -> None:
    """Draw ``n`` cards one at a time (DBZ-13.2); then note the drawn drills that clash (DBZ-9.1, DBZ-9.7): their
    choices come with the drawing player's next decision (see :func:`.clash.ask_with_clashes`)."""
    life = state["zones"][f"life:{seat}"]
    if n > 0 and not life:
        raise IndexError(f"a draw from the empty life deck of seat {seat}")
    drawn = life[: -n - 1 : -1] if n > 0 else []  # the top n (or all there are), top first
    game.move_all(state, drawn, f"life:{seat}", f"hand:{seat}", cause="draw")
    if n > 0 and not life:  # DBZ-13.1, DBZ-9.10: the draw that empties the deck ends the game
        survival(game, state, [seat])
        return
    state["g"]["clashing"][seat].extend(clashing(game, state, seat, drawn))


def lose_life(game: Rules, state: State, seat: int, n: int) -> None:
    """DBZ-1.13, DBZ-6.9: lose life cards one at a time; an empty life deck ends the game at once."""
    life = state["zones"][f"life:{seat}"]
    if n > 0 and not life:
        raise IndexError(f"a life card lost from the empty life deck of seat {seat}")
    if n > 0:
        game.move_all(state, life[: -n - 1 : -1], f"life:{seat}", f"discard:{seat}", cause="life")
        if not life:
            survival(game, state, [seat])


def survival(game: Rules, state: State, empty: list[int]) -> None:
    """DBZ-13.1, DBZ-13.3: the player whose life deck is empty loses; both at once is a draw."""
    if len(empty) == 2:
        game.finish(state, [], "both life decks became empty at the same moment")
    else:
        loser = empty[0]
        game.finish(state, [other(loser)], f"survival: {game.seat_name(loser)}'s life deck is empty")


@EFFECTS.handler(Draw)
def draw_effect(game: Rules, state: State, seat: int, effect: Draw) -> None:
    """DBZ-9.7: a draw from a card effect; a drawn drill that clashes waits for the player's next decision."""
    draw(game, state, seat, effect.n)


@EFFECTS.handler(LoseLifeBoth)
def lose_life_both(game: Rules, state: State, seat: int, effect: LoseLifeBoth) -> None:
    """DBZ-13.2, DBZ-13.3: ``n`` times, the top card of each life deck goes to its owner's pile at the same moment;
    the check follows each pair, so two decks emptied by the same pair make a draw."""
    zones = state["zones"]
    for _ in range(effect.n):
        for s in (seat, other(seat)):
            life = zones[f"life:{s}"]
            game.move(state, life[-1], f"life:{s}", f"discard:{s}", cause="life")
        empty = [s for s in (0, 1) if not zones[f"life:{s}"]]
        if empty:
            survival(game, state, empty)
            return
