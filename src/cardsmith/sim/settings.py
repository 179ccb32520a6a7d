"""How a run is carried out, apart from what it plays: one settings object that every batch entry point takes
(:func:`~cardsmith.sim.batch.simulate`, :func:`~cardsmith.sim.tournament.tournament`,
:func:`~cardsmith.sim.experiment.experiment`, :func:`~cardsmith.sim.report.build_report`) and that the command line
builds once from ``--jobs``, ``--backend``, ``--address`` and its progress bar."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called as games finish."""


@dataclass(frozen=True)
class RunSettings:
    """``jobs`` worker processes (the local backend), ``progress(done, total)`` called as games finish, and the
    ``backend`` that plays the games: ``"local"`` processes, or ``"ray"`` tasks on the cluster at ``address`` (a Ray
    started on this machine when it is None). None of them changes a result: the same games on the same seeds give
    the same outcome whatever the settings."""

    jobs: int = 1
    progress: Progress | None = None
    backend: str = "local"
    address: str | None = None


LOCAL = RunSettings()
"""One process on this machine, no progress reports: the default of every entry point."""
