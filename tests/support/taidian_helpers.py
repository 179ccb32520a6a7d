"""Helpers for the Taking of Taidian scenario tests: build a table, find options by card name and target, script play.

Seats default to characters whose abilities stay out of the way of most tests (Volt: starting energy, Rook: extra
starting cards, Sage Huo: heals when she plays a Flash, ...); a test that needs an ability names the characters.
Decks default to ten Coins, so end-step draws never reshuffle unless a test wants them to.

Idle decisions: the engine asks every player who holds cards in a window (and lets a player with cards in hand end
their own play step, and asks a player owning a structure card after each draw), whatever those cards are, so that
being asked gives nothing away (TAI-1.17, TAI-1.18). Many of those questions offer nothing but doing nothing. :func:`apply` (and so every script helper here) and :func:`table` answer
such a decision at once, as a player holding nothing playable would, so scripts name only the real choices. A test
about who is asked builds its table with ``skip_idle=False`` and scripts with :func:`cardsmith.core.apply`.
"""

from __future__ import annotations

from typing import Any

from tests.support.scenario import build

from cardsmith.core import apply as core_apply
from cardsmith.core import get_game, option_id, state_hash, view
from cardsmith.core.state import State

GAME = "taidian"
RULES = get_game(GAME)
NEUTRAL = ["Volt", "Rook", "Sage Huo", "Scarlet Fury", "Phoenix", "Spark"]
FILLER = ["Coin"] * 10


IDLE = ("done", "end", "stop", "keep")  # the options that do nothing


def answer_idle(state: State) -> None:
    """Answer every pending decision whose only option is to do nothing (see the module docstring).

    ``state["events"]`` then holds the events of the step before and of every step answered here, in order, so a
    script reads them as the events of one action.
    """
    events = state["events"]
    while state["pending"] is not None:
        options = state["pending"]["options"]
        if len(options) != 1 or options[0][0] not in IDLE:
            break
        core_apply(state, options[0][0])
        events = events + state["events"]
    state["events"] = events


def apply(state: State, option_id: Any) -> None:
    """:func:`cardsmith.core.apply`, then the idle decisions that follow are answered."""
    core_apply(state, option_id)
    answer_idle(state)


def table(
    n: int = 2,
    *,
    hands: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    discards: dict[int, list[str]] | None = None,
    structs: dict[int, list[str]] | None = None,
    zones: dict[str, list[str]] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    skip_idle: bool = True,
    answers: list[str] | None = None,
    **setup: Any,
) -> State:
    """A position with ``n`` players. ``setup`` takes the [setup] keys (step, turn_type, current, health, ...);
    ``answers`` are the scenario's answers to the position's next questions.

    Idle decisions are answered (see the module docstring) unless ``skip_idle`` is false.
    """
    z: dict[str, list[str]] = {}
    for seat in range(n):
        z[f"deck:{seat}"] = list((decks or {}).get(seat, FILLER))
        z[f"hand:{seat}"] = list((hands or {}).get(seat, []))
        z[f"discard:{seat}"] = list((discards or {}).get(seat, []))
        z[f"struct:{seat}"] = list((structs or {}).get(seat, []))
    z.update(zones or {})
    for seat in range(n):  # eliminated seats hold no cards
        if "alive" in setup and not setup["alive"][seat]:
            for kind in ("deck", "hand", "discard", "struct"):
                z[f"{kind}:{seat}"] = list((zones or {}).get(f"{kind}:{seat}", []))
    setup.setdefault("characters", NEUTRAL[:n])
    state = build(GAME, z, setup, options=options, players=n, seed=seed, answers=answers)
    if skip_idle:
        answer_idle(state)
    return state


def attack_table(n: int = 2, **kw: Any) -> State:
    """Seat 0 (unless ``current`` says otherwise) in the play step of an attacking turn."""
    kw.setdefault("step", "play")
    kw.setdefault("turn_type", "attack")
    return table(n, **kw)


def upgrade_table(n: int = 2, **kw: Any) -> State:
    """Seat 0 (unless ``current`` says otherwise) in the play step of an upgrading turn."""
    kw.setdefault("step", "play")
    kw.setdefault("turn_type", "upgrade")
    return table(n, **kw)


def ids(state: State) -> list[str]:
    return [o[0] for o in state["pending"]["options"]]


def labels(state: State) -> list[str]:
    return [o[1] for o in state["pending"]["options"]]


def deciding(state: State) -> tuple[int, str]:
    """(seat, kind) of the pending decision."""
    return state["pending"]["seat"], state["pending"]["kind"]


Target = int | str | tuple[int, str]
"""A seat, or a structure as ``(owner seat, structure name)`` (see :func:`struct_target`)."""


def find(state: State, verb: str, name: str | None = None, target: Target | None = None) -> str | None:
    """The legal option of ``verb`` whose card is named ``name`` (and whose target matches), or None.

    The card is the option's first argument (a card name); the target is the argument after it (a seat), or for a
    ``fire_bomb`` (which names no card) its owner seat and structure name.
    """
    if state["pending"] is None:
        return None
    for oid, _label in state["pending"]["options"]:
        action = RULES.parse_action(oid)
        if action.verb != verb:
            continue
        args = action.args
        if name is not None:
            if not args or args[0] != name:
                continue
            args = args[1:]
        if target is not None:
            want = target if isinstance(target, tuple) else (target,)
            if [str(a) for a in args] != [str(t) for t in want]:
                continue
        return oid
    return None


def opt(state: State, verb: str, name: str | None = None, target: Target | None = None) -> str:
    oid = find(state, verb, name, target)
    if oid is None:
        raise AssertionError(f"no legal {verb!r} option for {name!r} at {target!r}; legal: {ids(state)}")
    return oid


def has(state: State, verb: str, name: str | None = None, target: Target | None = None) -> bool:
    return find(state, verb, name, target) is not None


def do(state: State, verb: str, name: str | None = None, target: Target | None = None) -> None:
    apply(state, opt(state, verb, name, target))


def lay(state: State, name: str, target: Target) -> None:
    """Lay one red card at a seat (or a Fire Bomb at a structure, :func:`struct_target`) into the volley."""
    if isinstance(target, tuple):
        assert RULES.cards.cards[name].kind == "firebomb", f"{name} cannot be aimed at a structure"
        do(state, "fire_bomb", None, target)
    else:
        do(state, "lay", name, target)


def volley(state: State, *cards: tuple[str, Target]) -> None:
    """Lay the cards and reveal them as one volley."""
    for name, target in cards:
        lay(state, name, target)
    apply(state, "reveal")


def done(state: State) -> None:
    apply(state, "done")


def struct_target(state: State, seat: int, name: str) -> tuple[int, str]:
    """The Fire Bomb target naming ``seat``'s structure called ``name``: ``(seat, name)``."""
    for cid in state["zones"][f"struct:{seat}"]:
        if state["cards"][cid] == name:
            return (seat, name)
    raise AssertionError(f"{name!r} is not in struct:{seat}")


def antidote(state: State, owner: int, victim: int) -> str:
    """The id of the option that plays an Antidote against ``owner``'s Poison on ``victim`` (its place on the track,
    as every seat sees the poison tracks)."""
    track = [p["owner"] for p in poisons(state) if p["victim"] == victim]
    if owner not in track:
        raise AssertionError(f"no Poison of seat {owner} on seat {victim}")
    return option_id("antidote", "Antidote", track.index(owner))


def names(state: State, zone: str) -> list[str]:
    return [state["cards"][c] for c in state["zones"][zone]]


def parsed(option_id_: str) -> Any:
    """The typed action (verb and arguments) an option id names, as the game parses it."""
    return RULES.parse_action(option_id_)


def verbs(state: State) -> set[str]:
    """The verbs of the legal options."""
    return {parsed(oid).verb for oid in ids(state)}


def card_names_in(state: State, verb: str) -> set[str]:
    """The card names of the legal ``verb`` options (a card named by what it is, their first argument)."""
    out = set()
    for oid in ids(state):
        action = RULES.parse_action(oid)
        if action.verb == verb and action.args and isinstance(action.args[0], str):
            out.add(action.args[0])
    return out


def targets_of(state: State, name: str) -> set[Any]:
    """The targets offered for laying ``name``: seats as strings, Fire Bomb targets as :func:`struct_target` gives."""
    out: set[Any] = set()
    for oid in ids(state):
        action = RULES.parse_action(oid)
        if action.verb == "lay" and action.args[0] == name:
            out.add(str(action.args[1]))
        elif action.verb == "fire_bomb" and RULES.cards.cards[name].kind == "firebomb":
            out.add(tuple(action.args))
    return out


def refused(state: State, option_id: Any) -> bool:
    """``option_id`` is not legal now, and applying it is refused without changing the state."""
    from cardsmith.core import IllegalAction

    if state["pending"] is not None and isinstance(option_id, str) and option_id in ids(state):
        return False
    before = state_hash(state)
    try:
        core_apply(state, option_id)
    except IllegalAction:
        return state_hash(state) == before
    return False


def card_id(state: State, zone: str, name: str) -> int:
    for cid in state["zones"][zone]:
        if state["cards"][cid] == name:
            return cid
    raise AssertionError(f"no {name!r} in {zone}: {names(state, zone)}")


def end_play(state: State) -> None:
    apply(state, "end")


def pass_until(state: State, seat: int, kind: str, limit: int = 50) -> None:
    """Answer "done"/"end"/"stop"/"keep" until ``seat`` faces a ``kind`` decision."""
    for _ in range(limit):
        if state["pending"] is not None and deciding(state) == (seat, kind):
            return
        for quiet in ("done", "end", "stop", "keep"):
            if quiet in ids(state):
                apply(state, quiet)
                break
        else:
            raise AssertionError(f"stuck at {deciding(state)} with {ids(state)}")
    raise AssertionError(f"never reached {(seat, kind)}")


# ---------------------------------------------------------------- what every seat sees (the public view)

TRACK_ORDER = ("aim", "strength", "skill", "healing")


def public(state: State) -> dict[str, Any]:
    """The public part of the view (what a spectator, and so every seat, sees of the game's trackers)."""
    return view(state, None)["public"]


def _per_seat(state: State, key: str) -> list[Any]:
    return [p[key] for p in public(state)["players"]]


def health(state: State) -> list[int]:
    return _per_seat(state, "health")


def energy(state: State) -> list[int]:
    return _per_seat(state, "energy")


def levels(state: State) -> list[list[int]]:
    """Per seat the levels [Aim, Strength, Skill, Healing]."""
    return [[lv[t] for t in TRACK_ORDER] for lv in _per_seat(state, "levels")]


def alive(state: State) -> list[bool]:
    return _per_seat(state, "alive")


def characters(state: State) -> list[str]:
    return _per_seat(state, "character")


def teams(state: State) -> list[int | None]:
    """Per seat its team as shown (1, 2, ...), or None in a free-for-all."""
    return _per_seat(state, "team")


def current(state: State) -> int:
    return public(state)["current"]


def start_seat(state: State) -> int:
    return public(state)["start"]


def round_number(state: State) -> int:
    return public(state)["round"]


def pool(state: State) -> int:
    return public(state)["pool"]


def max_health(state: State) -> int:
    return public(state)["max_health"]


def burned(state: State) -> int:
    return public(state)["burned"]


def protected(state: State) -> list[int]:
    return public(state)["shotgun_protected"]


def poisons(state: State) -> list[dict[str, int]]:
    """The Poisons in play, in play order: ``{"victim", "owner", "ticks", "damage"}`` each."""
    return public(state)["poisons"]


def revealed_volley(state: State) -> dict[str, Any] | None:
    """The volley being resolved, as every seat sees it, or None."""
    return public(state)["volley"]
