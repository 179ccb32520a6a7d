"""The 10s and Qs (sections 21 and 23 of the rules): the 10♠'s forced card, the 10♣, the 10♦'s Control, and the
Qs passed to another table."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, option
from ....core.flow import goto
from ....core.game import Game
from ....core.state import State
from ..effects import EFFECTS, ControlWhenForced, ForceTableCard, LoseOrRestore, PassQ
from ..groups import pair_key
from ..table import (
    CTBP,
    NES,
    SK,
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
from .ask import declined, named, offer_names, only, public_card_words, reveal, task_ask
from .hands import end_hand
from .powers import (
    card_to_table,
    drop_tasks_of,
    immediate,
    on_table,
    pass_in_effect,
    pick_options,
    unit_to_limbo,
)
from .stack import Task, pop, push


@EFFECTS.handler(ForceTableCard)
def force_table_card(
    game: Game, state: State, task: Task, ans: Action | None, effect: ForceTableCard
) -> bool:
    """BP-21.4 .. BP-21.6: a card may be forced (``spade_ten_force``). Unique to the 10♠: the only power that
    forces a card already on its own table."""
    goto(task, "spade_ten_force")
    return spade_ten_force(game, state, task, ans)


def _spade_ten_choices(game: Game, state: State, task: Task) -> tuple[list[int], list[int]] | None:
    """The cards of the 10♠'s table it may force (never itself, never no-effect) and the tables they may go to
    (BP-21.4, BP-21.5); None, and the effect is over, when there is no card or no table."""
    you = task["you"]
    card = task["card"]
    if not state["g"]["tile_of"]:  # no tile: every card is a unit, no-effect by its mark (units, unit_ne)
        marks = state["marks"]
        cands = [u for u in state["zones"][TABLE[you]] if u != card and marks.get(SK[u]) not in NES]
    else:
        own = tile_of(state, card)
        cands = []
        for u in units(game, state, you):
            if u == card or (own is not None and u == own["cards"][0]) or unit_ne(game, state, u):
                continue
            cands.append(u)
    targets = opponents(game, state, you)
    if not cands or not targets:
        pop(state, task)
        return None
    return cands, targets


def spade_ten_force(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.4: the card, then (a second small decision, ``spade_ten_target``) the table it is forced onto."""
    you = task["you"]
    if ans is None:
        choices = _spade_ten_choices(game, state, task)
        if choices is None:
            return False
        cands, targets = choices
        opts = [option("decline", label="Do not force a card")]
        where = f" onto {seat_name(targets[0])}'s table" if len(targets) == 1 else ""
        opts += [
            [o[0], f"Force {o[1]}{where}"]
            for o in pick_options(game, state, [(you, u) for u in cands], "force_card")
        ]
        return task_ask(
            game, state, task, you, "force", f"{seat_name(you)}: force a card of your table?", opts
        )
    # the answer comes straight after the question, with the choices as they were asked (nothing moved since)
    if declined(state, task, ans):
        return False
    task["forced_card"] = ans.args[0]
    goto(task, "spade_ten_target")
    return spade_ten_target(game, state, task, None)


def spade_ten_target(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.4, BP-21.6: the table the 10♠'s card is forced onto."""
    you = task["you"]
    choices = _spade_ten_choices(game, state, task)
    if choices is None:
        return False
    targets = choices[1]
    unit = task["forced_card"]
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
        push_play(game, state, target, list(tile["cards"]), "limbo", "force", you, unit=unit)
    else:
        push_play(game, state, target, [unit], "limbo", "force", you)
    return False


@immediate(LoseOrRestore)
def lose_or_restore(game: Game, state: State, task: Task, effect: LoseOrRestore) -> None:
    """BP-21.7 .. BP-21.11, BP-6.3: unique to the 10♣, the only power that takes its player out of the hand."""
    you = task["you"]
    g = state["g"]
    table = state["zones"][TABLE[you]]
    nes = [c for c in table if is_ne(game, state, c)]
    if nes:
        for c in nes:
            game.mark(state, c, TABLE[you], effective_mark(mark_of(state, c)))
        game.log(state, {"t": "restored_all", "seat": you})
        return
    pot = pot_zone(g["depth"])
    if on_table(game, state, task):
        off_table(game, state, you, task["card"], STASH[you], "10_clubs")
    for u in units(game, state, you):
        unit_off_table(game, state, you, u, pot, "10_clubs")
    for zone in (VIEW[you], CTBP[you]):
        game.move_all(state, state["zones"][zone], zone, pot, cause="10_clubs")
    g["in_hand"][you] = False
    undeclare(game, state, you)
    drop_tasks_of(game, state, you)
    g["control"].pop(str(you), None)
    game.log(state, {"t": "lost", "seat": you})
    if g["active"] == you:
        g["turn_over"] = True
    left = in_hand(state)
    if len(left) == 1:
        end_hand(game, state, left[0], "the last player in the hand")


@immediate(ControlWhenForced)
def control_when_forced(game: Game, state: State, task: Task, effect: ControlWhenForced) -> None:
    """BP-21.18, BP-21.26, BP-21.27: Control when forced onto another player's table (``control``). Unique to the 10♦:
    the only power that hands a player's decisions to another."""
    fr = task.get("forcer")
    you = task["you"]
    if fr is not None and fr != you and state["g"]["in_hand"][fr]:
        push(state, {"step": "control", "you": you, "controller": fr, "card": task["card"]})


def step_control(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """BP-21.19 .. BP-21.25, BP-21.27."""
    g = state["g"]
    you = task["you"]
    f = task["controller"]
    hand = state["zones"][VIEW[you]]
    if not hand or not g["in_hand"][you]:
        pop(state, task)
        return False
    if ans is None:
        g["control"][str(you)] = [f, task["card"]]
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
    state["g"]["control"].pop(str(you), None)
    game.log(state, {"t": "released", "seat": you})
    return False


@EFFECTS.handler(PassQ)
def pass_q(game: Game, state: State, task: Task, ans: Action | None, effect: PassQ) -> bool:
    """BP-23.1 .. BP-23.12, BP-16.22, BP-16.23, BP-27.8 .. BP-27.10."""
    if not on_table(game, state, task):
        pop(state, task)
        return False
    d = state["g"]["direction"]
    recv = step_seat(state, task["you"], -d if effect.to == "previous" else d)
    if effect.with_card:
        return _pass_with_card(game, state, task, ans, recv)
    pop(state, task)
    _pass_alone(game, state, task, recv)
    return False


def _pass_alone(game: Game, state: State, task: Task, recv: int) -> None:
    """BP-23.1 .. BP-23.4: the Q alone; its player may look at the receiver's viewing hand."""
    you = task["you"]
    if recv == you:
        return
    q = task["card"]
    if tile_of(state, q) is not None:  # a Q-in-effect: passed, then played at face value (BP-16.22)
        pass_in_effect(game, state, you, q, None)
        reveal(game, state, recv, you)
        push_play(game, state, recv, [q], "limbo", "force", you)
        return
    card_to_table(game, state, you, q, recv, "q_pass")
    reveal(game, state, recv, you)


def _pass_candidates(game: Game, state: State, you: int, q: int) -> list[int]:
    """The cards and tiles that may go with the Q: effective, never the Q itself, never another Q♣/Q♠ (BP-23.6)."""
    own = tile_of(state, q)
    cands = []
    for u in units(game, state, you):
        if u == q or (own is not None and u == own["cards"][0]) or unit_ne(game, state, u):
            continue
        ev = identity_any(game, state, u)
        if tile_of(state, u) is None and state["cards"][u] in ("Q♣", "Q♠"):
            continue
        if ev is not None and ev[0] == 12 and ev[1] in (0, 3) and tile_of(state, u) is not None:
            continue
        cands.append(u)
    return cands


def _pass_pairs(game: Game, state: State, you: int, cands: list[int], fee: int) -> list[tuple[int, int]]:
    """BP-23.9, BP-23.10: two untiled cards forming a pair by face, when the fee can be paid."""
    pairs: list[tuple[int, int]] = []
    if len(state["zones"][STASH[you]]) >= fee:
        singles = [u for u in cands if tile_of(state, u) is None]
        for i, a in enumerate(singles):
            for b in singles[i + 1 :]:
                if pair_key([state["cards"][a], state["cards"][b]]) is not None:
                    pairs.append((a, b))
    return pairs


def _pass_options(
    game: Game, state: State, you: int, cands: list[int], pairs: list[tuple[int, int]], fee: int
) -> list[list[str]]:
    opts = [[o[0], "Pass " + o[1]] for o in pick_options(game, state, [(you, u) for u in cands], "pass_card")]
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
    return opts


def _pass_with_card(game: Game, state: State, task: Task, ans: Action | None, recv: int) -> bool:
    """BP-23.5 .. BP-23.12: a card (or a pair, card by card, for a fee) goes with the Q."""
    you = task["you"]
    cands = _pass_candidates(game, state, you, task["card"])
    fee = fee_size(game, state, you, 2)
    pairs = _pass_pairs(game, state, you, cands, fee)
    if ans is None:
        task.pop("pair_first", None)
        opts = _pass_options(game, state, you, cands, pairs, fee)
        if len(opts) > 1:
            prompt = f"{seat_name(you)}: pass a card with your Q to {seat_name(recv)}"
            return task_ask(game, state, task, you, "pass", prompt, opts)
        if opts:
            ans = only(game, opts)
    passed: list[int] = []
    if (
        ans is not None and ans.verb == "pass_pair"
    ):  # BP-23.9: its first card (in table order), then its partner
        first = task.pop("pair_first", None)
        a = ans.args[0] if first is None else first
        mates = [y for x, y in pairs if x == a]
        if first is None and len(mates) > 1:
            task["pair_first"] = a
            words = public_card_words(game, state, a)
            opts = [
                option(
                    "pass_pair",
                    b,
                    label=f"Pay {fee} and pass the pair {words} + {public_card_words(game, state, b)}",
                )
                for b in mates
            ]
            prompt = f"{seat_name(you)}: the other card of the pair"
            return task_ask(game, state, task, you, "pass", prompt, opts, False)
        passed = [a, mates[0] if first is None else ans.args[0]]
    pop(state, task)
    unit = None
    if passed:
        pay_from_stash(game, state, you, fee, pot_zone(state["g"]["depth"]), "fee")
    elif ans is not None and ans.verb == "pass_card":
        unit = ans.args[0]
        passed = unit_cards(game, state, unit)
    _pass_q_and_cards(game, state, task, recv, passed, unit)
    return False


def _pass_q_and_cards(
    game: Game, state: State, task: Task, recv: int, passed: list[int], unit: int | None
) -> None:
    """The Q goes (a Q-in-effect is passed and played, BP-16.22), then the cards with it, played by the receiver."""
    g = state["g"]
    you = task["you"]
    q = task["card"]
    own = tile_of(state, q)
    qid = None
    if own is not None:  # a Q-in-effect (BP-16.22)
        g["q_passes"] = g.get("q_passes", 0) + 1
        qid = g["q_passes"]
        pass_in_effect(game, state, you, q, qid)
        push_play(game, state, recv, [q], "limbo", "force", you, q_id=qid)
    else:
        card_to_table(game, state, you, q, recv, "q_pass")
    if not passed:
        return
    tile = tile_of(state, unit) if unit is not None else None
    if tile is not None:
        unit_to_limbo(game, state, you, unit, "q_pass")
    else:
        for c in passed:
            off_table(game, state, you, c, "limbo", "q_pass")
    extra: dict[str, Any] = {}
    if own is None:
        extra["passed_q"] = q
    else:
        extra["q_in_effect"] = qid
    if tile is not None:
        extra["unit"] = unit
    if len(passed) == 2 and tile is None:
        extra["pair"] = pair_key([state["cards"][c] for c in passed])
    push_play(game, state, recv, passed, "limbo", "force", you, **extra)
