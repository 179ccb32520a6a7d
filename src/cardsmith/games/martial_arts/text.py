"""Martial Arts: the words (card lines, option labels, event lines, the summary of a view, the card table).

Presentation only: the rules modules never import this; the game class does.
"""

from __future__ import annotations

from typing import Any

from .cards import AdrCard, Card, CardSet, MoveCard
from .powers import MAX_LIFE, Clause, ModClause, TargetedClause


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


# ----- cards -----------------------------------------------------------------------------------------------------


def _attr(value: int | None) -> str:
    return "-" if value is None else str(value)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


_EFFECT_TEXT: dict[str, str] = {
    "GAIN_LIFE": f"gain {{n}} life (max {MAX_LIFE})",
    "DIRECT_DAMAGE": "the opponent loses {n} life (cannot be blocked)",
    "DRAW": "draw {cards}",
    "FORCE_DISCARD": "the opponent discards {cards} of their choice",
    "BOOST_NEXT_ATK": "your next attack card this turn gets +{n} ATK",
    "BOOST_NEXT_DEF": "your next block card this turn gets +{n} DEF",
    "REDUCE_PENDING_ATK": "the attack waiting on you gets -{n} ATK (only when answering an attack)",
}

_WHO: dict[str, str] = {"each": "each player", "attacker": "the attacker", "defender": "the defender"}


def describe_clause(clause: Clause) -> str:
    n = clause.n
    if isinstance(clause, ModClause):
        stat, role = ("ATK", "attack") if clause.kind == "ATK_MOD" else ("DEF", "block")
        return f"every {role} card gets {n:+d} {stat}"
    assert isinstance(clause, TargetedClause)
    who = _WHO[clause.target]
    if clause.kind == "TURN_START_DISCARD":
        return f"{who} discards {n} at the start of every turn"
    if clause.kind == "TURN_END_DISCARD":
        return f"{who} discards {n} at the end of every turn"
    return f"{who} draws {n} more in every Draw phase"


def describe_card(card: Card) -> str:
    """A one-line description for players."""
    if isinstance(card, MoveCard):
        return (
            f"{card.name} [Move, {card.style}] CPT {_attr(card.cpt)} ATK {_attr(card.atk)} "
            f"DEF {_attr(card.dfn)} LNK {_attr(card.lnk)}"
        )
    if isinstance(card, AdrCard):
        effect = _EFFECT_TEXT[card.effect].format(n=card.n, cards=_plural(card.n, "card"))
        return f"{card.name} [ADR {card.cost}] {card.effect} {card.n}: {effect}"
    return f"{card.name} [Event] " + "; ".join(describe_clause(clause) for clause in card.clauses)


def clause_text(clause: Clause) -> str:
    """A clause as the card table writes it: ``KIND n (target)``."""
    target = clause.target if isinstance(clause, TargetedClause) else None
    return f"{clause.kind} {clause.n}" + (f" ({target})" if target else "")


def card_rows(cards: CardSet) -> list[dict[str, Any]]:
    """The card list with stats, one dict per card (same keys in every row)."""
    rows = []
    for card in cards.cards.values():
        decks = [d.name for d in cards.decks.values() if card.name in d.cards]
        row: dict[str, Any] = {"name": card.name, "type": card.type, "style": card.style}
        if isinstance(card, MoveCard):
            row.update(cpt=card.cpt, atk=card.atk, dfn=card.dfn, lnk=card.lnk, cost=None, effect="")
        elif isinstance(card, AdrCard):
            row.update(
                cpt=None, atk=None, dfn=None, lnk=None, cost=card.cost, effect=f"{card.effect} {card.n}"
            )
        else:
            text = "; ".join(clause_text(c) for c in card.clauses)
            row.update(cpt=None, atk=None, dfn=None, lnk=None, cost=None, effect=text)
        row["decks"] = ", ".join(f"{d}×{cards.decks[d].cards.count(card.name)}" for d in decks)
        rows.append(row)
    return rows


# ----- events ------------------------------------------------------------------------------------------------------


def describe_move(event: dict[str, Any], labels: dict[str, str]) -> str | None:
    """A card moving, in words; None for the battle areas being cleared."""
    cause = event.get("cause")
    owner = event["from"].split(":")[1] if ":" in event["from"] else None
    player = seat_name(int(owner)) if owner is not None else "The game"
    name = event["name"] or "a card"
    lines = {
        "draw": f"{player} draws {name}.",
        "forced_discard": f"{player} discards {name}.",
        "event_replaced": f"{name} leaves the event slot.",
    }
    if cause in lines:
        return lines[cause]
    played = {
        "attack": "{player} attacks with {card}.",
        "block": "{player} blocks with {card}.",
        "adr": "{player} plays {card}.",
        "event": "{player} plays the event {card}.",
        "deal_event": "The event for this game is {card}.",
    }
    if cause in played:
        return played[cause].format(player=player, card=labels[name])
    return None


def describe_event(event: dict[str, Any], labels: dict[str, str]) -> str | None:
    """One line of words for an event (already redacted for the seat that reads it)."""
    t = event["t"]
    if t == "move":
        return describe_move(event, labels)
    if t == "end":
        if not event["winners"]:
            return f"The game is drawn ({event['reason']})."
        return f"{seat_name(event['winners'][0])} wins: {event['reason']}."
    if t == "turn":
        return f"Turn {event['turn']}: {seat_name(event['attacker'])} attacks."
    if t == "phase":
        return f"{event['phase'].capitalize()} phase."
    if t == "stop":
        return f"{seat_name(event['seat'])} {'makes no attack' if event['first'] else 'ends the combo'}."
    line = _SEAT_LINES.get(t)
    return None if line is None else seat_name(event["seat"]) + " " + line.format(**event)


_SEAT_LINES: dict[str, str] = {
    "start": "attacks first.",
    "unblocked": "takes the attack unblocked (ATK {atk}).",
    "blocked": "blocks completely (DEF {def} vs ATK {atk}) and may counter.",
    "partial_block": "blocks partly (DEF {def} vs ATK {atk}).",
    # "lost" is the damage dealt; life never goes below 0 and damage beyond that is ignored (MA-6.14).
    "life": "takes {lost} damage ({life} life left).",
    "adr_gain": "earns {n} ADR.",
    "counter_chance": "may counterattack.",
}


# ----- a seat's view -----------------------------------------------------------------------------------------------


def summarize(view: dict[str, Any], labels: dict[str, str]) -> list[str]:
    """Plain-text lines describing a seat's view (used by the terminal)."""
    pub = view["public"]
    lines = [f"Turn {view['turn']}, {pub['phase']} phase; {seat_name(pub['attacker'])} is attacking."]
    for s in (0, 1):
        flag = " [SUDDEN DEATH]" if pub["sudden_death"][s] else ""
        boosts = ""
        if pub["boost_atk"][s] or pub["boost_def"][s]:
            boosts = f", boosts ATK +{pub['boost_atk'][s]} DEF +{pub['boost_def'][s]}"
        lines.append(f"{seat_name(s)}: life {pub['life'][s]}, ADR {pub['adr'][s]}{boosts}{flag}")
    lines.append(f"Active event: {labels[pub['active_event']] if pub['active_event'] else 'none'}")
    seq = pub["sequence"]
    if seq is not None:
        text = f"{seat_name(seq['striker'])} is striking, {seq['successful_moves']} successful moves so far"
        if seq["waiting_attack"]:
            text += f"; waiting attack: {seq['waiting_attack']} (effective ATK {seq['effective_atk']})"
        lines.append(text)
    return lines
