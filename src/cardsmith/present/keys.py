"""Short stable keys for options: what a person types to choose one.

A key is made from the option's verb and arguments only, never from its position in the list, so it does not shift
when a hand changes: ``take``, ``pass``, ``at.tpj`` (attack with Tiger Paw Jab), ``us.57``. The verb part is the
shortest prefix of the verb's name (two letters at least) that no other verb of the game shares; a card name becomes
the initials of its words, lengthened until no other card of the game has the same key. Both depend only on the
game's static declarations, so a key means the same option in every decision of a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from ..core.actions import CardArg, SeatArg
from ..core.game import Game

_WORD = re.compile(r"[A-Za-z0-9]+")
_SUITS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})


def _initials(name: str, extra: int) -> str:
    """The first letter of each word (a number whole), with ``extra`` more letters of the last word; a short name
    (``K♥``, ``10♠``) whole."""
    plain = "".join(_WORD.findall(name.lower().translate(_SUITS)))
    if 0 < len(plain) <= 4 and extra == 0:
        return plain
    words = _WORD.findall(name.lower().translate(_SUITS)) or [name.lower() or "x"]
    parts = [w if w.isdigit() else w[0] for w in words]
    last = words[-1]
    if not last.isdigit():
        parts[-1] = last[: 1 + extra]
    return "".join(parts)


def unique_keys(names: Iterable[str]) -> dict[str, str]:
    """A short key for each name, unique among ``names``: initials, lengthened (then numbered) on a clash."""
    names = sorted(set(names))
    keys: dict[str, str] = {}
    pending = list(names)
    extra = 0
    while pending and extra < 12:
        wanted: dict[str, list[str]] = {}
        for name in pending:
            wanted.setdefault(_initials(name, extra), []).append(name)
        pending = []
        taken = set(keys.values())
        for key, group in wanted.items():
            if len(group) == 1 and key not in taken:
                keys[group[0]] = key
            else:
                pending.extend(group)
        extra += 1
    for number, name in enumerate(pending, 1):
        keys[name] = f"{_initials(name, 0)}{number}"
    return keys


@cache
def _card_keys(game: Game) -> dict[str, str]:
    return unique_keys(game.card_names())


@cache
def _verb_keys(game: Game) -> dict[str, str]:
    names = [v.name for v in game.verbs]
    out: dict[str, str] = {}
    for name in names:
        if not game.verb_table.by_name[name].args:
            out[name] = name.replace("_", "-")
            continue
        size = 2
        while size < len(name) and any(o != name and o.startswith(name[:size]) for o in names):
            size += 1
        out[name] = name[:size]
    return out


def _arg_key(game: Game, arg: Any, value: Any) -> str:
    if isinstance(arg, CardArg):
        return _card_keys(game).get(str(value), str(value).lower().replace(" ", ""))
    if isinstance(arg, SeatArg):
        return game.seat_name(int(value)).lower().replace(" ", "")
    return str(value).lower().replace(" ", "")


def option_key(game: Game, option_id: str) -> str:
    """The key of an option id of ``game`` (the id itself, lower case, for a game that declares no verbs)."""
    if not game.verbs:
        return option_id.lower()
    action = game.parse_action(option_id)
    verb = game.verb_table.by_name[action.verb]
    head = _verb_keys(game)[action.verb]
    if not action.args:
        return head
    return ".".join([head, *(_arg_key(game, a, v) for a, v in zip(verb.args, action.args, strict=True))])


def card_key(game: Game, name: str) -> str | None:
    """The key of a card name of ``game`` (None for a name the game does not define)."""
    return _card_keys(game).get(name)
