"""Headless Chromium from the system's packages, driven by Playwright (its own browser download is not used)."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CARDSMITH_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch(playwright):
    """A headless Chromium; the tests skip only outside CI when no Chromium is installed (CI installs it)."""
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"CI must have Chromium at {CHROMIUM} (.ci/run installs it)")
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium to run the browser tests")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
