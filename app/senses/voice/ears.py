"""Her ears: microphone audio in, the owner's utterances out as text.

Theory of operation:
1. feed() takes microphone blocks of any length (16 kHz mono, float32 or int16) with the clock time of their
   last sample, on the event loop. The level of every block (dBFS) goes to on_level, for a meter. The audio is
   cut into 32 ms windows and every window is scored by the VAD (always, so its state follows the stream).
2. Always-on: a TurnDetector (vad.py) decides where a turn starts and ends; an ended turn is transcribed
   (stt.Transcriber, in its executor) and a non-empty text reaches on_heard as Heard. Push-to-talk: the audio
   between press() and release() (with a short pre-roll before the press) is one utterance, transcribed when
   it held at least min_speech_ms of speech. Off: nothing is heard, only the meter moves.
3. The owner's voice is reported as OwnerVoice events to on_owner_voice (the Mouth's barge-in): speaking with
   the seconds so far at each window of a turn, then not speaking at its end. A push-to-talk press is
   explicit.
4. Self-hearing: while the guard (guard.SelfHearingGuard) gates the capture (she speaks, plus a tail), no
   window enters a turn. A turn in progress when the gate closes is cut and transcribed as it stands. Gated
   windows only feed a second detector whose "speech" is the guard's verdict that the owner is talking over
   her (owner_over_echo): it raises the OwnerVoice events that duck and stop her. If she stops (or finishes)
   while the owner is still talking, the windows held since the owner began become the start of a normal turn,
   so their first words are not lost; if the owner falls silent while she still speaks, the held windows are
   dropped unheard. In push-to-talk, gated windows are dropped (a press stops her at once).
5. Transcripts are delivered in the order the turns ended; drain() waits for those still being transcribed.
6. Early transcription: once a turn has been silent for early_ms (less than the end_silence_ms that ends it),
   its audio is already what the end of the turn will hand over (the silence past post_roll_ms is never
   kept), so it is transcribed at once; if the turn does end there, that transcript is the one delivered, and
   the text is ready that much sooner. If the owner speaks again, the early transcript is thrown away (a
   wasted transcription, the price of the head start). early_ms=None turns it off. By default it starts as soon
   as the post-roll is complete (128 ms), the turn ends at 352 ms of silence, and whisper's decode of a short
   turn (stt.py rule 5) is mostly over by then.
7. The speech model loads when it is first needed, not before: the first turn that starts (or the first
   push-to-talk press) begins loading it in the transcriber's executor, so it is ready, or nearly, when the
   turn ends. Ears that never hear anyone never load it.
8. The turn models (optional): the sound model (turn_model.TurnModel) scores the turn's audio once it has been
   silent for end_of_turn.CHECK_MS; the words model (words_turn.WordsTurn) reads the early transcript (rule 6)
   once it is written. Each runs off the loop, and app.core.end_of_turn moves the end of that pause: the turn
   ends as soon as a verdict says it is complete, or waits longer when it says the words are not finished.
   While the words are being transcribed and read the timer does not end the turn (up to
   end_of_turn.WORDS_WAIT_MS: on a slow machine the verdict lands after the timer would have ended it, and a
   verdict that comes too late to hold a pause is worth nothing). Where the two models disagree the words win
   (end_of_turn.moved_end), so with a words model the sound's verdict waits for theirs. A verdict that arrives
   after the speaker spoke again, or after the turn ended, is dropped; a model that fails, or words her ears
   would not pass on, leave the timer in charge. Without either model, the silence timer alone ends a turn.
9. Whose voice (optional, `identify`: anything with `async identify(audio) -> str`, a name such as "streamer"):
   in always-on hearing every ended turn is identified while it is transcribed, so it costs no time, and
   Heard.speaker says the verdict (None: not identified: push-to-talk, which only the streamer presses, no
   identify, or one that failed, which is logged and leaves the line the streamer's as before).
10. Heard.last_word_at is the clock time of the last window the VAD scored as speech before the turn ended:
   where the streamer's last word ended, for the stages of her answer (app.core.turn_stages).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import numpy as np

from app.core import end_of_turn
from app.core.failures import summary
from app.process.tasks import spawn
from app.senses.voice.bargein import OwnerVoice
from app.senses.voice.guard import SelfHearingGuard
from app.senses.voice.pcm import rms_dbfs, to_float32
from app.senses.voice.stt import Transcriber, Transcript
from app.senses.voice.vad import (
    SAMPLE_RATE,
    WINDOW,
    WINDOW_S,
    Ended,
    Ongoing,
    Started,
    TurnDetector,
    TurnEvent,
    TurnRules,
)

log = logging.getLogger(__name__)

# the owner talking over her: the guard's verdict is the "probability"; 3 windows (~100 ms) start it
BARGE_RULES = TurnRules(threshold=0.5, neg_threshold=0.5, min_speech_ms=96, end_silence_ms=480,
                        pre_roll_ms=128, post_roll_ms=0)
PTT_PRE_ROLL_S = 0.25


class Mode(StrEnum):
    ALWAYS_ON = "always_on"
    PUSH_TO_TALK = "push_to_talk"
    OFF = "off"


@dataclass(frozen=True)
class Heard:
    text: str
    transcript: Transcript
    audio_s: float
    ended_at: float      # clock time the turn was over (end of turn decided, or push-to-talk released)
    heard_at: float      # clock time the text was ready
    last_word_at: float | None = None   # rule 10
    speaker: str | None = None          # rule 9


class Ears:
    """Rules 1-5."""

    def __init__(self, transcriber: Transcriber, *, vad: Callable[[np.ndarray], float] | None = None,
                 rules: TurnRules | None = None, guard: SelfHearingGuard | None = None,
                 mode: Mode | str = Mode.ALWAYS_ON,
                 on_heard: Callable[[Heard], Any] | None = None,
                 on_owner_voice: Callable[[OwnerVoice], Any] | None = None,
                 on_level: Callable[[float], Any] | None = None,
                 early_ms: int | None = 128,
                 turn_model: Any = None,
                 words_turn: Any = None,
                 identify: Callable[[np.ndarray], Awaitable[str]] | None = None,
                 clock: Callable[[], float]) -> None:
        if vad is None:
            from app.senses.voice.vad import SileroVad
            vad = SileroVad()
        self.transcriber = transcriber
        self.vad = vad
        self.rules = rules or TurnRules()
        self.guard = guard
        self._mode = Mode(mode)
        self.on_heard = on_heard
        self.on_owner_voice = on_owner_voice
        self.on_level = on_level
        self.clock = clock
        self._turn = TurnDetector(self.rules)
        self._early_windows = 0
        if early_ms is not None:
            if not self.rules.post_roll_ms <= early_ms < self.rules.end_silence_ms:
                raise ValueError("early_ms lies between the post-roll and the end-of-turn silence")
            self._early_windows = self.rules.windows(early_ms)
        self._early: tuple[asyncio.Future[Transcript], int] | None = None
        self.early_used = 0
        self.early_wasted = 0
        self.turn_model = turn_model      # rule 8: anything with `async score(audio) -> P(complete)`
        self.words_turn = words_turn      # rule 8: anything with `async complete(text) -> P(complete) | None`
        self._verdicts: dict[str, int] = {}   # rule 8: this pause's ends, in ms of silence, by model
        self._check_windows = self.rules.windows(end_of_turn.CHECK_MS)
        self._pause = 0                   # counts the turn's speech windows and ends: which pause a score is for
        self.turn_scores: list[float] = []
        self.identify = identify          # rule 9
        self._voiced_at: float | None = None   # rule 10
        self._barge = TurnDetector(BARGE_RULES)
        self._rest = np.zeros(0, dtype=np.float32)
        self._pre: deque[np.ndarray] = deque(maxlen=max(1, round(PTT_PRE_ROLL_S / WINDOW_S)))
        self._pressed = False
        self._ptt: list[np.ndarray] = []
        self._ptt_speech = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._warming: asyncio.Future[None] | None = None
        self._delivered: asyncio.Future[None] | None = None
        self.level_db = -120.0
        self.windows = 0
        self.gated_windows = 0
        self.dropped_windows = 0
        self.heard: list[Heard] = []

    # -- modes

    @property
    def mode(self) -> Mode:
        return self._mode

    @mode.setter
    def mode(self, mode: Mode | str) -> None:
        new = Mode(mode)
        if new == self._mode:
            return
        now = self.clock()
        self._handle(self._turn.cut(), now)
        self._barge.reset()
        self._pressed, self._ptt = False, []
        self._mode = new

    def press(self) -> None:
        """Push-to-talk pressed (rule 2): an explicit barge-in."""
        if self._mode != Mode.PUSH_TO_TALK or self._pressed:
            return
        self._pressed = True
        self._warm_up()
        self._ptt = list(self._pre)
        self._ptt_speech = 0
        self._owner(OwnerVoice(True, 0.0, explicit=True))

    def release(self) -> None:
        if not self._pressed:
            return
        self._pressed = False
        audio, self._ptt = self._ptt, []
        self._owner(OwnerVoice(False, len(audio) * WINDOW_S, explicit=True))
        if audio and self._ptt_speech >= self.rules.windows(self.rules.min_speech_ms):
            self._transcribe(np.concatenate(audio), self.clock())

    # -- audio in

    def feed(self, samples: np.ndarray | bytes, t: float | None = None) -> None:
        """A block of microphone audio; `t` is the clock time of its last sample (rule 1)."""
        x = to_float32(samples)
        now = self.clock() if t is None else t
        self.level_db = rms_dbfs(x)
        if self.on_level is not None:
            self._call(self.on_level, self.level_db)
        buf = np.concatenate([self._rest, x]) if self._rest.size else x
        n = buf.size // WINDOW
        first_end = now - (buf.size - WINDOW) / SAMPLE_RATE
        for i in range(n):
            self._window(np.ascontiguousarray(buf[i * WINDOW:(i + 1) * WINDOW]), first_end + i * WINDOW_S)
        self._rest = buf[n * WINDOW:].copy()

    def _window(self, w: np.ndarray, t: float) -> None:
        self.windows += 1
        if self._mode == Mode.OFF:
            return
        prob = self.vad(w)
        gated = self.guard is not None and self.guard.gated(t)
        if gated:
            self.gated_windows += 1
        elif prob >= self.rules.threshold and (self._mode == Mode.ALWAYS_ON or self._pressed):
            self._voiced_at = t
        if self._mode == Mode.PUSH_TO_TALK:
            if gated:
                self.dropped_windows += 1
            elif self._pressed:
                self._ptt.append(w)
                self._ptt_speech += prob >= self.rules.threshold
            else:
                self._pre.append(w)
            return
        if gated:
            if self._turn.active:
                self._handle(self._turn.cut(), t)
            owner = self.guard.owner_over_echo(rms_dbfs(w), prob >= self.rules.threshold, t,
                                               owner_talking=self._barge.state == "speaking")
            events = self._barge.push(w, 1.0 if owner else 0.0)
            if self._barge.state != "speaking" and not any(isinstance(e, Ended) for e in events):
                self.dropped_windows += 1
            for event in events:
                if isinstance(event, Started):
                    self._owner(OwnerVoice(True, 0.0))
                elif isinstance(event, Ongoing):
                    self._owner(OwnerVoice(True, event.seconds))
                elif isinstance(event, Ended):
                    self._owner(OwnerVoice(False, event.seconds))   # while she speaks: dropped unheard
            return
        if self._barge.active:
            held = self._barge.state == "speaking"
            audio = self._barge.held
            self._barge.reset()
            if held:
                self._turn.begin(audio)   # the owner's first words, said over her, start the turn
        self._handle(self._turn.push(w, prob), t)
        self._maybe_early()
        self._maybe_score()

    def _maybe_early(self) -> None:
        """Rule 6."""
        if self._turn.state != "speaking":
            return
        silence = self._turn.silence_windows
        if silence == 0 and self._early is not None:
            self._early[0].cancel()   # spoken again: not needed, and if it still waits its turn it never runs
            self._early = None
            self.early_wasted += 1
        elif self._early is None and self._early_windows and silence == self._early_windows:
            audio = self._turn.audio_if_it_ended_now()
            job = spawn(self.transcriber.transcribe(audio), awaited=True)
            job.add_done_callback(lambda f: f.cancelled() or f.exception())   # a wasted one is not awaited
            self._early = job, audio.size
            if self.words_turn is not None and job is not None:
                pause = self._pause
                self._turn.end_after(max(end_of_turn.WORDS_WAIT_MS, self.rules.end_silence_ms))  # the words first
                job.add_done_callback(lambda f: self._read(f, pause))

    def _read(self, early: asyncio.Future[Transcript], pause: int) -> None:
        """Rule 8: the words model reads the early transcript, if the pause it was written in still goes on."""
        if pause != self._pause:
            return
        if early.cancelled() or early.exception() is not None:
            self._verdicts["words"] = self.rules.end_silence_ms
            self._handle(self._turn.end_after(self._moved()), self.clock())
            return
        job = spawn(self.words_turn.complete(early.result().text), awaited=True)
        if job is not None:
            job.add_done_callback(lambda f: self._scored(f, pause, "words"))

    def _maybe_score(self) -> None:
        """Rule 8."""
        if self._turn.state != "speaking" or self._turn.silence_windows == 0:
            self._pause += 1
            self._verdicts = {}
            return
        if self.turn_model is None or self._turn.silence_windows != self._check_windows:
            return
        job = spawn(self.turn_model.score(self._turn.audio_if_it_ended_now()), awaited=True)
        if job is not None:
            pause = self._pause
            job.add_done_callback(lambda f: self._scored(f, pause, "sound"))

    def _scored(self, job: asyncio.Future[float | None], pause: int, model: str) -> None:
        if job.cancelled():
            return
        timer, failed = self.rules.end_silence_ms, job.exception()
        p = None if failed is not None else job.result()
        if failed is not None:
            log.warning("the %s turn model failed, the silence timer ends this turn: %s", model, summary(failed))
        elif p is not None:
            self.turn_scores.append(p)
        if pause != self._pause:
            return
        move = end_of_turn.words_end_silence_ms if model == "words" else end_of_turn.end_silence_ms
        self._verdicts[model] = timer if failed is not None else move(p, timer)
        if self.words_turn is not None and "words" not in self._verdicts:
            return        # the sound's verdict waits for the words, which may overrule it
        self._handle(self._turn.end_after(self._moved()), self.clock())

    def _moved(self) -> int:
        """Rule 8: this pause's end from the verdicts so far."""
        return end_of_turn.moved_end(self.rules.end_silence_ms, self._verdicts.get("sound"),
                                     self._verdicts.get("words"))

    def _handle(self, events: list[TurnEvent], t: float) -> None:
        for event in events:
            if isinstance(event, Started):
                self._warm_up()
                self._owner(OwnerVoice(True, 0.0))
            elif isinstance(event, Ongoing):
                self._owner(OwnerVoice(True, event.seconds))
            elif isinstance(event, Ended):
                self._owner(OwnerVoice(False, event.seconds))
                early, self._early = self._early, None
                if early is not None and early[1] == event.audio.size:
                    self.early_used += 1
                    self._transcribe(event.audio, t, early[0])
                else:
                    self._transcribe(event.audio, t)

    def _warm_up(self) -> None:
        """Rule 7: start loading the speech model, once; a failure shows when the turn is transcribed."""
        if self._warming is not None or getattr(self.transcriber, "loaded", True):
            return
        self._warming = spawn(self.transcriber.load(), awaited=True)
        self._warming.add_done_callback(lambda f: f.cancelled() or f.exception())

    # -- text out (rule 5)

    def _transcribe(self, audio: np.ndarray, ended_at: float,
                    job: asyncio.Future[Transcript] | None = None) -> None:
        loop = asyncio.get_running_loop()
        previous = self._delivered
        delivered: asyncio.Future[None] = loop.create_future()
        self._delivered = delivered
        if job is None:
            job = spawn(self.transcriber.transcribe(audio), awaited=True)
        who = None
        if self.identify is not None and self._mode == Mode.ALWAYS_ON:
            who = spawn(self.identify(audio), awaited=True)
            who.add_done_callback(lambda f: f.cancelled() or f.exception())   # read in _deliver
        spawn(self._deliver(job, previous, delivered, audio.size / SAMPLE_RATE, ended_at, self._voiced_at, who),
              held=self._tasks)

    async def _deliver(self, job: asyncio.Future[Transcript], previous: asyncio.Future[None] | None,
                       delivered: asyncio.Future[None], audio_s: float, ended_at: float,
                       last_word_at: float | None, who: asyncio.Future[str] | None) -> None:
        try:
            try:
                transcript = await job
            finally:
                if previous is not None:
                    await asyncio.shield(previous)
            if not transcript.text:
                return
            heard = Heard(transcript.text, transcript, audio_s, ended_at, self.clock(),
                          last_word_at if last_word_at is not None and last_word_at <= ended_at else None,
                          await self._whose(who))
            self.heard.append(heard)
            if self.on_heard is not None:
                result = self._call(self.on_heard, heard)
                if inspect.isawaitable(result):
                    await result
        except Exception:
            log.exception("an utterance could not be transcribed")
        finally:
            if not delivered.done():
                delivered.set_result(None)

    @staticmethod
    async def _whose(who: asyncio.Future[str] | None) -> str | None:
        """Rule 9: the verdict, or None when there is none."""
        if who is None:
            return None
        try:
            return str(await who)
        except Exception as exc:
            log.warning("whose voice it was could not be told; the line counts as the streamer's: %s",
                        summary(exc))
            return None

    async def drain(self) -> None:
        """Wait for every utterance still being transcribed."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        self._handle(self._turn.cut(), self.clock())
        await self.drain()

    def _owner(self, event: OwnerVoice) -> None:
        if self.on_owner_voice is not None:
            self._call(self.on_owner_voice, event)

    @staticmethod
    def _call(callback: Callable[..., Any], *args: Any) -> Any:
        try:
            return callback(*args)
        except Exception:
            log.exception("an ears callback failed")
            return None
