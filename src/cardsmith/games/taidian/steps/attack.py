"""Section 6, the attacking turn: a volley is laid card by card, revealed and resolved in seven steps (TAI-6.10).

The windows of steps (1), (3) and (4) are in :mod:`.windows`; elimination after step (7) in :mod:`.endgame`.
"""

from __future__ import annotations

from itertools import compress

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done, open_window, push
from cardsmith.core.game import Game
from cardsmith.core.state import State

from .. import effects
from ..data import CARDS, FIRE_BOMB, KIND, NAMES, RED_TARGETS, STAT_OF_KIND, after
from ..flow import FLOW
from ..model import Entry, Table, held, living, lowest, opponents
from .endgame import eliminate
from .upgrade import barrel_option, offer_end, play_step_answer

# Options and prompts whose words depend only on a few values, built once each and shared by every decision that
# offers them (an option list is never changed in place).
_RED_CARDS = frozenset(name for name in NAMES if KIND[name] in RED_TARGETS)
_DAMAGE_CARDS = frozenset(name for name in NAMES if KIND[name] == "attack")  # TAI-1.13
_BARRELS = frozenset(name for name in NAMES if KIND[name] == "burn")
_LAY_OPTIONS: dict[tuple[str, int, int, bool], list[str]] = {}
_FIRE_BOMB_OPTIONS: dict[tuple[str, int, str], list[str]] = {}
_LAY_ALL_OPTIONS: dict[tuple[int, str, int, int], list[str]] = {}
_REVEAL_OPTIONS: dict[int, list[str]] = {}


@FLOW.step()
def attacking(game: Game, state: State, frame: Frame) -> None:
    """TAI-6.4 .. TAI-6.9, TAI-6.18: lay red cards at targets one at a time, then reveal; or end the step."""
    g: Table = state["g"]
    cur = g["current"]
    names = state["cards"]
    hand = state["zones"][f"hand:{cur}"]
    options: list[list[str]] = []
    laying = g["laying"]
    if laying:
        chosen = {e["card"] for e in laying}
        unlaid = [c for c in hand if c not in chosen]
    else:
        unlaid = hand
    for name in held(names, unlaid, _RED_CARDS):
        options += _target_options(game, state, cur, name)
    options += _all_options(game, state, cur, unlaid)
    if laying:
        count = len(laying)
        reveal = _REVEAL_OPTIONS.get(count)
        if reveal is None:
            plural = "s" if count > 1 else ""
            reveal = _REVEAL_OPTIONS[count] = option(
                "reveal", label=f"Reveal the volley ({count} card{plural})"
            )
        options.append(reveal)
        ask(state, cur, "attack", game.seat_prompt(cur, "lay more cards or reveal the volley"), options)
        return
    for name in held(names, hand, _BARRELS):  # TAI-6.18, TAI-8.52
        options.append(barrel_option(g, name))
    prompt = game.seat_prompt(cur, "attacking turn, lay cards for a volley")
    offer_end(game, state, cur, options, "attack", prompt)


def _seat_targets(state: State, cur: int, name: str) -> list[int]:
    """TAI-6.7 .. TAI-6.9: the seats a red card other than a Fire Bomb may be aimed at."""
    g: Table = state["g"]
    if KIND[name] == "firstaid":  # any living player, the attacker included
        return living(g)
    return opponents(g, cur)


def _target_options(game: Game, state: State, cur: int, name: str) -> list[list[str]]:
    """TAI-6.7 .. TAI-6.9: the legal targets of one red card, one option each."""
    g: Table = state["g"]
    kind = KIND[name]
    sn = game.seat_name
    if kind == "firebomb":
        # a structure in an opponent's structure area, named by its owner and its name (TAI-9.4)
        names = state["cards"]
        out = []
        for p in opponents(g, cur):
            for s in state["zones"][f"struct:{p}"]:
                opt = _FIRE_BOMB_OPTIONS.get((name, p, names[s]))
                if opt is None:
                    opt = option("fire_bomb", p, names[s], label=f"{name} at {sn(p)}'s {names[s]}")
                    _FIRE_BOMB_OPTIONS[(name, p, names[s])] = opt
                out.append(opt)
        return out
    value = effects.value(g, cur, name) if kind in STAT_OF_KIND else 0
    out = []
    for p in _seat_targets(state, cur, name):
        key = (name, value, p, p == cur)
        opt = _LAY_OPTIONS.get(key)
        if opt is None:
            if kind == "firstaid":
                label = f"{name} (heal {value}) on {'yourself' if p == cur else sn(p)}"
            elif kind == "attack":
                label = f"{name} (attack {value}) at {sn(p)}"
            elif kind == "poison":
                label = f"{name} ({value} per tick) at {sn(p)}"
            else:
                label = f"{name} at {sn(p)}"
            opt = _LAY_OPTIONS[key] = option("lay", name, p, label=label)
        out.append(opt)
    return out


def _unlaid(state: State, cur: int) -> list[int]:
    """The cards in ``cur``'s hand not yet laid in the volley being built."""
    laid = {e["card"] for e in state["g"]["laying"]}
    return [c for c in state["zones"][f"hand:{cur}"] if c not in laid]


def _damage_left(state: State, cur: int, unlaid: list[int] | None = None) -> list[int]:
    """The damage-dealing red cards (TAI-1.13) in ``cur``'s hand not yet laid in the volley.

    Their names come in hand order; copies of one name are taken lowest id first, as laying one card of a name
    takes it (:func:`.model.lowest`), so laying them all is exactly laying them one at a time in hand order.
    ``unlaid``: those cards (:func:`_unlaid`), if already known.
    """
    names = state["cards"]
    if unlaid is None:
        unlaid = _unlaid(state, cur)
    left = list(compress(unlaid, map(_DAMAGE_CARDS.__contains__, map(names.__getitem__, unlaid))))
    if len(left) < 2:
        return left
    copies: dict[str, list[int]] = {}
    for cid in sorted(left, reverse=True):
        copies.setdefault(names[cid], []).append(cid)
    return [copies[names[c]].pop() for c in left]


def _all_options(game: Game, state: State, cur: int, unlaid: list[int]) -> list[list[str]]:
    """TAI-6.4, TAI-6.5: lay every damage-dealing card left in hand at one target and reveal, in one decision.

    One ``lay_all`` option per seat that each of those cards may legally be aimed at (the intersection of
    their single-card targets, TAI-6.7 .. TAI-6.9), offered only with two or more such cards (with one it would
    repeat that card's own option). The label names only the deciding seat's own cards (TAI-1.18). ``unlaid``: the
    cards in hand not yet laid (:func:`_unlaid`).
    """
    names = state["cards"]
    cards = _damage_left(state, cur, unlaid)
    if len(cards) < 2:
        return []
    # the seats each of them may be aimed at: every one is a damage card, aimed at an opponent (TAI-6.8)
    legal = set(opponents(state["g"], cur))
    counts: dict[str, int] = {}
    for cid in cards:
        counts[names[cid]] = counts.get(names[cid], 0) + 1
    what = ", ".join(name if k == 1 else f"{name} x{k}" for name, k in counts.items())
    total = sum(effects.value(state["g"], cur, names[cid]) for cid in cards)
    out = []
    for p in after(state["players"], cur):
        if legal and p in legal:
            key = (p, what, total, len(cards))
            opt = _LAY_ALL_OPTIONS.get(key)
            if opt is None:
                label = f"Lay all {len(cards)} damage cards ({what}; attack {total}) at {game.seat_name(p)} and reveal"
                opt = _LAY_ALL_OPTIONS[key] = option("lay_all", p, label=label)
            out.append(opt)
    return out


@FLOW.answer("attacking")
def attacking_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    if play_step_answer(game, state, seat, action):
        return
    g: Table = state["g"]
    verb = action.verb
    names = state["cards"]
    if verb == "lay":  # TAI-6.4: one card at one seat
        name, target = action.args
        g["laying"].append(
            {"card": lowest(names, _unlaid(state, seat), name), "target": target, "structure": -1}
        )
    elif verb == "fire_bomb":  # TAI-6.7, TAI-8.48: a Fire Bomb at the owner's structure of that name
        owner, structure = action.args
        cid = lowest(names, _unlaid(state, seat), FIRE_BOMB)
        aimed = lowest(names, state["zones"][f"struct:{owner}"], structure)
        g["laying"].append({"card": cid, "target": owner, "structure": aimed})
    elif verb == "reveal":
        _reveal(game, state, seat)
    else:  # lay_all, TAI-6.4, TAI-6.5: as if each were laid at the target in hand order, then revealed
        (target,) = action.args
        for cid in _damage_left(state, seat):
            g["laying"].append({"card": cid, "target": target, "structure": -1})
        _reveal(game, state, seat)


def _reveal(game: Game, state: State, attacker: int) -> None:
    """TAI-6.4, TAI-6.10: the volley is revealed, then resolved in seven steps."""
    g: Table = state["g"]
    n = state["players"]
    names = state["cards"]
    entries: list[Entry] = []
    attack, healing = [0] * n, [0] * n
    hit: set[int] = set()
    robbed: set[int] = set()
    shown = []
    laying = g["laying"]
    volley = [laid["card"] for laid in laying]  # TAI-6.15: into play, in the order laid
    game.move_all(state, volley, f"hand:{attacker}", f"play:{attacker}", cause="volley")
    for laid in laying:
        cid, target, scid = laid["card"], laid["target"], laid["structure"]
        name = names[cid]
        kind = KIND[name]
        val = (
            effects.value(g, attacker, name) if kind in STAT_OF_KIND else 0
        )  # TAI-5.10: at the moment played
        entries.append({"card": cid, "target": target, "structure": scid, "value": val})
        if kind == "attack":  # TAI-6.12
            attack[target] += val
        elif kind == "firstaid":  # TAI-8.45
            healing[target] += val
        if kind != "firstaid":  # TAI-6.11, TAI-8.46
            hit.add(target)
        if kind == "robber":
            robbed.add(target)
        shown.append([name, target, names[scid] if scid >= 0 else None, val])
    g["laying"] = []
    game.log(state, {"t": "volley", "s": attacker, "cards": shown})
    order = after(n, attacker)
    attacked = [p for p in order if p in hit]
    g["volley"] = {
        "attacker": attacker,
        "entries": entries,
        "attacked": attacked,
        "attack": attack,
        "block": [0] * n,
        "healing": healing,
        "counter": [0] * n,
        "counter_shield": 0,
    }
    push(state, "resolve")  # (5) to (7)
    open_window(state, "counter_shield")  # (4)
    for p in reversed(attacked):  # (3) clockwise after the attacker
        open_window(state, "respond", victim=p)
    push(state, "volley_effects")  # (2)
    for p in reversed([p for p in order if p in robbed]):  # (1)
        open_window(state, "shotgun", victim=p)
    for entry in entries:
        effects.on_play(game, state, attacker, names[entry["card"]])


@FLOW.step()
def volley_effects(game: Game, state: State, frame: Frame) -> None:
    """TAI-6.10 (2): Robbers, Fire Bombs and Poisons take effect one at a time in the listed order."""
    g: Table = state["g"]
    vol = g["volley"]
    assert vol is not None
    names = state["cards"]
    a = vol["attacker"]
    for entry in vol["entries"]:
        cid, target, scid = entry["card"], entry["target"], entry["structure"]
        kind = KIND[names[cid]]
        if kind == "robber":  # TAI-8.17: one card each, in the listed order
            effects.rob(game, state, a, target)
        elif kind == "firebomb":  # TAI-8.48, TAI-8.49
            if scid in state["zones"][f"struct:{target}"]:
                game.move(state, scid, f"struct:{target}", f"discard:{target}", cause="firebomb")
            else:
                game.log(state, {"t": "fizzle", "s": target, "what": "firebomb"})
        elif kind == "poison":  # TAI-8.24, TAI-8.26
            game.move(state, cid, f"play:{a}", f"poison:{target}", cause="poison")
            ticks = CARDS.cards[names[cid]].ticks
            g["poisons"].append(
                {"card": cid, "owner": a, "victim": target, "ticks": ticks, "damage": entry["value"]}
            )
    done(state)


@FLOW.step()
def resolve(game: Game, state: State, frame: Frame) -> None:
    """TAI-6.10 (5)-(7): damage and healing land at once; then who is out (section 11)."""
    g: Table = state["g"]
    done(state)
    vol = g["volley"]
    assert vol is not None
    g["volley"] = None
    n = state["players"]
    a = vol["attacker"]
    hp = g["health"]
    dmg = [0] * n
    for t in vol["attacked"]:  # TAI-6.13, TAI-6.14, TAI-9.13: defense counts in this volley only
        dmg[t] = max(0, vol["attack"][t] - vol["block"][t] - effects.structure_total(state, t, "reduce"))
    counter = sum(vol["counter"])
    if counter:  # TAI-8.3, TAI-8.7
        dmg[a] += max(0, counter - vol["counter_shield"])
    heal = vol["healing"]
    before = living(g)
    changes = []
    for p in range(n):
        if dmg[p] or heal[p] or p in vol["attacked"]:
            hp[p] = min(g["max_health"], hp[p] - dmg[p] + heal[p])  # TAI-11.3, TAI-11.2
            changes.append([p, dmg[p], heal[p], max(0, hp[p])])  # TAI-11.4: shown as 0 at worst
    game.log(state, {"t": "resolve", "s": a, "hp": changes})
    effects.sweep_windows(game, state)  # TAI-7.12
    cur = g["current"]
    dead = [p for p in (*after(n, cur), cur) if g["alive"][p] and hp[p] <= 0]
    if dead:
        killers = {}
        for p in dead:
            if p != a:
                killers[p] = a  # TAI-11.8
            else:
                best = max(vol["counter"])
                killers[p] = next(q for q in after(n, a) if vol["counter"][q] == best)
        eliminate(game, state, dead, killers, before)
