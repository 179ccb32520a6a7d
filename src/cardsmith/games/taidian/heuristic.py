"""Taking of Taidian: the heuristic agent's rules of thumb and the evaluation of a position, from what one seat sees.

Both read only the deciding seat's view (``turn.view``: every player's character, health, energy and track levels,
the poison tracks, the supply piles, the volley being resolved with its attack, block and counter totals, every
structure and discard pile, and the seat's own hand) and the typed options of the decision (``option.verb``,
``option.args``), never the state; the evaluation also reads each player's cards as counted from the public history
(:mod:`.pools`). Card numbers come from the public card data. The rules of thumb are written out for players in
RULES.md, "How the computer plays".
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from cardsmith.core.heuristics import choose_by_kind, logistic, outcome, view_of

from .cards import STARTING_DECK, TRACKS
from .data import ABILITY, CARDS, COSTS, HAND_SIZE, INDEX, KIND, LEVEL_BONUS, STAT_OF_KIND
from .pools import Pools, remember

_DEFS = CARDS.cards
_TRACK_AT = {t: i for i, t in enumerate(TRACKS)}
_TRACK_ORDER = ("strength", "aim", "skill", "healing")
"""Which track to raise first (TAI-5.2): Punch and Kick bear Strength, 9mm and Shotgun Aim, Shield and Poison
Skill, First Aid and Medic Healing."""

_CHARACTERS = (
    "Scarlet Fury",
    "Master Nine",
    "Rook",
    "Broker Cho",
    "Ironhide",
    "Volt",
    "Spark",
    "Phoenix",
    "Doctor Lin",
    "Sage Huo",
)
"""The order in which the heuristic takes a character when players choose (TAI-2.6)."""

# What a card is worth in a deck, to the heuristic: attack first, then money and energy (TAI-4, TAI-5).
_BUY_SCORE = {
    "Bunker": 9.0,
    "9mm": 8.0,
    "Gold": 7.0,
    "Punch": 6.5,
    "Strike": 5.0,
    "Market": 4.5,
    "Generator": 4.0,
    "Shield": 3.0,
    "Medic": 2.5,
    "Cash": 2.0,
    "Poison": 2.0,
    "Flash": 1.5,
}


def _hand(view: dict[str, Any], seat: int) -> list[str]:
    return [entry[1] for entry in view["zones"][f"hand:{seat}"] if entry is not None]


def value(view: dict[str, Any], seat: int, name: str) -> int:
    """A card's value when ``seat`` plays it: base + 10 per level of its icon + ability (TAI-5.7 .. TAI-5.10)."""
    card = _DEFS[name]
    player = view["public"]["players"][seat]
    v = card.value
    if card.icon in _TRACK_AT:
        v += LEVEL_BONUS * player["levels"][card.icon]
    ab = ABILITY[player["character"]]
    if ab.kind == "modify" and player["alive"]:  # TAI-10.1, TAI-10.3
        if (
            STAT_OF_KIND.get(KIND[name]) == ab.stat
            and (name in ab.cards or (ab.icon and ab.icon == card.icon))
            and (ab.below is None or player["health"] < ab.below)
        ):
            v += ab.amount
    return v


def _structures(view: dict[str, Any], seat: int) -> list[str]:
    return [e[1] for e in view["zones"].get(f"struct:{seat}", []) if e is not None]


def _reduction(view: dict[str, Any], seat: int) -> int:
    """TAI-9.13: damage reduction from the seat's structures in play."""
    return sum(_DEFS[n].amount for n in _structures(view, seat) if _DEFS[n].effect == "reduce")


def _opponents(view: dict[str, Any], seat: int) -> list[int]:
    players = view["public"]["players"]
    team = players[seat]["team"]
    return [
        p
        for p, pl in enumerate(players)
        if p != seat and pl["alive"] and (team is None or pl["team"] != team)
    ]


def _weakest(view: dict[str, Any], seat: int, seats: list[int]) -> int | None:
    """The opponent nearest elimination, among ``seats``."""
    players = view["public"]["players"]
    foes = [p for p in _opponents(view, seat) if p in seats]
    if not foes:
        return None
    return min(foes, key=lambda p: (players[p]["health"] + _reduction(view, p), p))


# ----- the choice step and the turns --------------------------------------------------------------------------------


def _turn_type(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """TAI-3.7: attack with a hand that hits hard (or finishes someone), else upgrade."""
    hand = _hand(view, seat)
    players = view["public"]["players"]
    damage = sum(value(view, seat, n) for n in hand if KIND[n] == "attack")
    money = sum(_DEFS[n].value for n in hand if KIND[n] == "money")
    foes = _opponents(view, seat)
    weakest = min((players[p]["health"] for p in foes), default=999)
    reds = sum(1 for n in hand if KIND[n] in ("attack", "poison", "robber", "firebomb"))
    attack = (
        damage >= 25
        or (damage > 0 and damage >= weakest)
        or (damage >= 15 and money <= 2)
        or (reds and money == 0 and not any(KIND[n] == "energy" for n in hand))
    )
    verb = "attack" if attack else "upgrade"
    return next((o.id for o in options if o.verb == verb), options[0].id)


def _upgrade(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """Section 4: play every money and energy card, then buy the best affordable cards, one at a time."""
    for verb in ("play_money", "play_energy"):
        for o in options:
            if o.verb == verb:
                return o.id
    best: tuple[float, str] | None = None
    pool = view["public"]["pool"]
    character = view["public"]["players"][seat]["character"]
    for o in options:
        if o.verb != "buy":
            continue
        name = o.args[0]
        score = _BUY_SCORE.get(name, 0.0)
        cost = COSTS[character][INDEX[name]]
        if score >= 2.0 and cost <= pool and (best is None or score > best[0]):
            best = (score, o.id)
    if best is not None:
        return best[1]
    return next((o.id for o in options if o.verb == "end"), options[-1].id)


def _attack(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """Section 6: one volley at the weakest opponent with every damage card, Poison and Robber; First Aid on oneself
    when hurt; Fire Bombs at a Bunker first; then reveal, and end the step when nothing is left to lay."""
    players = view["public"]["players"]
    me = players[seat]
    lays = [o for o in options if o.verb == "lay"]
    targets = {o.args[1] for o in lays if KIND[o.args[0]] != "firstaid"}
    target = _weakest(view, seat, sorted(targets))
    for kind in ("robber", "poison"):
        for o in lays:
            if KIND[o.args[0]] == kind and o.args[1] == target:
                return o.id
    for o in lays:
        name = o.args[0]
        if KIND[name] == "firstaid" and o.args[1] == seat:
            if me["health"] + value(view, seat, name) <= view["public"]["max_health"] + 5:
                return o.id
    bombs = [o for o in options if o.verb == "fire_bomb"]
    if bombs:
        return max(bombs, key=lambda o: (_BUY_SCORE.get(o.args[1], 0.0), -o.args[0])).id
    for o in options:
        if o.verb == "lay_all" and o.args[0] == target:
            return o.id
    for o in lays:
        if KIND[o.args[0]] == "attack" and o.args[1] == target:
            return o.id
    for o in options:
        if o.verb == "reveal":
            return o.id
    return next((o.id for o in options if o.verb == "end"), options[-1].id)


# ----- windows ------------------------------------------------------------------------------------------------------


def _antidote(view: dict[str, Any], options: list[Any], victim: int) -> str | None:
    """TAI-8.38: remove the victim's Poison that would do most damage."""
    poisons = [p for p in view["public"]["poisons"] if p["victim"] == victim]
    best: tuple[int, str] | None = None
    for o in options:
        if o.verb == "antidote" and o.args[1] < len(poisons):
            p = poisons[o.args[1]]
            harm = p["damage"] * p["ticks"]
            if best is None or harm > best[0]:
                best = (harm, o.id)
    return best[1] if best else None


def _done(options: list[Any]) -> str:
    return next((o.id for o in options if o.verb == "done"), options[-1].id)


def _victim(view: dict[str, Any], seat: int, options: list[Any]) -> int | None:
    """Whose response window this is, as far as the seat can tell without reading words, or None.

    Counters are offered only in one's own window (TAI-7.7). Otherwise a volley aimed at one player is that player's
    window; in a volley aimed at several the seat cannot tell whose window it is asked in (the prompt says so in
    words, which the heuristic does not read)."""
    if any(o.verb == "counter" for o in options):
        return seat
    vol = view["public"]["volley"]
    attacked = vol["attacked"] if vol else []
    return attacked[0] if len(attacked) == 1 else None


def _respond(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """A response window (section 7): counter with Kick and 9mm, block what would get through, heal when hurt.

    It helps another player (TAI-7.5) only when that player is a teammate, and plays nothing when it cannot tell
    whose window it is asked in."""
    pub = view["public"]
    vol = pub["volley"]
    players = pub["players"]
    victim = _victim(view, seat, options)
    if victim is None:
        return _done(options)
    if victim != seat:
        team = players[seat]["team"]
        if team is None or players[victim]["team"] != team:
            return _done(options)
    for o in options:
        if o.verb == "counter":  # TAI-8.2: counter damage to the attacker, answered only by its Shields
            return o.id
    if (
        vol is not None
    ):  # TAI-6.13, TAI-9.13: what would get through the blocks played so far and the structures
        incoming = vol["attack"][victim] - vol["block"][victim] - _reduction(view, victim)
    else:
        incoming = 0
    blocks = [o for o in options if o.verb == "play" and KIND[o.args[0]] in ("shield", "shotgun")]
    if incoming > 0 and blocks:
        # the smallest block that covers the rest, else the biggest (a card's value is its player's, TAI-5.10)
        covering = [o for o in blocks if value(view, seat, o.args[0]) >= incoming]
        if covering:
            return min(covering, key=lambda o: value(view, seat, o.args[0])).id
        return max(blocks, key=lambda o: value(view, seat, o.args[0])).id
    antidote = _antidote(view, options, victim)
    if antidote is not None:
        return antidote
    health = players[victim]["health"] - max(0, incoming)
    for o in options:
        if o.verb == "play" and KIND[o.args[0]] == "medic":
            if health + value(view, seat, o.args[0]) <= pub["max_health"] + 5 or health <= 30:
                return o.id
    return _done(options)


def _counter_shield(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """TAI-8.6: Shields against the counter damage coming back, while any gets through."""
    vol = view["public"]["volley"]
    pending = sum(vol["counter"]) - (vol["counter_shield"] or 0) if vol else 0
    shields = [o for o in options if o.verb == "play"]
    if pending > 0 and shields:
        return max(shields, key=lambda o: value(view, seat, o.args[0])).id
    return _done(options)


def _tick(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """TAI-8.28: an Antidote on one's own Poison, a Medic when hurt.

    The Poisons that tick now are those of the player whose turn it is (TAI-3.5, TAI-8.33); when they sit on more
    than one player, the seat cannot tell whose tick window it is asked in, and plays nothing."""
    pub = view["public"]
    victims = {p["victim"] for p in pub["poisons"] if p["owner"] == pub["current"]}
    if victims != {seat}:
        return _done(options)
    antidote = _antidote(view, options, seat)
    if antidote is not None:
        return antidote
    health = pub["players"][seat]["health"]
    for o in options:
        if o.verb == "play" and health + value(view, seat, o.args[0]) <= pub["max_health"] + 5:
            return o.id
    return _done(options)


def _shotgun(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """TAI-8.12: a Shotgun for oneself before a Robber takes a card (and 5 counter damage to the attacker), when the
    seat is the only player the volley's Robbers aim at (else it cannot tell whose window it is asked in)."""
    vol = view["public"]["volley"]
    robbed = {entry[1] for entry in vol["cards"] if KIND[entry[0]] == "robber"} if vol is not None else set()
    if robbed == {seat}:
        for o in options:
            if o.verb == "play":
                return o.id
    return _done(options)


# ----- the small decisions ------------------------------------------------------------------------------------------


def _power_up(options: list[Any]) -> str:
    """TAI-5.2: Strength first (Punch and Kick), then Aim, Skill and Healing."""
    return min(options, key=lambda o: _TRACK_ORDER.index(o.args[0]) if o.verb == "power_up" else 99).id


def _keep_score(name: str) -> float:
    return _BUY_SCORE.get(name, 1.0 if KIND[name] not in ("money",) else 0.5 + _DEFS[name].value)


def _structure(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """TAI-9.7: a structure works only in play."""
    return next((o.id for o in options if o.verb == "place"), options[0].id)


def _character(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    return min(options, key=lambda o: _CHARACTERS.index(o.args[0]) if o.args[0] in _CHARACTERS else 99).id


def _burn(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """TAI-8.53: burn Coins (they dilute the deck), nothing else."""
    coins = [o for o in options if o.verb == "burn" and o.args[0] == "Coin"]
    return coins[0].id if coins else next((o.id for o in options if o.verb == "stop"), options[-1].id)


def _reward(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """TAI-13.6: the best cards first."""
    takes = [o for o in options if o.verb == "take"]
    if takes:
        return max(takes, key=lambda o: (_keep_score(o.args[0]), o.id)).id
    return options[-1].id


def choose(turn: Any, rng: random.Random) -> str:
    """The heuristic's option id for ``turn`` (anything with ``seat``, ``decision`` and ``view``)."""
    return choose_by_kind(turn, rng, _RULES)


_RULES = {
    "powerup": lambda view, seat, options: _power_up(options),
    "structure": _structure,
    "character": _character,
    "order": lambda view, seat, options: options[0].id,
    "turn_type": _turn_type,
    "upgrade": _upgrade,
    "attack": _attack,
    "respond": _respond,
    "counter_shield": _counter_shield,
    "tick": _tick,
    "shotgun": _shotgun,
    "burn": _burn,
    "reward": _reward,
}


# ----- the evaluation ----------------------------------------------------------------------------------------------

_POISON_SHARE = 0.6
"""The share of a Poison's ticks (its per-tick damage times its ticks) that a Poison card in a deck is counted as
dealing: an Antidote or a Medic may take some of it back (TAI-8.38, TAI-8.41)."""
_GROWTH = 2.5
"""The damage a hand's buying power is counted as adding to each later hand: money buys attack (section 4)."""
_ENERGY_GROWTH = 0.4
"""Likewise for a hand's energy: ten energy is a level, worth 10 more on every card bearing its icon (TAI-5.7)."""
_BLOCKED = 0.7
"""The share of a defender's block per hand that is counted as taken off an attacker's hand (a Shield is played only
against damage that would get through, and only from the hand the defender holds, TAI-7.2)."""
_HEALED = 0.5
"""The share of a hand's healing counted as health won back each turn (First Aid, Medic: TAI-8.39 .. TAI-8.43)."""
_SCALE = 2.4
"""How sharply the evaluation turns the ratio of the two sides' turns to win into a chance."""


_FACE_UP = ("discard", "play", "bought", "resp")
"""The zones where a player's cards lie face up for everyone; with the deck and the hand, the cards that go round."""


def _card_rates(view: dict[str, Any], p: int, name: str) -> tuple[float, float, float, float]:
    """What one card of ``p``'s adds to a hand, played at ``p``'s value: damage, growth, block, healing."""
    kind = KIND[name]
    if kind == "attack":
        return value(view, p, name), 0.0, 0.0, 0.0
    if kind == "poison":
        return value(view, p, name) * _DEFS[name].ticks * _POISON_SHARE, 0.0, 0.0, 0.0
    if kind == "money":
        return 0.0, _GROWTH * _DEFS[name].value, 0.0, 0.0
    if kind == "energy":
        return 0.0, _ENERGY_GROWTH * _DEFS[name].value, 0.0, 0.0
    if kind in ("shield", "shotgun"):
        return 0.0, 0.0, value(view, p, name), 0.0
    if kind in ("medic", "firstaid"):
        return 0.0, 0.0, 0.0, value(view, p, name)
    return 0.0, 0.0, 0.0, 0.0


def _pool_rates(
    view: dict[str, Any], p: int, pool: dict[str, int] | None = None
) -> tuple[float, float, float, float]:
    """What an average hand of ``p``'s is worth (damage dealt, buying power and energy as growth, block, healing).

    With ``pool``, ``p``'s cards as counted from the public history (:mod:`.pools`), it is the average over all of
    them. Without it, it is read from the cards of ``p``'s that lie face up (discard pile, play and bought areas, open
    window) and, for its deck and hand, the average of those and of a starting deck (TAI-2.8). Every player's cards
    are counted alike, the viewer's own hand too, so that the viewer's side is not weighed by what it alone sees. A
    structure drawn goes into play (TAI-9.7), so it is not counted in a hand."""
    if pool is not None:
        cards = {name: n for name, n in pool.items() if KIND[name] != "structure"}
        per_hand = HAND_SIZE / max(sum(cards.values()), HAND_SIZE)
        a, g, b, h = (x * per_hand for x in _sum_rates(view, p, cards))
        return a, g, b, h
    zones = view["zones"]
    seen: dict[str, int] = {}
    unseen = len(zones[f"deck:{p}"]) + len(zones[f"hand:{p}"])
    for kind in _FACE_UP:
        for entry in zones[f"{kind}:{p}"]:
            if entry is not None and KIND[entry[1]] != "structure":
                seen[entry[1]] = seen.get(entry[1], 0) + 1
    seen_sum = _sum_rates(view, p, seen)
    start_sum = _sum_rates(view, p, STARTING_DECK)
    seen_count = sum(seen.values())
    known = seen_count + sum(STARTING_DECK.values())
    per_hand = HAND_SIZE / max(seen_count + unseen, HAND_SIZE)
    a, g, b, h = ((x + unseen * (x + y) / known) * per_hand for x, y in zip(seen_sum, start_sum, strict=True))
    return a, g, b, h


def _sum_rates(view: dict[str, Any], p: int, counts: dict[str, int]) -> list[float]:
    sums = [0.0, 0.0, 0.0, 0.0]
    for name, count in counts.items():
        for i, x in enumerate(_card_rates(view, p, name)):
            sums[i] += count * x
    return sums


def _turns_to_win(
    view: dict[str, Any], p: int, q: int, rates: dict[int, tuple[float, float, float, float]]
) -> float:
    """About how many of ``p``'s turns it takes to bring ``q`` down at the rate ``p``'s cards deal damage, after
    ``q``'s blocks, structures and healing, with what ``p``'s money and energy will buy (at least a fraction of a
    turn)."""
    players = view["public"]["players"]
    attack, growth, _, _ = rates[p]
    _, _, block, heal = rates[q]
    pub = view["public"]
    poison = sum(x["damage"] * x["ticks"] for x in pub["poisons"] if x["victim"] == q)
    reduction = _reduction(view, q)
    # a Market's buying power and a Generator's energy, counted at the energy rate
    bonus = sum(_DEFS[n].amount for n in _structures(view, p) if _DEFS[n].effect != "reduce")
    damage = attack - _BLOCKED * min(block, attack) - reduction + growth + _ENERGY_GROWTH * bonus
    damage -= _HEALED * heal
    left = players[q]["health"] - _POISON_SHARE * poison
    return max(left, 1.0) / max(damage, 2.0)


def evaluate(turn_or_view: Any, seat: int, pools: Pools | None = None) -> float:
    """``seat``'s estimated chance to win, in [0, 1], from its view: how many turns its cards need to bring the
    strongest opponent down, against how many that opponent's cards need to bring it down.

    A side's damage per turn is what an average hand of its cards deals (:func:`_pool_rates`: the cards that lie
    face up, a starting deck standing in for the deck and hand), at its track levels and character (TAI-5.7,
    TAI-10.1), less the opponent's average block, structures and healing, plus what its money, energy and
    structures will add; the Poison still to tick is taken off health. The weights were set by how well the
    evaluation predicted the winners of seeded heuristic games.

    ``pools`` is each player's cards as counted from the public history (:func:`.pools.remember`); given an
    observation, it is counted from the observation's history. A side whose cards are not known so is read from
    what lies face up."""
    if pools is None and not isinstance(turn_or_view, Mapping):
        pools = remember(None, turn_or_view.history, turn_or_view.options)
    view = view_of(turn_or_view)
    done = outcome(view, seat)
    if done is not None:
        return done
    pub = view["public"]
    players = pub["players"]
    if not players[seat]["alive"]:
        return 0.0
    foes = _opponents(view, seat)
    if not foes:
        return 1.0
    rates = {p: _pool_rates(view, p, pools[p] if pools is not None else None) for p in (seat, *foes)}
    mine = max(_turns_to_win(view, seat, q, rates) for q in foes)
    theirs = min(_turns_to_win(view, q, seat, rates) for q in foes)
    prior = 1.0 / (1 + len(foes))
    score = math.log(prior / (1 - prior)) + _SCALE * math.log(theirs / mine)
    return logistic(score)
