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
from ..model import Table, held, lowest, owned_structures

# The options whose label depends only on the card (or on a few numbers), built once each: an option list is
# never changed in place, so every decision offering one shares it.
_PLAY_OPTIONS: dict[str, list[str]] = {}
for _name, _card in CARDS.cards.items():
    if _card.kind == "money":  # TAI-4.3
        _PLAY_OPTIONS[_name] = option(
            "play_money", _name, label=f"Play {_name} (+{_card.value} buying power)"
        )
    elif _card.kind == "energy":  # TAI-4.12
        _PLAY_OPTIONS[_name] = option("play_energy", _name, label=f"Play {_name} (+{_card.value} energy)")
_UPGRADE_CARDS = frozenset(name for name in NAMES if KIND[name] in ("money", "energy", "burn"))
END_OPTION = option("end", label="End the play step")
_BARREL_OPTIONS: dict[tuple[str, int], list[str]] = {}
_BUY_OPTIONS: dict[tuple[str, int, int], list[str]] = {}
_STOP_OPTION = option("stop", label="Burn nothing more")


@FLOW.step()
def upgrading(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.9, TAI-4.3 .. TAI-4.8: play money and energy cards, use a Burn-Barrel, buy, or end the step."""
    g: Table = state["g"]
    cur = g["current"]
    playable = held(state["cards"], state["zones"][f"hand:{cur}"], _UPGRADE_CARDS)
    # money (TAI-4.3) or energy (TAI-4.12), else a Burn-Barrel (TAI-8.52)
    options = [_PLAY_OPTIONS.get(name) or barrel_option(g, name) for name in playable]
    if g["pool"] > 0:
        options += _buy_options(state, cur)
    prompt = game.seat_prompt(cur, "upgrading turn, pool {}", g["pool"])
    offer_end(game, state, cur, options, "upgrade", prompt)


def offer_end(game: Game, state: State, cur: int, options: list[list[str]], kind: str, prompt: str) -> None:
    """TAI-3.9, TAI-1.18: ``cur`` is asked among ``options`` and "End the play step"; only an empty hand with nothing
    else to do (public facts: cards left in hand say nothing) ends the play step unasked."""
    if not options and not state["zones"][f"hand:{cur}"]:
        done(state)
        game.log(state, {"t": "end_play", "s": cur})
        return
    options.append(END_OPTION)
    ask(state, cur, kind, prompt, options)


def barrel_option(g: Table, name: str) -> list[str]:
    """TAI-8.52: the option to use a Burn-Barrel from hand."""
    room = burn_room(g)
    opt = _BARREL_OPTIONS.get((name, room))
    if opt is None:
        opt = option("use_barrel", name, label=f"Use {name} (burn up to {room} cards)")
        _BARREL_OPTIONS[(name, room)] = opt
    return opt


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
    for i, name, c in _affordable(g["characters"][seat], pool):
        if not piles[i]:
            continue
        if KIND[name] == "structure":
            if owned is None:
                owned = owned_structures(state, seat)
            if name in owned:
                continue
        opt = _BUY_OPTIONS.get((name, c, piles[i]))
        if opt is None:
            opt = option("buy", name, label=f"Buy {name} (cost {c}, {piles[i]} left)")
            _BUY_OPTIONS[(name, c, piles[i])] = opt
        out.append(opt)
    return out


_AFFORDABLE: dict[tuple[str, int], list[tuple[int, str, int]]] = {}


def _affordable(character: str, pool: int) -> list[tuple[int, str, int]]:
    """(index, name, cost) of every card ``character`` can pay for with ``pool``, in card-data order."""
    found = _AFFORDABLE.get((character, pool))
    if found is None:
        costs = COSTS[character]
        found = [(i, name, costs[i]) for i, name in enumerate(NAMES) if costs[i] <= pool]
        _AFFORDABLE[(character, pool)] = found
    return found


@FLOW.answer("upgrading")
def upgrading_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    if play_step_answer(game, state, seat, action):
        return
    if action.verb == "buy":
        _buy(game, state, seat, action.args[0])
        return
    names = state["cards"]
    cid = lowest(
        names, state["zones"][f"hand:{seat}"], action.args[0]
    )  # money (TAI-4.3) or energy (TAI-4.12)
    card = CARDS.cards[names[cid]]
    money = action.verb == "play_money"
    game.move(state, cid, f"hand:{seat}", f"play:{seat}", cause="money" if money else "energy")
    effects.on_play(game, state, seat, card.name)
    if money:
        state["g"]["pool"] += card.value  # TAI-4.13
    else:
        effects.gain_energy(game, state, seat, card.value, card.name)


def play_step_answer(game: Game, state: State, seat: int, action: Action) -> bool:
    """The answers the play step takes alike on both kinds of turn: ending it (TAI-3.9, TAI-4.8: unspent buying power
    is lost) and using a Burn-Barrel (TAI-8.52); whether ``action`` was one of them."""
    if action.verb == "end":
        done(state)
        state["g"]["pool"] = 0
        game.log(state, {"t": "end_play", "s": seat})
    elif action.verb == "use_barrel":
        use_barrel(game, state, seat, action.args[0])
    else:
        return False
    return True


def _buy(game: Game, state: State, seat: int, name: str) -> None:
    """TAI-4.5, TAI-4.9, TAI-9.2: the top card of the pile goes to the bought area (a structure into play)."""
    g: Table = state["g"]
    supply = state["zones"]["supply"]
    names = state["cards"]
    top_down = list(map(names.__getitem__, reversed(supply)))
    cid = supply[len(supply) - 1 - top_down.index(name)]  # the top card of that name
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
    burns = game.card_options(state, "burn")  # the core's options naming a card by name: "Burn Coin"
    options = [burns[name] for name in sorted({names[c] for c in hand})]
    options.append(_STOP_OPTION)
    ask(state, cur, "burn", game.seat_prompt(cur, "burn up to {} more card(s)", frame["left"]), options)


@FLOW.answer("burn")
def burn_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    if action.verb == "stop":
        done(state)
        return
    cid = lowest(state["cards"], state["zones"][f"hand:{seat}"], action.args[0])
    game.move(state, cid, f"hand:{seat}", "out", cause="burn")  # TAI-8.53, TAI-8.57
    state["g"]["burned"] += 1  # TAI-8.54
    frame["left"] -= 1
