"""The side options a player has at any of their decision points (BP-3.2, BP-22.3, BP-26.49, BP-27.14)."""

from __future__ import annotations

from ....core.actions import option
from ....core.game import Game
from ....core.state import State
from ..cards import FACES
from ..declare import hand_signature
from ..table import NE, SK, TABLE, WILDS, five_in_effect, in_hand, seat_name, tiles_on

_DECLARE = option("declare", label="Declare your 5-card poker hand")  # made once; never changed


def side_options(game: Game, state: State, seat: int) -> list[list[str]]:
    g = state["g"]
    table = state["zones"][TABLE[seat]]
    if not table or not g["in_hand"][seat]:
        return []
    phase = state["flow"][0]["step"]
    if phase == "hstart":
        return []
    out: list[list[str]] = []
    own_turn = g["active"] == seat
    tof = g["tile_of"]
    marks = state["marks"]
    marked = bool(marks) and not marks.keys().isdisjoint(map(SK.__getitem__, table))
    if own_turn and len(table) >= 5:  # BP-3.2: declare when the table offers a hand not declared yet
        if not marked and not g["tiles"]:
            if g["declared_signature"][seat] != table:  # the signature is the table itself (hand_signature)
                out.append(_DECLARE)
        else:
            sig = hand_signature(game, state, seat)
            if len(sig) >= 5 and g["declared_signature"][seat] != sig:
                out.append(_DECLARE)
    names = state["cards"]
    if not marked:
        # no marked card on this table: no no-effect J and no wild, so only the 6+6+6 trigger can be offered
        if own_turn and tof and phase in ("play", "end"):
            _six_options(game, state, seat, out)
        return out
    ne_js, wild_units, clubs = _side_cards(game, state, seat)
    if ne_js and (own_turn or state["zones"][f"ctbp:{seat}"]):  # BP-22.3 .. BP-22.5
        j = ne_js[0]
        for s in in_hand(state):
            for c in state["zones"][TABLE[s]]:
                key = SK[c]
                if c != j and key not in tof and marks.get(key) == NE:
                    out.append(
                        option(
                            "restore",
                            c,
                            label=f"Discard your no-effect J to restore {names[c]} ({seat_name(s)})",
                        )
                    )
        for tile in tiles_on(game, state, seat, "six"):  # BP-26.51, BP-26.52
            if tile.get("sideways"):
                out.append(
                    option(
                        "upright_six",
                        tile["cards"][0],
                        label="Discard your no-effect J to turn a 6 of your 6+6+6 upright",
                    )
                )
    if own_turn and tof and state["flow"][0]["step"] in ("play", "end"):
        _six_options(game, state, seat, out)
    if clubs and wild_units:  # BP-27.13 .. BP-27.15
        a = clubs[0]
        for w in wild_units:
            if w != a:
                out.append(option("neutralize", w, label="Neutralization: discard your 3♣ and a wild"))
    return out


def _side_cards(game: Game, state: State, seat: int) -> tuple[list[int], list[int], list[int]]:
    """The no-effect Js (BP-22.3), the wilds and the 3♣s in effect (BP-27.13, BP-27.15) of a table; a tile is
    named by its first card."""
    g = state["g"]
    tof = g["tile_of"]
    marks = state["marks"]
    names = state["cards"]
    ne_js = []
    wild_units = []
    clubs = []
    for c in state["zones"][TABLE[seat]]:
        key = SK[c]
        mark = marks.get(key)
        tid = tof.get(key)
        if tid is not None:
            tile = g["tiles"][tid]
            if tile["cards"][-1] == c and five_in_effect(tile):
                if mark in WILDS:
                    wild_units.append(tile["cards"][0])
                elif mark is None and tile["values"][-1][:2] == [3, 0]:
                    clubs.append(tile["cards"][0])
            continue
        if mark == NE and FACES[names[c]].rank == 11:
            ne_js.append(c)
        elif mark in WILDS:
            wild_units.append(c)
        elif mark is None and names[c] == "3♣":
            clubs.append(c)
    return ne_js, wild_units, clubs


def _six_options(game: Game, state: State, seat: int, out: list[list[str]]) -> None:
    """BP-26.48, BP-26.49: the owner's 6+6+6 tiles with an upright 6 (in the order of tiles_on)."""
    for tile in state["g"]["tiles"].values():
        if tile["kind"] == "six" and tile["seat"] == seat and len(tile.get("sideways", ())) < 3:
            out.append(
                option("turn_six", tile["cards"][0], label="Turn a 6 of your 6+6+6 sideways and force a card")
            )
