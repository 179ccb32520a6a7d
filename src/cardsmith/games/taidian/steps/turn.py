"""Section 3, turn structure: the start step (Poison ticks, start-of-turn effects), the choice step, the play step,
the end step (clean-up and drawing) and the passing of the turn (with the round cap of TAI-13.10)."""

from __future__ import annotations

from cardsmith.core import rng
from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, ask, done, goto, open_window, push
from cardsmith.core.game import Game
from cardsmith.core.state import State

from .. import effects
from ..data import ABILITY, ABILITY_FIRST, CARDS, HAND_SIZE, KIND, MAX_PLAYERS, SAFETY_ROUNDS
from ..flow import FLOW
from ..model import Table, living, poison_of
from .attack import attacking
from .upgrade import upgrading


@FLOW.step()
def turn(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.2, TAI-3.4: the four steps of a turn, or only the Poison ticks at an eliminated seat."""
    g: Table = state["g"]
    cur = g["current"]
    g["turn_type"] = ""
    g["pool"] = 0
    g["burned"] = 0
    g["protected"] = []  # TAI-8.11: Shotgun protection lasts one turn
    poisons = g["poisons"]
    mine = [p["card"] for p in poisons if p["owner"] == cur] if poisons else []  # TAI-3.5: in play order
    real = g["alive"][cur]
    g["real_turn"] = real
    goto(frame, "advance")
    if real:
        state["turn"] += 1
        game.log(state, {"t": "turn", "s": cur, "round": g["round"], "turn": state["turn"]})
        push(state, "end_step")
        push(state, "play")
        push(state, "choose_turn_type")
        push(state, "start_effects", effects=None)
    else:
        game.log(state, {"t": "visit", "s": cur, "round": g["round"]})
    if mine:
        push(state, "poison_ticks", cards=mine)


@FLOW.step()
def advance(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.1, TAI-3.17: the next seat clockwise; a new round begins back at the starting seat (TAI-3.3)."""
    g: Table = state["g"]
    g["current"] = (g["current"] + 1) % state["players"]
    goto(frame, "turn")
    if g["current"] == g["start"]:
        cap = state["options"]["round_cap"]
        if cap is not None and g["round"] >= cap:  # TAI-13.10
            cap_end(game, state)
            return
        if g["round"] >= SAFETY_ROUNDS:
            game.finish(state, [], f"no winner after {SAFETY_ROUNDS} rounds (the engine's safety limit)")
            return
        g["round"] += 1
        game.log(state, {"t": "round", "round": g["round"]})
    turn(game, state, frame)  # the step the engine would run next, on this same frame


def cap_end(game: Game, state: State) -> None:
    """TAI-13.10: most health wins (teams: most total health of living members); a tie is a shared draw."""
    g: Table = state["g"]
    team = g["team"]
    live = living(g)
    health = g["health"]
    if team is None:
        best = max(health[s] for s in live)
        top = [s for s in live if health[s] == best]
        if len(top) == 1:
            game.finish(state, top, f"round cap: {game.seat_name(top[0])} has the most health ({best})")
        else:
            who = ", ".join(game.seat_name(s) for s in top)
            game.finish(state, [], f"round cap: {who} share a draw with {best} health each")
        return
    totals: dict[int, int] = {}
    for s in live:
        totals[team[s]] = totals.get(team[s], 0) + health[s]
    best = max(totals.values())
    top_teams = sorted(t for t, v in totals.items() if v == best)
    if len(top_teams) == 1:
        members = [s for s in range(state["players"]) if team[s] == top_teams[0]]
        game.finish(state, members, f"round cap: team {top_teams[0] + 1} has the most health ({best})")
    else:
        who = ", ".join(f"team {t + 1}" for t in top_teams)
        game.finish(state, [], f"round cap: {who} share a draw with {best} health each")


# ---------------------------------------------------------------- start step (TAI-3.5, TAI-3.6)


@FLOW.step()
def poison_ticks(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.5: each Poison the active seat played ticks, in the order they were played."""
    if not frame["cards"]:
        done(state)
        return
    cid = frame["cards"].pop(0)
    if poison_of(state["g"], cid) is not None:  # it may have ended meanwhile (TAI-8.36)
        open_window(state, "tick", card=cid, healing=0, removed=False)


@FLOW.step()
def start_effects(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.6: the active player's start-of-turn effects, in an order they choose.

    ``frame["effects"]`` lists the effects still due: a structure's card id, or -1 for the character's ability.
    """
    g: Table = state["g"]
    cur = g["current"]
    names = state["cards"]
    if frame["effects"] is None:
        struct = state["zones"][f"struct:{cur}"]
        due = [c for c in struct if names[c] in _START_ENERGY] if struct else []
        if g["characters"][cur] in _START_STEP:  # TAI-14.14 (c)
            due.append(-1)
        frame["effects"] = due
    due = frame["effects"]
    if not due:
        done(state)
        return
    if len(due) == 1:
        effects.start_effect(game, state, due.pop())
        return
    options = [
        option("first", ABILITY_FIRST if e < 0 else names[e], label="First: " + _effect_label(state, e))
        for e in due
    ]
    ask(state, cur, "order", f"{game.seat_name(cur)}: choose which start-of-turn effect comes first", options)


_START_ENERGY = frozenset(name for name, card in CARDS.cards.items() if card.effect == "start_energy")
_START_STEP = frozenset(name for name, ability in ABILITY.items() if ability.kind == "start_step")


def _effect_label(state: State, effect: int) -> str:
    g: Table = state["g"]
    if effect < 0:
        who = g["characters"][g["current"]]
        ab = ABILITY[who]
        return f"{who}'s ability ({ab.effect} {ab.amount})"
    card = CARDS.cards[state["cards"][effect]]
    return f"{card.name} (energy {card.amount})"


@FLOW.answer("start_effects")
def start_effects_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    (which,) = action.args
    names = state["cards"]
    if which == ABILITY_FIRST:
        effect = -1
    else:  # the structure of that name in the seat's own structure area: there is one at most (TAI-9.4)
        effect = next(e for e in frame["effects"] if e >= 0 and names[e] == which)
    frame["effects"].remove(effect)
    effects.start_effect(game, state, effect)


# ---------------------------------------------------------------- choice step (TAI-3.7)


TURN_TYPE_OPTIONS = [
    option("upgrade", label="Upgrading turn (money, energy, buying)"),
    option("attack", label="Attacking turn (red cards)"),
]


@FLOW.step()
def choose_turn_type(game: Game, state: State, frame: Frame) -> None:
    cur = state["g"]["current"]
    prompt = game.seat_prompt(cur, "upgrading turn or attacking turn?")
    ask(state, cur, "turn_type", prompt, TURN_TYPE_OPTIONS)


@FLOW.answer("choose_turn_type")
def choose_turn_type_answer(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    g: Table = state["g"]
    done(state)
    if action.verb == "upgrade":
        g["turn_type"] = "upgrade"
        g["pool"] = effects.structure_total(state, seat, "buy_bonus")  # TAI-4.3, TAI-14.14 (b)
    else:
        g["turn_type"] = "attack"
    event_type = "up" if g["turn_type"] == "upgrade" else "atk"
    game.log(state, {"t": "declare", "s": seat, "tt": event_type, "pool": g["pool"]})
    top = state["flow"][-1]
    if top["step"] == "play":  # the step the engine would run next (the turn's play step, TAI-3.8)
        play(game, state, top)


@FLOW.step()
def play(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.8: the play step of the turn type chosen (section 4 or section 6)."""
    if state["g"]["turn_type"] == "upgrade":
        goto(frame, "upgrading")
        upgrading(game, state, frame)  # the step the engine would run next, on this same frame
    else:
        goto(frame, "attacking")
        attacking(game, state, frame)


# ---------------------------------------------------------------- end step (TAI-3.11 .. TAI-3.15)


@FLOW.step()
def end_step(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.11: every card in play, in hand and bought goes to the discard pile; then five are drawn."""
    g: Table = state["g"]
    cur = g["current"]
    z = state["zones"]
    in_play, hand, bought, dst = _CLEANUP_ZONES[cur]
    for src in (in_play, hand, bought):
        if z[src]:
            game.move_all(state, z[src][::-1], src, dst, cause="cleanup")
    g["turn_type"] = ""
    g["pool"] = 0
    frame["seat"] = cur
    frame["left"] = HAND_SIZE
    goto(frame, "draw")
    draw(game, state, frame)  # the step the engine would run next, on this same frame


@FLOW.step()
def draw(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.12 .. TAI-3.14: draw one at a time, reshuffling the discard pile when the deck is empty.

    TAI-9.7: the structures drawn are noted, and once the drawing is done their owner is asked whether to put
    them into play (nothing else happens in between, and no card replaces a placed one, TAI-9.8, so this is "at
    once"). So that the question gives nothing away (TAI-1.17, TAI-1.18), it is asked after every draw of a
    player who owns a structure card out of play (in hand, deck or discard pile: a public fact, since every
    structure a player gains, places, loses or burns is shown to all), whether or not one was drawn.
    """
    seat = frame["seat"]
    z = state["zones"]
    deck_name, hand_name, discard_name = _DRAW_ZONES[seat]
    deck = z[deck_name]
    names = state["cards"]
    drawn: list[int] = []
    left = frame["left"]
    while left > 0:
        if not deck:
            discard = z[discard_name]
            if not discard:  # TAI-3.14
                break
            game.move_all(state, discard[::-1], discard_name, deck_name, cause="reshuffle")
            rng.shuffle(state, deck)
            game.log(state, {"t": "shuffle", "s": seat})
        taken = deck[: len(deck) - left - 1 : -1] if left < len(deck) else deck[::-1]
        game.move_all(state, taken, deck_name, hand_name, cause="draw")
        frame["left"] = left = left - len(taken)
        if not _STRUCTURES.isdisjoint(map(names.__getitem__, taken)):
            drawn += [cid for cid in taken if names[cid] in _STRUCTURES]  # TAI-9.7
    done(state)
    if z[hand_name] and (drawn or _owns_loose_structure(state, seat)):
        push(state, "place", seat=seat, drawn=drawn)


def _owns_loose_structure(state: State, seat: int) -> bool:
    """Whether ``seat`` owns a structure card in hand, deck or discard pile (known to all, see :func:`draw`)."""
    names = state["cards"]
    z = state["zones"]
    name_of = names.__getitem__
    return not (
        _STRUCTURES.isdisjoint(map(name_of, z[f"hand:{seat}"]))
        and _STRUCTURES.isdisjoint(map(name_of, z[f"deck:{seat}"]))
        and _STRUCTURES.isdisjoint(map(name_of, z[f"discard:{seat}"]))
    )


# Each seat's zone names, spelled once: (play, hand, bought, discard) for the clean-up, (deck, hand, discard) to draw.
_CLEANUP_ZONES = tuple((f"play:{s}", f"hand:{s}", f"bought:{s}", f"discard:{s}") for s in range(MAX_PLAYERS))
_DRAW_ZONES = tuple((f"deck:{s}", f"hand:{s}", f"discard:{s}") for s in range(MAX_PLAYERS))
_STRUCTURES = frozenset(name for name, kind in KIND.items() if kind == "structure")


@FLOW.step()
def cut(game: Game, state: State, frame: Frame) -> None:
    """TAI-3.16: the active player was eliminated: drop the rest of the turn (no end step)."""
    frames = state["flow"]
    done(state)
    while frames[-1]["step"] != "advance":
        done(state)
    state["g"]["laying"] = []
