"""Dragon Ball Z at the table: what a seat sees, in the game's own words (see :mod:`cardsmith.present`).

Presentation only, like ``text.py``: the rules never import it; ``DragonBallZ.presenter()`` does.
"""

from __future__ import annotations

from typing import Any

from cardsmith.core.decision import CHANCE, Option
from cardsmith.present import CardFace, Counter, Pile, Presenter, Region

from .text import PHASE_WORDS, describe_card

_ORDER = ("Hand", "Played", "Drills", "Discard", "Life deck", "Level cards")

_GROUPS = {
    "first_player": "Who takes the first turn",
    "show_and_shuffle": "Show it and shuffle it into your life deck",
    "discard_unshown": "Discard it without showing it",
    "keep_in_hand": "Keep it in hand",
    "play": "Play a card",
    "use_power": "Use a drill's power",
    "destroy_drill": "Discard a drill",
    "keep_colour": "Keep the drills of one colour",
    "done": "End Step 2",
    "declare_combat": "Declare combat",
    "no_combat": "No combat this turn",
    "attack": "Attack with",
    "combat_action": "Play a combat action",
    "drill_attack": "Attack with a drill's power",
    "final_physical_attack": "Final Physical Attack, discarding",
    "pass": "Pass",
    "block": "Block with",
    "drill_stop": "Stop the attack with a drill's power",
    "take": "Take the attack",
    "discard": "Discard for the hand limit",
}

_QUIET = {  # another seat's choice that its events do not tell
    "done": "{who} is done with Step 2.",
    "no_combat": "{who} declares no combat.",
    "take": "{who} takes the attack with no defence.",
}


class DragonBallZPresenter(Presenter):
    """The DBZ table: each Main Personality's level, power stage, anger and drills; the combat in progress."""

    def card_text(self, name: str) -> str:
        cards = self.game.cards  # type: ignore[attr-defined]
        level = cards.level_titles.get(name)
        if level is not None:
            mp, number = level
            card = cards.mps[mp].levels[number - 1]
            return f"{mp}'s level {number}: PUR {card.pur}; power {', '.join(map(str, card.power[1:]))}"
        card = cards.cards.get(name)
        if card is None:
            return ""
        return describe_card(card).removeprefix(name).strip()

    def headline(self, view: dict[str, Any]) -> str:
        pub = view["public"]
        return f"Turn {view['turn']} · {self.seat_name(pub['active'])} active · {PHASE_WORDS[pub['phase']]}"

    @staticmethod
    def _counters(p: dict[str, Any]) -> tuple[Counter, ...]:
        return (
            Counter("MP", f"{p['mp']} level {p['level']}/{p['levels']}"),
            Counter("stage", f"{p['stage']}/10"),
            Counter("power", f"{p['power']} (PAT row {p['pat_row']})"),
            Counter("PUR", str(p["pur"])),
            Counter("anger", f"{p['anger']}/5"),
        )

    def _drills(self, pile: Pile, p: dict[str, Any]) -> Pile:
        info = {d["title"]: d for d in p["drills"]}
        faces = []
        for card in pile.cards:
            d = info.get(card.name)
            stats = (d["colour"] or d["kind"], *(("used",) if d["used"] else ())) if d else ()
            faces.append(CardFace(card.name, card.text, stats))
        return Pile(pile.title, tuple(faces), pile.hidden, pile.counted)

    def _seat(self, seat: int, view: dict[str, Any], piles: list[Pile]) -> Region:
        p = view["public"]["seats"][seat]
        shown = []
        for pile in piles:
            if pile.title == "Level cards":
                continue
            shown.append(self._drills(pile, p) if pile.title == "Drills" else pile)
        shown.sort(key=lambda pile: _ORDER.index(pile.title) if pile.title in _ORDER else len(_ORDER))
        colours = ", ".join(p["colours"]) or "none"
        notes = (f"Drill colours in play: {colours} (allowed: {p['allowance']})",)
        you = seat == view["seat"]
        return Region(self.seat_title(seat, view["seat"]), seat, you, self._counters(p), tuple(shown), notes)

    def _combat(self, view: dict[str, Any]) -> list[str]:
        cb = view["public"]["combat"]
        if cb is None:
            return []
        atk = cb["attack"]
        if atk is None:
            return [
                f"Combat: {self.seat_name(cb['attacker'])} attacking; {self.seat_name(cb['to_act'])} to act "
                f"(passes in a row: {cb['passes']})"
            ]
        if atk["kind"] == "energy":
            size = f"{atk['damage']} life cards, paid {atk['cost']} stages"
        else:
            size = f"bonus +{atk['bonus']} stages" if atk["bonus"] else "no bonus"
        return [
            f"Combat: {self.seat_name(atk['by'])}'s {atk['kind']} attack {atk['title']} ({size}) "
            f"awaits {self.seat_name(1 - atk['by'])}'s response"
        ]

    def regions(self, view: dict[str, Any]) -> tuple[Region, ...]:
        piles = self.piles(view)
        viewer = view["seat"]
        order = [1, 0] if viewer != 1 else [0, 1]
        seats = [self._seat(s, view, piles[s]) for s in order]
        notes = self._combat(view)
        clashing = view["private"].get("clashing")
        if clashing:
            notes.append(f"Your drawn drills that clash with the colour lock: {', '.join(clashing)}")
        table = Region("Table", None, False, (), tuple(p for p in piles[None] if p.size), tuple(notes))
        return (seats[0], table, seats[1])

    def group_title(self, verb: str) -> str:
        return _GROUPS.get(verb, super().group_title(verb))

    def choice_label(self, option: Option, view: dict[str, Any]) -> str:
        if option.args and isinstance(option.args[0], str) and option.args[0] in self.game.card_names():
            return self.verb_and_object(option.verb, option.args[0])  # its text is shown beside it
        return super().choice_label(option, view)

    def choice_cards(self, option: Option, view: dict[str, Any]) -> tuple[CardFace, ...]:
        faces = super().choice_cards(option, view)
        if faces or not option.args or not isinstance(option.args[0], int):
            return faces
        for entries in view["zones"].values():  # a drill in play, named by its card id
            for entry in entries:
                if entry is not None and entry[0] == option.args[0]:
                    return (CardFace(str(entry[1]), self.card_text(str(entry[1]))),)
        return ()

    def event_line(self, event: dict[str, Any], view: dict[str, Any]) -> str | None:
        if event["t"] == "attack":  # "an energy attack", with the article English wants
            kind = "a physical" if event["kind"] == "p" else "an energy"
            return f"{self.seat_name(event['seat'])} makes {kind} attack: {event['name']}."
        return super().event_line(event, view)

    def choice_line(self, pending: dict[str, Any], option_id: str, view: dict[str, Any]) -> str | None:
        seat = pending["seat"]
        if seat == CHANCE or seat == view["seat"]:
            return super().choice_line(pending, option_id, view)
        action = self.game.parse_action(option_id)
        who = self.seat_name(seat)
        if action.verb == "keep_colour":
            label = next((o[1] for o in pending["options"] if o[0] == option_id), "")
            return label.replace("Keep your ", f"{who} keeps their ") + "."
        line = _QUIET.get(action.verb)
        return line.format(who=who) if line else None
