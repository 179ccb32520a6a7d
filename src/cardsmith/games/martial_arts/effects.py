"""Martial Arts: what cards do (sections 9 and 10), and the card moves every rule shares (draw, discard, life).

The ADR effects and the event clauses are the vocabularies of ``powers.py``; the code that carries out each one is
registered here. An ADR effect changes the table at once (MA-9.5); an event clause is read while it is active: its
handler says how much it gives a seat (MA-10.6, MA-10.7).
"""

from __future__ import annotations

from cardsmith.core.state import State
from cardsmith.core.steps import discard_cards
from cardsmith.core.zones import lowest_named

from .cards import AdrCard
from .flow import Rules
from .model import CARDS, LIFE, Table, active_event, other
from .powers import (
    ADR,
    CLAUSES,
    AtkMod,
    BoostNextAtk,
    BoostNextDef,
    Clause,
    DefMod,
    DirectDamage,
    Draw,
    ExtraDraw,
    ForceDiscard,
    GainLife,
    ModClause,
    ReducePendingAtk,
    TargetedClause,
    TurnEndDiscard,
    TurnStartDiscard,
)

# ----- card moves every rule shares ------------------------------------------------------------------------------


def draw(game: Rules, state: State, seat: int, n: int) -> None:
    """Draw ``n`` cards; an empty deck gives what is left and nothing more (MA-11.4, MA-11.5)."""
    deck = state["zones"][f"deck:{seat}"]
    for _ in range(n):
        if not deck:
            return
        game.move(state, deck[-1], f"deck:{seat}", f"hand:{seat}", cause="draw")


def discard_from_hand(game: Rules, state: State, seat: int, card: int, cause: str) -> None:
    game.move(state, card, f"hand:{seat}", f"discard:{seat}", cause=cause)


def in_hand(state: State, seat: int, name: str) -> int:
    """The card a name option plays: the lowest-numbered copy of ``name`` in the hand (copies are alike, MA-1.24)."""
    return lowest_named(state["cards"], state["zones"][f"hand:{seat}"], name)


def lose_life(game: Rules, state: State, seat: int, amount: int, winner: int) -> None:
    """MA-6.14, MA-12.1, MA-12.2: life never goes below 0, and 0 ends the game at once."""
    g: Table = state["g"]
    if amount <= 0:
        return
    g["life"][seat] = max(0, g["life"][seat] - amount)
    game.log(state, {"t": "life", "seat": seat, "lost": amount, "life": g["life"][seat]})
    if g["life"][seat] == 0:
        game.finish(state, [winner], f"{game.seat_name(seat)}'s life reached 0")


def push_discards(game: Rules, state: State, owed: list[tuple[int, int]]) -> None:
    """Forced discards (MA-4.9), made in the order listed: ``(seat, count)`` each, asked one card at a time.

    The owner is asked even when every card in hand is a copy of one card (a single option): MA-4.11 lets the
    engine decide only what everyone can see is the only choice, and skipping the question would tell the
    opponent that the hidden hand holds nothing but copies (MA-1.16). Only a hand no bigger than the discard (its
    size is public) goes without asking (MA-10.17, MA-9.11: the whole hand goes).
    """
    for seat, count in reversed(owed):
        prompt = game.seat_prompt(seat, "discard a card ({left} to go)")
        discard_cards(state, seat, count=count, prompt=prompt, cause="forced_discard", whole_when_owed=True)


# ----- ADR effects (section 9) -------------------------------------------------------------------------------------


def play_adr(game: Rules, state: State, seat: int, card_id: int) -> None:
    """Section 9: pay the cost, discard the card, then its effect at once (MA-9.1, MA-9.5)."""
    g: Table = state["g"]
    card = CARDS.cards[state["cards"][card_id]]
    assert isinstance(card, AdrCard)
    g["played"][0] = True
    g["adr"][seat] -= card.cost  # MA-9.1
    discard_from_hand(game, state, seat, card_id, "adr")  # MA-9.5
    game.log(state, {"t": "adr", "seat": seat, "name": card.name, "effect": card.effect, "n": card.n})
    ADR.run(card.power, game, state, seat)


@ADR.handler(GainLife)
def gain_life(game: Rules, state: State, seat: int, effect: GainLife) -> None:  # MA-9.8
    life = state["g"]["life"]
    life[seat] = min(LIFE, life[seat] + effect.n)


@ADR.handler(DirectDamage)
def direct_damage(game: Rules, state: State, seat: int, effect: DirectDamage) -> None:  # MA-9.9, MA-9.19
    lose_life(game, state, other(seat), effect.n, seat)


@ADR.handler(Draw)
def draw_cards(game: Rules, state: State, seat: int, effect: Draw) -> None:  # MA-9.10
    draw(game, state, seat, effect.n)


@ADR.handler(ForceDiscard)
def force_discard(game: Rules, state: State, seat: int, effect: ForceDiscard) -> None:  # MA-9.11, MA-9.19
    push_discards(game, state, [(other(seat), effect.n)])


@ADR.handler(BoostNextAtk)
def boost_next_atk(game: Rules, state: State, seat: int, effect: BoostNextAtk) -> None:  # MA-9.12, MA-9.15
    state["g"]["boost_atk"][seat] += effect.n


@ADR.handler(BoostNextDef)
def boost_next_def(game: Rules, state: State, seat: int, effect: BoostNextDef) -> None:  # MA-9.13, MA-9.15
    state["g"]["boost_def"][seat] += effect.n


@ADR.handler(ReducePendingAtk)
def reduce_pending_atk(game: Rules, state: State, seat: int, effect: ReducePendingAtk) -> None:  # MA-9.14
    sequence = state["g"]["sequence"]
    assert sequence is not None
    sequence["reduction"] += effect.n


# ----- event clauses (section 10) ----------------------------------------------------------------------------------


def clause_total(state: State, kind: type[Clause], seat: int | None = None) -> int:
    """Sum of the active event's clauses of ``kind``, for ``seat`` where the clause is targeted (MA-10.6, MA-10.7)."""
    event = active_event(state)
    if event is None:
        return 0
    attacker = state["g"]["attacker"]
    return sum(CLAUSES.run(c, attacker, seat) for c in event.clauses if type(c) is kind)


def _targeted(attacker: int, seat: int | None, clause: TargetedClause) -> int:
    """MA-10.7: "attacker" and "defender" are the roles of the turn in progress; "each" is both players."""
    if seat is None or clause.target == "each" or ((clause.target == "attacker") == (seat == attacker)):
        return clause.n
    return 0


def _every_card(attacker: int, seat: int | None, clause: ModClause) -> int:
    return clause.n  # MA-10.11, MA-10.12: every attack or block card


for _kind in (TurnStartDiscard, TurnEndDiscard, ExtraDraw):  # MA-10.9, MA-10.10, MA-10.13
    CLAUSES.handler(_kind)(_targeted)
for _kind in (AtkMod, DefMod):
    CLAUSES.handler(_kind)(_every_card)


def event_discards(state: State, kind: type[Clause]) -> list[tuple[int, int]]:
    """MA-10.9, MA-10.10, MA-10.17: what the targeted players discard, attacker first."""
    attacker = state["g"]["attacker"]
    owed = []
    for seat in (attacker, other(attacker)):
        n = clause_total(state, kind, seat)
        if n > 0:
            owed.append((seat, n))
    return owed
