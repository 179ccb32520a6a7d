"""The ``cardsmith serve`` and ``cardsmith serve-bench`` commands."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .errors import CliError

Host = Annotated[str, typer.Option(help="The address to listen on.")]
Port = Annotated[int, typer.Option(help="The port to listen on.")]
Db = Annotated[str, typer.Option(help="The SQLite file the games are kept in (created if missing).")]


def serve_cmd(host: Host = "127.0.0.1", port: Port = 8000, db: Db = "cardsmith-games.db") -> None:
    """Serve games in the browser: a lobby at the printed URL, one secret link per human seat.

    Games are kept in the SQLite file `--db`, so they go on after a restart.

    Examples:

        cardsmith serve
        cardsmith serve --port 8080 --db games.db
    """
    try:
        import uvicorn

        from ..server.app import create_app
    except ImportError as exc:
        raise CliError(
            f"the server needs the server extra (pip install 'cardsmith[server]'): {exc}"
        ) from None
    app = create_app(db)
    typer.echo(f"cardsmith is serving the lobby at http://{host}:{port}/ (games kept in {db})")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)


def serve_bench_cmd(
    games: Annotated[int, typer.Option(help="How many games are played at once.")] = 200,
    seconds: Annotated[float, typer.Option(help="How long the bots play, in seconds.")] = 60.0,
    think: Annotated[
        float, typer.Option(help="A bot's mean think time before it answers, in seconds (0: at once).")
    ] = 1.0,
    kill_at: Annotated[
        float | None,
        typer.Option(
            help="Kill the server with SIGKILL this many seconds in, and start it again.", show_default=False
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Measure the server under load: bot clients play games over WebSockets on the loopback address.

    Reports the p50 and p99 time from an action sent to its update received, and reads the games back from the
    server's file to count lost and doubled actions. With `--kill-at` the server is killed (SIGKILL) during the run
    and restarted over the same file.

    Examples:

        cardsmith serve-bench --games 200 --seconds 60
        cardsmith serve-bench --games 200 --seconds 60 --kill-at 30
    """
    if games < 1 or not seconds > 0 or think < 0:
        raise CliError("--games must be at least 1, --seconds more than 0 and --think at least 0")
    if kill_at is not None and not 0 < kill_at < seconds:
        raise CliError("--kill-at must fall within the run (between 0 and --seconds)")
    try:
        from ..server.bench import run_bench
    except ImportError as exc:
        raise CliError(
            f"the benchmark needs the server extra (pip install 'cardsmith[server]'): {exc}"
        ) from None
    figures = run_bench(games, seconds, think, kill_at)
    if as_json:
        typer.echo(json.dumps(figures))
        return
    for key, value in figures.items():
        typer.echo(f"{key:>24}: {value}")
