"""Taking of Taidian: each player's cards, as any seat can count them from the public history.

Every card a player gains or loses is shown as it moves: a starting deck is public (TAI-2.8, TAI-2.10, TAI-13.8), a
card bought goes face up from the supply to the bought area (TAI-1.22, TAI-1.23), a stolen card is shown to all
(TAI-8.21), a burned card goes face up out of the game (TAI-8.57), a knockout reward goes to a face-up discard pile
(TAI-13.6), and an eliminated player's cards go out of the game (TAI-11.6). So a seat that remembers the history
knows the cards of every player's deck and hand together (not their order, nor which are in the hand), even after
the deck is reshuffled. :func:`remember` folds the events into that count; the evaluation reads it.

A card belongs to the player in whose deck, hand, discard pile, play, bought, structure or response area it lies
(TAI-1.25); a Poison on a track still belongs to whoever played it and goes back to that player (TAI-8.30), so a move
to or from a poison track changes no one's cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import STARTING_DECK
from .data import ABILITY

Pools = tuple[dict[str, int] | None, ...]
"""Each seat's cards by name, counted from the history (None for a seat whose cards it could not follow)."""

_OWNED = frozenset({"deck", "hand", "discard", "play", "bought", "struct", "resp"})
"""The zones whose cards belong to the player of the zone (TAI-1.25)."""

_NEUTRAL = "poison"
"""A Poison on a track stays its player's (TAI-1.25): a move to or from a track changes no one's cards."""


def starting_pools(characters: list[str], options: Mapping[str, Any]) -> Pools:
    """The starting decks: TAI-2.8, two more Punches with TAI-13.8, and a character's extra cards (TAI-2.10)."""
    pools = []
    for character in characters:
        pool = dict(STARTING_DECK)
        if options.get("extra_punches"):
            pool["Punch"] = pool.get("Punch", 0) + 2
        ability = ABILITY[character]
        if ability.kind == "extra_cards":
            for name in ability.cards:
                pool[name] = pool.get(name, 0) + 1
        pools.append(pool)
    return tuple(pools)


def _holder(zone: str) -> int | None:
    """The seat whose cards lie in ``zone``, or None (the supply, out of the game, knockout loot)."""
    kind, _, seat = zone.partition(":")
    return int(seat) if kind in _OWNED else None


def _moved(
    pools: list[dict[str, int] | None], loser: int | None, gainer: int | None, name: str | None
) -> None:
    if name is None:  # a card changed hands unseen: that player's cards can no longer be followed
        for p in (loser, gainer):
            if p is not None:
                pools[p] = None
        return
    if loser is not None and pools[loser] is not None:
        pool = pools[loser] = dict(pools[loser])  # type: ignore[arg-type]
        left = pool.get(name, 0) - 1
        if left > 0:
            pool[name] = left
        else:
            pool.pop(name, None)
    if gainer is not None and pools[gainer] is not None:
        pool = pools[gainer] = dict(pools[gainer])  # type: ignore[arg-type]
        pool[name] = pool.get(name, 0) + 1


def remember(
    pools: Pools | None, events: Iterable[Mapping[str, Any]], options: Mapping[str, Any]
) -> Pools | None:
    """``pools`` after ``events`` (None until the game's setup has been seen); the pools given are not changed.

    A stolen card is counted from the public ``rob`` event (TAI-8.21), not from its move, which a third player may
    see face down."""
    work: list[dict[str, int] | None] | None = None
    for event in events:
        t = event["t"]
        if t == "move":
            if pools is None and work is None or event.get("cause") == "rob":
                continue
            src, dst = event["from"], event["to"]
            if src.startswith(_NEUTRAL) or dst.startswith(_NEUTRAL):
                continue
            loser, gainer = _holder(src), _holder(dst)
            if loser == gainer:
                continue
            if work is None:
                work = list(pools)  # type: ignore[arg-type]
            _moved(work, loser, gainer, event["name"])
        elif t == "rob" and event["name"] is not None and (pools is not None or work is not None):
            if work is None:
                work = list(pools)  # type: ignore[arg-type]
            _moved(work, event["from"], event["s"], event["name"])
        elif t == "setup":
            work = list(starting_pools(event["ch"], options))
    return pools if work is None else tuple(work)
