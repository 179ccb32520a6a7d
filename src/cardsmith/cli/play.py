"""``cardsmith play``: one game at the terminal, humans and agents seated as asked."""

from __future__ import annotations

import secrets
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from rich.text import Text

from ..agents.factory import agent_from_spec, check_agent_for_game, parse_seats
from ..agents.human import CLEAR, HotSeat, HumanAgent, InputEnded, QuitGame, colour_wanted, terminal_read
from ..core.engine import new_game
from ..core.errors import RecordError, ScenarioError, SeatCountError
from ..core.game import Game
from ..core.registry import all_games, get_game
from ..core.scenario import read_scenario, state_from_scenario
from ..core.state import State
from ..core.view import view
from ..present import presenter_for
from ..present.terminal import render
from ..records.record import build_record, save_record
from ..sim.batch import play_command
from ..sim.runner import play
from .errors import CliError
from .options import parse_options
from .reports import players_text


def choose_game(read: Callable[[str], str], write: Callable[[str], None]) -> str:
    """Ask for a game from a numbered menu of the registered games; returns its id."""
    games = all_games()
    if not games:
        raise CliError("no games are installed")
    write("Games:")
    for number, game in enumerate(games, 1):
        write(f"  {number}. {game.id}: {game.name} ({players_text(game)} players)")
    while True:
        try:
            answer = read(f"Choose a game (1-{len(games)}): ").strip()
        except EOFError:
            write("")
            raise InputEnded from None
        if answer.isdigit() and 1 <= int(answer) <= len(games):
            return games[int(answer) - 1].id
        if answer in {g.id for g in games}:
            return answer
        write(f"Please answer with a number from 1 to {len(games)} or a game id.")


def prepare_record_dir(record_dir: str | None) -> Path | None:
    """Create the folder records go to (before the game, so a bad path fails at once)."""
    if record_dir is None:
        return None
    path = Path(record_dir)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot create record folder {record_dir!r}: {exc.strerror or exc}") from None
    return path


class _Table(NamedTuple):
    """What a game at the terminal starts from."""

    game: Game
    state: State
    names: list[str]
    seed: int | str
    scenario: dict[str, Any] | None
    replay: str


def _from_scenario(
    game_id: str | None,
    seats: str | None,
    seed: int | None,
    options: dict[str, Any],
    path: str,
    pairs: list[str],
) -> _Table:
    scenario = read_scenario(path)
    named = scenario.get("game")
    if game_id is not None and isinstance(named, str) and named != game_id:
        raise ScenarioError(f"scenario {path!r} is for {named!r}, not {game_id!r}")
    if seed is not None:
        scenario["seed"] = seed
    if options:
        given = scenario.get("options", {})
        if not isinstance(given, dict):
            raise ScenarioError("[options] must be a table")
        scenario["options"] = {**given, **options}
    state = state_from_scenario(scenario)
    game = get_game(state["game"])
    names = parse_seats(seats) if seats is not None else ["human"] + [game.opponent] * (state["players"] - 1)
    if len(names) != state["players"]:
        raise SeatCountError(
            f"the scenario is for {state['players']} players, but --seats names {len(names)}"
        )
    seed_used: int | str = scenario.get("seed", 0)
    parts = [
        "cardsmith",
        "play",
        "--scenario",
        str(path),
        "--seed",
        str(seed_used),
        "--seats",
        ",".join(names),
    ]
    for pair in pairs:
        parts += ["--option", pair]
    return _Table(game, state, names, seed_used, scenario, shlex.join(parts))


def _new_table(game_id: str | None, seats: str | None, seed: int | None, options: dict[str, Any]) -> _Table:
    if game_id is None:
        game_id = choose_game(terminal_read, print)
    game = get_game(game_id)
    names = parse_seats(seats) if seats is not None else ["human"] + [game.opponent] * (game.min_players - 1)
    seed_used = secrets.randbits(64) if seed is None else seed
    state = new_game(game, len(names), seed_used, options)
    return _Table(game, state, names, seed_used, None, play_command(game, seed_used, names, state["options"]))


def _save(table: _Table, actions: list[str], folder: Path, stopped: bool) -> None:
    record = build_record(
        table.state, actions, seats=table.names, seed=table.seed, scenario=table.scenario, stopped=stopped
    )
    try:
        path = save_record(record, folder / f"{table.game.id}-{table.seed}.json")
    except RecordError as exc:  # the game is over and shown; only its record is lost
        print(f"warning: {exc}", file=sys.stderr)
    else:
        print(f"Record written to {path}")


class _Narrator:
    """Tells each human seat what it sees of every step; with no human seat, tells a spectator on stdout."""

    def __init__(self, game: Game, state: State, humans: list[HumanAgent]) -> None:
        self.presenter = presenter_for(game)
        self.humans = humans
        self.pending = state["pending"]
        self.actions: list[str] = []
        self.last_public: list[str] = []
        self.out: dict[int, str] = {}  # a knocked-out person's seat: "watch" or "skip"
        for human in humans:
            human.observe(state)
        if not humans:
            for line in self.presenter.event_lines(state["events"], view(state, None)):
                print(line)

    def step(self, state: State, option_id: str) -> None:
        """After each applied option (chance outcomes too). A person whose seat is knocked out is asked once
        whether to watch the rest, skip to the result or quit."""
        self.actions.append(option_id)
        public = view(state, None)
        for human in self.humans:
            human.observe(state, self.pending, option_id)
        lines = self.presenter.step_lines(self.pending, option_id, state["events"], public)
        if state["result"] is None and self.humans:
            out = self.presenter.knocked_out(public)
            for human in self.humans:
                if human.seat in out and human.seat not in self.out:
                    self.out[human.seat] = human.knocked_out()
        if not self.humans or (len(self.out) == len(self.humans) and "watch" in self.out.values()):
            for line in lines:
                print(line)
        self.last_public = lines
        self.pending = state["pending"]

    def final_news(self) -> None:
        """The last news: the one person's own, or (people sharing the terminal) the last step as anyone saw it."""
        if len(self.humans) == 1:
            self.humans[0].tell_news()
        elif self.humans:
            print(CLEAR.rstrip())
            for line in self.last_public:
                print(line)


def run_play(
    game_id: str | None,
    seats: str | None,
    seed: int | None,
    option_pairs: list[str],
    scenario_path: str | None,
    record_dir: str | None,
) -> State:
    """Set up and play one game to its end at the terminal; returns the final state.

    Human seats read their answers from stdin; with agents only, the game plays through, narrated as a spectator
    sees it. A person who types ``quit`` ends the game where it stands (its record is written with no result).
    """
    options = parse_options(option_pairs)
    if scenario_path is not None:
        table = _from_scenario(game_id, seats, seed, options, scenario_path, option_pairs)
    else:
        table = _new_table(game_id, seats, seed, options)
    game, state, names = table.game, table.state, table.names
    folder = prepare_record_dir(record_dir)
    for spec in names:
        check_agent_for_game(spec, game)
    agents = [agent_from_spec(spec, seat, f"{table.seed}/{seat}") for seat, spec in enumerate(names)]
    humans = [a for a in agents if isinstance(a, HumanAgent)]
    hot_seat = HotSeat() if len(humans) > 1 else None
    for human in humans:
        human.seat_at(colour=colour_wanted(), hot_seat=hot_seat)
    seating = ", ".join(f"{game.seat_name(s)} {n}" for s, n in enumerate(names))
    # The seed decides every hand and deck, so it is shown only when the game is over: everyone at the terminal
    # would otherwise know what is hidden from them.
    print(f"{game.name} ({game.id}): {seating}")
    if table.scenario is not None:
        print(f"Scenario: {table.scenario.get('title') or scenario_path}")
    narrator = _Narrator(game, state, humans)
    stopped = False
    try:
        play(state, agents, on_step=narrator.step)
    except QuitGame as quit_:
        stopped = True
        print(f"{game.seat_name(quit_.seat)} ended the game.")
    else:
        narrator.final_news()
    ending = narrator.presenter.result_line(state["result"])
    for line in render([Text(ending)]):  # folded to the screen's width
        print(line)
    print(f"Seed: {table.seed}")
    print(f"Replay with: {table.replay}")
    if folder is not None:
        _save(table, narrator.actions, folder, stopped)
    return state
