"""Sections 5 to 8: an attack phase's exchange of sequences, the move decision, the response window, blocks and
damage, counterattacks and the ADR points a combo earns."""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, done, goto
from cardsmith.core.state import State

from ..cards import MoveCard
from ..effects import clause_total, in_hand, lose_life, play_adr
from ..flow import FLOW, Rules
from ..model import CARDS, Sequence, Table, first_move, other, sudden_death
from ..powers import AtkMod, DefMod
from .decisions import adr_options, decide, distinct


def start_sequence(state: State, striker: int) -> None:
    """MA-5.1: a sequence starts with the striker's first move decision."""
    state["g"]["sequence"] = {
        "striker": striker,
        "last": None,
        "successful": 0,
        "attack": None,
        "bonus": 0,
        "reduction": 0,
    }


def sequence_of(state: State) -> Sequence:
    sequence = state["g"]["sequence"]
    assert sequence is not None
    return sequence


def effective_atk(state: State) -> int:
    """MA-6.4: printed ATK + ATK_MOD + boost - reduction, at least 0."""
    sequence = sequence_of(state)
    assert sequence["attack"] is not None
    card = CARDS.cards[state["cards"][sequence["attack"]]]
    assert isinstance(card, MoveCard) and card.atk is not None
    return max(0, card.atk + clause_total(state, AtkMod) + sequence["bonus"] - sequence["reduction"])


@FLOW.step()
def exchange(game: Rules, state: State, frame: Frame) -> None:
    """MA-3.13, MA-3.14: an attack phase is one exchange, begun by the attacker's sequence."""
    start_sequence(state, state["g"]["attacker"])
    goto(frame, "move")


# ----- the move decision (section 5) -------------------------------------------------------------------------------


def attack_options(game: Rules, state: State, seat: int) -> list[list[str]]:
    """MA-5.4 to MA-5.8: legal attack cards at a move decision."""
    last = sequence_of(state)["last"]
    defs = CARDS.cards
    names = state["cards"]
    lnk = None
    if last is not None:
        lnk = defs[names[last]].lnk  # type: ignore[union-attr]
        if lnk is None:  # MA-5.6: a blank linker ends the chain
            return []
    legal = []
    for cid in state["zones"][f"hand:{seat}"]:
        card = defs[names[cid]]
        if type(card) is not MoveCard or card.atk is None:  # MA-1.8
            continue
        if lnk is not None and (card.cpt is None or card.cpt < lnk):  # MA-5.5, MA-5.7, MA-5.8
            continue
        legal.append(cid)
    return distinct(game, state, legal, "attack", "Attack with")


@FLOW.step()
def move(game: Rules, state: State, frame: Frame) -> None:
    """The striker attacks with a linking card, plays ADR, or stops (MA-5.4, MA-5.14, MA-9.3)."""
    sequence = sequence_of(state)
    seat = sequence["striker"]
    first = first_move(sequence)
    options = attack_options(game, state, seat) + adr_options(game, state, seat, False)
    options.append(option("stop", label="Stop (no attack)" if first else "Stop the combo"))
    prompt = game.seat_prompt(seat, "attack" if first else "continue the combo")
    decide(game, state, frame, seat, "move", prompt, options)


@FLOW.answer("move", "response")
def exchange_answer(game: Rules, state: State, frame: Frame, seat: int, action: Action) -> None:
    """The striker's move or the receiver's response: ADR in either, every other verb belongs to one of them."""
    if action.verb == "adrenaline":  # MA-4.7: the same decision returns
        play_adr(game, state, seat, in_hand(state, seat, action.args[0]))
    elif action.verb == "attack":
        play_attack(game, state, seat, in_hand(state, seat, action.args[0]))
        goto(frame, "response")
    elif action.verb == "stop":  # MA-5.14: the receiver learns that the striker stopped
        game.log(state, {"t": "stop", "seat": seat, "first": first_move(sequence_of(state))})
        end_sequence(game, state, frame, None)
    elif action.verb == "take":
        resolve_attack(game, state, frame, None)
    elif action.verb == "block":
        resolve_attack(game, state, frame, in_hand(state, seat, action.args[0]))
    else:
        raise AssertionError(f"unhandled option {action.id!r}")


def play_attack(game: Rules, state: State, seat: int, card: int) -> None:
    """MA-5.11: the card goes to the battle area and the receiver gets a response window (MA-6.1)."""
    g: Table = state["g"]
    sequence = sequence_of(state)
    g["played"][0] = True
    game.move(state, card, f"hand:{seat}", f"battle:{seat}", cause="attack")
    sequence["attack"] = card
    sequence["bonus"] = g["boost_atk"][seat]  # MA-9.12, MA-9.15: all boosts go to this card
    g["boost_atk"][seat] = 0
    sequence["reduction"] = 0


# ----- the response window (section 6) -----------------------------------------------------------------------------


@FLOW.step()
def response(game: Rules, state: State, frame: Frame) -> None:
    """The receiver plays ADR, blocks with a DEF card, or takes the hit (MA-6.1, MA-6.2, MA-6.7, MA-11.7)."""
    sequence = sequence_of(state)
    seat = other(sequence["striker"])
    options = adr_options(game, state, seat, True)
    if not sudden_death(state, seat):  # MA-11.7
        defs = CARDS.cards
        names = state["cards"]
        blocks = [
            c
            for c in state["zones"][f"hand:{seat}"]
            if type(defs[names[c]]) is MoveCard and defs[names[c]].dfn is not None  # type: ignore[union-attr]
        ]
        options += distinct(game, state, blocks, "block", "Block with")
    options.append(option("take", label="Take the hit"))
    assert sequence["attack"] is not None
    prompt = (
        f"{game.seat_name(seat)}: block {state['cards'][sequence['attack']]} (ATK {effective_atk(state)})?"
    )
    decide(game, state, frame, seat, "response", prompt, options)


def resolve_attack(game: Rules, state: State, frame: Frame, block: int | None) -> None:
    """MA-6.6 to MA-6.14: compare effective values, deal damage, end or continue the sequence."""
    g: Table = state["g"]
    sequence = sequence_of(state)
    striker = sequence["striker"]
    receiver = other(striker)
    attack_card = sequence["attack"]
    atk = effective_atk(state)
    if block is None:
        damage = atk  # MA-6.7, MA-6.13
        game.log(state, {"t": "unblocked", "seat": receiver, "atk": atk})
    else:
        g["played"][0] = True
        game.move(state, block, f"hand:{receiver}", f"battle:{receiver}", cause="block")
        card = CARDS.cards[state["cards"][block]]
        assert isinstance(card, MoveCard) and card.dfn is not None
        dfn = max(0, card.dfn + clause_total(state, DefMod) + g["boost_def"][receiver])  # MA-6.5
        g["boost_def"][receiver] = 0  # MA-9.13, MA-9.15
        if dfn >= atk:  # MA-6.9, MA-6.12
            game.log(state, {"t": "blocked", "seat": receiver, "atk": atk, "def": dfn})
            sequence["attack"] = None
            end_sequence(game, state, frame, receiver)  # MA-6.10, MA-6.11
            return
        damage = atk - dfn  # MA-6.8
        game.log(state, {"t": "partial_block", "seat": receiver, "atk": atk, "def": dfn})
    sequence["attack"] = None
    sequence["successful"] += 1  # MA-8.1
    sequence["last"] = attack_card
    lose_life(game, state, receiver, damage, striker)
    goto(frame, "move")


# ----- the end of a sequence, counterattacks and ADR points (sections 7 and 8) -------------------------------------


def end_sequence(game: Rules, state: State, frame: Frame, blocker: int | None) -> None:
    """MA-5.14, MA-5.15: credit ADR, clear both battle areas, then the counterattack decision if any."""
    g: Table = state["g"]
    sequence = sequence_of(state)
    striker = sequence["striker"]
    chains = max(0, sequence["successful"] - 1)  # MA-8.2, MA-8.3, MA-8.5
    if chains:
        g["adr"][striker] += chains
        game.log(state, {"t": "adr_gain", "seat": striker, "n": chains})
    z = state["zones"]
    for seat in (0, 1):
        battle = f"battle:{seat}"
        for cid in list(z[battle]):
            game.move(state, cid, battle, f"discard:{seat}", cause="cleanup")
    g["sequence"] = None
    if blocker is not None:  # MA-7.1, MA-7.2, MA-7.6: the blocker may counterattack
        game.log(state, {"t": "counter_chance", "seat": blocker})
        start_sequence(state, blocker)
        goto(frame, "move")
    else:  # MA-7.8, MA-7.9: the exchange, and with it the attack phase, is over
        done(state)
