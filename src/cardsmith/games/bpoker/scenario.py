"""B-Poker scenarios: the ``[setup]`` keys (BP-29.3) as a typed struct the core validates, and the position they
set: whose turn and which step of it, marks, tiles, declarations and control."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from ...core.errors import ScenarioError
from ...core.scenario import per_seat, replay, seat_of
from ...core.state import State
from .cards import FACES, power_key
from .declare import hand_signature, score_of
from .groups import pair_key
from .model import fresh_table
from .steps.hands import OUTER_HAND
from .steps.turns import set_choices
from .table import (
    MARKS,
    MAX_CARDS_IN_GAME,
    NE,
    SK,
    TILE_WORDS,
    WILDS,
    five_in_effect,
    new_tile,
    tile_of,
)

MarkName = Literal["wild", "wild_ne", "wild_seen", "wild_ne_seen", "ne", "side"]
assert set(MarkName.__args__) == MARKS  # type: ignore[attr-defined]  # a scenario names a mark as the state does
TileKind = Literal["five", "set5", "ccc", "six", "bh", "wh", "lock", "jjj"]
assert set(TileKind.__args__) == set(TILE_WORDS)  # type: ignore[attr-defined]


class TileSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A tile on a table: its kind, its table zone, its cards left to right; ``sd`` the sideways 6s of a 6+6+6,
    ``joker_suit`` the suit a Joker of a 5-tile stands for."""

    kind: TileKind
    zone: str
    cards: list[str] = []
    sd: list[str] = []
    joker_suit: int = 0


class DeclSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A declared hand: its cards on the seat's table, and the value each wild among them is declared as."""

    cards: list[str]
    wild: dict[str, str] = {}


class FpokerSetup(msgspec.Struct, forbid_unknown_fields=True):
    """An f_poker hand in progress (BP-9.1, BP-9.2): ``player`` played its Joker+Joker+7 in the outer hand, whose
    tables, viewing hands and cards-to-be-played lie set aside in the zones ``table:S:a1``, ``view:S:a1`` and
    ``ctbp:S:a1``; the f_pot is ``fpot``. ``decl``: the outer hand's declared hands, as ``decl`` (cards on the
    set-aside tables ``table:S:a1``), back in force when the outer hand resumes (BP-9.1, BP-9.3)."""

    player: int = 0
    decl: dict[str, DeclSetup] = {}


class RingSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A ring of 6s under way (BP-17.8, BP-17.9): the seats it reached in order, the last of whom received a 6 with
    effect and now uses its shaft, and the splitter (the forcer of its first 6) who splits the pot when it
    closes."""

    reached: list[int]
    splitter: int


class PowerSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A card's power (sections 12-25) or a pair's or set's effects (section 26) under way (BP-11.16): ``card``, or
    the ``cards`` of the pair or set, lie untiled with effect on ``table:S`` (``seat``, default the active player)
    and resolve from the start, a card at its face value; ``answers`` are the answers its questions have had so far,
    in order, each an option's id or its label. The position is its next question. A ``card`` that is the newest
    card of a 5-tile resolves at the tile's value in effect (BP-16.8, BP-16.9), not at its face value."""

    card: str | None = None
    cards: list[str] = []
    seat: int | None = None
    answers: list[str] = []


class ForcedSetup(msgspec.Struct, forbid_unknown_fields=True):
    """A card being forced onto a table (BP-8.1): ``card`` lies in ``limbo`` on its way to ``seat``'s table,
    forced there by ``forcer``. The rules take it from there: a lock, a J's no-effect, the forcer's follow-up choice
    for a 5, the target's reaction window (BP-8.2), then it enters and resolves as ``seat``'s card (BP-8.1).
    ``answers`` are the answers their questions have had so far, as in ``power``; the position is the next one."""

    card: str
    seat: int
    forcer: int
    answers: list[str] = []


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """The ``[setup]`` keys, all optional; per-seat maps are keyed by the seat number as a string."""

    active: int = 0
    first: int | None = None
    dir: Literal[1, -1] = 1
    phase: Literal["play", "tbegin", "draw", "hstart", "end"] = "play"
    plays: int | None = None
    hand: int | None = None
    marks: dict[str, dict[str, MarkName | list[MarkName]]] = {}
    tiles: list[TileSetup] = []
    decl: dict[str, DeclSetup] = {}
    ctrl: dict[str, tuple[int, str]] = {}
    jnext: bool = False
    over: bool = False
    inh: list[bool] | None = None
    ing: list[bool] | None = None
    skip: list[int] = []
    nowin: int | None = None
    noret: int | None = None
    exempt: bool = False
    scrap: bool = True  # the active player may still scrap in this play step (BP-5.5)
    fpoker: FpokerSetup | None = None  # the position is inside an f_poker hand (BP-9.1)
    ring: RingSetup | None = None  # a ring of 6s under way, its last recipient using the shaft (BP-17.9)
    chosen: list[str] = []  # the cards of a pair or set chosen so far, one at a time (BP-5.6)
    power: PowerSetup | None = None  # a card's power resolving, its questions answered so far (BP-11.16)
    forced: ForcedSetup | None = None  # a card being forced onto a table, from its window on (BP-8.1, BP-8.2)


class _Finder:
    """Picks scenario cards out of zones by name, each card once until :meth:`clear`."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.used: set[int] = set()
        self.key = ""  # the [setup] key being read, named in a refusal

    def __call__(self, zone: str, name: str) -> int:
        state = self.state
        for c in state["zones"].get(zone, []):
            if state["cards"][c] == name and c not in self.used:
                self.used.add(c)
                return c
        raise ScenarioError(f"[setup] {self.key}: no card {name!r} left in {zone!r}")

    def clear(self) -> None:
        self.used.clear()


def load(game: Any, state: State, setup: Setup) -> list[dict[str, Any]]:
    """Set the position of a scenario (BP-29.3); returns the frames of effects under way above the turn's step."""
    if len(state["cards"]) > MAX_CARDS_IN_GAME:
        raise ScenarioError(f"a B-Poker position holds at most {MAX_CARDS_IN_GAME} cards")
    n = state["players"]
    g = fresh_table(n)
    state["g"] = g
    g["active"] = seat_of(setup.active, n, "active")
    g["first"] = setup.active if setup.first is None else setup.first
    g["direction"] = setup.dir
    if setup.plays is not None:
        g["plays"] = setup.plays
    if setup.hand is not None:
        g["hands_played"] = setup.hand
    g["j_next"] = setup.jnext
    g["turn_over"] = setup.over
    g["in_game"] = per_seat(setup.ing, g["in_game"], n, "ing", "booleans")
    g["in_hand"] = per_seat(setup.inh, g["in_game"], n, "inh", "booleans")
    g["skip"] = list(setup.skip)
    g["no_win"] = setup.nowin
    g["no_return"] = setup.noret
    find = _Finder(state)
    find.key = "marks"
    for zone, marks in setup.marks.items():
        for name, mark in marks.items():
            for m in mark if isinstance(mark, list) else [mark]:
                state["marks"][str(find(zone, name))] = m
    find.clear()
    find.key = "tiles"
    for spec in setup.tiles:
        _place_tile(game, state, spec, find)
    find.key = "decl"
    _declare(game, state, setup, find)
    find.key = "ctrl"
    for key, (ctl, name) in setup.ctrl.items():
        find.clear()
        g["control"][str(key)] = [int(ctl), find(f"table:{key}", name)]
    if not setup.scrap:
        if setup.phase != "play":
            raise ScenarioError(
                "[setup] scrap = false needs phase = 'play': every play step starts with a scrap (BP-5.5)"
            )
        g["scrap_ok"] = False
    if setup.exempt:
        g["exempt"] = list(state["zones"][f"table:{g['active']}"])
    _fpoker(game, state, setup)
    _chosen(game, state, setup)
    return _ring(state, setup.ring) + _power(state, setup) + _forced(state, setup)


_ASIDE = ("table", "view", "ctbp")  # the zone kinds an f_poker hand sets aside (BP-9.1)


def _fpoker(game: Any, state: State, setup: Setup) -> None:
    """``fpoker``: the position is an f_poker hand (depth 1) above an outer hand set aside when ``player`` played
    its Joker+Joker+7 (BP-9.1); the outer hand resumes at its end (BP-9.3), in the direction ``dir`` the f_poker
    hand has then (BP-9.2). Set-aside zones hold cards only with this key, and only at depth 1."""
    zones = state["zones"]
    n = state["players"]
    for zone, cards in zones.items():
        parts = zone.split(":")
        if len(parts) == 3 and cards and (setup.fpoker is None or parts[2] != "a1"):
            raise ScenarioError(
                f"[setup] fpoker: zone {zone!r} holds an outer hand set aside; it needs [setup] fpoker and the tag "
                "a1 (one f_poker hand deep)"
            )
    spec = setup.fpoker
    if spec is None:
        return
    seat_of(spec.player, n, "fpoker.player")
    g = state["g"]
    outer = {k: fresh_table(n)[k] for k in OUTER_HAND}
    outer.update(active=spec.player, in_hand=list(g["in_hand"]), flow=[{"step": "play"}], player=spec.player)
    outer["tiles"] = {}
    g["set_aside"] = [outer]
    g["depth"] = 1
    for s in range(n):
        for kind in _ASIDE:
            zones.setdefault(f"{kind}:{s}:a1", [])
    zones.setdefault("fpot", [])
    find = _Finder(state)
    marks = state["marks"]
    for key, decl in spec.decl.items():
        seat = _decl_seat(state, "fpoker.decl", key)
        aside = f"table:{seat}:a1"
        outer["declared"][seat] = _declaration(game, state, "fpoker.decl", key, decl, aside, find)
        # the set-aside table has no tiles: its signature is its cards, wilds written -(id + 2) (hand_signature)
        outer["declared_signature"][seat] = [
            -(c + 2) if marks.get(SK[c]) in WILDS else c for c in zones[aside]
        ]


def _chosen(game: Any, state: State, setup: Setup) -> None:
    """``chosen``: the active player is choosing a pair or set card by card (BP-5.6): the cards named so far, still
    in the viewing hand, must begin a pair or set the hand can complete."""
    if not setup.chosen:
        return
    if setup.phase != "play" or setup.over:
        raise ScenarioError("[setup] chosen: a pair or set is chosen in the play step (phase = 'play')")
    seat = state["g"]["active"]
    hand = [state["cards"][c] for c in state["zones"][f"view:{seat}"]]
    for name in set(setup.chosen):
        if setup.chosen.count(name) > hand.count(name):
            raise ScenarioError(f"[setup] chosen: {name!r} is not in view:{seat} as often as it is chosen")
    state["g"]["chosen"] = list(setup.chosen)
    more, whole = set_choices(game, state, seat, state["g"]["chosen"])
    if not more and whole is None:
        raise ScenarioError(
            f"[setup] chosen: {' + '.join(setup.chosen)} begins no pair or set of view:{seat}"
        )


def _ring(state: State, ring: RingSetup | None) -> list[dict[str, Any]]:
    """``ring``: a ring of 6s under way (BP-17.9); its last recipient's shaft is used first (the frame on top)."""
    if ring is None:
        return []
    g = state["g"]
    live = [s for s in range(state["players"]) if g["in_hand"][s]]
    reached = ring.reached
    if not reached or len(set(reached)) != len(reached) or not set(reached) <= set(live):
        raise ScenarioError(
            "[setup] ring.reached must list distinct seats still in the hand, in the order reached"
        )
    if set(live) <= set(reached):
        raise ScenarioError("[setup] ring.reached: a ring that reached every seat has closed (BP-17.9)")
    if ring.splitter not in live:
        raise ScenarioError("[setup] ring.splitter must be a seat still in the hand (BP-17.12)")
    holder = reached[-1]
    if not any(FACES[state["cards"][c]].rank == 6 for c in state["zones"][f"table:{holder}"]):
        raise ScenarioError(f"[setup] ring: table:{holder} holds no 6, which its last recipient received")
    g["ring"] = {"reached": list(reached), "splitter": ring.splitter}
    return [{"step": "shaft", "you": holder, "ring_link": 1}]


def _power(state: State, setup: Setup) -> list[dict[str, Any]]:
    """``power``: the frame of a card's power (``push_power``) or of a pair's or set's effects (the arrival's
    ``_resolve``) starting to resolve, on top of every other."""
    spec = setup.power
    if spec is None:
        return []
    g = state["g"]
    if setup.phase != "play" or setup.over or setup.chosen:
        raise ScenarioError(
            "[setup] power: a power resolves in the play step (phase = 'play', the turn not over, no pair chosen)"
        )
    seat = seat_of(g["active"] if spec.seat is None else spec.seat, state["players"], "power.seat")
    if (spec.card is None) == (not spec.cards):
        raise ScenarioError("[setup] power: give a card, or the cards of a pair or set, not both")
    find = _Finder(state)
    find.key = "power"
    named = [spec.card] if spec.card is not None else spec.cards
    cards = [find(f"table:{seat}", name) for name in named]
    f = FACES[named[0]]
    value = [f.rank, f.suit, f.red]
    for name, cid in zip(named, cards, strict=True):
        tile = tile_of(state, cid)
        if spec.card is not None and tile is not None and five_in_effect(tile) and tile["cards"][-1] == cid:
            value = list(tile["values"][-1])  # a 5-tile's card-in-effect (BP-16.8, BP-16.9)
        elif tile is not None or state["marks"].get(SK[cid]) in (NE, *WILDS):
            raise ScenarioError(
                f"[setup] power: {name} on table:{seat} is tiled, wild or no-effect; its effects are not its "
                "own (BP-10.13, BP-10.30)"
            )
    if spec.cards:
        key = pair_key(list(spec.cards))
        if key is None:
            raise ScenarioError(f"[setup] power.cards: {' + '.join(spec.cards)} is no pair or set (BP-26.1)")
        return [
            {
                "step": "pair_or_set",
                "key": key,
                "you": seat,
                "cards": cards,
                "forcer": None,
                "source": f"table:{seat}",
            }
        ]
    key = power_key(value[0], value[1], value[2])
    return [{"step": "power", "key": key, "you": seat, "card": cards[0], "value": value, "forcer": None}]


def _forced(state: State, setup: Setup) -> list[dict[str, Any]]:
    """``forced``: the frame of a card on its way to a table (``push_play`` of a force), on top of every other."""
    spec = setup.forced
    if spec is None:
        return []
    if setup.phase != "play" or setup.over or setup.chosen or setup.power is not None:
        raise ScenarioError(
            "[setup] forced: a card is forced in the play step (phase = 'play', the turn not over, no pair chosen, "
            "no power)"
        )
    n = state["players"]
    seat, forcer = seat_of(spec.seat, n, "forced.seat"), seat_of(spec.forcer, n, "forced.forcer")
    if seat == forcer or not (state["g"]["in_hand"][seat] and state["g"]["in_hand"][forcer]):
        raise ScenarioError(
            "[setup] forced: a player forces a card onto another player's table, both still in the hand (BP-8.1)"
        )
    find = _Finder(state)
    find.key = "forced"
    cid = find("limbo", spec.card)
    return [
        {"step": "arrival", "you": seat, "cards": [cid], "source": "limbo", "via": "force", "forcer": forcer}
    ]


def answer_power(state: State, setup: Setup, above: list[dict[str, Any]]) -> None:
    """``power.answers`` or ``forced.answers``: the questions answered so far, each one of the options then offered
    (by id or label); the card, pair or set (the top frame of ``above``, which :func:`load` returned) must still be
    resolving after them, or on its way to a table (forced, or a Q-in-effect passed on, BP-16.22), unless they
    started an f_poker hand (BP-9.1)."""
    spec: PowerSetup | ForcedSetup | None = setup.forced or setup.power
    if spec is None:
        return
    top = above[-1]
    cards = top["cards"] if "cards" in top else [top["card"]]
    key = "power" if setup.forced is None else "forced"
    name = spec.card if spec.card is not None else " + ".join(setup.power.cards if setup.power else [])
    what = f"the effects of {name} are over"
    replay(state, f"{key}.answers", spec.answers, lambda s: _resolving(s, cards), what)
    nested = state["g"]["depth"] > (setup.fpoker is not None)  # they started an f_poker hand (BP-9.1)
    if not _resolving(state, cards) and not nested:
        raise ScenarioError(f"[setup] {key}: {what} after its answers")


def _resolving(state: State, cards: list[int]) -> bool:
    """Whether a decision is pending and a frame of ``cards`` is still on the flow: their power or their pair's or
    set's effects, or a card's way onto a table (its arrival)."""
    one = cards[0] if len(cards) == 1 else None
    return state["pending"] is not None and any(
        f.get("cards") == cards or (one is not None and f.get("card") == one) for f in state["flow"][1:]
    )


def _place_tile(game: Any, state: State, spec: TileSetup, find: _Finder) -> None:
    if not spec.zone.startswith("table:") or spec.zone.count(":") != 1:
        raise ScenarioError(f"[setup] a tile needs a kind ({', '.join(TILE_WORDS)}) and a table zone")
    cards = [find(spec.zone, x) for x in spec.cards]
    seat = int(spec.zone.split(":")[1])
    extra: dict[str, Any] = {}
    if spec.kind == "five":
        extra["values"], extra["shift"] = five_values(state, cards, spec.joker_suit)
    elif spec.kind == "set5":
        fa = FACES[state["cards"][cards[0]]]
        fx = FACES[state["cards"][cards[2]]]
        extra["values"] = [[5, fa.suit, fa.red], [5, fa.suit, fa.red], [fx.rank, fa.suit, fa.red]]
    elif spec.kind == "six":
        names = list(spec.sd)
        extra["sideways"] = []
        for c in cards:
            if state["cards"][c] in names:
                names.remove(state["cards"][c])
                extra["sideways"].append(c)
    new_tile(state, spec.kind, cards, seat, **extra)


def _declare(game: Any, state: State, setup: Setup, find: _Finder) -> None:
    g = state["g"]
    for key, spec in setup.decl.items():
        seat = _decl_seat(state, "decl", key)
        g["declared"][seat] = _declaration(game, state, "decl", key, spec, f"table:{seat}", find)
        g["declared_signature"][seat] = hand_signature(game, state, seat)


def _decl_seat(state: State, name: str, key: str) -> int:
    if not key.isdigit() or int(key) >= state["players"]:
        raise ScenarioError(f"[setup] {name}: {key!r} is not a seat (0 to {state['players'] - 1})")
    return int(key)


def _declaration(
    game: Any, state: State, name: str, key: str, spec: DeclSetup, zone: str, find: _Finder
) -> dict[str, Any]:
    """A declared hand (BP-3.1, BP-3.2) of the cards ``spec.cards`` in ``zone``, for the key ``name`` (seat ``key``)."""
    find.clear()
    find.key = name
    cards = [find(zone, x) for x in spec.cards]
    wv: dict[str, Any] = {}
    for card, value in spec.wild.items():
        cid = next((c for c in cards if state["cards"][c] == card), None)
        if cid is None or value not in FACES:
            raise ScenarioError(
                f"[setup] {name}.{key}.wild: {card!r} is not a card of the hand, or {value!r} no card"
            )
        f = FACES[value]
        wv[str(cid)] = [f.rank, f.suit]
    if len(cards) != 5:
        raise ScenarioError(f"[setup] {name}.{key}: a declared hand is 5 cards (BP-3.1), not {len(cards)}")
    return {"cards": cards, "wilds": wv, "score": score_of(game, state, cards, wv)}


def five_values(state: State, cards: list[int], joker_suit: int) -> tuple[list[Any], int]:
    """Values in effect along a 5-tile written in a scenario (BP-16.6 .. BP-16.19)."""
    f0 = FACES[state["cards"][cards[0]]]
    evs = [[5, f0.suit, f0.red]]
    shift = -1 if f0.red else 1
    for c in cards[1:]:
        f = FACES[state["cards"][c]]
        if f.rank == 1:
            r = 1 + shift
            ev = [r, joker_suit, False] if 2 <= r <= 14 else [1, -1, False]
        else:
            r = f.rank + shift
            ev = [r, f.suit, f.red] if 2 <= r <= 14 else [1, -1, f.red]
        evs.append(ev)
        if ev[0] == 5:
            shift += -1 if ev[2] else 1
    return evs, shift
