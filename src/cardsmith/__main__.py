"""``python -m cardsmith``: the ``cardsmith`` command."""

from .cli.main import main

main()
