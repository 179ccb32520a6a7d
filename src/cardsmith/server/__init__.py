"""Play in the browser: a game server with a lobby, secret seats, reconnects and storage.

``cardsmith serve`` runs :func:`.app.create_app` under uvicorn. Starlette and uvicorn come with the ``server``
extra (``pip install cardsmith[server]``); nothing else in cardsmith imports this package.
"""
