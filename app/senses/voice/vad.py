"""Voice activity and the end of a turn: the Silero VAD that faster-whisper ships, run window by window.

Theory of operation:
1. SileroVad scores 512-sample windows (32 ms at 16 kHz) with the ONNX model faster-whisper ships, through
   onnxruntime on one thread. Unlike faster-whisper's whole-file helper it carries the model's state (h, c and
   the last 64 samples as context) from one window to the next, so a live stream is scored as one file would
   be. One window costs about a tenth of a millisecond here, cheap enough to run where the audio arrives.
2. TurnDetector turns (window, probability) pairs into turns; it is pure (no model, no clock), so it is
   tested with made-up probabilities. A window is speech at probability >= threshold; silence starts at one
   below neg_threshold and lasts until the next speech window (between the two, the state holds).
   A window at least quiet_db below the loudest speech window of the turn so far is silence whatever its
   probability: Silero's memory lags a sudden stop (a voice that ends at full level, a noise gate closing) by
   two or three windows of digital silence still scored 0.96, 0.55, 0.23 on the Italian clip, and the end of
   the turn came that much later. 40 dB overrules no window inside speech on the JFK recording or the
   espeak clips (25 dB did, 28 times on JFK; 35 dB was the first with none), only those lags.
3. A turn starts once speech has lasted min_speech_ms (clicks and coughs shorter than that are no turn), and
   its audio begins pre_roll_ms before the first speech window, so the first syllable is never clipped. A
   candidate that falls silent for end_silence_ms before it is confirmed is forgotten.
4. A turn ends after end_silence_ms of silence (the end of the turn), keeping post_roll_ms of that silence; or
   at max_utterance_s; or when cut() is called (the capture was gated or push-to-talk was released).
   Events: Started, then Ongoing for every later window, then Ended with the audio.
5. begin(audio) starts a turn at once with audio held elsewhere (barge-in hands the owner's first words over
   this way).
6. end_after(ms) moves the end of the current pause only (a turn model's verdict, app.core.end_of_turn): the
   turn ends once that pause reaches ms, at once if it already has; the next speech window restores
   end_silence_ms.
"""

from __future__ import annotations

import os
from collections import deque
from dataclasses import dataclass

import numpy as np

from app.senses.voice.pcm import rms_dbfs

SAMPLE_RATE = 16000
WINDOW = 512
CONTEXT = 64
WINDOW_S = WINDOW / SAMPLE_RATE


class SileroVad:
    """Rule 1."""

    def __init__(self, model_path: str | os.PathLike[str] | None = None, threads: int = 1) -> None:
        import onnxruntime

        from app.senses.voice.models import silero_vad_path

        onnxruntime.disable_telemetry_events()  # its native collector is off already (app/__init__.py)
        opts = onnxruntime.SessionOptions()
        opts.inter_op_num_threads = 1
        opts.intra_op_num_threads = threads
        opts.enable_cpu_mem_arena = False
        opts.log_severity_level = 4
        path = str(model_path) if model_path is not None else str(silero_vad_path())
        self._session = onnxruntime.InferenceSession(path, providers=["CPUExecutionProvider"],
                                                     sess_options=opts)
        self.reset()

    def reset(self) -> None:
        self._h = np.zeros((1, 1, 128), dtype=np.float32)
        self._c = np.zeros((1, 1, 128), dtype=np.float32)
        self._context = np.zeros(CONTEXT, dtype=np.float32)

    def __call__(self, window: np.ndarray) -> float:
        x = np.asarray(window, dtype=np.float32)
        if x.shape != (WINDOW,):
            raise ValueError(f"the VAD scores windows of {WINDOW} samples at 16 kHz")
        batch = np.concatenate([self._context, x]).reshape(1, CONTEXT + WINDOW)
        prob, self._h, self._c = self._session.run(None, {"input": batch, "h": self._h, "c": self._c})
        self._context = x[-CONTEXT:].copy()
        return float(np.asarray(prob).reshape(-1)[0])


@dataclass(frozen=True)
class TurnRules:
    threshold: float = 0.5
    neg_threshold: float = 0.35
    min_speech_ms: int = 160
    end_silence_ms: int = 352     # 11 windows: the end of a turn within 400 ms (was 640)
    pre_roll_ms: int = 256
    post_roll_ms: int = 128
    max_utterance_s: float = 30.0
    quiet_db: float | None = 40.0  # rule 2: this far below the turn's loudest speech window is silence

    def __post_init__(self) -> None:
        if not 0.0 < self.neg_threshold <= self.threshold < 1.0:
            raise ValueError("need 0 < neg_threshold <= threshold < 1")
        if min(self.min_speech_ms, self.end_silence_ms) <= 0 or min(self.pre_roll_ms, self.post_roll_ms) < 0:
            raise ValueError("durations are positive")
        if self.post_roll_ms > self.end_silence_ms:
            raise ValueError("post_roll_ms cannot exceed end_silence_ms")
        if self.quiet_db is not None and self.quiet_db <= 0:
            raise ValueError("quiet_db is a positive number of dB below the turn's loudest speech, or None")

    def windows(self, ms: float) -> int:
        return max(1, round(ms / 1000.0 / WINDOW_S))


@dataclass(frozen=True)
class Started:
    seconds: float            # how long the turn has lasted when it is confirmed


@dataclass(frozen=True)
class Ongoing:
    seconds: float            # since the first speech window, pauses included


@dataclass(frozen=True)
class Ended:
    audio: np.ndarray         # float32 at 16 kHz, pre-roll and post-roll included
    speech_s: float           # windows scored as speech
    reason: str               # "silence", "max" or "cut"

    @property
    def seconds(self) -> float:
        return self.audio.size / SAMPLE_RATE


TurnEvent = Started | Ongoing | Ended


class TurnDetector:
    """Rules 2-5."""

    def __init__(self, rules: TurnRules | None = None) -> None:
        self.rules = rules or TurnRules()
        r = self.rules
        self._min_speech = r.windows(r.min_speech_ms)
        self._end_silence = r.windows(r.end_silence_ms)
        self._post_roll = round(r.post_roll_ms / 1000.0 / WINDOW_S)
        self._max = max(1, int(r.max_utterance_s / WINDOW_S))
        self._pre = deque(maxlen=max(1, round(r.pre_roll_ms / 1000.0 / WINDOW_S)))
        self.reset()

    def reset(self) -> None:
        self.state = "quiet"             # quiet | maybe | speaking
        self._pre.clear()
        self._audio: list[np.ndarray] = []
        self._lead = 0                   # windows of pre-roll at the head of _audio
        self._speech = 0                 # speech windows in the turn
        self._silence = 0                # windows of the current silence
        self._since_start = 0            # windows since the first speech window
        self._loudest = float("-inf")    # dBFS of the loudest speech window of the turn (rule 2)
        self._pause_end = self._end_silence   # windows of silence that end this pause's turn (rule 6)

    @property
    def active(self) -> bool:
        return self.state != "quiet"

    @property
    def silence_windows(self) -> int:
        """Windows of the current silence (0 while speech goes on)."""
        return self._silence

    def audio_if_it_ended_now(self) -> np.ndarray:
        """The audio an end of turn by silence would give at this point (what Ended would carry)."""
        drop = max(0, self._silence - self._post_roll)
        kept = self._audio[:len(self._audio) - drop] if drop else self._audio
        return np.concatenate(kept).astype(np.float32, copy=False) if kept else np.zeros(0, dtype=np.float32)

    @property
    def held(self) -> list[np.ndarray]:
        """The windows of the turn (or candidate) so far, pre-roll included."""
        return list(self._audio)

    def push(self, window: np.ndarray, prob: float) -> list[TurnEvent]:
        r = self.rules
        level = rms_dbfs(window) if r.quiet_db is not None else 0.0
        quiet = r.quiet_db is not None and level <= self._loudest - r.quiet_db
        speech = prob >= r.threshold and not quiet
        if speech:
            self._silence = 0
            self._pause_end = self._end_silence
            self._loudest = max(self._loudest, level)
        elif quiet or prob < r.neg_threshold or self._silence:
            self._silence += 1
        if self.state == "quiet":
            if not speech:
                self._pre.append(window)
                return []
            self.state = "maybe"
            self._audio = list(self._pre)
            self._lead = len(self._audio)
            self._pre.clear()
            self._speech = 0
            self._since_start = 0
        self._audio.append(window)
        self._since_start += 1
        self._speech += speech
        if self.state == "maybe":
            if self._speech >= self._min_speech:
                self.state = "speaking"
                return [Started(self._since_start * WINDOW_S)]
            if self._silence >= self._end_silence:
                keep = self._audio[-self._pre.maxlen:]
                self.reset()
                self._pre.extend(keep)
            return []
        if self._silence >= self._pause_end:
            return [self._end("silence")]
        if len(self._audio) - self._lead >= self._max:
            return [self._end("max")]
        return [Ongoing(self._since_start * WINDOW_S)]

    def cut(self) -> list[TurnEvent]:
        """End the turn now (rule 4); a candidate not yet confirmed is dropped."""
        if self.state != "speaking":
            self.reset()
            return []
        return [self._end("cut")]

    def begin(self, audio: list[np.ndarray], speech_windows: int | None = None) -> list[TurnEvent]:
        """Start a confirmed turn with audio held elsewhere (rule 5)."""
        self.reset()
        self.state = "speaking"
        self._audio = list(audio)
        self._since_start = len(self._audio)
        self._speech = len(self._audio) if speech_windows is None else speech_windows
        return [Started(self._since_start * WINDOW_S)]

    def end_after(self, ms: float) -> list[TurnEvent]:
        """Rule 6: this pause ends the turn once it lasts `ms` (never less than the post-roll)."""
        if self.state != "speaking" or not self._silence:
            return []
        self._pause_end = max(self._post_roll, 1, self.rules.windows(ms))
        return [self._end("silence")] if self._silence >= self._pause_end else []

    def _end(self, reason: str) -> Ended:
        if reason == "silence":
            audio = self.audio_if_it_ended_now()
        else:
            audio = np.concatenate(self._audio).astype(np.float32, copy=False) if self._audio else np.zeros(
                0, dtype=np.float32)
        event = Ended(audio, self._speech * WINDOW_S, reason)
        self.reset()
        return event
