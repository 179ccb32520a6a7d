"""Section 2, setup: the Field laid out, Havens placed, piles dealt, starting Characters chosen, hands drawn
and the optional discards.

Frames: ``setup`` then ``setup_locations``, ``setup_havens``, ``setup_deal``, ``setup_characters``, ``setup_hands``,
``setup_discards``, one frame going on from one to the next: ``{order (the seats), seat_index, card (the Location
being placed), count (Characters chosen so far)}``.
"""

from __future__ import annotations

from typing import Any

from ....core import rng
from ....core.actions import Action, option
from ....core.flow import ask, goto, push
from ....core.game import Game
from ....core.state import State
from ..actions import card_block, deck_keys, deck_of
from ..board import distinct, enter_play, havens_of, log, move_card, seat_name, take_named, turn_order
from ..flow import FLOW, finish, step
from ..grid import lay_field, open_cells, place_card
from ..model import new_game_state
from ..rules import CARDS, HAND_TARGET, HAVEN_START
from ..victory import snapshot
from .turn import begin_turn, draw_cards


def begin(game: Game, state: State) -> None:
    players = state["players"]
    lay_out_cards(state, tuple(deck_keys(CARDS, state["options"], players)))
    drop_base_zones(state)
    g = new_game_state(players)
    state["g"] = g
    g["first"] = g["active"] = rng.below(state, players)  # AM-2.18
    log(state, {"t": "first", "seat": g["first"]})
    FLOW.start(game, state, "setup", seat_index=0)


# what ``create_cards`` makes of a set of decks (new card names, their owners, each pile's new ids in the order the
# piles are first met), by (deck ids, cards before them): worked out once; nothing mutates these lists
_LAYOUTS: dict[
    tuple[tuple[str, ...], int, int], tuple[list[str], list[int], list[tuple[str, list[int]]]]
] = {}


def lay_out_cards(state: State, deck_names: tuple[str, ...]) -> None:
    """``create_cards`` for the named decks, as a copy of the layout worked out the first time."""
    cards = state["cards"]
    owner = state["owner"]
    key = (deck_names, len(cards), len(owner))
    layout = _LAYOUTS.get(key)
    if layout is None:
        probe: State = {"cards": list(cards), "owner": list(owner), "zones": {}}
        create_cards(probe, [deck_of(d) for d in deck_names])
        layout = (probe["cards"][len(cards) :], probe["owner"][len(owner) :], list(probe["zones"].items()))
        _LAYOUTS[key] = layout
    cards.extend(layout[0])
    owner.extend(layout[1])
    zones = state["zones"]
    for pile, ids in layout[2]:
        zones.setdefault(pile, []).extend(ids)


def create_cards(state: State, decks: list[Any]) -> None:
    """AM-2.1: every card each player brings, in its starting pile.

    Card ids are given in blocks by kind (Characters, Disasters, Locations and Havens, Enhancements and
    Equipment, the rest; seat by seat within a block), so that each kind an option names by card id has one
    range of ids in the action space (see :mod:`.actions`). Each pile still receives its cards in deck order.
    """
    entries: list[tuple[int, int, int, str, str]] = []  # (block, seat, place in the deck, name, pile)
    for seat, deck in enumerate(decks):
        rows = [(name, f"lpile:{seat}") for name in deck.locations]
        rows += [(name, f"ipile:{seat}") for name in deck.expand(deck.items)]
        rows += [(name, f"dpile:{seat}") for name in deck.expand(deck.disasters)]
        rows += [(name, f"chars:{seat}") for name in deck.characters]
        rows += [(name, f"draw:{seat}") for name in deck.expand(deck.power)]
        rows += [(deck.haven, f"haven:{seat}")]
        rows += [(name, f"combat:{seat}") for name in deck.expand(deck.combat)]
        entries += [(card_block(CARDS, name), seat, i, name, pile) for i, (name, pile) in enumerate(rows)]
    ids: dict[tuple[int, int], int] = {}
    for _block, seat, i, name, _ in sorted(entries):
        ids[(seat, i)] = len(state["cards"])
        state["cards"].append(name)
        state["owner"].append(seat)
    zones = state["zones"]
    for _, seat, i, _, pile in entries:
        zones.setdefault(pile, []).append(ids[(seat, i)])


def drop_base_zones(state: State) -> None:
    """Shared zone families are per Location, Character or Disaster; their bare names are not used."""
    for kind in ("ds", "it", "eq", "pc", "loot", "gear"):
        state["zones"].pop(kind, None)
    for seat in range(state["players"]):
        state["zones"].pop(f"bag:{seat}", None)


@step("setup")
def setup_step(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.19, AM-2.20: shuffle the Combat piles and the Locations; the Locations are laid in turns."""
    zones = state["zones"]
    order = turn_order(state)
    for seat in order:
        rng.shuffle(state, zones[f"combat:{seat}"])  # AM-2.19
        rng.shuffle(state, zones[f"lpile:{seat}"])  # AM-2.20
    fr["order"] = [seat for _ in range(max(len(zones[f"lpile:{s}"]) for s in order)) for seat in order]
    goto(fr, "setup_locations")


# the options of placing a Location (by its name) or a Haven (None) in a cell, built once; nothing mutates them
_PLACE_OPTIONS: dict[tuple[str | None, int, int], list[str]] = {}


def _place_option(name: str | None, x: int, y: int) -> list[str]:
    """The option of putting the Location ``name`` (or, with None, one's Haven) at (x, y)."""
    key = (name, x, y)
    opt = _PLACE_OPTIONS.get(key)
    if opt is None:
        what = "your Haven" if name is None else name
        opt = _PLACE_OPTIONS[key] = option("place", x, y, label=f"Put {what} at ({x},{y})")
    return opt


@step("setup_locations")
def setup_locations(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.20 to AM-2.22: each player in turn reveals a Location and places it next to one already placed."""
    g = state["g"]
    zones = state["zones"]
    while fr["seat_index"] < len(fr["order"]):
        seat = fr["order"][fr["seat_index"]]
        if fr.get("card") is None:
            pile = zones[f"lpile:{seat}"]
            if not pile:
                fr["seat_index"] += 1
                continue
            card = pile[-1]
            move_card(state, card, f"lpile:{seat}", "field", "reveal")
            fr["card"] = card
            if not g["layout"]:
                place_card(state, card, 0, 0)  # AM-2.21
                log(state, {"t": "place", "seat": seat, "p": card, "x": 0, "y": 0})
                fr["card"] = None
                fr["seat_index"] += 1
                continue
        card = fr["card"]
        name = state["cards"][card]
        options = [_place_option(name, x, y) for x, y in open_cells(state, False)]
        ask(state, seat, "place_location", f"{seat_name(seat)}: place {name}", options)
        return
    fr["seat_index"] = 0
    goto(fr, "setup_havens")


@step("setup_havens")
def setup_havens(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.23: each player places a Haven next to a Location."""
    order = turn_order(state)
    if fr["seat_index"] < len(order):
        seat = order[fr["seat_index"]]
        options = [_place_option(None, x, y) for x, y in open_cells(state, True)]
        ask(state, seat, "place_haven", f"{seat_name(seat)}: place your Haven", options)
        return
    goto(fr, "setup_deal")


@step("setup_deal")
def setup_deal(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.25, AM-2.26: one Item and two Disasters face down under each of one's own Locations."""
    g = state["g"]
    zones, owner = state["zones"], state["owner"]
    for seat in turn_order(state):
        mine = [p for p in zones["field"] if owner[p] == seat]
        rng.shuffle(state, zones[f"ipile:{seat}"])
        for p in mine:
            pile = zones[f"ipile:{seat}"]
            if pile:
                move_card(state, pile[-1], f"ipile:{seat}", f"it:{p}", "deal")
        rng.shuffle(state, zones[f"dpile:{seat}"])
        for p in mine:
            for _ in range(2):
                pile = zones[f"dpile:{seat}"]
                if pile:
                    move_card(state, pile[-1], f"dpile:{seat}", f"ds:{p}", "deal")
    lay_field(state)
    g["items_total"] = sum(len(zones[f"it:{p}"]) for p in zones["field"])  # AM-12.3
    g["loose_items"] = g["items_total"]
    fr["seat_index"], fr["count"] = 0, 0
    goto(fr, "setup_characters")


@step("setup_characters")
def setup_characters(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.27: each player puts up to four Characters in their Haven."""
    zones = state["zones"]
    order = turn_order(state)
    while fr["seat_index"] < len(order):
        seat = order[fr["seat_index"]]
        left = sorted(zones[f"chars:{seat}"], key=lambda c: state["cards"][c])
        if fr["count"] >= HAVEN_START or not left:
            fr["seat_index"], fr["count"] = fr["seat_index"] + 1, 0
            continue
        options = [
            option("start_character", name, label=f"Put {name} in your Haven")
            for name, _ in distinct(state, left)
        ]
        options.append(option("done", label="No more Characters"))
        ask(
            state,
            seat,
            "starting_characters",
            f"{seat_name(seat)}: choose up to {HAVEN_START - fr['count']} more Characters for your Haven",
            options,
        )
        return
    goto(fr, "setup_hands")


@step("setup_hands")
def setup_hands(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.28, AM-2.29: the other Characters are shuffled in, hands are drawn, then the Disasters go in."""
    zones = state["zones"]
    for seat in turn_order(state):
        for c in list(zones[f"chars:{seat}"]):
            move_card(state, c, f"chars:{seat}", f"draw:{seat}", "shuffle_in")
        rng.shuffle(state, zones[f"draw:{seat}"])
        draw_cards(state, seat, HAND_TARGET)
        for d in list(zones[f"dpile:{seat}"]):
            move_card(state, d, f"dpile:{seat}", f"draw:{seat}", "shuffle_in")
        rng.shuffle(state, zones[f"draw:{seat}"])
    fr["seat_index"] = 0
    goto(fr, "setup_discards")


@step("setup_discards")
def setup_discards(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-2.30, AM-2.31: each player may discard; then the first turn begins."""
    g = state["g"]
    zones = state["zones"]
    order = turn_order(state)
    if fr["seat_index"] < len(order):
        seat = order[fr["seat_index"]]
        fr["seat_index"] += 1
        push(state, "discard_phase", seat=seat)
        return
    for seat in range(state["players"]):
        for kind in ("lpile", "ipile", "dpile", "chars"):
            del zones[f"{kind}:{seat}"]
    finish(state)
    g["phase"] = "play"
    begin_turn(state, g["first"], 0 if state["options"]["first_turn_full"] else 3)  # AM-3.2
    snapshot(state)


@FLOW.answer("setup_locations", "setup_havens")
def answer_place(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    x, y = action.args
    if fr["step"] == "setup_locations":
        card = fr["card"]
        fr["card"] = None
    else:
        card = state["zones"][f"haven:{seat}"][0]
        state["g"]["havens"][str(card)] = seat
    fr["seat_index"] += 1
    place_card(state, card, x, y)
    log(state, {"t": "place", "seat": seat, "p": card, "x": x, "y": y})


@FLOW.answer("setup_characters")
def answer_setup_characters(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    if action.verb == "start_character":
        c = take_named(state, f"chars:{seat}", action.args[0])
        enter_play(state, c, f"chars:{seat}", havens_of(state, seat)[0], "to_haven")
        fr["count"] += 1
    else:  # done
        fr["seat_index"], fr["count"] = fr["seat_index"] + 1, 0
