"""B-Poker (game id ``bpoker``): the Game class, options, setup, scenarios, views and words.

The rules code is split by the sections of the rules document: ``base.py`` (sections 1-3, 7, 10: zones, marks,
tiles, fees, declarations), ``flow.py`` (sections 4-9: hands, turns, the task stack, plays, reactions, 5
follow-ups, f_poker), ``powers.py`` (sections 12-25: single-card powers), ``pairs.py`` (section 26: pairs and
sets). Rule ids are given where each rule is implemented.

``state["g"]`` holds (all public; hidden cards are only ever named through zones and marks)::

    dir        direction of play, +1 left (increasing seat) or -1 (BP-1.6)
    active     whose turn it is; first: first player of the current outer hand (BP-4.3)
    ing, inh   per seat: still in the game / still in the current hand (BP-4.2, BP-4.9)
    hand       outer hands finished; depth: f_poker nesting depth; frames: saved outer hands (BP-9.x)
    ph         flow step: hstart, tbegin, win, draw, play, end, next (BP-5.1)
    stack      pending effects, top last (BP-11.18); fw: the flow decision being asked
    chosen     the names of the cards of a pair or set chosen so far, one at a time (BP-5.6)
    named      {zone: {card name: card ids}}: the copies a card name stood for when it was last offered there
    decl       per seat None or {"c": cards, "w": {card: [rank, suit]} wild values, "sc": score} (BP-3.2)
    dsig       per seat the table signature at the last declaration (when to offer redeclaring)
    tiles      {first card id: {"k": kind, "c": cards left to right, "s": seat, "ev", "sh", "sd", "hold"}}; tof: card ->
               tile ("hold": the card-in-effect was passed as a Q and the rest waits to break up, BP-16.22)
    jnext      a J's "next card played is no-effect" is waiting (BP-22.1)
    plays, over, exempt, scrap_ok   this turn: plays made, turn over, cards not counted (3s), may scrap
    skip       seats whose next turn is skipped (A+A); nowin: may not win this turn's check; noret (BP-25.8)
    ctrl       {controlled seat: [controller, the 10♦]} (BP-21.18); ring: the ring chain (BP-17.9)
    hd, ht     decisions and turns in the current hand (the safety caps)
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.errors import DeckError, ScenarioError
from ...core.options import OptionSpec
from .actions import VERBS
from .base import (
    MAX_CARDS_IN_GAME,
    NE,
    NES,
    REVEAL,
    SIDE,
    TILE_WORDS,
    WILD,
    WILD_NE,
    WILD_NE_SEEN,
    WILD_SEEN,
    WILDS,
    pot_zone,
)
from .cards import FACES, PAIRS, POWERS, deck_names, value_name
from .hand_eval import category_of
from .pairs import Pairs

State = dict[str, Any]

_MARK_NAMES = {
    "wild": WILD,
    "wild_ne": WILD_NE,
    "wild_seen": WILD_SEEN,
    "wild_ne_seen": WILD_NE_SEEN,
    "ne": NE,
    "side": SIDE,
}
_MARK_WORDS = {
    WILD: "a wild",
    WILD_NE: "a sideways wild",
    WILD_SEEN: "a wild (face down, remembered by all)",
    WILD_NE_SEEN: "a sideways wild (face down, remembered by all)",
    NE: "sideways (no-effect)",
    SIDE: "sideways",
}
_SETUP_KEYS = {
    "active", "dir", "phase", "plays", "marks", "tiles", "decl", "jnext", "inh", "ing", "hand", "first", "ctrl",
    "over", "skip", "nowin", "noret", "exempt",
}  # fmt: skip


class BPoker(Pairs):
    """B-Poker: a shedding-and-building poker game for 2-6 players."""

    id = "bpoker"
    name = "B-Poker"
    summary = "Build a poker hand on your table with cards that all have powers; attack tables, pay fees, win the pot."
    min_players = 2
    max_players = 6
    rules_version = "3"
    # 2: typed options (verbs with arguments) replace the private id grammar.
    # 3: a card every seat saw face up that turns face down (a wild 3, a wild 8) stays known to every seat (BP-1.4);
    #    a 10♦ being replayed where it lies is not offered as the Magic that stops itself (BP-21.14, BP-27.5).
    verbs = VERBS
    playout_options = {"max_hands": 2}
    option_specs = (
        OptionSpec(
            "decks",
            "int",
            3,
            "Standard decks (52 cards + 2 Jokers) shuffled together (BP-28.1)",
            minimum=1,
            maximum=8,
        ),
        OptionSpec("stash", "int", 15, "Cards dealt to each stash (BP-28.2)", minimum=1, maximum=60),
        OptionSpec(
            "viewing_hand", "int", 5, "Base correct viewing-hand size (BP-28.3)", minimum=0, maximum=20
        ),
        OptionSpec("table_max", "int", 7, "Base table maximum (BP-28.4)", minimum=1, maximum=30),
        OptionSpec(
            "max_hands",
            "int",
            None,
            "Stop after this many hands; the largest stash wins (BP-28.5)",
            minimum=1,
            optional=True,
        ),
        OptionSpec(
            "max_fpoker_depth", "int", 2, "How deeply f_poker hands may nest (BP-28.6)", minimum=0, maximum=5
        ),
        OptionSpec(
            "hands_cap",
            "int",
            100,
            "Safety cap: hands played when max_hands is not set",
            minimum=1,
            maximum=100_000,
        ),
        OptionSpec(
            "hand_decision_cap",
            "int",
            1500,
            "Safety cap: decisions in one hand before it ends by exhaustion",
            minimum=10,
            maximum=1_000_000,
        ),
        OptionSpec(
            "hand_turn_cap",
            "int",
            300,
            "Safety cap: turns in one hand before it ends by exhaustion",
            minimum=2,
            maximum=100_000,
        ),
    )

    # ----- options and setup (sections 1, 4, 28) -------------------------------------------------------------------

    def card_names(self) -> set[str]:
        return set(FACES)

    def check_options(self, options: dict[str, Any], players: int) -> None:
        cards = 54 * options["decks"]
        need = players * (options["stash"] + 1)
        if cards < need:
            raise DeckError(
                f"{options['decks']} deck(s) hold {cards} cards, too few to deal {players} stashes of "
                f"{options['stash']} (BP-1.1, BP-4.1)"
            )

    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        # Each hand ends by exhaustion once it has taken hand_decision_cap decisions (f_poker hands included), and a
        # hand with no decision ends after hand_turn_cap turns; the game ends after max_hands (or hands_cap) hands.
        hands = options["max_hands"] if options["max_hands"] is not None else options["hands_cap"]
        return hands * options["hand_decision_cap"] + 1

    @staticmethod
    def _fresh_g(players: int) -> dict[str, Any]:
        return {
            "dir": 1, "active": 0, "first": 0, "ing": [True] * players, "inh": [True] * players, "hand": 0,
            "depth": 0, "frames": [], "ph": "hstart", "stack": [], "fw": None, "decl": [None] * players,
            "dsig": [None] * players, "tiles": {}, "tof": {}, "jnext": False, "plays": 0, "over": False,
            "exempt": [], "scrap_ok": True, "skip": [], "nowin": None, "noret": None, "ctrl": {}, "ring": None,
            "hd": 0, "ht": 0, "chosen": [], "named": {},
        }  # fmt: skip

    def setup(self, state: State) -> None:
        """BP-1.1, BP-1.6, BP-4.1."""
        n = state["players"]
        names = deck_names(state["options"]["decks"])
        first = len(state["cards"])  # as new_card for each name, in order, onto the draw pile
        state["cards"].extend(names)
        state["owner"].extend([None] * len(names))
        state["zones"]["draw"].extend(range(first, first + len(names)))
        self.shuffle_unseen(state, "draw")  # nobody has seen a card yet: ids are dealt at random
        draw = state["zones"]["draw"]
        for _ in range(state["options"]["stash"]):
            for s in range(n):
                self.move(state, draw[-1], "draw", f"stash:{s}", cause="deal")
        g = self._fresh_g(n)
        g["first"] = rng.below(state, n)
        state["g"] = g
        self._run(state)

    def load_scenario(self, state: State, setup: dict[str, Any]) -> None:
        """Scenario ``[setup]``: active, dir, phase (play/tbegin/draw/hstart), plays, marks {zone: {card: mark}},
        tiles [{kind, zone, cards, sd}], decl {seat: {cards, wild: {card: value}}}, jnext, inh, ing, hand, first,
        ctrl {seat: [controller, 10♦ zone card]}, over, skip, nowin, noret, exempt (BP-29.3)."""
        if len(state["cards"]) > MAX_CARDS_IN_GAME:
            raise ScenarioError(f"a B-Poker position holds at most {MAX_CARDS_IN_GAME} cards")
        unknown = sorted(set(setup) - _SETUP_KEYS)
        if unknown:
            raise ScenarioError(
                f"unknown [setup] key {unknown[0]!r} (allowed: {', '.join(sorted(_SETUP_KEYS))})"
            )
        n = state["players"]
        g = self._fresh_g(n)
        state["g"] = g
        g["active"] = int(setup.get("active", 0))
        g["first"] = int(setup.get("first", g["active"]))
        g["dir"] = int(setup.get("dir", 1))
        if g["dir"] not in (1, -1) or not 0 <= g["active"] < n:
            raise ScenarioError("[setup] dir must be 1 or -1 and active a seat")
        for key in ("plays", "hand"):
            if key in setup:
                g[key] = int(setup[key])
        for key in ("jnext", "over"):
            g[key] = bool(setup.get(key, False))
        for key in ("inh", "ing"):
            if key in setup:
                g[key] = [bool(x) for x in setup[key]]
        if "ing" in setup and "inh" not in setup:
            g["inh"] = list(g["ing"])
        for key in ("skip",):
            g[key] = [int(x) for x in setup.get(key, [])]
        for key in ("nowin", "noret"):
            if setup.get(key) is not None:
                g[key] = int(setup[key])
        used: set[int] = set()

        def find(zone: str, name: str) -> int:
            for c in state["zones"].get(zone, []):
                if state["cards"][c] == name and c not in used:
                    used.add(c)
                    return c
            raise ScenarioError(f"[setup] no card {name!r} left in {zone!r}")

        for zone, marks in setup.get("marks", {}).items():
            for name, mark in marks.items():
                for m in mark if isinstance(mark, list) else [mark]:
                    if m not in _MARK_NAMES:
                        raise ScenarioError(f"[setup] unknown mark {m!r} (marks: {', '.join(_MARK_NAMES)})")
                    state["marks"][str(find(zone, name))] = _MARK_NAMES[m]
        used.clear()
        for spec in setup.get("tiles", []):
            kind = spec.get("kind")
            zone = spec.get("zone", "")
            if kind not in TILE_WORDS or not zone.startswith("table:"):
                raise ScenarioError(f"[setup] a tile needs a kind ({', '.join(TILE_WORDS)}) and a table zone")
            cards = [find(zone, x) for x in spec.get("cards", [])]
            seat = int(zone.split(":")[1])
            extra: dict[str, Any] = {}
            if kind == "five":
                extra["ev"], extra["sh"] = self._five_values(state, cards, spec.get("joker_suit", 0))
            elif kind == "set5":
                fa = FACES[state["cards"][cards[0]]]
                fx = FACES[state["cards"][cards[2]]]
                extra["ev"] = [[5, fa.suit, fa.red], [5, fa.suit, fa.red], [fx.rank, fa.suit, fa.red]]
            elif kind == "six":
                names = list(spec.get("sd", []))
                extra["sd"] = []
                for c in cards:
                    if state["cards"][c] in names:
                        names.remove(state["cards"][c])
                        extra["sd"].append(c)
            self.new_tile(state, kind, cards, seat, **extra)
        for key, spec in setup.get("decl", {}).items():
            seat = int(key)
            used.clear()
            cards = [find(f"table:{seat}", x) for x in spec["cards"]]
            wv: dict[str, Any] = {}
            for name, value in spec.get("wild", {}).items():
                cid = next(c for c in cards if state["cards"][c] == name)
                f = FACES[value]
                wv[str(cid)] = [f.rank, f.suit]
            g["decl"][seat] = {"c": cards, "w": wv, "sc": self.score_of(state, cards, wv)}
            g["dsig"][seat] = self.hand_signature(state, seat)
        for key, (ctl, name) in setup.get("ctrl", {}).items():
            used.clear()
            g["ctrl"][str(key)] = [int(ctl), find(f"table:{key}", name)]
        if setup.get("exempt"):
            g["exempt"] = list(state["zones"][f"table:{g['active']}"])
        phase = setup.get("phase", "play")
        if phase not in ("play", "tbegin", "draw", "hstart", "end"):
            raise ScenarioError("[setup] phase must be play, tbegin, draw, end or hstart")
        g["ph"] = phase
        if phase in ("play", "draw", "end"):
            state["turn"] = 1
        self._run(state)

    def _five_values(self, state: State, cards: list[int], joker_suit: int) -> tuple[list[Any], int]:
        """Values in effect along a 5-tile written in a scenario (BP-16.6 .. BP-16.19)."""
        f0 = FACES[state["cards"][cards[0]]]
        evs = [[5, f0.suit, f0.red]]
        shift = -1 if f0.red else 1
        for c in cards[1:]:
            f = FACES[state["cards"][c]]
            if f.rank == 1:
                r = 1 + shift
                ev = [r, joker_suit, False] if 2 <= r <= 14 else [1, -1, False]
            else:
                r = f.rank + shift
                ev = [r, f.suit, f.red] if 2 <= r <= 14 else [1, -1, f.red]
            evs.append(ev)
            if ev[0] == 5:
                shift += -1 if ev[2] else 1
        return evs, shift

    # ----- views ------------------------------------------------------------------------------------------------------

    def public_view(self, state: State) -> dict[str, Any]:
        g = state["g"]
        n = state["players"]
        decl = []
        for s in range(n):
            d = g["decl"][s]
            decl.append(
                None if d is None else {"cards": d["c"], "wild": d["w"], "category": category_of(d["sc"])}
            )
        return {
            "hand": g["hand"] + 1,
            "depth": g["depth"],
            "dir": g["dir"],
            "active": g["active"],
            "phase": g["ph"],
            "in_game": g["ing"],
            "in_hand": g["inh"],
            "declared": decl,
            "tiles": [
                {
                    "kind": t["k"],
                    "seat": t["s"],
                    "cards": t["c"],
                    "sideways": t.get("sd", []),
                    "in_effect": (
                        value_name(*t["ev"][-1])
                        if "ev" in t and len(t["c"]) > 1 and "hold" not in t
                        else None
                    ),
                }
                for t in g["tiles"].values()
            ],  # fmt: skip
            "j_next": g["jnext"],
            "control": {k: v[0] for k, v in g["ctrl"].items()},
            "skip": g["skip"],
            "plays": g["plays"],
            "turn_over": g["over"],
            "view_size": [self.view_size(state, s) for s in range(n)],
            "table_max": [self.table_max(state, s) for s in range(n)],
            "counted": [self.counted(state, s) for s in range(n)],
        }

    @staticmethod
    def _entry_words(entry: Any) -> str:
        if entry is None:
            return "?"
        if len(entry) == 2:
            return entry[1]
        cid, name, mark = entry
        if mark in WILDS:
            text = f"[wild {name}]" if name else "[wild]"
        elif mark == NE:
            text = f"{name}(sideways)"
        else:
            text = name or "?"
        if mark in NES and mark != NE:
            text += "(sideways)"
        return text

    def summarize(self, view: dict[str, Any]) -> list[str]:
        pub = view["public"]
        zones = view["zones"]
        arrow = "left (P1→P2→…)" if pub["dir"] == 1 else "right (…→P2→P1)"
        depth = f", f_poker depth {pub['depth']}" if pub["depth"] else ""
        pot = zones.get(pot_zone(pub["depth"]), [])
        lines = [
            f"Hand {pub['hand']}{depth}: {self.seat_name(pub['active'])} to play; direction of play {arrow}.",
            f"Pot {len(pot)} card(s); draw pile {len(zones.get('draw', []))}; discard {len(zones.get('discard', []))}"
            + ("; a J waits: the next card played is no-effect" if pub["j_next"] else ""),
        ]
        if pub["depth"]:
            lines.append(f"Outer pot {len(zones.get('pot', []))} card(s).")
        tiles_by_card: dict[int, dict[str, Any]] = {}
        for t in pub["tiles"]:
            for c in t["cards"]:
                tiles_by_card[c] = t
        for s in range(view["players"]):
            status = (
                ""
                if pub["in_hand"][s]
                else (" (lost this hand)" if pub["in_game"][s] else " (out of the game)")
            )
            stash = zones.get(f"stash:{s}", [])
            side = sum(1 for e in stash if e is not None and len(e) == 3 and e[2] == SIDE)
            head = (
                f"{self.seat_name(s)}{' *' if s == pub['active'] else ''}{status}: stash {len(stash)}"
                + (f" ({side} sideways)" if side else "")
                + f", viewing hand {len(zones.get(f'view:{s}', []))}/{pub['view_size'][s]}"
                + f", cards-to-be-played {len(zones.get(f'ctbp:{s}', []))}"
                + f", table {pub['counted'][s]}/{pub['table_max'][s]}"
            )
            if str(s) in pub["control"]:
                head += f", controlled by {self.seat_name(pub['control'][str(s)])}"
            lines.append(head)
            parts = []
            done: set[int] = set()
            ids_in_table = zones.get(f"table:{s}", [])
            for entry in ids_in_table:
                cid = entry[0] if entry else None
                tile = tiles_by_card.get(cid) if cid is not None else None
                if tile is not None:
                    if tile["cards"][0] in done:
                        continue
                    done.add(tile["cards"][0])
                    inner = []
                    for e in ids_in_table:
                        if e and e[0] in tile["cards"]:
                            w = self._entry_words(e)
                            if e[0] in tile["sideways"]:
                                w += "(sideways)"
                            inner.append(w)
                    extra = f" as {tile['in_effect']}" if tile["in_effect"] else ""
                    parts.append(f"{{{TILE_WORDS[tile['kind']]}: {' + '.join(inner)}{extra}}}")
                else:
                    parts.append(self._entry_words(entry))
            lines.append("   table: " + (" ".join(parts) if parts else "(empty)"))
            ctbp = zones.get(f"ctbp:{s}", [])
            if ctbp:
                lines.append("   cards-to-be-played: " + " ".join(self._entry_words(e) for e in ctbp))
            d = pub["declared"][s]
            if d is not None:
                words = []
                for c in d["cards"]:
                    if str(c) in d["wild"]:
                        r, su = d["wild"][str(c)]
                        words.append("wild as " + value_name(r, su, False))
                    else:
                        entry = next((e for e in ids_in_table if e and e[0] == c), None)
                        words.append(self._entry_words(entry))
                lines.append(f"   declared: {d['category']}: {', '.join(words)}")
            mine = zones.get(f"view:{s}", [])
            if view["seat"] == s and mine:
                lines.append("   your viewing hand: " + " ".join(self._entry_words(e) for e in mine))
            elif mine and any(e is not None for e in mine):
                seen = [self._entry_words(e) for e in mine if e is not None and e[1] is not None]
                if seen:
                    lines.append("   (you have seen) " + " ".join(seen))
        return lines

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        t = event["t"]
        who = self.seat_name
        if t == "move":
            cause = event.get("cause")
            name = event.get("name") or "a card"
            src, dst = event["from"], event["to"]
            if (
                cause in ("deal", "draw", "reshuffle", "set_aside", "set_back", "swap", "scrap")
                or dst.startswith("stash")
                and cause == "pot_won"
            ):
                return None
            return f"{name}: {src} → {dst} ({cause})"
        if t == "mark":
            if event.get("mark") and str(event["mark"]).startswith(REVEAL):
                return None
            mark = _MARK_WORDS.get(event["mark"], event["mark"]) if event["mark"] else "face up and upright"
            return f"{event.get('name') or 'a card'} on {event['zone']} is now {mark}"
        words = {
            "hand": lambda e: f"Hand {e['n']} begins; {who(e['first'])} plays first.",
            "turn": lambda e: f"{who(e['seat'])}'s turn.",
            "skipped": lambda e: f"{who(e['seat'])}'s turn is skipped.",
            "out": lambda e: f"{who(e['seat'])} cannot ante and is out of the game.",
            "hand_won": lambda e: (
                f"{who(e['seat'])} wins the hand ({e['reason']})."
                if e["seat"] is not None
                else f"The hand ends with no winner ({e['reason']})."
            ),
            "declare": lambda e: f"{who(e['seat'])} declares {e['cat']}.",
            "undeclare": lambda e: f"{who(e['seat'])} no longer has a declared hand.",
            "resolve": lambda e: f"A card on {who(e['seat'])}'s table resolves as {e['as']}.",
            "fee": lambda e: f"{who(e['seat'])} pays {e['n']} card(s) to the {e['to']}.",
            "magic": lambda e: f"{who(e['seat'])} uses Magic.",
            "tunnel": lambda e: f"{who(e['seat'])} tunnels the card to {who(e['to'])}.",
            "reflect": lambda e: f"{who(e['seat'])} reflects the card back to {who(e['to'])}.",
            "j_hit": lambda e: f"The J makes the card played onto {who(e['seat'])}'s table no-effect.",
            "blocked": lambda e: (
                f"A 10♦+card tile sends the card played onto {who(e['seat'])}'s table to the discard."
            ),
            "break": lambda e: f"A {TILE_WORDS[e['kind']]} tile is broken up.",
            "lost": lambda e: f"{who(e['seat'])} loses the hand (10♣).",
            "control": lambda e: f"{who(e['by'])} takes control of {who(e['seat'])}'s hand.",
            "released": lambda e: f"Control of {who(e['seat'])}'s hand is released.",
            "fpoker": lambda e: f"{who(e['seat'])} starts a game of f_poker (depth {e['depth']}).",
            "fpoker_capped": lambda e: "f_poker cannot nest deeper: its cards go into the pot.",
            "direction": lambda e: f"The direction of play is now {'left' if e['dir'] == 1 else 'right'}.",
            "ring": lambda e: f"The ring closes; {who(e['splitter'])} splits the pot.",
            "swapped": lambda e: f"{who(e['seats'][0])} and {who(e['seats'][1])} trade places at the table.",
            "hands_traded": lambda e: f"{who(e['seats'][0])} and {who(e['seats'][1])} trade poker hands.",
            "scrap": lambda e: f"{who(e['seat'])} scraps their hand.",
            "neutralize": lambda e: f"{who(e['seat'])} neutralizes a wild with a 3♣.",
            "three": lambda e: (
                f"{who(e['seat'])}'s 3: the cards already on the table do not count this turn."
            ),
            "table_full": lambda e: f"{who(e['seat'])}'s table is at its maximum.",
            "shuffle": lambda e: "The discard is shuffled into the draw pile.",
            "end": lambda e: (
                f"The game ends: {', '.join(who(w) for w in e['winners'])} win(s) ({e['reason']})."
                if e["winners"]
                else f"The game ends ({e['reason']})."
            ),
        }
        fn = words.get(t)
        return fn(event) if fn is not None else None

    def card_rows(self) -> list[dict[str, Any]]:
        rows = []
        for key, (words, kinds, text) in POWERS.items():
            rows.append({"card": words, "key": key, "kinds": ", ".join(kinds), "power": text})
        for key, (words, tiled) in PAIRS.items():
            rows.append(
                {
                    "card": words,
                    "key": key,
                    "kinds": "pair or set" + (", stays tiled" if tiled else ""),
                    "power": _PAIR_TEXT[key],
                }
            )
        return rows

    def rules_guide(self) -> str:
        from importlib import resources

        return resources.files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")


_PAIR_TEXT = {
    "jokers": "Each Joker resolves as a 1 of Black.",
    "jj7": "The set and 4 stash cards of each player form an f_pot; a nested hand of f_poker is played.",
    "2h2d": "As the 2♦, and every card taken is replayed onto your table.",
    "3c3c": "Stays tiled; you have no 5-card poker hand while it is in play.",
    "44": "You may move one card of your table into your viewing hand.",
    "4d4d": "Your 5-card poker hand moves into your cards-to-be-played.",
    "4d4d4d": "Every effective card of your table moves into your cards-to-be-played.",
    "55x": "Stays tiled; the third card has the 5s' suit in effect.",
    "666": "Stays tiled, not counted, never in a hand, scrap-proof; turn a 6 sideways to force a card.",
    "bh": "Stays tiled; at the beginning of every turn each other player pays you 2 cards.",
    "wh": "Stays tiled; at the beginning of every turn you pay each other player 2 cards.",
    "9d10c": "You and another player exchange tables, stashes, viewing hands and cards-to-be-played.",
    "lock": "Stays tiled; no card of the second card's rank can be played onto your table; scrap-proof.",
    "jj": "Every card of your table becomes no-effect and its tiles break up.",
    "jjj": "Stays tiled; every fee is doubled (tripled if the Js share a suit).",
    "qq": "The direction of play is reversed.",
    "kckc": "Every card on every table and the discard go into the pot.",
    "aa": "Your turn ends, and so does the next player's.",
}

assert set(_PAIR_TEXT) == set(PAIRS)
