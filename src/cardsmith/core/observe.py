"""What a seat may know when it decides, and worlds sampled from it.

An :class:`Observation` is all an agent is given: the deciding seat, the legal options (the :class:`Decision`,
with each option's verb and typed arguments), the seat's view and the public history (every event of the game so
far, as that seat saw it). No public attribute leads to the state it was taken from.

:func:`sample_world` turns an observation into a complete, playable state that the seat cannot tell from the real
one: the cards it cannot see are dealt at random from the cards it has not seen into the places it cannot see
into, the cards it sees stay where they are, the RNG is reseeded (a search must not know the real future shuffles)
and the game's own hidden facts are redrawn by its :meth:`~cardsmith.core.game.Game.redact_hidden` hook. It is the
one place where the state behind an observation is read, so that what it reads can be checked: two states with the
same view give the same world for the same seed (tests/conformance).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .decision import CHANCE, Decision, decision_from_pending
from .engine import new_game
from .game import Game
from .registry import get_game
from .state import State, clone, copy_data
from .view import redact_event
from .view import view as _view

History = Sequence[Sequence[dict[str, Any]]]
"""The events of a game so far, one list per step (the lists ``state["events"]`` held after each step)."""


class Observation:
    """What the deciding seat may know: its seat, the decision, its view and the public history.

    Built by the runner (or :func:`observe`) from a state with a pending decision of a seat; every value is computed
    on demand and kept. The history is what the runner recorded for this game (without one, only the last step's
    events); each event is redacted for the seat as :func:`cardsmith.core.view.view` redacts them. A ``borrowed``
    observation's view shares parts with the state: for a search reading a world it made and will throw away.
    """

    __slots__ = ("_state", "_pending", "_steps", "_upto", "_kept", "_copy")

    def __init__(self, state: State, history: History | None = None, *, borrowed: bool = False) -> None:
        pending = state["pending"]
        if pending is None or pending["seat"] == CHANCE:
            raise ValueError("an observation is taken when a seat has a decision to make")
        self._state = state
        self._pending = pending
        self._steps = history
        self._upto = 0 if history is None else len(history)  # the runner's list grows: read only what is past
        self._kept: dict[str, Any] | None = (
            None  # what was worked out on demand (an observation is made per step)
        )
        self._copy = not borrowed  # borrowed: the view shares the state's parts (see view(copy=False))

    def _keep(self) -> dict[str, Any]:
        kept = self._kept
        if kept is None:
            kept = self._kept = {}
        return kept

    @property
    def seat(self) -> int:
        """The deciding seat."""
        return self._pending["seat"]

    @property
    def game(self) -> Game:
        """The (static) game being played."""
        return get_game(self._state["game"])

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._state["players"]

    @property
    def options(self) -> dict[str, Any]:
        """The game's resolved options (a copy)."""
        return dict(self._state["options"])

    @property
    def option_ids(self) -> list[str]:
        """The legal option ids, in order."""
        return [o[0] for o in self._pending["options"]]

    @property
    def option_count(self) -> int:
        """How many legal options there are."""
        return len(self._pending["options"])

    def option_id(self, index: int) -> str:
        """The id of the legal option at ``index`` (in :attr:`option_ids` order)."""
        return self._pending["options"][index][0]

    @property
    def decision(self) -> Decision:
        """The pending decision (kind, prompt, options with labels, verbs and typed arguments)."""
        kept = self._keep()
        if "decision" not in kept:
            kept["decision"] = decision_from_pending(self._pending, self.game.verb_table)
        return kept["decision"]

    @property
    def view(self) -> dict[str, Any]:
        """What the deciding seat may see (:func:`cardsmith.core.view.view`)."""
        kept = self._keep()
        if "view" not in kept:
            kept["view"] = _view(self._state, self.seat, copy=self._copy)
        return kept["view"]

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every event of the game so far that this seat may know of, redacted for it, oldest first."""
        kept = self._keep()
        if "history" not in kept:
            steps = self._steps[: self._upto] if self._steps is not None else [self._state["events"]]
            seat = self.seat
            out = [
                seen
                for events in steps
                for seen in (redact_event(e, seat) for e in events)
                if seen is not None
            ]
            kept["history"] = copy_data(out)
        return kept["history"]


def observe(state: State, history: History | None = None) -> Observation:
    """The observation of the seat that must decide in ``state``."""
    return Observation(state, history)


def hidden_ids(state: State, seat: int | None) -> list[int]:
    """The card ids whose identity ``seat`` may not see where they lie, in increasing order."""
    vis = get_game(state["game"]).visibility
    card_visible = vis.card_visible
    return sorted(
        c for zone, ids in state["zones"].items() for c in ids if not card_visible(state, c, zone, seat)
    )


_BACKS: dict[tuple[str, int, str], dict[str, int]] = {}


def card_backs(game: Game, players: int, options: dict[str, Any]) -> dict[str, int]:
    """Which cards share a back: a class number for each card name, from the game's public deal.

    A card's back (the deck it belongs to: a Disaster, an Item, a drill) is public even when its face is not, so a
    hidden card is re-dealt only from cards of its class. Classes are read off a freshly dealt game with these
    players and options: card names that start in the same kind of zone are one class (a deck and the hands dealt
    from it join), and classes sharing a name merge. A name the reference deal does not hold is class -1.
    """
    key = (game.id, players, repr(sorted(options.items())))
    backs = _BACKS.get(key)
    if backs is not None:
        return backs
    state = new_game(game, players, "cardsmith-card-backs", options)
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    names = state["cards"]
    for zone, ids in state["zones"].items():
        kind = "zone:" + zone.split(":", 1)[0]
        for c in ids:
            parent[find("card:" + names[c])] = find(kind)
    roots = sorted({find(x) for x in parent if x.startswith("zone:")})
    number = {root: i for i, root in enumerate(roots)}
    backs = {x[5:]: number[find(x)] for x in sorted(parent) if x.startswith("card:")}
    _BACKS[key] = backs
    return backs


def hidden_groups(state: State, hidden: list[int]) -> list[tuple[list[int], list[str]]]:
    """The ``hidden`` cards in groups that are re-dealt among themselves: each owner's cards of one back
    (:func:`card_backs`), with the group's names sorted (so that a deal depends on the multiset of names in each
    group, not on where they lay). Whose a card is and which deck it belongs to are public; which card it is is not.
    """
    cards = state["cards"]
    owners = state["owner"]
    backs = card_backs(get_game(state["game"]), state["players"], state["options"])
    groups: dict[tuple[int, int], list[int]] = {}
    for c in hidden:
        owner = owners[c]
        groups.setdefault((-1 if owner is None else owner, backs.get(cards[c], -1)), []).append(c)
    return [(groups[key], sorted(cards[c] for c in groups[key])) for key in sorted(groups)]


def deal_hidden(world: State, groups: list[tuple[list[int], list[str]]], rng: random.Random) -> None:
    """Deal each group's names among its ids at random (:func:`hidden_groups`)."""
    cards = world["cards"]
    getrandbits = rng.getrandbits
    for ids, names in groups:
        if len(ids) < 2:
            continue
        dealt = names[:]
        shuffle_with(getrandbits, dealt)
        for c, name in zip(ids, dealt, strict=True):
            cards[c] = name


def shuffle_with(getrandbits: Callable[[int], int], items: list[Any]) -> None:
    """Shuffle ``items`` in place as :meth:`random.Random.shuffle` does with the generator whose ``getrandbits`` is
    given: the same Fisher-Yates over the same draws (an index below ``n`` from ``n.bit_length()`` bits, drawn again
    while too large), without a method call per card, since the belief sampler deals on every search iteration."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def sample_world(observation: Observation, rng: random.Random) -> State:
    """A complete, playable state consistent with what ``observation``'s seat knows, drawn with ``rng``.

    The seat's view of the world is its view of the real state, and its legal options are the same; the cards it
    cannot see are re-dealt (within each owner's cards of one back, :func:`hidden_groups`), the RNG word is drawn
    from ``rng``, the last step's events are those the seat saw, and the game redraws its other hidden facts
    (:meth:`Game.redact_hidden`). The groups are worked out once per observation, so repeated samples are cheap.
    """
    state = observation._state
    seat = observation.seat
    game = get_game(state["game"])
    kept = observation._keep()
    if "deal" not in kept:
        kept["deal"] = hidden_groups(state, hidden_ids(state, seat))
    world = clone(state)
    deal_hidden(world, kept["deal"], rng)
    world["rng"] = rng.getrandbits(64)
    world["events"] = [e for e in (redact_event(ev, seat) for ev in world["events"]) if e is not None]
    game.redact_hidden(world, seat, rng)
    return world
