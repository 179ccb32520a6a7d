"""Ani-Mayhem (game id ``ani-mayhem``): the Game class, options, zones, scenarios, views and words.

The rules themselves live in mixins organised by the rules document: :mod:`.base` (sections 1 and 10: attributes,
durations, Items, bonks), :mod:`.field` (sections 4 to 6: the Field, Disasters, Character movement),
:mod:`.combat` (sections 8 and 9) and :mod:`.flow` (sections 2, 3, 7, 10 and 12: setup, phases, Scavenging,
Flash windows, the end).

The flow frames are on ``state["flow"]`` (the core step engine, :mod:`.engine`; see each module's docstring).
The game-specific state ``state["g"]`` holds::

    phase    "setup" | "play" | one of the six phases | "end"
    first, act           first player (AM-2.18) and active player
    ts, tc               turns started and completed by each seat (AM-1.29)
    rnd, rt              rounds of turns completed, turns taken in the current round (AM-12.7, AM-13.4)
    ps, rs, n            phase serial, combat-round serial, stamp counter (AM-5.5, AM-10.11)
    xy, adj, hv, dead    cell of each placed card, its neighbours, Haven owners, destroyed Locations
    order                the reading order of the Locations per table orientation (AM-4.3, AM-13.1)
    mine                 each seat's Characters in play, in card-id order
    cp, ch               each Character in play: where it is (zone ``pc:<place>``), and its record (moves, Scavenges, fights, charm,
                         lasting modifiers and skills, costed cards in use)
    dp, dr               each Disaster on the Field (all in zone ``dz``): its Location, and its record (arrival
                         stamp, move-once state, freshly drawn, ignored and barred Characters, modifiers, done for
                         this phase)
    nf                   the turn in which no hand held a Flash Effect any more (windows need not be opened)
    st                   attachment stamps of Equipment, Enhancements, Globals and Items (AM-10.11)
    off                  Off the Field Disasters and when their text runs out (AM-5.27)
    bk                   the owner's turn count when each bonked Character was bonked (AM-6.23)
    T, free, lost        Items in the game, Items still loose, Items destroyed (the deck's tally) (AM-12.x)
    ic, dc, snap         Item-change and Disaster-change counters and the round snapshot (AM-12.7)
    rp, prot, forced     ran-away pairs (AM-8.22), charm protections (AM-9.10), forced actions (AM-9.11)
    lim                  use-limit counters (AM-10.9)

Public data (``public_view``) leaves out whatever depends on Items carried by Characters, which only their owner
knows (AM-1.26); the owner's ``private_view`` has the full values.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

from ...core import rng
from ...core.errors import ScenarioError
from ...core.options import OptionSpec
from ...core.state import State
from ...core.zones import ALL, NONE, OWNER, Visibility, ZoneKind
from .actions import VERBS, card_block, deck_ids
from .cards import ATTRS, CardSet, describe_card, sample_card_set, validate_deck
from .engine import DUEL, FLOW, PHYSICAL
from .flow import PHASES, FlowRules

CARDS: CardSet = sample_card_set()


class AniMayhem(FlowRules):
    """Ani-Mayhem: 1 to 6 players scavenge Items from a shared Field of Locations while Disasters roam it."""

    id = "ani-mayhem"
    name = "Ani-Mayhem"
    summary = (
        "Lay a Field of Locations, send anime Characters out to Scavenge its Items, and beat the Disasters."
    )
    min_players = 1  # AM-1.2
    max_players = 6
    # 2: typed options (verbs with arguments; cards created in blocks by kind). 3: whether a seat is asked in a Flash
    # window no longer turns on whether it can pay for a costed card (AM-10.21); Item tallies and where a found card
    # goes are counted from the piles, not from the face-down cards (AM-1.25, AM-7.11, AM-12.1).
    rules_version = "3"
    verbs = VERBS
    flow = FLOW
    playout_options = {"round_limit": 4}
    option_specs = (
        OptionSpec(
            "disaster_orientation",
            "choice",
            "table",
            "AM-13.1: 'table' (one Disaster path for all) or 'seat' (each Disaster reads the Field from its "
            "owner's side)",
            choices=("table", "seat"),
        ),
        OptionSpec(
            "haven_permission",
            "bool",
            False,
            "AM-13.2: Characters may cross a rival's Haven if its owner agrees",
        ),
        OptionSpec(
            "quick_end", "bool", False, "AM-13.3: end as soon as more than half of the Items are decided"
        ),
        OptionSpec(
            "round_limit", "int", 100, "AM-13.4: end after this many rounds of turns (0: no limit)", minimum=0
        ),
        OptionSpec(
            "extra_havens", "bool", False, "AM-13.5: decks may bring extra Havens, placed in the Equip phase"
        ),
        OptionSpec("character_combat", "bool", True, "AM-13.6: Characters may fight each other (duels)"),
        OptionSpec(
            "first_turn_full", "bool", False, "AM-13.7: the first player's first turn has all six phases"
        ),
        OptionSpec(
            "decks",
            "str",
            "",
            "Comma-separated sample deck ids, one per seat (default: the sample decks for the player count)",
        ),
    )
    # AM-1.19, AM-1.25, AM-1.26: who sees what.
    visibility = Visibility(
        {
            "draw": ZoneKind(NONE, description="Draw pile"),
            "hand": ZoneKind(OWNER, description="hand"),
            "discard": ZoneKind(ALL, description="Discard pile"),
            "combat": ZoneKind(NONE, description="Combat pile"),
            "cdisc": ZoneKind(ALL, description="Combat discard"),
            "haven": ZoneKind(ALL, description="Haven cards"),
            "global": ZoneKind(ALL, description="Global area"),
            "bonked": ZoneKind(ALL, description="Bonked area"),
            "lpile": ZoneKind(NONE, description="Locations waiting to be placed (setup)"),
            "ipile": ZoneKind(NONE, description="Items waiting to be dealt (setup)"),
            "dpile": ZoneKind(NONE, description="Disasters waiting to be dealt (setup)"),
            "chars": ZoneKind(OWNER, description="Characters set aside (setup)"),
            "spoils": ZoneKind(OWNER, description="Items being shared out after a Scavenge"),
            "bag": ZoneKind(OWNER, description="Items a Character carries"),
            "field": ZoneKind(ALL, owned=False, description="the Locations of the Field"),
            "ds": ZoneKind(NONE, owned=False, description="a Location's face-down Disaster stack"),
            "it": ZoneKind(NONE, owned=False, description="a Location's face-down Item pile"),
            "eq": ZoneKind(ALL, owned=False, description="Equipment lying under a Location"),
            "pc": ZoneKind(ALL, owned=False, description="Characters at a Location or in a Haven"),
            "dz": ZoneKind(
                ALL, owned=False, description="Disasters on the Field (each one's Location is public data)"
            ),
            "off": ZoneKind(ALL, owned=False, description="Disasters Off the Field"),
            "loot": ZoneKind(NONE, owned=False, description="the Item a Disaster carries"),
            "gear": ZoneKind(ALL, owned=False, description="Enhancements and Equipment on a Character"),
            "ctable": ZoneKind(ALL, owned=False, description="Combat cards in use this round"),
            "destroyed": ZoneKind(NONE, owned=False, description="destroyed Items"),
        },
        # "shown": a card from a hand that is being played, face up while its target is chosen (it cannot be taken
        # back, so it is as good as played)
        {"destroyed": ALL, "unseen": NONE, "shown": ALL},
    )

    def __init__(self) -> None:
        self.cards = CARDS
        self._init_tables()
        self._labels = {name: describe_card(card) for name, card in CARDS.cards.items()}
        # the id range of a card's block (see ``take_named``), by (players, decks, extra_havens, name)
        self._block_ranges: dict[tuple[int, str, bool, str], tuple[int, int]] = {}

    # ----- options and decks (section 2, section 13) ----------------------------------------------------------------

    def card_names(self) -> set[str]:
        return set(self.cards.cards)

    def deck_ids(self, options: dict[str, Any], players: int) -> list[str]:
        """The deck of each seat: the ``decks`` option, or the sample decks for the player count."""
        return deck_ids(self.cards, options, players)

    @functools.cache  # noqa: B019 - one shared game object; few combinations
    def _checked(self, deck_id: str, players: int, extra: bool) -> bool:
        validate_deck(self.cards.decks[deck_id], self.cards, players, extra_havens=extra)
        return True

    def check_options(self, options: dict[str, Any], players: int) -> None:
        # AM-2.17: every deck is checked before setup and refused if it breaks AM-2.2 to AM-2.15.
        for deck_id in self.deck_ids(options, players):
            self._checked(deck_id, players, options["extra_havens"])

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        """An upper bound on the decisions of one game: setup, then a bound per turn times the turn cap.

        Setup asks at most a few decisions per card. In a turn every decision either spends something that is
        bounded by the cards in the game (a card leaving a hand, a Character's one movement action, Scavenge,
        duel or charm, a step of at most its Movement, a Disaster's arrival, a Scavenge reveal), answers a
        combat round (at most COMBAT_ROUND_CAP per combat, and each Disaster fights at most once per phase), or
        passes a window (each seat at most once per play in it). ``200 x cards x (players + 2)`` per turn bounds
        all of these together; the turn cap (AM-13.4) bounds the turns. With ``round_limit = 0`` no bound can be
        promised, and the value returned only says so.
        """
        limit = options["round_limit"]
        if not limit:
            return 1 << 62
        cards = sum(self._deck_size(d) for d in self.deck_ids(options, players))
        return 4 * cards + limit * players * 200 * cards * (players + 2)

    def _deck_size(self, deck_id: str) -> int:
        d = self.cards.decks[deck_id]
        return (1 + len(d.characters) + len(d.locations) + sum(n for _, n in d.items) + sum(n for _, n in d.power)
                + sum(n for _, n in d.disasters) + sum(n for _, n in d.combat))  # fmt: skip

    # ----- setup --------------------------------------------------------------------------------------------------

    def _fresh_g(self, players: int) -> dict[str, Any]:
        return {
            "phase": "setup",
            "first": 0,
            "act": 0,
            "ts": [0] * players,
            "tc": [0] * players,
            "rnd": 0,
            "rt": 0,
            "ps": 0,
            "rs": 0,
            "n": 0,
            "xy": {},
            "adj": {},
            "hv": {},
            "dead": [],
            "order": {},
            "cp": {},
            "mine": [[] for _ in range(players)],
            "ch": {},
            "dp": {},
            "dr": {},
            "st": {},
            "off": {},
            "bk": {},
            "T": 0,
            "free": 0,
            "lost": 0,
            "ic": 0,
            "dc": 0,
            "snap": [0, 0, 0],
            "rp": [],
            "prot": [],
            "forced": {},
            "lim": {},
        }

    def setup(self, state: State) -> None:
        players = state["players"]
        decks = [self.cards.decks[d] for d in self.deck_ids(state["options"], players)]
        self.create_cards(state, decks)
        self._drop_base_zones(state)
        g = self._fresh_g(players)
        state["g"] = g
        g["first"] = g["act"] = rng.below(state, players)  # AM-2.18
        self.log(state, {"t": "first", "seat": g["first"]})
        FLOW.start(self, state, "setup", i=0)

    def create_cards(self, state: State, decks: list[Any]) -> None:
        """AM-2.1: every card each player brings, in its starting pile.

        Card ids are given in blocks by kind (Characters, Disasters, Locations and Havens, Enhancements and
        Equipment, the rest; seat by seat within a block), so that each kind an option names by card id has one
        range of ids in the action space (see :mod:`.actions`). Each pile still receives its cards in deck order.
        """
        entries: list[tuple[int, int, int, str, str]] = []  # (block, seat, place in the deck, name, pile)
        for seat, deck in enumerate(decks):
            rows = [(name, f"lpile:{seat}") for name in deck.locations]
            rows += [(name, f"ipile:{seat}") for name in deck.expand(deck.items)]
            rows += [(name, f"dpile:{seat}") for name in deck.expand(deck.disasters)]
            rows += [(name, f"chars:{seat}") for name in deck.characters]
            rows += [(name, f"draw:{seat}") for name in deck.expand(deck.power)]
            rows += [(deck.haven, f"haven:{seat}")]
            rows += [(name, f"combat:{seat}") for name in deck.expand(deck.combat)]
            entries += [
                (card_block(self.cards, name), seat, i, name, pile) for i, (name, pile) in enumerate(rows)
            ]
        ids: dict[tuple[int, int], int] = {}
        for _block, seat, i, name, _ in sorted(entries):
            ids[(seat, i)] = len(state["cards"])
            state["cards"].append(name)
            state["owner"].append(seat)
        zones = state["zones"]
        for _, seat, i, _, pile in entries:
            zones.setdefault(pile, []).append(ids[(seat, i)])

    @staticmethod
    def _drop_base_zones(state: State) -> None:
        """Shared zone families are per Location, Character or Disaster; their bare names are not used."""
        for kind in ("ds", "it", "eq", "pc", "loot", "gear"):
            state["zones"].pop(kind, None)
        for seat in range(state["players"]):
            state["zones"].pop(f"bag:{seat}", None)

    @staticmethod
    def new_card(state: State, name: str, zone: str, owner: int | None = None) -> int:
        """Create a card (zones named after a cell or a card are created as needed)."""
        state["zones"].setdefault(zone, [])
        cid = len(state["cards"])
        state["cards"].append(name)
        state["owner"].append(owner)
        state["zones"][zone].append(cid)
        return cid

    # ----- scenarios ------------------------------------------------------------------------------------------------

    SCENARIO_KEYS = frozenset({
        "active", "first", "phase", "turn", "ts", "tc", "round", "stamps", "fresh", "moves_once", "bonked",
        "havens", "ignored", "barred", "tallies", "destroyed",
    })  # fmt: skip

    def load_scenario(self, state: State, setup: dict[str, Any]) -> None:
        """Build a position. Zones are written with cells and names instead of card ids:

        ``field:X:Y`` a Location (or a Haven card, ``Name@seat``) in cell (X, Y); ``ds:X:Y`` its Disaster stack
        (top first), ``it:X:Y`` its Item pile, ``eq:X:Y`` Equipment under it; ``pc:X:Y`` Characters there (or in
        the Haven there); ``dz:X:Y`` revealed Disasters there; ``bag:S:Name`` Items carried by seat S's Character
        Name; ``gear:S:Name`` its Enhancements and Equipment; ``loot:X:Y:Name`` the Item a Disaster there carries.
        Every other zone (``hand:S``, ``draw:S``, ``discard:S``, ``combat:S``, ``global:S``, ``bonked:S``,
        ``off``...) is written as usual. Cards in shared zones belong to seat 0 unless written ``Name@S``.

        ``[setup]`` keys: active, first (seats), phase (one of the six, default move), turn (default 2), ts and tc
        (turns started and completed per seat), round (rounds completed), stamps ({Disaster name: stamp}),
        fresh (Disasters drawn this Reload), moves_once (moves-only-once Disasters that may still move),
        bonked ({Character name: owner's turn count when bonked}), havens ([[x, y], ...] cells whose Location
        stands in for a Haven), destroyed ([[x, y], ...] destroyed Locations), ignored / barred ({Disaster:
        [Characters]}), tallies ({"lost": n}).
        """
        unknown = sorted(set(setup) - self.SCENARIO_KEYS)
        if unknown:
            raise ScenarioError(
                f"unknown [setup] key {unknown[0]!r} (allowed: {', '.join(sorted(self.SCENARIO_KEYS))})"
            )
        players = state["players"]
        owner = state["owner"]
        for cid, o in enumerate(owner):
            if o is None:
                owner[cid] = 0
        g = self._fresh_g(players)
        state["g"] = g
        zones = state["zones"]
        names = state["cards"]
        self._drop_base_zones(state)
        zones.setdefault("field", [])
        zones.setdefault("dz", [])
        zones.setdefault("off", [])
        zones.setdefault("ctable", [])
        zones.setdefault("destroyed", [])
        stand_ins = {(int(x), int(y)) for x, y in setup.get("havens", [])}

        def cell(name: str) -> tuple[int, int]:
            parts = name.split(":")
            try:
                return int(parts[1]), int(parts[2])
            except (IndexError, ValueError):
                raise ScenarioError(f"zone {name!r} must name a cell as kind:X:Y") from None

        renames: list[tuple[str, str]] = []
        for zname in sorted(zones):
            if not zname.startswith("field:"):
                continue
            x, y = cell(zname)
            cards = zones.pop(zname)
            if len(cards) != 1:
                raise ScenarioError(f"cell ({x},{y}) must hold exactly one card")
            card = cards[0]
            t = self._type[names[card]]
            if t == "haven" or (t == "location" and (x, y) in stand_ins):
                zones.setdefault(f"haven:{owner[card]}", []).append(card)
                g["hv"][str(card)] = owner[card]
            elif t == "location":
                zones["field"].append(card)
            else:
                raise ScenarioError(f"{names[card]!r} is not a Location or a Haven")
            self.place_card(state, card, x, y)
        for seat in range(players):
            zones.setdefault(f"haven:{seat}", [])
        for zname in sorted(zones):
            kind = zname.split(":")[0]
            if kind in ("ds", "it", "eq", "pc", "dz") and zname.count(":") == 2:
                x, y = cell(zname)
                p = self.cell_at(state, x, y)
                if p is None:
                    raise ScenarioError(f"zone {zname!r}: no Location or Haven at ({x},{y})")
                renames.append((zname, f"{kind}:{p}"))
        for old, new in renames:
            zones[new] = zones.pop(old)
        for p in zones["field"]:
            zones.setdefault(f"ds:{p}", [])
            zones.setdefault(f"it:{p}", [])
        for x, y in setup.get("destroyed", []):
            p = self.cell_at(state, x, y)
            if p is None or str(p) in g["hv"]:
                raise ScenarioError(f"[setup] destroyed: no Location at ({x},{y})")
            g["dead"].append(p)
            state["marks"][str(p)] = "destroyed"
        for zname in list(zones):
            kind = zname.split(":")[0]
            if kind == "pc" and zname.count(":") == 1:
                p = int(zname.split(":")[1])
                for c in zones[zname]:
                    if self._type[names[c]] != "character":
                        raise ScenarioError(f"{names[c]!r} is not a Character")
                    g["cp"][str(c)] = p
                    g["ch"][str(c)] = self.new_char_record()
                    g["mine"][owner[c]].append(c)
                    g["mine"][owner[c]].sort()
            elif kind == "dz" and zname.count(":") == 1:
                p = int(zname.split(":")[1])
                for d in zones.pop(zname):
                    card = self.defs[names[d]]
                    zones["dz"].append(d)
                    g["dp"][str(d)] = p
                    g["dr"][str(d)] = self.new_dis_record(
                        self.stamp(state), 0 if "MOVES_ONCE" in card.keywords else 2
                    )
        for zname in sorted(zones):
            kind = zname.split(":")[0]
            if kind in ("bag", "gear") and zname.count(":") == 2:
                _, seat, who = zname.split(":", 2)
                c = self._find(state, who, int(seat), g["cp"])
                zones[f"bag:{seat}:{c}" if kind == "bag" else f"gear:{c}"] = zones.pop(zname)
            elif kind == "loot":
                parts = zname.split(":", 3)
                if len(parts) != 4:
                    raise ScenarioError(f"zone {zname!r} must be written loot:X:Y:Disaster")
                p = self.cell_at(state, int(parts[1]), int(parts[2]))
                d = self._find(state, parts[3], None, {k: v for k, v in g["dp"].items() if v == p})
                zones[f"loot:{d}"] = zones.pop(zname)
        for zname, cards in zones.items():
            for x in cards:
                if zname.startswith(("gear:", "bag:", "global:", "haven:")):
                    g["st"][str(x)] = self.stamp(state)
        for d in zones["off"]:
            g["off"][str(d)] = ["o", owner[d], 2]
        # counters
        active = setup.get("active", 0)
        if not isinstance(active, int) or not 0 <= active < players:
            raise ScenarioError("[setup] active must be a seat number")
        g["act"] = active
        g["first"] = setup.get("first", active)
        g["ts"] = list(setup.get("ts", [1] * players))
        g["tc"] = list(setup.get("tc", [1 if s != active else 0 for s in range(players)]))
        g["rnd"] = setup.get("round", 0)
        g["rt"] = (active - g["first"]) % players
        for name, stamp in setup.get("stamps", {}).items():
            g["dr"][str(self._find(state, name, None, g["dp"]))]["st"] = stamp
            g["dr"][str(self._find(state, name, None, g["dp"]))]["ar"] = stamp
        for name in setup.get("fresh", []):
            g["dr"][str(self._find(state, name, None, g["dp"]))]["fr"] = 1
        for name in setup.get("moves_once", []):
            g["dr"][str(self._find(state, name, None, g["dp"]))]["mo"] = 1
        for name, when in setup.get("bonked", {}).items():
            bonked = {str(c): 0 for s in range(players) for c in zones[f"bonked:{s}"]}
            g["bk"][str(self._find(state, name, None, bonked))] = when
        for key in ("ignored", "barred"):
            for dname, cnames in setup.get(key, {}).items():
                d = self._find(state, dname, None, g["dp"])
                g["dr"][str(d)]["ig" if key == "ignored" else "bar"] = [
                    self._find(state, c, None, g["cp"]) for c in cnames
                ]
        g["lost"] = len(zones["destroyed"]) + setup.get("tallies", {}).get("lost", 0)
        held = sum(len(v) for k, v in zones.items() if k.startswith("bag:"))
        g["free"] = sum(len(v) for k, v in zones.items() if k.startswith(("it:", "loot:")))
        g["T"] = g["free"] + held + g["lost"]
        self.compute_orders(state)
        phase = setup.get("phase", "move")
        if phase not in PHASES:
            raise ScenarioError(f"[setup] phase must be one of {', '.join(PHASES)}")
        state["turn"] = setup.get("turn", 2)
        g["phase"] = "play"
        self.snapshot(state)
        FLOW.start(self, state, "turn", at=PHASES.index(phase))

    def _find(self, state: State, name: str, seat: int | None, among: dict[str, Any]) -> int:
        names = state["cards"]
        found = [
            int(k)
            for k in among
            if names[int(k)] == name and (seat is None or state["owner"][int(k)] == seat)
        ]
        if len(found) != 1:
            raise ScenarioError(f"the scenario needs exactly one {name!r} here, found {len(found)}")
        return found[0]

    # ----- views ----------------------------------------------------------------------------------------------------

    def _char_view(self, state: State, c: int, items: bool) -> dict[str, Any]:
        g = state["g"]
        out: dict[str, Any] = {a: self.stat(state, c, a, items=items) for a in ATTRS}
        out["at"] = g["cp"][str(c)]
        out["seat"] = state["owner"][c]
        out["skills"] = sorted(self.skills(state, c))
        out["items"] = len(self.items_of(state, c))
        rec = g["ch"][str(c)]
        out["spent"] = -sum(t[2] for t in rec.get("tm", ()) if len(t) > 5 and self.valid(state, t[3]))
        out["moved"] = rec["m"] == state["turn"]
        out["scavenged"] = rec["s"] == state["turn"]
        return out

    def public_view(self, state: State) -> dict[str, Any]:
        g = state["g"]
        if g["phase"] == "setup" and not g["xy"]:
            return {"phase": "setup", "first": g["first"], "cells": []}
        cells = []
        for key, (x, y) in g["xy"].items():
            p = int(key)
            seat = g["hv"].get(key)
            cells.append([p, x, y, "haven" if seat is not None else "location", seat, p in g["dead"]])
        cells.sort()
        combat = None
        for fr in reversed(state["flow"]):
            if fr["step"] in PHYSICAL:
                combat = {"kind": "physical", "cause": fr["src"], "disaster": fr["d"], "at": fr["p"],
                          "engaged": fr["e"], "chars": fr["cs"], "damage": fr["dm"], "round": fr["r"],
                          "target": fr["tg"], "attackers": fr["at"]}  # fmt: skip
                break
            if fr["step"] in DUEL:
                combat = {"kind": "duel", "chars": [fr["a"], fr["b"]], "damage": fr["dm"], "round": fr["r"]}
                break
        routes = {}
        if g["order"]:
            for r, order in g["order"].items():
                routes[r] = [p for p in order if p not in g["dead"]]
        return {
            "phase": g["phase"],
            "active": g["act"],
            "first": g["first"],
            "round": g["rnd"] + 1,
            "turns": list(g["tc"]),
            "items_total": g["T"],
            "destroyed_items": g["lost"],
            "loose_items": g["free"],
            "held": self.held(state),
            "cells": cells,
            "routes": routes,
            "chars": {k: self._char_view(state, int(k), False) for k in g["cp"]},
            "disasters": {
                k: {
                    "at": p,
                    "stamp": g["dr"][k]["st"],
                    **{a: self.dstat(state, int(k), a) for a in ATTRS},
                    "carrying": len(self.loot(state, int(k))),
                    "ignores": g["dr"][k].get("ig", []),
                    "barred": g["dr"][k].get("bar", []),
                }
                for k, p in g["dp"].items()
            },
            "off_field": {k: v for k, v in g["off"].items()},
            "bonked": dict(g["bk"]),
            "forced": dict(g["forced"]),
            "combat": combat,
        }

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        g = state["g"]
        if not g["cp"]:
            return {}
        return {
            "chars": {
                k: self._char_view(state, int(k), True) for k in g["cp"] if state["owner"][int(k)] == seat
            }
        }

    # ----- words ----------------------------------------------------------------------------------------------------

    SEAT_NAMES = tuple(f"P{i + 1}" for i in range(6))

    def seat_name(self, seat: int) -> str:
        return self.SEAT_NAMES[seat]

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        t = event["t"]
        who = self.seat_name
        name = event.get("name") or "a card"
        if t == "move":
            cause = event.get("cause")
            src = event["from"]
            owner = src.split(":")[1] if src.split(":")[0] in ("hand", "draw", "bonked") else None
            player = who(int(owner)) if owner is not None and owner.isdigit() else "A player"
            texts = {
                "draw": f"{player} draws {name}.",
                "discard": f"{name} is discarded.",
                "flash": f"{player} plays {name}.",
                "attach": f"{name} is attached.",
                "global": f"{player} plays the Global Effect {name}.",
                "to_haven": f"{name} enters a Haven.",
                "drawn": f"{player} draws the Disaster {name}!",
                "revealed": f"{name} is revealed!",
                "found": "An Item is found.",
                "take": f"{name} is taken.",
                "stolen": "An Item is stolen.",
                "won": "An Item changes hands.",
                "given": "An Item is given away.",
                "destroyed": "An Item is destroyed.",
                "pick_up": "A Disaster picks up an Item.",
                "drop": "A Disaster drops its Item.",
                "return": f"{name} returns to its owner's hand.",
            }
            return texts.get(cause or "")
        if t == "first":
            return f"{who(event['seat'])} goes first."
        if t == "dstep":
            return f"{name} moves to {event['at']}."
        if t == "turn":
            return f"Turn {event['turn']}: {who(event['seat'])} is the active player."
        if t == "phase":
            return f"{event['phase'].capitalize()} phase."
        if t == "place":
            return f"{who(event['seat'])} places a card at ({event['x']},{event['y']})."
        if t in ("bonk", "kill"):
            return f"{name} is {'bonked' if t == 'bonk' else 'killed'}."
        if t == "combat":
            return f"{who(event['seat'])} fights {name}."
        if t == "round":
            return f"Combat round: the Disaster takes {event['to_d']} damage, its target {event['to_c']}."
        if t == "defeated":
            return f"{name} is defeated."
        if t == "combat_end":
            return f"The combat ends ({event['res']})."
        if t == "duel":
            return "A duel starts."
        if t == "duel_round":
            return f"Duel round: {event['to_a']} and {event['to_b']} damage."
        if t == "charm":
            return "A Charm Combat starts."
        if t == "charm_result":
            return {
                "win": "The charmer wins.",
                "lose": "The charm fails.",
                "backfire": "The charm backfires!",
            }[event["res"]]
        if t == "contest":
            return f"A charm contest is {'won' if event['won'] else 'lost'}."
        if t == "cycle":
            return f"{name} leaves the Field" + (
                " and comes back at the entry Location." if event["major"] else "."
            )
        if t == "destroy_loc":
            return f"{name} is destroyed!"
        if t == "escape":
            return f"{name} escapes."
        if t == "off_field":
            return f"{name} takes effect Off the Field."
        if t == "acted":
            return f"{name} strikes and is discarded."
        if t == "flash":
            return f"{who(event['seat'])} plays {name}."
        if t == "end":
            return f"Game over: {event['reason']}."
        return None

    def _cell_lines(self, view: dict[str, Any], p: int, entry: list[Any], index: dict[int, int]) -> list[str]:
        zones = view["zones"]
        names: dict[int, str] = {}
        for z in zones.values():
            for e in z:
                if e is not None and e[0] is not None:
                    names[e[0]] = e[1]
        _, _, _, kind, seat, dead = entry
        if kind == "haven":
            title = f"{self.seat_name(seat)} Haven"
        else:
            num = index.get(p)
            title = ("#" + str(num) + " " if num is not None else "") + names.get(p, "?")
            if dead:
                title = "XX " + names.get(p, "?")
        pub = view["public"]
        chars = [c for c in zones.get(f"pc:{p}", [])]
        by_seat: dict[int, int] = {}
        for e in chars:
            if e is not None:
                s = pub["chars"].get(str(e[0]), {}).get("seat", 0)
                by_seat[s] = by_seat.get(s, 0) + 1
        line2 = " ".join(f"{self.seat_name(s)}x{n}" for s, n in sorted(by_seat.items())) or "-"
        dis = [names.get(int(d), "?")[:6] + ("*" if info["carrying"] else "")
               for d, info in sorted(pub["disasters"].items(), key=lambda kv: int(kv[0])) if info["at"] == p]  # fmt: skip
        line3 = ("D:" + ",".join(dis)) if dis else ""
        counts = []
        if kind != "haven":
            counts = [f"?D{len(zones.get(f'ds:{p}', []))}", f"?I{len(zones.get(f'it:{p}', []))}"]
            if zones.get(f"eq:{p}"):
                counts.append(f"E{len(zones[f'eq:{p}'])}")
        return [title, line2, line3, " ".join(counts)]

    def summarize(self, view: dict[str, Any]) -> list[str]:
        pub = view["public"]
        seat = view["seat"]
        if not pub.get("cells"):
            return [f"Setup: {self.seat_name(pub.get('first', 0))} goes first."]
        zones = view["zones"]
        names: dict[int, str] = {}
        for z in zones.values():
            for e in z:
                if e is not None and e[0] is not None:
                    names[e[0]] = e[1]
        held = ", ".join(f"{self.seat_name(s)} {n}" for s, n in enumerate(pub["held"]))
        lines = [
            f"Round {pub['round']}, {self.seat_name(pub['active'])}'s {pub['phase']} phase.",
            f"Items: {pub['items_total']} in all; held: {held}; destroyed (the deck's): {pub['destroyed_items']}; "
            f"still on the Field: {pub['loose_items']}.",
            "The Field (#n: place on the Disaster path; XX: destroyed; PnxK: K Characters of Pn; D: Disasters, "
            "* carrying an Item; ?Dn / ?In: face-down Disasters / Items; En: Equipment):",
        ]
        route = next(iter(pub["routes"].values()), [])
        index = {p: i + 1 for i, p in enumerate(route)}
        cells = {(e[1], e[2]): e for e in pub["cells"]}
        xs = [e[1] for e in pub["cells"]]
        ys = [e[2] for e in pub["cells"]]
        width = 17
        lines.append("      " + "".join(f"x={x}".center(width) for x in range(min(xs), max(xs) + 1)))
        for y in range(min(ys), max(ys) + 1):
            rows = [[] for _ in range(4)]
            for x in range(min(xs), max(xs) + 1):
                entry = cells.get((x, y))
                block = self._cell_lines(view, entry[0], entry, index) if entry else ["", "", "", ""]
                for i in range(4):
                    text = block[i][: width - 3]
                    rows[i].append(("[" + text.ljust(width - 3) + "]" if entry else " " * (width - 1)) + " ")
            for i in range(4):
                lines.append((f"y={y}".ljust(6) if i == 0 else " " * 6) + "".join(rows[i]).rstrip())
        for r, path in pub["routes"].items():
            label = "Disaster route" if len(pub["routes"]) == 1 else f"Disaster route (orientation {r})"
            lines.append(f"{label}: " + " -> ".join(names.get(p, "?") for p in path) + " -> Off the Field")
        for e in sorted(pub["cells"], key=lambda c: (c[2], c[1])):
            p = e[0]
            where = f"({e[1]},{e[2]})"
            if e[3] == "haven":
                desc = f"{self.seat_name(e[4])}'s Haven {names.get(p, '?')} {where}"
            else:
                desc = f"{names.get(p, '?')} {where}" + (" [destroyed]" if e[5] else "")
                card = self.defs.get(names.get(p, ""))
                if card is not None:
                    desc += f", needs {', '.join(card.skills) or 'no skills'}"
            here = [names.get(x[0], "?") for x in zones.get(f"pc:{p}", []) if x is not None]
            dis = [names.get(int(d), "?") for d, info in sorted(pub["disasters"].items(), key=lambda kv: int(kv[0]))
                   if info["at"] == p]  # fmt: skip
            eq = [names.get(x[0], "?") for x in zones.get(f"eq:{p}", []) if x is not None]
            extra = []
            if here:
                extra.append("Characters: " + ", ".join(here))
            if dis:
                extra.append("Disasters: " + ", ".join(dis))
            if eq:
                extra.append("Equipment: " + ", ".join(eq))
            if e[3] != "haven":
                extra.append(
                    f"face down: {len(zones.get(f'ds:{p}', []))} Disasters, {len(zones.get(f'it:{p}', []))} Items"
                )
            lines.append(f"  {desc}" + ("; " + "; ".join(extra) if extra else ""))
        if pub["off_field"]:
            lines.append("Off the Field: " + ", ".join(names.get(int(d), "?") for d in pub["off_field"]))
        lines.append("Characters in play:")
        mine = view["private"].get("chars", {})
        for k in sorted(pub["chars"], key=int):
            info = mine.get(k, pub["chars"][k])
            c = int(k)
            stats = ", ".join(f"{a.capitalize()} {info[a]}" for a in ATTRS)
            where = names.get(info["at"], "?")
            bag = zones.get(f"bag:{info['seat']}:{c}", [])
            seen = [x[1] for x in bag if x is not None]
            items = ("Items: " + ", ".join(seen)) if seen else f"{info['items']} Item(s)"
            gear = [x[1] for x in zones.get(f"gear:{c}", []) if x is not None]
            lines.append(
                f"  {names.get(c, '?')} ({self.seat_name(info['seat'])}) at {where}: {stats}; skills "
                f"{', '.join(s if not s.startswith('scav:') else 'Scavenge ' + s[5:] for s in info['skills'])}; "
                f"{items}" + (f"; equipped: {', '.join(gear)}" if gear else "")
            )
        for k, d in sorted(pub["disasters"].items(), key=lambda kv: int(kv[0])):
            stats = ", ".join(f"{a.capitalize()} {d[a]}" for a in ATTRS if d[a] is not None)
            lines.append(f"  Disaster {names.get(int(k), '?')} at {names.get(d['at'], '?')}: {stats}" +
                         (", carrying an Item" if d["carrying"] else ""))  # fmt: skip
        if seat is not None:
            hand = [e[1] for e in zones.get(f"hand:{seat}", []) if e is not None]
            lines.append("Your hand: " + ("; ".join(self._labels[n] for n in hand) if hand else "empty"))
        if pub["combat"]:
            cmb = pub["combat"]
            lines.append(f"In combat ({cmb['kind']}), round {cmb['round'] + 1}; damage so far: "
                         + (", ".join(f"{names.get(int(k), '?')} {v}" for k, v in cmb["damage"].items()) or "none"))  # fmt: skip
        return lines

    def card_rows(self) -> list[dict[str, Any]]:
        rows = []
        for card in self.cards.cards.values():
            decks = [f"{d.id}" for d in self.cards.decks.values() if card.name in self._deck_names(d)]
            rows.append(
                {
                    "name": card.name,
                    "type": card.kind,
                    "atk": card.atk,
                    "def": card.dfn,
                    "mov": card.mov,
                    "cha": card.cha,
                    "nrg": card.nrg,
                    "skills": ", ".join(card.skills),
                    "cost": f"{card.cost[0]} {card.cost[1]}" if card.cost else "",
                    "requires": ", ".join(card.requires),
                    "effects": self._labels[card.name].split(" - ", 1)[-1]
                    if card.effects or card.keywords
                    else "",
                    "categories": ", ".join(list(card.categories) + list(card.symbols)),
                    "decks": ", ".join(decks),
                }
            )
        return rows

    @staticmethod
    def _deck_names(deck: Any) -> set[str]:
        out = set(deck.characters) | set(deck.locations) | {deck.haven}
        for table in (deck.items, deck.power, deck.disasters, deck.combat):
            out |= {n for n, _ in table}
        return out

    def rules_guide(self) -> str:
        return resources.files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")
