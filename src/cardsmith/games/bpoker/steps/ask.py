"""Asking: a decision with the side options, options naming cards by name, Magic against an effect (BP-21.15,
BP-21.16), and what a card looks like to a seat.
"""

from __future__ import annotations

from ....core.actions import Action
from ....core.game import Game
from ....core.state import State
from ..table import NE, REVEAL, SK, VIEW, WILD, WILD_NE, WILDS, face_card, magic_units, off_table
from .side import side_options
from .stack import Task, pop


def task_ask(
    game: Game,
    state: State,
    task: Task | None,
    seat: int,
    kind: str,
    prompt: str,
    options: list[list[str]],
    side: bool = True,
) -> bool:
    """Ask ``seat`` (with the side options it has now, BP-3.2, BP-22.3, BP-26.49, BP-27.14).

    ``side=False`` asks the later steps of one choice split into small decisions (the next card of a set, a
    pair's partner, a forced card's table): the side options were offered at its first step, as before."""
    if task is not None:
        if task["step"] == "declare":  # no side options inside a declaration
            side = False
    if not side:
        state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": options}
        return True
    side = side_options(game, state, seat)
    if side:
        options = options + side
    state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": options}  # as Game.ask
    return True


def declined(state: State, task: Task, ans: Action) -> bool:
    """Whether the answer declines an optional effect (``decline``): then the effect is over."""
    if ans.verb == "decline":
        pop(state, task)
        return True
    return False


def only(game: Game, options: list[list[str]]) -> Action:
    """The answer when a decision has a single option and is taken without asking."""
    return game.parse_action(options[0][0])


def offer_names(game: Game, state: State, zone: str) -> list[str]:
    """The names of the cards of ``zone``, each once, in the order the cards lie: what a ``CardArg`` option may
    name there. Which cards each name stands for is fixed now, as the option is offered (its copies, lowest
    id first), so answering picks out no card by what the other cards of a hidden pile turn out to be."""
    names = state["cards"]
    cards = state["zones"][zone]
    if len(cards) == 1:  # one card: one name, one copy
        c = cards[0]
        name = names[c]
        state["g"]["named"][zone] = {name: [c]}
        return [name]
    held = list(map(names.__getitem__, cards))
    if len(set(held)) == len(held):  # no two copies of a name: one copy each, keyed in the order of the ids
        state["g"]["named"][zone] = {names[c]: [c] for c in sorted(cards)}
        return held
    copies: dict[str, list[int]] = {}
    for c in sorted(cards):
        name = names[c]
        if name in copies:
            copies[name].append(c)
        else:
            copies[name] = [c]
    state["g"]["named"][zone] = copies
    return list(dict.fromkeys(map(names.__getitem__, cards)))


def named(game: Game, state: State, zone: str, name: str) -> int:
    """The card a ``CardArg`` option names in a zone (see :meth:`claim`)."""
    return claim(game, state, zone, [name])[0]


def claim(game: Game, state: State, zone: str, wanted: list[str]) -> list[int]:
    """The cards of ``zone`` that a choice by name picks out, one per name: the copies fixed when the option was
    offered (:meth:`offer_names`) that are still there, then the lowest ids of that name (BP-1.2: copies are
    distinct cards, but two copies in one pile are one option)."""
    names = state["cards"]
    ids = state["zones"][zone]
    offered = state["g"]["named"].get(zone, {})
    picked: list[int] = []
    for name in wanted:
        for c in offered.get(name, ()):
            if c in ids and names[c] == name and c not in picked:
                picked.append(c)
                break
        else:
            for c in sorted(ids):
                if names[c] == name and c not in picked:
                    picked.append(c)
                    break
            else:
                raise ValueError(f"no {name!r} left in {zone}")
    return picked


def use_magic(game: Game, state: State, seat: int, playing: tuple[int, ...] = ()) -> None:
    """Discard the seat's first usable 10♦ (a 10♦ in effect: its face card) for Magic (BP-21.13, BP-21.15);
    never one of the cards ``playing``, which are the very card being played (BP-21.14, BP-27.5)."""
    unit = next(u for u in magic_units(game, state, seat) if u not in playing)
    off_table(game, state, seat, face_card(game, state, unit), "discard", "magic")
    game.log(state, {"t": "magic", "seat": seat})


def chooser_of(game: Game, state: State, seat: int) -> int:
    """BP-21.22: a controlled player's plays are picked by the controller."""
    ctl = state["g"]["control"].get(str(seat))
    return ctl[0] if ctl else seat


def card_words(game: Game, state: State, cid: int, seat: int) -> str:
    """A table card named for ``seat``'s own options (the owner sees its own wilds)."""
    name = state["cards"][cid]
    mark = state["marks"].get(SK[cid])
    if mark in WILDS:
        return f"wild {name}"
    if mark == NE:
        return f"{name} (no-effect)"
    return name


def public_card_words(game: Game, state: State, cid: int) -> str:
    """A table card named for everyone: a wild's face is told only when every seat knows it (BP-1.4)."""
    mark = state["marks"].get(SK[cid])
    if mark in (WILD, WILD_NE):
        return "a wild"
    if mark in WILDS:
        return "wild " + state["cards"][cid]
    return state["cards"][cid]


def reveal(game: Game, state: State, target: int, looker: int) -> None:
    zone = VIEW[target]
    for c in state["zones"][zone]:
        mark = state["marks"].get(SK[c])
        mask = int(mark[len(REVEAL) :]) if mark and mark.startswith(REVEAL) else 0
        new = mask | (1 << looker)
        if new != mask:
            game.mark(state, c, zone, f"{REVEAL}{new}")
