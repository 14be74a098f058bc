"""Where the tests and benchmarks find the speaker model: resemblyzer 0.1.4's wheel (tests/wheel_source.py)."""

from __future__ import annotations

from pathlib import Path

from app.senses.voice.speaker_model import WHEEL, WHEEL_SHA256, find_model
from tests.wheel_source import wheel_source


def resemblyzer_source() -> tuple[Path | None, str]:
    """(the model's wheel or file, "") or (None, why it is missing)."""
    return wheel_source(find_model, "resemblyzer==0.1.4", WHEEL, WHEEL_SHA256,
                        "the resemblyzer 0.1.4 wheel (the speaker model)")
