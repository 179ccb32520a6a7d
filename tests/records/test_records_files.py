"""Game records: round trip, tamper detection, clear errors, and verification by replay."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import tests.support.toy  # noqa: F401  (registers the toy game)

from cardsmith.agents import RandomAgent
from cardsmith.core import RecordError, new_game, state_hash
from cardsmith.core.scenario import state_from_scenario
from cardsmith.records import (
    FORMAT,
    build_record,
    check_record,
    load_record,
    record_digest,
    save_record,
    verify,
)
from cardsmith.sim import play

SEED = 11


def _finished_game(seed: int = SEED) -> tuple[dict, list[str]]:
    state = new_game("toy", 2, seed)
    actions = play(state, [RandomAgent(f"{seed}/0"), RandomAgent(f"{seed}/1")])
    return state, actions


@pytest.fixture
def record() -> dict:
    state, actions = _finished_game()
    return build_record(state, actions, seats=["random", "random"], seed=SEED)


def _resign(record: dict) -> dict:
    """Recompute the digest after an edit, as a forger would: only replaying can catch the edit then."""
    record["digest"] = record_digest(record)
    return record


def test_record_holds_every_field(record):
    state, actions = _finished_game()
    assert record["format"] == FORMAT
    assert record["game"] == "toy"
    assert record["rules_version"] == state["rules"]
    assert record["players"] == 2
    assert record["options"] == {"cap": 40}
    assert record["seats"] == ["random", "random"]
    assert record["seed"] == SEED
    assert record["scenario"] is None
    assert record["actions"] == actions
    assert record["actions"][0].startswith("first:")  # the chance outcome is recorded too
    assert record["final_hash"] == state_hash(state)
    assert record["result"] == state["result"]
    assert len(record["digest"]) == 64


def test_save_load_round_trip_and_verify(record, tmp_path):
    path = save_record(record, tmp_path / "game.json")
    loaded = load_record(path)
    assert loaded == record
    final = verify(loaded)
    assert state_hash(final) == record["final_hash"]
    assert final["result"] == record["result"]


@pytest.mark.parametrize(
    ("field", "edit"),
    [
        ("actions", lambda r: r["actions"].__setitem__(3, "draw" if r["actions"][3] != "draw" else "up:0")),
        ("seed", lambda r: r.__setitem__("seed", r["seed"] + 1)),
        ("final_hash", lambda r: r.__setitem__("final_hash", "0" * 64)),
        ("result", lambda r: r.__setitem__("result", {"winners": [], "draw": True, "reason": "edited"})),
        ("options", lambda r: r.__setitem__("options", {"cap": 30})),
    ],
)
def test_any_edit_is_detected_on_load(record, tmp_path, field, edit):
    edit(record)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError, match="digest mismatch"):
        load_record(path)


def test_truncated_file_is_not_json(record, tmp_path):
    path = save_record(record, tmp_path / "game.json")
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError, match="is not JSON"):
        load_record(path)


def test_unreadable_file(tmp_path):
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(tmp_path)


def test_missing_and_wrongly_typed_fields(record):
    missing = {k: v for k, v in record.items() if k != "seed"}
    with pytest.raises(RecordError, match="has no 'seed' field"):
        check_record(missing)
    with pytest.raises(RecordError, match="field 'players' must be an integer"):
        check_record({**record, "players": "2"})
    with pytest.raises(RecordError, match="field 'players' must be an integer"):
        check_record({**record, "players": True})
    with pytest.raises(RecordError, match="field 'actions' must be a list"):
        check_record({**record, "actions": "draw"})
    with pytest.raises(RecordError, match="every entry of 'actions' must be text"):
        check_record({**record, "actions": [1, 2]})
    with pytest.raises(RecordError, match="expected a JSON object"):
        check_record([record])


def test_wrong_format(record):
    with pytest.raises(RecordError, match="format 'cardsmith-record/0'"):
        check_record(_resign({**record, "format": "cardsmith-record/0"}))


def test_edited_action_with_forged_digest_does_not_replay(record):
    actions = record["actions"]
    # Replace a seat's action with an option id that is not legal there.
    record["actions"] = [actions[0], "up:999", *actions[2:]]
    with pytest.raises(RecordError, match=r"record does not replay: action 2: illegal action 'up:999'"):
        verify(_resign(record))


def test_edited_chance_outcome_with_forged_digest_does_not_replay(record):
    first = record["actions"][0]
    record["actions"][0] = "first:1" if first == "first:0" else "first:0"
    with pytest.raises(RecordError, match="record does not replay: chance drew"):
        verify(_resign(record))


def test_edited_seed_with_forged_digest_does_not_replay(record):
    # Another seed deals other cards, so the recorded actions stop being legal or lead elsewhere.
    record["seed"] = SEED + 1
    with pytest.raises(RecordError, match="record does not replay"):
        verify(_resign(record))


def test_edited_final_hash_or_result_with_forged_digest_does_not_replay(record):
    forged = _resign({**record, "final_hash": "f" * 64})
    with pytest.raises(RecordError, match="record does not replay: the final state's hash differs"):
        verify(forged)
    forged = _resign({**record, "result": {"winners": [], "draw": True, "reason": "edited"}})
    with pytest.raises(RecordError, match="record does not replay: the game ends with"):
        verify(forged)


def test_extra_actions_and_missing_actions_do_not_replay(record):
    with pytest.raises(RecordError, match="comes after the game ended"):
        verify(_resign({**record, "actions": [*record["actions"], "draw"]}))
    with pytest.raises(RecordError, match="has not ended"):
        verify(_resign({**record, "actions": record["actions"][:-1]}))


def test_unknown_game_does_not_replay(record):
    with pytest.raises(RecordError, match="record does not replay: unknown game 'no-such-game'"):
        verify(_resign({**record, "game": "no-such-game"}))


def test_scenario_record_verifies(tmp_path):
    scenario = {
        "game": "toy",
        "seed": 5,
        "zones": {"hand:0": ["4", "1"], "hand:1": ["2", "3"], "deck:1": ["1"]},
        "setup": {"current": 1},
    }
    state = state_from_scenario(scenario)
    actions = play(state, [RandomAgent("5/0"), RandomAgent("5/1")])
    record = build_record(state, actions, seats=["random", "random"], seed=5, scenario=scenario)
    assert record["scenario"] == scenario
    loaded = load_record(save_record(record, tmp_path / "scenario.json"))
    assert state_hash(verify(loaded)) == record["final_hash"]
    # The same actions from a different position do not replay.
    moved = {**scenario, "zones": {**scenario["zones"], "hand:1": ["3", "2"]}}
    with pytest.raises(RecordError, match="record does not replay"):
        verify(_resign({**loaded, "scenario": moved}))


def test_unfinished_game_cannot_be_recorded():
    state = new_game("toy", 2, 1)
    with pytest.raises(RecordError, match="has not ended"):
        build_record(state, [], seats=["random", "random"], seed=1)


def test_a_record_of_other_rules_is_refused_in_one_line_naming_both_versions(record, tmp_path, capsys):
    # Option ids change between rules versions (typed options renamed them), so an old record is refused before any
    # action is tried, on the command line as one error line.
    old = _resign({**record, "rules_version": "0"})
    with pytest.raises(
        RecordError, match=r"^record does not replay: it was made with toy rules version '0', "
    ):
        verify(old)
    path = save_record(old, tmp_path / "old.json")
    from cardsmith.cli.main import run

    capsys.readouterr()
    assert run(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert (
        err == "error: record does not replay: it was made with toy rules version '0', these are version '1'"
    )


def test_an_unknown_field_is_refused(record):
    with pytest.raises(RecordError, match="record has an unknown field 'comment'"):
        check_record(_resign({**record, "comment": "hello"}))


def test_an_unknown_agent_is_refused(record):
    with pytest.raises(RecordError, match=r"record: seat 2 has unknown agent 'robot' \(known agents: "):
        check_record(_resign({**record, "seats": ["random", "robot"]}))


def test_a_seat_keeps_its_agent_parameters_and_bad_ones_are_refused(record):
    assert check_record(_resign({**record, "seats": ["random", "ismcts:iterations=50:c=0.5"]}))["seats"][
        1
    ] == ("ismcts:iterations=50:c=0.5")
    with pytest.raises(RecordError, match=r"record: seat 2: .*iterations must be from 1"):
        check_record(_resign({**record, "seats": ["random", "ismcts:iterations=0"]}))


def test_a_deeply_nested_file_is_refused_in_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="is nested too deeply"):
        load_record(path)
    path.write_text('{"scenario": ' + "[" * 500 + "]" * 500 + "}")
    with pytest.raises(RecordError, match="is nested too deeply"):
        load_record(path)


def test_a_binary_file_is_refused_in_one_line(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(RecordError, match="not UTF-8 text"):
        load_record(path)


def test_save_leaves_no_temporary_file(record, tmp_path):
    save_record(record, tmp_path / "a.json")
    save_record(record, tmp_path / "a.json")
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]
    assert load_record(tmp_path / "a.json") == record


_LIMITED_SAVE = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))
from cardsmith.core import RecordError
from cardsmith.records import save_record
try:
    save_record({"big": "x" * 100_000}, sys.argv[1])
except RecordError as exc:
    print(exc)
"""


def test_a_failed_write_leaves_the_previous_file_whole(record, tmp_path):
    target = tmp_path / "toy.json"
    save_record(record, target)
    before = target.read_bytes()
    src = Path(__file__).resolve().parents[2] / "src"
    proc = subprocess.run(
        [sys.executable, "-c", _LIMITED_SAVE, str(target)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(src)},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"cannot write record {str(target)!r}: File too large")
    assert proc.stdout.count("\n") == 1
    assert target.read_bytes() == before  # never truncated
    assert [p.name for p in tmp_path.iterdir()] == ["toy.json"]  # no temporary file left behind
