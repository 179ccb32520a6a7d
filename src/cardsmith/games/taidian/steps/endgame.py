"""Section 11, health, elimination and victory; and the knockout reward of TAI-13.5 .. TAI-13.7."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done, push
from cardsmith.core.game import Game
from cardsmith.core.state import State

from .. import effects
from ..data import KIND, LOOT
from ..flow import FLOW
from ..model import Table, living, lowest, owned_structures


def eliminate(game: Game, state: State, dead: list[int], killers: dict[int, int], before: list[int]) -> None:
    """TAI-11.4 .. TAI-11.12, TAI-13.5 .. TAI-13.7."""
    g: Table = state["g"]
    for p in dead:
        g["alive"][p] = False
        g["health"][p] = 0
        game.log(state, {"t": "out", "s": p, "by": killers[p]})
    if _victory(game, state, before):
        return
    if g["real_turn"] and g["current"] in dead:  # TAI-3.16: the turn ends at once
        push(state, "cut")
    reward = state["options"]["knockout_reward"]
    for p in reversed(dead):  # clockwise starting after the active seat
        k = killers[p]
        eliminator = k if reward and g["alive"][k] else -1
        push(state, "leave", seat=p, eliminator=eliminator, taken=0, opened=False)


def _victory(game: Game, state: State, before: list[int]) -> bool:
    """TAI-11.9 .. TAI-11.11: the last player (or team) standing wins; nobody left is a shared draw."""
    g: Table = state["g"]
    live = living(g)
    team = g["team"]
    if team is None:
        if len(live) == 1:  # TAI-11.9
            game.finish(state, live, f"{game.seat_name(live[0])} is the last player standing")
            return True
        if not live:  # TAI-11.11
            who = ", ".join(game.seat_name(s) for s in before)
            game.finish(state, [], f"nobody is left standing: a draw shared by {who}")
            return True
        return False
    teams = {team[s] for s in live}
    if len(teams) == 1:  # TAI-11.10: the whole team wins
        t = teams.pop()
        members = [s for s in range(state["players"]) if team[s] == t]
        game.finish(state, members, f"team {t + 1} is the last team standing")
        return True
    if not live:
        who = ", ".join(f"team {t + 1}" for t in sorted({team[s] for s in before}))
        game.finish(state, [], f"nobody is left standing: a draw shared by {who}")
        return True
    return False


@FLOW.step()
def leave(game: Game, state: State, frame: Frame) -> None:
    """TAI-13.6, TAI-11.6, TAI-11.7: the knockout reward, then the eliminated player's cards leave the game."""
    p, k = frame["seat"], frame["eliminator"]
    z = state["zones"]
    if k >= 0:
        loot = f"loot:{k}"
        if not frame["opened"]:
            frame["opened"] = True
            for src in (f"deck:{p}", f"discard:{p}"):  # top card first
                game.move_all(state, z[src][::-1], src, loot, cause="loot_open")
        if frame["taken"] < LOOT and z[loot]:
            _ask_reward(game, state, frame)
            return
        game.move_all(state, z[loot][::-1], loot, "out", cause="eliminated")
    done(state)
    for kind in ("hand", "deck", "discard", "play", "bought", "struct", "resp"):
        src = f"{kind}:{p}"
        game.move_all(state, z[src][::-1], src, "out", cause="eliminated")
    for entry in [e for e in state["g"]["poisons"] if e["victim"] == p]:  # TAI-8.36
        effects.end_poison(game, state, entry["card"], "victim_out")


def _ask_reward(game: Game, state: State, frame: Frame) -> None:
    """TAI-13.6: the eliminator takes a card from the loot, or stops."""
    p, k = frame["seat"], frame["eliminator"]
    owned = owned_structures(state, k)
    loot = {state["cards"][cid] for cid in state["zones"][f"loot:{k}"]}
    takes = game.card_options(state, "take")  # the core's options naming a card by name: "Take Coin"
    # Asked whenever the loot holds cards, even if none may be taken: the others must not learn that the hidden
    # deck held only structures the eliminator already owns (TAI-1.17).
    options = [takes[name] for name in sorted(loot) if not (KIND[name] == "structure" and name in owned)]
    options.append(option("stop", label="Take nothing more"))
    prompt = f"{game.seat_name(k)}: knockout reward from {game.seat_name(p)} ({LOOT - frame['taken']} left)"
    ask(state, k, "reward", prompt, options)


@FLOW.answer("leave")
def leave_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    if action.verb == "stop":
        frame["taken"] = LOOT
        return
    cid = lowest(state["cards"], state["zones"][f"loot:{seat}"], action.args[0])
    game.move(state, cid, f"loot:{seat}", f"discard:{seat}", cause="reward")
    frame["taken"] += 1
