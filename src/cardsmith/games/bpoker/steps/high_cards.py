"""The powers of the 10s to As (sections 21-25 of the rules)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..declare import can_hand, hand_options, hand_words, set_declaration
from ..groups import pair_key
from ..table import (
    CTBP,
    STASH,
    TABLE,
    VIEW,
    effective_mark,
    fee_size,
    in_hand,
    is_ne,
    mark_of,
    off_table,
    opponents,
    pay_from_stash,
    pot_zone,
    seat_name,
    step_seat,
    tile_of,
    undeclare,
    unit_cards,
    unit_ne,
    unit_off_table,
    units,
)
from .arrival import identity_any, push_play
from .ask import card_words, guard, named, offer_names, only, public_card_words, reveal, task_ask
from .hands import end_hand
from .powers import (
    card_to_limbo,
    card_to_table,
    drop_tasks_of,
    on_table,
    pass_in_effect,
    pick_options,
    plain_units,
    power,
    unit_to_limbo,
)
from .stack import Task, pop, push
from .turns import end_turn_of


@power("10H")
def _p_10H(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.1, BP-21.2."""
    you = task["you"]
    pop(state, task)
    game.move_all(state, state["zones"][VIEW[you]], VIEW[you], CTBP[you], cause="dump")
    return False


@power("10S")
def _p_10S(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.3 .. BP-21.6: the viewing hand goes into the pot; then a card may be forced (``spade_ten_force``)."""
    you = task["you"]
    game.move_all(
        state, state["zones"][VIEW[you]], VIEW[you], pot_zone(state["g"]["depth"]), cause="10_spades"
    )
    goto(task, "spade_ten_force")
    return spade_ten_force(game, state, task, ans)


def _spade_ten_choices(game: Game, state: State, task: Task) -> tuple[list[int], list[int]]:
    """The cards of the 10♠'s table it may force (never itself, never no-effect) and the tables they may go to
    (BP-21.4, BP-21.5)."""
    you = task["you"]
    own = tile_of(state, task["c"])
    cands = []
    for u in units(game, state, you):
        if u == task["c"] or (own is not None and u == own["c"][0]) or unit_ne(game, state, u):
            continue
        cands.append(u)
    return cands, opponents(game, state, you)


def spade_ten_force(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.4: the card, then (a second small decision, ``spade_ten_target``) the table it is forced onto."""
    you = task["you"]
    cands, targets = _spade_ten_choices(game, state, task)
    if not cands or not targets:
        pop(state, task)
        return False
    if ans is None:
        opts = [option("decline", label="Do not force a card")]
        where = f" onto {seat_name(targets[0])}'s table" if len(targets) == 1 else ""
        opts += [
            [o[0], f"Force {o[1]}{where}"]
            for o in pick_options(game, state, [(you, u) for u in cands], "force_card")
        ]
        return task_ask(
            game, state, task, you, "force", f"{seat_name(you)}: force a card of your table?", opts
        )
    if ans.verb == "decline":
        pop(state, task)
        return False
    task["fc"] = ans.args[0]
    goto(task, "spade_ten_target")
    return spade_ten_target(game, state, task, None)


def spade_ten_target(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.4, BP-21.6: the table the 10♠'s card is forced onto."""
    you = task["you"]
    cands, targets = _spade_ten_choices(game, state, task)
    if not cands or not targets:
        pop(state, task)
        return False
    unit = task["fc"]
    if ans is None and len(targets) > 1:
        words = pick_options(game, state, [(you, unit)], "force_card")[0][1]
        opts = [option("force_onto", s, label=f"Force {words} onto {seat_name(s)}'s table") for s in targets]
        return task_ask(
            game, state, task, you, "force", f"{seat_name(you)}: force it onto whose table?", opts, False
        )
    target = ans.args[0] if ans is not None else targets[0]
    pop(state, task)
    tile = tile_of(state, unit)
    unit_to_limbo(game, state, you, unit, "10_spades")
    if tile is not None:
        push_play(game, state, target, list(tile["c"]), "limbo", "force", you, u=unit)
    else:
        push_play(game, state, target, [unit], "limbo", "force", you)
    return False


@power("10C")
def _p_10C(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.7 .. BP-21.11, BP-6.3."""
    you = task["you"]
    g = state["g"]
    pop(state, task)
    table = state["zones"][TABLE[you]]
    nes = [c for c in table if is_ne(game, state, c)]
    if nes:
        for c in nes:
            game.mark(state, c, TABLE[you], effective_mark(mark_of(state, c)))
        game.log(state, {"t": "restored_all", "seat": you})
        return False
    pot = pot_zone(g["depth"])
    if on_table(game, state, task):
        off_table(game, state, you, task["c"], STASH[you], "10_clubs")
    for u in units(game, state, you):
        unit_off_table(game, state, you, u, pot, "10_clubs")
    for zone in (VIEW[you], CTBP[you]):
        game.move_all(state, state["zones"][zone], zone, pot, cause="10_clubs")
    g["inh"][you] = False
    undeclare(game, state, you)
    drop_tasks_of(game, state, you)
    g["ctrl"].pop(str(you), None)
    game.log(state, {"t": "lost", "seat": you})
    if g["active"] == you:
        g["over"] = True
    left = in_hand(state)
    if len(left) == 1:
        end_hand(game, state, left[0], "the last player in the hand")
    return False


@power("10D")
def _p_10D(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.18, BP-21.26, BP-21.27: Control when forced onto another player's table."""
    pop(state, task)
    fr = task.get("fr")
    you = task["you"]
    if fr is not None and fr != you and state["g"]["inh"][fr]:
        push(state, {"step": "ctl", "you": you, "f": fr, "c": task["c"]})
    return False


def effect_ctl(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.19 .. BP-21.25, BP-21.27."""
    g = state["g"]
    you = task["you"]
    f = task["f"]
    hand = state["zones"][VIEW[you]]
    if not hand or not g["inh"][you]:
        pop(state, task)
        return False
    if ans is None:
        g["ctrl"][str(you)] = [f, task["c"]]
        game.log(state, {"t": "control", "seat": you, "by": f})
        reveal(game, state, you, f)
        opts = [
            option("control_play", name, label=f"Play {name} onto {seat_name(you)}'s table")
            for name in offer_names(game, state, VIEW[you])
        ]
        return task_ask(
            game,
            state,
            task,
            f,
            "control",
            f"{seat_name(f)}: play a card of {seat_name(you)}'s viewing hand",
            opts,
        )
    goto(task, "control_release")
    push_play(game, state, you, [named(game, state, VIEW[you], ans.args[0])], VIEW[you], "force", f)
    return False


def control_release(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.21: control is released once every effect of the controlled play has finished."""
    you = task["you"]
    pop(state, task)
    state["g"]["ctrl"].pop(str(you), None)
    game.log(state, {"t": "released", "seat": you})
    return False


@power("JC")
@power("J")
def _p_J(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-22.1, BP-22.2."""
    pop(state, task)
    state["g"]["jnext"] = True
    return False


def _q_receiver(game: Game, state: State, task: Task) -> int:
    d = state["g"]["dir"]
    if task["key"] in ("QH", "QS"):
        d = -d
    return step_seat(state, task["you"], d)


@power("QH")
@power("QD")
def _p_QD(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-23.1 .. BP-23.4, BP-16.22, BP-16.23."""
    you = task["you"]
    pop(state, task)
    if not on_table(game, state, task):
        return False
    recv = _q_receiver(game, state, task)
    if recv == you:
        return False
    q = task["c"]
    if tile_of(state, q) is not None:  # a Q-in-effect: passed, then played at face value (BP-16.22)
        pass_in_effect(game, state, you, q, None)
        reveal(game, state, recv, you)
        push_play(game, state, recv, [q], "limbo", "force", you)
        return False
    card_to_table(game, state, you, q, recv, "q_pass")
    reveal(game, state, recv, you)
    return False


@power("QS")
@power("QC")
def _p_QC(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-23.5 .. BP-23.12, BP-27.8 .. BP-27.10."""
    you = task["you"]
    g = state["g"]
    if not on_table(game, state, task):
        pop(state, task)
        return False
    q = task["c"]
    recv = _q_receiver(game, state, task)
    own = tile_of(state, q)
    cands = []
    for u in units(game, state, you):
        if u == q or (own is not None and u == own["c"][0]) or unit_ne(game, state, u):
            continue
        ev = identity_any(game, state, u)
        if tile_of(state, u) is None and state["cards"][u] in ("Q♣", "Q♠"):
            continue
        if ev is not None and ev[0] == 12 and ev[1] in (0, 3) and tile_of(state, u) is not None:
            continue
        cands.append(u)
    fee = fee_size(game, state, you, 2)
    pairs: list[tuple[int, int]] = []  # BP-23.9, BP-23.10: two untiled cards forming a pair by face
    if len(state["zones"][STASH[you]]) >= fee:
        singles = [u for u in cands if tile_of(state, u) is None]
        for i, a in enumerate(singles):
            for b in singles[i + 1 :]:
                if pair_key([state["cards"][a], state["cards"][b]]) is not None:
                    pairs.append((a, b))
    passed: list[int] = []
    unit = None
    if ans is None:
        task.pop("pp", None)
        opts = [
            [o[0], "Pass " + o[1]] for o in pick_options(game, state, [(you, u) for u in cands], "pass_card")
        ]
        firsts: dict[int, list[int]] = {}  # each pair is chosen by its first card, then its partner
        for a, b in pairs:
            firsts.setdefault(a, []).append(b)
        for a, mates in firsts.items():
            words = public_card_words(game, state, a)
            if len(mates) == 1:
                words = f"the pair {words} + {public_card_words(game, state, mates[0])}"
            else:
                words = f"a pair with {words}"
            opts.append(option("pass_pair", a, label=f"Pay {fee} and pass {words}"))
        if len(opts) > 1:
            return task_ask(
                game,
                state,
                task,
                you,
                "pass",
                f"{seat_name(you)}: pass a card with your Q to {seat_name(recv)}",
                opts,
            )
        if opts:
            ans = only(game, opts)
    # BP-23.9: a pair is chosen card by card, its first card (in table order), then its partner
    if ans is not None and ans.verb == "pass_pair":
        first = task.pop("pp", None)
        a = ans.args[0] if first is None else first
        mates = [y for x, y in pairs if x == a]
        if first is None and len(mates) > 1:
            task["pp"] = a
            words = public_card_words(game, state, a)
            opts = [
                option(
                    "pass_pair",
                    b,
                    label=f"Pay {fee} and pass the pair {words} + {public_card_words(game, state, b)}",
                )
                for b in mates
            ]
            return task_ask(
                game,
                state,
                task,
                you,
                "pass",
                f"{seat_name(you)}: the other card of the pair",
                opts,
                False,
            )
        passed = [a, mates[0] if first is None else ans.args[0]]
    pop(state, task)
    if passed:
        pay_from_stash(game, state, you, fee, pot_zone(g["depth"]), "fee")
    elif ans is not None and ans.verb == "pass_card":
        unit = ans.args[0]
        passed = unit_cards(game, state, unit)
    qid = None
    if own is not None:  # a Q-in-effect (BP-16.22)
        g["qn"] = g.get("qn", 0) + 1
        qid = g["qn"]
        pass_in_effect(game, state, you, q, qid)
        push_play(game, state, recv, [q], "limbo", "force", you, qid=qid)
    else:
        card_to_table(game, state, you, q, recv, "q_pass")
    if not passed:
        return False
    tile = tile_of(state, unit) if unit is not None else None
    if tile is not None:
        unit_to_limbo(game, state, you, unit, "q_pass")
    else:
        for c in passed:
            card_to_limbo(game, state, you, c, "q_pass")
    extra: dict[str, Any] = {}
    if own is None:
        extra["qb"] = q
    else:
        extra["qe"] = qid
    if tile is not None:
        extra["u"] = unit
    if len(passed) == 2 and tile is None:
        extra["pair"] = pair_key([state["cards"][c] for c in passed])
    push_play(game, state, recv, passed, "limbo", "force", you, **extra)
    return False


@power("KH")
def _p_KH(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.1 .. BP-24.6."""
    you = task["you"]
    g = state["g"]
    cands = plain_units(game, state, you)
    if cands:
        if ans is None:
            opts = [option("put_in_pot", c, label=f"Put {state['cards'][c]} into the pot") for c in cands]
            if len(opts) > 1:
                return task_ask(
                    game,
                    state,
                    task,
                    you,
                    "pot_card",
                    f"{seat_name(you)}: put a card of your table into the pot",
                    opts,
                )
            ans = only(game, opts)
        off_table(game, state, you, ans.args[0], pot_zone(g["depth"]), "K_hearts")
    task["l"] = opponents(game, state, you)
    goto(task, "heart_king_fees")
    return heart_king_fees(game, state, task, None)


def heart_king_fees(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.3 .. BP-24.6: each other player, unless Magic stops it, discards a fee's worth (``khd``)."""
    while task["l"]:
        p = task["l"][0]
        stop = guard(game, state, task, p, "the K♥'s discard")
        if stop is None:
            return True
        task["l"].pop(0)
        if not stop:
            push(state, {"step": "khd", "you": p, "n": fee_size(game, state, p, 1)})
            return False
    pop(state, task)
    return False


def effect_khd(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.3 .. BP-24.6, BP-26.43: a table fee, unprotected cards before protected ones, never no-effect."""
    seat = task["you"]
    if task["n"] <= 0:
        pop(state, task)
        return False
    cands = plain_units(game, state, seat)
    if not cands:
        cands = []
        for c in state["zones"][TABLE[seat]]:
            tile = tile_of(state, c)
            if is_ne(game, state, c) or (tile is not None and tile["k"] == "six"):
                continue
            cands.append(c)
    if not cands:
        pop(state, task)
        return False
    if ans is None and len(cands) > 1:
        opts = [
            option("discard_from_table", c, label=f"Discard {card_words(game, state, c, seat)}")
            for c in cands
        ]
        return task_ask(
            game,
            state,
            task,
            seat,
            "table_fee",
            f"{seat_name(seat)}: discard {task['n']} card(s) of your table",
            opts,
        )
    cid = ans.args[0] if ans is not None else cands[0]
    off_table(game, state, seat, cid, "discard", "K_hearts")
    task["n"] -= 1
    return False


@power("KD")
def _p_KD(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.7 .. BP-24.9."""
    you = task["you"]
    if on_table(game, state, task):
        off_table(game, state, you, task["c"], pot_zone(state["g"]["depth"]), "K_diamonds")
    task["l"] = opponents(game, state, you)
    goto(task, "diamond_king_discards")
    return diamond_king_discards(game, state, task, ans)


def diamond_king_discards(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.8, BP-24.9: a card of each other player's table is discarded, unless Magic stops it."""
    you = task["you"]
    while task["l"]:
        s = task["l"][0]
        cands = plain_units(game, state, s)
        if not cands:
            task["l"].pop(0)
            continue
        stop = guard(game, state, task, s, "the K♦'s discard of your card")
        if stop is None:
            return True
        if stop:
            task["l"].pop(0)
            continue
        if ans is None or ans.verb != "discard_from_table":
            opts = pick_options(game, state, [(s, c) for c in cands], "discard_from_table")
            if len(opts) > 1:
                return task_ask(
                    game,
                    state,
                    task,
                    you,
                    "discard_card",
                    f"{seat_name(you)}: discard a card of {seat_name(s)}'s table",
                    opts,
                )
            ans = only(game, opts)
        off_table(game, state, s, ans.args[0], "discard", "K_diamonds")
        ans = None
        task["l"].pop(0)
    pop(state, task)
    return False


@power("KS")
def _p_KS(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.10 .. BP-24.15."""
    you = task["you"]
    g = state["g"]
    goto(task, "spade_king_discard")
    if g["decl"][you] is None and can_hand(game, state, you):
        push(state, {"step": "decl", "you": you, "why": "ks"})
        return False
    return spade_king_discard(game, state, task, ans)


def spade_king_discard(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.11 .. BP-24.15: the declared hand is discarded; the forcer may name a higher hand held."""
    you = task["you"]
    g = state["g"]
    if g["decl"][you] is None:
        pop(state, task)
        return False
    fr = task.get("fr")
    if fr is not None and fr != you and g["inh"][fr]:
        best = hand_options(game, state, you, alternatives=False)
        if best and best[0][2] > g["decl"][you]["sc"]:
            if ans is None:
                words = hand_words(game, state, best[0][0], best[0][1])
                opts = [
                    option("keep", label="Let the declared hand be discarded"),
                    option("name_higher", label=f"Make them discard {words}"),
                ]
                return task_ask(
                    game,
                    state,
                    task,
                    fr,
                    "higher",
                    f"{seat_name(fr)}: {seat_name(you)} holds a higher hand",
                    opts,
                )
            if ans.verb == "name_higher":
                set_declaration(game, state, you, *best[0])
    pop(state, task)
    cards = list(g["decl"][you]["c"])
    undeclare(game, state, you)
    for c in cards:
        if c in state["zones"][TABLE[you]]:
            off_table(game, state, you, c, "discard", "K_spades")
    return False


@power("KC")
def _p_KC(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-24.16, BP-24.17, BP-26.43."""
    you = task["you"]
    pop(state, task)
    pot = pot_zone(state["g"]["depth"])
    for u in units(game, state, you):
        tile = tile_of(state, u)
        if tile is not None:
            if tile["k"] != "six":
                unit_off_table(game, state, you, u, pot, "bomb")
        elif not is_ne(game, state, u):
            off_table(game, state, you, u, pot, "bomb")
    return False


@power("AU")
def _p_AU(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-25.1 .. BP-25.3."""
    pop(state, task)
    end_turn_of(game, state, task["you"])
    return False


@power("AC")
def _p_AC(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-25.4 .. BP-25.7."""
    you = task["you"]
    pop(state, task)
    end_turn_of(game, state, you)
    game.move_all(state, state["zones"][CTBP[you]], CTBP[you], TABLE[you], cause="placed")
    drop_tasks_of(game, state, you)
    return False
