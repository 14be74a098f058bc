"""Where the time of her last spoken answer went, from the streamer's last word to her first sound.

Theory of operation:
1. Five moments on the one monotonic clock: the end of the streamer's last word (the last microphone window her
   ears scored as speech), the end of the turn (her ears decided the streamer had finished, or the talk key was
   released), the text ready (the transcript), her first words reaching her mouth (the first fragment of the
   first line she began after it) and her first sound (its first samples queued on the speakers).
2. Their gaps are the four stages a streamer can act on: waiting for the end of the turn (the end-of-turn
   setting and model), hearing (where she hears), thinking (her model and her briefing) and her voice (where she
   speaks). A moment missing, or one before the moment it follows, makes no stages: the answer did not follow
   that turn (she was already speaking, or a line was cut).
3. The stages as a streamer reads them: one line with the total first, each stage in tenths of a second.
"""

from __future__ import annotations

from dataclasses import dataclass

STAGES = ("end_of_turn", "hearing", "thinking", "voice")


@dataclass(frozen=True)
class TurnStages:
    end_of_turn_ms: float
    hearing_ms: float
    thinking_ms: float
    voice_ms: float

    @property
    def total_ms(self) -> float:
        return self.end_of_turn_ms + self.hearing_ms + self.thinking_ms + self.voice_ms

    def parts(self) -> tuple[tuple[str, float], ...]:
        return tuple((name, getattr(self, f"{name}_ms")) for name in STAGES)


def stages(last_word: float | None, ended: float | None, heard: float | None, began: float | None,
           first_sound: float | None) -> TurnStages | None:
    """Rules 1-2: the stages of one answer, or None when the moments do not follow each other."""
    moments = (last_word, ended, heard, began, first_sound)
    if any(m is None for m in moments):
        return None
    if any(b < a for a, b in zip(moments, moments[1:], strict=False)):   # type: ignore[operator]
        return None
    gaps = [(b - a) * 1000.0 for a, b in zip(moments, moments[1:], strict=False)]   # type: ignore[operator]
    return TurnStages(*gaps)


def seconds(ms: float) -> str:
    """Rule 3: tenths of a second, "0.4 s"; under a twentieth, "<0.1 s" rather than a zero that is not one."""
    return "<0.1 s" if 0 < ms < 50 else f"{ms / 1000.0:.1f} s"
