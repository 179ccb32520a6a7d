"""Taking of Taidian: the game's part of the state (``state["g"]``), and the questions the rules ask of it.

Everything that changes lives in plain data: the trackers of section 1, the turn in progress (section 3), the
Poisons in play (TAI-1.8), the supply pile sizes (TAI-1.23), the volley being laid and the volley being resolved
(section 6). What is still to do is the frame stack of the core's step engine (``state["flow"]``), not kept here.
"""

from __future__ import annotations

from typing import TypedDict

from cardsmith.core.state import State
from cardsmith.core.zones import lowest_named as lowest

from .data import KIND, NAMES, after


class Poison(TypedDict):
    """An active Poison (TAI-1.8, TAI-8.24): its card, who played it, on whom, ticks left, damage per tick."""

    card: int
    owner: int
    victim: int
    ticks: int
    damage: int


class Laid(TypedDict):
    """A card laid into the volley being built (TAI-6.4): at a seat, and for a Fire Bomb at a structure (or -1)."""

    card: int
    target: int
    structure: int


class Entry(Laid):
    """A revealed volley card with its value at the moment it was played (TAI-5.10)."""

    value: int


class Volley(TypedDict):
    """The volley being resolved (TAI-6.10): per seat attack, block, healing and counter damage credited."""

    attacker: int
    entries: list[Entry]
    attacked: list[int]  # the attacked seats, clockwise after the attacker (TAI-6.11)
    attack: list[int]
    block: list[int]
    healing: list[int]
    counter: list[int]
    counter_shield: int  # the attacker's block against counter damage (TAI-8.6)


class Table(TypedDict):
    """``state["g"]``."""

    characters: list[str]  # per seat (TAI-1.5); "" until chosen
    health: list[int]  # TAI-1.6
    max_health: int  # TAI-2.14
    energy: list[int]  # TAI-1.6
    levels: list[list[int]]  # per seat [Aim, Strength, Skill, Healing] (TAI-1.7)
    alive: list[bool]  # TAI-1.2
    team: list[int] | None  # team number per seat, None in a free-for-all (TAI-13.4)
    selection: list[int]  # the order seats take characters (TAI-2.5, TAI-13.3)
    start: int  # the starting seat (TAI-2.17)
    current: int  # the seat whose turn (or poison visit) is in progress (TAI-3.1)
    round: int  # TAI-3.3
    real_turn: bool  # whether the seat in progress takes a real turn (not at an eliminated seat, TAI-3.2)
    turn_type: str  # "" (not chosen yet), "upgrade" or "attack" (TAI-3.7)
    pool: int  # buying pool (TAI-4.3)
    burned: int  # cards burned this turn (TAI-8.54)
    protected: list[int]  # seats a Shotgun has protected this turn (TAI-8.11)
    poisons: list[Poison]  # in play order (TAI-1.8)
    piles: list[int]  # supply pile sizes, one per card name in card-data order (TAI-1.23)
    laying: list[Laid]  # the volley being put together (TAI-6.4)
    volley: Volley | None  # the volley being resolved


def fresh_table(players: int, health: int) -> Table:
    """The trackers at the start of a game (TAI-2.11 .. TAI-2.14), before characters and the first turn."""
    return {
        "characters": [""] * players,
        "health": [health] * players,  # TAI-2.11
        "max_health": health,  # TAI-2.14
        "energy": [0] * players,  # TAI-2.12
        "levels": [[0, 0, 0, 0] for _ in range(players)],  # TAI-2.13
        "alive": [True] * players,
        "team": None,
        "selection": list(range(players)),
        "start": 0,
        "current": 0,
        "round": 1,
        "real_turn": False,
        "turn_type": "",
        "pool": 0,
        "burned": 0,
        "protected": [],
        "poisons": [],
        "piles": [0] * len(NAMES),
        "laying": [],
        "volley": None,
    }


def distinct(names: list[str], cids: list[int], kinds: tuple[str, ...] | frozenset[str]) -> dict[str, int]:
    """One card per name among ``cids`` whose kind is in ``kinds``: the lowest id (copies are alike)."""
    out: dict[str, int] = {}
    for cid in cids:
        name = names[cid]
        if KIND[name] in kinds and (name not in out or cid < out[name]):
            out[name] = cid
    return out


def held(names: list[str], cids: list[int], among: frozenset[str]) -> list[str]:
    """The names of ``among`` that cards of ``cids`` bear, each once and sorted: one option per name (copies are
    alike)."""
    return sorted(among.intersection(map(names.__getitem__, cids)))


def poisons_on(g: Table, victim: int) -> list[Poison]:
    """The Poisons on ``victim``'s poison track, in play order (TAI-1.8): an Antidote names one by its place here."""
    return [entry for entry in g["poisons"] if entry["victim"] == victim]


def poison_of(g: Table, card: int) -> Poison | None:
    """The active Poison whose card is ``card``, if it is still in play."""
    return next((entry for entry in g["poisons"] if entry["card"] == card), None)


def opponents(g: Table, seat: int) -> list[int]:
    """TAI-1.3: the other living players, teammates excepted, clockwise after ``seat``."""
    team = g["team"]
    alive = g["alive"]
    return [p for p in after(len(alive), seat) if alive[p] and (team is None or team[p] != team[seat])]


def owned_structures(state: State, seat: int) -> set[str]:
    """TAI-9.5: structure names the seat owns in its structure area, hand, deck or discard pile."""
    names = state["cards"]
    z = state["zones"]
    out = set()
    for kind in ("struct", "hand", "deck", "discard", "bought", "play"):
        for cid in z[f"{kind}:{seat}"]:
            if KIND[names[cid]] == "structure":
                out.add(names[cid])
    return out


def living(g: Table) -> list[int]:
    """The seats still in the game."""
    return [s for s, alive in enumerate(g["alive"]) if alive]


__all__ = [
    "Entry",
    "Laid",
    "Poison",
    "Table",
    "Volley",
    "distinct",
    "fresh_table",
    "held",
    "living",
    "lowest",
    "opponents",
    "owned_structures",
    "poison_of",
    "poisons_on",
]
