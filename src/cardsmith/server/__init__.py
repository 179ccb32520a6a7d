"""Play in the browser: a game server with a lobby, secret seats, reconnects and storage.

``cardsmith serve`` (:mod:`cardsmith.cli.serve`) runs :func:`.app.create_app` under uvicorn. Starlette and uvicorn
come with the ``server`` extra (``pip install cardsmith[server]``); only those commands import this package, when
they run.
"""
