"""A platform client's life, written once, for Twitch's chat, OBS, Streamlabs, YouTube's chat poll, Telegram's bot
and Discord's link: one task runs the client's own loop (_run); its state and why are told once per change (the
token cut out of the words; a failing listener logged); a failure the loop tries again after waits the one
backoff (app.core.backoff), said as RETRYING with when; stop() cancels the task and says OFF.

A client says more than a state and a sentence where its window needs it (OBS's scenes, Twitch's words for the
window): `_set` takes those as keywords and hands them to `_tell`, the one place a client publishes."""

from __future__ import annotations

import abc
import asyncio
import contextlib
import enum
import logging
import random
from collections.abc import Callable
from typing import Any, ClassVar

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
    HUNG = "not answering"            # the peer keeps the link open but answers nothing in time; tried again
    RECONNECTING = "reconnecting"     # Twitch: a link dropped (or the server asked), a new one is on its way
    AUTH_FAILED = "token refused"     # the token or login was refused: stopped until it changes
    INTENTS = "intents refused"       # Discord's 4014: message content is not switched on for the bot
    REFUSED = "refused"               # privacy mode, the gate, or a refusal retrying cannot help
    ENDED = "ended"                   # YouTube: the live chat ended
    STOPPED = "stopped"               # YouTube: the chat cannot be read (a refusal it gave)


OFF, RETRYING = State.OFF, State.RETRYING


class Link(abc.ABC):
    name: ClassVar[str]          # the platform in the log's words
    # the top half of each wait is random, so that many clients dropped together do not return together; a client
    # alone with its own peer (OBS) waits the whole step
    jitter: ClassVar[bool] = True

    def __init__(self, on_state: Callable[[str, str], None], backoff_base: float = 1.0,
                 backoff_cap: float = 60.0, rng: random.Random | None = None) -> None:
        self._on_state = on_state
        self.backoff_base, self.backoff_cap = backoff_base, backoff_cap
        self._rng = rng or random.Random()
        self.state, self.why = OFF, ""
        self._secret = ""                       # the token in use: never in a state's words
        self._task: asyncio.Task | None = None

    def _set(self, state: str, why: str = "", **more: Any) -> None:
        why = self._clean(why)
        if (state, why) == (self.state, self.why) and not more:
            return
        self.state, self.why = state, why
        try:
            self._tell(state, why, more)
        except Exception:
            log.exception("a %s state listener failed", self.name)

    def _tell(self, state: str, why: str, more: dict[str, Any]) -> None:
        """Publishes a change; a client with more to say than (state, why) says it here."""
        self._on_state(state, why)

    def _clean(self, words: str) -> str:
        return words.replace(self._secret, "<token>") if self._secret else words

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = spawn(self._run())

    @abc.abstractmethod
    async def _run(self) -> None:
        """The client's own loop: connects, reads, and tries again (through _back_off) until it cannot help."""

    async def _end_task(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def stop(self) -> None:
        await self._end_task()
        self._set(OFF)

    def _delay(self, attempt: int) -> float:
        """The wait before try `attempt` (0: the first after a failure)."""
        return backoff_delay(attempt, self.backoff_base, self.backoff_cap,
                             self._rng.random() if self.jitter else 1.0)

    async def _pause(self, seconds: float) -> None:
        """The wait itself; a client that can be woken early (new settings) ends it then."""
        await asyncio.sleep(seconds)

    async def _back_off(self, attempt: int, why: str, state: str = RETRYING) -> int:
        """Says why and when it tries again, waits; the next attempt's number."""
        delay = self._delay(attempt)
        log.info("%s: %s (again in %.0f s)", self.name, self._clean(why), delay)
        self._set(state, f"{why}; trying again in {delay:.0f} s")
        await self._pause(delay)
        return attempt + 1
