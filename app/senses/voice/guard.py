"""The self-hearing guard: her own voice never comes back as the owner's words.

Theory of operation:
1. The Mouth says when she is speaking (speaking(True) at her first queued sample, speaking(False) when the
   output has drained or was stopped). The capture is gated from the first until tail_s after the last: what
   the microphone picks up then may be her, through the speakers and the room.
2. A gated window never becomes part of an utterance by itself. It is only asked one question: is the owner
   talking over her (barge-in)? The reference is what the output actually rendered (its level after ducking,
   fed in by reference() from the output's render thread), the loudest block of the last echo_window_s, so the
   delay from speaker to microphone does not matter.
3. The echo estimate is how much louder or quieter the microphone is than that reference while she speaks and
   nobody talks over her: a high percentile (ECHO_PERCENTILE) of the recent differences, so the odd word from
   the owner does not pull it up and her loudest echo sets it. Until MIN_OBSERVATIONS are seen it is
   initial_echo_db (0 dB: as loud as her output, which suits speakers; headphones are learnt within a second).
4. owner_over_echo(): a window the VAD calls speech is the owner's when her reference is below quiet_db (she
   is between words, nothing to mistake), or when the microphone is at least margin_db above her expected
   echo (reference + echo estimate). Everything else is taken for her echo. A window judged hers feeds the
   estimate; a window judged the owner's does not.
5. A window later than the reference reaches (the newest rendered block is more than echo_window_s older than
   it: the render thread's reports came late, as they do on a busy machine while models load) cannot be
   judged: what she played then is not known yet, and "no reference" is not "she is between words". It is
   taken for her echo and teaches the estimate nothing; otherwise her own first words, before the echo
   canceller has learnt the room, would duck and stop her.
6. Only what can be her echo teaches the estimate. Nothing while the owner is found talking over her; and once
   the estimate has SETTLED, no window margin_db or more over the echo expected: the VAD misses the owner
   between syllables, and his voice learnt as her echo would raise the estimate to his level, so that from
   then on he could not talk over her, in this line or the next. Her echo growing louder is still learnt,
   margin_db at a time. Before it has settled (her first seconds of speech in a session), every window but the
   owner's is learnt, and the estimate is never under initial_echo_db: the canceller is still finding the delay
   then and lets her voice through for a moment, loud, which must neither stop her nor be learnt away.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

import numpy as np

from app.senses.voice.output import Progress

ECHO_PERCENTILE = 90.0
MIN_OBSERVATIONS = 8
OBSERVATIONS = 96
SETTLED = 48           # observations (1.5 s of her speech) after which the estimate rises only a margin at a time


class SelfHearingGuard:
    def __init__(self, tail_s: float = 0.35, echo_window_s: float = 0.25, margin_db: float = 9.0,
                 quiet_db: float = -55.0, initial_echo_db: float = 0.0,
                 *, clock: Callable[[], float]) -> None:
        self.tail_s = tail_s
        self.echo_window_s = echo_window_s
        self.margin_db = margin_db
        self.quiet_db = quiet_db
        self.initial_echo_db = initial_echo_db
        self._clock = clock
        self._lock = threading.Lock()
        self._speaking = False
        self._until = float("-inf")      # gated until this time once she stops
        self._reference: deque[tuple[float, float]] = deque(maxlen=4096)
        self._diffs: deque[float] = deque(maxlen=OBSERVATIONS)
        self.gated_windows = 0

    # -- her side (the Mouth and the output)

    def speaking(self, on: bool, t: float | None = None) -> None:
        now = self._clock() if t is None else t
        with self._lock:
            if on:
                self._speaking = True
            elif self._speaking:
                self._speaking = False
                self._until = now + self.tail_s

    def reference(self, progress: Progress) -> None:
        """An output listener: the level of each block she actually played (rule 2)."""
        with self._lock:
            self._reference.append((progress.t, progress.level_db))

    # -- the microphone's side

    def gated(self, t: float | None = None) -> bool:
        now = self._clock() if t is None else t
        with self._lock:
            return self._speaking or now < self._until

    def _echo(self) -> float:
        if len(self._diffs) < MIN_OBSERVATIONS:
            return self.initial_echo_db
        learnt = float(np.percentile(np.fromiter(self._diffs, dtype=np.float64), ECHO_PERCENTILE))
        return learnt if len(self._diffs) >= SETTLED else max(learnt, self.initial_echo_db)   # rule 6

    def reference_db(self, t: float) -> float:
        with self._lock:
            return self._reference_db(t)

    def _reference_db(self, t: float) -> float:
        start = t - self.echo_window_s
        loudest = float("-inf")
        for when, db in reversed(self._reference):   # newest first, in render order
            if when < start:
                break
            if when <= t:
                loudest = max(loudest, db)
        return loudest

    def owner_over_echo(self, mic_db: float, vad_speech: bool, t: float, owner_talking: bool = False) -> bool:
        """Rule 4; `owner_talking`: the owner has been found talking over her and has not fallen silent yet."""
        with self._lock:
            self.gated_windows += 1
            if not self._reference or self._reference[-1][0] < t - self.echo_window_s:
                return False                         # rule 5: not known yet
            ref = self._reference_db(t)
            if ref < self.quiet_db:
                return vad_speech
            expected = ref + self._echo()
            if vad_speech and mic_db >= expected + self.margin_db:
                return True
            settled = len(self._diffs) >= SETTLED
            if not owner_talking and (mic_db < expected + self.margin_db or not settled):   # rule 6
                self._diffs.append(mic_db - ref)
            return False
