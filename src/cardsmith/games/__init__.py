"""The built-in games. Importing this package registers each of them."""

from . import martial_arts  # noqa: F401
