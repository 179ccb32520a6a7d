"""Ani-Mayhem scenarios: the ``[setup]`` keys (a typed struct the core checks) and the position a scenario builds.

Zones are written with cells and names instead of card ids: ``field:X:Y`` a Location (or a Haven card,
``Name@seat``) in cell (X, Y); ``ds:X:Y`` its Disaster stack (top first), ``it:X:Y`` its Item pile, ``eq:X:Y``
Equipment under it; ``pc:X:Y`` Characters there (or in the Haven there); ``dz:X:Y`` revealed Disasters there;
``bag:S:Name`` Items carried by seat S's Character Name; ``gear:S:Name`` its Enhancements and Equipment;
``loot:X:Y:Name`` the Item a Disaster there carries. Every other zone (``hand:S``, ``draw:S``, ``discard:S``,
``combat:S``, ``global:S``, ``bonked:S``, ``off``...) is written as usual. Cards in shared zones belong to seat 0
unless written ``Name@S``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from ...core.errors import ScenarioError
from ...core.game import Game
from ...core.state import State
from .board import new_char_record, new_dis_record, stamp
from .flow import FLOW
from .grid import cell_at, lay_field, place_card
from .model import Table, new_game_state
from .rules import DEFS, PHASES, TYPE
from .stats import add_mod
from .steps.setup import drop_base_zones
from .victory import snapshot

Whole = Annotated[int, msgspec.Meta(ge=0)]
Cell = tuple[int, int]


class Tallies(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    lost: Whole = 0  # Items destroyed before the position (the deck's tally, AM-12.1)


class Mod(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A lasting modifier on a Character or Disaster in play (AM-11.2)."""

    on: str  # the card's name
    attr: Literal["atk", "def", "mov", "cha", "nrg"]
    value: Annotated[str, msgspec.Meta(pattern=r"^[+-]?[0-9]+$")]  # "+2", "-1" add; "0" replaces (AM-10.10)
    lasts: Literal["phase", "turn", "owner_next"] = "turn"


class Use(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A use-limit counter (AM-10.9): a costed card in play, or a Flash Effect's name for one seat."""

    card: str
    seat: Whole = 0  # for a Flash Effect: the seat whose plays are counted
    turn: Whole = 0  # uses this turn
    game: Whole = 0  # uses in the whole game


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """The ``[setup]`` keys, all optional."""

    active: Whole = 0  # the active player
    first: Whole | None = None  # the first player (default: the active one)
    phase: Literal["discard", "reload", "maintenance", "equip", "move", "scavenge"] = "move"
    turn: Whole = 2
    ts: list[Whole] | None = None  # turns started per seat (default 1 each)
    tc: list[Whole] | None = None  # turns completed per seat (default 1 each but the active seat's 0)
    round: Whole = 0  # rounds of turns completed
    stamps: dict[str, int] = {}  # {Disaster: arrival stamp}
    fresh: list[str] = []  # Disasters drawn in this Reload (AM-5.6)
    moves_once: list[str] = []  # moves-only-once Disasters that may still move (AM-5.21)
    bonked: dict[str, int] = {}  # {Character: its owner's turn count when it was bonked} (AM-6.23)
    havens: list[Cell] = []  # cells whose Location stands in for a Haven
    destroyed: list[Cell] = []  # destroyed Locations
    ignored: dict[str, list[str]] = {}  # {Disaster: Characters it ignores} (AM-9.19)
    barred: dict[str, list[str]] = {}  # {Disaster: Characters it may not attack} (AM-9.20)
    charmed: dict[str, int] = {}  # {Character: its owner's turn count when it last charmed} (AM-9.4)
    tallies: Tallies = Tallies()
    # the middle of the turn: what happened earlier in it
    spent: dict[str, Whole] = {}  # {Character: Energy spent on costs this turn, outside combat} (AM-10.7)
    mods: list[Mod] = []  # lasting modifiers (AM-11.2, AM-11.10)
    uses: list[Use] = []  # use-limit counters (AM-10.9)
    moved: list[str] = []  # Characters that made their movement action this turn (AM-6.3)
    fought: list[str] = []  # Characters that took part in a combat this phase (AM-6.16)
    dueled: list[str] = []  # Characters that started a duel this turn (AM-8.31)
    scavenged: list[str] = []  # Characters that took part in a Scavenge attempt this turn (AM-7.1)
    ran: dict[str, list[str]] = {}  # {Disaster: Characters that ran away from it this phase} (AM-8.22)
    done: list[str] = []  # Disasters that fought this phase and move no further (AM-8.27)


def load_scenario(game: Game, state: State, setup: Setup) -> None:
    """Build the position a scenario describes, then run to its first decision."""
    game.check_options(state["options"], state["players"])  # AM-2.17: its decks (deck lists) are checked too
    for cid, o in enumerate(state["owner"]):
        if o is None:
            state["owner"][cid] = 0
    g = new_game_state(state["players"])
    state["g"] = g
    drop_base_zones(state)
    for zone in ("field", "dz", "off", "ctable", "destroyed"):
        state["zones"].setdefault(zone, [])
    _place_cells(state, g, {tuple(c) for c in setup.havens})
    _cell_zones(state)
    for x, y in setup.destroyed:
        p = cell_at(state, x, y)
        if p is None or str(p) in g["havens"]:
            raise ScenarioError(f"[setup] destroyed: no Location at ({x},{y})")
        g["destroyed"].append(p)
        state["marks"][str(p)] = "destroyed"
    _pieces(state, g)
    _belongings(state, g)
    _turns(state, g, setup)
    _records(state, g, setup)
    _midturn(state, g, setup)
    _tallies(state, g, setup.tallies.lost)
    lay_field(state)
    state["turn"] = setup.turn
    g["phase"] = "play"
    snapshot(state)
    FLOW.start(game, state, "turn", at=PHASES.index(setup.phase))


def _cell(zone: str) -> Cell:
    parts = zone.split(":")
    try:
        return int(parts[1]), int(parts[2])
    except (IndexError, ValueError):
        raise ScenarioError(f"zone {zone!r} must name a cell as kind:X:Y") from None


def _place_cells(state: State, g: Table, stand_ins: set[Cell]) -> None:
    """``field:X:Y``: the Locations and Havens, placed in their cells."""
    zones, names, owner = state["zones"], state["cards"], state["owner"]
    for zone in sorted(zones):
        if not zone.startswith("field:"):
            continue
        x, y = _cell(zone)
        cards = zones.pop(zone)
        if len(cards) != 1:
            raise ScenarioError(f"cell ({x},{y}) must hold exactly one card")
        card = cards[0]
        kind = TYPE[names[card]]
        if kind == "haven" or (kind == "location" and (x, y) in stand_ins):
            zones.setdefault(f"haven:{owner[card]}", []).append(card)
            g["havens"][str(card)] = owner[card]
        elif kind == "location":
            zones["field"].append(card)
        else:
            raise ScenarioError(f"{names[card]!r} is not a Location or a Haven")
        place_card(state, card, x, y)
    for seat in range(state["players"]):
        zones.setdefault(f"haven:{seat}", [])


def _cell_zones(state: State) -> None:
    """Zones named after a cell (``ds:X:Y``...) renamed after the card there; every Location gets its piles."""
    zones = state["zones"]
    renames: list[tuple[str, str]] = []
    for zone in sorted(zones):
        kind = zone.split(":")[0]
        if kind in ("ds", "it", "eq", "pc", "dz") and zone.count(":") == 2:
            x, y = _cell(zone)
            p = cell_at(state, x, y)
            if p is None:
                raise ScenarioError(f"zone {zone!r}: no Location or Haven at ({x},{y})")
            renames.append((zone, f"{kind}:{p}"))
    for old, new in renames:
        zones[new] = zones.pop(old)
    for p in zones["field"]:
        zones.setdefault(f"ds:{p}", [])
        zones.setdefault(f"it:{p}", [])


def _pieces(state: State, g: Table) -> None:
    """The Characters in play and the Disasters on the Field, with their records."""
    zones, names, owner = state["zones"], state["cards"], state["owner"]
    for zone in list(zones):
        kind = zone.split(":")[0]
        if kind == "pc" and zone.count(":") == 1:
            p = int(zone.split(":")[1])
            for c in zones[zone]:
                if TYPE[names[c]] != "character":
                    raise ScenarioError(f"{names[c]!r} is not a Character")
                g["char_at"][str(c)] = p
                g["chars"][str(c)] = new_char_record()
                g["seat_chars"][owner[c]].append(c)
                g["seat_chars"][owner[c]].sort()
        elif kind == "dz" and zone.count(":") == 1:
            p = int(zone.split(":")[1])
            for d in zones.pop(zone):
                moves = 0 if "MOVES_ONCE" in DEFS[names[d]].keywords else 2
                zones["dz"].append(d)
                g["disaster_at"][str(d)] = p
                g["disasters"][str(d)] = new_dis_record(stamp(state), moves)


def _belongings(state: State, g: Table) -> None:
    """``bag:S:Name``, ``gear:S:Name`` and ``loot:X:Y:Name`` renamed after their card; attachment stamps."""
    zones = state["zones"]
    for zone in sorted(zones):
        kind = zone.split(":")[0]
        if kind in ("bag", "gear") and zone.count(":") == 2:
            _, seat, who = zone.split(":", 2)
            c = _find(state, who, int(seat), g["char_at"])
            zones[f"bag:{seat}:{c}" if kind == "bag" else f"gear:{c}"] = zones.pop(zone)
        elif kind == "loot":
            parts = zone.split(":", 3)
            if len(parts) != 4:
                raise ScenarioError(f"zone {zone!r} must be written loot:X:Y:Disaster")
            p = cell_at(state, int(parts[1]), int(parts[2]))
            d = _find(state, parts[3], None, {k: v for k, v in g["disaster_at"].items() if v == p})
            zones[f"loot:{d}"] = zones.pop(zone)
    for zone, cards in zones.items():
        for x in cards:
            if zone.startswith(("gear:", "bag:", "global:", "haven:")):
                g["attached"][str(x)] = stamp(state)
    for d in zones["off"]:
        g["off_field"][str(d)] = ["o", state["owner"][d], 2]


def _turns(state: State, g: Table, setup: Setup) -> None:
    players = state["players"]
    active = setup.active
    if active >= players:
        raise ScenarioError("[setup] active must be a seat number")
    g["active"] = active
    g["first"] = active if setup.first is None else setup.first
    g["turns_started"] = list(setup.ts if setup.ts is not None else [1] * players)
    tc = setup.tc if setup.tc is not None else [1 if s != active else 0 for s in range(players)]
    g["turns_completed"] = list(tc)
    g["rounds"] = setup.round
    g["round_turns"] = (active - g["first"]) % players


def _records(state: State, g: Table, setup: Setup) -> None:
    """What the records of Disasters and Characters say beyond their defaults."""
    disasters, on_field = g["disasters"], g["disaster_at"]
    for name, when in setup.stamps.items():
        disasters[str(_find(state, name, None, on_field))]["stamp"] = when
        disasters[str(_find(state, name, None, on_field))]["arrived"] = when
    for name in setup.fresh:
        disasters[str(_find(state, name, None, on_field))]["fresh"] = 1
    for name in setup.moves_once:
        disasters[str(_find(state, name, None, on_field))]["moves_once"] = 1
    bonked = {str(c): 0 for s in range(state["players"]) for c in state["zones"][f"bonked:{s}"]}
    for name, when in setup.bonked.items():
        g["bonked"][str(_find(state, name, None, bonked))] = when
    for key, names in (("ignores", setup.ignored), ("barred", setup.barred)):
        for dname, cnames in names.items():
            d = _find(state, dname, None, on_field)
            disasters[str(d)][key] = [_find(state, c, None, g["char_at"]) for c in cnames]
    for name, when in setup.charmed.items():
        g["chars"][str(_find(state, name, None, g["char_at"]))]["charmed"] = when


def _midturn(state: State, g: Table, setup: Setup) -> None:
    """What happened earlier in the turn or phase the scenario starts in (its phase gets the next phase serial)."""
    on_field, chars = g["disaster_at"], g["char_at"]
    turn, serial = setup.turn, g["phase_serial"] + 1
    for name, n in setup.spent.items():
        add_mod(state, _find(state, name, None, chars), "nrg", "+", -n, ["t", turn], spent=True)
    for m in setup.mods:
        x = _find(state, m.on, None, {**chars, **on_field})
        exp = {"phase": ["p", serial], "turn": ["t", turn]}.get(m.lasts)
        if exp is None:
            seat = state["owner"][x]
            exp = ["o", seat, g["turns_started"][seat] + 1]
        op = "+" if m.value[0] in "+-" else "="
        add_mod(state, x, m.attr, op, int(m.value), exp)
    for u in setup.uses:
        if u.card not in TYPE:
            raise ScenarioError(f"[setup] uses: no card {u.card!r}")
        if TYPE[u.card] == "flash":
            key = f"f{u.seat}|{u.card}"
        else:
            gear = {str(x): 0 for z, xs in state["zones"].items() if z.startswith("gear:") for x in xs}
            key = f"c{_find(state, u.card, None, gear)}"
        g["uses"][key] = [turn, u.turn, u.game]
    for key, names, when in (
        ("moved", setup.moved, turn),
        ("fought", setup.fought, serial),
        ("dueled", setup.dueled, turn),
        ("scavenged", setup.scavenged, turn),
    ):
        for name in names:
            g["chars"][str(_find(state, name, None, chars))][key] = when  # type: ignore[literal-required]
    for dname, cnames in setup.ran.items():
        d = _find(state, dname, None, on_field)
        g["ran_away"].extend([d, _find(state, c, None, chars), serial] for c in cnames)
    for name in setup.done:
        g["disasters"][str(_find(state, name, None, on_field))]["done"] = serial


def _tallies(state: State, g: Table, lost: int) -> None:
    """AM-12.1: the Item tallies, counted from the piles."""
    zones = state["zones"]
    g["items_lost"] = len(zones["destroyed"]) + lost
    held = sum(len(v) for k, v in zones.items() if k.startswith("bag:"))
    g["loose_items"] = sum(len(v) for k, v in zones.items() if k.startswith(("it:", "loot:")))
    g["items_total"] = g["loose_items"] + held + g["items_lost"]


def _find(state: State, name: str, seat: int | None, among: dict[str, Any]) -> int:
    names = state["cards"]
    found = [
        int(k) for k in among if names[int(k)] == name and (seat is None or state["owner"][int(k)] == seat)
    ]
    if len(found) != 1:
        raise ScenarioError(f"the scenario needs exactly one {name!r} here, found {len(found)}")
    return found[0]
