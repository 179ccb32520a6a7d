"""Martial Arts: the heuristic agent's rules of thumb and the evaluation of a position, from what one seat sees.

Both read only the deciding seat's view (``turn.view``: life, ADR, boosts, the waiting attack and its effective ATK,
the active event, the seat's own hand, every discard pile and battle area) and the typed options of the decision
(``option.verb``, ``option.args``), never the state. Card numbers come from the public card data. The rules of thumb
are written out for players in RULES.md, "How the computer plays".
"""

from __future__ import annotations

import random
from typing import Any

from cardsmith.core.heuristics import choose_by_kind, logistic, outcome, view_of

from .cards import AdrCard, EventCard, MoveCard
from .model import CARDS, HAND_LIMIT, LIFE

_CARDS = CARDS.cards
_CHAIN_BUDGET = 300
"""How many partial chains the combo planner looks at, at most (keeps a decision well under a millisecond)."""


def _hand(view: dict[str, Any], seat: int) -> list[str]:
    return [entry[1] for entry in view["zones"][f"hand:{seat}"] if entry is not None]


def _event_mod(view: dict[str, Any], kind: str) -> int:
    """The active event's ATK_MOD or DEF_MOD (MA-10.11, MA-10.12)."""
    name = view["public"]["active_event"]
    if name is None:
        return 0
    event = _CARDS[name]
    assert isinstance(event, EventCard)
    return sum(c.n for c in event.clauses if c.kind == kind)


# ----- the value of a card kept in hand ---------------------------------------------------------------------------


def _keep_value(name: str) -> float:
    """Roughly how much a card is worth kept in hand (used to pick what to spend and what to discard)."""
    card = _CARDS[name]
    if isinstance(card, MoveCard):
        atk = card.atk or 0
        dfn = card.dfn or 0
        return (
            max(atk, dfn)
            + 0.5 * min(atk, dfn)
            + (0.5 if card.cpt is not None and card.lnk is not None else 0)
        )
    if isinstance(card, AdrCard):
        return 4.0 + card.n / 2
    return 1.0  # an Event: its effect is small and it is worth little in hand


def _block_cost(name: str) -> float:
    """What spending a card as a block gives up: its attacking use (a pure-defense card gives up nothing else)."""
    card = _CARDS[name]
    assert isinstance(card, MoveCard)
    return (card.atk or 0) * 0.8 + (card.dfn or 0) * 0.3


# ----- combos ------------------------------------------------------------------------------------------------------


_LINKS: dict[str, tuple[int, int | None, int]] = {
    name: (card.cpt, card.lnk, card.atk)
    for name, card in _CARDS.items()
    if isinstance(card, MoveCard) and card.atk is not None and card.cpt is not None
}
"""The cards that can continue a chain (MA-5.5 to MA-5.8), each with its CPT, LNK and ATK."""


def _best_chain(first: str, hand: list[str], atk_bonus: int) -> float:
    """The value of a sequence begun with ``first``: the ATK of the longest-hitting chain the hand can follow it
    with (MA-5.5 to MA-5.8), plus a point per chain link (ADR, MA-8.3). A bounded depth-first search."""
    counts: dict[str, int] = {}
    for name in hand:
        if name in _LINKS:
            counts[name] = counts.get(name, 0) + 1
    if first in counts:
        counts[first] -= 1
    budget = [_CHAIN_BUDGET]

    def extend(lnk: int | None, depth: int) -> float:
        if lnk is None or depth >= 5 or budget[0] <= 0:
            return 0.0
        best = 0.0
        for name, k in counts.items():
            if k <= 0:
                continue
            cpt, next_lnk, atk = _LINKS[name]
            if cpt < lnk:
                continue
            budget[0] -= 1
            counts[name] = k - 1
            # each later card is less sure to land: the receiver may block and end the sequence (MA-6.10)
            value = 0.75 * (atk + 1.0 + extend(next_lnk, depth + 1))
            counts[name] = k
            if value > best:
                best = value
        return best

    card = _CARDS[first]
    assert isinstance(card, MoveCard)
    return (card.atk or 0) + atk_bonus + extend(card.lnk, 1)


# ----- decisions ---------------------------------------------------------------------------------------------------


def _adr_choice(view: dict[str, Any], seat: int, options: list[Any], kind: str) -> tuple[AdrCard, str] | None:
    """An ADR card worth playing now (MA-9.8 to MA-9.14) and its option id, or None."""
    pub = view["public"]
    life = pub["life"]
    foe = 1 - seat
    best: tuple[float, AdrCard, str] | None = None
    for o in options:
        if o.verb != "adrenaline":
            continue
        card = _CARDS[o.args[0]]
        assert isinstance(card, AdrCard)
        effect, n = card.effect, card.n
        score = 0.0
        if effect == "DIRECT_DAMAGE":
            score = 100.0 if n >= life[foe] else 10.0 + n
        elif effect == "GAIN_LIFE":
            if life[seat] + n <= LIFE or life[seat] <= 5:
                score = 6.0 + (LIFE - life[seat]) / 3
        elif effect == "DRAW":
            if len(_hand(view, seat)) + n <= HAND_LIMIT + 1 and kind in ("window", "move"):
                score = 5.0
        elif effect == "FORCE_DISCARD":
            if len(view["zones"][f"hand:{foe}"]) >= 2:
                score = 5.0
        elif effect == "BOOST_NEXT_ATK":
            # before an attack of one's own this turn: the attacker's Prep window or a move decision
            if kind == "move" or (kind == "window" and pub["attacker"] == seat and pub["phase"] == "prep"):
                if any(o2.verb == "attack" for o2 in options) or kind == "window":
                    score = 7.0 if pub["boost_atk"][seat] == 0 else 0.0
        elif effect in ("REDUCE_PENDING_ATK", "BOOST_NEXT_DEF"):
            score = 0.0  # decided with the block (see _respond)
        if score > 0 and (best is None or score > best[0]):
            best = (score, card, o.id)
    return (best[1], best[2]) if best else None


def _respond(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """The response window (MA-4.5, section 6): stop the attack when a card can, soften a hit that hurts."""
    pub = view["public"]
    atk = pub["sequence"]["effective_atk"] or 0
    life = pub["life"][seat]
    def_mod = _event_mod(view, "DEF_MOD") + pub["boost_def"][seat]
    blocks: list[tuple[int, str, str]] = []  # (effective DEF, card, id)
    reduce_ids: list[tuple[int, str]] = []
    boost_ids: list[tuple[int, str]] = []
    take = "take"
    for o in options:
        if o.verb == "block":
            card = _CARDS[o.args[0]]
            assert isinstance(card, MoveCard) and card.dfn is not None
            blocks.append((max(0, card.dfn + def_mod), o.args[0], o.id))
        elif o.verb == "adrenaline":
            card = _CARDS[o.args[0]]
            assert isinstance(card, AdrCard)
            if card.effect == "REDUCE_PENDING_ATK":
                reduce_ids.append((card.n, o.id))
            elif card.effect == "BOOST_NEXT_DEF":
                boost_ids.append((card.n, o.id))
        elif o.verb == "take":
            take = o.id
    stoppers = [b for b in blocks if b[0] >= atk]
    if stoppers and atk > 0:  # MA-6.9: a full block ends the combo and earns a counterattack (MA-6.11)
        return min(stoppers, key=lambda b: (_block_cost(b[1]), b[0]))[2]
    best_def = max((b[0] for b in blocks), default=-1)
    # an ADR card that turns the best block into a full block, or takes the sting out of the hit
    for n, oid in sorted(reduce_ids, reverse=True):
        if best_def >= 0 and best_def >= atk - n:
            return oid
        if atk - n <= 0 or atk >= life:
            return oid
    for n, oid in sorted(boost_ids, reverse=True):
        if best_def >= 0 and best_def + n >= atk:
            return oid
    adr = _adr_choice(view, seat, options, "response")
    if adr is not None and adr[0].effect == "DIRECT_DAMAGE" and adr[0].n >= pub["life"][1 - seat]:
        return adr[1]  # MA-9.9: it ends the game before the hit lands
    if atk <= 0 or not blocks:
        if atk >= life and adr is not None:
            return adr[1]
        return take
    # MA-6.8: a partial block only softens the hit; worth a card when it saves much, or when life runs low
    soft = max(blocks, key=lambda b: (b[0] - 0.5 * _block_cost(b[1]), -b[0]))
    saved = min(soft[0], atk)
    if atk >= life or saved >= 3 or (atk >= life - 4 and saved >= 1):
        return soft[2]
    return take


def _move(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """The move decision (MA-4.4, section 5): the attack card that starts the best combo; keep blockers if possible."""
    pub = view["public"]
    hand = _hand(view, seat)
    atk_mod = _event_mod(view, "ATK_MOD") + pub["boost_atk"][seat]
    foe_life = pub["life"][1 - seat]
    adr = _adr_choice(view, seat, options, "move")
    if adr is not None and adr[0].effect in ("DIRECT_DAMAGE", "BOOST_NEXT_ATK", "GAIN_LIFE", "FORCE_DISCARD"):
        return adr[1]
    attacks = [o for o in options if o.verb == "attack"]
    if not attacks:
        return adr[1] if adr is not None else next(o.id for o in options if o.verb == "stop")
    # keep one card able to stop a strong attack when the hand holds few
    defenders = sum(1 for n in hand if isinstance(_CARDS[n], MoveCard) and _CARDS[n].dfn is not None)  # type: ignore[union-attr]
    best: tuple[float, str] | None = None
    for o in attacks:
        name = o.args[0]
        card = _CARDS[name]
        assert isinstance(card, MoveCard)
        value = _best_chain(name, hand, atk_mod)
        if (card.atk or 0) + atk_mod >= foe_life:
            value += 100.0  # lethal if it lands
        if card.dfn is not None:
            value -= 0.4 * card.dfn if defenders <= 2 else 0.2 * card.dfn
        if best is None or value > best[0]:
            best = (value, o.id)
    assert best is not None
    return best[1]


def _window(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """The Prep and Resolve windows (MA-4.6): useful ADR cards, then an Event not already in the slot, else pass."""
    adr = _adr_choice(view, seat, options, "window")
    if adr is not None:
        return adr[1]
    current = view["public"]["active_event"]
    for o in options:
        if o.verb == "event" and o.args[0] != current:
            return o.id
    return next(o.id for o in options if o.verb == "pass")


def _discard(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """A forced discard (MA-4.9): the card worth least in hand."""
    return min(options, key=lambda o: (_keep_value(o.args[0]), o.id)).id


def choose(turn: Any, rng: random.Random) -> str:
    """The heuristic's option id for ``turn`` (anything with ``seat``, ``decision`` and ``view``)."""
    return choose_by_kind(turn, rng, _RULES)


_RULES = {"response": _respond, "move": _move, "window": _window, "discard": _discard}


def _hand_strength(hand: list[Any]) -> float:
    """What a hand promises: ATK to strike with and cards to block with (an unseen card counts as an average one)."""
    total = 0.0
    for entry in hand:
        if entry is None:
            total += _AVERAGE_CARD
            continue
        card = _CARDS[entry[1]]
        if isinstance(card, MoveCard):
            total += 0.03 * (card.atk or 0) + (0.17 if card.dfn is not None else 0.0)
        elif isinstance(card, AdrCard):
            total += 0.1
    return total


_AVERAGE_CARD = 0.13
"""The worth of an unseen card in :func:`_hand_strength`, about that of the average card of the sample decks."""


def evaluate(turn_or_view: Any, seat: int) -> float:
    """``seat``'s estimated chance to win, in [0, 1], from its view: life, then what the hands promise, then ADR.

    Games swing hard (a combo can take half a life bar, and most games end on turn 2 or 3), so even a large lead in
    life is far from a sure win: the weights come from a logistic fit to positions of seeded heuristic games, shrunk
    towards an even chance where that predicted the outcomes better."""
    view = view_of(turn_or_view)
    done = outcome(view, seat)
    if done is not None:
        return done
    pub = view["public"]
    foe = 1 - seat
    life = pub["life"]
    zones = view["zones"]
    score = (
        0.13 * (life[seat] - life[foe])
        + _hand_strength(zones[f"hand:{seat}"])
        - _hand_strength(zones[f"hand:{foe}"])
        + 0.04 * (pub["adr"][seat] - pub["adr"][foe])
        + (0.2 if life[foe] <= 5 else 0.0)
        - (0.2 if life[seat] <= 5 else 0.0)
    )
    return logistic(0.6 * score)
