"""Taking of Taidian: what cards and characters do to the trackers (sections 4, 5, 8, 9 and 10).

The card values a player's tracks and ability give, costs, structure effects, energy and powering up, healing,
an ability's extra effect when its card is played, Robbers, and a Poison leaving the track. The steps call these.
"""

from __future__ import annotations

from cardsmith.core import rng
from cardsmith.core.flow import push
from cardsmith.core.game import Game
from cardsmith.core.state import State

from .data import ABILITY, CARDS, COLOR, COSTS, ICON_INDEX, INDEX, KIND, LEVEL_BONUS, POWER_AT, STAT_OF_KIND
from .model import Table

_BASE: dict[str, int] = {name: card.value for name, card in CARDS.cards.items()}
# TAI-10.1, TAI-10.3, TAI-10.5: (character, card) -> (amount, below) for each card a "modify" ability changes
_MODIFY: dict[tuple[str, str], tuple[int, int | None]] = {
    (character, name): (ab.amount, ab.below)
    for character, ab in ABILITY.items()
    if ab.kind == "modify"
    for name, card in CARDS.cards.items()
    if STAT_OF_KIND.get(KIND[name]) == ab.stat and (name in ab.cards or (ab.icon and ab.icon == card.icon))
}


def value(g: Table, seat: int, name: str) -> int:
    """The card's current value when ``seat`` plays it: base + 10 per level of its icon + ability (TAI-5.7..5.10)."""
    v = _BASE[name]
    icon = ICON_INDEX[name]
    if icon >= 0:
        v += LEVEL_BONUS * g["levels"][seat][icon]
    modify = _MODIFY.get((g["characters"][seat], name))
    if modify is not None and g["alive"][seat]:  # TAI-10.1, TAI-10.3, TAI-10.5
        amount, below = modify
        if below is None or g["health"][seat] < below:
            v += amount
    return v


def cost(g: Table, seat: int, name: str) -> int:
    """A card's cost for ``seat`` (TAI-1.12; a discount ability never takes it below 1)."""
    return COSTS[g["characters"][seat]][INDEX[name]]


def structure_total(state: State, seat: int, effect: str) -> int:
    """The sum of the amounts of ``seat``'s structures in play with ``effect`` (TAI-14.14)."""
    total = 0
    names = state["cards"]
    for cid in state["zones"][f"struct:{seat}"]:
        card = CARDS.cards[names[cid]]
        if card.effect == effect:
            total += card.amount
    return total


def heal_now(game: Game, state: State, seat: int, amount: int, source: str) -> None:
    """Healing from an ability outside a resolution (TAI-11.1, TAI-11.2)."""
    g: Table = state["g"]
    g["health"][seat] = min(g["max_health"], g["health"][seat] + amount)
    game.log(state, {"t": "heal", "s": seat, "n": amount, "hp": g["health"][seat], "src": source})


def gain_energy(game: Game, state: State, seat: int, amount: int, source: str) -> None:
    """TAI-4.12, TAI-5.1: add energy; powering up follows at once (TAI-5.3)."""
    g: Table = state["g"]
    g["energy"][seat] += amount
    game.log(state, {"t": "energy", "s": seat, "n": amount, "en": g["energy"][seat], "src": source})
    if g["energy"][seat] >= POWER_AT:
        push(state, "power_up", seat=seat)


def on_play(game: Game, state: State, seat: int, name: str) -> None:
    """TAI-14.17: an ability's extra effect when its named card is played."""
    ab = ABILITY[state["g"]["characters"][seat]]
    if ab.kind == "on_play" and ab.card == name:
        if ab.effect == "heal":
            heal_now(game, state, seat, ab.amount, "ability")
        else:
            gain_energy(game, state, seat, ab.amount, "ability")


def start_effect(game: Game, state: State, effect: int) -> None:
    """TAI-3.6: one start-of-turn effect: the character's ability (-1) or a structure's energy (its card id)."""
    g: Table = state["g"]
    cur = g["current"]
    if effect < 0:
        ab = ABILITY[g["characters"][cur]]
        if ab.effect == "energy":
            gain_energy(game, state, cur, ab.amount, "ability")
        else:
            heal_now(game, state, cur, ab.amount, "ability")
    else:
        card = CARDS.cards[state["cards"][effect]]
        gain_energy(game, state, cur, card.amount, card.name)


def rob(game: Game, state: State, attacker: int, target: int) -> None:
    """TAI-8.15 .. TAI-8.23: take one random non-structure card; a red one joins the attacker's hand."""
    if target in state["g"]["protected"]:  # TAI-8.11, TAI-8.14
        game.log(state, {"t": "fizzle", "s": target, "what": "robber"})
        return
    names = state["cards"]
    hand = state["zones"][f"hand:{target}"]
    candidates = [c for c in hand if KIND[names[c]] != "structure"]  # TAI-9.10
    if not candidates:  # TAI-8.22
        game.log(state, {"t": "rob", "s": attacker, "from": target, "name": None})
        return
    cid = candidates[rng.below(state, len(candidates))]  # TAI-8.16
    name = names[cid]
    dst = f"hand:{attacker}" if COLOR[name] == "red" else f"discard:{attacker}"  # TAI-8.19, TAI-8.20
    game.move(state, cid, f"hand:{target}", dst, cause="rob")
    game.log(state, {"t": "rob", "s": attacker, "from": target, "name": name})  # TAI-8.21: shown to all


def end_poison(game: Game, state: State, cid: int, why: str) -> None:
    """TAI-8.30, TAI-8.34, TAI-8.36, TAI-8.38: a Poison leaves the track for its owner's discard pile (or out)."""
    g: Table = state["g"]
    found = [i for i, entry in enumerate(g["poisons"]) if entry["card"] == cid]
    if not found:
        return
    entry = g["poisons"].pop(found[0])
    owner, victim = entry["owner"], entry["victim"]
    dst = f"discard:{owner}" if g["alive"][owner] else "out"
    game.move(state, cid, f"poison:{victim}", dst, cause="poison_end")
    game.log(state, {"t": "poison_end", "s": victim, "o": owner, "why": why})


def sweep_windows(game: Game, state: State) -> None:
    """TAI-7.12: the cards played in a window go to their players' discard piles once it has done its work."""
    z = state["zones"]
    for p in range(state["players"]):
        resp = z[f"resp:{p}"]
        if resp:  # in the order they were played
            game.move_all(state, list(resp), f"resp:{p}", f"discard:{p}", cause="used")
