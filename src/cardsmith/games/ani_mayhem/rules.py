"""The fixed facts of Ani-Mayhem's rules: the card set, tables worked out once per card name for the hot paths, who sees
which zone, and the numbers the rules name.
"""

from __future__ import annotations

from ...core.gamefile import load_game_file
from ...core.zones import Visibility
from .cards import ATTRS, Card, CardSet, sample_card_set

CARDS: CardSet = sample_card_set()
DEFS: dict[str, Card] = CARDS.cards

PHASES = ("discard", "reload", "maintenance", "equip", "move", "scavenge")  # AM-3.1
HAND_TARGET = 7  # AM-2.28, AM-3.5
HAVEN_START = 4  # AM-2.27
FIELD_LIMIT = 6  # AM-6.1
NEVER = -9  # a turn or phase serial no event has

# The declarations of game.toml: names, options and, AM-1.19, AM-1.25, AM-1.26, who sees which zone.
DECLARED = load_game_file(__package__)
assert DECLARED.visibility is not None, "ani-mayhem's game.toml declares its zones"
VISIBILITY: Visibility = DECLARED.visibility

Mods = dict[str, list[tuple[str, int]]]  # attribute -> [(op, value)] (AM-10.10)

TYPE: dict[str, str] = {n: c.type for n, c in DEFS.items()}
PRINTED: dict[str, dict[str, int | None]] = {n: {a: c.attr(a) for a in ATTRS} for n, c in DEFS.items()}


def _attached(card: Card) -> tuple[Mods, Mods, list[str], list[str]]:
    """A card's lasting MODIFY buttons and granted skills, on its bearer and on its owner's Field side."""
    bm: Mods = {}
    fm: Mods = {}
    bs: list[str] = []
    fs: list[str] = []
    for e in card.effects:
        if e.verb == "MODIFY" and e.duration == "attached" and card.type != "flash":
            if e.target == "bearer":
                bm.setdefault(e.attr, []).append((e.op, e.value))
            elif e.target in ("own_field", "field"):
                fm.setdefault(e.attr, []).append((e.op, e.value))
        elif e.verb == "MODIFY" and card.off_field:
            fm.setdefault(e.attr, []).append((e.op, e.value))
        elif e.verb == "GRANT_SKILL" and e.duration == "attached":
            token = e.skill or "scav:" + e.scavenge
            (bs if e.target == "bearer" else fs).append(token)
    return bm, fm, bs, fs


_ATTACHED = {n: _attached(c) for n, c in DEFS.items()}
BEARER_MODS: dict[str, Mods] = {n: a[0] for n, a in _ATTACHED.items()}
FIELD_MODS: dict[str, Mods] = {n: a[1] for n, a in _ATTACHED.items()}
BEARER_SKILLS: dict[str, list[str]] = {n: a[2] for n, a in _ATTACHED.items()}
FIELD_SKILLS: dict[str, list[str]] = {n: a[3] for n, a in _ATTACHED.items()}


def _flash(card: Card) -> tuple[str, bool, bool, str, bool, str]:
    """A Flash Effect: (verb, only in combat, only outside combat, aim, needs a user, steal source)."""
    e = card.effects[0]
    combat_only = e.verb == "HEAL" or (e.verb == "MODIFY" and e.duration == "round")
    outside_only = e.verb not in ("MODIFY", "HEAL")
    need_user = bool(card.cost or card.requires) or e.verb in (
        "STEAL_ITEM",
        "DESTROY_LOCATION",
        "BONK",
        "HEAL",
    )
    return e.verb, combat_only, outside_only, card.aim, need_user, e.source


FLASH: dict[str, tuple[str, bool, bool, str, bool, str]] = {
    n: _flash(c) for n, c in DEFS.items() if c.type == "flash"
}
COMBAT_DISASTER: dict[str, bool] = {n: c.is_combat_disaster for n, c in DEFS.items()}
COSTED = frozenset(n for n, c in DEFS.items() if c.cost and c.type in ("enhancement", "equipment"))
HAVEN_FIELD_MODS = frozenset(n for n, c in DEFS.items() if c.type in ("haven", "location") and FIELD_MODS[n])
HAVEN_FIELD_SKILLS = frozenset(
    n for n, c in DEFS.items() if FIELD_SKILLS[n] and c.type in ("haven", "location")
)
