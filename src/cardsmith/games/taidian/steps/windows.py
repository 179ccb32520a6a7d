"""Section 7 and the windows of section 8: Shotgun windows (TAI-8.12), response windows (TAI-7.2 .. TAI-7.8), the
counter-shield step (TAI-8.6) and Poison tick windows (TAI-8.28 .. TAI-8.30).

A window frame holds its ``actors`` (worked out when it opens), the ``next`` actor to ask, and whether that actor
has ``played`` something yet; a response or Shotgun window names its ``victim``, a tick window its Poison ``card``.
"""

from __future__ import annotations

from cardsmith.core.actions import Action, option
from cardsmith.core.flow import Frame, Window, ask, done
from cardsmith.core.game import Game
from cardsmith.core.state import State

from .. import effects
from ..cards import SHOTGUN_DAMAGE
from ..data import CARDS, KIND, after
from ..flow import FLOW
from ..model import Table, distinct, living, lowest, poison_of, poisons_on
from .endgame import eliminate

_OWN_CAUSE = {
    "shotgun": "shotgun",
    "respond": "defend",
    "counter_shield": "counter_shield",
    "tick": "tick_defend",
}
_CAUSE = {
    "shotgun": "shotgun_help",
    "respond": "help",
    "counter_shield": "counter_shield",
    "tick": "tick_help",
}


_DONE = option("done", label="Play nothing")
_DONE_MORE = option("done", label="Play nothing more")
# Options whose words depend only on the card, the seats and its value, built once each and shared by every
# decision offering them (an option list is never changed in place).
_PLAY_OPTIONS: dict[tuple[str, str, int, int, int], list[str]] = {}


def window_actors(state: State, frame: Frame) -> list[int]:
    """Who is asked, in order: the victim, then the other living players clockwise (TAI-7.5, TAI-7.6, TAI-8.12)."""
    g: Table = state["g"]
    n = state["players"]
    alive = g["alive"]
    step = frame["step"]
    vol = g["volley"]
    if step == "counter_shield":
        assert vol is not None
        return [vol["attacker"]]
    v = frame["victim"]
    if step == "tick":
        return [v] + [p for p in after(n, frame["owner"]) if alive[p] and p != v]  # TAI-8.28 (a)
    assert vol is not None
    return [v] + [p for p in after(n, vol["attacker"]) if alive[p] and p != v]


def _opening(game: Game, state: State, frame: Frame) -> list[int] | None:
    """A window opens: its actors, or None when nothing is at stake (it closes at once).

    TAI-6.10 (1), TAI-8.12: before a Robber takes effect, Shotguns may be played for its target. TAI-6.10 (3),
    TAI-7.2 .. TAI-7.8: each attacked player's response window. TAI-6.10 (4), TAI-8.6: the counter-shield step.
    TAI-8.28: a Poison ticks; first its victim, then the others may answer with Medic or Antidote.
    """
    return window_actors(state, frame) if _at_stake(state, frame) else None


def _at_stake(state: State, frame: Frame) -> bool:
    """Whether a window opening now has something at stake; a tick window learns its Poison's victim here."""
    g: Table = state["g"]
    step = frame["step"]
    if step == "shotgun":
        return frame["victim"] not in g["protected"]  # already protected (TAI-8.11)
    if step == "counter_shield":
        vol = g["volley"]
        return vol is not None and any(vol["counter"])  # only when counter damage is pending
    if step == "tick":
        entry = poison_of(g, frame["card"])
        if entry is None:
            return False
        frame["victim"] = entry["victim"]
        frame["owner"] = entry["owner"]
        frame["damage"] = entry["damage"]
    return True


def _offer(game: Game, state: State, frame: Frame, p: int) -> bool:
    """Ask an actor of a window; only an actor with an empty hand is passed by (TAI-1.18).

    Whether a player is asked depends on a public fact alone, the size of their hand, never on which cards they
    hold: asking only players with something playable would tell the table that they hold a Shotgun, a Shield, a
    Kick or a Medic, and passing them by would tell it that they hold none.
    """
    if not state["zones"][f"hand:{p}"]:
        return False
    options = _options(game, state, frame, p)
    options.append(_DONE_MORE if frame["played"] else _DONE)
    ask(state, p, frame["step"], _prompt(game, state, frame, p), options)
    return True


def _closing(game: Game, state: State, frame: Frame) -> None:
    """Every actor has passed: a tick resolves (:func:`_resolve_tick`), any other window just closes."""
    if frame["step"] == "tick":
        _resolve_tick(game, state, frame)
    else:
        done(state)


def _options(game: Game, state: State, frame: Frame, p: int) -> list[list[str]]:
    g: Table = state["g"]
    hand = state["zones"][f"hand:{p}"]
    names = state["cards"]
    step = frame["step"]
    if step == "shotgun":  # TAI-8.12: Shotguns only, played for the victim
        return _one_kind_options(game, g, names, hand, step, p, frame["victim"])
    if step == "counter_shield":  # TAI-8.6: the attacker's own Shields only
        return _one_kind_options(game, g, names, hand, step, p, p)
    v = frame["victim"]
    if step == "tick":  # TAI-8.28 (a): Medic and Antidote only
        kinds: tuple[str, ...] = ("medic", "antidote")
    elif p == v:  # TAI-7.2, TAI-7.4: blue cards and the counters Kick and 9mm
        kinds = ("shield", "shotgun", "medic", "antidote", "attack")
    else:  # TAI-7.5, TAI-7.7: helpers play blue cards only
        kinds = ("shield", "shotgun", "medic", "antidote")
    out: list[list[str]] = []
    for name in sorted(distinct(names, hand, kinds)):
        out += _card_options(game, state, p, v, name)
    return out


def _one_kind_options(
    game: Game, g: Table, names: list[str], hand: list[int], step: str, p: int, v: int
) -> list[list[str]]:
    """The options of a window that takes one kind of card: a Shotgun window's Shotguns, played by ``p`` for
    ``v``, or the counter-shield step's Shields, played by the attacker ``p`` (and ``v``) against the counters."""
    kind = "shotgun" if step == "shotgun" else "shield"
    out = []
    for name in distinct(names, hand, (kind,)):
        val = effects.value(g, p, name)
        key = (step, name, p, v, val)
        opt = _PLAY_OPTIONS.get(key)
        if opt is None:
            if kind == "shotgun":
                label = f"Play {name} for {_for(game, p, v)} (block {val}, 5 counter damage)"
            else:
                label = f"Play {name} against the counters (block {val})"
            opt = _PLAY_OPTIONS[key] = option("play", name, label=label)
        out.append(opt)
    return out


def _card_options(game: Game, state: State, p: int, v: int, name: str) -> list[list[str]]:
    """The options of one card name in a response or tick window, played by ``p`` for ``v``."""
    g: Table = state["g"]
    kind = KIND[name]
    if kind == "attack" and not CARDS.cards[name].counter:  # TAI-8.2
        return []
    if kind == "antidote":  # TAI-8.38
        who = _for(game, p, v)
        return [
            option(
                "antidote",
                name,
                place,
                label=f"{name} for {who}: remove {game.seat_name(entry['owner'])}'s Poison "
                f"({entry['damage']}/tick, {entry['ticks']} left)",
            )
            for place, entry in enumerate(poisons_on(g, v))
        ]
    val = effects.value(g, p, name)
    key = ("", name, p, v, val)
    opt = _PLAY_OPTIONS.get(key)
    if opt is None:
        opt = _PLAY_OPTIONS[key] = _card_option(game, kind, p, v, name, val)
    return [opt]


def _card_option(game: Game, kind: str, p: int, v: int, name: str, val: int) -> list[str]:
    """The option of a card other than an Antidote in a response or tick window (see :func:`_card_options`)."""
    if kind == "attack":
        return option("counter", name, label=f"Counter with {name} ({val} damage to the attacker)")
    who = _for(game, p, v)
    if kind == "medic":
        return option("play", name, label=f"{name} for {who} (heal {val})")
    if kind == "shotgun":
        return option("play", name, label=f"{name} for {who} (block {val}, 5 counter damage)")
    return option("play", name, label=f"{name} for {who} (block {val})")


def _for(game: Game, p: int, v: int) -> str:
    return "yourself" if p == v else game.seat_name(v)


_PROMPTS: dict[tuple[object, ...], str] = {}


def _prompt(game: Game, state: State, frame: Frame, p: int) -> str:
    """The window's prompt to ``p``, built once for each set of the values it names."""
    step = frame["step"]
    key: tuple[object, ...]
    if step == "tick":
        key = (step, p, frame["victim"], frame["owner"], frame["damage"])
    else:
        vol = state["g"]["volley"]
        assert vol is not None
        if step == "counter_shield":
            key = (step, p, sum(vol["counter"]))
        elif step == "shotgun":
            key = (step, p, frame["victim"])
        else:
            v = frame["victim"]
            key = (step, p, v, vol["attacker"], vol["attack"][v], vol["block"][v])
    prompt = _PROMPTS.get(key)
    if prompt is None:
        prompt = _PROMPTS[key] = _make_prompt(game, state, frame, p)
    return prompt


def _make_prompt(game: Game, state: State, frame: Frame, p: int) -> str:
    sn = game.seat_name
    step = frame["step"]
    if step == "tick":
        v = frame["victim"]
        head = f"{sn(p)}: {sn(frame['owner'])}'s Poison ticks on {sn(v)} for {frame['damage']}"
        return head + (": Medic or Antidote?" if p == v else f": help {sn(v)} with Medic or Antidote?")
    vol = state["g"]["volley"]
    assert vol is not None
    if step == "counter_shield":
        return f"{sn(p)}: {sum(vol['counter'])} counter damage is coming back at you: play Shields?"
    v = frame["victim"]
    if step == "shotgun":
        return f"{sn(p)}: a Robber is aimed at {sn(v)}: play a Shotgun first?"
    if p == v:
        return f"{sn(p)}: you are attacked by {sn(vol['attacker'])} (attack {vol['attack'][v]}): defend or counter?"
    a, at, bl = sn(vol["attacker"]), vol["attack"][v], vol["block"][v]
    return f"{sn(p)}: help {sn(v)} against {a} (attack {at}, block {bl} so far)?"


def _played(game: Game, state: State, frame: Frame, seat: int, action: Action) -> None:
    """A card played in a window ("done", TAI-7.3, passes: the core's window moves on to the next actor)."""
    g: Table = state["g"]
    names = state["cards"]
    step = frame["step"]
    v = frame["victim"] if step != "counter_shield" else seat
    cid = lowest(names, state["zones"][f"hand:{seat}"], action.args[0])
    pc = poisons_on(g, v)[action.args[1]]["card"] if action.verb == "antidote" else -1
    name = names[cid]
    cause = _CAUSE[step] if seat != v else _OWN_CAUSE[step]
    game.move(state, cid, f"hand:{seat}", f"resp:{seat}", cause=cause)
    effects.on_play(game, state, seat, name)
    kind = KIND[name]
    if step == "tick":
        if kind == "medic":  # TAI-8.43
            frame["healing"] += effects.value(g, seat, name)
        else:  # TAI-8.38, TAI-8.39
            if pc == frame["card"]:
                frame["removed"] = True
            effects.end_poison(game, state, pc, "antidote")
        return
    vol = g["volley"]
    assert vol is not None
    if step == "counter_shield":  # TAI-8.6, TAI-8.7
        vol["counter_shield"] += effects.value(g, seat, name)
    elif kind == "attack":  # TAI-8.2: counter damage to the attacker, no block
        vol["counter"][seat] += effects.value(g, seat, name)
    elif kind == "shotgun":  # TAI-8.8 .. TAI-8.11, TAI-8.13
        vol["block"][v] += effects.value(g, seat, name)
        vol["counter"][seat] += SHOTGUN_DAMAGE
        if v not in g["protected"]:
            g["protected"].append(v)
    elif kind == "shield":  # TAI-7.9, TAI-8.5
        vol["block"][v] += effects.value(g, seat, name)
    elif kind == "medic":  # TAI-8.41, TAI-8.42
        vol["healing"][v] += effects.value(g, seat, name)
    else:  # antidote, TAI-8.38, TAI-8.40
        effects.end_poison(game, state, pc, "antidote")


WINDOW = Window(_opening, _offer, _played, _closing)
for _window in ("shotgun", "respond", "counter_shield", "tick"):
    FLOW.window(_window, WINDOW)


def _resolve_tick(game: Game, state: State, frame: Frame) -> None:
    """TAI-8.28 (b)-(d), TAI-8.29, TAI-8.30, TAI-8.39, TAI-8.43."""
    g: Table = state["g"]
    done(state)
    v = frame["victim"]
    entry = poison_of(g, frame["card"])
    before = living(g)
    dmg = 0 if (entry is None or frame["removed"]) else entry["damage"]
    heal = frame["healing"]
    owner = frame["owner"]
    if dmg or heal:
        g["health"][v] = min(g["max_health"], g["health"][v] - dmg + heal)  # TAI-11.3
    game.log(state, {"t": "tick", "s": v, "o": owner, "dmg": dmg, "heal": heal, "hp": max(0, g["health"][v])})
    if entry is not None and not frame["removed"]:
        entry["ticks"] -= 1  # (c)
        if entry["ticks"] <= 0:  # TAI-8.30
            effects.end_poison(game, state, entry["card"], "expired")
    effects.sweep_windows(game, state)
    if g["health"][v] <= 0 and g["alive"][v]:
        eliminate(game, state, [v], {v: owner}, before)  # TAI-11.8: the Poison's owner
