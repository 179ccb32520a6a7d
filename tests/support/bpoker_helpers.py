"""Helpers for the B-Poker scenario tests: build a position with inert filler, find and apply options by card name."""

from __future__ import annotations

from typing import Any

from tests.support.scenario import build, ids, unchanged_after_refusal

from cardsmith.core import option_id

FILL = ["2♣", "3♦", "4♠", "6♥", "7♠", "9♥", "J♦", "Q♥", "K♦", "A♥"]


def pos(
    zones: dict[str, list[str]],
    setup: dict[str, Any] | None = None,
    players: int = 2,
    options: dict[str, Any] | None = None,
    stash: int = 6,
    seed: int = 0,
    answers: list[str] | None = None,
) -> dict[str, Any]:
    """A position: every stash not given holds ``stash`` filler cards, the draw pile 12 unless given; ``answers``
    are the scenario's answers to the position's next questions.

    Unlike scenario files, every list here is written bottom card first (the last card is the top), as zones store it.
    """
    z = {k: list(reversed(v)) for k, v in zones.items()}
    for s in range(players):
        z.setdefault(f"stash:{s}", (FILL * 3)[:stash])
    z.setdefault("draw", (FILL * 2)[:12])
    return build("bpoker", z, setup or {}, options, players=players, seed=seed, answers=answers)


def public(state: dict[str, Any]) -> dict[str, Any]:
    """The public part of the table as a spectator sees it (whose turn, direction, f_poker depth, plays, ...)."""
    from cardsmith.core import view

    return view(state, None)["public"]


def names(state: dict[str, Any], zone: str) -> list[str]:
    return [state["cards"][c] for c in state["zones"].get(zone, [])]


def cid(state: dict[str, Any], zone: str, name: str, nth: int = 0) -> int:
    found = [c for c in state["zones"][zone] if state["cards"][c] == name]
    assert len(found) > nth, f"no {name!r} in {zone}: {names(state, zone)}"
    return found[nth]


def verbs(state: dict[str, Any]) -> list[str]:
    """The verbs of the legal options, in order (one entry per option)."""
    from cardsmith.core import decision

    return [o.verb for o in decision(state).options]


def args_of(state: dict[str, Any], verb: str) -> list[tuple[Any, ...]]:
    """The typed arguments of every legal option of ``verb``, in order."""
    from cardsmith.core import decision

    return [o.args for o in decision(state).options if o.verb == verb]


def find(state: dict[str, Any], verb: str, *args: Any) -> str:
    """The legal option id of ``verb`` with these arguments; without arguments, the first legal option of
    ``verb``."""
    if args:
        want = option_id(verb, *args)
        if want in ids(state):
            return want
        raise AssertionError(f"no option {want!r}; legal: {ids(state)}")
    for oid, v in zip(ids(state), verbs(state), strict=True):
        if v == verb:
            return oid
    raise AssertionError(f"no option of {verb!r}; legal: {ids(state)}")


def act(state: dict[str, Any], verb: str, *args: Any) -> None:
    from cardsmith.core import apply

    apply(state, find(state, verb, *args))


def play(state: dict[str, Any], name: str, seat: int | None = None) -> None:
    """Play a single card named ``name`` from the deciding seat's viewing hand (``seat`` is who decides: the name
    alone picks the card)."""
    act(state, "play", name)


def pair(state: dict[str, Any], *cards: str) -> None:
    """Play a pair or set from the deciding seat's viewing hand: its cards one at a time, then the set (BP-5.6)."""
    from cardsmith.core import apply

    seat = state["pending"]["seat"]
    for name in cards:
        if option_id("add_to_set", name) not in ids(state):
            raise AssertionError(f"no pair {cards} for seat {seat}; legal: {ids(state)}")
        apply(state, option_id("add_to_set", name))
    assert deciding(state) == (seat, "set") and "play_set" in ids(state), f"{cards} is no pair or set"
    apply(state, "play_set")


def sets_offered(state: dict[str, Any]) -> list[list[str]]:
    """Every pair or set (card names, sorted) the deciding seat may play now, found by choosing it card by card on
    copies of the state (BP-5.6); every decision on the way offers each option once."""
    from cardsmith.core import apply, clone, decision

    found: set[tuple[str, ...]] = set()

    def walk(st: dict[str, Any], chosen: list[str]) -> None:
        options = decision(st).options
        assert len({o.id for o in options}) == len(options), f"an option offered twice: {ids(st)}"
        for o in options:
            if o.verb == "play_set":
                found.add(tuple(sorted(chosen)))
            elif o.verb == "add_to_set":
                copy = clone(st)
                apply(copy, o.id)
                walk(copy, [*chosen, o.args[0]])

    walk(state, [])
    return sorted(map(list, found))


def deciding(state: dict[str, Any]) -> tuple[int, str]:
    return state["pending"]["seat"], state["pending"]["kind"]


def refused(state: dict[str, Any], option_id: str) -> None:
    assert option_id not in ids(state)
    assert unchanged_after_refusal(state, option_id)


def decline_all(state: dict[str, Any], *verbs: str) -> None:
    """Answer with the first option among ``verbs`` (e.g. let_it_arrive, decline, let_it_happen) while one is
    offered."""
    from cardsmith.core import apply

    while state["pending"] is not None:
        legal = ids(state)
        for v in verbs:
            if v in legal:
                apply(state, v)
                break
        else:
            return


def unseen_by(state: dict[str, Any], seat: int | None) -> list[int]:
    """The card ids whose face ``seat`` (None: a spectator) may not see where they lie, by the game's declared
    visibility of zones and marks (BP-1.3, BP-1.4)."""
    from cardsmith.core import get_game

    vis = get_game("bpoker").visibility
    return [
        c for zone, cs in state["zones"].items() for c in cs if not vis.card_visible(state, c, zone, seat)
    ]


def views_through(state: dict[str, Any], option: str, seat: int | None, focus: int) -> list[dict[str, Any]]:
    """``seat``'s view after ``option`` in ``state``, then in every position that ``seat`` and the deciding seat
    cannot tell from it: the face of card ``focus`` exchanged with that of each card of another name that both cannot
    see before the step and that ``seat`` does not see after it. If ``seat`` sees ``focus``, there is no such
    position. (The same option is applied in each; a step that tells ``seat`` nothing new gives equal views.)"""
    from cardsmith.core import apply, clone, view

    after = clone(state)
    apply(after, option)
    first = view(after, seat)
    shown = {e[0] for es in first["zones"].values() for e in es if e is not None and e[0] is not None}
    shown |= {e["card"] for e in first["events"] if e.get("card") is not None and e.get("name") is not None}
    decider = state["pending"]["seat"]
    hidden = set(unseen_by(state, seat)) & set(unseen_by(state, decider)) - shown
    out = [first]
    if focus not in hidden:
        return out
    for other in sorted(hidden):
        if state["cards"][other] == state["cards"][focus]:
            continue
        alt = clone(state)
        alt["cards"][focus], alt["cards"][other] = state["cards"][other], state["cards"][focus]
        apply(alt, option)
        out.append(view(alt, seat))
    return out


def known_wild(state: dict[str, Any], card: int) -> bool:
    """Whether ``card`` is a wild on a table whose face every seat and a spectator see in their views: a card the
    whole table saw face up before it turned face down (BP-1.4, BP-14.1, BP-19.1)."""
    from cardsmith.core import get_game, view
    from cardsmith.games.bpoker.table import is_wild

    zone = next(z for z, cs in state["zones"].items() if card in cs)
    if not zone.startswith("table:") or not is_wild(get_game("bpoker"), state, card):
        return False
    at = state["zones"][zone].index(card)
    seats = [*range(state["players"]), None]
    return all(view(state, s)["zones"][zone][at][:2] == [card, state["cards"][card]] for s in seats)


def tiles(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The tiles as every seat sees them: kind, seat, cards (ids, left to right), sideways 6s and the value in effect
    of a 5-tile (BP-10.15, BP-10.22)."""
    return public(state)["tiles"]


def tile_names(state: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Each tile's kind and its cards' names, in table order."""
    return [(t["kind"], [state["cards"][c] for c in t["cards"]]) for t in tiles(state)]


def declared(state: dict[str, Any], seat: int) -> list[int] | None:
    """The cards of ``seat``'s declared poker hand as every seat sees them, or None (BP-3.2)."""
    d = public(state)["declared"][seat]
    return None if d is None else d["cards"]


def hands_finished(state: dict[str, Any]) -> int:
    """Outer hands finished so far (the public hand number counts from 1)."""
    return public(state)["hand"] - 1


def resolved(state: dict[str, Any]) -> list[tuple[int, str]]:
    """Each card resolved so far: (the table's seat, the value in effect it resolved as), as the events tell."""
    return [(e["seat"], e["as"]) for e in state["events"] if e["t"] == "resolve"]
