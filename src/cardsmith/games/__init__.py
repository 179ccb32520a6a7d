"""The built-in games. Importing this package registers each of them."""

from . import ani_mayhem, bpoker, dbz, martial_arts, taidian  # noqa: F401
