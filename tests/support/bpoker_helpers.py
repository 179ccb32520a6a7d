"""Helpers for the B-Poker scenario tests: build a position with inert filler, find and apply options by card name."""

from __future__ import annotations

from typing import Any

from tests.support.scenario import build, ids, unchanged_after_refusal

FILL = ["2♣", "3♦", "4♠", "6♥", "7♠", "9♥", "J♦", "Q♥", "K♦", "A♥"]


def pos(
    zones: dict[str, list[str]],
    setup: dict[str, Any] | None = None,
    players: int = 2,
    options: dict[str, Any] | None = None,
    stash: int = 6,
    seed: int = 0,
) -> dict[str, Any]:
    """A position: every stash not given holds ``stash`` filler cards, the draw pile 12 unless given.

    Unlike scenario files, every list here is written bottom card first (the last card is the top), as zones store it.
    """
    z = {k: list(reversed(v)) for k, v in zones.items()}
    for s in range(players):
        z.setdefault(f"stash:{s}", (FILL * 3)[:stash])
    z.setdefault("draw", (FILL * 2)[:12])
    return build("bpoker", z, setup or {}, options, players=players, seed=seed)


def names(state: dict[str, Any], zone: str) -> list[str]:
    return [state["cards"][c] for c in state["zones"].get(zone, [])]


def cid(state: dict[str, Any], zone: str, name: str, nth: int = 0) -> int:
    found = [c for c in state["zones"][zone] if state["cards"][c] == name]
    assert len(found) > nth, f"no {name!r} in {zone}: {names(state, zone)}"
    return found[nth]


def find(state: dict[str, Any], prefix: str, *cards: int) -> str:
    """The legal option id starting with ``prefix`` and naming these card ids (in order) after it."""
    want = prefix + ":".join(str(c) for c in cards) if cards else prefix
    for oid in ids(state):
        if oid == want or (not cards and oid.startswith(prefix)):
            return oid
    raise AssertionError(f"no option {want!r}; legal: {ids(state)}")


def act(state: dict[str, Any], prefix: str, *cards: int) -> None:
    from cardsmith.core import apply

    apply(state, find(state, prefix, *cards))


def play(state: dict[str, Any], name: str, seat: int | None = None) -> None:
    """Play a single card named ``name`` from the deciding seat's viewing hand."""
    seat = state["pending"]["seat"] if seat is None else seat
    act(state, "p:", cid(state, f"view:{seat}", name))


def pair(state: dict[str, Any], *cards: str) -> None:
    from cardsmith.core import apply

    seat = state["pending"]["seat"]
    want = sorted(cards)
    for oid in ids(state):
        if oid.startswith("pr:"):
            got = sorted(state["cards"][int(x)] for x in oid[3:].split("."))
            if got == want:
                apply(state, oid)
                return
    raise AssertionError(f"no pair {cards} for seat {seat}; legal: {ids(state)}")


def deciding(state: dict[str, Any]) -> tuple[int, str]:
    return state["pending"]["seat"], state["pending"]["kind"]


def refused(state: dict[str, Any], option_id: str) -> None:
    assert option_id not in ids(state)
    assert unchanged_after_refusal(state, option_id)


def decline_all(state: dict[str, Any], *verbs: str) -> None:
    """Answer with the first option among ``verbs`` (e.g. acc, no, mgn) while one is offered."""
    from cardsmith.core import apply

    while state["pending"] is not None:
        legal = ids(state)
        for v in verbs:
            if v in legal:
                apply(state, v)
                break
        else:
            return
