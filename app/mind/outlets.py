"""Where her words go: the voice for the stage, and senders for written platforms, handed over, not waited on.

A spoken line is published as a SPEECH event (captions, the chat dock, later the stage and OBS) and given to
the voice when one is attached and not muted. A written line goes out after a short typing pause on a task of
its own; one that never lands is published as an ERROR event, never lost silently. Stopping waits (bounded)
for the lines still going out.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from app.core.events import EventBus, EventKind

log = logging.getLogger(__name__)

Voice = Callable[[str, str], Awaitable[None]]          # (text, mood)
Sender = Callable[[str, str], Awaitable[None]]         # (channel, text)


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
        self._senders: dict[str, Sender] = {}
        self._inflight: set[asyncio.Task[None]] = set()

    def register_sender(self, platform: str, send: Sender) -> None:
        self._senders[platform] = send

    def platforms(self) -> list[str]:
        return sorted(self._senders)

    async def say(self, text: str, mood: str) -> None:
        self._events.publish(EventKind.SPEECH, "voice", text, mood=mood)
        if self.voice is not None and not self._muted():
            await self.voice(text, mood)

    def deliver(self, platform: str, channel: str, text: str) -> None:
        send = self._senders[platform]
        task = asyncio.ensure_future(self._deliver(send, platform, channel, text))
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)

    async def _deliver(self, send: Sender, platform: str, channel: str, text: str) -> None:
        try:
            await asyncio.sleep(self._pause(text))
            await send(channel, text)
        except asyncio.CancelledError:
            self._events.publish(EventKind.ERROR, platform, f"not delivered to {channel} (stopped): {text}")
            raise
        except Exception as exc:
            log.warning("a line to %s/%s was not delivered: %s", platform, channel, exc)
            self._events.publish(EventKind.ERROR, platform, f"not delivered to {channel}: {exc}", line=text)
        else:
            self._events.publish(EventKind.TOOL, platform, f"delivered to {channel}: {text}", channel=channel)

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
