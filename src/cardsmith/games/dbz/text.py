"""Words for people: option labels, prompts, views, narration and the terminal summary of the ``dbz`` game.

Prompts are shown to every seat, so they name only public things (a played attack, the step, the counters); cards
in a hand appear only in option labels, which only the deciding seat sees.
"""

from __future__ import annotations

from typing import Any

from cardsmith.core.actions import option
from cardsmith.core.state import State

from .cards import IN_PLAY_CAP, AnyCard, Drill
from .config import Config
from .effects import CardEffect
from .model import Rules
from .steps.drills import colours

PHASE_WORDS = {
    "setup": "Setup",
    "draw": "Step 1 (Draw)",
    "noncombat": "Step 2 (Non-Combat cards)",
    "powerup": "Step 3 (Power up)",
    "declare": "Step 4 (Declare combat?)",
    "combat": "Step 4 (Combat)",
    "discard": "Step 5 (Discard and rejuvenate)",
}

_VERB_WORDS = {  # by verb (see .actions)
    "play": "Play",
    "use_power": "Use the power of",
    "attack": "Attack with",
    "combat_action": "Play the combat action",
    "drill_attack": "Attack with the power of",
    "final_physical_attack": "Final Physical Attack, discarding",
    "block": "Block with",
    "drill_stop": "Stop it with the power of",
    "discard": "Discard",
    "show_and_shuffle": "Show and shuffle into your life deck:",
    "discard_unshown": "Discard without showing:",
}

_TITLE_VERBS = tuple(v for v in _VERB_WORDS if v not in ("use_power", "drill_attack", "drill_stop"))
"""The verbs of :data:`_VERB_WORDS` whose one argument is a card title (the others name a drill in play by id)."""

_CAUSE_WORDS = {
    "drill": "puts the drill {name} into play",
    "one_shot": "plays {name}",
    "attack": "attacks with {name}",
    "action": "plays the combat action {name}",
    "block": "blocks with {name}",
    "fpa": "discards {name} for a Final Physical Attack",
    "level_change": "loses the drill {name} (level change)",
    "restriction": "loses the drill {name} (restriction)",
    "destroyed": "loses the drill {name} (destroyed)",
    "colour_drop": "loses the drill {name} (colour allowance)",
    "clash_shuffle": "shuffles the shown {name} into their life deck",
    "clash_discard": "discards the clashing drill {name}",
    "hand_limit": "discards {name} for the hand limit",
    "rejuvenate": "rejuvenates: {name} goes to the bottom of their life deck",
    "life": "loses a life card: {name}",
}


# ----- cards in words -----------------------------------------------------------------------------------------

_POWER_TEXT: dict[str, str] = {
    "PHYS_ATTACK_BONUS": "your physical attacks +{n} stages",
    "PHYS_DAMAGE_REDUCTION": "physical attacks on you -{n} stages",
    "ENERGY_ATTACK_BONUS": "your energy attacks +{n} life cards",
    "ENERGY_DAMAGE_REDUCTION": "energy attacks on you -{n} life cards",
    "EXTRA_DRAW": "draw {n} more in Step 1",
    "POWER_UP_BONUS": "+{n} stages in Step 3",
    "EXTRA_COLOUR": "{n} more drill colour allowed",
    "ACT_ANGER": "once per turn in Step 2: anger +{n}",
    "ACT_PHYS_ATTACK": "once per combat: a physical attack without a card",
    "ACT_STOP_ENERGY": "once per combat: stop an energy attack on you",
}


def describe_power(drill: Drill) -> str:
    """A drill's power in words."""
    return _POWER_TEXT[drill.power].format(n=drill.n)


_EFFECT_TEXT: dict[str, str] = {
    "STOP_PHYS": "stops a physical attack",
    "STOP_ENERGY": "stops an energy attack",
    "STOP_ANY": "stops any attack",
    "REDUCE_PHYS": "physical attack -{n} stages",
    "REDUCE_ENERGY": "energy attack -{n} life cards",
    "ANGER_SELF": "{prefix}your anger {n:+d}",
    "ANGER_OPP": "{prefix}opponent's anger {n:+d}",
    "LEVEL_SELF": "{prefix}your level {n:+d}",
    "LEVEL_OPP": "{prefix}opponent's level {n:+d}",
    "DESTROY_DRILL": "discard one drill in play",
    "LOSE_LIFE_BOTH": "{n} times, both players lose a life card at the same moment",
}
"""The effects whose words are fixed but for ``n`` and, for a rider, when it applies (``prefix``)."""

_SEAT_LINES: dict[str, str] = {
    "anger": "{0}'s anger is now {anger} ({delta:+d}).",
    "level": "{0}'s MP is now at level {level}, stage {stage} (by {how}).",
    "no_level_change": "{0}'s level cannot change that way.",
    "combat": "{0} declares combat.",
    "pass": "{0} passes.",
    "power": "{0} uses the power of {name}.",
    "shuffle": "{0} shuffles their life deck.",
    "hold": "{0} keeps the clashing drill in hand.",
}
"""The events told as a fixed sentence about one seat (``{0}``, its name) and the event's own fields."""


def describe_effect(e: CardEffect) -> str:
    """One effect in words."""
    n = getattr(e, "n", 0)
    prefix = f"{e.when}: " if e.when else ""
    if e.effect == "PHYS_ATTACK":
        return f"physical attack{f' +{n}' if n else ''}"
    if e.effect == "ENERGY_ATTACK":
        return f"energy attack {e.damage} life cards, costs {e.cost} stages"
    if e.effect == "DRAW":
        return f"draw {n} card{'s' if n != 1 else ''}"
    return _EFFECT_TEXT[e.effect].format(n=n, prefix=prefix)


def drill_tag(drill: Drill, classified: tuple[str, str | None] | None = None) -> str:
    """Kind, colour and restriction in brackets. ``classified``: the drill's (kind, colour) under a game's own colour
    words (DBZ-8.1, DBZ-14.4), if they differ from the card set's."""
    kind, colour = classified if classified is not None else (drill.kind, drill.colour)
    parts = [colour if colour else kind]
    if drill.restricted_against:
        parts.append(f"not with {drill.restricted_against}")
    if kind != "coloured":
        parts.append(f"max {drill.in_play_limit or IN_PLAY_CAP}")
    return ", ".join(parts)


def describe_card(card: AnyCard, classified: tuple[str, str | None] | None = None) -> str:
    """A one-line description for players (``classified``: a drill's kind and colour, see :func:`drill_tag`)."""
    if isinstance(card, Drill):
        return f"{card.title} [drill: {drill_tag(card, classified)}] {describe_power(card)}"
    return f"{card.title} [{card.subtype}] " + "; ".join(describe_effect(e) for e in card.effects)


class Text:
    """Labels, prompts, views and narration for :class:`~cardsmith.games.dbz.game.DragonBallZ`."""

    def __init__(self, game: Rules) -> None:
        self.game = game
        self.cards = game.cards
        self._describe = {title: describe_card(card) for title, card in self.cards.cards.items()}
        self._labels: dict[tuple[str, str], str] = {}
        # option labels by verb and title, built once for each configuration (the hot paths only look them up)
        self._labels_by_config: dict[Config, dict[str, dict[str, str]]] = {}
        # the ``[id, label]`` options by verb and title, likewise built once for each configuration
        self._options_by_config: dict[Config, dict[str, dict[str, list[str]]]] = {}
        # the options object the last lookup was for (held, so never reused) and what it found
        self._last: (
            tuple[dict[str, Any], dict[str, dict[str, str]], dict[str, dict[str, list[str]]]] | None
        ) = None
        # "P1 (Goku)" by seat and MP, and the prompts that depend on nothing else, built once each
        self._who_by_mp: dict[tuple[int, str], str] = {}
        self._prompts: dict[tuple[str, int, str], str] = {}

    @staticmethod
    def seat_name(seat: int) -> str:
        return f"P{seat + 1}"

    def verb_labels(self, state: State) -> dict[str, dict[str, str]]:
        """Option labels by verb and title. A drill's kind and colour in them are read under this game's colour
        words (DBZ-8.1, DBZ-14.4), so a drill left colourless by the option is labelled colourless (DBZ-8.3)."""
        last = self._last
        if last is not None and last[0] is state["options"]:
            return last[1]
        return self._lookup(state)[1]

    def verb_options(self, state: State) -> dict[str, dict[str, list[str]]]:
        """The options ``[id, label]`` of the verbs whose one argument is a title (:data:`_TITLE_VERBS`), by verb and
        title, with the labels of
        :meth:`verb_labels`: built once for each configuration, shared by every decision that offers them (an
        option list is never changed in place)."""
        last = self._last
        if last is not None and last[0] is state["options"]:
            return last[2]
        return self._lookup(state)[2]

    def _lookup(
        self, state: State
    ) -> tuple[dict[str, Any], dict[str, dict[str, str]], dict[str, dict[str, list[str]]]]:
        cfg = self.game.config(state)
        labels = self._labels_for(cfg)
        options = self._options_by_config.get(cfg)
        if options is None:
            options = {
                verb: {t: option(verb, t, label=label) for t, label in labels[verb].items()}
                for verb in _TITLE_VERBS
            }
            self._options_by_config[cfg] = options
        self._last = last = (state["options"], labels, options)
        return last

    def _labels_for(self, cfg: Config) -> dict[str, dict[str, str]]:
        labels = self._labels_by_config.get(cfg)
        if labels is None:
            info = cfg.info
            text = {
                title: describe_card(
                    card, (info[title].kind, info[title].colour) if isinstance(card, Drill) else None
                )
                for title, card in self.cards.cards.items()
            }
            labels = {
                verb: {t: f"{words} {line}" for t, line in text.items()}
                for verb, words in _VERB_WORDS.items()
            }
            self._labels_by_config[cfg] = labels
        return labels

    def colour_label(self, colour: str) -> str:
        key = ("colour", colour)
        label = self._labels.get(key)
        if label is None:
            label = self._labels[key] = f"Keep your {colour} drills"
        return label

    def target_label(self, state: State, seat: int, owner: int, title: str) -> str:
        whose = "your" if owner == seat else f"{self.seat_name(owner)}'s"
        return self._label_cached(f"Discard {whose} {title}")

    def _label_cached(self, text: str) -> str:
        return self._labels.setdefault(("", text), text)

    # ----- prompts (public) -------------------------------------------------------------------------------------

    def _who(self, state: State, seat: int) -> str:
        mp = state["g"]["mp"][seat]
        who = self._who_by_mp.get((seat, mp))
        if who is None:
            who = self._who_by_mp[(seat, mp)] = f"{self.seat_name(seat)} ({mp})"
        return who

    def _fixed(self, state: State, seat: int, what: str) -> str:
        """``"<who>: <what>"``, built once for each seat, MP and text."""
        key = (what, seat, state["g"]["mp"][seat])
        prompt = self._prompts.get(key)
        if prompt is None:
            prompt = self._prompts[key] = f"{self._who(state, seat)}: {what}"
        return prompt

    def prompt_noncombat(self, state: State, seat: int) -> str:
        return self._fixed(state, seat, "Step 2, play Non-Combat cards or use drill powers")

    def prompt_declare(self, state: State, seat: int) -> str:
        return self._fixed(state, seat, "Step 4, declare combat?")

    def prompt_combat(self, state: State, seat: int) -> str:
        return self._fixed(state, seat, "your combat action")

    def prompt_response(self, state: State, seat: int) -> str:
        attack = state["g"]["combat"]["attack"]
        kind = attack["kind"]
        return f"{self._who(state, seat)}: respond to the {kind} attack {attack['title']} by {self.seat_name(attack['by'])}"

    def prompt_clash(self, state: State, seat: int, prompt: str) -> str:
        """The seat's own prompt for a decision with clash choices folded in (DBZ-9.2, DBZ-9.7)."""
        return (
            f"{prompt} (a drawn drill clashes with the colour lock: show and shuffle it, discard it, "
            "or go on and keep it)"
        )

    def prompt_keep(self, state: State, seat: int, left: int) -> str:
        return f"{self._who(state, seat)}: too many drill colours in play; choose a colour to keep ({left} to choose)"

    def prompt_target(self, state: State, seat: int, card: int) -> str:
        return f"{self._who(state, seat)}: choose the drill that {state['cards'][card]} discards"

    def prompt_limit(self, state: State, seat: int) -> str:
        """The hand-limit discard's prompt, with ``{left}`` for the cards still to go (DBZ-3.9)."""
        limit = state["options"]["hand_limit"]
        return f"{self._who(state, seat)}: hand limit {limit}, discard a card ({{left}} to go)"

    # ----- views ----------------------------------------------------------------------------------------------------

    def public_view(self, state: State) -> dict[str, Any]:
        g = state["g"]
        combat = g["combat"]
        return {
            "seats": [self._seat_view(state, s) for s in (0, 1)],
            "active": g["active"],
            "first": g["first"],
            "phase": g["phase"],
            "declared": g["declared"],
            "combat": None if combat is None else self._combat_view(combat),
        }

    def _seat_view(self, state: State, s: int) -> dict[str, Any]:
        g = state["g"]
        z = state["zones"]
        names = state["cards"]
        cfg = self.game.config(state)
        info = cfg.info
        mp = self.cards.mps[g["mp"][s]]
        level = g["level"][s]
        power = mp.levels[level - 1].power[g["stage"][s]]
        have, allowance = colours(self.game, state, s)
        used = g["used_this_turn"] + g["used_this_combat"]
        return {
            "mp": mp.name,
            "level": level,
            "levels": mp.top,
            "level_card": mp.levels[level - 1].title,
            "pur": mp.levels[level - 1].pur,
            "stage": g["stage"][s],
            "power": power,
            "pat_row": cfg.pat.row(power),
            "anger": g["anger"][s],
            "life": len(z[f"life:{s}"]),
            "hand": len(z[f"hand:{s}"]),
            "discard": len(z[f"discard:{s}"]),
            "discard_top": names[z[f"discard:{s}"][-1]] if z[f"discard:{s}"] else None,
            "drills": [
                {
                    "id": cid,
                    "title": names[cid],
                    "kind": info[names[cid]].kind,
                    "colour": info[names[cid]].colour,
                    "used": cid in used,
                }  # fmt: skip
                for cid in z[f"drills:{s}"]
            ],
            "colours": sorted(have),
            "allowance": allowance,
        }

    @staticmethod
    def _combat_view(combat: dict[str, Any]) -> dict[str, Any]:
        atk = combat["attack"]
        return {
            "attacker": combat["attacker"],
            "to_act": combat["to_act"],
            "passes": combat["passes"],
            "final_physical_attack": list(combat["final_physical_attack"]),
            "attack": None
            if atk is None
            else {
                "by": atk["by"],
                "kind": atk["kind"],
                "how": atk["how"],
                "title": atk["title"],
                "bonus": atk["bonus"],
                "damage": atk["damage"],
                "cost": atk["cost"],
            },
        }

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        clashing = state["g"]["clashing"][seat]
        if clashing:  # DBZ-9.7: the drawn drills that clash and still wait for this seat's choice
            return {"clashing": [state["cards"][c] for c in clashing]}
        return {}

    # ----- narration ------------------------------------------------------------------------------------------------

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        t = event["t"]
        who = self.seat_name
        if t == "move":
            return self._describe_move(event)
        if t == "mark":
            return (
                f"{who(int(event['zone'].split(':')[1]))} shows {event['name']}." if event["mark"] else None
            )
        if t == "first":
            how = {
                "power check": "after the start-up power check",
                "random": "chosen at random",
                "hero": "the Hero goes first",
            }.get(  # fmt: skip
                event["how"], ""
            )
            return f"{who(event['seat'])} takes the first turn ({how})."
        if t == "power_check":
            v = event["values"]
            return f"Start-up power check: {v[0]} against {v[1]}; {who(event['weaker'])} is the weaker MP."
        if t == "turn":
            return f"Turn {event['turn']}: {who(event['seat'])} is the active player."
        if t == "power_up":
            top = " (the maximum)" if event["stage"] == 10 else ""
            return f"{who(event['seat'])} powers up by {event['gain']}: now at stage {event['stage']}{top}."
        line = _SEAT_LINES.get(t)
        if line is not None:
            return line.format(who(event["seat"]), **event)
        if t == "combat_end":
            return "Combat ends."
        if t == "attack":
            kind = "physical" if event["kind"] == "p" else "energy"
            return f"{who(event['seat'])} makes a {kind} attack: {event['name']}."
        if t == "damage":
            if not event["stages"] and not event["life"]:
                return f"{who(event['seat'])} takes no damage."
            return f"{who(event['seat'])} takes {event['stages']} stage(s) and {event['life']} life card(s) of damage."
        if t == "end":
            if not event["winners"]:
                return f"The game is drawn: {event['reason']}."
            return f"{who(event['winners'][0])} wins: {event['reason']}."
        return None

    def _describe_move(self, event: dict[str, Any]) -> str | None:
        cause = event.get("cause")
        player = self.seat_name(int(event["from"].split(":")[1]))
        name = event["name"] or "a card"
        if cause == "draw":
            return f"{player} draws {name}."
        if cause == "resolved" or cause is None:
            return None
        words = _CAUSE_WORDS.get(cause)
        return f"{player} {words.format(name=name)}." if words else None

    def summarize(self, view: dict[str, Any]) -> list[str]:
        pub = view["public"]
        lines = [
            f"Turn {view['turn']}: {self.seat_name(pub['active'])} is active, {PHASE_WORDS[pub['phase']]}."
        ]
        for s, p in enumerate(pub["seats"]):
            lines.append(
                f"{self.seat_name(s)} {p['mp']}: level {p['level']}/{p['levels']} ({p['level_card']}), "
                f"power stage {p['stage']}/10, power {p['power']} (PAT row {p['pat_row']}), PUR {p['pur']}, "
                f"anger {p['anger']}/5"
            )
            top = f", top: {p['discard_top']}" if p["discard_top"] else ""
            lines.append(f"   life deck {p['life']}, hand {p['hand']}, discard pile {p['discard']}{top}")
            if p["drills"]:
                parts = []
                for d in p["drills"]:
                    tag = d["colour"] or d["kind"]
                    parts.append(f"{d['title']} [{tag}]" + (" (used)" if d["used"] else ""))
                lines.append(f"   drills: {'; '.join(parts)}")
            else:
                lines.append("   drills: none")
            colours = ", ".join(p["colours"]) or "none"
            lines.append(f"   drill colours in play: {colours} (allowed: {p['allowance']})")
        cb = pub["combat"]
        if cb is not None:
            text = f"Combat: {self.seat_name(cb['attacker'])} attacking"
            atk = cb["attack"]
            if atk is not None:
                extra = f", own bonus +{atk['bonus']}" if atk["kind"] == "physical" and atk["bonus"] else ""
                if atk["kind"] == "energy":
                    extra = f", {atk['damage']} life cards, paid {atk['cost']} stages"
                text += (
                    f"; {atk['kind']} attack {atk['title']} by {self.seat_name(atk['by'])}{extra}, "
                    f"awaiting {self.seat_name(1 - atk['by'])}'s response"
                )
            else:
                text += f"; {self.seat_name(cb['to_act'])} to act, passes in a row: {cb['passes']}"
            lines.append(text)
        return lines

    # ----- card list and guide -----------------------------------------------------------------------------------

    def card_rows(self) -> list[dict[str, Any]]:
        rows = []
        decks = self.cards.decks
        for mp in self.cards.mps.values():
            for number, level in enumerate(mp.levels, start=1):
                rows.append(
                    {
                        "title": level.title,
                        "type": "level",
                        "kind": f"{mp.name} level {number}" + (f" ({mp.alignment})" if mp.alignment else ""),
                        "colour": "",
                        "restriction": "",
                        "effect": f"PUR {level.pur}; power {', '.join(map(str, level.power[1:]))}",
                        "decks": "",
                    }  # fmt: skip
                )
        for title, card in self.cards.cards.items():
            in_decks = ", ".join(
                f"{d.name}×{d.cards.count(title)}" for d in decks.values() if title in d.cards
            )
            if isinstance(card, Drill):
                row = {
                    "title": title,
                    "type": "drill",
                    "kind": card.kind
                    + ("" if card.kind == "coloured" else f" (max {card.in_play_limit or 4})"),
                    "colour": card.colour or "",
                    "restriction": f"not with {card.restricted_against}" if card.restricted_against else "",
                    "effect": describe_power(card),
                    "decks": in_decks,
                }
            else:
                row = {
                    "title": title,
                    "type": card.subtype,
                    "kind": card.type,
                    "colour": "",
                    "restriction": "",
                    "effect": self._describe[title].split("] ", 1)[1],
                    "decks": in_decks,
                }
            rows.append(row)
        return rows
