"""Taking of Taidian: the scenario ``[setup]`` keys (see RULES.md, "Scenario files") and the position they set."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from cardsmith.core.errors import ScenarioError
from cardsmith.core.flow import push
from cardsmith.core.game import Game
from cardsmith.core.state import State

from .data import (
    BURN_LIMIT,
    CARDS,
    CHAR_NAMES,
    INDEX,
    KIND,
    LOOT,
    POWER_AT,
    RED_TARGETS,
    after,
    parse_order,
    parse_teams,
)
from .flow import FLOW
from .model import Table, fresh_table, living, lowest, opponents
from .steps.setup import make_supply

Whole = Annotated[int, msgspec.Meta(ge=0)]
Level = Annotated[int, msgspec.Meta(ge=0, le=3)]  # TAI-5.5


class PoisonSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A Poison on a poison track: who played it, on whom, ticks left (default 4), damage per tick (default base)."""

    owner: Whole
    victim: Whole
    ticks: Annotated[int, msgspec.Meta(ge=1)] | None = None
    damage: Whole | None = None


class LaidSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A card of the volley being laid (TAI-6.4): a red card in the attacker's hand, the seat it is aimed at, and
    for a Fire Bomb the name of the structure it is aimed at in that seat's structure area (TAI-6.7)."""

    card: str
    target: Whole
    structure: str | None = None


class RewardSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A knockout reward owed (TAI-13.6): ``eliminator`` takes from the deck and discard pile of the eliminated
    ``seat``, ``taken`` cards already taken."""

    seat: Whole
    eliminator: Whole
    taken: Annotated[int, msgspec.Meta(ge=0, lt=LOOT)] = 0


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """The ``[setup]`` keys, all optional. Lists run over the seats."""

    characters: list[str] | None = None
    health: list[Whole] | None = None
    energy: list[Whole] | None = None
    levels: list[Annotated[list[Level], msgspec.Meta(min_length=4, max_length=4)]] | None = None
    alive: list[bool] | None = None
    start: Whole = 0
    current: Whole | None = None
    round: Annotated[int, msgspec.Meta(ge=1)] = 1
    step: Literal["start", "choice", "play"] = "start"
    turn_type: Literal["upgrade", "attack"] | None = None
    pool: Whole | None = None
    burned: Annotated[int, msgspec.Meta(ge=0, le=BURN_LIMIT)] = 0
    protected: list[Whole] = []
    poisons: list[PoisonSetup] = []
    supply: Literal["full", "empty"] = "full"
    turn: Whole = 0
    laying: list[LaidSetup] = []
    reward: RewardSetup | None = None


def load(game: Game, state: State, setup: Setup) -> None:
    """Set the trackers, the turn in progress and the Poisons of a scenario, then run to its first decision."""
    n = state["players"]
    opts = state["options"]
    game.check_options(opts, n)
    state["g"] = g = fresh_table(n, int(opts["starting_health"]))
    g["team"] = parse_teams(opts["teams"], n)
    g["selection"] = parse_order(opts["selection_order"], n)
    _trackers(state, g, setup)
    for key, seat in (("start", setup.start), ("current", setup.current)):
        if seat is not None and seat >= n:
            raise ScenarioError(f"[setup] {key} must be a seat from 0 to {n - 1}")
    g["start"] = setup.start
    g["current"] = setup.start if setup.current is None else setup.current
    g["round"] = setup.round
    state["turn"] = setup.turn
    _check_zones(state)
    _poisons(game, state, setup.poisons)
    if not state["zones"]["supply"] and setup.supply == "full":
        make_supply(game, state)
    else:
        for cid in state["zones"]["supply"]:
            g["piles"][INDEX[state["cards"][cid]]] += 1
    if any(s >= n for s in setup.protected):
        raise ScenarioError("[setup] protected must be a list of seats")
    state["flow"] = []
    _turn(state, g, setup)
    _reward(state, g, setup.reward)
    cur = g["current"]
    for seat in reversed((*after(n, cur), cur)):  # energy of 10 or more: the power-ups are due at once
        if g["energy"][seat] >= POWER_AT and g["alive"][seat]:
            push(state, "power_up", seat=seat)
    FLOW.run(game, state)


def _seats(setup_value: list | None, default: list, n: int, key: str, what: str) -> list:
    value = default if setup_value is None else setup_value
    if len(value) != n:
        raise ScenarioError(f"[setup] {key} must be a list of {n} {what}")
    return list(value)


def _trackers(state: State, g: Table, setup: Setup) -> None:
    """Characters, health, energy, levels and who is still in (TAI-1.5 .. TAI-1.7, TAI-2.7, TAI-11.4, TAI-11.6)."""
    n = state["players"]
    chars = _seats(setup.characters, list(CHAR_NAMES[:n]), n, "characters", "character names")
    if not all(c in CARDS.characters for c in chars):
        raise ScenarioError(f"[setup] characters must be a list of {n} character names")
    if len(set(chars)) != n:
        raise ScenarioError("[setup] characters: no two players may have the same character (TAI-2.7)")
    g["characters"] = chars
    mx = g["max_health"]
    g["health"] = _seats(setup.health, [mx] * n, n, "health", f"health values 0-{mx}")
    if any(h > mx for h in g["health"]):
        raise ScenarioError(f"[setup] health must be a list of {n} health values 0-{mx}")
    g["energy"] = _seats(setup.energy, [0] * n, n, "energy", "whole numbers of energy")
    levels = _seats(setup.levels, [[0, 0, 0, 0]] * n, n, "levels", "lists of four levels 0-3")
    g["levels"] = [list(x) for x in levels]
    g["alive"] = _seats(setup.alive, [True] * n, n, "alive", "booleans")
    z = state["zones"]
    for seat in range(n):
        if g["alive"][seat] and g["health"][seat] <= 0:
            raise ScenarioError(f"[setup] seat {seat} is alive with health 0 (TAI-11.4)")
        if not g["alive"][seat]:
            g["health"][seat] = 0
            looted = (
                setup.reward is not None and setup.reward.seat == seat
            )  # its deck and discard are the loot
            for kind in ("deck", "hand", "discard", "play", "bought", "struct"):
                if z[f"{kind}:{seat}"] and not (looted and kind in ("deck", "discard")):
                    raise ScenarioError(
                        f"eliminated seat {seat} cannot hold cards in {kind}:{seat} (TAI-11.6)"
                    )


def _check_zones(state: State) -> None:
    """Windows and loot start empty; a structure area holds structures, one of each name (TAI-9.4)."""
    z = state["zones"]
    names = state["cards"]
    for seat in range(state["players"]):
        for kind in ("poison", "resp", "loot"):
            if z[f"{kind}:{seat}"]:
                raise ScenarioError(f"zone {kind}:{seat} must start empty (use [setup] poisons for Poisons)")
        here = [names[c] for c in z[f"struct:{seat}"]]
        for name in here:
            if KIND[name] != "structure":
                raise ScenarioError(f"{name!r} is not a structure and cannot be in struct:{seat}")
        if len(set(here)) != len(here):
            raise ScenarioError(f"struct:{seat} holds two structures of one name (TAI-9.4)")


def _poisons(game: Game, state: State, poisons: list[PoisonSetup]) -> None:
    g: Table = state["g"]
    n = state["players"]
    base = CARDS.cards["Poison"]
    for entry in poisons:
        ticks = base.ticks if entry.ticks is None else entry.ticks
        damage = base.value if entry.damage is None else entry.damage
        owner, victim = entry.owner, entry.victim
        if not (owner < n and victim < n and owner != victim and ticks <= base.ticks):
            raise ScenarioError(
                f"[setup] poison {msgspec.to_builtins(entry)!r}: bad owner, victim, ticks or damage"
            )
        if not g["alive"][victim]:
            raise ScenarioError("[setup] an eliminated player carries no Poison (TAI-8.36)")
        cid = game.new_card(state, "Poison", f"poison:{victim}", owner)
        g["poisons"].append({"card": cid, "owner": owner, "victim": victim, "ticks": ticks, "damage": damage})


def _turn(state: State, g: Table, setup: Setup) -> None:
    """Where the turn in progress stands: before the start step, at the choice step or in the play step."""
    if setup.step == "start":
        if setup.burned or setup.protected or setup.turn_type is not None or setup.pool is not None:
            raise ScenarioError(
                "[setup] burned, protected, turn_type and pool need step = 'choice' or 'play'"
            )
        if setup.laying:
            raise ScenarioError("[setup] laying needs step = 'play' and turn_type = 'attack'")
        push(state, "turn")
        return
    if not g["alive"][g["current"]]:
        raise ScenarioError("[setup] an eliminated seat takes no turn (TAI-3.2)")
    g["real_turn"] = True
    g["burned"] = setup.burned
    g["protected"] = sorted(set(setup.protected))
    state["turn"] = max(1, setup.turn)
    push(state, "advance")
    push(state, "end_step")
    push(state, "play")
    if setup.step == "choice":
        if setup.turn_type is not None or setup.pool is not None or setup.laying:
            raise ScenarioError("[setup] turn_type, pool and laying need step = 'play'")
        push(state, "choose_turn_type")
        return
    if setup.turn_type is None:
        raise ScenarioError("[setup] step = 'play' needs turn_type = 'upgrade' or 'attack'")
    pool = setup.pool or 0
    if pool and setup.turn_type == "attack":
        raise ScenarioError("[setup] pool must be a whole number, and only on an upgrading turn")
    g["turn_type"] = setup.turn_type
    g["pool"] = pool
    if setup.laying:
        if setup.turn_type != "attack":
            raise ScenarioError(
                "[setup] laying: a volley is laid only on an attacking turn (turn_type = 'attack')"
            )
        _laying(state, g, setup.laying)


def _reward(state: State, g: Table, reward: RewardSetup | None) -> None:
    """TAI-13.5 .. TAI-13.7: a knockout reward still owed, taken before anything else; the eliminated seat's deck and
    discard pile hold what the eliminator may take."""
    if reward is None:
        return
    n = state["players"]
    if not state["options"]["knockout_reward"]:
        raise ScenarioError("[setup] reward needs the option knockout_reward = true (TAI-13.5)")
    if reward.seat >= n or g["alive"][reward.seat]:
        raise ScenarioError("[setup] reward.seat must be an eliminated seat (alive false)")
    if reward.eliminator >= n or not g["alive"][reward.eliminator]:
        raise ScenarioError("[setup] reward.eliminator must be a seat still in the game (TAI-13.7)")
    push(state, "leave", seat=reward.seat, eliminator=reward.eliminator, taken=reward.taken, opened=False)


def _laying(state: State, g: Table, laid: list[LaidSetup]) -> None:
    """The volley being laid (TAI-6.4): its cards stay in the attacker's hand until it is revealed."""
    cur = g["current"]
    names = state["cards"]
    zones = state["zones"]
    free = list(zones[f"hand:{cur}"])
    for i, entry in enumerate(laid):
        key = f"[setup] laying[{i}]"
        kind = KIND.get(entry.card)
        if kind not in RED_TARGETS:
            raise ScenarioError(f"{key}: {entry.card!r} is not a red card that is laid in a volley (TAI-6.4)")
        if entry.card not in (names[c] for c in free):
            raise ScenarioError(f"{key}: {entry.card!r} must be in hand:{cur}, one copy for each card laid")
        cid = lowest(names, free, entry.card)
        free.remove(cid)
        targets = living(g) if kind == "firstaid" else opponents(g, cur)
        if entry.target not in targets:
            raise ScenarioError(
                f"{key}: seat {entry.target} cannot be the target of {entry.card!r} (TAI-6.7 to TAI-6.9)"
            )
        aimed = -1
        if kind == "firebomb":
            here = [c for c in zones[f"struct:{entry.target}"] if names[c] == entry.structure]
            if not here:
                raise ScenarioError(
                    f"{key}: a Fire Bomb names a structure in struct:{entry.target} (TAI-6.7), not {entry.structure!r}"
                )
            aimed = min(here)
        elif entry.structure is not None:
            raise ScenarioError(f"{key}: only a Fire Bomb is aimed at a structure")
        g["laying"].append({"card": cid, "target": entry.target, "structure": aimed})
