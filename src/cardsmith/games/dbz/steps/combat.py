"""Combat (section 5) and damage (section 6), with the Final Physical Attack option (DBZ-14.2, DBZ-14.3)."""

from __future__ import annotations

from typing import Literal

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, goto
from cardsmith.core.state import State

from ..config import ABLK, CACT, EATK, EBLK, PATK, PBLK, Info
from ..effects import resolve_effects
from ..model import Attack, Rules, other
from .clash import ask_with_clashes, clash_answer
from .drills import total
from .flow import FLOW
from .levels import power
from .life import lose_life
from .noncombat import hand_titles, in_hand

PASS_OPTION = option("pass", label="Pass")
TAKE_OPTION = option("take", label="Take the attack with no defence")


def combat_options(game: Rules, state: State, seat: int) -> list[list[str]]:
    """DBZ-5.4, DBZ-5.12, DBZ-14.2, DBZ-14.3: the acting player's possible actions (passing aside)."""
    g = state["g"]
    if g["combat"]["final_physical_attack"][seat]:  # DBZ-14.3: after a Final Physical Attack, only passes
        return []
    info = game.config(state).info
    names = state["cards"]
    opts = game.text.verb_options(state)
    z = state["zones"]
    options: list[list[str]] = []
    stage = g["stage"][seat]
    titles = hand_titles(state, seat)
    for title in titles:
        code = info[title].code
        if code == PATK or (code == EATK and stage >= info[title].cost):  # DBZ-4.4, DBZ-6.5
            options.append(opts["attack"][title])
        elif code == CACT:
            options.append(opts["combat_action"][title])
    used = g["used_this_combat"]
    drills_seen: set[str] = set()
    for cid in z[f"drills:{seat}"]:  # DBZ-11.10
        title = names[cid]
        if info[title].power == "ACT_PHYS_ATTACK" and cid not in used and title not in drills_seen:
            drills_seen.add(title)
            label = game.text.verb_labels(state)["drill_attack"][title]
            options.append(option("drill_attack", cid, label=label))
    if state["options"]["final_physical_attack"]:  # DBZ-14.2
        fpa = opts["final_physical_attack"]
        for title in sorted(titles):
            options.append(fpa[title])
    return options


@FLOW.step()
def combat_action(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-5.4, DBZ-5.5: the player to act takes a combat action or passes."""
    g = state["g"]
    g["phase"] = "combat"
    combat = g["combat"]
    seat = combat["to_act"]
    options = combat_options(game, state, seat)
    # DBZ-5.5: passing is always legal. The engine passes for the player only when public facts leave nothing
    # else (an empty hand, or the DBZ-14.3 lock); DBZ-1.7: otherwise it asks, even with "pass" alone.
    if not options and (combat["final_physical_attack"][seat] or not state["zones"][f"hand:{seat}"]):
        pass_turn(game, state, frame, seat)
        return
    options.append(PASS_OPTION)
    ask_with_clashes(game, state, seat, "combat", game.text.prompt_combat(state, seat), options)  # DBZ-9.7


@FLOW.answer("combat_action")
def combat_action_answer(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    if clash_answer(game, state, seat, action):  # DBZ-9.2: the same action is asked again
        return
    verb = action.verb
    if verb == "pass":
        pass_turn(game, state, frame, seat)
    elif verb == "combat_action":
        play_combat_action(game, state, seat, action.args[0])
    elif verb == "attack":
        attack_with_card(game, state, frame, seat, action.args[0])
    elif verb == "drill_attack":  # DBZ-11.10: a physical attack without a card, once per combat per drill
        cid = action.args[0]
        state["g"]["used_this_combat"].append(cid)
        start_attack(game, state, frame, new_attack(seat, "physical", "drill", None, state["cards"][cid]))
    else:  # DBZ-14.2, DBZ-14.3: discard a card to make a physical attack with no bonus of its own
        cid = in_hand(state, seat, action.args[0])
        game.move(state, cid, f"hand:{seat}", f"discard:{seat}", cause="fpa")
        state["g"]["combat"]["final_physical_attack"][seat] = True
        start_attack(game, state, frame, new_attack(seat, "physical", "fpa", None, "Final Physical Attack"))


def pass_turn(game: Rules, state: State, frame: Frame, seat: int) -> None:
    """DBZ-5.6, DBZ-5.16: two passes in a row, one by each player, end combat."""
    g = state["g"]
    combat = g["combat"]
    combat["passes"] += 1
    game.log(state, {"t": "pass", "seat": seat})
    if combat["passes"] >= 2:
        game.log(state, {"t": "combat_end"})
        g["combat"] = None
        g["used_this_combat"] = []  # DBZ-11.14: once-per-combat uses end with their combat
        goto(frame, "end_of_turn")
        return
    combat["to_act"] = other(seat)


def new_attack(
    seat: int,
    kind: Literal["physical", "energy"],
    how: Literal["card", "drill", "fpa"],
    card: int | None,
    title: str,
    *,
    bonus: int = 0,
    damage: int = 0,
    cost: int = 0,
) -> Attack:
    """DBZ-5.7: an attack by ``seat``, from a card in play, a drill's power or a Final Physical Attack."""
    return {"by": seat, "kind": kind, "how": how, "card": card, "title": title, "bonus": bonus, "damage": damage,
            "cost": cost}  # fmt: skip


def start_attack(game: Rules, state: State, frame: Frame, attack: Attack) -> None:
    """DBZ-5.7: the attack waits for the defender's response."""
    combat = state["g"]["combat"]
    combat["passes"] = 0  # DBZ-5.6: a non-pass action starts the count again
    combat["attack"] = attack
    goto(frame, "response")
    kind = "p" if attack["kind"] == "physical" else "e"
    game.log(
        state,
        {"t": "attack", "seat": attack["by"], "kind": kind, "how": attack["how"], "name": attack["title"]},
    )


def attack_with_card(game: Rules, state: State, frame: Frame, seat: int, title: str) -> None:
    """DBZ-5.7: name the attack card, pay the cost (DBZ-6.5), resolve ON_PLAY effects (DBZ-12.14)."""
    cid = in_hand(state, seat, title)
    i = game.config(state).info[title]
    game.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="attack")
    if i.code == EATK:
        state["g"]["stage"][seat] -= i.cost
        attack = new_attack(seat, "energy", "card", cid, title, damage=i.damage, cost=i.cost)
    else:
        attack = new_attack(seat, "physical", "card", cid, title, bonus=i.bonus)
    start_attack(game, state, frame, attack)
    if i.on_play:
        resolve_effects(game, state, seat, i.on_play)


def play_combat_action(game: Rules, state: State, seat: int, title: str) -> None:
    """DBZ-5.13: a combat action card resolves, with no response, and is discarded."""
    cid = in_hand(state, seat, title)
    combat = state["g"]["combat"]
    combat["passes"] = 0
    game.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="action")
    resolve_effects(game, state, seat, game.config(state).info[title].effects)
    if state["result"] is not None:
        return
    game.move(state, cid, f"play:{seat}", f"discard:{seat}", cause="resolved")
    combat["to_act"] = other(seat)


def response_options(game: Rules, state: State, seat: int) -> list[list[str]]:
    """DBZ-5.8 .. DBZ-5.11, DBZ-11.11: blocks that fit the attack, a stopping drill power, or no defence."""
    g = state["g"]
    attack = g["combat"]["attack"]
    info = game.config(state).info
    names = state["cards"]
    block = game.text.verb_options(state)["block"]
    fits = (PBLK, ABLK) if attack["kind"] == "physical" else (EBLK, ABLK)
    options: list[list[str]] = []
    for title in hand_titles(state, seat):
        if info[title].code in fits:
            options.append(block[title])
    if attack["kind"] == "energy":
        used = g["used_this_combat"]
        seen: set[str] = set()
        for cid in state["zones"][f"drills:{seat}"]:
            title = names[cid]
            if info[title].power == "ACT_STOP_ENERGY" and cid not in used and title not in seen:
                seen.add(title)
                label = game.text.verb_labels(state)["drill_stop"][title]
                options.append(option("drill_stop", cid, label=label))
    return options


@FLOW.step()
def response(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-5.8: the defender responds to the attack."""
    seat = other(state["g"]["combat"]["attack"]["by"])
    options = response_options(game, state, seat)
    if not options and not state["zones"][f"hand:{seat}"]:  # DBZ-6.8, DBZ-1.7: no defence, and it shows
        resolve_attack(game, state, frame, None, False)
        return
    options.append(TAKE_OPTION)
    ask_with_clashes(
        game, state, seat, "response", game.text.prompt_response(state, seat), options
    )  # DBZ-9.7


@FLOW.answer("response")
def response_answer(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    if clash_answer(game, state, seat, action):  # DBZ-9.2: the same response is asked again
        return
    if action.verb == "take":
        resolve_attack(game, state, frame, None, False)
    elif action.verb == "block":
        cid = in_hand(state, seat, action.args[0])
        game.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="block")
        resolve_attack(game, state, frame, cid, False)
    else:  # DBZ-11.11: a drill's power stops the energy attack
        cid = action.args[0]
        state["g"]["used_this_combat"].append(cid)
        game.log(state, {"t": "power", "seat": seat, "name": state["cards"][cid]})
        resolve_attack(game, state, frame, None, True)


def physical_damage(game: Rules, state: State, attack: Attack, block: Info | None) -> int:
    """DBZ-6.1 .. DBZ-6.3, DBZ-6.7: final physical damage in stages (rows read now, after the response)."""
    by = attack["by"]
    target = other(by)
    if block is not None and block.stop:
        return 0
    base = game.config(state).pat.base_damage(power(game, state, by), power(game, state, target))
    dmg = (
        base
        + attack["bonus"]
        + total(game, state, by, "PHYS_ATTACK_BONUS")
        - (block.reduce if block is not None else 0)
        - total(game, state, target, "PHYS_DAMAGE_REDUCTION")
    )
    return max(0, dmg)


def energy_damage(game: Rules, state: State, attack: Attack, block: Info | None) -> int:
    """DBZ-6.6, DBZ-6.7: final energy damage in life cards."""
    by = attack["by"]
    if block is not None and block.stop:
        return 0
    dmg = (
        attack["damage"]
        + total(game, state, by, "ENERGY_ATTACK_BONUS")
        - (block.reduce if block is not None else 0)
        - total(game, state, other(by), "ENERGY_DAMAGE_REDUCTION")
    )
    return max(0, dmg)


def resolve_attack(game: Rules, state: State, frame: Frame, block: int | None, stopped: bool) -> None:
    """DBZ-5.7, DBZ-5.14, DBZ-5.15, DBZ-6.4, DBZ-6.6: damage, ON_HIT effects, then discard attack and block."""
    g = state["g"]
    combat = g["combat"]
    attack = combat["attack"]
    by = attack["by"]
    target = other(by)
    info = game.config(state).info
    binfo = info[state["cards"][block]] if block is not None else None
    if stopped:
        dmg = 0
    elif attack["kind"] == "physical":
        dmg = physical_damage(game, state, attack, binfo)
    else:
        dmg = energy_damage(game, state, attack, binfo)
    stages = life = 0
    if dmg > 0:
        if attack["kind"] == "physical":  # DBZ-4.3, DBZ-6.4
            have = g["stage"][target]
            stages = min(dmg, have)
            g["stage"][target] = have - stages
            life = dmg - stages
        else:
            life = dmg
    blocked = block is not None or stopped
    game.log(state, {"t": "damage", "seat": target, "stages": stages, "life": life, "blocked": blocked})
    if life:
        lose_life(game, state, target, life)
        if state["result"] is not None:
            return
    if dmg > 0 and attack["card"] is not None:  # DBZ-5.14: ON_HIT only after at least 1 damage
        on_hit = info[attack["title"]].on_hit
        if on_hit:
            resolve_effects(game, state, by, on_hit)
            if state["result"] is not None:
                return
    if attack["card"] is not None:  # DBZ-5.15: the attack card first, then the block
        game.move(state, attack["card"], f"play:{by}", f"discard:{by}", cause="resolved")
    if block is not None:
        game.move(state, block, f"play:{target}", f"discard:{target}", cause="resolved")
    combat["attack"] = None
    combat["to_act"] = target
    goto(frame, "combat_action")
