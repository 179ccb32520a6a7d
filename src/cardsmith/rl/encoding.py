"""The observation vector: a fixed-length encoding of one seat's view, built from the game's declarations.

The encoder reads a view (:func:`cardsmith.core.view.view`) and nothing else, so no card the seat cannot see can
reach the vector. Its layout is fixed for a (game, players, options) and made of blocks, in this order:

* ``seat``: the observer's seat, one-hot over the seats;
* ``turn``: the turn number and the number of decisions applied so far;
* ``pending``: whether the observer decides, who decides (relative to the observer: 0 is the observer, 1 the next
  seat, ...), and the decision's kind, one-hot over the kinds the game asks (as the observer is shown them);
* ``zone``: for each declared zone kind, once per seat relative to the observer for a kind each seat owns (or once
  for a shared kind), the number of each card of the game's card table that the view shows there, the number of
  cards there the view does not show (hidden), and how many of them bear a mark;
* ``data``: the numbers, flags and words of the game's own public and private view data (``view["public"]``,
  ``view["private"]``), flattened into named features. A number or flag is its value; a word is one-hot over the
  words that field takes; a list that holds one entry per seat is read per seat, rotated so that the observer comes
  first; a field that names cards is one-hot over the whole card table; any other list, and a table keyed by numbers (cards, places), is represented by its length.

Which data fields and words exist is read off a few seeded random playouts of the game (the *probe*), so the layout
is the same in every process for the same game, players, options and rules version. A field or word that the probe
never met is not encoded. :func:`feature_name` names any index; :func:`describe` lists the blocks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.decision import CHANCE
from ..core.engine import apply, legal_ids, new_game, resolve_chance
from ..core.game import Game
from ..core.options import resolve_options
from ..core.registry import get_game
from ..core.view import view as _view

PROBE_GAMES = 3
"""How many seeded random playouts the probe plays."""
PROBE_STEPS = 300
"""At most this many decisions of each probe playout are read."""
MAX_WORDS = 64
"""A text field with more distinct words than this in the probe is encoded by nothing but whether it is set."""


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _numeric_keys(value: dict[str, Any]) -> bool:
    return bool(value) and all(isinstance(k, str) and k.lstrip("-").isdigit() for k in value)


class _Probe:
    """What the probe saw of the game's view data: field paths with their kind, and the words of each text field."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.numbers: set[str] = set()
        self.lengths: set[str] = set()
        self.words: dict[str, set[str]] = {}
        self.seat_lists: dict[str, bool] = {}
        self.kinds: set[str] = set()

    def walk(self, path: str, value: Any) -> None:
        if value is None:
            return
        if isinstance(value, bool) or _is_number(value):
            self.numbers.add(path)
        elif isinstance(value, str):
            self.words.setdefault(path, set()).add(value)
        elif isinstance(value, list):
            per_seat = len(value) == self.players
            self.seat_lists[path] = self.seat_lists.get(path, True) and per_seat
            self.lengths.add(path)
            if per_seat:
                for item in value:
                    self.walk(path + "[]", item)
        elif isinstance(value, dict):
            if _numeric_keys(value):
                self.lengths.add(path)
                return
            for key in value:
                self.walk(f"{path}.{key}", value[key])


@dataclass
class Encoder:
    """The observation encoding of one game for given players and options (see the module docstring)."""

    game: Game
    players: int
    options: dict[str, Any]
    names: list[str] = field(default_factory=list)
    blocks: list[tuple[str, int, int, str]] = field(default_factory=list)
    _cards: dict[str, int] = field(default_factory=dict)
    _zone_base: dict[tuple[str, int], int] = field(default_factory=dict)
    _kinds: dict[str, int] = field(default_factory=dict)
    _fields: list[tuple[int, tuple[str, ...], str, Any]] = field(default_factory=list)

    @property
    def size(self) -> int:
        """The length of every observation vector."""
        return len(self.names)

    def _block(self, name: str, features: list[str], help_text: str) -> int:
        start = len(self.names)
        self.names.extend(features)
        self.blocks.append((name, start, len(features), help_text))
        return start

    def build(self, probe: _Probe) -> None:
        players = self.players
        cards = sorted(self.game.card_names())
        self._cards = {name: i for i, name in enumerate(cards)}
        self._block("seat", [f"seat=={s}" for s in range(players)], "the observer's seat, one-hot")
        self._block("turn", ["turn", "step"], "the turn number and the decisions applied so far")
        kinds = sorted(probe.kinds)
        self._kinds = {k: i for i, k in enumerate(kinds)}
        pend = ["pending.mine"] + [f"pending.seat==+{r}" for r in range(players)]
        self._block(
            "pending", pend + [f"pending.kind=={k}" for k in kinds], "who decides, and the decision's kind"
        )
        per_zone = [f"card=={c}" for c in cards] + ["hidden", "marked"]
        for kind, spec in sorted(self.game.visibility.zone_kinds.items()):
            for rel in range(players) if spec.owned else (-1,):
                label = kind if rel < 0 else f"{kind}[+{rel}]"
                start = self._block(
                    "zone " + label,
                    [f"{label}.{f}" for f in per_zone],
                    f"{spec.description or kind} ({spec.visibility}): count of each card shown, hidden, marked",
                )
                self._zone_base[(kind, rel)] = start
        self._build_fields(probe)

    def _build_fields(self, probe: _Probe) -> None:
        features: list[str] = []
        fields: list[tuple[str, str, Any]] = []
        for path in sorted(probe.numbers | probe.lengths | set(probe.words)):
            slots = _slot_labels(path, self.players)
            if path in probe.numbers:
                fields.append((path, "number", None))
                features.extend(slots)
            if path in probe.lengths and not probe.seat_lists.get(path, False):
                fields.append((path, "length", None))
                features.extend(f"len({s})" for s in slots)
            if path in probe.words:
                words = sorted(probe.words[path])
                if set(words) <= set(self._cards):  # a field that names a card: every card of the table
                    words = sorted(self._cards)
                if len(words) > MAX_WORDS and words != sorted(self._cards):
                    fields.append((path, "set", None))
                    features.extend(f"{s} is set" for s in slots)
                else:
                    fields.append((path, "word", {w: i for i, w in enumerate(words)}))
                    features.extend(f"{s}=={w}" for s in slots for w in words)
        start = len(self.names)
        self._block("data", features, "the game's own view data: numbers, flags, words one-hot, lengths")
        for path, how, words in fields:
            parts = tuple(path.replace("[]", ".[]").split("."))
            self._fields.append((start, parts, how, words))
            start += _width(how, words, path, self.players)

    # ----- encoding ---------------------------------------------------------------------------------------------

    def encode(self, view: dict[str, Any], out: Any) -> Any:
        """Write the encoding of ``view`` into ``out`` (a zeroed sequence of :attr:`size` numbers) and return it."""
        values = self.values(view)
        if isinstance(out, np.ndarray):
            out[np.fromiter(values.keys(), np.intp, len(values))] = np.fromiter(
                values.values(), out.dtype, len(values)
            )
        else:
            for i, v in values.items():
                out[i] = v
        return out

    def values(self, view: dict[str, Any]) -> dict[int, float]:
        """The non-zero features of ``view`` by index (what :meth:`encode` writes)."""
        players = self.players
        seat = view["seat"]
        acc: dict[int, float] = {seat: 1, players: view["turn"], players + 1: view["step"]}
        base = players + 2
        pending = view["pending"]
        if pending is not None:
            decider = pending["seat"]
            if decider == seat:
                acc[base] = 1
            if decider != CHANCE:
                acc[base + 1 + (decider - seat) % players] = 1
            k = self._kinds.get(pending["kind"])
            if k is not None:
                acc[base + 1 + players + k] = 1
        self._encode_zones(view, acc)
        self._encode_data(view, acc)
        return acc

    def _encode_zones(self, view: dict[str, Any], acc: dict[int, float]) -> None:
        zone_info = self.game.visibility.zone_info
        seat = view["seat"]
        players = self.players
        cards = self._cards
        hidden_at = len(cards)
        bases = self._zone_base
        for name, entries in view["zones"].items():
            if not entries:
                continue
            owner = zone_info(name)[1]
            start = bases[(name.split(":", 1)[0], -1 if owner is None else (owner - seat) % players)]
            for entry in entries:
                if entry is None or entry[1] is None:
                    i = start + hidden_at
                else:
                    i = start + cards[entry[1]]
                acc[i] = acc.get(i, 0) + 1
                if entry is not None and len(entry) > 2:
                    acc[start + hidden_at + 1] = acc.get(start + hidden_at + 1, 0) + 1

    def _encode_data(self, view: dict[str, Any], acc: dict[int, float]) -> None:
        seat = view["seat"]
        players = self.players
        data = {"public": view["public"], "private": view["private"]}
        for index, parts, how, words in self._fields:
            for slot, value in _read(data, parts, seat, players):
                if value is None:
                    continue
                if how == "number":
                    if isinstance(value, bool | int | float):
                        acc[index + slot] = float(value)
                elif how == "length":
                    if isinstance(value, list | dict):
                        acc[index + slot] = len(value)
                elif how == "set":
                    acc[index + slot] = 1
                elif isinstance(value, str):
                    w = words.get(value)
                    if w is not None:
                        acc[index + slot * len(words) + w] = 1


def _slot_labels(path: str, players: int) -> list[str]:
    """The names of a path's slots in slot order: each ``[]`` becomes ``[+r]``, r the seat relative to the observer."""
    labels = [""]
    for i, piece in enumerate(path.split("[]")):
        if i:
            labels = [f"{label}[+{r}]" for label in labels for r in range(players)]
        labels = [label + piece for label in labels]
    return labels


def _width(how: str, words: Any, path: str, players: int) -> int:
    per = len(words) if how == "word" else 1
    return per * players ** path.count("[]")


def _read(data: Any, parts: tuple[str, ...], seat: int, players: int) -> list[tuple[int, Any]]:
    """The values at a path (``public.a.b[].c`` split at dots, ``[]`` apart), each with its slot: the per-seat
    position, observer first."""
    found: list[tuple[int, Any]] = [(0, data)]
    for part in parts:
        nxt: list[tuple[int, Any]] = []
        for slot, value in found:
            if part == "[]":
                if isinstance(value, list) and len(value) == players:
                    for s, item in enumerate(value):
                        nxt.append((slot * players + (s - seat) % players, item))
            elif isinstance(value, dict) and part in value:
                nxt.append((slot, value[part]))
        found = nxt
    return found


def _probe(game: Game, players: int, options: dict[str, Any]) -> _Probe:
    """Play :data:`PROBE_GAMES` seeded random playouts and record the view data and decision kinds they show."""
    probe = _Probe(players)
    for n in range(PROBE_GAMES):
        rnd = random.Random(f"cardsmith-rl-probe:{n}")
        state = new_game(game, players, f"cardsmith-rl-probe:{n}", options)
        for step in range(PROBE_STEPS):
            pending = state["pending"]
            if pending is None:
                break
            if pending["seat"] == CHANCE:
                resolve_chance(state)
                continue
            for seat in {pending["seat"], step % players}:
                seen = _view(state, seat)
                probe.kinds.add(seen["pending"]["kind"])
                probe.walk("public", seen["public"])
                probe.walk("private", seen["private"])
            apply(state, rnd.choice(legal_ids(state)))
    return probe


_ENCODERS: dict[tuple[str, str, int, str], Encoder] = {}


def encoder(game: Game | str, players: int, options: dict[str, Any] | None = None) -> Encoder:
    """The encoder of ``game`` for ``players`` and ``options`` (resolved against the game's defaults), built once."""
    g = get_game(game) if isinstance(game, str) else game
    resolved = resolve_options(g.id, g.option_specs, options)
    key = (g.id, g.rules_version, players, repr(sorted(resolved.items())))
    enc = _ENCODERS.get(key)
    if enc is None:
        enc = Encoder(g, players, resolved)
        enc.build(_probe(g, players, resolved))
        _ENCODERS[key] = enc
    return enc


def feature_name(
    game: Game | str, index: int, players: int | None = None, options: dict[str, Any] | None = None
) -> str:
    """The name of feature ``index`` of the observation vector (``"hand[+0].card==Iron Wall"``, ``"public.life[+1]"``).

    ``players`` defaults to the game's smallest table. Raises IndexError outside the vector."""
    g = get_game(game) if isinstance(game, str) else game
    enc = encoder(g, g.min_players if players is None else players, options)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < enc.size:
        raise IndexError(f"feature index {index!r} is outside 0..{enc.size - 1}")
    return enc.names[index]


def describe(game: Game | str, players: int | None = None, options: dict[str, Any] | None = None) -> str:
    """The layout of the observation vector and of the action space, as Markdown."""
    g = get_game(game) if isinstance(game, str) else game
    players = g.min_players if players is None else players
    enc = encoder(g, players, options)
    space = g.action_space(players, enc.options)
    lines = [
        f"## {g.id} ({players} players)",
        "",
        f"Observation: {enc.size} numbers. Action space: {space.size} indices.",
        "",
        "| block | first | count | what it holds |",
        "|---|---|---|---|",
    ]
    lines += [f"| {name} | {start} | {count} | {text} |" for name, start, count, text in enc.blocks]
    lines += ["", "| verb | first | count | arguments | meaning |", "|---|---|---|---|---|"]
    for row in space.describe():
        args = ", ".join(f"{a} ({n})" for a, n in row["args"]) or "-"
        lines.append(f"| {row['verb']} | {row['first']} | {row['count']} | {args} | {row['help']} |")
    return "\n".join(lines) + "\n"
