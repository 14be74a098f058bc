"""Where her words go: the voice for the stage, and senders for written platforms, handed over, not waited on.

Theory of operation:
1. A spoken line is published as a SPEECH event (captions, the chat dock, the stage and OBS) and given to the
   voice when one is attached and not muted. say() returns what she actually got to say: the whole text with
   no voice (or muted), else what the voice reports (a barge-in cuts it short), and that is what the SPEECH
   event then carries, once the voice is done. The voice's own captions, chunk by chunk as they are heard,
   are SPEECH events too, marked chunk=True: a listener that wants whole lines skips them.
2. A voice may also take a line while the model is still writing it (streamed speak): the loop feeds each
   speak call's argument fragments to stream_feed(key, fragment, call_id) as they arrive; the first fragment
   of a call begins a line on the voice (nothing happens with no streaming voice attached, or while muted).
   When the speak handler then runs for that call (inside answering(key, call_id)), say() finishes that line
   and waits for it instead of synthesising the text again. stream_abort() (the model failed mid-answer and
   another one starts over) and stream_close() (the answer is over; a call whose handler never ran was not
   hers to say) stop and forget the lines nobody claimed.
3. A written line goes out after a short typing pause on a task of its own; one that never lands is published
   as an ERROR event, never lost silently. Stopping waits (bounded) for the lines still going out. A sender
   may come with a typing hook, `typing(channel)`: awaited (at most TYPING_TIMEOUT) before the pause, so the
   platform shows her typing while she "types" (Telegram's sendChatAction); a hook that fails or hangs costs
   the line nothing. Lines to one conversation go out in the order she wrote them, one after the other,
   whatever their pauses: a short line never overtakes the long one before it.
4. utter() gives a line to the voice and returns at once: a future of what she got to say (already done with
   no voice, or muted). say() is utter() waited for. The mind's turn does not wait for the audio: what she
   actually said reaches her window when the line ends (Consciousness revises the entry).
6. On air: every line is screened by `on_air` (app.core.on_air; Settings → Mind sets its lists)
   before it reaches the voice, the SPEECH event (captions, OBS) or a platform: said as it is, said masked
   (a spoken mask is "beep"), or not said at all. A masked or dropped line is a SYSTEM event "on air" in the
   Activity dock with the words found, masked. A streamed line is screened chunk by chunk by the voice, which
   calls screen() as each chunk reaches its synthesiser.
5. Barge-in: the voice tells whether she is speaking (speaking) and takes the mind's interruption
   (interrupt); is_speaking() is also true while a line given to the voice has not ended. barge_in() passes
   the interruption on (the voice ducks her, then stops her if she answers what interrupted her).
7. Her lines as the window follows them (app.core.her_lines): on_spoken() listeners hear of each line as it
   may go on air, SPEAKING, the moment utter() has it, and before that as it streams, its words so far after
   each fragment (read by app.core.speak_stream, one number for the whole line); and again when her voice has
   ended it (SAID or CUT, with what she got to say). A line with no voice to say it, or a voice nobody hears
   (no audio device: it speaks into silence for captions and timing), is SAID at once; a streamed line nobody
   claimed is CUT with nothing said. The whole line's SPEECH event
   carries the line's number (data `spoken_line`), so a listener of both knows it has seen that line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.her_lines import LineState, SpokenLine
from app.core.mind_words import (
    DELIVERED,
    NOT_DELIVERED,
    NOT_DELIVERED_STOPPED,
    VOICE_FAILED,
    screened_words,
)
from app.core.on_air import Decision, OnAir, Screened
from app.core.speak_stream import SpeakArgsError, SpeakArgsReader
from app.core.words import said
from app.process.tasks import spawn

log = logging.getLogger(__name__)

Voice = Callable[[str, str], Awaitable[str | None]]    # (text, mood) -> what she got to say (None: all of it)
Sender = Callable[[str, str], Awaitable[None]]         # (channel, text)
Typing = Callable[[str], Awaitable[None]]              # (channel): show her typing there (rule 3)

TYPING_TIMEOUT = 3.0


class StreamedLine(Protocol):
    """A line her voice speaks while it is still being written (rule 2)."""

    def feed(self, fragment: str) -> None: ...
    def finish(self) -> None: ...
    def abort(self) -> None: ...
    async def said(self) -> str: ...


Begin = Callable[[], StreamedLine]

_ANSWERING: ContextVar[tuple[Any, str | None] | None] = ContextVar("answering", default=None)


@dataclass
class _Stream:
    line: StreamedLine
    call_id: str | None
    words: SpeakArgsReader = field(default_factory=SpeakArgsReader)   # the message so far, for the window
    shown: SpokenLine | None = None


def _done(value: str) -> asyncio.Future[str]:
    done: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    done.set_result(value)
    return done


def typing_pause(text: str) -> float:
    """A person types before a line appears; a long line takes longer, up to two seconds."""
    return min(2.0, 0.3 + 0.01 * len(text))


class Outlets:
    def __init__(self, events: EventBus, pause: Callable[[str], float] = typing_pause,
                 muted: Callable[[], bool] = lambda: False) -> None:
        self._events = events
        self._pause = pause
        self._muted = muted
        self.voice: Voice | None = None
        self.begin_line: Begin | None = None
        self._speaking: Callable[[], bool] | None = None
        self._interrupt: Callable[[], None] | None = None
        self._utterances: set[asyncio.Future[str]] = set()
        self._streams: dict[Any, _Stream] = {}
        self._senders: dict[str, Sender] = {}
        self._typing: dict[str, Typing] = {}
        self._last: dict[tuple[str, str], asyncio.Task[None]] = {}   # the latest line to each conversation
        self._inflight: set[asyncio.Task[None]] = set()
        self.on_air = OnAir()
        self._spoken: list[Callable[[SpokenLine], None]] = []
        self._audible: Callable[[], bool] = lambda: True   # rule 7: a voice into silence shows its lines as said
        self._lines_begun = 0

    def register_sender(self, platform: str, send: Sender, typing: Typing | None = None) -> None:
        """send(channel, text) carries her written lines on that platform from now on; typing(channel), when
        the platform has an indicator, shows her typing before each line (rule 3)."""
        self._senders[platform] = send
        if typing is None:
            self._typing.pop(platform, None)
        else:
            self._typing[platform] = typing

    def screen(self, text: str, spoken: bool = False, where: str = "voice") -> Screened:
        """Rule 6: the line as it may go on air; a masked or dropped line is said to the streamer."""
        screened = self.on_air.screen(text, spoken)
        if screened.decision is not Decision.SAY:
            found = ", ".join(self.on_air.screen(w).text or "*" * len(w) for w in screened.words)
            what = ("not said: it held words that never go on air" if screened.decision is Decision.DROP
                    else "said with words masked")
            words, args = screened_words(screened.decision is Decision.DROP, where, found)
            _text, data = said(words, **args)
            self._events.publish(EventKind.SYSTEM, "on air", f"A line to {where} was {what} ({found}).",
                                 decision=screened.decision.value, where=where, **data)
        return screened

    def on_spoken(self, listener: Callable[[SpokenLine], None]) -> Callable[[], None]:
        """Rule 7: listener(line) as each of her spoken lines begins and ends; returns how to stop."""
        self._spoken.append(listener)
        return lambda: self._spoken.remove(listener) if listener in self._spoken else None

    def _tell(self, line: SpokenLine) -> SpokenLine:
        for listener in list(self._spoken):
            try:
                listener(line)
            except Exception:
                log.exception("a spoken-line listener failed")
        return line

    def _show(self, text: str, state: LineState, stream: _Stream | None = None) -> SpokenLine:
        """Rule 7: a line told to the window; a streamed one keeps the number its first words had."""
        if stream is not None and stream.shown is not None:
            number = stream.shown.number
        else:
            self._lines_begun += 1
            number = self._lines_begun
        shown = self._tell(SpokenLine(number, text, state, text if state is LineState.SAID else ""))
        if stream is not None:
            stream.shown = shown
        return shown

    def _show_written(self, stream: _Stream, fragment: str) -> None:
        """Rule 7: the words of a streamed line written so far."""
        try:
            if not stream.words.feed(fragment):
                return
        except SpeakArgsError:   # the voice says what is wrong with it; the window keeps what it showed
            return
        text = self.on_air.screen(stream.words.message, spoken=True).text
        if text:
            self._show(text, LineState.SPEAKING, stream)

    def platforms(self) -> list[str]:
        return sorted(self._senders)

    # ---- her voice (rules 1, 2) ---------------------------------------------------------------------
    def attach_voice(self, voice: Voice, begin: Begin | None = None, speaking: Callable[[], bool] | None = None,
                     interrupt: Callable[[], None] | None = None,
                     audible: Callable[[], bool] = lambda: True) -> None:
        self.voice, self.begin_line = voice, begin
        self._speaking, self._interrupt = speaking, interrupt
        self._audible = audible

    def detach_voice(self) -> None:
        self.stream_abort()
        self.voice, self.begin_line = None, None
        self._speaking = self._interrupt = None
        self._audible = lambda: True

    def is_speaking(self) -> bool:
        """Rule 5: her voice is sounding, or a line given to it has not ended yet."""
        if any(not u.done() for u in self._utterances):
            return True
        return self._speaking is not None and bool(self._speaking())

    def barge_in(self) -> None:
        """Rule 5: something real arrived while she speaks."""
        if self._interrupt is not None:
            try:
                self._interrupt()
            except Exception:
                log.exception("her voice could not be interrupted")

    def _voiced(self) -> bool:
        return self.voice is not None and not self._muted()

    def stream_begin(self, key: Any, call_id: str | None = None) -> None:
        if key in self._streams or self.begin_line is None or not self._voiced():
            return
        try:
            self._streams[key] = _Stream(self.begin_line(), call_id)
        except Exception:
            log.exception("her voice could not begin a streamed line")

    def stream_feed(self, key: Any, fragment: str, call_id: str | None = None) -> None:
        self.stream_begin(key, call_id)
        stream = self._streams.get(key)
        if stream is None:
            return
        stream.call_id = stream.call_id or call_id
        try:
            stream.line.feed(fragment)
        except Exception as exc:  # the line keeps its error; what was queued still plays
            log.info("a streamed speak call broke: %s", summary(exc))
        self._show_written(stream, fragment)

    def stream_abort(self) -> None:
        streams, self._streams = list(self._streams.values()), {}
        for stream in streams:
            with contextlib.suppress(Exception):
                stream.line.abort()
            if stream.shown is not None:
                self._tell(stream.shown.ended(""))

    def stream_close(self) -> None:
        self.stream_abort()

    @staticmethod
    @contextlib.contextmanager
    def answering(key: Any, call_id: str | None = None) -> Iterator[None]:
        """The speak handler run inside this block answers the tool call `key` (rule 2)."""
        token = _ANSWERING.set((key, call_id))
        try:
            yield
        finally:
            _ANSWERING.reset(token)

    def _claim(self) -> _Stream | None:
        current = _ANSWERING.get()
        if current is None:
            return None
        key, call_id = current
        found = next((k for k, s in self._streams.items() if call_id and s.call_id == call_id), key)
        return self._streams.pop(found, None)

    async def say(self, text: str, mood: str) -> str:
        return await self.utter(text, mood)

    def utter(self, text: str, mood: str) -> asyncio.Future[str]:
        """Rule 4: the line starts now; the future is what she got to say, once the line has ended."""
        stream = self._claim()
        line = stream.line if stream is not None else None
        if not self._voiced():
            if line is not None:
                line.abort()
            text = self.screen(text, spoken=True).text
            if text:
                shown = self._show(text, LineState.SAID, stream)
                self._events.publish(EventKind.SPEECH, "voice", text, mood=mood, spoken_line=shown.number)
            elif stream is not None and stream.shown is not None:
                self._tell(stream.shown.ended(""))
            return _done(text)
        if line is not None:   # streamed: the voice screens it chunk by chunk (rule 6)
            try:
                line.finish()
            except Exception as exc:
                log.info("a streamed speak call ended badly: %s", summary(exc))
            shown = self._show(self.on_air.screen(text, spoken=True).text, self._heard_state(), stream)
        else:
            text = self.screen(text, spoken=True).text
            if not text:
                return _done("")
            shown = self._show(text, self._heard_state())
        assert self.voice is not None
        task = spawn(self._voiced_line(line, self.voice, text, mood, shown), held=self._utterances)
        assert task is not None   # speak() runs on the loop
        return task

    def _heard_state(self) -> LineState:
        try:
            return LineState.SPEAKING if self._audible() else LineState.SAID
        except Exception:
            return LineState.SPEAKING

    async def _voiced_line(self, line: StreamedLine | None, voice: Voice, text: str, mood: str,
                           shown: SpokenLine) -> str:
        try:
            out_loud = await line.said() if line is not None else await voice(text, mood)
        except BaseException as exc:
            if shown.state is LineState.SPEAKING:
                self._tell(shown.ended(""))   # a line the window shows as begun always ends there
            if not isinstance(exc, Exception):
                raise
            log.warning("her voice failed on a line: %s", summary(exc))
            self._events.publish(EventKind.ERROR, "voice", f"her voice failed: {exc}",
                                 **said(VOICE_FAILED, detail=exc)[1])
            return ""
        out_loud = text if out_loud is None else out_loud
        if shown.state is LineState.SPEAKING:
            self._tell(shown.ended(out_loud))
        if out_loud:
            self._events.publish(EventKind.SPEECH, "voice", out_loud, mood=mood, spoken=True, spoken_line=shown.number)
        return out_loud

    # ---- written lines (rule 3) -------------------------------------------------------------------------
    def deliver(self, platform: str, channel: str, text: str) -> None:
        text = self.screen(text, where=f"{platform} {channel}").text
        if not text:
            return
        send, typing, where = self._senders[platform], self._typing.get(platform), (platform, channel)
        task = spawn(self._deliver(send, typing, platform, channel, text, self._last.get(where)), held=self._inflight)
        assert task is not None   # her lines are delivered from her turn, on the loop
        self._last[where] = task
        task.add_done_callback(lambda done: self._last.pop(where) if self._last.get(where) is done else None)

    async def _deliver(self, send: Sender, typing: Typing | None, platform: str, channel: str, text: str,
                       before: asyncio.Task[None] | None) -> None:
        try:
            if before is not None:
                await asyncio.wait({before})  # rule 3: in order; how the line before fared is its own story
            if typing is not None:
                await self._show_typing(typing, platform, channel)
            await asyncio.sleep(self._pause(text))
            await send(channel, text)
        except asyncio.CancelledError:
            self._events.publish(EventKind.ERROR, platform, f"not delivered to {channel} (stopped): {text}",
                                 **said(NOT_DELIVERED_STOPPED, channel=channel, line=text)[1])
            raise
        except Exception as exc:
            log.warning("a line to %s/%s was not delivered: %s", platform, channel, summary(exc))
            self._events.publish(EventKind.ERROR, platform, f"not delivered to {channel}: {exc}", line=text,
                                 **said(NOT_DELIVERED, channel=channel, detail=exc)[1])
        else:
            self._events.publish(EventKind.TOOL, platform, f"delivered to {channel}: {text}", channel=channel,
                                 **said(DELIVERED, channel=channel, line=text)[1])

    @staticmethod
    async def _show_typing(typing: Typing, platform: str, channel: str) -> None:
        try:
            await asyncio.wait_for(typing(channel), TYPING_TIMEOUT)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # cosmetic: the line goes out all the same
            log.info("%s could not show her typing in %s: %r", platform, channel, type(exc).__name__)

    async def drain(self, timeout: float) -> int:
        """Wait up to `timeout` for lines still going out; cancel (and report) the rest. Returns how many."""
        pending = set(self._inflight)
        if not pending:
            return 0
        _done, late = await asyncio.wait(pending, timeout=timeout)
        for task in late:
            task.cancel()
        if late:
            await asyncio.gather(*late, return_exceptions=True)
        return len(late)
