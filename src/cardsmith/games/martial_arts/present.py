"""Martial Arts at the table: what a seat sees, in the game's own words (see :mod:`cardsmith.present`).

Presentation only, like ``text.py``: the rules never import it; ``MartialArts.presenter()`` does.
"""

from __future__ import annotations

from typing import Any

from cardsmith.core.decision import CHANCE, Option
from cardsmith.present import CardFace, Counter, Pile, Presenter, Region

from . import text
from .cards import AdrCard, MoveCard

_STATS = (("CPT", "cpt"), ("ATK", "atk"), ("DEF", "dfn"), ("LNK", "lnk"))

_GROUPS = {
    "event": "Play an Event",
    "adrenaline": "Play an ADR card",
    "attack": "Attack with",
    "block": "Block with",
    "take": "Take the hit",
    "stop": "Stop",
    "pass": "Pass",
    "discard": "Discard",
    "start": "Who attacks first",
}

_PHASES = {
    "setup": "Setup",
    "draw": "Draw phase",
    "prep": "Prep phase",
    "attack1": "Attack 1 phase",
    "attack2": "Attack 2 phase",
    "resolve": "Resolve phase",
    "end": "End phase",
}


_QUIET = {  # what another seat's choice of a verb that moves no card looks like
    "pass": "{who} passes.",
    "take": None,  # the events say it: "P1 takes the attack unblocked"
    "stop": None,  # "P2 ends the combo."
}


class MartialArtsPresenter(Presenter):
    """The Martial Arts table: life, ADR and boosts by each player, the event slot, the attack waiting."""

    def card_text(self, name: str) -> str:
        card = self.game.cards.cards.get(name)  # type: ignore[attr-defined]
        if card is None:
            return ""
        if isinstance(card, MoveCard):
            stats = [
                f"{word} {getattr(card, attr)}" for word, attr in _STATS if getattr(card, attr) is not None
            ]
            return f"Move, {card.style}: " + (" · ".join(stats) or "no stats")
        if isinstance(card, AdrCard):
            effect = text._EFFECT_TEXT[card.effect].format(n=card.n, cards=text._plural(card.n, "card"))
            return f"ADR card, costs {card.cost} ADR: {effect}"
        return "Event: " + "; ".join(text.describe_clause(c) for c in card.clauses)

    def card(self, name: str) -> CardFace | None:
        face = super().card(name)
        if face is None:
            return None
        flavour = self.game.cards.cards[face.name].text  # type: ignore[attr-defined]
        return CardFace(face.name, face.text + (f". {flavour}" if flavour else ""), face.stats)

    def headline(self, view: dict[str, Any]) -> str:
        pub = view["public"]
        attacker = self.seat_name(pub["attacker"])
        return f"Turn {view['turn']} · {_PHASES.get(pub['phase'], pub['phase'])} · {attacker} attacks"

    def _seat_counters(self, pub: dict[str, Any], seat: int) -> tuple[Counter, ...]:
        out = [Counter("life", str(pub["life"][seat])), Counter("ADR", str(pub["adr"][seat]))]
        if pub["boost_atk"][seat]:
            out.append(Counter("next attack", f"+{pub['boost_atk'][seat]} ATK"))
        if pub["boost_def"][seat]:
            out.append(Counter("next block", f"+{pub['boost_def'][seat]} DEF"))
        if pub["sudden_death"][seat]:
            out.append(Counter("SUDDEN DEATH", "yes"))
        if pub["attacker"] == seat:
            out.append(Counter("role", "attacker"))
        return tuple(out)

    def _battle(self, pile: Pile, pub: dict[str, Any], seat: int) -> Pile:
        seq = pub["sequence"]
        if not pile.cards or seq is None or seq["striker"] != seat or not seq["waiting_attack"]:
            return pile
        top = pile.cards[-1]
        if top.name != seq["waiting_attack"]:
            return pile
        waiting = CardFace(top.name, top.text, (f"attacking, effective ATK {seq['effective_atk']}",))
        return Pile(pile.title, (*pile.cards[:-1], waiting), pile.hidden, pile.counted)

    def regions(self, view: dict[str, Any]) -> tuple[Region, ...]:
        pub = view["public"]
        viewer = view["seat"]
        piles = self.piles(view)
        order = [1, 0] if viewer != 1 else [0, 1]
        out = []
        for seat in order:
            own = [self._battle(p, pub, seat) if p.title == "Battle area" else p for p in piles[seat]]
            own.sort(key=lambda p: ("Hand", "Battle area", "Discard", "Deck").index(p.title))
            out.append(
                Region(
                    self.seat_title(seat, viewer),
                    seat,
                    seat == viewer,
                    self._seat_counters(pub, seat),
                    tuple(own),
                )
            )
        notes = []
        seq = pub["sequence"]
        if seq is not None:
            striker = self.seat_name(seq["striker"])
            note = f"{striker} is making a combo: {seq['successful_moves']} successful moves so far"
            if seq["waiting_attack"]:
                note += (
                    f"; {seq['waiting_attack']} waits to be answered (effective ATK {seq['effective_atk']})"
                )
            notes.append(note)
        event = pub["active_event"]
        shared = [p for p in piles[None] if p.size and p.title != "The active event"]
        counters = (Counter("active event", f"{event} ({self.card_text(event)})" if event else "none"),)
        table = Region("Table", None, False, counters, tuple(shared), tuple(notes))
        return (out[0], table, out[1])

    def group_title(self, verb: str) -> str:
        return _GROUPS.get(verb, super().group_title(verb))

    def choice_label(self, option: Option, view: dict[str, Any]) -> str:
        if option.args and option.verb != "start":
            return self.verb_and_object(option.verb, str(option.args[0]))  # its text is shown beside it
        return super().choice_label(option, view)

    def choice_line(self, pending: dict[str, Any], option_id: str, view: dict[str, Any]) -> str | None:
        seat = pending["seat"]
        if seat == CHANCE or seat == view["seat"]:
            return super().choice_line(pending, option_id, view)
        # Every choice in Martial Arts is made in the open: a card played is named by the events that follow it,
        # and a choice that moves no card is told here.
        verb = self.game.parse_action(option_id).verb
        line = _QUIET.get(verb)
        return line.format(who=self.seat_name(seat)) if line else None
