"""A card arriving on a table (sections 8, 10, 11, 16, 21, 27 of the rules): the reaction window, Magic,
Tunnel and Reflector, the forcer's bundle, entering, 5-tiles, resolving, the ring.
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..cards import FACES, power_key, value_name
from ..table import (
    NE,
    SIDE,
    SK,
    STASH,
    TABLE,
    VIEW,
    WILDS,
    break_tile,
    face_card,
    five_in_effect,
    forget_tile,
    in_hand,
    magic_units,
    new_tile,
    off_table,
    order_from,
    pot_zone,
    seat_name,
    six_units,
    table_seat,
    tile_of,
    undeclare,
    undeclare_if,
    unit_to_table,
)
from .ask import named, offer_names, task_ask, use_magic
from .powers import step_pair_or_set, step_power
from .stack import Task, pop, push

_LET_IT_ARRIVE = option("let_it_arrive", label="Let it arrive")  # made once; never changed


_RUN_AT_ONCE = {"power": step_power, "pair_or_set": step_pair_or_set}

_POWER_WORDS: dict[tuple[Any, ...], tuple[str, str]] = {}  # value in effect -> (power key, words)


def push_play(
    game: Game,
    state: State,
    you: int,
    cards: list[int],
    src: str,
    via: str,
    forcer: int | None,
    **extra: Any,
) -> Task:
    task = {"step": "arrival", "you": you, "cards": cards, "source": src, "via": via, "forcer": forcer}
    task.update(extra)
    push(state, task)
    return task


def play_value(game: Game, state: State, task: Task) -> list[Any] | None:
    """The value in effect the played card resolves with (None for a pair or a tile without one)."""
    if task.get("pair"):
        return None
    if task.get("value") is not None:
        return task["value"]
    if task.get("unit") is not None:
        return identity_any(game, state, task["unit"])
    f = FACES[state["cards"][task["cards"][0]]]
    return [f.rank, f.suit, f.red]


def identity_any(game: Game, state: State, unit: int) -> list[Any] | None:
    tile = tile_of(state, unit)
    if tile is not None and five_in_effect(tile):
        return tile["values"][-1]
    if tile is None:
        f = FACES[state["cards"][unit]]
        return [f.rank, f.suit, f.red]
    return None


def _is_kc(game: Game, state: State, task: Task) -> bool:
    if task.get("pair") == "kckc":
        return True
    ev = play_value(game, state, task)
    return ev is not None and ev[0] == 13 and ev[1] == 0


def locked(game: Game, state: State, seat: int, cards: list[int]) -> bool:
    """BP-26.68 .. BP-26.70: a 10♦+card tile keeps cards of its second card's rank (by face) off the table."""
    tiles = state["g"]["tiles"]
    if not tiles:
        return False
    names = state["cards"]
    ranks = set()  # the second cards' ranks of the seat's locks
    for t in tiles.values():
        if t["kind"] == "lock" and t["seat"] == seat and len(t["cards"]) > 1:
            ranks.add(FACES[names[t["cards"][1]]].rank)
    if not ranks:
        return False
    return any(FACES[names[c]].rank in ranks for c in cards)


def step_arrival(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """A card or pair on its way to a table: locked out, hit by a J, the forcer's bundle, the reaction window
    (BP-5.6, BP-11.16, BP-16.24, BP-22.1, BP-21.13, BP-17.5, BP-27.6); then it arrives (``arrive``)."""
    g = state["g"]
    you = task["you"]
    if ans is None and "checked" not in task:
        task["checked"] = 1
        if task["via"] not in ("onb",) and locked(game, state, you, task["cards"]):
            _discard_played(game, state, task, "locked")
            pop(state, task)
            return False
        if g["j_next"]:  # BP-22.1, BP-22.2
            g["j_next"] = False
            task["no_effect"] = True
            game.log(state, {"t": "j_hit", "seat": you})
        if (
            task["forcer"] is not None
            and task.get("bundle_asked") is None
            and _bundle_possible(game, state, task)
        ):
            task["bundle_asked"] = 1
    if task.get("bundle_asked") == 1:  # BP-16.24 .. BP-16.27, BP-16.30: the forcer's choice comes first
        return _bundle_choice(game, state, task, ans)
    if ans is not None:
        return _window_answer(game, state, task, ans)
    if not task.get("no_effect") and not task.get("no_window"):
        opts = _window_options(game, state, task)
        if len(opts) > 1:
            if task["via"] != "onb" and task["source"] != "limbo" and task.get("unit") is None:
                for c in task["cards"]:
                    game.move(state, c, task["source"], "limbo", cause="play")
                task["source"] = "limbo"
            what = _played_words(game, state, task)
            by = (
                f" by {seat_name(task['forcer'])}"
                if task["forcer"] is not None and task["forcer"] != you
                else ""
            )
            return task_ask(
                game,
                state,
                task,
                you,
                "react",
                f"{seat_name(you)}: {what} is being played onto your table{by}",
                opts,
            )
    goto(task, "arrive")
    if state["pending"] is None and state["result"] is None and state["flow"][-1] is task:
        return step_arrive(game, state, task, None)  # what the run loop would do next, done at once
    return False


def step_arrive(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """The card arrives on the table (BP-10.x) and, unless it arrived no-effect, resolves (BP-11.16)."""
    _enter(game, state, task)
    pop(state, task)
    if task.get("no_effect") or task.get("dead"):
        _after_entry_ne(game, state, task)
    else:
        _resolve(game, state, task)
    frames = state["flow"]
    if frames and state["pending"] is None and state["result"] is None:
        top = frames[-1]
        run = _RUN_AT_ONCE.get(top["step"])
        if run is not None:  # a power or pair on top runs now, as the run loop would run it next
            run(game, state, top, None)
    return False


def _played_words(game: Game, state: State, task: Task) -> str:
    names = [state["cards"][c] for c in task["cards"]]
    if task.get("unit") is not None:
        return "a tile"
    words = " + ".join(names)
    if task.get("bundle") is not None:
        words += " (with " + state["cards"][task["bundle"]] + ")"
    return words


def _discard_played(game: Game, state: State, task: Task, cause: str) -> None:
    src = task["source"]
    cards = list(task["cards"])
    if task.get("unit") is not None and src == "limbo":
        forget_tile(game, state, task["unit"])
    if task.get("bundle") is not None:
        cards.append(task["bundle"])
    for c in cards:
        if src.startswith("table:"):
            off_table(game, state, int(src.split(":")[1]), c, "discard", cause)
        else:
            zone = src if c in state["zones"][src] else "limbo"
            game.move(state, c, zone, "discard", cause=cause)
    game.log(state, {"t": "blocked", "seat": task["you"]})


def _window_options(game: Game, state: State, task: Task) -> list[list[str]]:
    """BP-8.2, BP-17.3 .. BP-17.6, BP-21.13, BP-21.14, BP-27.6 .. BP-27.12."""
    you = task["you"]
    fr = task["forcer"]
    opts = [_LET_IT_ARRIVE]
    forced = fr is not None and fr != you and task["via"] != "onb"
    playing = _playing(task)
    magic = [u for u in magic_units(game, state, you) if u not in playing]
    if not magic and not forced:
        return opts
    kc = _is_kc(game, state, task)
    if not kc and task.get("pair") != "9d10c" and magic:
        opts.append(option("magic_no_effect", label="Magic: discard your 10♦; it arrives no-effect"))
    if forced:
        if not kc and six_units(game, state, you):
            for s in in_hand(state):
                if s not in (you, fr):
                    opts.append(
                        option(
                            "tunnel",
                            s,
                            label=f"Tunnel: discard your 6 and your viewing hand; force it onto {seat_name(s)}",
                        )
                    )
        need = 2 if kc else 1
        if len(six_units(game, state, you)) >= need and len(magic) >= need:
            opts.append(
                option(
                    "reflect",
                    label=f"Reflector: discard {need} 6 and {need} 10♦; force it back onto {seat_name(fr)}",
                )
            )
    return opts


def _playing(task: Task) -> tuple[int, ...]:
    """The units being played by ``task``: a card or tile replayed where it lies (BP-15.6) cannot be the 10♦
    whose Magic stops it (BP-21.14, BP-27.5: one card fills one place)."""
    if task["via"] != "onb":
        return ()
    return (task["unit"],) if task.get("unit") is not None else tuple(task["cards"])


def _window_answer(game: Game, state: State, task: Task, ans: Action) -> bool:
    you = task["you"]
    fr = task["forcer"]
    if ans.verb == "let_it_arrive":
        goto(task, "arrive")
        return False
    if ans.verb == "magic_no_effect":
        use_magic(game, state, you, _playing(task))
        task["no_effect"] = True
        goto(task, "arrive")
        return False
    _to_limbo(game, state, task)
    if ans.verb == "tunnel":  # BP-17.5, BP-17.6
        off_table(
            game, state, you, face_card(game, state, six_units(game, state, you)[0]), "discard", "tunnel"
        )
        game.move_all(
            state, state["zones"][VIEW[you]], VIEW[you], pot_zone(state["g"]["depth"]), cause="tunnel"
        )
        task["you"] = ans.args[0]
        task["forcer"] = you
        game.log(state, {"t": "tunnel", "seat": you, "to": task["you"]})
        return False
    # reflect: BP-27.6 .. BP-27.12
    need = 2 if _is_kc(game, state, task) else 1
    for _ in range(need):
        off_table(
            game, state, you, face_card(game, state, six_units(game, state, you)[0]), "discard", "reflector"
        )
        off_table(
            game, state, you, face_card(game, state, magic_units(game, state, you)[0]), "discard", "reflector"
        )
    game.log(state, {"t": "reflect", "seat": you, "to": fr})
    qb = task.get("passed_q")
    if qb is not None and table_seat(game, state, qb) == you:  # BP-27.8
        unit_to_table(game, state, you, qb, fr, "reflector")
    qe = task.get("q_in_effect")
    if qe is not None:  # BP-27.9, BP-27.10: back to the passer, its 5-tile already broken
        below = state["flow"]
        for t in below:
            if t.get("q_id") == qe:
                t["you"] = fr
                t["forcer"] = None
            elif t["step"] == "break_held_tile" and t.get("held_by_q") == qe:
                _break_held(game, state, t)
    task["you"] = fr
    task["forcer"] = you
    return False


def step_break_held_tile(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-16.22 step 4: the tile whose card-in-effect was passed is broken up."""
    pop(state, task)
    _break_held(game, state, task)
    return False


def _break_held(game: Game, state: State, task: Task) -> None:
    tile = state["g"]["tiles"].get(task["target"])
    if tile is not None and tile.get("held"):
        break_tile(game, state, tile, "q_pass")


def _to_limbo(game: Game, state: State, task: Task) -> None:
    """A forced card waits in limbo while it is redirected."""
    src = task["source"]
    if src == "limbo":
        return
    if task.get("unit") is not None:
        tile = tile_of(state, task["unit"])
        seat = int(src.split(":")[1])
        for c in tile["cards"]:
            game.move(state, c, TABLE[seat], "limbo", cause="force", mark=state["marks"].get(SK[c]))
        undeclare_if(game, state, seat, tile["cards"])
    else:
        for c in task["cards"]:
            game.move(state, c, src, "limbo", cause="force")
    task["source"] = "limbo"


def _bundle_possible(game: Game, state: State, task: Task) -> bool:
    fr = task["forcer"]
    if (
        fr is None
        or fr == task["you"]
        or task.get("no_bundle")
        or task.get("pair")
        or task.get("unit") is not None
    ):
        return False
    if task["via"] not in ("force",) or task.get("after_five"):
        return False
    f = FACES[state["cards"][task["cards"][0]]]
    if f.rank != 5 or task.get("value") is not None:
        return False
    return bool(state["zones"][VIEW[fr]])


def _bundle_choice(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-16.24 .. BP-16.27: the forcer may pick the follow-up (ending their turn, or turning a stash card)."""
    g = state["g"]
    fr = task["forcer"]
    own_turn = g["active"] == fr
    stash = state["zones"][STASH[fr]]
    upright = [c for c in stash if state["marks"].get(SK[c]) != SIDE]
    if ans is None:
        if not own_turn and not upright:
            task["bundle_asked"] = 2
            return False
        cost = "end your turn" if own_turn else "turn a stash card sideways"
        opts = [option("let_them_pick", label="Let them pick the follow-up")]
        opts += [
            option("bundle", name, label=f"{cost} and force {name} onto the 5")
            for name in offer_names(game, state, VIEW[fr])
        ]
        return task_ask(
            game, state, task, fr, "bundle", f"{seat_name(fr)}: pick the 5's follow-up yourself?", opts
        )
    task["bundle_asked"] = 2
    if ans.verb == "let_them_pick":
        return False
    cid = named(game, state, VIEW[fr], ans.args[0])
    if own_turn:
        g["turn_over"] = True
    else:
        bottom = upright[0]
        game.mark(state, bottom, STASH[fr], SIDE)
    game.move(state, cid, VIEW[fr], "limbo", cause="bundle")
    task["bundle"] = cid
    if task["source"] != "limbo":
        _to_limbo(game, state, task)
    return False


def _enter(game: Game, state: State, task: Task) -> None:
    """The card(s) enter the table: face up and upright unless no-effect (BP-10.10, BP-10.31, BP-10.34)."""
    you = task["you"]
    dst = TABLE[you]
    ne = bool(task.get("no_effect"))
    src = task["source"]
    if task.get("unit") is not None:
        tile = tile_of(state, task["unit"])
        if src != dst:
            srcs = src if src == "limbo" else src
            for c in tile["cards"]:
                mark = state["marks"].get(SK[c])
                if mark in WILDS:
                    mark = None
                game.move(state, c, srcs, dst, cause="force", mark=mark)
                if srcs != "limbo":
                    undeclare_if(game, state, int(srcs.split(":")[1]), [c])
            tile["seat"] = you
        if task.get("via") == "onb" or src != dst:
            if tile["kind"] == "six":
                tile["sideways"] = []  # BP-26.53
        return
    for c in task["cards"]:
        if src == dst:
            game.mark(state, c, dst, NE if ne else None) if state["marks"].get(SK[c]) != (
                NE if ne else None
            ) else None
        else:
            game.move(state, c, src, dst, cause="play", mark=NE if ne else None)
    bund = task.get("bundle")
    if bund is not None and ne:  # BP-16.30: a stopped bundle lies as two separate no-effect cards
        game.move(state, bund, "limbo", dst, cause="play", mark=NE)
        task["bundle"] = None
    fol = task.get("after_five")
    if fol is not None:
        _join_five(game, state, task, fol)


def _join_five(game: Game, state: State, task: Task, fol: dict[str, Any]) -> None:
    """BP-16.5, BP-16.9, BP-16.15, BP-16.32: the follow-up is tiled with the 5."""
    you = task["you"]
    cid = task["cards"][0]
    five = fol["five"]
    tile = tile_of(state, five)
    ev = task["value"]
    shift = -1 if ev[0] == 5 and ev[2] else (1 if ev[0] == 5 else 0)
    if tile is not None and tile["kind"] == "five" and tile["cards"][-1] == five:
        tile["cards"].append(cid)
        tile["values"].append(list(ev))
        state["g"]["tile_of"][SK[cid]] = SK[tile["cards"][0]]
        if not task.get("no_effect"):
            tile["shift"] += shift
    else:
        fev = fol["five_value"]
        base = -1 if fev[2] else 1
        new_tile(
            state,
            "five",
            [five, cid],
            you,
            values=[list(fev), list(ev)],
            shift=base + (0 if task.get("no_effect") else shift),
        )
    undeclare_if(game, state, you, [five])


def _after_entry_ne(game: Game, state: State, task: Task) -> None:
    """A card that arrives no-effect ends a ring in progress (BP-17.9)."""
    if task.get("ring_link") or (task["forcer"] is not None and task["forcer"] != task["you"]):
        ev = play_value(game, state, task)
        if ev is not None and ev[0] == 6:
            state["g"]["ring"] = None


def _resolve(game: Game, state: State, task: Task) -> None:
    """After entering: push the pair effect, the tile effect or the card's power (BP-11.2, BP-16.9)."""
    you = task["you"]
    if task.get("pair"):
        pair = {
            "step": "pair_or_set",
            "key": task["pair"],
            "you": you,
            "cards": task["cards"],
            "forcer": task["forcer"],
        }
        pair["source"] = TABLE[you]
        push(state, pair)
        return
    unit = task.get("unit")
    if unit is not None:
        tile = tile_of(state, unit)
        if tile is None:
            return
        if tile["kind"] == "ccc":
            undeclare(game, state, you)
            return
        if not five_in_effect(tile):
            return
        ev = tile["values"][-1]
        push_power(game, state, you, tile["cards"][-1], ev, task)
        return
    ev = play_value(game, state, task)
    cid = task["cards"][0]
    if (
        ev[0] == 6
        and task["forcer"] is not None
        and task["forcer"] != you
        and task["via"] in ("force", "fol")
    ):
        if _ring_receive(game, state, task):
            return
    push_power(game, state, you, cid, ev, task)


def push_power(game: Game, state: State, you: int, cid: int, ev: list[Any], task: Task) -> None:
    value = tuple(ev)
    found = _POWER_WORDS.get(value)
    if found is None:
        found = _POWER_WORDS[value] = (power_key(ev[0], ev[1], ev[2]), value_name(ev[0], ev[1], ev[2]))
    pw = {
        "step": "power",
        "key": found[0],
        "you": you,
        "card": cid,
        "value": list(ev),
        "forcer": task.get("forcer"),
    }
    if task.get("bundle") is not None:
        pw["bundle"] = task["bundle"]
        pw["bundle_forcer"] = task["forcer"]
    if task.get("ring_link"):
        pw["ring_link"] = 1
    state["events"].append({"t": "resolve", "seat": you, "card": cid, "as": found[1]})
    state["flow"].append(pw)


def _ring_receive(game: Game, state: State, task: Task) -> bool:
    """A 6 forced onto another table entered with effect; returns True when the ring closes here."""
    g = state["g"]
    you = task["you"]
    ring = g["ring"]
    if not task.get("ring_link") or ring is None:
        ring = {"reached": [], "splitter": task["forcer"]}
        g["ring"] = ring
    if you not in ring["reached"]:
        ring["reached"].append(you)
    task["ring_link"] = 1
    if all(s in ring["reached"] for s in in_hand(state)):
        g["ring"] = None
        game.log(state, {"t": "ring", "splitter": ring["splitter"]})
        _ring_split(game, state, ring["splitter"])
        return True
    return False


def _ring_split(game: Game, state: State, splitter: int) -> None:
    g = state["g"]
    players = in_hand(state)
    pot = state["zones"][pot_zone(g["depth"])]
    n = len(players)
    q, r = divmod(len(pot), n)
    piles = [q + 1] * r + [q] * (n - r)
    order = [s for s in order_from(game, state, splitter, 1) if s != splitter] + [splitter]
    push(state, {"step": "ring_split", "you": splitter, "piles": piles, "order": order})


def step_ring_split(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    piles = task["piles"]
    seat = task["order"][0]
    sizes = sorted(set(piles), reverse=True)
    if ans is None and len(sizes) > 1:
        opts = [option("take_pile", k, label=f"Take a pile of {k} cards") for k in sizes]
        return task_ask(
            game, state, task, seat, "ring_pile", f"{seat_name(seat)}: take a pile of the pot", opts
        )
    k = ans.args[0] if ans is not None else sizes[0]
    piles.remove(k)
    pot = pot_zone(state["g"]["depth"])
    game.move_all(state, state["zones"][pot][:k], pot, STASH[seat], cause="ring")
    task["order"].pop(0)
    if not task["order"]:
        pop(state, task)
    return False
