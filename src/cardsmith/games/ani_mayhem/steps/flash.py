"""Section 10, Power cards: Flash windows (``flash_window``) and a Flash Effect being carried out (``flash_effect``,
``flash_resolve``, ``flash_steps``); uses and limits of costed cards (AM-10.6 to AM-10.9).

A window's frame holds ``{order (the seats, from the first asked), next (whose turn to answer), passes (in a row),
ctx (the combat it is part of, if any)}``; a Flash Effect's ``{card, seat, target, users (who may pay), in_combat}``.
``play_flash`` keeps the chosen card in the frame's ``pick`` until the ``target`` answer; the card is marked
``shown`` (face up) meanwhile.
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import ask, goto, push
from ....core.game import Game
from ....core.seats import rotation
from ....core.state import State
from ....core.zones import set_mark
from ..board import (
    bag,
    bonk,
    carries,
    discard,
    expiry,
    log,
    loot,
    move_card,
    pick,
    seat_name,
    stamp,
    take_named,
)
from ..card_defs import Effect
from ..card_schema import Bonk, DestroyLocation, Heal, Modify, Move, StealItem
from ..effects import FLASH_EFFECTS, carry_out, handles
from ..field import destroy_location, new_mact
from ..flow import DUEL, FLOW, PHYSICAL, finish, step
from ..rules import COSTED, DEFS, FLASH, VISIBILITY
from ..stats import add_mod, can_pay, in_use, pay, skills, stat

# per-seat strings of the hot Flash window (seats are at most six; see ``seat_name``)
_HAND = tuple(f"hand:{i}" for i in range(6))
_FLASH_PROMPT = tuple(f"P{i + 1}: play a Flash Effect?" for i in range(6))
# the Flash Effects playable outside a fight and in one (see ``_flash`` in rules), and their options, built once;
# nothing mutates a cached option. In a fight every Flash Effect may be played (AM-10.17, AM-10.21): those that
# work only in a combat (HEAL, a "this round" MODIFY) on the fight's participants, the others on the whole Field.
_PLAYABLE_FREE = frozenset(n for n, info in FLASH.items() if not info[1])
_PLAYABLE_FIGHT = frozenset(FLASH)
_PLAY_OPTION = {n: option("play_flash", n, label=f"Play {n}") for n in FLASH}
_PASS = option("pass", label="Pass")


def open_window(state: State, first: int, ctx: dict[str, Any] | None) -> bool:
    """AM-10.20, AM-10.21: a Flash window; seats act in order from ``first``. Returns whether it opened.

    Every seat holding cards is asked, even when "pass" is all it can do: what a hand holds is secret, and a
    question skipped would tell everyone that the hand has nothing to play (AM-1.19). A window where no seat
    holds a card (and, in a fight, no costed card is in play) is skipped: that everyone passes is public.
    """
    zones = state["zones"]
    n = state["players"]
    g = state["g"]
    barred = g["active"] if g["phase"] == "reload" else -1  # AM-10.17
    for s in range(n):
        if s != barred and zones[_HAND[s]]:
            break
    else:
        if ctx is None:
            return False
        names = state["cards"]
        costed = COSTED
        if not any(names[x] in costed for c in ctx["cs"] for x in zones.get(f"gear:{c}", ())):
            return False
    state["flow"].append(
        {"step": "flash_window", "order": list(rotation(n, first)), "next": 0, "passes": 0, "ctx": ctx}
    )
    return True


def _flash_possible(state: State, seat: int, info: tuple, ctx: dict[str, Any] | None) -> bool:
    """A cheap necessary condition for a Flash Effect to have a legal play now (see ``flash_targets``)."""
    if ctx is not None and info[1]:
        return True
    g = state["g"]
    verb, _, _, aim, need_user, source = info
    cp = g["char_at"]
    hv = g["havens"]
    if need_user:
        for c in g["seat_chars"][seat]:
            if str(cp[str(c)]) not in hv:
                break
        else:
            return False  # no Character of this seat on the Field to use it
    if aim == "disaster":
        return bool(g["disaster_at"])
    if verb == "STEAL_ITEM":
        owner = state["owner"]
        zones = state["zones"]
        if source != "character" and any(f"loot:{d}" in zones for d in g["disaster_at"]):
            return True
        return source != "disaster" and any(
            owner[int(k)] != seat and str(p) not in hv and zones.get(f"bag:{owner[int(k)]}:{k}")
            for k, p in cp.items()
        )
    if aim in ("character", "own") or g["disaster_at"]:
        for p in cp.values():
            if str(p) not in hv:
                return True
        return bool(g["disaster_at"] and aim == "either")
    return False


@step("flash_window")
def flash_window(game: Game, state: State, fr: dict[str, Any]) -> None:
    if fr.get("pick") is not None:  # AM-10.18: the Flash Effect is chosen; now its target
        _ask_target(state, fr)
        return
    g = state["g"]
    order = fr["order"]
    n = len(order)
    barred = g["active"] if g["phase"] == "reload" else -1  # AM-10.17
    zones = state["zones"]
    ctx = fr["ctx"]
    passes = fr["passes"]
    nxt = fr["next"]
    while passes < n:
        seat = order[nxt]
        if (seat != barred and zones[_HAND[seat]]) or (
            ctx is not None and _costed_candidates(state, seat, ctx)
        ):
            fr["passes"] = passes
            fr["next"] = nxt
            options = window_options(state, seat, ctx)
            options.append(_PASS)
            ask(state, seat, "flash", _FLASH_PROMPT[seat], options)
            return
        passes += 1  # nothing it may do, as everyone can see (an empty hand, or its own Reload)
        nxt = (nxt + 1) % n
    fr["passes"] = passes
    fr["next"] = nxt
    finish(state)


def _ask_target(state: State, fr: dict[str, Any]) -> None:
    seat = fr["order"][fr["next"]]
    x = fr["pick"]
    options = [option("target", t, label=text) for t, text in flash_targets(state, seat, x, fr["ctx"], {})]
    ask(state, seat, "flash_target", f"{seat_name(seat)}: play {state['cards'][x]} on what?", options)


@FLOW.answer("flash_window")
def answer_flash_window(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    verb = action.verb
    if verb == "play_flash":  # its target is asked next, by the same seat
        x = take_named(state, f"hand:{seat}", action.args[0])
        set_mark(state, VISIBILITY, x, f"hand:{seat}", "shown")  # played: face up while its target is chosen
        fr["pick"] = x
        return
    fr["next"] = (fr["next"] + 1) % len(fr["order"])
    if verb == "pass":
        fr["passes"] += 1
        # a pass changes nothing the end check looks at, which was made before this window asked: the window
        # goes on in place
        flash_window(game, state, fr)
        return
    fr["passes"] = 0
    if verb == "use":
        x = action.args[0]
        use_card(state, x, bearer(state, x, fr["ctx"]["cs"]), fr["ctx"] is not None)
    else:  # target
        play_flash(state, seat, fr.pop("pick"), action.args[0], fr["ctx"])


def bearer(state: State, x: int, chars: list[int]) -> int:
    """The Character among ``chars`` that bears the Enhancement or Equipment ``x``."""
    zones = state["zones"]
    return next(c for c in chars if x in zones.get(f"gear:{c}", ()))


def limit_ok(state: State, key: str, limit: tuple[int, str] | None) -> bool:
    """AM-10.9: "N per turn" and "N per game" limits."""
    if limit is None:
        return True
    n, per = limit
    rec = state["g"]["uses"].get(key)
    if rec is None:
        return True
    if per == "game":
        return rec[2] < n
    return rec[0] != state["turn"] or rec[1] < n


def count_use(state: State, key: str) -> int:
    g = state["g"]
    rec = g["uses"].get(key)
    if rec is None or rec[0] != state["turn"]:
        rec = [state["turn"], 0, rec[2] if rec else 0]
        g["uses"][key] = rec
    rec[1] += 1
    rec[2] += 1
    return rec[2]


def window_options(state: State, seat: int, ctx: dict[str, Any] | None) -> list[list[str]]:
    g = state["g"]
    out: list[list[str]] = []
    names = state["cards"]
    if not (g["phase"] == "reload" and seat == g["active"]):  # AM-10.17
        playable = _PLAYABLE_FREE if ctx is None else _PLAYABLE_FIGHT
        seen: dict[str, int] = {}
        for x in state["zones"][_HAND[seat]]:
            name = names[x]
            if name in playable and (name not in seen or x < seen[name]):
                seen[name] = x
        if seen:
            flash = FLASH
            field: dict[bool, tuple[list[int], list[int]]] = {}
            for name in sorted(seen) if len(seen) > 1 else seen:
                if _flash_possible(state, seat, flash[name], ctx) and flash_targets(
                    state, seat, seen[name], ctx, field
                ):
                    out.append(_PLAY_OPTION[name])
    if ctx is not None:
        for c, x in _costed_candidates(state, seat, ctx):  # AM-8.12, AM-10.6: those it can pay for
            if can_pay(state, c, DEFS[names[x]].cost):
                out.append(option("use", x, label=f"Use {names[x]} for {names[c]}"))
    return out


def _costed_candidates(state: State, seat: int, ctx: dict[str, Any] | None) -> list[tuple[int, int]]:
    """AM-8.12: the costed Enhancements and Equipment ``seat`` might use in a window of a fight, as (bearer,
    card), judged on public facts alone: the card is face up on a Character of the seat in the fight, not in use,
    within its use limit (AM-10.9), and the bearer has its skills (AM-10.5).

    Whether the bearer can pay (AM-10.6) is left out: its current value counts the Items it carries, which only
    its owner knows (AM-1.26, AM-10.23). So the seat is asked whenever such a card is there, even when "Pass" is
    all it can answer, and nobody learns from the question what its Characters carry (AM-10.21).
    """
    if ctx is None:
        return []
    g = state["g"]
    names = state["cards"]
    cp = g["char_at"]
    costed = COSTED
    out = []
    for c in ctx["cs"]:
        if state["owner"][c] != seat or str(c) not in cp:
            continue
        for x in state["zones"].get(f"gear:{c}", ()):
            if names[x] not in costed or in_use(state, c, x):
                continue
            card = DEFS[names[x]]
            if not set(card.requires) <= skills(state, c):
                continue
            if not limit_ok(state, f"c{x}", card.limit):
                continue
            out.append((c, x))
    return out


def _flash_field(state: State, ctx: dict[str, Any] | None) -> tuple[list[int], list[int]]:
    """The Characters and Disasters a Flash Effect may aim at now (AM-10.18, AM-6.2): with ``ctx`` (a card that
    works only in a combat, played in a fight's window) the fight's participants, else the whole Field."""
    g = state["g"]
    if ctx is not None:
        return [c for c in ctx["cs"] if str(c) in g["char_at"]], [
            d for d in ctx["ds"] if str(d) in g["disaster_at"]
        ]
    hv = g["havens"]
    chars = sorted(int(k) for k, p in g["char_at"].items() if str(p) not in hv)
    return chars, sorted(int(k) for k in g["disaster_at"])


def flash_users(state: State, seat: int, x: int, t: int) -> list[int]:
    """AM-10.19: own Characters on the target's Location that meet the requirements and can pay."""
    g = state["g"]
    card = DEFS[state["cards"][x]]
    p = g["char_at"].get(str(t))
    if p is None:
        p = g["disaster_at"].get(str(t))
    return [
        c
        for c in _able_users(state, seat, card)
        if g["char_at"][str(c)] == p and _user_fits(state, card, c, t)
    ]


def _able_users(state: State, seat: int, card: Any) -> list[int]:
    """The seat's Characters on the Field that meet a card's requirements and can pay its cost."""
    g = state["g"]
    cp = g["char_at"]
    hv = g["havens"]
    req = set(card.requires)
    out = []
    for c in g["seat_chars"][seat]:
        if str(cp[str(c)]) in hv:
            continue
        if (card.cost and not can_pay(state, c, card.cost)) or (req and not req <= skills(state, c)):
            continue
        out.append(c)
    return out


def _user_fits(state: State, card: Any, c: int, t: int) -> bool:
    """A stealer or puncher is not its own victim; an Item carrier does not steal from a Disaster (AM-6.18)."""
    verb = FLASH[card.name][0]
    if verb in ("STEAL_ITEM", "BONK") and c == t:
        return False
    return not (verb == "STEAL_ITEM" and str(t) in state["g"]["disaster_at"] and carries(state, c))


def flash_targets(
    state: State,
    seat: int,
    x: int,
    ctx: dict[str, Any] | None,
    cache: dict[bool, tuple[list[int], list[int]]],
) -> list[tuple[int, str]]:
    """The legal targets of one Flash Effect in this window, with labels (AM-10.18, AM-10.19). ``cache`` keeps
    the candidate targets by whether the card works only in a combat."""
    g = state["g"]
    names = state["cards"]
    card = DEFS[names[x]]
    if card.limit and not limit_ok(state, f"f{seat}|{card.name}", card.limit):
        return []
    verb, combat_only, _, aim, need_user, source = FLASH[card.name]
    users: list[int] = []
    if need_user:
        users = _able_users(state, seat, card)
        if not users:
            return []  # nobody of this seat could use it anywhere
    if combat_only not in cache:
        cache[combat_only] = _flash_field(state, ctx if combat_only else None)
    chars, dis = cache[combat_only]
    owner = state["owner"]
    cp = g["char_at"]
    if aim == "own":
        chars = [c for c in chars if owner[c] == seat]
    if aim == "disaster":
        chars = []
    if aim == "character" or aim == "own":
        dis = []
    if verb == "STEAL_ITEM":
        chars = [c for c in chars if source != "disaster" and owner[c] != seat and carries(state, c)]
        dis = [d for d in dis if source != "character" and loot(state, d)]
    elif verb == "DESTROY_LOCATION":
        chars = [c for c in chars if cp[str(c)] not in g["destroyed"]]
    out = []
    if need_user:
        places = {cp[str(c)] for c in users}
        dp = g["disaster_at"]
        for t in chars:
            p = cp[str(t)]
            if p not in places:
                continue
            if aim == "own":
                ok = t in users
            else:
                ok = any(cp[str(c)] == p and _user_fits(state, card, c, t) for c in users)
            if ok:
                out.append((t, f"Play {names[x]} on {names[t]} ({seat_name(owner[t])})"))
        for t in dis:
            p = dp[str(t)]
            if p in places and any(cp[str(c)] == p and _user_fits(state, card, c, t) for c in users):
                out.append((t, f"Play {names[x]} on {names[t]}"))
        return out
    for t in chars:
        out.append((t, f"Play {names[x]} on {names[t]} ({seat_name(owner[t])})"))
    for t in dis:
        out.append((t, f"Play {names[x]} on {names[t]}"))
    return out


def play_flash(state: State, seat: int, x: int, t: int, ctx: dict[str, Any] | None) -> None:
    """AM-10.22: it takes effect at once and is then discarded."""
    card = DEFS[state["cards"][x]]
    count_use(state, f"f{seat}|{card.name}")
    discard(state, x, f"hand:{seat}", "flash")
    log(state, {"t": "flash", "seat": seat, "name": card.name, "tg": t})
    users: list[int] = []
    e = card.effects[0]
    if card.cost or card.requires or e.verb in ("STEAL_ITEM", "DESTROY_LOCATION", "BONK", "HEAL"):
        users = [t] if card.aim == "own" else flash_users(state, seat, x, t)
    push(state, "flash_effect", card=x, seat=seat, target=t, users=users, in_combat=int(ctx is not None))


@step("flash_effect")
def flash_effect(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-10.19: who uses the card, when several Characters could."""
    if len(fr["users"]) > 1:
        options = [option("used_by", c, label=f"{state['cards'][c]} uses it") for c in fr["users"]]
        ask(
            state,
            fr["seat"],
            "flash_user",
            f"{seat_name(fr['seat'])}: which Character uses {state['cards'][fr['card']]}?",
            options,
        )
        return
    flash_resolve(game, state, fr)


@step("flash_resolve")
def flash_resolve(game: Game, state: State, fr: dict[str, Any]) -> None:
    user = fr["users"][0] if fr["users"] else None
    resolve_flash(state, fr, user)


@step("flash_steps")
def flash_steps(game: Game, state: State, fr: dict[str, Any]) -> None:
    """AM-11.7, AM-5.1: the active player decides how far a Disaster goes."""
    act = state["g"]["active"]
    e = DEFS[state["cards"][fr["card"]]].effects[0]
    options = [option("steps", k, label=f"{k} step{'s' if k != 1 else ''}") for k in range(1, e.n + 1)]
    ask(
        state,
        act,
        "disaster_steps",
        f"{seat_name(act)}: how far does {state['cards'][fr['target']]} move?",
        options,
    )


@FLOW.answer("flash_effect")
def answer_flash_effect(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    fr["users"] = [action.args[0]]
    goto(fr, "flash_resolve")


@FLOW.answer("flash_steps")
def answer_flash_steps(game: Game, state: State, fr: dict[str, Any], seat: int, action: Action) -> None:
    k = action.args[0]
    t = fr["target"]
    finish(state)
    if str(t) in state["g"]["disaster_at"]:
        push(state, "disaster_move", disaster=t, left=k, mode="f")


def resolve_flash(state: State, fr: dict[str, Any], user: int | None) -> None:
    """AM-10.22: the user pays, then each effect of the card is carried out on the target, if still in play."""
    g = state["g"]
    card = DEFS[state["cards"][fr["card"]]]
    t = fr["target"]
    if user is not None and card.cost:
        pay(state, user, card.cost, bool(fr["in_combat"]))
    alive = str(t) in g["char_at"] or str(t) in g["disaster_at"]
    finish(state)
    if not alive:
        return
    for e in card.effects:
        if carry_out(FLASH_EFFECTS, e, state, fr, user):
            return


@handles(FLASH_EFFECTS, Modify)
def flash_modify(state: State, fr: dict[str, Any], user: int | None, e: Effect) -> bool:
    """AM-10.22, AM-11.2: played in a fight's window, the change lasts this round."""
    t = fr["target"]
    dur = "round" if fr["in_combat"] or e.duration == "round" else e.duration
    add_mod(state, t, e.attr, e.op, e.value, expiry(state, dur, seat=state["owner"][t]))
    return False


@handles(FLASH_EFFECTS, Heal)
def flash_heal(state: State, fr: dict[str, Any], user: int | None, e: Effect) -> bool:
    """AM-11.6: the target's damage in the combat in progress is wiped."""
    t = str(fr["target"])
    for f in reversed(state["flow"]):
        if (f["step"] in PHYSICAL or f["step"] in DUEL) and t in f["damage"]:
            f["damage"][t] = 0
            break
    return False


@handles(FLASH_EFFECTS, Bonk)
def flash_bonk(state: State, fr: dict[str, Any], user: int | None, e: Effect) -> bool:
    """AM-11.8; a fighter bonked drops its Items during its fight (AM-8.26)."""
    t = fr["target"]
    if str(t) in state["g"]["char_at"]:
        bonk(state, t, drops=_fight_drops(state, t))
    return False


@handles(FLASH_EFFECTS, DestroyLocation)
def flash_destroy_location(state: State, fr: dict[str, Any], user: int | None, e: Effect) -> bool:
    """AM-11.5: the target's Location is destroyed."""
    destroy_location(state, state["g"]["char_at"][str(fr["target"])])
    return False


@handles(FLASH_EFFECTS, Move)
def flash_move(state: State, fr: dict[str, Any], user: int | None, e: Effect) -> bool:
    """AM-11.7: a Disaster moves up to n steps, as far as the active player decides (``flash_steps``)."""
    if str(fr["target"]) in state["g"]["disaster_at"]:
        goto(push(state, **fr), "flash_steps")
        return True
    return False


@handles(FLASH_EFFECTS, StealItem)
def flash_steal_item(state: State, fr: dict[str, Any], user: int | None, e: Effect) -> bool:
    """AM-11.4, AM-6.17 to AM-6.19: the user takes an Item at random from the target, then may move."""
    if user is None:
        return False
    g = state["g"]
    t = fr["target"]
    src = bag(state, t) if str(t) in g["char_at"] else f"loot:{t}"
    pile = list(state["zones"].get(src, ()))
    if not pile:
        return True
    item = pick(state, pile)
    g["attached"].pop(str(item), None)
    move_card(state, item, src, bag(state, user), "stolen")
    g["attached"][str(item)] = stamp(state)
    log(state, {"t": "steal", "c": user, "from": t})
    push(state, **new_mact(state, [user], stat(state, user, "mov"), "free"))
    return False


def _fight_drops(state: State, c: int) -> list[int] | None:
    """The list of Items dropped during the Physical Combat in progress that Character ``c`` takes part in."""
    for f in reversed(state["flow"]):
        if f["step"] in PHYSICAL and c in f["chars"]:
            return f["dropped"]
    return None


def use_card(state: State, x: int, c: int, in_combat: bool) -> None:
    """AM-10.6 to AM-10.9: pay the cost; the card's effect lasts this round (or this phase)."""
    g = state["g"]
    card = DEFS[state["cards"][x]]
    pay(state, c, card.cost, in_combat)
    g["chars"][str(c)].setdefault("in_use", []).append([x, expiry(state, "use", in_combat=in_combat)])
    uses = count_use(state, f"c{x}")
    log(state, {"t": "use", "c": c, "name": card.name})
    if card.limit and card.limit[1] == "game" and uses >= card.limit[0]:
        g.setdefault("used_up", []).append([x, c])
