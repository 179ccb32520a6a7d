"""The ``dbz`` game's part of the state (``state["g"]``), its frames, and what the steps need of the game object.

Everything here is plain data (lists, ints, strings), so a game in the middle of any rule can be cloned, saved and
hashed. Zones (all lists bottom first): ``life:s`` face down (nobody sees it), ``hand:s`` (its owner),
``discard:s``, ``drills:s`` (in the order the drills entered play), ``mp:s`` (the level cards, level 1 first) and
``play:s`` (cards played from hand until they are discarded), all public but the first two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol, TypedDict

from cardsmith.core.game import GameRules
from cardsmith.core.seats import other as other  # DBZ-1.1: two players; the steps take it from here

if TYPE_CHECKING:
    from cardsmith.core.state import State

    from .cards import CardSet
    from .config import Config

START_STAGE = 5  # DBZ-2.5
MAX_STAGE = 10  # DBZ-4.2
MAX_ANGER = 5  # DBZ-4.5
STEP1_DRAW = 3  # DBZ-3.3
COMBAT_DRAW = 3  # DBZ-5.2
DEFAULT_TURN_LIMIT = 300

PHASES = ("draw", "noncombat", "powerup", "declare", "combat", "discard")
"""The steps of a turn (DBZ-3.2), as a scenario's ``step`` names them."""


class Attack(TypedDict):
    """An attack waiting for its response (DBZ-5.7)."""

    by: int
    kind: Literal["physical", "energy"]
    how: Literal["card", "drill", "fpa"]
    card: int | None  # the attack card in play, or None (a drill's power, a Final Physical Attack)
    title: str  # the title of its source
    bonus: int  # a physical attack's own bonus (DBZ-12.2)
    damage: int  # an energy attack's damage and the cost it paid (DBZ-6.5, DBZ-6.6)
    cost: int


class Combat(TypedDict):
    """The combat in progress (section 5)."""

    attacker: int
    to_act: int
    passes: int  # passes in a row (DBZ-5.6)
    final_physical_attack: list[bool]  # whether each seat made its Final Physical Attack (DBZ-14.3)
    attack: Attack | None


class Duel(TypedDict):
    """``state["g"]``: the two Main Personalities, the turn and the combat."""

    mp: list[str]  # the MP name of each seat (DBZ-1.2)
    level: list[int]  # level, power stage and anger of each MP (DBZ-1.5)
    stage: list[int]
    anger: list[int]
    first: int  # the first player (DBZ-3.1)
    active: int  # the active player
    phase: str  # "setup" or one of PHASES (DBZ-3.2)
    declared: bool  # whether the active player declared combat this turn (DBZ-3.11, DBZ-3.13)
    clashing: list[list[int]]  # for each seat, the drawn drills that clash and wait for its choice (DBZ-9.7)
    combat: Combat | None
    used_this_turn: list[int]  # drills whose once-per-turn power was used (DBZ-11.14)
    used_this_combat: list[int]  # drills whose once-per-combat power was used (DBZ-11.14)


def fresh_duel(mps: list[str]) -> Duel:
    """The game's part of the state before the first turn (DBZ-2.5)."""
    return {
        "mp": list(mps),
        "level": [1, 1],
        "stage": [START_STAGE, START_STAGE],
        "anger": [0, 0],
        "first": 0,
        "active": 0,
        "phase": "setup",
        "declared": False,
        "clashing": [[], []],
        "combat": None,
        "used_this_turn": [],
        "used_this_combat": [],
    }


def enter_step(state: State, step: str) -> int:
    """The active player's turn reaches ``step`` (one of :data:`PHASES`, shown in every view); returns that
    player's seat."""
    g: Duel = state["g"]
    g["phase"] = step
    return g["active"]


class Text(Protocol):
    """The words the steps put in prompts and labels (:class:`cardsmith.games.dbz.text.Text`)."""

    def verb_labels(self, state: State) -> dict[str, dict[str, str]]: ...
    def verb_options(self, state: State) -> dict[str, dict[str, list[str]]]: ...
    def colour_label(self, colour: str) -> str: ...
    def target_label(self, state: State, seat: int, owner: int, title: str) -> str: ...
    def prompt_noncombat(self, state: State, seat: int) -> str: ...
    def prompt_declare(self, state: State, seat: int) -> str: ...
    def prompt_combat(self, state: State, seat: int) -> str: ...
    def prompt_response(self, state: State, seat: int) -> str: ...
    def prompt_clash(self, state: State, seat: int, prompt: str) -> str: ...
    def prompt_keep(self, state: State, seat: int, left: int) -> str: ...
    def prompt_target(self, state: State, seat: int, card: int) -> str: ...
    def prompt_limit(self, state: State, seat: int, held: int) -> str: ...


class Rules(GameRules, Protocol):
    """What the steps need of the game object (:class:`cardsmith.games.dbz.game.DragonBallZ`) beyond the helpers
    every game has."""

    cards: CardSet
    text: Text

    def config(self, state: State) -> Config: ...
