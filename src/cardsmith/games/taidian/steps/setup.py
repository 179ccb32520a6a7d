"""Section 2, setup: characters (chosen or dealt), starting decks, the supply, the first hands, the first player."""

from __future__ import annotations

from cardsmith.core import rng
from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done, push
from cardsmith.core.game import Game
from cardsmith.core.state import State

from ..cards import STARTING_DECK, describe_ability
from ..data import ABILITY, CARDS, CHAR_NAMES, HAND_SIZE, NAMES, parse_order, parse_teams
from ..flow import FLOW
from ..model import Table, fresh_table


def begin(game: Game, state: State) -> None:
    """TAI-2.3 .. TAI-2.6: the trackers and teams; then characters are chosen in turn or dealt at random."""
    opts = state["options"]
    n = state["players"]
    state["g"] = g = fresh_table(n, int(opts["starting_health"]))
    g["team"] = parse_teams(opts["teams"], n)  # TAI-2.3
    g["selection"] = parse_order(opts["selection_order"], n)  # TAI-2.5
    if opts["character_selection"] == "choose":  # TAI-2.6
        FLOW.start(game, state, "pick_character", next=0)
        return
    chars = list(CHAR_NAMES)  # TAI-2.4: shuffled face down, taken in selection order
    rng.shuffle(state, chars)
    for i, seat in enumerate(g["selection"]):
        g["characters"][seat] = chars[i]
    deal(game, state)
    FLOW.start(game, state, "turn")


@FLOW.step()
def pick_character(game: Game, state: State, frame: Frame) -> None:
    """TAI-2.6, TAI-2.7: each player in selection order picks a character nobody has taken."""
    g: Table = state["g"]
    if frame["next"] >= len(g["selection"]):
        done(state)
        deal(game, state)
        push(state, "turn")
        return
    seat = g["selection"][frame["next"]]
    taken = set(g["characters"])
    options = [
        option("character", name, label=describe_ability(CARDS.characters[name]))
        for name in CHAR_NAMES
        if name not in taken
    ]
    ask(state, seat, "character", f"{game.seat_name(seat)}: choose your character", options)


@FLOW.answer("pick_character")
def pick_character_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    (name,) = action.args
    state["g"]["characters"][seat] = name  # TAI-2.7: only untaken characters are offered
    game.log(state, {"t": "pick", "s": seat, "ch": name})
    frame["next"] += 1


def deal(game: Game, state: State) -> None:
    """TAI-2.2: starting decks with extras, supply, shuffle and draw 5, starting player."""
    g: Table = state["g"]
    n = state["players"]
    opts = state["options"]
    for seat in range(n):
        deck = f"deck:{seat}"
        for name, count in STARTING_DECK.items():  # TAI-2.8, TAI-2.9: made outside the supply
            game.new_cards(state, [name] * count, deck, seat)
        if opts["extra_punches"]:  # TAI-13.8
            game.new_cards(state, ["Punch", "Punch"], deck, seat)
        ab = ABILITY[g["characters"][seat]]
        if ab.kind == "extra_cards":  # TAI-2.10, TAI-10.2
            game.new_cards(state, ab.cards, deck, seat)
        elif ab.kind == "start_energy":  # TAI-2.12
            g["energy"][seat] += ab.amount
    make_supply(game, state)  # TAI-2.15
    # TAI-2.16; nobody has seen these cards: ids are dealt at random (Game.shuffle_unseen)
    for seat in range(n):
        game.shuffle_unseen(state, f"deck:{seat}")
    for seat in range(n):
        deck = state["zones"][f"deck:{seat}"]
        for _ in range(HAND_SIZE):
            game.move(state, deck[-1], f"deck:{seat}", f"hand:{seat}", cause="draw")
    sp = opts["starting_player"]  # TAI-2.17, TAI-13.1
    start = rng.below(state, n) if sp == "random" else int(sp)
    g["start"] = g["current"] = start
    g["round"] = 1
    game.log(state, {"t": "setup", "ch": list(g["characters"]), "start": start, "team": g["team"]})


def make_supply(game: Game, state: State) -> None:
    """TAI-2.15: the supply piles, sized for the number of players."""
    n = state["players"]
    piles = state["g"]["piles"]
    for i, name in enumerate(NAMES):
        piles[i] = size = CARDS.cards[name].pile_size(n)
        game.new_cards(state, [name] * size, "supply")
