"""Where the tests and benchmarks find the turn model: pipecat-ai 1.14.0's wheel (tests/wheel_source.py)."""

from __future__ import annotations

from pathlib import Path

from app.senses.voice.turn_model import WHEEL, WHEEL_SHA256, find_model
from tests.wheel_source import wheel_source


def smart_turn_source() -> tuple[Path | None, str]:
    """(the model's wheel or file, "") or (None, why it is missing)."""
    return wheel_source(find_model, "pipecat-ai==1.14.0", WHEEL, WHEEL_SHA256,
                        "the pipecat-ai 1.14.0 wheel (Smart Turn v3.2)")
