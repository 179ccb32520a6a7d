"""Taking a side option (BP-3.2, BP-22.4, BP-26.48 .. BP-26.51, BP-27.13) and declaring a hand (BP-3.2, BP-3.3)."""

from __future__ import annotations

from ....core.actions import Action, option
from ....core.game import Game
from ....core.state import State
from ..declare import hand_menu, hand_words, set_declaration
from ..table import SK, TABLE, face_card, off_table, seat_name, table_seat, unit_off_table
from .ask import task_ask
from .side import _side_cards
from .stack import Task, pop, push


def do_side(game: Game, state: State, seat: int, action: Action) -> None:
    g = state["g"]
    verb = action.verb
    if verb == "declare":
        push(state, {"step": "declare", "you": seat, "reason": "choice"})
        return
    if verb == "restore":  # BP-22.4, BP-22.5: the first no-effect J of the table is the one discarded
        j = _side_cards(game, state, seat)[0][0]
        t = action.args[0]
        off_table(game, state, seat, j, "discard", "j_discard")
        owner = table_seat(game, state, t)
        if owner is not None:
            game.mark(state, t, TABLE[owner], None)
            game.log(state, {"t": "restored", "card": t, "seat": owner})
        return
    if verb == "upright_six":  # BP-26.51
        j, tid = _side_cards(game, state, seat)[0][0], SK[action.args[0]]
        off_table(game, state, seat, j, "discard", "j_discard")
        tile = g["tiles"].get(tid)
        if tile is not None and tile.get("sideways"):
            tile["sideways"].pop()
            game.log(state, {"t": "six_upright", "seat": seat})
        return
    if verb == "turn_six":  # BP-26.48 .. BP-26.50
        tile = g["tiles"][SK[action.args[0]]]
        up = [c for c in tile["cards"] if c not in tile.setdefault("sideways", [])]
        tile["sideways"].append(up[0])
        game.log(state, {"t": "six_side", "seat": seat})
        if len(tile["sideways"]) == 3:
            unit_off_table(game, state, seat, tile["cards"][0], "discard", "six_spent")
        push(state, {"step": "shaft", "you": seat, "optional": 1})
        return
    if verb == "neutralize":  # BP-27.13: the first 3♣ of the table goes with the wild
        a, w = _side_cards(game, state, seat)[2][0], action.args[0]
        fa = face_card(game, state, a)
        fw = face_card(game, state, w)
        off_table(game, state, seat, fa, "discard", "neutralize")
        if table_seat(game, state, fw) == seat:
            off_table(game, state, seat, fw, "discard", "neutralize")
        game.log(state, {"t": "neutralize", "seat": seat})
        return
    raise AssertionError(action.id)


def step_declare(game: Game, state: State, task: Task, ans: Action | None) -> bool:
    """The menu of hands: the best one, or the best one left without one of its cards (BP-3.3)."""
    seat = task["you"]
    if "menu" not in task:
        task["menu"] = hand_menu(game, state, seat)
    hands = task["menu"]
    if not hands:
        pop(state, task)
        return False
    if ans is None and len(hands) > 1:
        opts = []
        for left_out, cards, wv, _score in hands:
            words = hand_words(game, state, cards, wv)
            if left_out is None:
                opts.append(option("declare_best", label=f"Declare best: {words}"))
            else:
                opts.append(option("declare_without", left_out, label=f"Declare {words}"))
        words = {
            "choice": "declare",
            "3c": "redeclare with your 3♣",
            "ks": "declare the hand your K♠ discards",
        }
        return task_ask(
            game,
            state,
            task,
            seat,
            "declare",
            f"{seat_name(seat)}: {words.get(task['reason'], 'declare')}",
            opts,
        )
    left = ans.args[0] if ans is not None and ans.verb == "declare_without" else None
    _left, cards, wv, score = next(h for h in hands if h[0] == left)
    pop(state, task)
    set_declaration(game, state, seat, cards, wv, score)
    return False
