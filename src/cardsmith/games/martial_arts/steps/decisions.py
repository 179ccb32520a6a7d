"""Section 4 (decisions, priority and timing): the Prep and Resolve windows and the options a seat holding priority
is offered; section 10's playing of an Event card (MA-10.2 to MA-10.5). Forced discards are the core's shared step."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, Window, ask
from cardsmith.core.state import State

from ..cards import AdrCard, EventCard
from ..effects import in_hand, play_adr
from ..flow import FLOW, Rules
from ..model import CARDS, Table


def distinct(game: Rules, state: State, cards: list[int], verb: str, word: str) -> list[list[str]]:
    """One option per distinct card name (copies are interchangeable, MA-1.24), named by the card name."""
    names = state["cards"]
    return [
        option(verb, name, label=game.option_label(word, name)) for name in sorted({names[c] for c in cards})
    ]


def adr_options(game: Rules, state: State, seat: int, responding: bool) -> list[list[str]]:
    """MA-9.1, MA-9.2, MA-9.14: affordable ADR cards; REDUCE_PENDING_ATK only in the owner's response."""
    pool = state["g"]["adr"][seat]
    if pool <= 0:  # every ADR card costs at least 1 (MA-9.7)
        return []
    defs = CARDS.cards
    names = state["cards"]
    legal = []
    for cid in state["zones"][f"hand:{seat}"]:
        card = defs[names[cid]]
        if (
            type(card) is AdrCard
            and card.cost <= pool
            and (responding or card.effect != "REDUCE_PENDING_ATK")
        ):
            legal.append(cid)
    return distinct(game, state, legal, "adrenaline", "Play")


def forced_by_public_facts(state: State, seat: int, moving: bool) -> bool:
    """MA-4.11: whether everyone can see that the decision has one answer, so the engine gives it.

    Only two public facts force a choice: an empty hand (hand sizes are public, MA-1.16), and a move decision in a
    sequence that has reached a card with a blank LNK (MA-5.6) while the striker holds no ADR points (MA-1.22,
    MA-9.7). Any other decision is asked, even when its only legal answer is to stop, to pass or to take the hit
    (MA-5.14, MA-6.15): skipping it would tell the opponent what the hidden hand does not hold.
    """
    if not state["zones"][f"hand:{seat}"]:
        return True
    g: Table = state["g"]
    if not moving or g["adr"][seat] > 0:
        return False
    sequence = g["sequence"]
    assert sequence is not None
    last = sequence["last"]
    return last is not None and CARDS.cards[state["cards"][last]].lnk is None  # type: ignore[union-attr]


def decide(
    game: Rules, state: State, frame: Frame, seat: int, kind: str, prompt: str, options: list[list[str]]
) -> None:
    """Ask ``seat``; where public facts leave one option (MA-4.11), the engine takes it without asking.

    Whether the answer is forced depends on the moment (an empty hand), not on the kind, so it is said per decision.
    """
    ask(state, seat, kind, prompt, options, forced=forced_by_public_facts(state, seat, kind == "move"))


# ----- Prep and Resolve windows (MA-3.11, MA-3.12, MA-3.16, MA-3.17, MA-4.6 to MA-4.8) ---------------------------


def _offer_window(game: Rules, state: State, frame: Frame, seat: int) -> bool:
    """A window: Events (the attacker, under option A, once per window), ADR cards, or pass."""
    options: list[list[str]] = []
    if (
        seat == state["g"]["attacker"]
        and state["options"]["event_mode"] == "hand"
        and not frame["event_used"]
    ):  # MA-4.6, MA-10.2, MA-10.3, MA-13.4
        names = state["cards"]
        events = [c for c in state["zones"][f"hand:{seat}"] if type(CARDS.cards[names[c]]) is EventCard]
        options += distinct(game, state, events, "event", "Play event")
    options += adr_options(game, state, seat, False)
    options.append(option("pass", label="Pass"))
    decide(game, state, frame, seat, "window", game.seat_prompt(seat, f"{frame['phase']} window"), options)
    return True


def _window_play(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    if action.verb == "adrenaline":  # MA-4.7: the same window returns
        play_adr(game, state, seat, in_hand(state, seat, action.args[0]))
    elif action.verb == "event":
        play_event(game, state, seat, in_hand(state, seat, action.args[0]))
        frame["event_used"] = True  # MA-10.3
    else:
        raise AssertionError(f"unhandled option {action.id!r}")


# A window has one actor, its seat, asked until it passes (MA-4.8: then the window closes).
FLOW.window(
    "window", Window(lambda game, state, frame: [frame["seat"]], _offer_window, _window_play, passes="pass")
)


def play_event(game: Rules, state: State, seat: int, card: int) -> None:
    """MA-10.4, MA-10.5: the event takes the slot; a replaced event goes to its owner's discard pile."""
    state["g"]["played"][0] = True
    z = state["zones"]
    for old in list(z["event_slot"]):
        game.move(state, old, "event_slot", f"discard:{state['owner'][old]}", cause="event_replaced")
    game.move(state, card, f"hand:{seat}", "event_slot", cause="event")
