"""Long runs stream: few jobs in flight, statistics kept as counts, bounded arguments, failed record writes survived."""

from __future__ import annotations

import concurrent.futures
import tracemalloc

import pytest
import tests.support.toy  # noqa: F401  (registers the toy game)

from cardsmith.core import RecordError
from cardsmith.sim import SimulationError, batch, simulate
from cardsmith.sim.settings import RunSettings


class _Stop(Exception):
    pass


class _CountingPool:
    """Stands in for the process pool: runs each job at once, and counts what was submitted."""

    submitted = 0
    returned = 0

    def __init__(self, max_workers: int) -> None:
        self.max_workers = max_workers

    def __enter__(self) -> _CountingPool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        return None

    def submit(self, fn, *args):
        type(self).submitted += 1
        # Never more than a few chunks beyond what has come back.
        assert type(self).submitted - type(self).returned <= 64, "too many jobs submitted at once"
        future: concurrent.futures.Future = concurrent.futures.Future()
        future.set_result(fn(*args))
        return future


def test_a_pool_run_submits_jobs_as_it_goes(monkeypatch):
    monkeypatch.setattr(batch, "ProcessPoolExecutor", _CountingPool)
    _CountingPool.submitted = _CountingPool.returned = 0
    reports: list[int] = []

    def progress(done: int, total: int) -> None:
        _CountingPool.returned += 1
        reports.append(done)
        if len(reports) == 10:
            raise _Stop

    with pytest.raises(_Stop):
        simulate("toy", 10**9, 1, ["random", "random"], run=RunSettings(jobs=2, progress=progress))
    assert _CountingPool.submitted <= 10 + 64


def test_a_long_run_in_one_process_does_not_keep_every_game():
    sizes: dict[int, int] = {}

    def progress(done: int, total: int) -> None:
        if done in (500, 3000):
            sizes[done] = tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        result = simulate("toy", 3000, 2, ["random", "random"], run=RunSettings(progress=progress))
    finally:
        tracemalloc.stop()
    assert result.completed == 3000
    # 2500 more games kept one by one would take hundreds of kilobytes.
    assert sizes[3000] - sizes[500] < 100_000


def test_the_digest_does_not_depend_on_the_chunking(monkeypatch):
    whole = simulate("toy", 45, 4, ["random", "random", "random"], run=RunSettings(jobs=1))
    monkeypatch.setattr(batch, "IN_FLIGHT_PER_JOB", 1)
    monkeypatch.setattr(batch, "MAX_CHUNK", 2)
    chunked = simulate("toy", 45, 4, ["random", "random", "random"], run=RunSettings(jobs=3))
    assert chunked.to_dict() == whole.to_dict()


def test_absurd_sizes_are_refused():
    with pytest.raises(SimulationError, match=r"games must be at most 1,000,000,000, not 1000000001"):
        simulate("toy", 10**9 + 1, 0, ["random", "random"])
    with pytest.raises(SimulationError, match="jobs must be at most 256, not 257"):
        simulate("toy", 3, 0, ["random", "random"], run=RunSettings(jobs=257))


def test_a_failed_record_write_is_counted_and_the_run_goes_on(monkeypatch, tmp_path):
    real_save = batch.save_record

    def flaky_save(record, path):
        if path.name == "toy-3.json":
            raise RecordError(f"cannot write record {str(path)!r}: File too large")
        return real_save(record, path)

    monkeypatch.setattr(batch, "save_record", flaky_save)
    plain = simulate("toy", 8, 5, ["random", "random"])
    recorded = simulate("toy", 8, 5, ["random", "random"], record_dir=tmp_path)
    assert recorded.to_dict() == plain.to_dict()
    assert recorded.record_failures == 1
    assert "toy-3.json" in recorded.record_failure and "File too large" in recorded.record_failure
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"toy-{i}.json" for i in range(8) if i != 3)
