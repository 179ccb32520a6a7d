"""A record that cannot be written does not cost the run; the bench extra installs every peer the bench measures."""

from __future__ import annotations

import ast
import os
import re
import resource
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.cli.conftest import _BOOT, ROOT


def _limited(*args: str, limit: int, stdin: str = "") -> subprocess.CompletedProcess:
    """``cardsmith ARGS`` under a file-size limit (``ulimit -f``), with SIGXFSZ left at its default."""

    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    path = os.pathsep.join(p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "PYTHONPATH": path, "COLUMNS": "160", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, "-c", _BOOT, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=str(ROOT),
        env=env,
        preexec_fn=set_limit,
    )


def _digest(report: str) -> str:
    return re.search(r"^Digest: ([0-9a-f]{64})$", report, re.M).group(1)


def test_simulate_under_a_file_size_limit_keeps_its_statistics(tmp_path, cardsmith):
    plain = cardsmith("simulate", "toy", "-n", "6", "--seed", "4")
    assert plain.returncode == 0, plain.stderr
    for jobs in ("1", "2"):
        folder = tmp_path / f"recs{jobs}"
        proc = _limited(
            "simulate", "toy", "-n", "6", "--seed", "4", "--jobs", jobs, "--record", str(folder), limit=300
        )
        assert proc.returncode == 0, proc.stderr
        assert _digest(proc.stdout) == _digest(plain.stdout)
        assert proc.stderr.count("\n") == 1, proc.stderr
        assert proc.stderr.startswith(
            "warning: 6 of 6 records were not written (the first: cannot write record "
        )
        assert "File too large" in proc.stderr
        assert list(folder.iterdir()) == []  # no truncated record, no temporary file


def test_play_under_a_file_size_limit_still_ends_the_game(tmp_path):
    proc = _limited(
        "play", "toy", "--seats", "random,random", "--seed", "5", "--record", str(tmp_path), limit=300
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert any(line.startswith("Result: ") for line in lines)
    assert "Seed: 5" in lines
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith(
        f"warning: cannot write record {str(tmp_path / 'toy-5.json')!r}: File too large"
    )
    assert list(tmp_path.iterdir()) == []


def _imported_packages(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"cardsmith", "__future__"}


def _requirement_names(requirements: list[str]) -> set[str]:
    return {re.match(r"[A-Za-z0-9_.-]+", r).group(0).lower() for r in requirements}


def test_the_bench_extra_installs_every_peer_the_bench_measures():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    sources = [ROOT / "src" / "cardsmith" / "sim" / "bench.py"]
    for target in project["entry-points"]["cardsmith.benchmarks"].values():
        module = target.split(":")[0]
        sources.append(ROOT / "src" / Path(*module.split(".")).with_suffix(".py"))
    peers = set().union(*(_imported_packages(p) for p in sources)) - _requirement_names(
        project["dependencies"]
    )
    assert {"rlcard", "treys", "phevaluator"} <= peers  # what the bench compares against today
    bench_extra = _requirement_names(project["optional-dependencies"]["bench"])
    assert peers <= bench_extra, f"missing from the bench extra: {sorted(peers - bench_extra)}"
