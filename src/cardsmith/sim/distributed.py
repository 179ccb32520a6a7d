"""The Ray backend: a run's chunks of games played as Ray tasks, folded back in game order.

A chunk is the same function, with the same arguments, that a local worker process runs, so every game keeps its
seed and the result (and its digest) is the local backend's. A task whose worker dies is run again by Ray (up to
:data:`TASK_RETRIES` times) and, past that, submitted again here (up to :data:`RESUBMITS` times): the chunk's games
are replayed from their seeds, so the result is still identical. Ray is an optional dependency
(``pip install 'cardsmith[distributed]'``), imported only when this backend is used.
"""

from __future__ import annotations

import math
import socket
from collections.abc import Callable
from typing import Any, TypeVar

from ..core.errors import CardsmithError

T = TypeVar("T")

TASK_RETRIES = 3
"""How many times Ray itself runs a task again when its worker process dies."""

RESUBMITS = 3
"""How many more times a chunk is submitted when Ray has given up on it because its workers kept dying."""

IN_FLIGHT_PER_CPU = 4
"""Chunks submitted and not yet folded, per CPU of the cluster."""

MAX_CHUNK = 200
"""The most games in one task."""

REACH_TIMEOUT = 5.0
"""Seconds to wait for a cluster's address to answer before the run is refused."""


class DistributedError(CardsmithError):
    """The Ray backend cannot run: Ray is missing or the cluster cannot be reached."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise DistributedError(
            "the ray backend needs Ray, which is not installed (pip install 'cardsmith[distributed]')"
        ) from None
    return ray


def connect(address: str | None = None) -> Any:
    """The ``ray`` module, connected: to the cluster at ``address`` (e.g. ``ray://host:10001`` or ``auto``), or to
    a Ray started on this machine. A session already started in this process (``ray.init``) is used as it is."""
    ray = _ray()
    if ray.is_initialized():
        return ray
    if address:
        check_reachable(address)
    try:
        ray.init(
            address=address,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    except Exception as exc:  # Ray raises ConnectionError, ValueError, RuntimeError ... for a bad address
        where = f" at {address!r}" if address else ""
        raise DistributedError(f"cannot start or reach a Ray cluster{where}: {exc}") from None
    return ray


def check_reachable(address: str, timeout: float = REACH_TIMEOUT) -> None:
    """Raise :class:`DistributedError` within ``timeout`` seconds when nothing answers at a ``host:port`` address
    (``ray://host:port`` too), instead of waiting on Ray's own, much longer, connection retries. ``auto`` and
    ``local`` are left to Ray."""
    where = address.removeprefix("ray://")
    if where in ("auto", "local"):
        return
    host, colon, port = where.rpartition(":")
    if not colon or not host or not port.isdigit():
        raise DistributedError(f"Ray address {address!r} is not host:port, ray://host:port or auto")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise DistributedError(
            f"cannot reach a Ray cluster at {address!r}: nothing answers there ({exc.strerror or exc})"
        ) from None


def cluster_cpus(ray: Any) -> int:
    """The CPUs of the connected cluster (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def chunk_size(games: int, cpus: int) -> int:
    """Games per task: about eight tasks per CPU, at most :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (cpus * 8))))


def run_chunks(
    play_range: Callable[[Any, int, int], list[T]],
    payload: Any,
    total: int,
    fold: Callable[[T], None],
    progress: Callable[[int, int], None] | None = None,
    *,
    address: str | None = None,
    size: int | None = None,
) -> None:
    """Run ``play_range(payload, start, stop)`` over ``0 .. total`` in chunks as Ray tasks, and ``fold`` each item
    of the results in order (``progress(done, total)`` as chunks come back). A chunk whose worker died is run again
    from the start, so every item is folded exactly once."""
    ray = connect(address)
    cpus = cluster_cpus(ray)
    size = size or chunk_size(total, cpus)
    chunks = math.ceil(total / size)
    task = ray.remote(max_retries=TASK_RETRIES, retry_exceptions=False)(play_range)
    shared = ray.put(payload)
    window = cpus * IN_FLIGHT_PER_CPU
    running: dict[Any, int] = {}
    tries: dict[int, int] = {}
    finished: dict[int, list[T]] = {}
    submitted = folded = done = 0

    def submit(chunk: int) -> None:
        start = chunk * size
        running[task.remote(shared, start, min(total, start + size))] = chunk

    while folded < chunks:
        while submitted < chunks and submitted < folded + window:
            submit(submitted)
            submitted += 1
        ready, _ = ray.wait(list(running), num_returns=1)
        for ref in ready:
            chunk = running.pop(ref)
            try:
                part = ray.get(ref)
            except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError):
                tries[chunk] = tries.get(chunk, 0) + 1
                if tries[chunk] > RESUBMITS:
                    raise DistributedError(f"games {chunk * size} to {min(total, (chunk + 1) * size) - 1}: "
                                           f"their worker died {tries[chunk]} times") from None  # fmt: skip
                submit(chunk)
                continue
            except (
                ray.exceptions.RayTaskError
            ) as exc:  # the chunk raised: the same error as a local run gives
                cause = getattr(exc, "cause", None)
                raise (cause if isinstance(cause, CardsmithError) else exc) from None
            finished[chunk] = part
            done += len(part)
            if progress is not None:
                progress(done, total)
        while folded in finished:
            for item in finished.pop(folded):
                fold(item)
            folded += 1
