"""The built-in games. Importing this package registers each of them."""

from . import dbz, martial_arts  # noqa: F401
