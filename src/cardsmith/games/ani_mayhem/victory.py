"""Section 12, victory and the end of the game: the Item tallies, the round checks (AM-12.7), the end check the
step engine makes before every step (AM-12.4, AM-13.3), and the score.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.state import State
from .board import seat_name


def snapshot(state: State) -> None:
    """AM-12.7: what a round of turns is compared against."""
    g = state["g"]
    empty = all(not state["zones"][f"draw:{s}"] for s in range(state["players"]))
    g["snapshot"] = [g["item_changes"], g["disaster_changes"], int(empty)]


def round_end_checks(state: State) -> bool:
    """AM-12.7 and AM-13.4 at the end of a round of turns. Returns True if the game ended."""
    g = state["g"]
    limit = state["options"]["round_limit"]
    if limit and g["rounds"] >= limit:
        score(state, f"turn cap: the round limit of {limit} rounds was reached", True)
        return True
    ic, dc, empty = g["snapshot"]
    if empty and ic == g["item_changes"] and dc == g["disaster_changes"]:
        score(state, "a whole round passed with empty Draw piles and nothing changing", True)
        return True
    return False


def held(state: State) -> list[int]:
    """AM-12.1: Items held by each player (carried by their Characters in play, or being shared out)."""
    out = [0] * state["players"]
    for name, cards in state["zones"].items():
        if cards and (name.startswith("bag:") or name.startswith("spoils:")):
            out[int(name.split(":")[1])] += len(cards)
    return out


def check_end(state: State) -> bool:
    """AM-12.4 and AM-13.3, checked after every step of the rules."""
    g = state["g"]
    if g["loose_items"] == 0:
        score(state, "every Item is held or destroyed", False)
        return True
    if state["options"]["quick_end"]:
        t = g["items_total"]
        if 2 * g["items_lost"] > t or 2 * sum(held(state)) > t:
            score(state, "quick end: more than half of the Items are decided", False)
            return True
    return False


def score(state: State, why: str, unheld_to_deck: bool) -> None:
    """AM-12.5, AM-12.6, AM-12.8, AM-12.9: the deck wins with more than half; else the most Items win."""
    g = state["g"]
    t = g["items_total"]
    counts = held(state)
    deck = g["items_lost"] + (t - g["items_lost"] - sum(counts) if unheld_to_deck else 0)
    tally = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(counts))
    if 2 * deck > t:
        Game.finish(
            state,
            [],
            f"{why}; the deck has {deck} of {t} Items ({tally}), so every player loses",
            draw=False,
        )
        return
    best = max(counts)
    winners = [s for s, n in enumerate(counts) if n == best]
    Game.finish(state, winners, f"{why}; the deck has {deck} of {t} Items and the players {tally}")
