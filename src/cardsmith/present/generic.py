"""The presenter every game gets for free, from its declarations: zone kinds (their descriptions), verbs (their help
texts), the card table (``Game.card_rows``) and the game's own words for events (``Game.describe_event``).

A game with its own presenter (``games/<id>/present.py``, returned by ``Game.presenter()``) derives from
:class:`Presenter` and overrides the parts it words better. A presenter reads a seat's view and its pending decision
only, never the state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

from ..core.actions import CardArg, SeatArg
from ..core.decision import CHANCE, Decision, Option
from ..core.game import Game
from ..core.view import redact_event
from ..core.zones import NONE, zone_kind
from .keys import option_key
from .model import CardFace, Choice, ChoiceGroup, Counter, Pile, Question, Region, Table

_RULE_IDS = re.compile(r"\s*\((?:[A-Z]+-[\d.]+[a-z]?(?:,\s*|\s+[a-z]\)?)?)+\)")
_NAME_KEYS = ("name", "title", "card")
_SKIP_KEYS = {"name", "title", "card", "decks", "key"}
_TEXT_KEYS = ("text", "effect", "effects", "power")


ACTIONS = frozenset(
    "accept aim allow attack bet bid block break burn buy call charm check choose come counter deal decline declare "
    "discard do done draw duel end fight finish fold go "
    "follow force give hide join keep lay let move name neutralize pass pay pick place play power put raise refuse "
    "reflect remove replay restore return reveal roll run scavenge scrap select set show shuffle skip split start "
    "stay step stop swap take trade trigger tunnel turn upgrade use wait".split()
)
"""The action words an option's label may name its verb by (a word ending in ``s`` counts too: *comes along*)."""
PREPOSITIONS = frozenset({"with", "at", "on", "to", "for", "from", "onto", "into"})
_WORD = re.compile(r"[A-Za-z]+")


def names_an_action(label: str) -> bool:
    """Whether ``label`` holds an action word (see :data:`ACTIONS`)."""
    return any(w in ACTIONS or w[:-1] in ACTIONS for w in (m.lower() for m in _WORD.findall(label)))


def words(name: str) -> str:
    """An identifier in words: ``event_slot`` -> ``event slot``."""
    return name.replace("_", " ").strip()


def capital(text: str) -> str:
    """``text`` with its first letter upper case."""
    return text[:1].upper() + text[1:]


def without_rule_ids(text: str) -> str:
    """Help text without its rule references: ``take the hit (MA-6.7)`` -> ``take the hit``."""
    return _RULE_IDS.sub("", text).strip()


def scalar(value: Any) -> bool:
    """Whether ``value`` reads as one short word or number."""
    return isinstance(value, str | int | float | bool) or value is None


class Presenter:
    """Builds the :class:`~cardsmith.present.model.Table` a seat sees, for any game."""

    seating = ""
    """How the players' areas are laid out (see :attr:`Table.seating`)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    # ----- names -------------------------------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """How a seat is called."""
        return self.game.seat_name(seat)

    def whose(self, seat: int | None, viewer: int | None) -> str:
        """``your`` for the viewer's own things, ``P2's`` for another seat's."""
        if seat is None:
            return "the"
        return "your" if seat == viewer else f"{self.seat_name(seat)}'s"

    def seat_title(self, seat: int, viewer: int | None) -> str:
        """A player's area title: ``You (P1)`` or ``P2``."""
        name = self.seat_name(seat)
        return f"You ({name})" if seat == viewer else name

    def pile_title(self, zone: str, view: dict[str, Any]) -> str:
        """A zone under a player-facing name (without whose it is): its kind's title or description, or its kind in words;
        the extra parts of a zone name (a place, a card it belongs to) in words."""
        kind = self.game.visibility.zone_kinds[zone_kind(zone)]
        title = kind.title or capital(kind.description or words(zone_kind(zone)))
        parts = zone.split(":")[1:]
        if kind.owned and parts:
            parts = parts[1:]
        if parts:
            named = [self._card_named(view, p) for p in parts]
            title += " (" + ", ".join(named) + ")"
        return title

    def zone_words(self, zone: str, view: dict[str, Any]) -> str:
        """A zone in a sentence: ``your hand``, ``P2's discard pile``, ``the event slot``."""
        owner = self.game.visibility.zone_info(zone)[1]
        title = self.pile_title(zone, view)
        title = title[:1].lower() + title[1:] if not title[1:2].isupper() else title
        if owner is None:
            return title if title.startswith(("the ", "a ", "an ")) else f"the {title}"
        return f"{self.whose(owner, view['seat'])} {title}"

    @staticmethod
    def _card_named(view: dict[str, Any], part: str) -> str:
        if part.isdigit():
            wanted = int(part)
            for entries in view["zones"].values():
                for entry in entries:
                    if entry is not None and entry[0] == wanted:
                        return str(entry[1])
        return words(part)

    # ----- cards -------------------------------------------------------------------------------------------------

    @cached_property
    def _rows(self) -> dict[str, dict[str, Any]]:
        """The card table's rows by card name; a row naming several cards (``3♥, 3♠``) stands for each."""
        rows: dict[str, dict[str, Any]] = {}
        for row in self.game.card_rows():
            for key in _NAME_KEYS:
                if isinstance(row.get(key), str):
                    rows.setdefault(row[key], row)
                    for part in row[key].split(", "):
                        rows.setdefault(part, row)
        return rows

    def _row(self, name: str) -> dict[str, Any] | None:
        """The row of a card: by its name, else the longest row name it starts with as a word (``5`` for ``5♦``),
        else a row that gives it as another name in brackets (``1 of Black (Joker)``)."""
        rows = self._rows
        row = rows.get(name)
        if row is not None:
            return row
        starts = [n for n in rows if n and name.startswith(n) and not name[len(n) : len(n) + 1].isalnum()]
        if starts:
            return rows[max(starts, key=len)]
        aliased = [n for n in rows if f"({name})" in n]  # "1 of Black (Joker)"
        return rows[aliased[0]] if aliased else None

    def card_text(self, name: str) -> str:
        """The text of a card: from the game's card table row, its rule text (a ``text``, ``effect`` or ``power``
        column) with its cost where it has one, else every column in words (empty when the game lists no cards)."""
        row = self._row(name)
        if row is None:
            return ""
        ruled = [str(row[k]) for k in _TEXT_KEYS if row.get(k) not in (None, "", "-")]
        if ruled:
            cost = row.get("cost")
            return ("" if cost in (None, "", "-") else f"cost {cost}; ") + "; ".join(ruled)
        parts = [
            f"{words(k)} {v}" for k, v in row.items() if k not in _SKIP_KEYS and v not in (None, "", "-")
        ]
        return "; ".join(parts)

    def card_face(self, name: str, view: dict[str, Any] | None = None, mark: str | None = None) -> CardFace:
        """A card as shown: its name, text and, from the view, its current stats (here: its mark)."""
        return CardFace(name, self.card_text(name), (words(mark),) if mark else ())

    def card(self, name: str) -> CardFace | None:
        """The card called ``name`` (any case), for ``card NAME``; None when the game has none by that name."""
        names = {n.lower(): n for n in self.game.card_names()}
        found = names.get(name.strip().lower())
        if found is None:
            close = [n for low, n in names.items() if low.startswith(name.strip().lower())]
            if len(close) != 1:
                return None
            found = close[0]
        return self.card_face(found)

    # ----- the areas ---------------------------------------------------------------------------------------------

    def pile(self, zone: str, entries: list[Any], view: dict[str, Any]) -> Pile:
        """One zone as a pile: visible cards by face, the others counted."""
        cards: list[CardFace] = []
        hidden = 0
        for entry in entries:
            if entry is None or entry[0] is None:
                hidden += 1
            else:
                cards.append(self.card_face(str(entry[1]), view, entry[2] if len(entry) > 2 else None))
        counted = self.game.visibility.zone_kinds[zone_kind(zone)].visibility == NONE
        return Pile(self.pile_title(zone, view), tuple(cards), hidden, counted)

    def piles(self, view: dict[str, Any]) -> dict[int | None, list[Pile]]:
        """Every zone as a pile, by the seat that owns it (None: shared). Zones of one kind that belong to places or
        cards (``it:64``, ``pc:105``) are one pile of that kind."""
        out: dict[int | None, list[Pile]] = {None: []}
        out.update({s: [] for s in range(view["players"])})
        merged: dict[tuple[int | None, str], list[Pile]] = {}
        for zone, entries in view["zones"].items():
            owner = self.game.visibility.zone_info(zone)[1]
            kind = self.game.visibility.zone_kinds[zone_kind(zone)]
            if len(zone.split(":")) > (2 if kind.owned else 1):
                merged.setdefault((owner, zone_kind(zone)), []).append(self.pile(zone, entries, view))
                continue
            out.setdefault(owner, []).append(self.pile(zone, entries, view))
        for (owner, kind_name), parts in merged.items():
            kind = self.game.visibility.zone_kinds[kind_name]
            title = (kind.title or capital(kind.description or words(kind_name))) + f" ({len(parts)} places)"
            cards = tuple(c for p in parts for c in p.cards)
            out.setdefault(owner, []).append(
                Pile(title, cards, sum(p.hidden for p in parts), parts[0].counted)
            )
        return out

    def counters(self, view: dict[str, Any], public: bool = True) -> dict[int | None, list[Counter]]:
        """Counters by seat (None: the table) from the view's public (unless ``public`` is false) and private data:
        single values, and lists with one value per seat."""
        players = view["players"]
        out: dict[int | None, list[Counter]] = {None: []}
        out.update({s: [] for s in range(players)})
        for key, value in sorted(view["public"].items()) if public else ():
            if scalar(value) and value is not None:
                out[None].append(Counter(words(key), str(value)))
            elif isinstance(value, list) and len(value) == players and all(map(scalar, value)):
                for seat, v in enumerate(value):
                    out[seat].append(Counter(words(key), str(v)))
        if view["seat"] is not None:
            for key, value in sorted(view["private"].items()):
                if scalar(value) and value is not None:
                    out[view["seat"]].append(Counter(words(key), str(value)))
                elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                    out[view["seat"]].append(Counter(words(key), ", ".join(value) or "none"))
        return out

    def notes(self, view: dict[str, Any]) -> dict[int | None, list[str]]:
        """Lines of words by seat (None: the table): the game's own summary of the view, shared."""
        return {None: [self.scrub(line, view) for line in self.game.summarize(view)]}

    def headline(self, view: dict[str, Any]) -> str:
        """The line above the table: the turn, and the phase where the view names one."""
        parts = [f"Turn {view['turn']}"]
        phase = view["public"].get("phase")
        if isinstance(phase, str):
            parts.append(f"{capital(words(phase))} phase")
        return " · ".join(parts)

    def regions(self, view: dict[str, Any]) -> tuple[Region, ...]:
        """The table's areas: the other players in seat order after the viewer, the shared area, the viewer's own."""
        seat = view["seat"]
        piles = self.piles(view)
        notes = self.notes(view)
        counters = self.counters(view, public=not notes.get(None))
        players = view["players"]
        order = list(range(players))
        if seat is not None:
            order = [(seat + k) % players for k in range(1, players)] + [seat]
        regions = [
            Region(
                self.seat_title(s, seat),
                s,
                s == seat,
                tuple(counters.get(s, ())),
                tuple(piles.get(s, ())),
                tuple(notes.get(s, ())),
            )
            for s in order
        ]
        shared = Region(
            "Table",
            None,
            False,
            tuple(counters[None]),
            tuple(piles[None]),
            tuple(notes.get(None, ())),
        )
        regions.insert(len(regions) - 1 if seat is not None else len(regions), shared)
        return tuple(regions)

    # ----- the question ------------------------------------------------------------------------------------------

    def group_title(self, verb: str) -> str:
        """A verb's group heading."""
        return capital(words(verb))

    def verb_help(self, verb: str) -> str:
        """A verb's help text, without rule ids."""
        declared = self.game.verb_table.by_name.get(verb) if self.game.verbs else None
        return without_rule_ids(declared.help) if declared is not None else ""

    def target_words(self, verb: str, value: Any, view: dict[str, Any]) -> str:
        """The target argument of a two-argument option in words."""
        declared = self.game.verb_table.by_name[verb]
        arg = declared.args[1]
        if isinstance(arg, SeatArg):
            return self.seat_name(int(value))
        if isinstance(arg, CardArg):
            return str(value)
        return f"{words(arg.name)} {value}"

    def choice_label(self, option: Option, view: dict[str, Any]) -> str:
        """An option's words: the game's label, with any zone id in it put into words, and led by its verb's group
        title where the label names no action (``Hot Springs Inn (3,0)`` under *Step to*)."""
        label = self.scrub(option.label, view)
        if option.verb and not names_an_action(label):
            return self.verb_and_object(option.verb, label)
        return label

    def verb_and_object(self, verb: str, obj: str) -> str:
        """An option's words from its verb's group title and its object: ``Attack with Tiger Paw Jab``,
        ``Discard for the hand limit: Oak-Arm Guard``."""
        title = self.group_title(verb)
        return f"{title} {obj}" if title.rsplit(" ", 1)[-1].lower() in PREPOSITIONS else f"{title}: {obj}"

    def choice_cards(self, option: Option, view: dict[str, Any]) -> tuple[CardFace, ...]:
        """The cards an option names (by name, or by a card id in the view), with their text."""
        if not option.verb or option.verb not in self.game.verb_table.by_name:
            return ()
        declared = self.game.verb_table.by_name[option.verb]
        out = []
        for arg, value in zip(declared.args, option.args, strict=False):
            if isinstance(arg, CardArg):
                out.append(self.card_face(str(value), view))
        return tuple(face for face in out if face.text)

    def question(self, view: dict[str, Any], decision: Decision) -> Question:
        """The pending decision of the viewer, its options grouped by verb (and by target for two arguments)."""
        groups: dict[tuple[str, str], list[Choice]] = {}
        verbs = self.game.verb_table.by_name
        for option in decision.options:
            target = ""
            if len(option.args) == 2:
                target = self.target_words(option.verb, option.args[1], view)
            declared = verbs.get(option.verb)
            choice = Choice(
                option_key(self.game, option.id),
                option.id,
                self.choice_label(option, view),
                self.choice_cards(option, view),
                declared is not None and declared.discards,
            )
            groups.setdefault((option.verb or option.id, target), []).append(choice)
        out = tuple(
            ChoiceGroup(verb, self.group_title(verb), self.verb_help(verb), target, tuple(choices))
            for (verb, target), choices in groups.items()
        )
        prompt = self.scrub(decision.prompt, view)
        return Question(
            decision.seat, self.seat_name(decision.seat), prompt, out, self.shortcuts(view, decision)
        )

    def knocked_out(self, view: dict[str, Any]) -> frozenset[int]:
        """The seats out of the game for good (they will not decide again), as the view shows them; none unless a
        game's presenter says."""
        return frozenset()

    def shortcuts(self, view: dict[str, Any], decision: Decision) -> tuple[Choice, ...]:
        """What the viewer may do in one step that the rules ask as several decisions (see
        :attr:`Question.shortcuts`); none unless a game's presenter says."""
        return ()

    # ----- events ------------------------------------------------------------------------------------------------

    def scrub(self, text: str, view: dict[str, Any]) -> str:
        """``text`` with every engine zone name in it (``hand:1``, ``it:64``) put into words."""
        if ":" not in text:
            return text
        names = [z for z in view["zones"] if ":" in z and z in text]
        for zone in sorted(names, key=len, reverse=True):
            text = re.sub(rf"(?<![\w:]){re.escape(zone)}(?![\w:])", self.zone_words(zone, view), text)
        return text

    def event_line(self, event: dict[str, Any], view: dict[str, Any]) -> str | None:
        """One event (already redacted for the viewer) in words, or None to leave it out."""
        game = self.game
        if event["t"] == "move" and type(game).describe_event is Game.describe_event:
            card = event.get("name") or "a card"
            return f"{card} moves from {self.zone_words(event['from'], view)} to {self.zone_words(event['to'], view)}"
        text = game.describe_event(event, view["seat"])
        return self.scrub(text, view) if text else None

    def event_lines(self, events: Iterable[dict[str, Any]], view: dict[str, Any]) -> list[str]:
        """The events the viewer may know of, in words, a line repeated at once counted (``(x7)``)."""
        out: list[str] = []
        repeats: list[int] = []
        for event in events:
            seen = redact_event(event, view["seat"])
            text = self.event_line(seen, view) if seen is not None else None
            if not text:
                continue
            if out and out[-1] == text:
                repeats[-1] += 1
            else:
                out.append(text)
                repeats.append(1)
        return [text if n == 1 else f"{text} (x{n})" for text, n in zip(out, repeats, strict=True)]

    def choice_line(self, pending: dict[str, Any], option_id: str, view: dict[str, Any]) -> str | None:
        """The line that heads a decision taken, as the viewer may know it (None: the events say it all)."""
        seat = pending["seat"]
        if seat == CHANCE:
            return f"Chance: {pending['prompt']}"
        if seat == view["seat"]:
            label = next((o[1] for o in pending["options"] if o[0] == option_id), option_id)
            return f"You chose: {self.scrub(label, view)}"
        prompt = pending["shown_as"][1] if pending.get("shown_as") else pending["prompt"]
        return f"{self.seat_name(seat)} decided ({self.scrub(prompt, view)})"

    def step_lines(
        self, pending: dict[str, Any], option_id: str, events: Sequence[dict[str, Any]], view: dict[str, Any]
    ) -> list[str]:
        """A decision taken and what the viewer saw follow from it."""
        head = self.choice_line(pending, option_id, view)
        lines = self.event_lines(events, view)
        if head is None:
            if lines:
                return lines
            head = Presenter.choice_line(self, pending, option_id, view)
            assert head is not None
        return [head, *(f"  {line}" for line in lines)]

    def result_text(self, result: dict[str, Any] | None) -> str:
        """The result in words, or empty while the game goes on."""
        if not result:
            return ""
        if result["draw"]:
            return f"Draw ({result['reason']})"
        if not result["winners"]:
            return f"Nobody wins ({result['reason']})"
        names = " and ".join(self.seat_name(s) for s in result["winners"])
        return f"{names} {'wins' if len(result['winners']) == 1 else 'win'} ({result['reason']})"

    def result_line(self, result: dict[str, Any] | None) -> str:
        """The line that ends a game told in words (``Result: P1 wins (highest total)``), also for a game stopped
        before its end (None)."""
        return f"Result: {self.result_text(result) or 'none (the game was stopped before its end)'}"

    # ----- the whole table ---------------------------------------------------------------------------------------

    def table(self, view: dict[str, Any], decision: Decision | None, log: Sequence[str] = ()) -> Table:
        """The table ``view``'s seat sees, with ``decision`` its pending decision (None: another seat decides)
        and ``log`` what happened lately in words (default: the view's last events)."""
        seat = view["seat"]
        pending = view["pending"]
        question = None
        waiting = ""
        if decision is not None and seat is not None and decision.seat == seat:
            question = self.question(view, decision)
        elif pending is not None and pending["seat"] != CHANCE:
            waiting = f"{self.seat_name(pending['seat'])}: {self.scrub(pending['prompt'], view)}"
        lines = tuple(log) if log else tuple(self.event_lines(view["events"], view))
        return Table(
            game=self.game.id,
            title=self.game.name,
            seat=seat,
            seat_name=self.seat_name(seat) if seat is not None else "spectator",
            headline=self.headline(view),
            regions=self.regions(view),
            log=lines,
            question=question,
            waiting_for=waiting,
            result=self.result_text(view["result"]),
            seating=self.seating,
        )
