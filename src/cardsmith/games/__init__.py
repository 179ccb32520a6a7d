"""The built-in games, one package each. Each registers itself when imported; the registry imports them through the
``cardsmith.games`` entry points declared in ``pyproject.toml``, as it does any game from another package."""
