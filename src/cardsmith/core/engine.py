"""The engine's public functions: create a game, read its pending decision, apply actions, derive views.

Every function works on a plain-data state (see :mod:`cardsmith.core.game`). Illegal actions raise
:class:`~cardsmith.core.errors.IllegalAction` and leave the state exactly as it was.
"""

from __future__ import annotations

from typing import Any

from . import rng as _rng
from .actions import ActionSpace
from .decision import CHANCE, Decision, decision_from_pending
from .errors import GameOver, IllegalAction, SeatCountError
from .game import Game
from .options import resolve_options
from .registry import get_game
from .state import State


def _game(game: Game | str) -> Game:
    return get_game(game) if isinstance(game, str) else game


def blank_state(
    game: Game | str, players: int, seed: int | str, options: dict[str, Any] | None = None
) -> State:
    """A validated, empty state: options resolved, RNG seeded, declared zones created, nothing dealt yet."""
    g = _game(game)
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not g.min_players <= players <= g.max_players
    ):
        span = (
            f"exactly {g.min_players}"
            if g.min_players == g.max_players
            else f"{g.min_players} to {g.max_players}"
        )
        raise SeatCountError(f"{g.id} is played by {span} players, not {players}")
    resolved = resolve_options(g.id, g.option_specs, options)
    g.check_options(resolved, players)
    zones: dict[str, list[int]] = {}
    for kind, spec in g.visibility.zone_kinds.items():
        if spec.owned:
            for seat in range(players):
                zones[f"{kind}:{seat}"] = []
        else:
            zones[kind] = []
    return {
        "game": g.id,
        "rules": g.rules_version,
        "players": players,
        "options": resolved,
        "rng": _rng.seed_word(seed),
        "step": 0,
        "turn": 0,
        "cards": [],
        "owner": [],
        "zones": zones,
        "marks": {},
        "events": [],
        "pending": None,
        "result": None,
        "flow": [],
        "g": {},
    }


def new_game(game: Game | str, players: int, seed: int | str, options: dict[str, Any] | None = None) -> State:
    """Create and deal a new game, run to its first decision."""
    g = _game(game)
    state = blank_state(g, players, seed, options)
    g.setup(state)
    _check_progress(state)
    return state


def _check_progress(state: State) -> None:
    if state["pending"] is None and state["result"] is None:
        raise RuntimeError(f"{state['game']}: the rules left no pending decision and no result")


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state["result"] is not None


def decision(state: State) -> Decision | None:
    """The pending decision, or None when the game is over."""
    pending = state["pending"]
    if pending is None:
        return None
    return decision_from_pending(pending, get_game(state["game"]).verb_table)


def legal_ids(state: State) -> list[str]:
    """The ids of the pending decision's legal options (empty when the game is over)."""
    pending = state["pending"]
    return [] if pending is None else [o[0] for o in pending["options"]]


def check(state: State, option_id: object) -> None:
    """Raise :class:`IllegalAction` (with the reason) unless ``option_id`` is legal now."""
    pending = state["pending"]
    if pending is None:
        raise GameOver(option_id)
    if not isinstance(option_id, str):
        raise IllegalAction(option_id, "option ids are strings")
    for o in pending["options"]:
        if o[0] == option_id:
            return
    who = "chance" if pending["seat"] == CHANCE else get_game(state["game"]).seat_name(pending["seat"])
    raise IllegalAction(
        option_id,
        f"not one of the {len(pending['options'])} legal options of {who}'s {pending['kind']} decision",
    )


def apply(state: State, option_id: str) -> None:
    """Apply a legal option of the pending decision, running the rules to the next decision."""
    pending = state["pending"]
    if pending is None:
        raise GameOver(option_id)
    for o in pending["options"]:
        if o[0] == option_id:
            break
    else:
        check(state, option_id)
    game = get_game(state["game"])
    action = game.parse_action(option_id)
    state["events"] = []
    state["pending"] = None
    state["step"] += 1
    game.act(state, pending["seat"], action)
    if state["pending"] is None and state["result"] is None:  # _check_progress, inline on the hot path
        raise RuntimeError(f"{state['game']}: the rules left no pending decision and no result")


def action_space(state: State) -> ActionSpace:
    """The action space of a game in progress (its players and options fix its size)."""
    return get_game(state["game"]).action_space(state["players"], state["options"])


def encode(state: State, option_id: str) -> int:
    """The index of an option id in the game's action space."""
    return action_space(state).encode(option_id)


def decode(state: State, index: int) -> str:
    """The option id at an index of the game's action space."""
    return action_space(state).decode(index)


def legal_mask(state: State) -> bytearray:
    """A 0/1 mask over the action space with 1 at each legal option (all 0 when the game is over)."""
    space = action_space(state)
    pending = state["pending"]
    if pending is None:
        return bytearray(space.size)
    return space.mask(o[0] for o in pending["options"])


def sample_chance(state: State) -> str:
    """Draw the outcome of a pending chance decision from the state's RNG (advancing it)."""
    pending = state["pending"]
    if pending is None or pending["seat"] != CHANCE:
        raise IllegalAction("<chance>", "the pending decision is not a chance node")
    return pending["options"][_rng.choice_index(state, pending["weights"])][0]


def resolve_chance(state: State) -> str:
    """Sample and apply the outcome of a pending chance decision; returns the outcome id."""
    outcome = sample_chance(state)
    apply(state, outcome)
    return outcome
