"""Tricks: the steps, in the order of the rules."""

from __future__ import annotations

from typing import Any

from cardsmith.core import Game, option
from cardsmith.core.actions import Action
from cardsmith.core.flow import Flow, Kind, ask, done, goto, push

State = dict[str, Any]
Frame = dict[str, Any]

# A seat with one legal card is still asked: skipping it would tell the table what its hidden hand lacks.
FLOW = Flow(kinds=[Kind("play")])


def suit(name: str) -> str:
    return name.split(" of ")[1]


def rank(name: str) -> int:
    return int(name.split(" of ")[0])


def deal(game: Game, state: State) -> None:
    """TR-1.1: four cards to each player, one at a time."""
    for _ in range(4):
        for seat in range(state["players"]):
            game.move(state, state["zones"]["stock"][-1], "stock", f"hand:{seat}", cause="deal")


@FLOW.step()
def tricks(game: Game, state: State, frame: Frame) -> None:
    """TR-4.1: after four tricks, score; else play the next trick and settle it."""
    if state["g"]["tricks_played"] == 4:
        goto(frame, "score")
        return
    state["turn"] += 1
    goto(frame, "settle")
    push(state, "plays")


FLOW.each_seat("plays", "play_card", first=lambda state, frame: state["g"]["leader"])  # TR-2.1: clockwise


@FLOW.step()
def play_card(game: Game, state: State, frame: Frame) -> None:
    """TR-2.1: follow the suit led if able."""
    seat = frame["seat"]
    names = {state["cards"][c] for c in state["zones"][f"hand:{seat}"]}
    plays = state["g"]["plays"]
    if plays:
        led = suit(state["cards"][plays[0][1]])
        names = {n for n in names if suit(n) == led} or names
    options = [option("play", n, label=f"Play the {n}") for n in sorted(names)]
    ask(state, seat, "play", f"{game.seat_name(seat)}: play a card", options)


@FLOW.answer("play_card")
def play_card_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    (name,) = action.args
    card = min(c for c in state["zones"][f"hand:{seat}"] if state["cards"][c] == name)
    game.move(state, card, f"hand:{seat}", "trick", cause="play")
    state["g"]["plays"].append([seat, card])
    done(state)


@FLOW.step()
def settle(game: Game, state: State, frame: Frame) -> None:
    """TR-3.1: the highest card of the suit led takes the trick and leads next."""
    g = state["g"]
    led = suit(state["cards"][g["plays"][0][1]])
    winner = max(
        (p for p in g["plays"] if suit(state["cards"][p[1]]) == led), key=lambda p: rank(state["cards"][p[1]])
    )[0]
    for card in list(state["zones"]["trick"]):
        game.move(state, card, "trick", f"won:{winner}", cause="won")
    game.log(state, {"t": "trick", "winner": winner})
    g["leader"], g["plays"] = winner, []
    g["tricks_played"] += 1
    goto(frame, "tricks")


@FLOW.step()
def score(game: Game, state: State, frame: Frame) -> None:
    """TR-4.1: most tricks wins; ties share the win."""
    counts = [len(state["zones"][f"won:{s}"]) // state["players"] for s in range(state["players"])]
    best = max(counts)
    game.finish(state, [s for s, n in enumerate(counts) if n == best], f"most tricks ({best})", draw=False)
    done(state)
