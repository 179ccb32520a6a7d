"""The base class every game derives from.

A :class:`Game` is static: rules code, card definitions, declared zones and options. It is shared by every state of
that game. All that changes lives in the state, a plain dict created by :func:`cardsmith.core.engine.new_game`::

    {"game": id, "rules": version, "players": n, "options": {...}, "rng": word, "step": decisions applied,
     "turn": turn number, "cards": [card name by id], "owner": [seat or None by id], "zones": {name: [ids]},
     "marks": {str(id): mark}, "events": [events of the last step], "pending": decision or None,
     "result": None or {"winners": [...], "draw": bool, "reason": str}, "g": {game-specific data}}

A game implements :meth:`setup` and :meth:`act`, each of which runs the rules forward until the next decision is
asked for with :meth:`ask` (or the game ends with :meth:`finish`). It never calls out to a player.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from importlib import resources
from typing import Any, ClassVar, Protocol

from . import flow as _flow
from . import rng as _rng
from . import zones as _zones
from .actions import Action, ActionSpace, Verb, Verbs
from .actions import option as _option
from .decision import CHANCE
from .errors import ScenarioError
from .flow import Flow
from .gamefile import Declarations
from .options import OptionSpec
from .state import State


def _bare_action(option_id: str) -> Action:
    """The action of an id in a game that declares no verbs: the id is its own verb."""
    return Action(option_id, option_id, ())


class GameRules(Protocol):
    """What a game's steps use of the game object: the helpers every :class:`Game` has. A game whose steps need more
    of it (its card set, its words) declares a protocol that extends this one, so its steps never import its game
    class."""

    def seat_name(self, seat: int) -> str: ...

    def seat_prompt(self, seat: int, what: str, n: int | None = None) -> str: ...

    def parse_action(self, option_id: str) -> Action: ...

    def move(self, state: State, card: int, src: str, dst: str, **kwargs: Any) -> None: ...

    def move_all(
        self, state: State, cards: list[int], src: str, dst: str, *, cause: str | None = None
    ) -> None: ...

    def mark(self, state: State, card: int, zone: str, mark: str | None) -> None: ...

    @staticmethod
    def log(state: State, event: dict[str, Any]) -> None: ...

    @staticmethod
    def finish(state: State, winners: list[int], reason: str, *, draw: bool | None = None) -> None: ...

    @staticmethod
    def ask_chance(
        state: State, kind: str, prompt: str, options: list[list[str]], weights: list[int]
    ) -> None: ...

    @staticmethod
    def shuffle_unseen(state: State, zone: str) -> None: ...


class Game(ABC):
    """A registered game. Subclasses set the class attributes and implement the rules hooks."""

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    playout_options: ClassVar[dict[str, Any]] = {}
    """Options that keep a random playout short while it still plays to a real end (for example a limit on the
    number of hands). The conformance suite's default tier plays with them; its heavy tier plays the defaults."""
    visibility: ClassVar[_zones.Visibility]
    verbs: ClassVar[tuple[Verb, ...]] = ()
    """Every kind of option the game offers, with typed arguments (see :mod:`cardsmith.core.actions`)."""
    setup_schema: ClassVar[type | None] = None
    """A :class:`msgspec.Struct` of the scenario ``[setup]`` keys; the core validates ``[setup]`` against it and
    hands :meth:`load_scenario` the typed struct. Without one, ``load_scenario`` gets the raw table."""
    flow: ClassVar[Flow | None] = None
    """The game's steps and answer handlers, when it is built on the core's step engine (:mod:`.flow`)."""
    heuristic: ClassVar[Callable[[Any, random.Random], str] | None] = None
    """The game's rule-of-thumb player, ``heuristic(observation, rng) -> option id`` (a plain function kept on the
    class, read as ``type(game).heuristic``; an :class:`~cardsmith.core.observe.Observation` is all it may read).
    The ``heuristic`` agent plays it and IS-MCTS may roll out with it; a game without one has no heuristic agent."""
    opponent: ClassVar[str] = "random"
    """The agent ``cardsmith play`` seats against a person unless told otherwise (an agent spec such as
    ``ismcts:iterations=1000``): the strongest measured that answers within about two seconds a move."""
    search: ClassVar[dict[str, Any]] = {}
    """The ``ismcts`` agent's default settings for this game (``iterations``, ``think``, ``c``, ``rollout``,
    ``depth``, ``expand``), as ``[search]`` in ``game.toml`` declares them; a parameter given to the agent wins."""
    evaluate: ClassVar[Callable[[Any, int], float] | None] = None
    """``evaluate(observation_or_view, seat) -> float`` in [0, 1]: the chance that ``seat`` wins from a position it
    sees (a plain function on the class, like :attr:`heuristic`). IS-MCTS scores truncated rollouts with it. The
    view it gets may be a read-only mapping rather than a dict (:func:`cardsmith.core.view.view` with ``copy=False``):
    :func:`cardsmith.core.heuristics.view_of` reads the view out of either argument."""
    remember: ClassVar[Callable[[Any, Sequence[dict[str, Any]], dict[str, Any]], Any] | None] = None
    """``remember(memory, events, options) -> memory``: what a seat keeps of the public history, folded over events
    (``memory`` is None before the first; the one given is never changed), such as the cards each player has gained
    and lost. A game that declares it takes the memory as ``evaluate(view, seat, memory)``'s third argument: IS-MCTS
    folds its observation's history, then each simulated step's events, into it."""

    def __init_subclass__(cls, declared: Declarations | None = None, **kwargs: Any) -> None:
        """``class MyGame(Game, declared=load_game_file(__package__))`` takes the class attributes that the game's
        ``game.toml`` declares (:mod:`.gamefile`); a game may instead set them in the class body."""
        super().__init_subclass__(**kwargs)
        if declared is not None:
            for attribute, value in declared.attributes().items():
                setattr(cls, attribute, value)

    # ----- typed options --------------------------------------------------------------------------------------------

    @property
    def verb_table(self) -> Verbs:
        """The declared verbs by name (built once per game object)."""
        table = self.__dict__.get("_verb_table")
        if table is None:
            table = self.__dict__["_verb_table"] = Verbs(self.verbs)
        return table

    # What a game works out once and keeps: each a dict made on first use, so a call that finds its entry there
    # builds nothing.
    @cached_property
    def _spaces(self) -> dict[tuple[int, str], ActionSpace]:
        return {}

    @cached_property
    def _card_options(self) -> dict[str, Mapping[str, list[str]]]:
        return {}

    @cached_property
    def _seat_prompts(self) -> dict[tuple[int, str, int | None], str]:
        return {}

    def parse_action(self, option_id: str) -> Action:
        """The typed action an option id names (the verb table keeps what it parsed). A game that declares no verbs
        gets the bare id as its verb."""
        table = self.verb_table
        parse = table.parse if table else _bare_action
        self.__dict__["parse_action"] = parse  # later calls reach the parser directly
        return parse(option_id)

    def action_space(self, players: int, options: dict[str, Any]) -> ActionSpace:
        """The action space for ``players`` and resolved ``options`` (built once per combination)."""
        cache = self._spaces
        key = (players, repr(sorted(options.items())))
        space = cache.get(key)
        if space is None:
            if not self.verbs:
                raise TypeError(f"{self.id} declares no verbs, so it has no action space")
            space = cache[key] = ActionSpace(self.verbs, players, dict(options), self)
        return space

    # ----- hooks a game implements -------------------------------------------------------------------------------

    def check_options(self, options: dict[str, Any], players: int) -> None:
        """Cross-option checks after each option was validated on its own (raise OptionError/DeckError)."""
        return None

    @abstractmethod
    def setup(self, state: State) -> None:
        """Deal the game and run it to its first decision."""

    def act(self, state: State, seat: int, action: Action) -> None:
        """Carry out a legal option chosen by ``seat`` (already validated and parsed) and run to the next
        decision. A game built on a :class:`~cardsmith.core.flow.Flow` gets this from the core."""
        if self.flow is None:
            raise TypeError(f"{self.id} declares no flow, so the core cannot carry out its options")
        self.flow.receive(self, state, seat, action)

    def load_scenario(self, state: State, setup: Any) -> None:
        """Set the game-specific part of a scenario (counters, whose turn, phase) and run to the first decision.

        The cards are already placed in their zones when this is called.
        """
        raise ScenarioError(f"{self.id} does not support scenarios")

    @abstractmethod
    def max_decisions(self, options: dict[str, Any], players: int) -> int:
        """A declared upper bound on the number of decisions in one game."""

    def public_view(self, state: State) -> dict[str, Any]:
        """The game-specific data every seat may see (default: all of ``state["g"]``)."""
        return state["g"]

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        """Game-specific data only ``seat`` may see (default: none)."""
        return {}

    def redact_hidden(self, world: State, seat: int, rng: random.Random) -> None:
        """Redraw, in a world sampled for ``seat`` (:func:`cardsmith.core.observe.sample_world`), the hidden facts
        this game keeps outside its cards (in ``state["g"]`` or its frames): a secret choice another seat made, a
        total counted from cards ``seat`` cannot see. The cards are already re-dealt and the RNG reseeded. Default:
        nothing (a game whose hidden facts are all cards)."""
        return None

    def card_options(self, state: State, verb: str) -> Mapping[str, list[str]]:
        """The options ``[id, label]`` of ``verb`` naming each card by name, for the core's shared steps
        (:mod:`.steps`); a game gives them its own wording. Default: the verb and the name."""
        word = verb.capitalize()
        return self.card_option_table(verb, lambda name: f"{word} {name}")

    def card_option_table(self, verb: str, label: Callable[[str], str]) -> Mapping[str, list[str]]:
        """``verb``'s option for each card name with ``label(name)``, built once per verb and shared by every
        decision that offers them, so nothing may change one in place."""
        cache = self._card_options
        table = cache.get(verb)
        if table is None:
            table = cache[verb] = {n: _option(verb, n, label=label(n)) for n in self.card_names()}
        return table

    def card_names(self) -> set[str]:
        """Every card name this game defines (scenarios may only use these)."""
        return set()

    def describe_event(self, event: dict[str, Any], seat: int | None) -> str | None:
        """One line of words for an event as ``seat`` sees it (already redacted); None to leave it out."""
        if event["t"] == "move":
            card = event.get("name") or "a card"
            return f"{card} moves from {event['from']} to {event['to']}"
        return None

    def summarize(self, view: dict[str, Any]) -> list[str]:
        """Plain-text lines describing a seat's view (used by the terminal)."""
        return []

    def presenter(self) -> Any:
        """The game's own presenter of the table a seat sees (a ``cardsmith.present.Presenter`` from the game's
        ``present.py``, which only this hook imports: the rules never do), or None for the generic presenter built
        from the declared zones and verbs."""
        return None

    def rules_guide(self) -> str:
        """The player-facing rules guide (Markdown): by default the ``RULES.md`` beside the game's module, or nothing
        where there is none."""
        package = type(self).__module__.rpartition(".")[0]
        guide = resources.files(package).joinpath("RULES.md") if package else None
        return guide.read_text(encoding="utf-8") if guide is not None and guide.is_file() else ""

    def card_rows(self) -> list[dict[str, Any]]:
        """The card list with stats, one dict per card (same keys in every row)."""
        return []

    def seat_name(self, seat: int) -> str:
        """How seats are called in labels and logs."""
        return f"P{seat + 1}"

    def seat_prompt(self, seat: int, what: str, n: int | None = None) -> str:
        """``"P2: <what>"``, the seat's name before a question (``what`` with its ``{}`` filled by ``n`` when given),
        built once for each seat, text and number and shared by every decision that asks it."""
        cache = self._seat_prompts
        key = (seat, what, n)
        prompt = cache.get(key)
        if prompt is None:
            prompt = cache[key] = f"{self.seat_name(seat)}: {what if n is None else what.format(n)}"
        return prompt

    # ----- helpers for rules code ---------------------------------------------------------------------------------

    ask = staticmethod(_flow.ask)
    """Make ``seat`` (or :data:`CHANCE`) the deciding seat with these ``[id, label]`` options: the step engine's
    :func:`cardsmith.core.flow.ask` (``shown_as`` gives a secret decision the face of the one beside it; ``forced``
    marks a single option public facts force)."""

    @staticmethod
    def ask_chance(
        state: State, kind: str, prompt: str, options: list[list[str]], weights: list[int]
    ) -> None:
        """Make chance decide among ``options`` with integer ``weights``."""
        Game.ask(state, CHANCE, kind, prompt, options, weights)

    @staticmethod
    def finish(state: State, winners: list[int], reason: str, *, draw: bool | None = None) -> None:
        """End the game. ``winners`` empty is a draw unless ``draw=False`` says nobody won (a solo game lost)."""
        if draw is None:
            draw = not winners
        if draw and winners:
            raise ValueError("a drawn game has no winners")
        state["pending"] = None
        state["result"] = {"winners": sorted(winners), "draw": draw, "reason": reason}
        state["events"].append({"t": "end", "winners": sorted(winners), "reason": reason})

    @cached_property
    def move(self) -> Callable[..., None]:
        """The one way cards move, ``move(state, card, src, dst, *, index=None, mark=None, cause=None)``: the
        game's :meth:`~cardsmith.core.zones.Visibility.move`, which knows who sees the card before and after.
        Kept on the game once looked up, so that a move costs no call more than the primitive's."""
        return self.visibility.move

    @cached_property
    def move_all(self) -> Callable[..., None]:
        """``move_all(state, cards, src, dst, *, cause=None)``: each of ``cards`` from ``src`` onto ``dst`` in turn
        (the game's :meth:`~cardsmith.core.zones.Visibility.move_all`)."""
        return self.visibility.move_all

    def mark(self, state: State, card: int, zone: str, mark: str | None) -> None:
        """Set or clear a card's mark where it lies (see :func:`cardsmith.core.zones.set_mark`)."""
        _zones.set_mark(state, self.visibility, card, zone, mark)

    @staticmethod
    def log(state: State, event: dict[str, Any]) -> None:
        """Record an event; give it ``"vis": [seats]`` if not every seat may see it."""
        state["events"].append(event)

    @staticmethod
    def shuffle_unseen(state: State, zone: str) -> None:
        """Shuffle a zone whose cards no seat has seen yet (a fresh deck) by dealing identities to its card ids.

        The names (and owners) of the zone's cards are permuted among its ids with the state's RNG, so which card an
        id is no longer follows the order the cards were created in (a public deck list): a copy of a card played
        later tells nothing about which other ids are copies of it. The outcome is a uniform shuffle, like
        :func:`cardsmith.core.rng.shuffle`, and draws the same words from the RNG. Never use it on a zone holding a
        card some seat has seen: a seen card keeps its identity.
        """
        ids = state["zones"][zone]
        cards = state["cards"]
        owners = state["owner"]
        order = list(range(len(ids)))
        _rng.shuffle(state, order)
        names = [cards[i] for i in ids]
        seats = [owners[i] for i in ids]
        for cid, k in zip(ids, order, strict=True):
            cards[cid] = names[k]
            owners[cid] = seats[k]
        state["events"].append({"t": "shuffled", "zone": zone})

    @staticmethod
    def new_card(state: State, name: str, zone: str, owner: int | None = None) -> int:
        """Create a card at game creation (setup or scenario) and put it on top of ``zone``."""
        cid = len(state["cards"])
        state["cards"].append(name)
        state["owner"].append(owner)
        state["zones"][zone].append(cid)
        return cid

    def new_cards(self, state: State, names: Iterable[str], zone: str, owner: int | None = None) -> None:
        """Create a card of each of ``names`` at game creation, in order, each on top of ``zone`` (a deck built from
        a deck list, a supply pile)."""
        names = list(names)
        cards = state["cards"]
        first = len(cards)
        cards += names
        state["owner"] += [owner] * len(names)
        state["zones"][zone] += range(first, first + len(names))
