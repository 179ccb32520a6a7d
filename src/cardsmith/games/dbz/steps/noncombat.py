"""Step 2 (DBZ-3.5, DBZ-3.6): Non-Combat cards and drill powers (sections 7, 11 and 12)."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done, goto, push
from cardsmith.core.state import State
from cardsmith.core.zones import lowest_named

from ..config import DRILL, ONESHOT
from ..effects import POWERS, resolve_effects
from ..model import Rules, enter_step, other
from .clash import ask_with_clashes, clash_answer
from .drills import check_allowance, discard_drills, drill_refusal, play_drill
from .flow import FLOW

DONE_OPTION = option("done", label="Done with Step 2")


def in_hand(state: State, seat: int, title: str) -> int:
    """The card a title names in a seat's hand: the lowest id with that title (copies are interchangeable)."""
    return lowest_named(state["cards"], state["zones"][f"hand:{seat}"], title)


def hand_titles(state: State, seat: int) -> list[str]:
    """The titles in a seat's hand, each once, in the order of their lowest card id."""
    return list(dict.fromkeys(map(state["cards"].__getitem__, sorted(state["zones"][f"hand:{seat}"]))))


def noncombat_options(game: Rules, state: State, seat: int) -> list[list[str]]:
    """DBZ-3.5, DBZ-7.11, DBZ-11.9, DBZ-12.13: what ``seat`` may do in Step 2."""
    info = game.config(state).info
    names = state["cards"]
    opts = game.text.verb_options(state)
    z = state["zones"]
    options: list[list[str]] = []
    any_drill = None
    for title in hand_titles(state, seat):
        i = info[title]
        if i.code == DRILL:
            if drill_refusal(game, state, seat, title, info) is None:  # DBZ-7.11
                options.append(opts["play"][title])
        elif i.code == ONESHOT:
            if i.destroy:  # DBZ-12.13: needs a drill in play
                if any_drill is None:
                    any_drill = bool(z["drills:0"] or z["drills:1"])
                if not any_drill:
                    continue
            options.append(opts["play"][title])
    used = state["g"]["used_this_turn"]
    seen: set[str] = set()
    for cid in z[f"drills:{seat}"]:  # DBZ-11.9, DBZ-11.14, DBZ-11.16
        title = names[cid]
        if info[title].power == "ACT_ANGER" and cid not in used and title not in seen:
            seen.add(title)
            options.append(option("use_power", cid, label=game.text.verb_labels(state)["use_power"][title]))
    options.append(DONE_OPTION)
    return options


@FLOW.step()
def noncombat(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-3.5, DBZ-3.6: Step 2, Non-Combat cards and Step-2 drill powers, until the player is done."""
    seat = enter_step(state, "noncombat")
    options = noncombat_options(game, state, seat)
    if len(options) == 1 and not state["zones"][f"hand:{seat}"]:
        # DBZ-1.7: Step 2 ends by itself only when the (public) empty hand shows there is nothing to play;
        # otherwise the player is asked, so skipping it never tells the opponent what the hand holds.
        goto(frame, "powerup")
        return
    ask_with_clashes(
        game, state, seat, "non_combat", game.text.prompt_noncombat(state, seat), options
    )  # DBZ-9.7


@FLOW.answer("noncombat")
def noncombat_answer(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    if clash_answer(game, state, seat, action):  # DBZ-9.2: Step 2 goes on, asked again
        return
    if action.verb == "done":
        goto(frame, "powerup")
    elif action.verb == "use_power":
        use_power(game, state, seat, action.args[0])
    else:
        play(game, state, seat, action.args[0])


def play(game: Rules, state: State, seat: int, title: str) -> None:
    """DBZ-7.1: a drill enters play; DBZ-7.2, DBZ-12.15: a one-shot card is public while it resolves, then
    discarded."""
    cid = in_hand(state, seat, title)
    i = game.config(state).info[title]
    if i.code == DRILL:
        play_drill(game, state, seat, cid)
        return
    game.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="one_shot")
    if i.destroy:  # DBZ-12.13: choose the drill first; the card is discarded after it resolves
        push(state, "finish_card", seat=seat, card=cid)
        push(state, "choose_target", seat=seat, card=cid)
        return
    resolve_effects(game, state, seat, i.effects)
    if state["result"] is None:
        game.move(state, cid, f"play:{seat}", f"discard:{seat}", cause="resolved")


@FLOW.step()
def choose_target(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-12.13: the player chooses any one drill in play, in either drill area."""
    seat = frame["seat"]
    names = state["cards"]
    options = []
    for s in (seat, other(seat)):
        seen = set()
        for cid in state["zones"][f"drills:{s}"]:
            if names[cid] not in seen:
                seen.add(names[cid])
                label = game.text.target_label(state, seat, s, names[cid])
                options.append(option("destroy_drill", cid, label=label))
    ask(state, seat, "target", game.text.prompt_target(state, seat, frame["card"]), options)


@FLOW.answer("choose_target")
def destroy_drill(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    (cid,) = action.args
    owner = state["owner"][cid]
    done(state)
    discard_drills(game, state, owner, [cid], "destroyed")
    check_allowance(game, state, owner)  # DBZ-8.18


@FLOW.step()
def finish_card(game: Rules, state: State, frame: Frame) -> None:
    """DBZ-12.15: the one-shot card is discarded once it has resolved."""
    done(state)
    seat = frame["seat"]
    game.move(state, frame["card"], f"play:{seat}", f"discard:{seat}", cause="resolved")


def use_power(game: Rules, state: State, seat: int, cid: int) -> None:
    """DBZ-7.3, DBZ-11.9, DBZ-11.14: ACT_ANGER, once per turn for each drill; the drill stays in play."""
    i = game.config(state).info[state["cards"][cid]]
    state["g"]["used_this_turn"].append(cid)
    game.log(state, {"t": "power", "seat": seat, "name": i.title})
    POWERS.run(i.drill_power, game, state, seat)
