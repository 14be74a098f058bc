"""A platform client's life, written once (Telegram's bot, Discord's link, YouTube's chat poll): one task runs
the client's own loop (_run); its state and why are told to one listener (a change only, the token cut out of
the words, a failing listener logged); a failure the loop tries again after is a backoff (app.core.backoff)
said as RETRYING with when; stop() cancels the task and says OFF."""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import random
from collections.abc import Callable
from typing import ClassVar

from app.core.backoff import backoff_delay
from app.process.tasks import spawn

log = logging.getLogger(__name__)



class State(enum.StrEnum):
    """Where a platform client is: one set of states for every client (Twitch, OBS, Streamlabs, YouTube,
    Telegram, Discord), each in the ones it can reach. The docks and the problems say them in words."""
    OFF = "off"                       # not started, or stopped
    NO_TOKEN = "no token"             # nothing to log in with: a bot token, a socket token
    NO_KEY = "no key"                 # YouTube: no Data API key
    CONNECTING = "connecting"
    CONNECTED = "connected"           # OBS, Streamlabs: the socket is up
    READING = "reading"               # Telegram, Discord, YouTube: lines come in
    JOINED = "joined"                 # Twitch: in the channel
    NOT_LIVE = "not live"             # YouTube: the channel has no live chat now; looked at again later
    WAITING = "waiting"               # the platform asked for a pause (Telegram's 429)
    CONFLICT = "conflict"             # another reader holds the bot (Telegram's 409)
    RETRYING = "retrying"             # it failed or dropped; the next try is scheduled
    RECONNECTING = "reconnecting"     # Twitch: a link dropped (or the server asked), a new one is on its way
    AUTH_FAILED = "token refused"     # the token or login was refused: stopped until it changes
    INTENTS = "intents refused"       # Discord's 4014: message content is not switched on for the bot
    REFUSED = "refused"               # privacy mode, the gate, or a refusal retrying cannot help
    ENDED = "ended"                   # YouTube: the live chat ended
    STOPPED = "stopped"               # YouTube: the chat cannot be read (a refusal it gave)


OFF, RETRYING = State.OFF, State.RETRYING


class Link:
    name: ClassVar[str]          # the platform in the log's words

    def __init__(self, on_state: Callable[[str, str], None], backoff_base: float = 1.0,
                 backoff_cap: float = 60.0, rng: random.Random | None = None) -> None:
        self._on_state = on_state
        self.backoff_base, self.backoff_cap = backoff_base, backoff_cap
        self._rng = rng or random.Random()
        self.state, self.why = OFF, ""
        self._secret = ""                       # the token in use: never in a state's words
        self._task: asyncio.Task | None = None

    def _set(self, state: str, why: str = "") -> None:
        why = self._clean(why)
        if (state, why) == (self.state, self.why):
            return
        self.state, self.why = state, why
        try:
            self._on_state(state, why)
        except Exception:
            log.exception("a %s state listener failed", self.name)

    def _clean(self, words: str) -> str:
        return words.replace(self._secret, "<token>") if self._secret else words

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = spawn(self._run())

    async def _run(self) -> None:
        raise NotImplementedError

    async def _end_task(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def stop(self) -> None:
        await self._end_task()
        self._set(OFF)

    async def _back_off(self, attempt: int, why: str, state: str = RETRYING) -> int:
        """Says why and when it tries again, waits; the next attempt's number."""
        delay = backoff_delay(attempt, self.backoff_base, self.backoff_cap, self._rng.random())
        log.info("%s: %s (again in %.0f s)", self.name, self._clean(why), delay)
        self._set(state, f"{why}; trying again in {delay:.0f} s")
        await asyncio.sleep(delay)
        return attempt + 1
