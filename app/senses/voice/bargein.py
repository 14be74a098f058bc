"""Barge-in in two stages: duck her when the owner starts talking, stop her only if they keep going.

Theory of operation:
1. The ears report the owner's voice as OwnerVoice events: speaking=True with the seconds they have been
   talking (0 at the first word; pauses shorter than the ears' end of turn count as talking), then
   speaking=False when they fall silent. A push-to-talk press is explicit.
2. While she is not speaking nothing happens: there is nobody to interrupt.
3. Stage one: the owner's first words duck her (DUCK: her volume drops by duck_db, already queued audio
   included). A cough, a laugh or an "mhm" ends there: when they fall silent before stop_after_s she comes
   back to full volume (RESTORE) and finishes her line.
4. Stage two: once they have been talking for stop_after_s, she stops (STOP). An explicit press stops her at
   once. After a stop nothing more is decided until reset() (she starts a new line).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class OwnerVoice:
    speaking: bool
    seconds: float = 0.0
    explicit: bool = False


class Decision(StrEnum):
    NONE = "none"
    DUCK = "duck"
    RESTORE = "restore"
    STOP = "stop"


class BargeIn:
    def __init__(self, duck_db: float = -14.0, stop_after_s: float = 0.9) -> None:
        if duck_db > 0 or stop_after_s < 0:
            raise ValueError("duck_db is <= 0 and stop_after_s >= 0")
        self.duck_db = duck_db
        self.stop_after_s = stop_after_s
        self.state = "idle"          # idle | ducked | stopped

    @property
    def duck_gain(self) -> float:
        return 10.0 ** (self.duck_db / 20.0)

    def reset(self) -> None:
        self.state = "idle"

    def on(self, event: OwnerVoice, she_is_speaking: bool) -> Decision:
        if self.state == "stopped":
            return Decision.NONE
        if not she_is_speaking:
            was, self.state = self.state, "idle"
            return Decision.RESTORE if was == "ducked" else Decision.NONE
        if not event.speaking:
            if self.state == "ducked":
                self.state = "idle"
                return Decision.RESTORE
            return Decision.NONE
        if event.explicit or event.seconds >= self.stop_after_s:
            self.state = "stopped"
            return Decision.STOP
        if self.state == "idle":
            self.state = "ducked"
            return Decision.DUCK
        return Decision.NONE
