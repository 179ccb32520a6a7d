"""Ani-Mayhem: the heuristic agent's rules of thumb and the evaluation of a position, from what one seat sees.

Both read only the deciding seat's view (``turn.view``: the Field's cells, the counts of every Disaster stack and Item
pile, every Character's and Disaster's current attributes and where they stand, the combat being fought, the Items
each player holds, and the seat's own hand and Characters with what they carry) and the typed options of the decision
(``option.verb``, ``option.args``), never the state. Card numbers come from the public card data. The rules of thumb
are written out for players in RULES.md, "How the computer plays". A decision of a kind it does not know, or an
option with a verb it does not know, is answered by :func:`fallback`: pass, else the first option.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from .evaluation import evaluate as evaluate
from .rules import DEFS
from .tactics import (
    ITEM_VALUE,
    Sight,
    favourable,
    fight_outlook,
    fight_worth,
    head_for,
    place_value,
    run_cost,
    step_towards,
)


def _first(options: list[Any], *verbs: str) -> Any:
    """The first option with one of ``verbs`` (in the order of ``verbs``), or None."""
    for verb in verbs:
        for o in options:
            if o.verb == verb:
                return o
    return None


def _first_id(options: list[Any], *verbs: str) -> str | None:
    """The id of the first option with one of ``verbs`` (in the order of ``verbs``), or None."""
    o = _first(options, *verbs)
    return o.id if o else None


def fallback(options: list[Any]) -> str:
    """For a decision (or options) the rules of thumb do not cover: pass if it may, else the first option."""
    o = _first(options, "pass")
    return (o or options[0]).id


def _char_value(name: str) -> float:
    card = DEFS[name]
    return (card.atk or 0) + (card.dfn or 0) + 0.7 * (card.mov or 0) + 1.5 * len(card.skills)


def _shown(sight: Sight) -> str | None:
    """The card the seat has just played from its hand and whose target it now chooses (marked shown)."""
    for entry in sight.zones.get(f"hand:{sight.seat}", ()):
        if entry is not None and len(entry) > 2 and entry[2] == "shown":
            return entry[1]
    return None


# ----- setup (section 2) --------------------------------------------------------------------------------------------


def _place(sight: Sight, options: list[Any], havens: bool) -> str | None:
    """AM-2.20 to AM-2.23: a Location where it keeps the Field compact; a Haven next to the most Locations."""
    cells = {(x, y): kind for _, x, y, kind, _, _ in sight.pub.get("cells", ())}
    best, best_score = None, -math.inf
    for o in options:
        if o.verb != "place":
            continue
        x, y = o.args
        near = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if cells.get((x + dx, y + dy)) == "location")
        score = near - (0 if havens else 0.01 * (abs(x) + abs(y)))
        if score > best_score:
            best, best_score = o, score
    return best.id if best else None


def _starting(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-2.27: the four strongest Characters start in the Haven."""
    picks = [o for o in options if o.verb == "start_character"]
    if picks:
        return max(picks, key=lambda o: _char_value(o.args[0])).id
    return None


def _discard(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-2.30, AM-3.4: discard nothing (a redraw may bring a Disaster to the Field, AM-3.6)."""
    return _first_id(options, "done", "end")


def _return(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-3.9, AM-6.23: every bonked Character comes back to hand."""
    return _first_id(options, "return_character", "done")


# ----- the Equip phase (section 10) ---------------------------------------------------------------------------------

_EQUIP_ORDER = ("play_character", "play_global", "play_equipment", "play_enhancement")
_GEAR_VALUE = {"Hover Tank": 5.0, "Kevlar Jacket": 4.0, "Scooter": 3.5, "Plasma Sword": 3.0}


def _equip(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-10.1 to AM-10.4: every Character into the Haven, then a Global, the best Equipment and an Enhancement."""
    for verb in _EQUIP_ORDER:
        picks = [o for o in options if o.verb == verb]
        if not picks:
            continue
        if verb == "play_character":
            return max(picks, key=lambda o: _char_value(o.args[0])).id
        if verb == "play_equipment":
            return max(picks, key=lambda o: _GEAR_VALUE.get(o.args[0], 1.0)).id
        if verb == "play_enhancement":
            useful = [o for o in picks if _enhancement_target(sight, o.args[0], None) is not None]
            if useful:
                return useful[0].id
            continue
        return picks[0].id
    return _first_id(options, "end")


def _harmful(name: str) -> bool:
    return any(e.verb == "MODIFY" and e.op == "+" and e.value < 0 for e in DEFS[name].effects)


def _gain(name: str, c: dict[str, Any]) -> float:
    """How much card ``name`` improves Character ``c`` (its modifiers and skills, AM-10.10 to AM-10.13)."""
    card = DEFS[name]
    gain = 0.0
    if card.cost and c["nrg"] < card.cost[1]:
        return -1.0  # AM-10.6: it could never pay
    for e in card.effects:
        if e.verb == "MODIFY" and e.attr in ("atk", "def", "mov", "cha"):
            now = c[e.attr]
            new = now + e.value if e.op == "+" else e.value
            weight = {"atk": 1.0, "def": 1.2, "mov": 0.8 + 0.3 * (c["mov"] <= 2), "cha": 0.2}[e.attr]
            gain += weight * (new - now)
        elif e.verb == "GRANT_SKILL":
            skill = e.skill or f"scav:{e.scavenge}"
            gain += 0.0 if skill in c["skills"] else 2.0
    return gain


def _enhancement_target(sight: Sight, name: str, ids: set[int] | None) -> int | None:
    """The Character an Enhancement or Equipment is best put on (a harmful one: a rival's), or None."""
    chars = sight.chars()
    best, best_gain = None, 0.0
    for c in chars.values():
        if ids is not None and c["id"] not in ids:
            continue
        mine = c["seat"] == sight.seat
        gain = _gain(name, c)
        if _harmful(name):
            gain = -gain if not mine else -1.0
        elif not mine:
            continue
        if gain > best_gain:
            best, best_gain = c["id"], gain
    return best


def _equip_target(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    name = _shown(sight)
    if name is None:
        return None
    ids = {o.args[0] for o in options if o.verb == "target"}
    c = _enhancement_target(sight, name, ids)
    if c is None and not _harmful(name):
        mine = [
            o
            for o in options
            if o.verb == "target" and sight.chars().get(str(o.args[0]), {}).get("seat") == sight.seat
        ]
        return mine[0].id if mine else None
    return next((o.id for o in options if o.verb == "target" and o.args[0] == c), None)


# ----- the Move phase (section 6) -----------------------------------------------------------------------------------


def _movers_at(sight: Sight, p: int) -> list[dict[str, Any]]:
    """The seat's Characters at ``p`` that have not moved this turn."""
    return [c for c in sight.mine().values() if c["at"] == p and not c["moved"] and c["mov"] > 0]


def _goal(sight: Sight, p: int, group: list[dict[str, Any]]) -> int:
    """Where ``group`` at ``p`` heads: home when every member takes its Items home (:func:`_banks`), else the
    Location best worth Scavenging or attacking (:func:`head_for`). Until then Item carriers stay with the others
    rather than go home: every turn spent away from the Items still on the Field lets the Disasters carry more of
    them off (AM-5.16, AM-5.11), and the deck wins with more than half (AM-12.5)."""
    haven = sight.my_haven()
    if haven is not None and p != haven and group and all(_banks(sight, c) for c in group):
        if haven in sight.distances(p, carriers=True):
            return haven
    return head_for(sight, p, group)[0]


def _banks(sight: Sight, c: dict[str, Any]) -> bool:
    """Whether ``c`` carries Items home to keep them: once the seat holds at least half of the Items (so the deck
    cannot end with more than half, AM-12.5) and more than any rival (AM-12.6), what it holds wins the game as long
    as it keeps it, and only a Haven keeps it safe (AM-5.28, AM-6.2): on the Field a Disaster or a bonk may take it
    (AM-5.14, AM-6.22)."""
    if not c["items"]:
        return False
    held = sight.pub.get("held") or []
    total = sight.pub.get("items_total") or 0
    mine = held[sight.seat] if sight.seat < len(held) else 0
    rivals = max((n for s, n in enumerate(held) if s != sight.seat), default=-1)
    return 2 * mine >= total and mine > rivals


def _split(sight: Sight, p: int) -> list[list[dict[str, Any]]]:
    """The groups the seat's unmoved Characters at ``p`` move in (see :func:`_plans`)."""
    movers = _movers_at(sight, p)
    if p == sight.my_haven():
        return [[c for c in movers if not c["items"]]]
    home = [c for c in movers if _banks(sight, c)]
    return [home, [c for c in movers if not _banks(sight, c)]] if home else [movers]


def _plans(sight: Sight, p: int) -> list[tuple[list[dict[str, Any]], int]]:
    """The groups of the seat's unmoved Characters at ``p`` and where each heads: carriers that take their Items
    home (:func:`_banks`) go to the Haven and stay there, where what they hold still counts for the seat (AM-12.1);
    the others move as one group, which is stronger and shares its skills (AM-6.10)."""
    return [(group, _goal(sight, p, group)) for group in _split(sight, p) if group]


def _attack_worth(sight: Sight, d: int) -> float:
    """AM-6.15: the value of attacking Disaster ``d`` with every Character of the seat on its Location."""
    dis = sight.disaster(d)
    fighters = [c for c in sight.mine().values() if c["at"] == dis["at"]]
    kill, worst = fight_outlook(sight, d, fighters)
    if favourable(kill, worst):
        return 10.0 * dis["carrying"] + 1.0  # AM-8.25: its Item is won back
    return max(0.0, fight_worth(sight, d, fighters))  # worth a Character or two (a roaming Major, an Item)


def _rival_worth(sight: Sight, verb: str, a: int) -> float:
    """AM-8.31, AM-9.1: a duel or a charm is worth it only against a rival carrying Items that it should win."""
    me = sight.chars().get(str(a))
    if me is None:
        return 0.0
    best = 0.0
    for c in sight.chars().values():
        if c["seat"] == sight.seat or not c["items"] or not sight.on_field(c):
            continue
        if verb == "duel":
            if c["at"] != me["at"]:
                continue
            mine = me["atk"] - c["def"]
            theirs = c["atk"] - me["def"]
            if mine >= c["health"] and mine > theirs + 1:
                best = max(best, 8.0 * c["items"])
        elif me["cha"] >= c["cha"] + 3:
            best = max(best, 4.0 * c["items"])
    return best


def _move(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-6.3 to AM-6.15: attack a Disaster that carries an Item when the totals favour the seat, take Items from
    rivals it outclasses, then move each group towards the Location best worth Scavenging; end when all is placed."""
    best, best_score = None, 0.5
    for o in options:
        if o.verb == "attack":
            score = _attack_worth(sight, o.args[0])
        elif o.verb in ("duel", "charm"):
            score = _rival_worth(sight, o.verb, o.args[0])
        elif o.verb == "move":
            c = sight.chars().get(str(o.args[0]))
            if c is None:
                continue
            plans = [(g, goal) for g, goal in _plans(sight, c["at"]) if goal != c["at"]]
            ranks = [2.0 - i for i, (g, _) in enumerate(plans) if any(m["id"] == c["id"] for m in g)]
            score = max(ranks, default=0.0)
        else:
            continue
        if score > best_score:
            best, best_score = o, score
    return best.id if best is not None else _first_id(options, "end")


def _group(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-6.10, AM-7.1, AM-8.8, AM-9.16: everyone there comes along, Item carriers too: a group is stronger and
    shares its skills, and a stronger group defeats the Disasters it reveals (AM-7.6) instead of leaving them to
    roam and carry Items off (AM-5.16). A moving group takes only those of the lead's plan (:func:`_plans`)."""
    if _first(options, "set_off") is not None:
        joins = [o for o in options if o.verb == "join" and o.args[0] in sight.mine()]
        if not joins:
            return _first_id(options, "set_off")
        waiting = {o.args[0] for o in joins}
        for group in _split(sight, sight.mine()[joins[0].args[0]]["at"]):
            ids = {c["id"] for c in group}
            if ids - waiting:  # the lead's group
                return next((o.id for o in joins if o.args[0] in ids), _first_id(options, "set_off"))
        return _first_id(options, "set_off")
    o = _first(options, "join", "start_scavenging", "done")
    return o.id if o else None


def _moving(sight: Sight, options: list[Any]) -> tuple[int, list[dict[str, Any]]] | None:
    """Where the moving group stands and who is in it: those the last step took there, else the first group of
    the seat's unmoved Characters (carriers first, as the move menu sends them) next to every cell offered."""
    chars = sight.chars()
    moved = [e for e in sight.view.get("events") or () if e.get("t") == "move" and e.get("cause") == "step"]
    if moved and str(moved[-1].get("to", "")).startswith("pc:"):
        p = int(moved[-1]["to"][3:])
        group = [
            chars[str(e["card"])] for e in moved if str(e["card"]) in chars and e["to"] == moved[-1]["to"]
        ]
        return p, group
    targets = [o.args[0] for o in options if o.verb == "step_to"]
    for c in sight.mine().values():
        if not c["moved"] and all(q in sight.adj.get(c["at"], ()) for q in targets):
            plans = _plans(sight, c["at"])
            moving = [g for g, goal in plans if goal != c["at"]]
            return c["at"], (moving or [g for g, _ in plans] or [[c]])[0]
    return None


def _step(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-6.4 to AM-6.12: step by step towards the chosen end; stop there."""
    found = _moving(sight, options)
    if found is None:
        return None
    p, group = found
    goal = _goal(sight, p, group)
    stop = _first(options, "stop")
    if goal == p and stop is not None:
        return stop.id
    steps = [o for o in options if o.verb == "step_to"]
    carriers = any(c["items"] for c in group)
    o = step_towards(sight, goal, steps, carriers) if steps else None
    return (o or stop or options[0]).id


def _rival_target(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-8.31, AM-9.1: the rival Character carrying the most Items, the weakest first."""
    chars = sight.chars()
    picks = [o for o in options if o.verb == "target"]
    if not picks:
        return None

    def worth(o: Any) -> tuple[int, int]:
        c = chars.get(str(o.args[0]), {"items": 0, "def": 0})
        return c["items"], -c["def"]

    return max(picks, key=worth).id


# ----- the Scavenge phase (section 7) -------------------------------------------------------------------------------


def _scavenge(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-7.1 to AM-7.12: Scavenge where a group of the seat's Characters can take Items, led by one that carries
    none; end otherwise."""
    best, best_score = None, (0.0, False)
    mine = sight.mine()
    for o in options:
        if o.verb != "scavenge":
            continue
        c = mine.get(o.args[0])
        if c is None:
            continue
        here = [x for x in mine.values() if x["at"] == c["at"] and not x["scavenged"]]
        free = [x for x in here if not x["items"]]
        value = max(place_value(sight, c["at"], free), 0.7 * place_value(sight, c["at"], here))
        score = (value, not c["items"])
        if value > 0 and score > best_score:
            best, best_score = o, score
    return best.id if best is not None else _first_id(options, "end")


def _scavenge_more(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-7.9: the next Disaster is revealed while the group still stands."""
    return _first_id(options, "reveal_next")


# ----- combat (sections 5, 8 and 9) ---------------------------------------------------------------------------------


def _combat_side(sight: Sight) -> tuple[int, list[dict[str, Any]], dict[str, int]] | None:
    combat = sight.pub.get("combat")
    if (
        not combat
        or combat.get("kind") != "physical"
        or str(combat["disaster"]) not in sight.pub.get("disasters", {})
    ):
        return None
    chars = sight.chars()
    fighters = [
        chars[str(c)] for c in combat["chars"] if str(c) in chars and chars[str(c)]["at"] == combat["at"]
    ]
    return combat["disaster"], fighters, combat.get("damage") or {}


def _run_or_fight(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-8.6, AM-8.21: fight on while the totals favour the seat; run when the Disaster would win."""
    side = _combat_side(sight)
    if side is None:
        return None
    d, fighters, damage = side
    kill, worst = fight_outlook(sight, d, fighters, damage)
    if kill != math.inf and (worst == math.inf or kill <= worst):
        return _first_id(options, "fight")
    worth = fight_worth(sight, d, fighters, damage)
    return _first_id(options, "fight" if worth > -run_cost(sight, d, fighters, damage) else "run")


def _attackers(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-8.8, AM-8.30: everyone attacks (the target is one anyway); a fighting Vehicle alone when it hits harder."""
    vehicle = _first(options, "vehicle_fights")
    if vehicle is not None:
        side = _combat_side(sight)
        if side is not None:
            combat = sight.pub["combat"]
            total = sum(c["atk"] for c in side[1] if c["id"] == combat["target"])
            total += sum(
                c["atk"] for c in side[1] if any(o.verb == "join" and o.args[0] == c["id"] for o in options)
            )
            if total < 6:  # the sample set's fighting Vehicle attacks with 6 (AM-8.29)
                return vehicle.id
    return _first_id(options, "join", "done")


def _arriving(sight: Sight) -> int | None:
    """The Disaster that has just arrived where the seat's Characters stand (AM-5.15)."""
    for e in reversed(sight.view.get("events") or ()):
        for key in ("d", "card"):
            d = e.get(key)
            if isinstance(d, int) and str(d) in sight.pub.get("disasters", {}):
                return d
    here = {c["at"] for c in sight.mine().values()}
    found = [int(k) for k, d in sight.pub.get("disasters", {}).items() if d["at"] in here]
    return max(found, key=lambda d: sight.disaster(d)["stamp"]) if found else None


def _hide_or_fight(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-5.15, AM-5.16: fight an arriving Disaster that carries an Item, or would take one from this Location,
    when the totals favour the seat; hide otherwise."""
    d = _arriving(sight)
    choice = "hide"
    if d is not None:
        dis = sight.disaster(d)
        fighters = [c for c in sight.mine().values() if c["at"] == dis["at"]]
        kill, worst = fight_outlook(sight, d, fighters)
        prize = dis["carrying"] or sight.count(f"it:{dis['at']}")
        if prize and favourable(kill, worst):
            choice = "fight"
        elif fight_worth(sight, d, fighters) + ITEM_VALUE * bool(not dis["carrying"] and prize) > 0:
            choice = "fight"  # a Disaster worth a Character or two, or the Item it would take from here
    return _first_id(options, choice)


def _give(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-7.11, AM-8.25: the Item goes to the toughest Character, the hardest to bonk (AM-8.17, AM-6.22), but not
    to one that alone brings a skill (or a right to Scavenge a Category, AM-7.4) to the seat's Characters on the
    Field: a Disaster aims at Item carriers first (AM-8.7), and when such a Character is bonked in a Scavenge the
    others may no longer meet the Location's requirement, so the attempt stops (AM-7.10) and the Items it dropped
    stay under the Location."""
    chars = sight.chars()
    picks = [o for o in options if o.verb == "give_to" and str(o.args[0]) in chars]
    if not picks:
        return None

    def keeper(o: Any) -> tuple[bool, int, int]:
        c = chars[str(o.args[0])]
        return not _sole_skill(sight, c), c["def"], c["health"]

    return max(picks, key=keeper).id


def _sole_skill(sight: Sight, c: dict[str, Any]) -> bool:
    """Whether ``c`` has a skill that none of the seat's other Characters on the Field has."""
    others: set[str] = set()
    for x in sight.mine().values():
        if x["id"] != c["id"] and sight.on_field(x):
            others.update(x["skills"])
    return not set(c["skills"]) <= others


_CHARM_DISASTER = ("give_item", "no_attack", "no_defence")
_CHARM_CHARACTER = ("give_random_item", "stay")


def _charm_action(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-9.18 and AM-9.11: take the Item; else stop the Disaster's attack, or keep the rival where it is."""
    return _first_id(options, *_CHARM_DISASTER, *_CHARM_CHARACTER)


# ----- Flash windows (AM-10.17 to AM-10.22) --------------------------------------------------------------------------


def _my_fight(sight: Sight) -> dict[str, Any] | None:
    """The physical round of the seat's own combat whose cards are drawn (the window before damage, AM-8.12)."""
    combat = sight.pub.get("combat")
    if combat and combat.get("kind") == "physical" and combat.get("engaged") == sight.seat:
        if combat.get("target") is not None and combat.get("attackers"):
            return combat
    return None


def _rival_carrier_near(sight: Sight) -> bool:
    """A rival's Item carrier, or a Disaster carrying an Item, stands with one of the seat's Characters."""
    chars = sight.chars()
    here = {c["at"] for c in chars.values() if c["seat"] == sight.seat and sight.on_field(c)}
    if any(c["seat"] != sight.seat and c["items"] and c["at"] in here for c in chars.values()):
        return True
    return any(d["carrying"] and d["at"] in here for d in sight.pub.get("disasters", {}).values())


def _flash(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-10.21: costed cards and Weak Spot in one's own fight, First Aid on a hurt fighter, Pickpocket on an Item
    that stands within reach; otherwise pass (and never destroy a Location: its Items would go to the deck)."""
    fight = _my_fight(sight)
    for o in options:
        if o.verb == "use" and fight is not None:
            return o.id
        if o.verb != "play_flash":
            continue
        name = o.args[0]
        if name == "Pickpocket" and _rival_carrier_near(sight):
            return o.id
        if fight is None:
            continue
        if name == "Weak Spot" and (sight.disaster(fight["disaster"])["def"] or 0) >= 2:
            return o.id
        if name == "First Aid" and fight["damage"].get(str(fight["target"]), 0):
            return o.id
    return _first_id(options, "pass")


def _flash_target(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """The target of the Flash Effect just played: the fight's Disaster, the hurt fighter, or the richest victim."""
    name = _shown(sight)
    picks = [o for o in options if o.verb == "target"]
    if not picks or name is None:
        return None
    fight = sight.pub.get("combat") or {}
    chars = sight.chars()
    disasters = sight.pub.get("disasters", {})

    def worth(o: Any) -> float:
        t = o.args[0]
        if str(t) in disasters:
            if any(e.verb == "HEAL" for e in DEFS[name].effects):
                return -1.0  # AM-11.6: never heal the Disaster
            dis = disasters[str(t)]
            return 3.0 * (t == fight.get("disaster")) + 2.0 * dis["carrying"]
        c = chars.get(str(t))
        if c is None:
            return 0.0
        if name == "First Aid":
            return float(c["seat"] == sight.seat) + (fight.get("damage") or {}).get(str(t), 0)
        mine = c["seat"] == sight.seat
        return (1.0 if mine else -1.0) if not _harmful_flash(name) else (-1.0 if mine else 1.0 + c["items"])

    return max(picks, key=worth).id


def _harmful_flash(name: str) -> bool:
    return any(e.verb in ("STEAL_ITEM", "BONK") for e in DEFS[name].effects) or _harmful(name)


def _flash_user(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    """AM-10.19: the Character with the most Energy pays."""
    chars = sight.chars()
    picks = [o for o in options if o.verb == "used_by" and str(o.args[0]) in chars]
    return max(picks, key=lambda o: chars[str(o.args[0])]["nrg"]).id if picks else None


def _refuse(sight: Sight, options: list[Any], rng: random.Random) -> str | None:
    return _first_id(options, "refuse")


Handler = Callable[[Sight, list[Any], random.Random], "str | None"]

_HANDLERS: dict[str, Handler] = {
    "place_location": lambda s, o, r: _place(s, o, havens=False),
    "place_haven": lambda s, o, r: _place(s, o, havens=True),
    "starting_characters": _starting,
    "discard": _discard,
    "return_bonked": _return,
    "equip": _equip,
    "equip_target": _equip_target,
    "move": _move,
    "group": _group,
    "step": _step,
    "duel_target": _rival_target,
    "charm_target": _rival_target,
    "scavenge": _scavenge,
    "scavenge_more": _scavenge_more,
    "run_or_fight": _run_or_fight,
    "attackers": _attackers,
    "hide_or_fight": _hide_or_fight,
    "give_item": _give,
    "share": _give,
    "charm_action": _charm_action,
    "forced_action": _charm_action,
    "charm_contests": _discard,  # AM-9.16: no extra contests, so that every Character may still attack
    "flash": _flash,
    "flash_target": _flash_target,
    "flash_user": _flash_user,
    "haven_permission": _refuse,
}


def choose(turn: Any, rng: random.Random) -> str:
    """The heuristic's option id for ``turn`` (anything with ``seat``, ``decision`` and ``view``)."""
    decision = turn.decision
    options = list(decision.options)
    if len(options) == 1:
        return options[0].id
    handler = _HANDLERS.get(decision.kind)
    if handler is not None:
        choice = handler(Sight(turn.view, turn.seat), options, rng)
        if choice is not None:
            return choice
    return fallback(options)


SEARCHED_KINDS = frozenset({"move", "scavenge", "scavenge_more", "run_or_fight", "hide_or_fight"})
"""The decisions the search agent searches (its selective search): whether and which group moves, whether and where
to Scavenge and how far, whether to fight or run from a Disaster. The rest (each step of a move, who joins a group,
the Flash windows, setup, Equip, sharing Items) it leaves to the rules of thumb."""


def searched(turn: Any) -> bool:
    """Whether the search agent searches this decision (by its kind alone, read from the observation)."""
    return turn.decision.kind in SEARCHED_KINDS
