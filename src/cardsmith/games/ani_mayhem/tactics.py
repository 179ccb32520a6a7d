"""What the Ani-Mayhem heuristic reads off one seat's view: the Field's geometry, which Locations are worth a Scavenge,
where a group should head, and how a Physical Combat is likely to go.

Everything here takes the seat's view (:func:`cardsmith.core.view.view`) and the public card data, never the state:
the Field's cells and their Disaster stacks and Item piles (counts only, AM-1.25), every Character's and Disaster's
current attributes as the public data shows them, and the seat's own Characters with the Items they carry (AM-1.26).
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from .grid import NEIGHBOURS
from .rules import DEFS

ITEM_VALUE = 10.0
"""What an Item under a Location is worth to a group that can Scavenge it (the unit of :func:`place_value`)."""

EQUIPMENT_VALUE = 3.0
"""What a face-up Equipment card left under a Location is worth."""

FRIEND_VALUE = 2.0
"""What each of the seat's other Characters standing at a destination adds to it: groups that meet are stronger."""

STEP_COST = 0.6
"""How much a step of distance takes off a destination's value (nearer is better, all else equal)."""

MIN_ATTACK = 6
"""The least Attack (of the three strongest members together) with which a group takes on a Disaster stack: a
weaker group would leave revealed Combat Disasters alive to roam and carry Items off (AM-5.16)."""

CARD_ATTACK = 0.85
CARD_DEFENSE = 0.7
"""The mean Attack and Defense modifiers of the sample Combat cards (AM-14.12): what a draw adds on average."""


class Sight:
    """The parts of a view the heuristic reads, worked out once per decision."""

    __slots__ = ("view", "seat", "pub", "zones", "kinds", "owner", "adj", "names", "_mine")

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        self.pub = view.get("public") or {}
        self.zones = view["zones"]
        self.kinds: dict[int, tuple[str, int | None, bool]] = {}  # place -> (kind, haven owner, destroyed)
        at: dict[tuple[int, int], int] = {}
        for p, x, y, kind, owner, destroyed in self.pub.get("cells", ()):
            self.kinds[p] = (kind, owner, destroyed)
            at[x, y] = p
        self.adj: dict[int, list[int]] = {}
        for (x, y), p in at.items():
            self.adj[p] = [q for dx, dy in NEIGHBOURS if (q := at.get((x + dx, y + dy))) is not None]
        self.names: dict[int, str] = {}
        for zone, entries in self.zones.items():
            if zone in ("field", "dz") or zone.startswith("pc:"):
                for entry in entries:
                    if entry is not None and entry[0] is not None:
                        self.names[entry[0]] = entry[1]
        self._mine: dict[str, dict[str, Any]] | None = None

    # ----- who is where -------------------------------------------------------------------------------------------

    def chars(self) -> dict[str, dict[str, Any]]:
        """Every Character in play, with the seat's own as its private data shows them (Items counted)."""
        if self._mine is None:
            raw = dict(self.pub.get("chars", {}))
            raw.update((self.view.get("private") or {}).get("chars", {}))
            out = {}
            for k, c in raw.items():
                name = self.names.get(int(k))
                printed = DEFS[name].dfn if name is not None else None
                out[k] = {**c, "id": int(k), "health": max(printed if printed is not None else c["def"], 1)}
            self._mine = out
        return self._mine

    def mine(self) -> dict[int, dict[str, Any]]:
        return {int(k): c for k, c in self.chars().items() if c["seat"] == self.seat}

    def on_field(self, c: dict[str, Any]) -> bool:
        return self.kinds.get(c["at"], ("haven",))[0] == "location"

    def my_haven(self) -> int | None:
        for p, (kind, owner, _) in self.kinds.items():
            if kind == "haven" and owner == self.seat:
                return p
        return None

    def disasters_at(self, p: int) -> list[int]:
        return [int(k) for k, d in self.pub.get("disasters", {}).items() if d["at"] == p]

    def disaster(self, d: int) -> dict[str, Any]:
        return self.pub["disasters"][str(d)]

    def disaster_card(self, d: int) -> Any:
        name = self.names.get(d)
        return DEFS[name] if name is not None else None

    def count(self, zone: str) -> int:
        return len(self.zones.get(zone, ()))

    # ----- the Field ------------------------------------------------------------------------------------------------

    def distances(self, start: int, carriers: bool = False) -> dict[int, int]:
        """Steps from ``start`` to every cell a group of the seat can reach (AM-6.4 to AM-6.9, AM-4.12): through
        Locations, destroyed ones included; into its own Haven only as an end. A Location where entering stops a
        group (a blocking Disaster, AM-5.23, or for Item carriers a Combat Disaster, AM-6.13) is an end too."""
        dist = {start: 0}
        todo = deque([start])
        while todo:
            p = todo.popleft()
            if p != start and self._stops(p, carriers):
                continue
            for q in self.adj.get(p, ()):
                if q in dist:
                    continue
                kind, owner, _ = self.kinds[q]
                if kind == "haven" and owner != self.seat:
                    continue  # AM-6.8
                dist[q] = dist[p] + 1
                todo.append(q)
        return dist

    def _stops(self, p: int, carriers: bool) -> bool:
        kind = self.kinds[p][0]
        if kind == "haven":
            return True  # AM-6.7
        for d in self.disasters_at(p):
            card = self.disaster_card(d)
            if card is None:
                continue
            if "MOVES_ONCE" in card.keywords or (carriers and card.is_combat_disaster):
                return True
        return False

    def last_draws(self) -> bool:
        """Every Draw pile is empty: no more Disasters will be drawn, and a round in which nothing changes ends the
        game with every Item still on the Field counted for the deck (AM-12.7, AM-12.8), so waiting wins nothing."""
        piles = [k for k in self.zones if k.startswith("draw:")]
        return bool(piles) and all(not self.zones[k] for k in piles)

    def blocked(self, p: int) -> bool:
        """AM-5.23: a moves-only-once Disaster stands there, so nobody may Scavenge it."""
        for d in self.disasters_at(p):
            card = self.disaster_card(d)
            if card is not None and "MOVES_ONCE" in card.keywords:
                return True
        return False


def meets(name: str, skills: set[str]) -> bool:
    """AM-7.2 to AM-7.4: whether skills taken together (with Category rights) meet a Location's requirement."""
    card = DEFS[name]
    if not card.skills:
        return True
    if set(card.skills) <= skills:
        return True
    return any(s.startswith("scav:") and s[5:] in card.cats for s in skills)


def group_skills(group: list[dict[str, Any]]) -> set[str]:
    out: set[str] = set()
    for c in group:
        out.update(c["skills"])
    return out


def group_attack(group: list[dict[str, Any]], cap: int = 3) -> int:
    """The Attack of the group's strongest ``cap`` members together (AM-8.8, AM-8.13)."""
    return sum(sorted((c["atk"] for c in group), reverse=True)[:cap])


def place_value(sight: Sight, p: int, group: list[dict[str, Any]]) -> float:
    """What Scavenging Location ``p`` is worth to ``group`` now: its Items and Equipment, less the risk of the
    Disasters still stacked on it (AM-7.5 to AM-7.11); 0 when the group may not Scavenge it."""
    kind, _, destroyed = sight.kinds.get(p, ("haven", None, True))
    if kind != "location" or destroyed or not group:
        return 0.0
    name = sight.names.get(p)
    if name is None or not meets(name, group_skills(group)) or sight.blocked(p):
        return 0.0
    loot = ITEM_VALUE * sight.count(f"it:{p}") + EQUIPMENT_VALUE * sight.count(f"eq:{p}")
    if not loot:
        return 0.0
    stack = sight.count(f"ds:{p}")
    attack = sum(sorted((c["atk"] + fight_boost(sight, c) for c in group), reverse=True)[:3])
    if stack and attack < MIN_ATTACK and not sight.last_draws():
        return 0.0  # too weak: a revealed Combat Disaster would survive and roam with the Items (AM-5.16)
    toughness = min(c["def"] for c in group)
    risk = max(0.5, 7.0 - attack - 0.5 * toughness - len(group))  # a hidden Disaster, weighed by the group
    return loot - stack * risk


def head_for(sight: Sight, place: int, group: list[dict[str, Any]]) -> tuple[int, float]:
    """Where ``group`` (the seat's Characters at ``place``) should end its movement, and that end's value.

    Every reachable Location is scored by :func:`place_value`, less its distance; one beyond the group's Movement
    (AM-6.10: the slowest member's) counts for less, so that the group heads towards it."""
    reach = min(c["mov"] for c in group) if group else 0
    haven = sight.my_haven()
    if place == haven and DEFS[sight_name(sight, haven)].effects:
        reach += 1  # AM-10.24: a Haven that speeds those leaving it (the sample Havens' text)
    dist = sight.distances(place, carriers=any(c["items"] for c in group))
    ids = {c["id"] for c in group}
    friends: dict[int, list[dict[str, Any]]] = {}
    for c in sight.mine().values():
        if c["id"] not in ids and sight.on_field(c):
            friends.setdefault(c["at"], []).append(c)
    best, best_score = place, place_value(sight, place, group + friends.get(place, []))
    for q, d in dist.items():
        if q == place or q == haven:
            continue
        score = place_value(sight, q, group + friends.get(q, [])) + prey_value(sight, q, group, d <= reach)
        if score <= 0:
            continue
        score += FRIEND_VALUE * len(friends.get(q, ()))
        score -= STEP_COST * d
        if d > reach:
            score = 0.6 * score - (d - reach)
        if score > best_score:
            best, best_score = q, score
    return best, best_score


def prey_value(sight: Sight, p: int, group: list[dict[str, Any]], reach: bool) -> float:
    """What the Items carried by Combat Disasters at ``p`` are worth to ``group`` (AM-6.15, AM-8.25): a group that
    arrives there without Items may attack such a Disaster in the same Move phase, and take its Item if it wins.
    A group with Item carriers is attacked as it enters (AM-6.13), the carriers first (AM-8.7), so it goes only
    after a Disaster that cannot hurt them (with the mean Combat card), such as a Road Block Golem that sits on
    its Item for good (AM-5.21, AM-5.22), or once every Draw pile is empty (:meth:`Sight.last_draws`)."""
    if not reach:
        return 0.0
    carriers = any(c["items"] for c in group) and not sight.last_draws()
    value = 0.0
    for d in sight.disasters_at(p):
        dis = sight.disaster(d)
        if not dis["carrying"]:
            continue
        kill, worst = fight_outlook(sight, d, group)
        if favourable(kill, worst) and (worst == math.inf or not carriers):
            value += ITEM_VALUE * dis["carrying"]
    return value


def sight_name(sight: Sight, p: int | None) -> str:
    """The card name of a Haven (or Location) of the Field, from the zones that show it."""
    if p is None:
        return ""
    if p in sight.names:
        return sight.names[p]
    for zone, entries in sight.zones.items():
        if zone.startswith("haven:"):
            for entry in entries:
                if entry is not None and entry[0] == p:
                    sight.names[p] = entry[1]
                    return entry[1]
    return ""


def step_towards(sight: Sight, goal: int, options: list[Any], carriers: bool = False) -> Any:
    """The ``step_to`` option that brings a group nearest ``goal`` (ties: the first)."""
    back = sight.distances(goal, carriers)
    best, best_d = None, math.inf
    for o in options:
        d = back.get(o.args[0], math.inf)
        if d < best_d:
            best, best_d = o, d
    return best


# ----- combat -------------------------------------------------------------------------------------------------------


def rounds_to(health: float, per_round: float) -> float:
    """Rounds needed to deal ``health`` damage at ``per_round`` a round (infinite when nothing gets through)."""
    if per_round <= 0:
        return math.inf
    return math.ceil(max(health, 1) / per_round)


def _fight_start(
    sight: Sight, d: int, damage: dict[str, int] | None
) -> tuple[dict[str, Any], int, dict[str, int], int]:
    """What a fight against Disaster ``d`` starts from: its view, how many Characters may join (4 against a Major,
    else 3), the damage already taken in this combat, and the damage still needed to defeat it."""
    card = sight.disaster_card(d)
    dis = sight.disaster(d)
    cap = 4 if card is not None and card.major else 3
    damage = damage or {}
    printed = card.dfn if card is not None and card.dfn is not None else dis["def"] or 0
    return dis, cap, damage, max(printed, 1) - damage.get(str(d), 0)


def fight_outlook(
    sight: Sight, d: int, fighters: list[dict[str, Any]], damage: dict[str, int] | None = None
) -> tuple[float, float]:
    """(rounds for ``fighters`` to defeat Disaster ``d``, rounds before the weakest of them is bonked), with the mean
    Combat card on both sides (AM-8.8 to AM-8.19). Damage already taken in this combat is counted."""
    if not fighters:
        return math.inf, 0.0
    dis, cap, damage, left = _fight_start(sight, d, damage)
    hit = group_attack(fighters, cap) + CARD_ATTACK - (dis["def"] or 0) - CARD_DEFENSE
    kill = rounds_to(left, hit)
    worst = math.inf
    for c in fighters:
        hurt = (dis["atk"] or 0) + CARD_ATTACK - c["def"] - CARD_DEFENSE
        worst = min(worst, rounds_to(c["health"] - damage.get(str(c["id"]), 0), hurt))
    return kill, worst


def favourable(kill: float, worst: float, margin: int = 0) -> bool:
    """A fight worth having: the Disaster falls, and no sooner than ``margin`` rounds before anyone is bonked."""
    return kill != math.inf and kill <= 3 and kill + margin <= worst


BONK_COST = 5.0
"""What losing one of the seat's Characters to a bonk costs (AM-6.23: it misses a turn and must walk back), in the
unit of :data:`ITEM_VALUE`; a carrier's Items drop on top of it (AM-6.22)."""

MAJOR_THREAT = 8.0
MINOR_THREAT = 3.0
"""What defeating a Combat Disaster is worth besides the Item it carries: a Major comes back after every cycle and
takes an Item on each (AM-5.12, AM-5.16), a Minor roams until its cycle ends (AM-5.11)."""

KILL_EXTRA = 1
"""A killed Character (damage twice its Health, AM-8.17) is gone for good (AM-6.25): it counts as this many more
bonks."""

FORECAST_ROUNDS = 4


def in_hand(sight: Sight, name: str) -> bool:
    """Whether the seat holds a card named ``name``."""
    return any(
        e is not None and len(e) > 1 and e[1] == name for e in sight.zones.get(f"hand:{sight.seat}", ())
    )


def fight_boost(sight: Sight, c: dict[str, Any]) -> int:
    """The Attack that ``c``'s costed Enhancements and Equipment add in each round it can pay for them (AM-10.6 to
    AM-10.8: the Energy spent in a round comes back at its end, AM-10.7)."""
    boost = 0
    for entry in sight.zones.get(f"gear:{c['id']}", ()):
        card = DEFS.get(entry[1]) if entry is not None and len(entry) > 1 else None
        if card is None or not card.cost or card.cost[0] != "nrg" or c.get("nrg", 0) < card.cost[1]:
            continue
        if not set(card.requires) <= set(c["skills"]):
            continue
        boost += sum(e.value for e in card.effects if e.verb == "MODIFY" and e.attr == "atk" and e.op == "+")
    return boost


def fight_forecast(
    sight: Sight, d: int, fighters: list[dict[str, Any]], damage: dict[str, int] | None = None
) -> tuple[float, int, int]:
    """(the round in which ``fighters`` defeat Disaster ``d``, or infinity; how many of them are bonked by then, a
    killed one counting as 1 + :data:`KILL_EXTRA`; how many of them are left standing),
    with the mean Combat card on both sides (AM-8.8 to AM-8.19). Each round the Disaster hits the Character it could
    bonk soonest among those it may target (Item carriers first, AM-8.7), and a bonked Character attacks no more. A
    Weak Spot in hand takes the Disaster's Defense to 0 in the first round (it is played in the window before
    damage, AM-8.12)."""
    if not fighters:
        return math.inf, 0, 0
    dis, cap, damage, left = _fight_start(sight, d, damage)
    hurt_taken = {c["id"]: damage.get(str(c["id"]), 0) for c in fighters}
    alive = list(fighters)
    weak = in_hand(sight, "Weak Spot")
    lost = 0
    for rnd in range(1, FORECAST_ROUNDS + 1):
        defence = 0 if weak and rnd == 1 else dis["def"] or 0
        attack = sum(sorted((c["atk"] + fight_boost(sight, c) for c in alive), reverse=True)[:cap])
        left -= max(0.0, attack + CARD_ATTACK - defence - CARD_DEFENSE)
        pool = [c for c in alive if c["items"]] or alive
        target = min(pool, key=lambda c: c["health"] - hurt_taken[c["id"]] - _hit(dis, c))
        hurt_taken[target["id"]] += _hit(dis, target)
        if hurt_taken[target["id"]] >= target["health"]:
            alive.remove(target)
            lost += 1 + KILL_EXTRA * (hurt_taken[target["id"]] >= 2 * target["health"])
        if left <= 0:
            return rnd, lost, len(alive)
        if not alive:
            break
    return math.inf, lost, len(alive)


def _hit(dis: dict[str, Any], c: dict[str, Any]) -> float:
    return max(0.0, (dis["atk"] or 0) + CARD_ATTACK - c["def"] - CARD_DEFENSE)


def kill_value(sight: Sight, d: int) -> float:
    """What defeating Disaster ``d`` is worth: the Item it carries (AM-8.25) and the Items it would take later."""
    card = sight.disaster_card(d)
    threat = MAJOR_THREAT if card is not None and card.major else MINOR_THREAT
    return ITEM_VALUE * sight.disaster(d)["carrying"] + threat


def fight_worth(
    sight: Sight, d: int, fighters: list[dict[str, Any]], damage: dict[str, int] | None = None
) -> float:
    """The value of fighting Disaster ``d`` to the end with ``fighters``: what its defeat wins less the Characters
    bonked on the way (and the Items they carry); minus infinity when they would not defeat it."""
    kill, lost, standing = fight_forecast(sight, d, fighters, damage)
    if kill == math.inf or not standing:
        return -math.inf
    carried = sum(c["items"] for c in fighters) / max(len(fighters), 1)
    return kill_value(sight, d) - lost * (BONK_COST + 0.5 * ITEM_VALUE * carried)


def run_cost(
    sight: Sight, d: int, fighters: list[dict[str, Any]], damage: dict[str, int] | None = None
) -> float:
    """What running away costs: the Disaster's last attack (AM-8.21) on the Character it could bonk soonest."""
    if not fighters:
        return 0.0
    damage = damage or {}
    dis = sight.disaster(d)
    pool = [c for c in fighters if c["items"]] or fighters
    for c in pool:
        hurt = damage.get(str(c["id"]), 0) + _hit(dis, c)
        if hurt >= c["health"]:
            return BONK_COST * (1 + KILL_EXTRA * (hurt >= 2 * c["health"])) + 0.5 * ITEM_VALUE * c["items"]
    return 0.0
