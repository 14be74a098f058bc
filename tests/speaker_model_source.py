"""Where the tests and benchmarks find the speaker model: an installed resemblyzer, else its wheel from PyPI through
pip (pip's cache makes the second time local), checked against the wheel's SHA-256 as PyPI publishes it."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

from app.senses.voice.speaker_model import WHEEL, WHEEL_SHA256, find_model

WHEELS = Path(tempfile.gettempdir()) / "bea-test-wheels"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def resemblyzer_source() -> tuple[Path | None, str]:
    """(the model's wheel or file, "") or (None, why it is missing)."""
    found = find_model(None)
    if found is not None:
        return found, ""
    wheel = WHEELS / WHEEL
    if not wheel.is_file():
        done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
                               "-q", "-d", str(WHEELS), "resemblyzer==0.1.4"], capture_output=True, text=True,
                              timeout=300)
        if done.returncode != 0 or not wheel.is_file():
            return None, f"the resemblyzer 0.1.4 wheel (the speaker model) could not be fetched: {done.stderr[-300:]}"
    if _sha256(wheel) != WHEEL_SHA256:
        wheel.unlink()
        return None, "the resemblyzer 0.1.4 wheel did not match the SHA-256 PyPI publishes; it was deleted"
    return wheel, ""
