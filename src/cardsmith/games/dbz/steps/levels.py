"""Power, anger and levels (section 4), with the Most Powerful Personality victory (DBZ-13.4 .. DBZ-13.7)."""

from __future__ import annotations

from cardsmith.core.state import State

from ..cards import MainPersonality
from ..effects import EFFECTS, POWERS, ActAnger, AngerOpp, AngerSelf, LevelOpp, LevelSelf
from ..model import MAX_ANGER, MAX_STAGE, Rules, other
from .drills import discard_drills


def mp(game: Rules, state: State, seat: int) -> MainPersonality:
    """A seat's Main Personality (DBZ-1.2)."""
    return game.cards.mps[state["g"]["mp"][seat]]


def power(game: Rules, state: State, seat: int) -> int:
    """DBZ-4.1: the current power value of a seat's MP."""
    g = state["g"]
    return game.cards.mps[g["mp"][seat]].levels[g["level"][seat] - 1].power[g["stage"][seat]]


def add_anger(game: Rules, state: State, seat: int, delta: int) -> None:
    """DBZ-4.5 .. DBZ-4.8: anger between 0 and 5; reaching 5 advances the MP one level."""
    g = state["g"]
    anger = g["anger"][seat] + delta
    if anger <= 0:
        anger = 0
    elif anger >= MAX_ANGER:
        if g["level"][seat] < mp(game, state, seat).top:
            g["anger"][seat] = 0  # DBZ-4.6, DBZ-4.7: any excess is lost
            game.log(state, {"t": "anger", "seat": seat, "anger": 0, "delta": delta})
            set_level(game, state, seat, g["level"][seat] + 1, MAX_STAGE, "anger")
            return
        anger = MAX_ANGER  # DBZ-4.8
    g["anger"][seat] = anger
    game.log(state, {"t": "anger", "seat": seat, "anger": anger, "delta": delta})


def card_level(game: Rules, state: State, seat: int, delta: int) -> None:
    """DBZ-4.9 .. DBZ-4.11: a card raises a level (stage 10) or lowers it (stage kept); anger is unchanged."""
    new = state["g"]["level"][seat] + delta
    if not 1 <= new <= mp(game, state, seat).top:
        game.log(state, {"t": "no_level_change", "seat": seat})  # DBZ-4.11: nothing happens
        return
    set_level(game, state, seat, new, MAX_STAGE if delta > 0 else None, "card")


def set_level(game: Rules, state: State, seat: int, level: int, stage: int | None, how: str) -> None:
    """A level change: the Most Powerful Personality check (DBZ-13.4 .. DBZ-13.7), then every drill of that
    player is discarded (DBZ-4.12, DBZ-7.6 .. DBZ-7.10)."""
    g = state["g"]
    up = level > g["level"][seat]
    g["level"][seat] = level
    if stage is not None:
        g["stage"][seat] = stage
    game.log(state, {"t": "level", "seat": seat, "level": level, "stage": g["stage"][seat], "how": how})
    mine = mp(game, state, seat)
    if up and level == mine.top and mine.top >= mp(game, state, other(seat)).top:
        game.finish(state, [seat], f"Most Powerful Personality: {mine.name} reached level {level}")
        return
    discard_drills(game, state, seat, list(state["zones"][f"drills:{seat}"]), "level_change")


# ----- card effects and the drill power that change anger and levels (DBZ-11.9, DBZ-12.9 .. DBZ-12.12) -----


_RIDER_CHANGES = {  # what each rider changes, and whether for the opponent (DBZ-12.9 .. DBZ-12.12)
    AngerSelf: (add_anger, False),
    AngerOpp: (add_anger, True),
    LevelSelf: (card_level, False),
    LevelOpp: (card_level, True),
}


def rider(game: Rules, state: State, seat: int, effect: AngerSelf | AngerOpp | LevelSelf | LevelOpp) -> None:
    """The player's or the opponent's anger or MP level changes by ``n``."""
    change, for_opponent = _RIDER_CHANGES[type(effect)]
    change(game, state, other(seat) if for_opponent else seat, effect.n)


for _kind in _RIDER_CHANGES:
    EFFECTS.handler(_kind)(rider)


@POWERS.handler(ActAnger)
def act_anger(game: Rules, state: State, seat: int, power: ActAnger) -> None:
    add_anger(game, state, seat, power.n)  # DBZ-11.9
