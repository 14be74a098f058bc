"""Her mouth: speak() calls streamed into audio, chunk by chunk, with captions and barge-in.

Theory of operation:
1. A Line is one speak call. Its argument text is fed as it streams (feed(), fragments cut anywhere) and read
   by app.core.speak_stream.SpeakStream: chunks, moods and actions come out while she is still writing, and
   finish() closes it. say() is a whole line at once; speak_fragments() feeds a (async) iterable.
2. Each line's task synthesises its chunks in order in the Voice's executor and queues each on the
   AudioOutput as soon as it is ready, so chunk N+1 is being synthesised while chunk N plays, and the output
   plays them back to back. Lines are spoken in the order they began; a line starts synthesising once the line
   before it has queued its last chunk, so two calls in a row leave no gap either.
3. A Mood item sets the prosody (app.core.prosody.prosody_for) of the chunks after it and is passed to
   on_mood; an Action item is passed to on_action. The first chunk is kept short (FAST_FIRST) so her first
   word comes out quickly.
4. Captions: on_caption gets each chunk when its first samples reach the output, not when it was made, so
   captions follow her voice.
5. She is speaking from her first queued sample until the output has played everything queued (or was
   stopped): on_speaking and the self-hearing guard are told at both edges.
6. Barge-in (bargein.BargeIn): owner_voice() events duck her, restore her, or stop her. stop() (barge-in or
   the owner's stop button) drops the queued audio, ends every line, and discards what is still being
   synthesised.
7. Every line ends with a Spoken: the chunks with how many of their frames were played, and `said`, what she
   actually got to say: the chunks played whole, then the words of a partly played chunk that fit in the share
   of it that was played (an estimate: Piper's speech is not spread evenly over the letters). That, not the
   whole message, is what belongs in her window. It also carries the time from the first fragment to the first
   audio queued, and the underrun (silence that crept between chunks).
8. No gap from a long chunk behind a short one: before synthesising a chunk while audio is still queued, the
   Mouth estimates its synthesis time from the voice's measured seconds per character; when that would outlast
   the queued audio, only a head of the chunk that fits (split_for_budget: at the last , ; : or, failing that,
   the last space, never under MIN_SPLIT characters) is synthesised first and the rest follows as the next
   chunk.
9. On air: with `screen` given, each chunk passes through it as it reaches the synthesiser and what
   it returns is what is said and captioned ("" and the chunk is not said at all): a streamed line is
   screened while she is still writing it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import AsyncIterable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from app.core.prosody import Prosody, prosody_for
from app.core.speak_stream import SpeakArgs, SpeakArgsError, SpeakStream
from app.core.speech_text import Action, Chunk, ChunkRules, Mood
from app.process.tasks import spawn
from app.senses.voice.bargein import BargeIn, Decision, OwnerVoice
from app.senses.voice.guard import SelfHearingGuard
from app.senses.voice.output import AudioOutput, Progress
from app.senses.voice.pcm import Resampler, to_int16
from app.senses.voice.tts import Voice

log = logging.getLogger(__name__)

# the first chunk ends at a soft stop from 6 characters ("Oh wow,"), or at a space by 14 ("Okay so here"):
# under a second of speech, which Piper (one thread) makes in 60-120 ms on this 2-core machine under load,
# against 125-150 ms for the 17 characters of first_max=18 (tests/bench/voice.py)
FAST_FIRST = ChunkRules(first_soft_min=6, first_max=14)

_END = object()
_WORD = re.compile(r"\S+")
MIN_SPLIT = 24               # characters: no head shorter than this is split off (rule 8)
SAFETY = 0.7                 # a head may take at most this share of the queued audio to synthesise


def split_for_budget(text: str, max_chars: int) -> tuple[str, str]:
    """(head, rest): text cut at the last soft stop, else the last space, within max_chars (rule 8)."""
    if len(text) <= max_chars or max_chars < MIN_SPLIT:
        return text, ""
    window = text[:max_chars + 1]
    soft = max(window.rfind(", "), window.rfind("; "), window.rfind(": "))
    if soft + 1 >= MIN_SPLIT:
        return text[:soft + 1].strip(), text[soft + 1:].strip()
    space = window.rfind(" ")
    if space >= MIN_SPLIT:
        return text[:space].strip(), text[space:].strip()
    return text, ""


@dataclass(frozen=True)
class Caption:
    text: str
    mood: str | None
    line: int
    index: int
    duration_s: float


@dataclass(frozen=True)
class SpokenChunk:
    text: str
    mood: str | None
    frames: int
    played_frames: int

    @property
    def fraction(self) -> float:
        return self.played_frames / self.frames if self.frames else 0.0

    @property
    def complete(self) -> bool:
        return self.played_frames >= self.frames


@dataclass(frozen=True)
class Spoken:
    line: int
    message: str                       # what she wrote
    said: str                          # what she got to say (rule 7)
    chunks: tuple[SpokenChunk, ...]
    complete: bool
    interrupted: bool
    mood: str | None
    actions: tuple[str, ...]
    error: str | None
    first_audio_ms: float | None       # first fragment fed -> first samples queued on the output
    underrun_ms: float
    unapplied: tuple[str, ...]         # prosody the voice could not apply


def partial_words(text: str, fraction: float) -> str:
    """The words of `text` that end within the first `fraction` of its characters (rule 7)."""
    if fraction >= 1.0:
        return text
    cut = fraction * len(text)
    return " ".join(m.group() for m in _WORD.finditer(text) if m.end() <= cut)


@dataclass
class _Queued:
    text: str
    mood: str | None
    start: int
    end: int
    captioned: bool = False


class Line:
    """One speak call (rule 1). Made by Mouth.begin()."""

    def __init__(self, mouth: Mouth, number: int, rules: ChunkRules) -> None:
        loop = asyncio.get_running_loop()
        self.mouth = mouth
        self.number = number
        self._stream = SpeakStream(rules)
        self._items: asyncio.Queue[Any] = asyncio.Queue()
        self.closed = False
        self.stopped = False
        self.error: str | None = None
        self.started_at: float | None = None
        self.first_audio_at: float | None = None
        self.mood: str | None = None
        self.actions: list[str] = []
        self.unapplied: set[str] = set()
        self.queued: list[_Queued] = []
        self.stop_position: int | None = None
        self.synth_done: asyncio.Future[None] = loop.create_future()
        self.done: asyncio.Future[Spoken] = loop.create_future()
        self.underrun_at_start = 0

    def feed(self, fragment: str | bytes) -> None:
        """More of the call's argument text; a SpeakArgsError ends the line (what is queued still plays)."""
        if self.closed:
            return
        if self.started_at is None:
            self.started_at = self.mouth.clock()
        try:
            items = self._stream.feed(fragment)
        except SpeakArgsError as e:
            self._fail(e)
            raise
        for item in items:
            self._items.put_nowait(item)

    def finish(self) -> SpeakArgs | None:
        """The call's arguments are complete: validate them and let the last chunk go."""
        if self.closed:
            return self._stream.args
        self.closed = True
        try:
            items = self._stream.finish()
        except SpeakArgsError as e:
            self._fail(e)
            raise
        for item in items:
            self._items.put_nowait(item)
        self._items.put_nowait(_END)
        return self._stream.args

    def cancel(self) -> None:
        """Stop this line (and with it her voice)."""
        self.mouth.stop()

    async def spoken(self) -> Spoken:
        return await asyncio.shield(self.done)

    @property
    def message(self) -> str:
        return self._stream.message

    def _fail(self, error: Exception) -> None:
        self.error = str(error)
        self.closed = True
        self._items.put_nowait(_END)


class Mouth:
    """Rules 1-8."""

    def __init__(self, voice: Voice, output: AudioOutput, *, guard: SelfHearingGuard | None = None,
                 rules: ChunkRules = FAST_FIRST, barge_in: BargeIn | None = None,
                 on_caption: Callable[[Caption], Any] | None = None,
                 on_mood: Callable[[str], Any] | None = None,
                 on_action: Callable[[str], Any] | None = None,
                 on_speaking: Callable[[bool], Any] | None = None,
                 screen: Callable[[str], str] | None = None,
                 clock: Callable[[], float]) -> None:
        self.voice = voice
        self.output = output
        self.guard = guard
        self.rules = rules
        self.barge_in = barge_in or BargeIn()
        self.on_caption = on_caption
        self.on_mood = on_mood
        self.on_action = on_action
        self.on_speaking = on_speaking
        self.screen = screen
        self.clock = clock
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lines: list[Line] = []
        self._tail: asyncio.Future[None] | None = None
        self._count = 0
        self._speaking = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._per_char_s: float | None = None     # measured synthesis seconds per character (rule 8)
        self._fixed_s = 0.04                      # and the fixed cost of one call
        output.add_listener(self._listen)
        if guard is not None:
            output.add_listener(guard.reference)

    @property
    def speaking(self) -> bool:
        return self._speaking

    @property
    def lines(self) -> tuple[Line, ...]:
        """The lines begun and not yet over, oldest first."""
        return tuple(self._lines)

    # -- starting lines

    def begin(self, rules: ChunkRules | None = None) -> Line:
        """A new streamed speak call (rule 1); feed it, finish it, await spoken()."""
        self._loop = asyncio.get_running_loop()
        self._count += 1
        line = Line(self, self._count, rules or self.rules)
        previous, self._tail = self._tail, line.synth_done
        self._lines.append(line)
        spawn(self._run(line, previous), held=self._tasks)
        return line

    async def say(self, text: str, mood: str | None = None) -> Spoken:
        line = self.begin()
        args = {"mood": mood, "message": text} if mood else {"message": text}
        line.feed(json.dumps(args))
        line.finish()
        return await line.spoken()

    async def speak_fragments(self, fragments: Iterable[str | bytes] | AsyncIterable[str | bytes]) -> Spoken:
        line = self.begin()
        try:
            if isinstance(fragments, AsyncIterable):
                async for fragment in fragments:
                    line.feed(fragment)
            else:
                for fragment in fragments:
                    line.feed(fragment)
                    await asyncio.sleep(0)
            line.finish()
        except SpeakArgsError:
            pass  # the line carries the error; what was queued still plays
        return await line.spoken()

    # -- the synthesis side (rule 2)

    async def _run(self, line: Line, previous: asyncio.Future[None] | None) -> None:
        try:
            if previous is not None:
                await previous
            resampler_needed = self.voice.sample_rate != self.output.sample_rate
            prosody: Prosody | None = None
            line.underrun_at_start = self.output.underrun_frames
            while not line.stopped:
                item = await line._items.get()
                if item is _END or line.stopped:
                    break
                if isinstance(item, Mood):
                    line.mood = item.name
                    prosody = prosody_for(item.name)
                    self._call(self.on_mood, item.name)
                elif isinstance(item, Action):
                    line.actions.append(item.name)
                    self._call(self.on_action, item.name)
                elif isinstance(item, Chunk):
                    rest = self.screen(item.text) if self.screen is not None else item.text
                    while rest and not line.stopped:
                        text, rest = split_for_budget(rest, self._chars_in_budget())
                        synthesis = await self.voice.synthesize(text, prosody)
                        if line.stopped:
                            break
                        self._learn(synthesis)
                        line.unapplied.update(synthesis.unapplied)
                        pcm = np.frombuffer(synthesis.pcm, dtype="<i2").astype(np.int16)
                        if resampler_needed:
                            r = Resampler(self.voice.sample_rate, self.output.sample_rate)
                            pcm = to_int16(np.concatenate([r.resample(pcm), r.flush()]))
                        self._queue(line, text, pcm)
        except Exception as e:
            log.exception("her voice failed on line %d", line.number)
            line.error = line.error or f"the voice failed: {e}"
        finally:
            if not line.synth_done.done():
                line.synth_done.set_result(None)
            if line.unapplied:
                log.debug("line %d: prosody not applied by the voice: %s", line.number,
                          sorted(line.unapplied))
            if all(x.synth_done.done() for x in self._lines):
                self.output.expecting(False)
            self._progress(self.output.played())

    def _chars_in_budget(self) -> int:
        """How many characters can be synthesised before the queued audio runs out (rule 8)."""
        queued = self.output.queued()
        if queued == 0 or not self._per_char_s:   # unmeasured, or too fast to measure: no limit
            return 1 << 30
        budget = SAFETY * queued / self.output.sample_rate - self._fixed_s
        return max(0, int(budget / self._per_char_s))

    def _learn(self, synthesis: Any) -> None:
        if len(synthesis.text) < 4 or synthesis.elapsed_s <= 0:
            return
        per_char = max(0.0, synthesis.elapsed_s - self._fixed_s) / len(synthesis.text)
        if self._per_char_s is None:
            self._per_char_s = per_char
        else:
            self._per_char_s = 0.7 * self._per_char_s + 0.3 * per_char

    def _queue(self, line: Line, text: str, pcm: np.ndarray) -> None:
        if pcm.size == 0:
            return
        start = self.output.write(pcm)
        line.queued.append(_Queued(text, line.mood, start, start + pcm.size))
        if line.first_audio_at is None:
            line.first_audio_at = self.clock()
        self.output.expecting(True)
        if not self._speaking:
            self._speaking = True
            self.barge_in.reset()
            if self.guard is not None:
                self.guard.speaking(True)
            self._call(self.on_speaking, True)

    # -- the playback side (rules 4, 5, 7)

    def _listen(self, progress: Progress) -> None:
        """On the output's render thread: hop to the loop while there is something to follow."""
        loop = self._loop
        if (self._lines or self._speaking) and loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._progress, progress.position)
            except RuntimeError:  # the loop closed in between
                pass

    def _progress(self, position: int) -> None:
        for line in list(self._lines):
            for index, q in enumerate(line.queued):
                if not q.captioned and position > q.start:
                    q.captioned = True
                    self._call(self.on_caption, Caption(q.text, q.mood, line.number, index,
                                                        (q.end - q.start) / self.output.sample_rate))
            drained = line.stop_position is not None or not line.queued or position >= line.queued[-1].end
            if line.synth_done.done() and drained:
                self._finish(line)
        if self._speaking and not self._lines and self.output.queued() == 0:
            self._speaking = False
            self.output.expecting(False)
            if self.guard is not None:
                self.guard.speaking(False)
            self._call(self.on_speaking, False)

    def _finish(self, line: Line) -> None:
        if line in self._lines:
            self._lines.remove(line)
        if line.done.done():
            return
        played_to = line.stop_position if line.stop_position is not None else None
        chunks = []
        for q in line.queued:
            frames = q.end - q.start
            played = frames if played_to is None else max(0, min(q.end, played_to) - q.start)
            chunks.append(SpokenChunk(q.text, q.mood, frames, played))
        said = " ".join(t for t in (partial_words(c.text, c.fraction) for c in chunks) if t)
        first = None
        if line.first_audio_at is not None and line.started_at is not None:
            first = (line.first_audio_at - line.started_at) * 1000.0
        underrun = max(0, self.output.underrun_frames - line.underrun_at_start)
        line.done.set_result(Spoken(
            line.number, line.message, said, tuple(chunks),
            complete=not line.stopped and line.error is None and all(c.complete for c in chunks),
            interrupted=line.stopped, mood=line.mood, actions=tuple(line.actions), error=line.error,
            first_audio_ms=first, underrun_ms=underrun * 1000.0 / self.output.sample_rate,
            unapplied=tuple(sorted(line.unapplied))))

    # -- barge-in and stop (rule 6)

    def owner_voice(self, event: OwnerVoice) -> Decision:
        """The ears' OwnerVoice events (Ears.on_owner_voice)."""
        decision = self.barge_in.on(event, self._speaking)
        if decision is Decision.DUCK:
            self.output.set_gain(self.barge_in.duck_gain, ramp_ms=30.0)
        elif decision is Decision.RESTORE:
            self.output.set_gain(1.0, ramp_ms=200.0)
        elif decision is Decision.STOP:
            self.stop()
        return decision

    def stop(self) -> None:
        """Silence now: drop what is queued, end every line, discard what is being synthesised."""
        position = self.output.clear()
        self.output.expecting(False)
        self.output.set_gain(1.0, ramp_ms=0.0)
        for line in list(self._lines):
            line.stopped = True
            line.closed = True
            line.stop_position = position
            line._items.put_nowait(_END)
            if not line.synth_done.done():
                line.synth_done.set_result(None)
        self._progress(position)

    async def close(self) -> None:
        self.stop()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    @staticmethod
    def _call(callback: Callable[..., Any] | None, *args: Any) -> None:
        if callback is None:
            return
        try:
            callback(*args)
        except Exception:
            log.exception("a voice callback failed")
