"""The built-in games. Importing this package registers each of them."""

from . import bpoker, dbz, martial_arts, taidian  # noqa: F401
