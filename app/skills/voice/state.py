"""What the Voice dock shows and sends, decided from plain values.

Theory of operation:
1. voice_state() names the one state the dock shows, first match wins: off (the skill is off), loading (its
   models), ducked (she speaks and the streamer's voice has lowered her), speaking, off (the mode is off),
   hearing you (the streamer is talking, or holds push-to-talk), thinking (an utterance went to her mind and
   her turn is not over), listening.
2. mouth_level() maps the level (dBFS) of a block she plays to how open her mouth is (0..1), on the same
   curve the stage uses for audio frames (app.stage.lipsync.level): the RMS of a block is 10^(dB/20).
3. meter_percent() maps a microphone level (dBFS) onto a 0..100 meter: -60 dB and below is empty, 0 dB full.
4. caption_text() is a line's caption so far: the chunks heard up to now, joined, so a caption grows with her
   voice and ends as the whole line.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.stage import lipsync

OFF, LOADING, DUCKED, SPEAKING, HEARING, THINKING, LISTENING = (
    "off", "loading", "ducked", "speaking", "hearing you", "thinking", "listening")
METER_FLOOR_DB = -60.0


def voice_state(*, running: bool, mode: str, loading: bool = False, speaking: bool, ducked: bool, owner_talking: bool,
                thinking: bool) -> str:
    """Rule 1."""
    if not running:
        return OFF
    if loading:
        return LOADING
    if speaking:
        return DUCKED if ducked else SPEAKING
    if mode == "off":
        return OFF
    if owner_talking:
        return HEARING
    if thinking:
        return THINKING
    return LISTENING


def mouth_level(level_db: float) -> float:
    """Rule 2."""
    return lipsync.level((10.0 ** (level_db / 20.0),))


def meter_percent(level_db: float) -> int:
    """Rule 3."""
    if level_db <= METER_FLOOR_DB:
        return 0
    return min(100, round(100.0 * (level_db - METER_FLOOR_DB) / -METER_FLOOR_DB))


def caption_text(chunks: Sequence[str]) -> str:
    """Rule 4."""
    return " ".join(c.strip() for c in chunks if c.strip())
