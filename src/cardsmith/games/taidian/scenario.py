"""Taking of Taidian: the scenario ``[setup]`` keys (see RULES.md, "Scenario files") and the position they set."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from cardsmith.core.actions import option_id
from cardsmith.core.errors import ScenarioError
from cardsmith.core.flow import push
from cardsmith.core.game import Game
from cardsmith.core.scenario import open_window_at, per_seat, replay, seat_of
from cardsmith.core.state import State

from . import effects
from .data import (
    BURN_LIMIT,
    CARDS,
    CHAR_NAMES,
    INDEX,
    KIND,
    LOOT,
    POWER_AT,
    RED_TARGETS,
    STAT_OF_KIND,
    after,
    parse_order,
    parse_teams,
)
from .flow import FLOW
from .model import Entry, Table, fresh_table, living, lowest, opponents
from .steps.setup import begin, make_supply
from .steps.turn import turn
from .steps.windows import window_actors

Whole = Annotated[int, msgspec.Meta(ge=0)]
_WINDOW_KINDS = frozenset(("shield", "shotgun", "medic", "antidote", "attack"))  # TAI-7.2, TAI-7.4
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


class VolleySetup(msgspec.Struct, forbid_unknown_fields=True):
    """A volley revealed and being resolved (TAI-6.10): its cards (in the attacker's play area, in the order laid),
    the window open now (``shotgun``, ``respond`` or ``counter_shield``), whose window it is (``victim``), the seat
    asked in it now (``asked``) and whether that seat has played a card in it already (``played``); and per seat
    what the cards played in its windows so far have credited: ``block``, ``healing`` (Medics; the volley's First
    Aid is added), ``counter`` (counter damage, by the seat that dealt it) and the attacker's ``counter_shield``."""

    cards: list[LaidSetup]
    window: Literal["shotgun", "respond", "counter_shield"]
    victim: Whole | None = None
    asked: Whole | None = None
    played: bool = False
    block: list[Whole] | None = None
    healing: list[Whole] | None = None
    counter: list[Whole] | None = None
    counter_shield: Whole = 0


class TickSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A Poison's tick window part-way (TAI-8.28 (a)) in the current seat's start step: ``poison``, the place of
    the Poison in ``[setup] poisons``; the seat ``asked`` now (default the victim) and whether it has ``played``
    a card in this window already; ``healing``, what the Medics played in it so far heal (TAI-8.43)."""

    poison: Whole
    asked: Whole | None = None
    played: bool = False
    healing: Whole = 0


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
    burning: bool = False  # a Burn-Barrel in use, its burn question open (TAI-8.53)
    protected: list[Whole] = []
    poisons: list[PoisonSetup] = []
    supply: Literal["full", "empty"] = "full"
    turn: Whole = 0
    laying: list[LaidSetup] = []
    reward: RewardSetup | list[RewardSetup] | None = None
    """A knockout reward owed, or several in the order they are taken (clockwise after the current seat, TAI-13.7):
    the first under way, the later ones not begun."""
    volley: VolleySetup | None = None
    tick: TickSetup | None = None
    picked: list[str] | None = None
    """Characters being chosen (TAI-2.6, option ``character_selection = "choose"``): the ones picked so far, in
    selection order; no card is dealt yet."""


def load(game: Game, state: State, setup: Setup) -> None:
    """Set the trackers, the turn in progress and the Poisons of a scenario, then run to its first decision."""
    if setup.picked is not None:
        _picking(game, state, setup)
        return
    n = state["players"]
    opts = state["options"]
    game.check_options(opts, n)
    state["g"] = g = fresh_table(n, int(opts["starting_health"]))
    g["team"] = parse_teams(opts["teams"], n)
    g["selection"] = parse_order(opts["selection_order"], n)
    _trackers(state, g, setup)
    g["start"] = seat_of(setup.start, n, "start")
    g["current"] = seat_of(setup.start if setup.current is None else setup.current, n, "current")
    g["round"] = setup.round
    state["turn"] = setup.turn
    _check_zones(state, setup.volley is not None or setup.tick is not None)
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
    _tick(game, state, g, setup)
    _reward(state, g, setup.reward)
    cur = g["current"]
    for seat in reversed((*after(n, cur), cur)):  # energy of 10 or more: the power-ups are due at once
        if g["energy"][seat] >= POWER_AT and g["alive"][seat]:
            push(state, "power_up", seat=seat)
    FLOW.run(game, state)


def _picking(game: Game, state: State, setup: Setup) -> None:
    """TAI-2.6, TAI-2.7: the characters being chosen, replayed from the start of the game: each player in selection
    order has picked the next name of ``picked``; the cards are dealt once every character is chosen (TAI-2.8)."""
    assert setup.picked is not None
    if state["options"]["character_selection"] != "choose":
        raise ScenarioError("[setup] picked needs the option character_selection = 'choose' (TAI-2.6)")
    if any(state["zones"].values()) or msgspec.structs.replace(setup, picked=None) != Setup():
        raise ScenarioError(
            "[setup] picked: characters are chosen before anything else (TAI-2.2): no [zones], no other [setup] key"
        )
    begin(game, state)
    picks = [option_id("character", name) for name in setup.picked]
    replay(state, "picked", picks, lambda s: s["pending"]["kind"] == "character", "every character is chosen")
    if state["pending"]["kind"] != "character":
        raise ScenarioError("[setup] picked: every character is chosen after these picks; leave picked out")


def _trackers(state: State, g: Table, setup: Setup) -> None:
    """Characters, health, energy, levels and who is still in (TAI-1.5 .. TAI-1.7, TAI-2.7, TAI-11.4, TAI-11.6)."""
    n = state["players"]
    chars = per_seat(setup.characters, list(CHAR_NAMES[:n]), n, "characters", "character names")
    if not all(c in CARDS.characters for c in chars):
        raise ScenarioError(f"[setup] characters must be a list of {n} character names")
    if len(set(chars)) != n:
        raise ScenarioError("[setup] characters: no two players may have the same character (TAI-2.7)")
    g["characters"] = chars
    mx = g["max_health"]
    g["health"] = per_seat(setup.health, [mx] * n, n, "health", f"health values 0-{mx}")
    if any(h > mx for h in g["health"]):
        raise ScenarioError(f"[setup] health must be a list of {n} health values 0-{mx}")
    g["energy"] = per_seat(setup.energy, [0] * n, n, "energy", "whole numbers of energy")
    levels = per_seat(setup.levels, [[0, 0, 0, 0]] * n, n, "levels", "lists of four levels 0-3")
    g["levels"] = [list(x) for x in levels]
    g["alive"] = per_seat(setup.alive, [True] * n, n, "alive", "booleans")
    z = state["zones"]
    for seat in range(n):
        if g["alive"][seat] and g["health"][seat] <= 0:
            raise ScenarioError(f"[setup] seat {seat} is alive with health 0 (TAI-11.4)")
        if not g["alive"][seat]:
            g["health"][seat] = 0
            looted = seat in {r.seat for r in _owed(setup.reward)}  # its deck and discard are the loot
            for kind in ("deck", "hand", "discard", "play", "bought", "struct"):
                if z[f"{kind}:{seat}"] and not (looted and kind in ("deck", "discard")):
                    raise ScenarioError(
                        f"eliminated seat {seat} cannot hold cards in {kind}:{seat} (TAI-11.6)"
                    )


def _check_zones(state: State, volley: bool) -> None:
    """Windows and loot start empty (a window of a volley being resolved holds the cards played in it so far); a
    structure area holds structures, one of each name (TAI-9.4)."""
    z = state["zones"]
    names = state["cards"]
    for seat in range(state["players"]):
        for kind in ("poison", "resp", "loot"):
            if z[f"{kind}:{seat}"] and not (volley and kind == "resp"):
                raise ScenarioError(
                    f"zone {kind}:{seat} must start empty (use [setup] poisons for Poisons; cards played in "
                    "a window need [setup] volley or tick)"
                )
            if kind == "resp" and not {KIND[names[c]] for c in z[f"resp:{seat}"]} <= _WINDOW_KINDS:
                raise ScenarioError(f"resp:{seat} holds a card that no window takes (TAI-7.2, TAI-7.4)")
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
        if setup.burning:
            raise ScenarioError("[setup] burning needs step = 'play'")
        if setup.laying:
            raise ScenarioError("[setup] laying needs step = 'play' and turn_type = 'attack'")
        if setup.volley is not None:
            raise ScenarioError("[setup] volley needs step = 'play' and turn_type = 'attack'")
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
        if setup.volley is not None:
            raise ScenarioError("[setup] volley needs step = 'play' and turn_type = 'attack'")
        if setup.burning:
            raise ScenarioError("[setup] burning needs step = 'play'")
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
    if setup.burning:
        _burning(state, g, setup)
    if setup.volley is not None:
        if setup.turn_type != "attack" or setup.laying:
            raise ScenarioError(
                "[setup] volley: a volley is resolved only on an attacking turn (turn_type = 'attack'), "
                "and none is laid meanwhile (no laying)"
            )
        _volley(state, g, setup.volley)


def _burning(state: State, g: Table, setup: Setup) -> None:
    """TAI-8.53 .. TAI-8.55: a Burn-Barrel in use, in play, asking which cards to burn, as many as this turn still
    allows (TAI-8.54); on an attacking turn only between volleys (TAI-8.52)."""
    cur = g["current"]
    zones = state["zones"]
    if setup.laying or setup.volley is not None:
        raise ScenarioError(
            "[setup] burning: a Burn-Barrel is used between volleys (TAI-8.52), not with laying or volley"
        )
    if not any(KIND[state["cards"][c]] == "burn" for c in zones[f"play:{cur}"]):
        raise ScenarioError(f"[setup] burning: the Burn-Barrel in use lies in play:{cur} (TAI-8.55)")
    if g["burned"] >= BURN_LIMIT or not zones[f"hand:{cur}"]:
        raise ScenarioError(
            f"[setup] burning: nothing more may be burned (burned = {g['burned']}, TAI-8.54, or an empty hand)"
        )
    push(state, "burn", left=BURN_LIMIT - g["burned"])


def _owed(reward: RewardSetup | list[RewardSetup] | None) -> list[RewardSetup]:
    return [] if reward is None else reward if isinstance(reward, list) else [reward]


def _reward(state: State, g: Table, reward: RewardSetup | list[RewardSetup] | None) -> None:
    """TAI-13.5 .. TAI-13.7: knockout rewards still owed, taken before anything else, one eliminated seat at a time
    clockwise after the current seat; each eliminated seat's deck and discard pile hold what its eliminator may
    take."""
    owed = _owed(reward)
    if not owed:
        return
    n = state["players"]
    if not state["options"]["knockout_reward"]:
        raise ScenarioError("[setup] reward needs the option knockout_reward = true (TAI-13.5)")
    order = [*after(n, g["current"]), g["current"]]
    for i, r in enumerate(owed):
        key = f"reward[{i}]" if isinstance(reward, list) else "reward"
        if r.seat >= n or g["alive"][r.seat]:
            raise ScenarioError(f"[setup] {key}.seat must be an eliminated seat (alive false)")
        if r.eliminator >= n or not g["alive"][r.eliminator]:
            raise ScenarioError(f"[setup] {key}.eliminator must be a seat still in the game (TAI-13.7)")
        if i and order.index(r.seat) <= order.index(owed[i - 1].seat):
            raise ScenarioError(
                f"[setup] {key}.seat: rewards are taken one eliminated seat at a time, clockwise after the current "
                "seat (TAI-13.7)"
            )
        if i and r.taken:
            raise ScenarioError(f"[setup] {key}.taken: only the first reward owed is under way (TAI-13.7)")
    for r in reversed(owed):
        push(state, "leave", seat=r.seat, eliminator=r.eliminator, taken=r.taken, opened=False)


def _laying(state: State, g: Table, laid: list[LaidSetup]) -> None:
    """The volley being laid (TAI-6.4): its cards stay in the attacker's hand until it is revealed."""
    cur = g["current"]
    free = list(state["zones"][f"hand:{cur}"])
    for i, entry in enumerate(laid):
        cid, aimed = _aimed(state, g, f"[setup] laying[{i}]", entry, f"hand:{cur}", free, "struct")
        g["laying"].append({"card": cid, "target": entry.target, "structure": aimed})


def _aimed(
    state: State, g: Table, key: str, entry: LaidSetup, zone: str, free: list[int], where: str
) -> tuple[int, int]:
    """A red card of a volley (TAI-6.4) taken from ``free`` (the cards of ``zone`` not yet taken) and checked
    against its target (TAI-6.7 to TAI-6.9): its card id, and a Fire Bomb's structure (found in ``where:T``, the
    target's structure area or, once destroyed, its discard pile), else -1."""
    cur = g["current"]
    names = state["cards"]
    kind = KIND.get(entry.card)
    if kind not in RED_TARGETS:
        raise ScenarioError(f"{key}: {entry.card!r} is not a red card that is laid in a volley (TAI-6.4)")
    if entry.card not in (names[c] for c in free):
        raise ScenarioError(f"{key}: {entry.card!r} must be in {zone}, one copy for each card laid")
    cid = lowest(names, free, entry.card)
    free.remove(cid)
    targets = living(g) if kind == "firstaid" else opponents(g, cur)
    if entry.target not in targets:
        raise ScenarioError(
            f"{key}: seat {entry.target} cannot be the target of {entry.card!r} (TAI-6.7 to TAI-6.9)"
        )
    if kind != "firebomb":
        if entry.structure is not None:
            raise ScenarioError(f"{key}: only a Fire Bomb is aimed at a structure")
        return cid, -1
    here = [
        c
        for c in state["zones"][f"{where}:{entry.target}"]
        if names[c] == entry.structure and KIND[names[c]] == "structure"
    ]
    if not here:
        raise ScenarioError(
            f"{key}: a Fire Bomb names a structure in {where}:{entry.target} (TAI-6.7), not {entry.structure!r}"
        )
    return cid, min(here)


# ---------------------------------------------------------------- a volley being resolved (TAI-6.10)


def _volley(state: State, g: Table, spec: VolleySetup) -> None:
    """The volley revealed and being resolved (TAI-6.10), with the window ``spec.window`` open: its cards lie in
    the attacker's play area (TAI-6.15); past step (2) its Poisons are on their targets' poison tracks (TAI-8.24)
    and its Fire Bombs' structures in their owners' discard piles (TAI-8.48)."""
    n = state["players"]
    a = g["current"]
    if not spec.cards:
        raise ScenarioError("[setup] volley.cards: a volley holds one card or more (TAI-6.4)")
    effects_done = spec.window != "shotgun"  # step (2) is over once the response windows are reached
    free = list(state["zones"][f"play:{a}"])
    entries: list[Entry] = []
    attack, healing = [0] * n, [0] * n
    hit: set[int] = set()
    robbed: set[int] = set()
    for i, laid in enumerate(spec.cards):
        where = "discard" if effects_done else "struct"
        cid, aimed = _aimed(state, g, f"[setup] volley.cards[{i}]", laid, f"play:{a}", free, where)
        kind = KIND[laid.card]
        val = effects.value(g, a, laid.card) if kind in STAT_OF_KIND else 0  # TAI-5.10
        entries.append({"card": cid, "target": laid.target, "structure": aimed, "value": val})
        if kind == "attack":  # TAI-6.12
            attack[laid.target] += val
        elif kind == "firstaid":  # TAI-8.45
            healing[laid.target] += val
        if kind != "firstaid":  # TAI-6.11
            hit.add(laid.target)
        if kind == "robber":
            robbed.add(laid.target)
    order = after(n, a)
    attacked = [p for p in order if p in hit]
    credit = {key: _credit(spec, key, n) for key in ("block", "healing", "counter")}
    if any(credit["block"][p] for p in range(n) if p not in hit):
        raise ScenarioError("[setup] volley.block: only an attacked seat has a block (TAI-6.11, TAI-7.9)")
    if credit["counter"][a]:
        raise ScenarioError("[setup] volley.counter: the attacker deals no counter damage (TAI-8.2, TAI-8.8)")
    if spec.counter_shield and spec.window != "counter_shield":
        raise ScenarioError(
            "[setup] volley.counter_shield: Shields against counters come in that step (TAI-8.6)"
        )
    g["volley"] = {
        "attacker": a,
        "entries": entries,
        "attacked": attacked,
        "attack": attack,
        "block": credit["block"],
        "healing": [h + m for h, m in zip(healing, credit["healing"], strict=True)],
        "counter": credit["counter"],
        "counter_shield": spec.counter_shield,
    }
    if effects_done:
        _poisoned(state, g, entries)
    _windows(state, g, spec, attacked, [p for p in order if p in robbed])


def _credit(spec: VolleySetup, key: str, n: int) -> list[int]:
    """``block``, ``healing`` or ``counter`` of the volley: one whole number per seat (default all 0)."""
    return per_seat(getattr(spec, key), [0] * n, n, f"volley.{key}", "whole numbers")


def _poisoned(state: State, g: Table, entries: list[Entry]) -> None:
    """TAI-6.10 (2), TAI-8.24, TAI-8.26: the volley's Poisons have taken effect, on their targets' poison tracks."""
    a = g["current"]
    zones = state["zones"]
    for entry in entries:
        name = state["cards"][entry["card"]]
        if KIND[name] != "poison":
            continue
        cid, victim = entry["card"], entry["target"]
        zones[f"play:{a}"].remove(cid)  # placed where step (2) put it: the scenario's position, not a move
        zones[f"poison:{victim}"].append(cid)
        ticks = CARDS.cards[name].ticks
        g["poisons"].append(
            {"card": cid, "owner": a, "victim": victim, "ticks": ticks, "damage": entry["value"]}
        )


def _windows(state: State, g: Table, spec: VolleySetup, attacked: list[int], robbed: list[int]) -> None:
    """The steps of the volley still to come, and the window open now with the seat it asks (TAI-6.10 (1) to (4),
    TAI-7.5, TAI-8.6, TAI-8.12)."""
    vol = g["volley"]
    assert vol is not None
    a = vol["attacker"]
    if spec.window == "counter_shield":
        if spec.victim is not None:
            raise ScenarioError("[setup] volley.victim: the counter-shield step is the attacker's (TAI-8.6)")
        if not any(vol["counter"]):
            raise ScenarioError(
                "[setup] volley.counter: the counter-shield step needs counter damage (TAI-8.6)"
            )
        seats, victim = [a], a
    else:
        seats = robbed if spec.window == "shotgun" else attacked
        victim = seats[0] if spec.victim is None and len(seats) == 1 else spec.victim
        if victim not in seats:
            whose = (
                "a seat a Robber of the volley is aimed at"
                if spec.window == "shotgun"
                else "an attacked seat"
            )
            raise ScenarioError(
                f"[setup] volley.victim: a {spec.window} window is that of {whose} (TAI-6.10)"
            )
    push(state, "resolve")  # (5) to (7)
    frame = {"step": spec.window, "victim": victim}
    if spec.window == "counter_shield":
        del frame["victim"]
        _open(state, spec, frame)
        return
    push(state, "counter_shield", actors=None, next=0, played=False)  # (4)
    later = attacked if spec.window == "shotgun" else attacked[attacked.index(victim) + 1 :]
    for p in reversed(later):  # (3)
        push(state, "respond", victim=p, actors=None, next=0, played=False)
    if spec.window == "shotgun":
        push(state, "volley_effects")  # (2)
        for p in reversed(robbed[robbed.index(victim) + 1 :]):  # (1)
            push(state, "shotgun", victim=p, actors=None, next=0, played=False)
    _open(state, spec, frame)


def _open(state: State, spec: VolleySetup, frame: dict[str, Any]) -> None:
    """The window open now, asking ``spec.asked`` (default its first actor: the victim, or the attacker)."""
    actors = window_actors(state, frame)
    opened = open_window_at(
        state,
        frame.pop("step"),
        actors,
        spec.asked,
        "volley.asked",
        "window (TAI-7.5, TAI-8.6, TAI-8.12)",
        played=spec.played,
        **frame,
    )
    _holds_cards(state, opened, "volley.asked")


def _holds_cards(state: State, frame: dict[str, Any], key: str) -> None:
    """TAI-1.18: the seat asked in a window part-way holds a card."""
    asked = frame["actors"][frame["next"]]
    if not state["zones"][f"hand:{asked}"]:
        raise ScenarioError(f"[setup] {key}: seat {asked} holds no card and is not asked (TAI-1.18)")


# ---------------------------------------------------------------- a Poison's tick window part-way (TAI-8.28)


def _tick(game: Game, state: State, g: Table, setup: Setup) -> None:
    """The start step of the current seat's turn under way (TAI-3.4, TAI-3.5): the Poisons it played before
    ``tick.poison`` have ticked, and that one's tick window is open, asking ``tick.asked``."""
    spec = setup.tick
    if spec is None:
        return
    if setup.step != "start":
        raise ScenarioError(
            "[setup] tick: a Poison ticks in the start step of its owner's turn (step = 'start')"
        )
    if spec.poison >= len(g["poisons"]):
        raise ScenarioError(
            f"[setup] tick.poison must be the place of a Poison in [setup] poisons, not {spec.poison}"
        )
    entry = g["poisons"][spec.poison]
    cur = g["current"]
    if entry["owner"] != cur:
        raise ScenarioError(
            f"[setup] tick.poison: seat {cur}'s start step ticks only the Poisons seat {cur} played (TAI-3.5, TAI-8.27)"
        )
    turn(game, state, state["flow"][-1])  # the turn begins as the engine begins it, up to its Poison ticks
    due = state["flow"][-1]["cards"]
    del due[: due.index(entry["card"]) + 1]  # those played before it have ticked (TAI-3.5); it is ticking
    data = {"card": entry["card"], "victim": entry["victim"], "owner": cur, "damage": entry["damage"]}
    actors = window_actors(state, {"step": "tick", **data})
    opened = open_window_at(
        state,
        "tick",
        actors,
        spec.asked,
        "tick.asked",
        "tick window (TAI-8.28)",
        played=spec.played,
        healing=spec.healing,
        removed=False,
        **data,
    )
    _holds_cards(state, opened, "tick.asked")
