"""Taking of Taidian: tables derived once from the card data, constants and small helpers shared by the rules."""

from __future__ import annotations

from typing import Any

from ...core.errors import CardDataError, OptionError
from ...core.seats import after as after  # TAI-1.1, kept here for the rules modules
from .cards import TRACKS, Ability, CardSet, load_card_set

CARDS: CardSet = load_card_set()
NAMES: tuple[str, ...] = tuple(CARDS.cards)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
KIND: dict[str, str] = {name: c.kind for name, c in CARDS.cards.items()}
COLOR: dict[str, str] = {name: c.color for name, c in CARDS.cards.items()}
# Each character's cost for each card, in card-data order (TAI-1.12; a discount never goes below 1, TAI-10.3).
COSTS: dict[str, tuple[int, ...]] = {
    ch: tuple(
        max(1, c.cost - ability.amount) if ability.kind == "discount" else c.cost
        for c in CARDS.cards.values()
    )
    for ch, ability in ((n, x.ability) for n, x in CARDS.characters.items())
}
CHAR_NAMES: tuple[str, ...] = tuple(CARDS.characters)
ABILITY: dict[str, Ability] = {name: c.ability for name, c in CARDS.characters.items()}
TRACK_INDEX: dict[str, int] = {t: i for i, t in enumerate(TRACKS)}
ICON_INDEX: dict[str, int] = {name: TRACK_INDEX.get(c.icon, -1) for name, c in CARDS.cards.items()}
STAT_OF_KIND: dict[str, str] = {
    "attack": "attack",
    "poison": "attack",
    "shield": "block",
    "shotgun": "block",
    "medic": "heal",
    "firstaid": "heal",
}
STRUCTURES: tuple[str, ...] = tuple(n for n in NAMES if KIND[n] == "structure")
RED_TARGETS = ("attack", "poison", "robber", "firebomb", "firstaid")

MAX_PLAYERS = 6  # TAI-2.1
HAND_SIZE = 5  # TAI-2.16, TAI-3.12
POWER_AT = 10  # TAI-5.2
MAX_LEVEL = 3  # TAI-5.5
LEVEL_BONUS = 10  # TAI-5.7, TAI-5.8
BURN_LIMIT = 2  # TAI-8.53, TAI-8.54
LOOT = 3  # TAI-13.6
SAFETY_ROUNDS = (
    300  # an engine limit (not in the rules): with no round cap a game ends as a draw after this round
)

ABILITY_FIRST = "ability"
"""The ``first`` choice naming the active character's own start-step ability (TAI-3.6)."""

START_STRUCTURES: tuple[str, ...] = tuple(
    name for name in STRUCTURES if CARDS.cards[name].effect == "start_energy"
)
"""Structures with a start-of-turn effect (TAI-14.14 (c)): with the ability, what ``first`` chooses among."""

_FIRE_BOMBS = [name for name, kind in KIND.items() if kind == "firebomb"]
if len(_FIRE_BOMBS) != 1:  # the fire_bomb option names a target only, so the card set must hold one such card
    raise CardDataError(f"Taking of Taidian needs exactly one Fire Bomb card, found {_FIRE_BOMBS!r}")
FIRE_BOMB: str = _FIRE_BOMBS[0]
"""The one card that targets a structure (TAI-6.7, TAI-8.48)."""


def parse_teams(raw: str, players: int) -> list[int] | None:
    """TAI-12.3, TAI-13.4: ``"0,2/1,3"`` -> team number per seat; empty or "none" -> None (free-for-all)."""
    text_ = raw.strip().lower()
    if text_ in ("", "none", "off"):
        return None
    team: list[int | None] = [None] * players
    groups = [g.strip() for g in text_.replace(";", "/").split("/")]
    if len(groups) < 2:
        raise OptionError("option 'teams' needs at least two teams, written like 0,2/1,3 (TAI-12.3)")
    for number, group in enumerate(groups):
        if not group:
            raise OptionError("option 'teams': every team needs at least one seat (TAI-12.3)")
        for part in group.split(","):
            part = part.strip()
            if not part.isdigit() or int(part) >= players:
                raise OptionError(
                    f"option 'teams': {part!r} is not a seat from 0 to {players - 1} (TAI-12.3)"
                )
            seat = int(part)
            if team[seat] is not None:
                raise OptionError(f"option 'teams': seat {seat} is in two teams (TAI-12.3)")
            team[seat] = number
    missing = [s for s, t in enumerate(team) if t is None]
    if missing:
        raise OptionError(f"option 'teams': seat {missing[0]} is in no team (TAI-12.3)")
    return [t for t in team if t is not None]


def parse_order(raw: str, players: int) -> list[int]:
    """TAI-2.5, TAI-13.3: the selection order, by default 0..n-1."""
    text_ = raw.strip()
    if not text_:
        return list(range(players))
    parts = [p.strip() for p in text_.split(",")]
    if not all(p.isdigit() for p in parts) or sorted(int(p) for p in parts) != list(range(players)):
        raise OptionError(
            f"option 'selection_order' must list every seat 0 to {players - 1} once, e.g. "
            f"{','.join(str(s) for s in reversed(range(players)))} (TAI-13.3)"
        )
    return [int(p) for p in parts]


def last_poison_place(players: int, options: dict[str, Any]) -> int:
    """The last place a Poison can hold on one victim's track: every Poison card the game creates, less one.

    Poisons come from the supply piles (TAI-2.15) and from character extras (TAI-2.10); one victim can carry them all
    at most (TAI-8.35).
    """
    count = sum(card.pile_size(players) for card in CARDS.of_kind("poison"))
    for character in CARDS.characters.values():
        if character.ability.kind == "extra_cards":
            count += sum(1 for name in character.ability.cards if KIND[name] == "poison")
    return max(0, count - 1)
