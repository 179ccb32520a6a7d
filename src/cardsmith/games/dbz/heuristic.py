"""Dragon Ball Z CCG: the heuristic agent's rules of thumb and the evaluation of a position, from what one seat sees.

Both read only the deciding seat's view (``turn.view``: both MPs' level, stage, power, PAT row and anger, life-deck
and hand counts, the drills in play, the attack waiting for a response, the seat's own hand and its clashing drills)
and the typed options of the decision (``option.verb``, ``option.args``), never the state. Card numbers come from
the public card data, read under the game's options (a :class:`~.config.Config`, as the rules read them). The rules
of thumb are written out for players in RULES.md, "How the computer plays".
"""

from __future__ import annotations

import random
from typing import Any

from cardsmith.core.heuristics import choose_by_kind, logistic, outcome, view_of

from .cards import load_card_set
from .config import ABLK, CACT, DRILL, EATK, EBLK, ONESHOT, PATK, PBLK, Config, ConfigCache, Info

_CONFIGS: ConfigCache | None = None


def _config(view: dict[str, Any]) -> Config:
    """The card rules data under this game's options (public: the options are part of every view)."""
    global _CONFIGS
    if _CONFIGS is None:
        _CONFIGS = ConfigCache(load_card_set())
    return _CONFIGS.get(view["options"])


def _drill_total(info: dict[str, Info], seat_view: dict[str, Any], power: str) -> int:
    """The sum of a continuous drill power over one seat's drills in play (DBZ-11.12)."""
    return sum(info[d["title"]].n for d in seat_view["drills"] if info[d["title"]].power == power)


def _effects_value(effects: tuple[Any, ...], me: dict[str, Any], foe: dict[str, Any]) -> float:
    """How much a card's effects help its player: anger and levels (the route to the Most Powerful Personality win),
    a draw while the life deck is long, and a shared life loss while it is the longer one."""
    value = 0.0
    for e in effects:
        kind = e.effect
        n = getattr(e, "n", 0) or 0
        if kind == "ANGER_SELF":
            value += 2.0 * n if me["level"] < me["levels"] else 0.0
        elif kind == "ANGER_OPP":
            value += -2.0 * n if n < 0 and foe["anger"] > 0 else (0.0 if n < 0 else -2.0 * n)
        elif kind == "LEVEL_SELF":
            value += 8.0 if me["level"] < me["levels"] else 0.0
        elif kind == "LEVEL_OPP":
            value += 6.0 if foe["level"] > 1 else 0.0
        elif kind == "DRAW":  # more cards, paid for with life cards (DBZ-13.1)
            value += 0.5 * n if me["life"] > 4 * n else 0.0
        elif kind == "LOSE_LIFE_BOTH":  # a race won by the longer life deck (DBZ-13.2)
            value += 1.0 * n if me["life"] > foe["life"] + n else 0.0
    return value


# ----- combat ------------------------------------------------------------------------------------------------------


def _physical(cfg: Config, attacker: dict[str, Any], target: dict[str, Any], bonus: int) -> int:
    """DBZ-6.2, DBZ-6.3: an unblocked physical attack's damage in stages."""
    base = cfg.pat.base_damage(attacker["power"], target["power"])
    return max(
        0,
        base
        + bonus
        + _drill_total(cfg.info, attacker, "PHYS_ATTACK_BONUS")
        - _drill_total(cfg.info, target, "PHYS_DAMAGE_REDUCTION"),
    )


def _energy(cfg: Config, attacker: dict[str, Any], target: dict[str, Any], damage: int) -> int:
    """DBZ-6.6: an unblocked energy attack's damage in life cards."""
    return max(
        0,
        damage
        + _drill_total(cfg.info, attacker, "ENERGY_ATTACK_BONUS")
        - _drill_total(cfg.info, target, "ENERGY_DAMAGE_REDUCTION"),
    )


def _life_worth(stages: int, target: dict[str, Any]) -> float:
    """Physical damage in life cards: only what goes past stage 0 (DBZ-4.3); stages lost weaken later attacks."""
    over = max(0, stages - target["stage"])
    return over + 0.3 * min(stages, target["stage"])


def _scene(view: dict[str, Any], seat: int) -> tuple[Config, dict[str, Any], dict[str, Any]]:
    """The card rules data in force, and the seat's and its opponent's public state."""
    seats = view["public"]["seats"]
    return _config(view), seats[seat], seats[1 - seat]


def _best(options: list[Any], score: Any, fallback: str) -> str:
    """The option with the highest positive score (the first among equals), else the one of verb ``fallback``."""
    best: tuple[float, str] | None = None
    for o in options:
        value = score(o)
        if value > 0 and (best is None or value > best[0]):
            best = (value, o.id)
    if best is not None:
        return best[1]
    return next(o.id for o in options if o.verb == fallback)


def _combat(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """A combat action (DBZ-5.4): the attack that does most, an anger card, else pass."""
    cfg, me, foe = _scene(view, seat)
    info = cfg.info

    def score(o: Any) -> float:
        if o.verb == "attack":
            i = info[o.args[0]]
            if i.code == PATK:
                hit = _life_worth(_physical(cfg, me, foe, i.bonus), foe) + _effects_value(i.on_play, me, foe)
                return (
                    hit + 0.5 * _effects_value(i.on_hit, me, foe) + 0.5
                )  # it also drains the target's stages
            if i.code == EATK:
                return (
                    _energy(cfg, me, foe, i.damage) - 0.3 * i.cost + 0.5 * _effects_value(i.on_hit, me, foe)
                )
        elif o.verb == "drill_attack":
            return _life_worth(_physical(cfg, me, foe, 0), foe) + 1.0  # free: no card spent
        elif o.verb == "combat_action":
            return _effects_value(info[o.args[0]].effects, me, foe)
        elif o.verb == "final_physical_attack":
            return _life_worth(_physical(cfg, me, foe, 0), foe) - 1.0
        return 0.0

    return _best(options, score, "pass")


def _respond(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """The response to an attack (DBZ-5.8): the cheapest defence that stops or softens a hit that hurts."""
    cfg = _config(view)
    info = cfg.info
    pub = view["public"]
    attack = pub["combat"]["attack"]
    seats = pub["seats"]
    me, foe = seats[seat], seats[1 - seat]
    title_info = info.get(attack["title"])
    if attack["kind"] == "physical":
        stages = _physical(cfg, foe, me, attack["bonus"])
        harm = _life_worth(stages, me) + 0.3
    else:
        stages = _energy(cfg, foe, me, attack["damage"])
        harm = float(stages)
    if title_info is not None and title_info.code in (PATK, EATK) and harm > 0:
        # an attack that lands also gives its player what its on-hit effect does (DBZ-5.14)
        harm += _effects_value(title_info.on_hit, foe, me)
    take = "take"
    best: tuple[float, str] | None = None
    for o in options:
        if o.verb == "take":
            take = o.id
            continue
        if o.verb == "drill_stop":
            saved, cost = harm, 0.0
        elif o.verb == "block":
            i = info[o.args[0]]
            if i.stop:
                saved = harm
                cost = 1.5 if i.code == ABLK else 1.0  # an any-attack block is the more flexible card
            else:
                if attack["kind"] == "physical":
                    left = max(0, stages - i.reduce)
                    saved = harm - _life_worth(left, me)
                else:
                    saved = min(harm, float(i.reduce))
                cost = 0.8
        else:
            continue
        gain = saved - cost
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, o.id)
    return best[1] if best is not None else take


# ----- Step 2, clashes, colours, the hand limit -------------------------------------------------------------------


def _drill_value(info: Info, me: dict[str, Any]) -> float:
    power, n = info.power, info.n
    if power in ("PHYS_ATTACK_BONUS", "ENERGY_ATTACK_BONUS"):
        return 3.0 * n
    if power in ("PHYS_DAMAGE_REDUCTION", "ENERGY_DAMAGE_REDUCTION"):
        return 2.5 * n
    if power == "POWER_UP_BONUS":
        return 2.0 * n
    if power == "EXTRA_DRAW":
        return 0.5  # a card drawn is a life card lost
    if power == "ACT_ANGER":
        return 4.0 if me["level"] < me["levels"] else 0.5
    if power == "ACT_PHYS_ATTACK":
        return 3.0
    if power == "ACT_STOP_ENERGY":
        return 3.0
    if power == "EXTRA_COLOUR":
        return 1.0
    return 0.5


def _non_combat(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """Step 2 (DBZ-3.5): anger and level cards, drills, an anger power; a drill-breaker only at the opponent."""
    cfg, me, foe = _scene(view, seat)
    info = cfg.info

    def score(o: Any) -> float:
        if o.verb == "use_power":
            return 10.0 if me["level"] < me["levels"] else 0.1
        if o.verb != "play":
            return 0.0
        i = info[o.args[0]]
        if i.code == DRILL:
            return _drill_value(i, me) - (0.5 if i.restricted is not None else 0.0)
        if i.code == ONESHOT:
            if i.destroy:
                return 3.0 if foe["drills"] else 0.0
            if any(e.effect == "LEVEL_SELF" for e in i.effects):
                return 9.0  # a level up (DBZ-13.4 at the top level) outweighs the drills it discards
            return _effects_value(i.effects, me, foe)
        return 0.0

    return _best(options, score, "done")


def _target(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """DBZ-12.13: destroy the opponent's most useful drill (never one's own when the opponent has one)."""
    info = _config(view).info
    seats = view["public"]["seats"]
    owner = {d["id"]: s for s in (0, 1) for d in seats[s]["drills"]}
    titles = {d["id"]: d["title"] for s in (0, 1) for d in seats[s]["drills"]}

    def score(o: Any) -> tuple[float, str]:
        cid = o.args[0]
        value = _drill_value(info[titles[cid]], seats[owner[cid]]) if cid in titles else 0.0
        return (value if owner.get(cid) != seat else -value - 100.0, o.id)

    return max(options, key=score).id


def _keep_colour(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """DBZ-8.18: keep the colour whose drills are worth most."""
    cfg = _config(view)
    me = view["public"]["seats"][seat]
    worth: dict[str, float] = {}
    for d in me["drills"]:
        i = cfg.info[d["title"]]
        if i.colour is not None:
            worth[i.colour] = worth.get(i.colour, 0.0) + _drill_value(i, me)
    return max(options, key=lambda o: (worth.get(cfg.colour_words[o.args[0]], 0.0), -o.args[0])).id


def _card_value(info: Info, me: dict[str, Any], foe: dict[str, Any]) -> float:
    """How much a card is worth kept for the next turn or the opponent's combat."""
    if info.code in (PBLK, EBLK, ABLK):
        return 4.0 + (1.0 if info.stop else 0.0) + (0.5 if info.code == ABLK else 0.0)
    if info.code == EATK:
        return 3.0 + info.damage / 2
    if info.code == PATK:
        return 3.0 + info.bonus
    if info.code in (CACT, ONESHOT):
        return 1.0 + max(0.0, _effects_value(info.effects, me, foe)) / 2
    if info.code == DRILL:
        return 1.0 + _drill_value(info, me) / 2
    return 0.0


def _discard(view: dict[str, Any], seat: int, options: list[Any]) -> str:
    """The hand limit (DBZ-3.9): discard the card worth least, keep the best."""
    info = _config(view).info
    seats = view["public"]["seats"]
    me, foe = seats[seat], seats[1 - seat]
    return min(options, key=lambda o: (_card_value(info[o.args[0]], me, foe), o.id)).id


def choose(turn: Any, rng: random.Random) -> str:
    """The heuristic's option id for ``turn`` (anything with ``seat``, ``decision`` and ``view``)."""
    options = turn.decision.options
    if len(options) > 1:
        for option in options:
            if (
                option.verb == "declare_combat"
            ):  # DBZ-5.2: the defender draws 3 from its life deck; always worth it
                return option.id
        for option in options:
            if option.verb == "show_and_shuffle":  # DBZ-9.2: a clashing drill goes back (one more life card)
                return option.id
    return choose_by_kind(turn, rng, _RULES)


_RULES = {
    "combat": _combat,
    "response": _respond,
    "non_combat": _non_combat,
    "target": _target,
    "keep_colour": _keep_colour,
    "discard": _discard,
}


def evaluate(turn_or_view: Any, seat: int) -> float:
    """``seat``'s estimated chance to win, in [0, 1], from its view: life cards left and progress to the top level."""
    view = view_of(turn_or_view)
    done = outcome(view, seat)
    if done is not None:
        return done
    seats = view["public"]["seats"]
    me, foe = seats[seat], seats[1 - seat]

    def progress(s: dict[str, Any]) -> float:
        return (s["level"] - 1) * 5 + s["anger"]  # anger 5 is a level (DBZ-4.6)

    score = (
        0.12 * (me["life"] - foe["life"])
        + 0.25 * (progress(me) - progress(foe))
        + 0.05 * (me["stage"] - foe["stage"])
    )
    return logistic(score)
