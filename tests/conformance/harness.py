"""The conformance harness: seeded random playouts of any registered game, with checks after every step.

Each check raises :class:`AssertionError` with a message that names the game, player count, options, seed and step,
so any failure can be replayed with ``core.new_game(game, players, seed, options)`` and the seeded agents of
:func:`agents_for`. The module imports no test framework: the determinism test also runs it in a fresh process.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import chain
from pathlib import Path
from typing import Any

from cardsmith import core
from cardsmith.agents import RandomAgent
from cardsmith.core.errors import DeckError
from cardsmith.core.state import SHARED_PARTS, copy_data
from cardsmith.sim.runner import DecisionLimitExceeded, play

from .prompts import Recall, assert_prompts_name_no_hidden_card

State = dict[str, Any]

ROOT = Path(__file__).resolve().parents[2]

REQUIRED_KEYS = frozenset(
    {"game", "rules", "players", "options", "rng", "step", "turn", "cards", "owner", "zones", "marks", "events",
     "pending", "result", "flow", "g"}
)  # fmt: skip

# Ids that must never be legal unless a game really offers them at that step (they are then left out).
JUNK_IDS: tuple[Any, ...] = (
    "",
    "zz",
    "0",
    None,
    42,
    -1,
    0,
    True,
    1.5,
    b"draw",
    ("draw",),
    ["draw"],
    {"id": "x"},
    " ",
    "\x00",
)


STEP_LEAK_OPTIONS = 4
"""How many legal options (sampled) the through-a-step leak check follows at each checked step."""


def is_power_of_two_or_zero(step: int) -> bool:
    """Steps 0, 1, 2, 4, 8, ... (where the heavier checks run)."""
    return step & (step - 1) == 0


def is_power_of_three(step: int) -> bool:
    """Steps 1, 3, 9, 27, ... (where illegal options are tried)."""
    while step > 1 and step % 3 == 0:
        step //= 3
    return step == 1


# ----- cases: which games to play ------------------------------------------------------------------------------------


def _option_values(spec: core.OptionSpec) -> list[Any]:
    if spec.kind == "bool":
        return [True, False]
    if spec.kind == "choice":
        return list(spec.choices)
    return []


def option_variants(game: core.Game, players: int, quick: bool = True) -> list[dict[str, Any]]:
    """The defaults, then each other value of each bool/choice option on its own (where the game accepts it).

    With ``quick``, every variant starts from the game's ``playout_options`` (short games that still end for real).

    The defaults must be accepted for every supported player count: ``blank_state`` raising here fails the test.
    """
    base = dict(game.playout_options) if quick else {}
    core.blank_state(game, players, 0, base)
    variants: list[dict[str, Any]] = [base]
    for spec in game.option_specs:
        for value in _option_values(spec):
            if value == spec.default or spec.name in base:
                continue
            try:
                core.blank_state(game, players, 0, {**base, spec.name: value})
            except (core.OptionError, DeckError):
                continue  # a combination the game refuses for this player count (check_options)
            variants.append({**base, spec.name: value})
    return variants


def cases(game: core.Game, seeds: Iterable[int], quick: bool = True) -> list[tuple[int, dict[str, Any], int]]:
    """(players, options, seed) for each seed: player counts cycle min..max, option variants cycle within each."""
    span = game.max_players - game.min_players + 1
    variants: dict[int, list[dict[str, Any]]] = {}
    out = []
    for seed in seeds:
        players = game.min_players + seed % span
        if players not in variants:
            variants[players] = option_variants(game, players, quick)
        vs = variants[players]
        out.append((players, vs[(seed // span) % len(vs)], seed))
    return out


def agents_for(game_id: str, players: int, seed: int) -> list[RandomAgent]:
    """The seeded random agents of a playout."""
    return [RandomAgent(f"{game_id}:{seed}:{seat}") for seat in range(players)]


def describe(game_id: str, players: int, options: dict[str, Any], seed: int) -> str:
    return f"{game_id} players={players} options={options} seed={seed}"


# ----- cheap per-step checks ------------------------------------------------------------------------------------------


_VALID_ZONES: set[tuple[str, int, str]] = set()  # zone names already found valid, checked once each


def check_structure(game: core.Game, state: State, ctx: str, step: int) -> None:
    """Card conservation, one deciding seat with well-formed options, pending xor result, step count, marks, events."""
    where = f"{ctx} step={step}"
    missing = REQUIRED_KEYS - state.keys()
    assert not missing, f"{where}: the state lacks {sorted(missing)}"
    assert state["game"] == game.id, f"{where}: state['game'] is {state['game']!r}"
    assert state["step"] == step, (
        f"{where}: state['step'] is {state['step']}, but {step} decisions were applied"
    )
    rng = state["rng"]
    assert type(rng) is int and 0 <= rng < 1 << 64, f"{where}: state['rng'] is not a 64-bit word: {rng!r}"
    players = state["players"]

    # every card in exactly one zone
    n = len(state["cards"])
    assert len(state["owner"]) == n, f"{where}: {n} cards but {len(state['owner'])} owner entries"
    placed = sorted(chain.from_iterable(state["zones"].values()))
    if placed != list(range(n)):
        counts = Counter(placed)
        dup = sorted(c for c, k in counts.items() if k > 1)
        lost = sorted(set(range(n)) - set(counts))
        alien = sorted(c for c in counts if not (type(c) is int and 0 <= c < n))
        raise AssertionError(
            f"{where}: card conservation broken: duplicated {dup[:10]}, in no zone {lost[:10]}, not cards {alien[:10]}"
        )
    # the core's flat parts hold no containers, so that clone may copy them one level deep (core.state)
    assert all(type(c) is str for c in state["cards"]), f"{where}: state['cards'] holds a non-string"
    assert all(o is None or type(o) is int for o in state["owner"]), (
        f"{where}: state['owner'] holds a non-seat"
    )
    assert all(v is None or type(v) in (str, int, bool) for v in state["options"].values()), (
        f"{where}: an option value is not a str, int, bool or None: {state['options']!r}"
    )
    vis = game.visibility
    for zone in state["zones"]:
        if (game.id, players, zone) in _VALID_ZONES:
            continue
        assert vis.valid_zone(zone, players), (
            f"{where}: zone {zone!r} is not a declared zone for {players} players"
        )
        _VALID_ZONES.add((game.id, players, zone))
    for key, mark in state["marks"].items():
        assert key.isdigit() and int(key) < n, f"{where}: mark on {key!r}, which is not a card"
        assert mark in vis.mark_kinds, f"{where}: card {key} has undeclared mark {mark!r}"
    for event in state["events"]:
        assert isinstance(event, dict) and isinstance(event.get("t"), str), (
            f"{where}: malformed event {event!r}"
        )
        seen = event.get("vis")
        if seen is not None:
            assert isinstance(seen, list) and all(type(s) is int and 0 <= s < players for s in seen), (
                f"{where}: event {event['t']!r} has bad vis {seen!r}"
            )

    # exactly one deciding seat, or a result
    pending, result = state["pending"], state["result"]
    if pending is None:
        assert result is not None, f"{where}: no pending decision and no result"
        winners = result.get("winners") if isinstance(result, dict) else None
        assert isinstance(winners, list) and all(type(w) is int and 0 <= w < players for w in winners), (
            f"{where}: bad result {result!r}"
        )
        assert len(set(winners)) == len(winners), f"{where}: a seat wins twice: {result!r}"
        # A draw has no winners; no winners without a draw is a game nobody won (a solo game lost to the deck).
        assert isinstance(result.get("draw"), bool) and not (result["draw"] and winners), (
            f"{where}: result 'draw' disagrees with its winners: {result!r}"
        )
        assert isinstance(result.get("reason"), str) and result["reason"], f"{where}: result without a reason"
        return
    assert result is None, f"{where}: a result {result!r} while a decision is still pending"
    seat = pending.get("seat")
    assert type(seat) is int and (seat == core.CHANCE or 0 <= seat < players), (
        f"{where}: the deciding seat {seat!r} is neither a seat of {players} nor CHANCE"
    )
    assert isinstance(pending.get("kind"), str) and pending["kind"], (
        f"{where}: decision kind {pending.get('kind')!r}"
    )
    assert isinstance(pending.get("prompt"), str), f"{where}: decision prompt {pending.get('prompt')!r}"
    options = pending.get("options")
    assert isinstance(options, list) and options, f"{where}: the {pending['kind']!r} decision has no options"
    for o in options:
        assert isinstance(o, list) and len(o) == 2, f"{where}: option {o!r} is not an [id, label] pair"
        assert isinstance(o[0], str), f"{where}: option id {o[0]!r} is not a string"
        assert isinstance(o[1], str) and o[1].strip(), f"{where}: option {o[0]!r} has an empty label {o[1]!r}"
    ids = [o[0] for o in options]
    if len(set(ids)) != len(ids):
        dups = sorted(i for i, k in Counter(ids).items() if k > 1)
        raise AssertionError(f"{where}: duplicate option ids {dups[:10]} in the {pending['kind']!r} decision")
    check_action_encoding(game, state, ids, where)
    weights = pending.get("weights")
    if seat == core.CHANCE:
        assert (
            isinstance(weights, list)
            and len(weights) == len(options)
            and all(type(w) is int and w >= 0 for w in weights)
            and sum(weights) > 0
        ), f"{where}: chance decision {pending['kind']!r} has bad weights {weights!r}"
    else:
        assert weights is None, f"{where}: a seat's decision carries chance weights"


def check_zone_ledger(ledger: dict[str, list[int]], state: State, where: str, *, first: bool) -> None:
    """Every card movement is a recorded move: the zones of the last step, replayed through this step's ``move``
    events, hold exactly the cards the zones hold now (order aside: a shuffle reorders without moving). ``ledger``
    carries the replayed zones from step to step; at the first step it is taken from the state. A card created
    during the step (a new id) starts where its first move takes it from, or where it lies now."""
    zones = state["zones"]
    if not first:
        known = {c for ids in ledger.values() for c in ids}
        moves = [e for e in state["events"] if e["t"] == "move"]
        for card in range(len(state["cards"])):
            if card not in known:
                origin = next((e["from"] for e in moves if e["card"] == card), None)
                if origin is None:
                    origin = next(name for name, ids in zones.items() if card in ids)
                ledger.setdefault(origin, []).append(card)
        for event in moves:
            src, dst, card = event["from"], event["to"], event["card"]
            assert card in ledger.get(src, ()), (
                f"{where}: a move event takes card {card} from {src!r}, where the recorded moves never put it"
            )
            ledger[src].remove(card)
            ledger.setdefault(dst, []).append(card)
        for name in ledger.keys() | zones.keys():
            if sorted(ledger.get(name, ())) != sorted(zones.get(name, ())):
                raise AssertionError(
                    f"{where}: zone {name!r} holds {sorted(zones.get(name, ()))[:12]} but its recorded moves give "
                    f"{sorted(ledger.get(name, ()))[:12]}: a card moved without the move primitive"
                )
    ledger.clear()
    ledger.update({name: list(ids) for name, ids in zones.items()})


def check_action_encoding(game: core.Game, state: State, ids: list[str], where: str) -> None:
    """Typed options: each id is the canonical id of a declared verb and its arguments, encodes to its own index of
    the game's action space, and decodes back to itself; the legal mask marks exactly these options."""
    assert game.verbs, (
        f"{where}: the game declares no verbs, so its options have no typed meaning or action space"
    )
    space = game.action_space(state["players"], state["options"])
    seen: dict[int, str] = {}
    for oid in ids:
        try:
            action = game.verb_table.parse(oid)
            index = space.encode(oid)
        except ValueError as exc:
            raise AssertionError(
                f"{where}: option {oid!r} is outside the declared action space: {exc}"
            ) from None
        assert core.option_id(action.verb, *action.args) == oid, (
            f"{where}: option {oid!r} is not the id the core builds from verb {action.verb!r} and {action.args!r}"
        )
        assert 0 <= index < space.size, (
            f"{where}: option {oid!r} encodes to {index}, outside 0..{space.size - 1}"
        )
        assert index not in seen, (
            f"{where}: options {seen[index]!r} and {oid!r} encode to the same index {index}"
        )
        seen[index] = oid
        back = space.decode(index)
        assert back == oid, f"{where}: option {oid!r} encodes to {index}, which decodes to {back!r}"
    mask = core.legal_mask(state)
    assert len(mask) == space.size and sum(mask) == len(ids), (
        f"{where}: the legal mask has {sum(mask)} ones of {len(mask)} for {len(ids)} options"
    )


# ----- heavier checks, at sampled steps -------------------------------------------------------------------------------


def check_plain_tree(state: State, where: str) -> None:
    """State is plain data: dicts with str keys, lists, str, int, bool, None; no container reachable twice."""
    seen: set[int] = set()
    stack: list[tuple[Any, str]] = [(state, "state")]
    while stack:
        obj, path = stack.pop()
        if isinstance(obj, dict | list):
            if id(obj) in seen:
                raise AssertionError(
                    f"{where}: {path} is the same object as another part of the state (aliasing)"
                )
            seen.add(id(obj))
            if isinstance(obj, dict):
                for k, v in obj.items():
                    assert type(k) is str, f"{where}: {path} has a non-string key {k!r}"
                    stack.append((v, f"{path}[{k!r}]"))
            else:
                stack.extend((v, f"{path}[{i}]") for i, v in enumerate(obj))
        elif obj is not None and type(obj) not in (str, int, bool):
            raise AssertionError(f"{where}: {path} is a {type(obj).__name__}, not plain data: {obj!r}")


def check_json_round_trip(state: State, where: str) -> None:
    text = core.to_json(state)
    back = core.from_json(text)
    assert back == state, (
        f"{where}: from_json(to_json(state)) != state ({first_difference(state, back, 'state')})"
    )
    assert core.state_hash(back) == core.state_hash(state), f"{where}: the hash changed through JSON"


def _containers(obj: Any, out: dict[int, Any]) -> None:
    if isinstance(obj, dict):
        out[id(obj)] = obj
        for v in obj.values():
            _containers(v, out)
    elif isinstance(obj, list):
        out[id(obj)] = obj
        for v in obj:
            _containers(v, out)


def check_clone_is_deep(state: State, where: str) -> None:
    """The clone shares no container with the original but the parts a step never changes once it has ended (the
    last step's events and the pending decision, ``SHARED_PARTS``), and mutating all the rest of it leaves the
    original as it was."""
    before = core.to_json(state)
    dup = core.clone(state)
    for part in SHARED_PARTS:
        assert dup[part] is state[part], f"{where}: the clone copies {part!r}"
    mine: dict[int, Any] = {}
    theirs: dict[int, Any] = {}
    for key in state.keys() - SHARED_PARTS:
        _containers(state[key], mine)
        _containers(dup[key], theirs)
    shared = mine.keys() & theirs.keys()
    assert not shared, f"{where}: the clone shares {len(shared)} containers with the original"
    for obj in list(theirs.values()):
        if isinstance(obj, dict):
            for k in list(obj):
                obj[k] = "mutated"
            obj["mutated"] = True
        else:
            obj[:] = ["mutated"]
    assert core.to_json(state) == before, f"{where}: mutating the clone changed the original"


class Ended:
    """The parts of the last ended step that clones share (``SHARED_PARTS``), with a copy of them as they were when
    the step ended: :meth:`check` finds a later step that wrote into them instead of replacing them."""

    def __init__(self) -> None:
        self.parts: list[tuple[Any, Any]] = []

    def check(self, state: State, where: str) -> None:
        for then, copy in self.parts:
            assert then == copy, f"{where}: a step changed the events or decision of a step that had ended"
        self.parts = [(state[part], copy_data(state[part])) for part in sorted(SHARED_PARTS)]


def hidden_cards(game: core.Game, state: State, seat: int | None) -> list[int]:
    """The card ids whose identity ``seat`` may not see where they lie."""
    vis = game.visibility
    return sorted(
        c for zone, ids in state["zones"].items() for c in ids if not vis.card_visible(state, c, zone, seat)
    )


def rerandomisations(
    state: State, hidden: list[int], rnd: random.Random, *, new_rng: bool = True
) -> list[tuple[str, State]]:
    """Copies of ``state`` that differ only in what the holders of ``hidden`` cannot know.

    Each copy permutes the names of the hidden cards among themselves (their owner entries stay) and, with
    ``new_rng``, replaces the RNG word. The first copy moves every name it can (names sorted, rotated by the largest number of copies of one
    name, so no card keeps its name unless one name fills more than half the hidden cards); the second is a random
    permutation.
    """
    names = [state["cards"][c] for c in hidden]
    by_name = sorted(hidden, key=lambda c: state["cards"][c])
    sorted_names = [state["cards"][c] for c in by_name]
    shift = max(Counter(names).values(), default=0)
    rotated = sorted_names[shift:] + sorted_names[:shift]
    shuffled = names[:]
    rnd.shuffle(shuffled)
    out = []
    for label, ids, new in (("rotation", by_name, rotated), ("shuffle", hidden, shuffled)):
        alt = core.clone(state)
        for c, name in zip(ids, new, strict=True):
            alt["cards"][c] = name
        if not new_rng:
            out.append((label, alt))
            continue
        alt["rng"] = (state["rng"] ^ rnd.getrandbits(64) ^ 0x5851F42D4C957F2D) & ((1 << 64) - 1) or 1
        if alt["rng"] == state["rng"]:
            alt["rng"] ^= 1
        out.append((label, alt))
    return out


def assert_no_leak(game: core.Game, state: State, seat: int | None, rnd: random.Random, where: str) -> int:
    """Re-randomise what ``seat`` cannot see; its view must not change. Returns how many cards were hidden."""
    base = core.view(state, seat)
    try:
        json.dumps(base)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{where}: the view of seat {seat} is not plain JSON data: {exc}") from None
    check_narration(game, base, seat, where)
    hidden = hidden_cards(game, state, seat)
    for label, alt in rerandomisations(state, hidden, rnd):
        other = core.view(alt, seat)
        if other != base:
            raise AssertionError(
                f"{where}: leak: the view of seat {seat} changes when what it cannot see is re-randomised "
                f"({label} of {len(hidden)} hidden cards and the RNG word): {first_difference(base, other, 'view')}"
            )
    return len(hidden)


def _seen_ids(seen: dict[str, Any]) -> set[int]:
    """The card ids whose identity a view shows: in its zones and in its events."""
    out = {e[0] for entries in seen["zones"].values() for e in entries if e is not None and e[0] is not None}
    out.update(e["card"] for e in seen["events"] if e.get("card") is not None and e.get("name") is not None)
    return out


def assert_no_leak_through_a_step(
    game: core.Game, state: State, option_id: str, seat: int | None, rnd: random.Random, where: str
) -> bool:
    """Re-randomise what ``seat`` cannot see *before* a step, apply the same option, and compare the seat's views.

    Permuted are the cards hidden from ``seat`` that the deciding seat cannot see either (what the decider sees is
    what its choice is made of, so the same option means the same thing), except those the step itself shows the
    seat (cards it sees afterwards, in a zone or named in an event) and those in a zone the step shuffles by dealing
    identities (``shuffle_unseen``). The RNG word is kept, so chance does the same. Then the seat's view after the
    step must not change: not its cards, not the labels and prompts it is shown, not the events, and not whether it
    (or another seat) is asked next. This catches what the after-the-fact check cannot: a hidden card copied into a
    label or an event when the rules run, and who is asked depending on hidden cards. A copy in which the step shows
    the seat other cards than it did (a reveal that depends on what a card is, made through the declared
    visibility) is not compared. Returns whether a re-randomised copy was compared.
    """
    after = core.clone(state)
    core.apply(after, option_id)
    base = core.view(after, seat)
    revealed = _seen_ids(base)
    fixed = set(revealed)
    for event in after["events"]:
        if event["t"] == "shuffled":
            fixed.update(state["zones"][event["zone"]])
    keep = set(hidden_cards(game, state, seat)) - fixed
    decider = state["pending"]["seat"]
    if decider != core.CHANCE and decider != seat:
        keep &= set(hidden_cards(game, state, decider))
    if len({state["cards"][c] for c in keep}) < 2:
        return False
    compared = False
    for label, alt in rerandomisations(state, sorted(keep), rnd, new_rng=False):
        core.apply(alt, option_id)
        other = core.view(alt, seat)
        if _seen_ids(other) != revealed:
            # The rules showed the seat other cards: a reveal that depends on what the card is (a drawn Disaster is
            # shown, another card is not) is the rules at work, through the declared visibility. Nothing to compare.
            continue
        compared = True
        if other != base:
            raise AssertionError(
                f"{where}: leak through a step: the view of seat {seat} after {option_id!r} changes when what it "
                f"could not see before the step is re-randomised ({label} of {len(keep)} hidden cards): "
                f"{first_difference(base, other, 'view')}"
            )
    return compared


def check_narration(game: core.Game, view: dict[str, Any], seat: int | None, where: str) -> None:
    """The terminal's hooks accept what a seat sees: each redacted event and the whole view."""
    for event in view["events"]:
        try:
            line = game.describe_event(event, seat)
        except Exception as exc:  # noqa: BLE001 - reported with the event that caused it
            raise AssertionError(f"{where}: describe_event({event!r}, {seat}) raised {exc!r}") from exc
        assert line is None or isinstance(line, str), f"{where}: describe_event returned {line!r}"
    try:
        lines = game.summarize(view)
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(f"{where}: summarize(view of seat {seat}) raised {exc!r}") from exc
    assert isinstance(lines, list) and all(isinstance(x, str) for x in lines), (
        f"{where}: summarize gave {lines!r}"
    )


def first_difference(a: Any, b: Any, path: str) -> str | None:
    """The path of the first difference between two plain-data values (for messages)."""
    if a == b and type(a) is type(b):
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(a.keys() | b.keys(), key=repr):
            if k not in a or k not in b:
                return f"{path}[{k!r}] is only on one side"
            d = first_difference(a[k], b[k], f"{path}[{k!r}]")
            if d:
                return d
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):  # lengths compared below
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        if len(a) != len(b):
            return f"{path} has {len(a)} vs {len(b)} items"
    ra, rb = repr(a), repr(b)
    return f"{path}: {ra[:200]} vs {rb[:200]}"


def near_misses(legal: list[str]) -> list[str]:
    """Ids that look like a legal id but are not it."""
    out = []
    for oid in legal[:3]:
        out += [oid + " ", " " + oid, oid.upper(), oid + ":", oid[:-1], oid + "0"]
    return out


def assert_refused(state: State, bad_ids: Iterable[Any], where: str, *, over: bool) -> int:
    """Each id must raise IllegalAction (GameOver if ``over``) from apply and check, leaving the state as it was."""
    expected = core.GameOver if over else core.IllegalAction
    snapshot = core.clone(state)
    before = core.state_hash(state)
    count = 0
    for bad in bad_ids:
        for fn in (core.apply, core.check):
            try:
                fn(state, bad)
            except expected as exc:
                assert over or not isinstance(exc, core.GameOver), (
                    f"{where}: {bad!r} refused with GameOver mid-game"
                )
                assert exc.option_id is bad, f"{where}: the error for {bad!r} names {exc.option_id!r}"
                text = str(exc)
                assert text and "\n" not in text, f"{where}: the error for {bad!r} is not one line: {text!r}"
            except Exception as exc:  # noqa: BLE001 - any other exception is the failure being reported
                raise AssertionError(
                    f"{where}: {fn.__name__}({bad!r}) raised {type(exc).__name__}: {exc}, not {expected.__name__}"
                ) from exc
            else:
                raise AssertionError(f"{where}: {fn.__name__} accepted {bad!r}, which is not a legal option")
            if state != snapshot:
                raise AssertionError(
                    f"{where}: refusing {bad!r} changed the state ({first_difference(snapshot, state, 'state')})"
                )
        count += 1
    assert core.state_hash(state) == before, f"{where}: refusing illegal ids changed the state hash"
    return count


# ----- playouts ---------------------------------------------------------------------------------------------------


class Stats:
    """Counters proving that the sampled checks really ran."""

    def __init__(self) -> None:
        self.games = 0
        self.steps = 0
        self.leak_checks = 0
        self.hidden_seen = 0
        self.refusals = 0
        self.lookaheads = 0
        self.step_leak_checks = 0
        self.prompt_checks = 0
        self.players: Counter[int] = Counter()


def playout(
    game: core.Game,
    players: int,
    options: dict[str, Any],
    seed: int,
    *,
    full: bool = True,
    pool: set[str] | None = None,
    stats: Stats | None = None,
    between_steps: Callable[[State], None] | None = None,
) -> tuple[State, list[str]]:
    """Play one seeded game to its end with the random agents, checking after every step.

    Cheap checks (``full=False``): structure after every step (:func:`check_structure`), the declared decision
    bound, and at the end refusal of every id with GameOver and a JSON round trip. With ``full``, also: clone
    equality and prompts that name no hidden card (:func:`assert_prompts_name_no_hidden_card`) after every step; at steps 0, 1, 2, 4, ...: JSON round trip, plain-data tree, no-leak and narration
    for every seat and a spectator, every legal option applicable, and for a sample of the legal options the
    through-a-step leak check for every seat and a spectator (:func:`assert_no_leak_through_a_step`); at steps 0,
    1, 3, 9, ...: every id of ``pool``
    (ids legal elsewhere, extended with each step's legal ids) and junk not legal now is refused with the state
    unchanged; once per game, a deep clone check.
    """
    ctx = describe(game.id, players, options, seed)
    stats = stats if stats is not None else Stats()
    pool = pool if pool is not None else set()
    rnd = random.Random(f"conformance:{ctx}")
    deep_clone_at = 1 + seed % 32
    state = core.new_game(game, players, seed, options)
    bound = game.max_decisions(state["options"], players)
    actions: list[str] = []

    ledger: dict[str, list[int]] = {}
    ended = Ended()
    recall = Recall(players)

    def checks(state: State) -> None:
        step = len(actions)
        where = f"{ctx} step={step}"
        check_structure(game, state, ctx, step)
        check_zone_ledger(ledger, state, where, first=step == 0)
        ended.check(state, where)
        legal = core.legal_ids(state)
        if full:
            assert core.clone(state) == state, f"{where}: clone(state) != state"
            recall.update(state)
            stats.prompt_checks += assert_prompts_name_no_hidden_card(game, state, where, recall)
            if step == deep_clone_at or (state["pending"] is None and step < deep_clone_at):
                check_clone_is_deep(state, where)
            if is_power_of_two_or_zero(step):
                check_json_round_trip(state, where)
                check_plain_tree(state, where)
                for seat in [*range(players), None]:
                    stats.hidden_seen += assert_no_leak(game, state, seat, rnd, where)
                    stats.leak_checks += 1
                for oid in legal:
                    ahead = core.clone(state)
                    try:
                        core.apply(ahead, oid)
                    except Exception as exc:  # noqa: BLE001 - a legal option must apply
                        raise AssertionError(f"{where}: the legal option {oid!r} failed: {exc!r}") from exc
                    check_structure(game, ahead, ctx + f" after {oid!r} at step {step}", step + 1)
                    stats.lookaheads += 1
                for oid in rnd.sample(legal, min(len(legal), STEP_LEAK_OPTIONS)):
                    for seat in [*range(players), None]:
                        stats.step_leak_checks += assert_no_leak_through_a_step(
                            game, state, oid, seat, rnd, where
                        )
            if legal and (step == 0 or is_power_of_three(step)):
                for oid in legal:
                    core.check(state, oid)
                now = set(legal)
                junk = [j for j in (*JUNK_IDS, *near_misses(legal)) if not (isinstance(j, str) and j in now)]
                stats.refusals += assert_refused(state, [*junk, *sorted(pool - now)], where, over=False)
        pool.update(legal)
        if between_steps is not None:
            between_steps(state)

    def on_step(state: State, option_id: str) -> None:
        actions.append(option_id)
        checks(state)

    checks(state)
    try:
        play(state, agents_for(game.id, players, seed), on_step=on_step, limit=bound)
    except DecisionLimitExceeded:
        raise AssertionError(f"{ctx}: no result within the declared bound of {bound} decisions") from None
    except AssertionError:
        raise
    except Exception as exc:  # noqa: BLE001 - the rules crashed: say where
        raise AssertionError(
            f"{ctx} step={len(actions) + 1}: applying a legal option raised {exc!r}"
        ) from exc
    assert len(actions) <= bound, f"{ctx}: {len(actions)} decisions, over the declared bound {bound}"
    where = f"{ctx} after the end (step {len(actions)})"
    stats.refusals += assert_refused(state, [*JUNK_IDS, *sorted(pool), *actions[-1:]], where, over=True)
    check_json_round_trip(state, where)
    stats.games += 1
    stats.steps += len(actions)
    stats.players[players] += 1
    return state, actions


def fill_pool(game: core.Game, seeds: Iterable[int]) -> set[str]:
    """Option ids legal somewhere in a few quick games (other seeds than the checked ones)."""
    pool: set[str] = set()
    for players, options, seed in cases(game, seeds):
        state = core.new_game(game, players, seed, options)

        def add(state: State, _option_id: str) -> None:
            pool.update(core.legal_ids(state))

        pool.update(core.legal_ids(state))
        play(state, agents_for(game.id, players, seed), on_step=add)
    return pool


# ----- determinism ------------------------------------------------------------------------------------------------


def digest(actions: list[str]) -> str:
    return hashlib.sha256("\n".join(actions).encode()).hexdigest()


def noise(state: State) -> None:
    """Unrelated use of the ``random`` module's global generator between steps (the engine must not care)."""
    scratch = list(range(7))
    random.shuffle(scratch)
    random.random()
    random.seed(random.random())


def records(game_ids: list[str], seeds: list[int], *, with_noise: bool) -> list[dict[str, Any]]:
    """Final hash and action digest of seeded games of each game (cheap checks only)."""
    out = []
    for game_id in game_ids:
        game = core.get_game(game_id)
        for players, options, seed in cases(game, seeds):
            state, actions = playout(
                game, players, options, seed, full=False, between_steps=noise if with_noise else None
            )
            out.append(
                {"game": game_id, "players": players, "options": options, "seed": seed, "steps": len(actions),
                 "actions": digest(actions), "hash": core.state_hash(state)}
            )  # fmt: skip
    return out


_FRESH = """
import importlib, json, sys
sys.path[:0] = {paths!r}
for name in {imports!r}:
    importlib.import_module(name)
from cardsmith.core import register
for name, attr in {registers!r}:
    register(getattr(importlib.import_module(name), attr))
harness = importlib.import_module({harness!r})
print(json.dumps(harness.records({game_ids!r}, {seeds!r}, with_noise=False)))
"""


def fresh_process_records(
    games: list[core.Game],
    seeds: list[int],
    *,
    hash_seed: str,
    registers: tuple[tuple[str, str], ...] = (),
) -> list[dict[str, Any]]:
    """:func:`records` computed by a fresh interpreter (with its own PYTHONHASHSEED)."""
    imports = sorted({type(g).__module__ for g in games} - {name for name, _ in registers})
    code = _FRESH.format(
        paths=[str(ROOT), str(ROOT / "tests")],
        imports=imports,
        registers=list(registers),
        harness=__name__,
        game_ids=[g.id for g in games],
        seeds=list(seeds),
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONHASHSEED"}
    env["PYTHONHASHSEED"] = hash_seed
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )
    if proc.returncode != 0:
        raise AssertionError(f"the fresh process failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout)
