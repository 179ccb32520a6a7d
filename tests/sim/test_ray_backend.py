"""The Ray backend on a local Ray (2 CPUs, started once for this module): the same seeds and digest as the local
backend, and a worker that dies in the middle of a run costs nothing but time."""

from __future__ import annotations

import json
import os
import socket

import pytest

ray = pytest.importorskip("ray")

from cardsmith.cli.main import run  # noqa: E402
from cardsmith.sim import batch, simulate, tournament  # noqa: E402
from cardsmith.sim.settings import RunSettings  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_digest_of_jobs_1_and_jobs_2_and_survives_a_killed_worker(
    local_ray, capsys, tmp_path, monkeypatch
):
    args = ("martial-arts", 24, 11, ["random", "random"])
    one, two = simulate(*args, run=RunSettings(jobs=1)), simulate(*args, run=RunSettings(jobs=2))
    distributed = simulate(*args, run=RunSettings(backend="ray"))
    assert one.digest == two.digest == distributed.digest
    assert distributed.to_dict() == one.to_dict()
    # the command line prints the same object
    common = ["simulate", "martial-arts", "-n", "24", "--seed", "11", "--json"]
    assert run(common) == 0
    local = json.loads(capsys.readouterr().out)
    assert run([*common, "--backend", "ray"]) == 0
    assert json.loads(capsys.readouterr().out) == local
    pairs = tournament("martial-arts", ["random", "heuristic"], 4, 3, run=RunSettings(jobs=1))
    assert tournament("martial-arts", ["random", "heuristic"], 4, 3, run=RunSettings(backend="ray")) == pairs
    # (one test function: Ray is slow to start, and a second test could be sent to another xdist worker)
    a_worker_killed_mid_run_still_gives_the_full_identical_result(tmp_path, monkeypatch)


def a_worker_killed_mid_run_still_gives_the_full_identical_result(tmp_path, monkeypatch):
    marker = str(tmp_path / "killed")
    doomed = 17  # the chunk holding this game kills its worker the first time it runs
    real = batch.play_range

    def dies_once(job, start, stop):
        if start <= doomed < stop and not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(1)  # the worker process dies, as a killed machine would
        return real(job, start, stop)

    expected = simulate("martial-arts", 40, 5, ["random", "random"], run=RunSettings(jobs=1))
    monkeypatch.setattr(batch, "play_range", dies_once)
    seen = []
    result = simulate(
        "martial-arts", 40, 5, ["random", "random"], run=RunSettings(backend="ray"), on_outcome=seen.append
    )
    assert os.path.exists(marker)  # the worker did die
    assert [o.index for o in seen] == list(range(40))
    assert result.to_dict() == expected.to_dict()


def test_an_address_where_nothing_answers_is_refused_before_ray_tries_it(capsys, monkeypatch):
    tried = []
    monkeypatch.setattr(ray, "init", lambda **kwargs: tried.append(kwargs))  # Ray's own retries take minutes
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    with socket.socket() as probe:  # a port nothing listens on: bound, never listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        code = run(
            ["simulate", "martial-arts", "-n", "2", "--backend", "ray", "--address", f"127.0.0.1:{port}"]
        )
    err = capsys.readouterr().err
    assert code == 2 and tried == []
    assert err.startswith("error: cannot reach a Ray cluster at") and "nothing answers" in err
    assert run(["simulate", "martial-arts", "-n", "2", "--backend", "ray", "--address", "no-port-here"]) == 2
    assert "is not host:port" in capsys.readouterr().err and tried == []
