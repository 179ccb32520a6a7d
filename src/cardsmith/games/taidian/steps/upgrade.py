"""Section 4, the upgrading turn: money, energy and buying; and the Burn-Barrel (TAI-8.52 .. TAI-8.57), which may be
used on either kind of turn."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done, push
from cardsmith.core.game import Game
from cardsmith.core.state import State

from .. import effects
from ..data import BURN_LIMIT, CARDS, COSTS, INDEX, KIND, NAMES
from ..flow import FLOW
from ..model import Table, distinct, lowest, owned_structures


@FLOW.step()
def upgrading(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.9, TAI-4.3 .. TAI-4.8: play money and energy cards, use a Burn-Barrel, buy, or end the step."""
    g: Table = state["g"]
    cur = g["current"]
    names = state["cards"]
    hand = state["zones"][f"hand:{cur}"]
    options: list[list[str]] = []
    for name in sorted(distinct(names, hand, ("money", "energy", "burn"))):
        kind = KIND[name]
        if kind == "money":  # TAI-4.3
            options.append(
                option("play_money", name, label=f"Play {name} (+{CARDS.cards[name].value} buying power)")
            )
        elif kind == "energy":  # TAI-4.12
            options.append(
                option("play_energy", name, label=f"Play {name} (+{CARDS.cards[name].value} energy)")
            )
        else:  # TAI-8.52
            options.append(barrel_option(g, name))
    options += _buy_options(state, cur)
    if not options and not hand:
        done(state)  # an empty hand and nothing to buy: the play step ends (TAI-3.9, TAI-1.18)
        game.log(state, {"t": "end_play", "s": cur})
        return
    options.append(option("end", label="End the play step"))
    ask(state, cur, "upgrade", f"{game.seat_name(cur)}: upgrading turn, pool {g['pool']}", options)


def barrel_option(g: Table, name: str) -> list[str]:
    """TAI-8.52: the option to use a Burn-Barrel from hand."""
    return option("use_barrel", name, label=f"Use {name} (burn up to {burn_room(g)} cards)")


def burn_room(g: Table) -> int:
    """TAI-8.54: how many more cards may be burned this turn."""
    return max(0, BURN_LIMIT - g["burned"])


def _buy_options(state: State, seat: int) -> list[list[str]]:
    """TAI-4.4, TAI-4.5, TAI-4.7, TAI-9.5: affordable non-empty piles; one structure of each name."""
    g: Table = state["g"]
    pool = g["pool"]
    if pool <= 0:
        return []
    owned: set[str] | None = None
    out = []
    piles = g["piles"]
    costs = COSTS[g["characters"][seat]]
    for i, name in enumerate(NAMES):
        c = costs[i]
        if c > pool or not piles[i]:
            continue
        if KIND[name] == "structure":
            if owned is None:
                owned = owned_structures(state, seat)
            if name in owned:
                continue
        out.append(option("buy", name, label=f"Buy {name} (cost {c}, {piles[i]} left)"))
    return out


@FLOW.answer("upgrading")
def upgrading_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    g: Table = state["g"]
    verb = action.verb
    names = state["cards"]
    hand = state["zones"][f"hand:{seat}"]
    if verb == "end":
        end_play(game, state, seat)
    elif verb == "play_money":
        cid = lowest(names, hand, action.args[0])
        game.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="money")
        g["pool"] += CARDS.cards[names[cid]].value  # TAI-4.3, TAI-4.13
        effects.on_play(game, state, seat, names[cid])
    elif verb == "play_energy":
        cid = lowest(names, hand, action.args[0])
        game.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="energy")
        effects.on_play(game, state, seat, names[cid])
        effects.gain_energy(game, state, seat, CARDS.cards[names[cid]].value, names[cid])  # TAI-4.12
    elif verb == "buy":
        _buy(game, state, seat, action.args[0])
    else:
        use_barrel(game, state, seat, action.args[0])


def end_play(game: Game, state: State, seat: int) -> None:
    """TAI-3.9, TAI-4.8: the player ends the play step; unspent buying power is lost."""
    done(state)
    state["g"]["pool"] = 0
    game.log(state, {"t": "end_play", "s": seat})


def _buy(game: Game, state: State, seat: int, name: str) -> None:
    """TAI-4.5, TAI-4.9, TAI-9.2: the top card of the pile goes to the bought area (a structure into play)."""
    g: Table = state["g"]
    supply = state["zones"]["supply"]
    names = state["cards"]
    cid = next(supply[i] for i in range(len(supply) - 1, -1, -1) if names[supply[i]] == name)
    g["pool"] -= effects.cost(g, seat, name)
    g["piles"][INDEX[name]] -= 1
    dst = f"struct:{seat}" if KIND[name] == "structure" else f"bought:{seat}"
    game.move(state, cid, "supply", dst, cause="buy")


# ---------------------------------------------------------------- Burn-Barrel (TAI-8.52 .. TAI-8.57)


def use_barrel(game: Game, state: State, seat: int, name: str) -> None:
    """TAI-8.52, TAI-8.55: the Burn-Barrel goes into play, then up to two cards may be burned."""
    names = state["cards"]
    cid = lowest(names, state["zones"][f"hand:{seat}"], name)
    game.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="barrel")
    effects.on_play(game, state, seat, names[cid])
    push(state, "burn", left=min(BURN_LIMIT, burn_room(state["g"])))


@FLOW.step()
def burn(game: Game, state: State, frame: Frame) -> None:
    """TAI-8.53: burn cards from hand one at a time, or stop."""
    cur = state["g"]["current"]
    hand = state["zones"][f"hand:{cur}"]
    if frame["left"] <= 0 or not hand:
        done(state)
        return
    names = state["cards"]
    options = [option("burn", name, label=f"Burn {name}") for name in sorted({names[c] for c in hand})]
    options.append(option("stop", label="Burn nothing more"))
    ask(state, cur, "burn", f"{game.seat_name(cur)}: burn up to {frame['left']} more card(s)", options)


@FLOW.answer("burn")
def burn_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    if action.verb == "stop":
        done(state)
        return
    cid = lowest(state["cards"], state["zones"][f"hand:{seat}"], action.args[0])
    game.move(state, cid, f"hand:{seat}", "out", cause="burn")  # TAI-8.53, TAI-8.57
    state["g"]["burned"] += 1  # TAI-8.54
    frame["left"] -= 1
