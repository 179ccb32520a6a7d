"""The game-agnostic engine: state, zones, decisions, actions, events, views, RNG, errors, registry."""

from .decision import CHANCE, Decision, Option
from .engine import (
    apply,
    blank_state,
    check,
    decision,
    is_over,
    legal_ids,
    new_game,
    resolve_chance,
    sample_chance,
)
from .errors import (
    CardDataError,
    CardsmithError,
    DeckError,
    GameOver,
    IllegalAction,
    OptionError,
    RecordError,
    ScenarioError,
    SeatCountError,
    UnknownGame,
)
from .game import Game
from .options import OptionSpec
from .registry import all_games, get_game, register
from .state import clone, from_json, state_hash, to_json
from .view import view
from .zones import ALL, NONE, OWNER, Visibility, ZoneKind

__all__ = [
    "ALL",
    "CHANCE",
    "NONE",
    "OWNER",
    "CardDataError",
    "CardsmithError",
    "Decision",
    "DeckError",
    "Game",
    "GameOver",
    "IllegalAction",
    "Option",
    "OptionError",
    "OptionSpec",
    "RecordError",
    "ScenarioError",
    "SeatCountError",
    "UnknownGame",
    "Visibility",
    "ZoneKind",
    "all_games",
    "apply",
    "blank_state",
    "check",
    "clone",
    "decision",
    "from_json",
    "get_game",
    "is_over",
    "legal_ids",
    "new_game",
    "register",
    "resolve_chance",
    "sample_chance",
    "state_hash",
    "to_json",
    "view",
]
