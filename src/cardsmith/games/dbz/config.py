"""Per-game configuration of the Dragon Ball Z game: option parsing and the per-title rules data it implies.

The options ``pat_bands``, ``pat_formula`` and ``colour_words`` (DBZ-14.4) change how cards are read, so the rules
code reads every card through a :class:`Config` built once per distinct set of those option values and cached.
:class:`Info` is the precomputed, immutable rules data of one title (a drill's kind and colour under the game's
colour words, an attack's damage, a block's effect, ...), so the hot paths never re-read card records.
"""

from __future__ import annotations

from typing import Any

from cardsmith.core.errors import CardDataError, OptionError

from .cards import Card, CardSet, Drill, Pat, classify_drill, parse_bands, parse_colour_words
from .effects import (
    POWERS,
    RIDERS,
    CardEffect,
    DestroyDrill,
    DrillPower,
    EnergyAttack,
    PhysAttack,
    ReduceEnergy,
    ReducePhys,
)

# Card codes (DBZ-1.10)
DRILL, ONESHOT, PATK, EATK, PBLK, EBLK, ABLK, CACT, LEVEL = range(9)
CODES = {
    "drill": DRILL,
    "one-shot": ONESHOT,
    "physical attack": PATK,
    "energy attack": EATK,
    "physical block": PBLK,
    "energy block": EBLK,
    "any-attack block": ABLK,
    "combat action": CACT,
}


class Info:
    """The rules data of one title under one configuration (immutable by convention)."""

    __slots__ = (
        "title",
        "code",
        "kind",
        "colour",
        "restricted",
        "cap",
        "power",
        "n",
        "bonus",
        "damage",
        "cost",
        "stop",
        "reduce",
        "on_play",
        "on_hit",
        "effects",
        "destroy",
        "drill_power",
    )

    def __init__(self, title: str, code: int) -> None:
        self.title = title
        self.code = code
        self.kind: str | None = None
        self.colour: str | None = None
        self.restricted: str | None = None
        self.cap = 0
        self.power: str | None = None
        self.n = 0
        self.bonus = 0
        self.damage = 0
        self.cost = 0
        self.stop = False
        self.reduce = 0
        self.on_play: tuple[CardEffect, ...] = ()  # the riders of an attack (DBZ-12.14)
        self.on_hit: tuple[CardEffect, ...] = ()
        self.effects: tuple[CardEffect, ...] = ()  # a one-shot's or combat action's effects (DBZ-12.1)
        self.destroy = False
        self.drill_power: DrillPower | None = None  # a drill's power (section 11)


class Config:
    """The PAT, the colour words and every title's :class:`Info` for one set of option values."""

    def __init__(self, card_set: CardSet, pat: Pat, colour_words: tuple[str, ...]) -> None:
        self.pat = pat
        self.colour_words = colour_words
        names = tuple(card_set.mps)
        spelled = {w.lower(): w for w in colour_words}
        info: dict[str, Info] = {}
        for title in card_set.level_titles:
            info[title] = Info(title, LEVEL)
        for title, card in card_set.cards.items():
            if isinstance(card, Drill):
                i = Info(title, DRILL)
                try:
                    i.kind, i.colour = classify_drill(title, colour_words, names)  # DBZ-8.1 .. DBZ-8.6
                except CardDataError as exc:
                    raise OptionError(f"option 'colour_words': {exc}") from None
                if card.restricted_against is not None:
                    if card.restricted_against.lower() not in spelled:
                        raise OptionError(
                            f"option 'colour_words' leaves out {card.restricted_against!r}, which "
                            f"{title!r} is restricted against (DBZ-10.1)"
                        )
                    i.restricted = spelled[card.restricted_against.lower()]
                i.cap = (
                    1 if i.kind == "coloured" else (card.in_play_limit or 4)
                )  # DBZ-8.9, DBZ-8.14, DBZ-8.15
                i.power = card.power
                i.n = card.n or 0
                i.drill_power = POWERS.types[card.power](**({} if card.n is None else {"n": card.n}))
            else:
                assert isinstance(card, Card)
                i = Info(title, CODES[card.subtype])
                plain: list[CardEffect] = []
                on_play: list[CardEffect] = []
                on_hit: list[CardEffect] = []
                for e in card.effects:
                    if isinstance(e, PhysAttack):
                        i.bonus = e.n
                    elif isinstance(e, EnergyAttack):
                        i.damage, i.cost = e.damage, e.cost
                    elif e.effect in ("STOP_PHYS", "STOP_ENERGY", "STOP_ANY"):
                        i.stop = True
                    elif isinstance(e, ReducePhys | ReduceEnergy):
                        i.reduce = e.n
                    elif isinstance(e, DestroyDrill):  # DBZ-12.13
                        i.destroy = True
                        plain.append(e)
                    elif not isinstance(e, RIDERS):  # DRAW, LOSE_LIFE_BOTH: a one-shot's own effects
                        plain.append(e)
                    elif e.when == "ON_PLAY":
                        on_play.append(e)
                    elif e.when == "ON_HIT":
                        on_hit.append(e)
                    else:
                        plain.append(e)
                i.on_play, i.on_hit, i.effects = tuple(on_play), tuple(on_hit), tuple(plain)
            info[title] = i
        self.info = info


def parse_bands_option(text: str) -> tuple[int, ...]:
    """``pat_bands``: comma-separated highest power of rows 1, 2, ... (DBZ-6.1, DBZ-14.4)."""
    try:
        values = [int(part) for part in text.split(",")]
        return parse_bands(values)
    except ValueError as exc:
        raise OptionError(
            f"option 'pat_bands' must be increasing whole numbers separated by commas, got {text!r} ({exc})"
        ) from None


def parse_formula_option(text: str) -> tuple[int, int, int]:
    """``pat_formula``: "a,t,c" for base damage max(0, a*attacker_row + t*target_row + c) (DBZ-6.2, DBZ-14.4)."""
    parts = text.split(",")
    try:
        if len(parts) != 3:
            raise ValueError("three numbers needed")
        a, t, c = (int(p) for p in parts)
    except ValueError:
        raise OptionError(
            f"option 'pat_formula' must be three whole numbers 'attacker,target,constant', got {text!r}"
        ) from None
    return a, t, c


def parse_colour_words_option(text: str) -> tuple[str, ...]:
    """``colour_words``: comma-separated colour words (DBZ-8.1, DBZ-14.4)."""
    try:
        return parse_colour_words(w.strip() for w in text.split(","))
    except CardDataError as exc:
        raise OptionError(f"option 'colour_words': {exc}") from None


def bands_text(bands: tuple[int, ...]) -> str:
    return ",".join(str(b) for b in bands)


def formula_text(formula: tuple[int, int, int]) -> str:
    return ",".join(str(v) for v in formula)


class ConfigCache:
    """Builds each :class:`Config` once per distinct option values."""

    def __init__(self, card_set: CardSet) -> None:
        self.card_set = card_set
        self._cache: dict[tuple[str, str, str], Config] = {}
        self._last: tuple[dict[str, Any], Config] | None = None

    def get(self, options: dict[str, Any]) -> Config:
        last = self._last
        if (
            last is not None and last[0] is options
        ):  # the same options object as last time (held, never reused)
            return last[1]
        key = (options["pat_bands"], options["pat_formula"], options["colour_words"])
        cfg = self._cache.get(key)
        if cfg is None:
            pat = Pat(parse_bands_option(key[0]), parse_formula_option(key[1]))
            cfg = Config(self.card_set, pat, parse_colour_words_option(key[2]))
            self._cache[key] = cfg
        self._last = (options, cfg)
        return cfg
