"""Scenario ``[setup]`` keys of the ``dbz`` game (RULES.md, "Scenarios"): the msgspec schema and the checks that
depend on the card set and the zones, for every part of the state the rules read, down to the middle of a turn (a
drill power already used, drawn drills waiting for their clash choice) and of an attack (its source, waiting for
the defender's response).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from cardsmith.core.errors import ScenarioError
from cardsmith.core.state import State

from .config import DRILL, EATK, PATK
from .model import PHASES, Attack, Duel, Rules, other
from .steps.drills import colours

Pair = Annotated[list[int], msgspec.Meta(min_length=2, max_length=2)]
Titles = Annotated[list[list[str]], msgspec.Meta(min_length=2, max_length=2)]

# the root frame's step for each step of the turn a scenario may start at (DBZ-3.2)
START_AT = {"draw": "draw", "noncombat": "noncombat", "powerup": "powerup", "declare": "declare",
            "combat": "combat_action", "discard": "end_of_turn"}  # fmt: skip

# DBZ-11.14: the activated powers used once per turn, and those used once per combat
PER_TURN = ("ACT_ANGER",)
PER_COMBAT = ("ACT_PHYS_ATTACK", "ACT_STOP_ENERGY")


class AttackSetup(msgspec.Struct, forbid_unknown_fields=True):
    """``[setup.attack]``: the attack of ``to_act`` waiting for the other seat's response (DBZ-5.7). Exactly one of
    ``card`` (an attack card, which lies in the attacker's ``play:S``), ``drill`` (the attacker's drill whose
    ACT_PHYS_ATTACK makes it, DBZ-11.10) or ``final = true`` (a Final Physical Attack, DBZ-14.2)."""

    card: str | None = None
    drill: str | None = None
    final: bool = False


class KeepingSetup(msgspec.Struct, forbid_unknown_fields=True):
    """``[setup.keeping]``: a colour-keep choice under way (DBZ-8.18): ``seat`` has more colours in play than its
    allowance and has kept the colours of ``kept`` so far."""

    seat: int
    kept: list[str] = []


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    """Scenario ``[setup]`` keys (RULES.md, "Scenarios"); the checks that depend on the card set are in code."""

    mp: list[str] | None = None
    level: Pair | None = None
    stage: Pair | None = None
    anger: Pair | None = None
    turn: int = 1
    active: int = 0
    first: int | None = None
    step: str = "draw"
    declared: bool | None = None
    to_act: int | None = None
    passes: int | None = None
    fpa: Annotated[list[bool], msgspec.Meta(min_length=2, max_length=2)] | None = None
    used: Titles | None = None  # for each seat, drills in play whose activated power was used (DBZ-11.14)
    clashing: Titles | None = (
        None  # for each seat, drawn drills in hand waiting for the clash choice (DBZ-9.7)
    )
    attack: AttackSetup | None = None
    keeping: KeepingSetup | None = None
    destroying: str | None = (
        None  # a one-shot DESTROY_DRILL card in the active play:S, its drill target to choose
    )


def check_zones(game: Rules, state: State, setup: Setup) -> None:
    """Level cards come from ``mp``; a drill area holds drills; ``play:S`` holds only the attack card of
    ``attack``."""
    z = state["zones"]
    names = state["cards"]
    info = game.config(state).info
    card = setup.attack.card if setup.attack is not None else setup.destroying
    to_act = setup.to_act if setup.to_act is not None else setup.active
    for seat in (0, 1):
        if z[f"mp:{seat}"]:
            raise ScenarioError("zone mp:* starts empty: level cards come from [setup] mp")
        play = [names[c] for c in z[f"play:{seat}"]]
        if play and not (card is not None and play == [card] and seat == to_act):
            raise ScenarioError(
                "zone play:S holds only the attack card of [setup.attack] or the card of [setup] destroying, in the "
                "play zone of the seat to act"
            )
        for cid in z[f"drills:{seat}"]:
            if game.cards.cards.get(names[cid]) is None or info[names[cid]].code != DRILL:
                raise ScenarioError(f"{names[cid]!r} is not a drill and cannot be in drills:{seat}")
        for zone in ("life", "hand", "discard"):
            for cid in z[f"{zone}:{seat}"]:
                if names[cid] in game.cards.level_titles:
                    raise ScenarioError(f"{names[cid]!r} is a level card; it cannot be in {zone}:{seat}")


def place_in_turn(setup: Setup, g: Duel) -> int:
    """Check and set where a scenario stands: the players and the step of the turn (DBZ-3.1, DBZ-3.2) and its
    combat (section 5); returns the turn number."""
    turn, active = setup.turn, setup.active
    if turn < 1:
        raise ScenarioError("[setup] turn must be a whole number of at least 1")
    if active not in (0, 1):
        raise ScenarioError("[setup] active must be 0 or 1")
    first = setup.first if setup.first is not None else (active if turn % 2 == 1 else other(active))
    if first not in (0, 1) or (first == active) != (turn % 2 == 1):
        raise ScenarioError("[setup] first must be 0 or 1 and agree with turn and active (DBZ-3.1)")
    step = setup.step
    if step not in PHASES:
        raise ScenarioError(f"[setup] step must be one of {', '.join(PHASES)}")
    declared = setup.declared if setup.declared is not None else step == "combat"
    if step == "combat" and not declared:
        raise ScenarioError("[setup] declared must be true or false (true in combat)")
    g["first"], g["active"], g["declared"], g["phase"] = first, active, declared, step
    if step == "combat":
        to_act = setup.to_act if setup.to_act is not None else active
        passes = setup.passes if setup.passes is not None else 0
        if to_act not in (0, 1) or passes not in (0, 1):
            raise ScenarioError("[setup] to_act must be 0 or 1, passes 0 or 1")
        fpa = list(setup.fpa) if setup.fpa is not None else [False, False]
        g["combat"] = {"attacker": active, "to_act": to_act, "passes": passes, "final_physical_attack": fpa,
                       "attack": None}  # fmt: skip
    elif any(v is not None for v in (setup.to_act, setup.passes, setup.fpa, setup.attack)):
        raise ScenarioError("[setup] to_act, passes, fpa and attack apply only with step = 'combat'")
    return turn


def _in_zone(state: State, zone: str, titles: list[str], key: str) -> list[int]:
    """The cards a list of titles names in a zone: each title once per copy, in the zone's order."""
    names = state["cards"]
    free = list(state["zones"][zone])
    out = []
    for title in titles:
        match = next((c for c in free if names[c] == title), None)
        if match is None:
            raise ScenarioError(f"[setup] {key} names {title!r}, which is not (or not that often) in {zone}")
        free.remove(match)
        out.append(match)
    return out


def place_midturn(game: Rules, state: State, setup: Setup) -> str:
    """The middle of a turn: used drill powers (DBZ-11.14), clash choices waiting (DBZ-9.7) and an attack waiting
    for its response (DBZ-5.7); returns the step the turn starts at."""
    g = state["g"]
    info = game.config(state).info
    for seat, titles in enumerate(setup.used or [[], []]):
        for cid in _in_zone(state, f"drills:{seat}", titles, "used"):
            power = info[state["cards"][cid]].power
            if power in PER_TURN:
                g["used_this_turn"].append(cid)
            elif power in PER_COMBAT and g["combat"] is not None:
                g["used_this_combat"].append(cid)
            else:
                raise ScenarioError(
                    f"[setup] used: {state['cards'][cid]!r} has no power used once per turn, or once per combat "
                    "in a combat (DBZ-11.14)"
                )
    for seat, titles in enumerate(setup.clashing or [[], []]):
        for cid in _in_zone(state, f"hand:{seat}", titles, "clashing"):
            if info[state["cards"][cid]].colour is None:
                raise ScenarioError(
                    f"[setup] clashing: {state['cards'][cid]!r} is not a coloured drill (DBZ-9.1)"
                )
            g["clashing"][seat].append(cid)
    if setup.attack is None:
        return START_AT[setup.step]
    g["combat"]["attack"] = _attack(game, state, setup.attack)  # type: ignore[index]
    return "response"


def choices_under_way(game: Rules, state: State, setup: Setup) -> list[dict[str, Any]]:
    """The frames above the turn's step for a choice under way: a drill target to choose (DBZ-12.13), then a
    colour-keep choice (DBZ-8.18), which comes before anything else."""
    frames: list[dict[str, Any]] = []
    if setup.destroying is not None:
        seat = state["g"]["active"]
        i = game.config(state).info.get(setup.destroying)
        if i is None or not i.destroy:
            raise ScenarioError(
                f"[setup] destroying: {setup.destroying!r} is not a card that destroys a drill"
            )
        if setup.step != "noncombat" or not state["zones"][f"play:{seat}"]:
            raise ScenarioError(
                f"[setup] destroying: the card lies in play:{seat} of the active seat, with step = 'noncombat'"
            )
        if not (state["zones"]["drills:0"] or state["zones"]["drills:1"]):
            raise ScenarioError("[setup] destroying: there must be a drill in play to destroy (DBZ-12.13)")
        card = state["zones"][f"play:{seat}"][0]
        frames += [{"step": "finish_card", "seat": seat, "card": card},
                   {"step": "choose_target", "seat": seat, "card": card}]  # fmt: skip
    if setup.keeping is not None:
        frames.append(_keeping(game, state, setup.keeping))
    return frames


def _keeping(game: Rules, state: State, spec: KeepingSetup) -> dict[str, Any]:
    if spec.seat not in (0, 1):
        raise ScenarioError("[setup.keeping] seat must be 0 or 1")
    have, allowance = colours(game, state, spec.seat)
    if len(have) <= allowance:
        raise ScenarioError(
            f"[setup.keeping] seat {spec.seat} has {len(have)} colour(s) in play and may have {allowance}: "
            "there is nothing to choose (DBZ-8.18)"
        )
    if len(set(spec.kept)) != len(spec.kept) or not set(spec.kept) <= have or len(spec.kept) >= allowance:
        raise ScenarioError(
            f"[setup.keeping] kept must name fewer than {allowance} different colours in play ({', '.join(sorted(have))})"
        )
    return {"step": "keep_colours", "seat": spec.seat, "kept": list(spec.kept)}


def _attack(game: Rules, state: State, spec: AttackSetup) -> Attack:
    """DBZ-5.7: the attack of the seat to act, its cost paid and its ON_PLAY effects resolved already."""
    g = state["g"]
    combat = g["combat"]
    assert combat is not None
    by = combat["to_act"]
    info = game.config(state).info
    if [spec.card is not None, spec.drill is not None, spec.final].count(True) != 1:
        raise ScenarioError("[setup.attack] names exactly one of card, drill or final = true")
    base: Attack = {"by": by, "kind": "physical", "how": "card", "card": None, "title": "", "bonus": 0,
                    "damage": 0, "cost": 0}  # fmt: skip
    if spec.card is not None:
        i = info.get(spec.card)
        if i is None or i.code not in (PATK, EATK):
            raise ScenarioError(f"[setup.attack] card {spec.card!r} is not an attack card")
        if not state["zones"][f"play:{by}"]:
            raise ScenarioError(
                f"[setup.attack] the attack card lies in play:{by}, the zone of the seat to act"
            )
        kind = "energy" if i.code == EATK else "physical"
        return {**base, "kind": kind, "card": state["zones"][f"play:{by}"][0], "title": spec.card,
                "bonus": i.bonus, "damage": i.damage, "cost": i.cost}  # fmt: skip
    if spec.drill is not None:
        (cid,) = _in_zone(state, f"drills:{by}", [spec.drill], "attack.drill")
        if info[spec.drill].power != "ACT_PHYS_ATTACK":
            raise ScenarioError(f"[setup.attack] drill {spec.drill!r} has no ACT_PHYS_ATTACK (DBZ-11.10)")
        if cid not in g["used_this_combat"]:
            g["used_this_combat"].append(cid)  # its once-per-combat use is this attack
        return {**base, "how": "drill", "title": spec.drill}
    if not state["options"]["final_physical_attack"]:
        raise ScenarioError(
            "[setup.attack] a Final Physical Attack needs the option final_physical_attack (DBZ-14.2)"
        )
    combat["final_physical_attack"][by] = True  # DBZ-14.3
    return {**base, "how": "fpa", "title": "Final Physical Attack"}
