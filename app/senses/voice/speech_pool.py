"""Her ears and her voice as pools: the servers the streamer listed, in order, and this computer as the last resort.

Theory of operation:
1. A pool holds members in the streamer's order (app.core.speech_servers: this computer is always among them,
   last unless placed). Each request goes to the first member that is not cooling down and on to the next when
   it fails, so a box that is off costs one failed request, not every line.
2. A remote member gets a deadline (speech_servers.deadline_s: a fixed allowance plus a share of the audio or
   text at hand); a member past it, refusing the connection, refused by privacy mode or answering nonsense has
   failed. This computer has no deadline: it is what is left.
3. A failed remote member cools down as the members of her mind's pool do (app.core.cooldown: 5 s doubling up
   to 5 min) and is skipped meanwhile; a success ends its cooldown. When only cooling remote members are left
   before this computer, this computer answers: the stream goes on.
4. Each change of a member's state is told once through on_state(name, why): why is the failure when it starts
   failing and None when it answers again, so the window says "the box is off" once and takes it back once.
   The log gets the server and the reason, never what was said.
5. The transcriber pool looks like a Transcriber to the Ears (transcribe, load, loaded, close) and the voice pool
   like a Voice to the Mouth (synthesize at one sample_rate: her speakers' rate, to which every member's audio
   is brought). Warming up (load) warms the member that would answer first, so a remote first member never
   loads a model on this machine.
6. Cancellation is never caught: a barge-in stops the pool at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import numpy as np

from app.core.cooldown import Cooldowns
from app.core.prosody import Prosody
from app.core.speech_servers import LOCAL, deadline_s
from app.senses.voice.remote_speech import at_rate
from app.senses.voice.stt import SAMPLE_RATE, Transcript
from app.senses.voice.tts import Synthesis

log = logging.getLogger(__name__)

OnState = Callable[[str, str | None], None]


class SpeechPoolError(Exception):
    def __init__(self, role: str, failures: Sequence[tuple[str, str]]) -> None:
        super().__init__(f"every place {role} could run failed: "
                         + "; ".join(f"{name}: {why}" for name, why in failures))
        self.failures = list(failures)


class Here:
    """A model in Bea's own process (a Transcriber, a Voice) as a pool member: this computer."""

    remote = False

    def __init__(self, part: Any) -> None:
        self.part = part
        self.name = LOCAL.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.part, name)


class _Pool:
    role = "speech"

    def __init__(self, members: Sequence[Any], *, clock: Callable[[], float], cooldowns: Cooldowns | None = None,
                 on_state: OnState | None = None) -> None:
        if not members:
            raise ValueError(f"{self.role} needs somewhere to run")
        self.members = list(members)
        self._clock = clock
        self._cooldowns = cooldowns or Cooldowns()
        self._on_state = on_state
        self._failing: set[str] = set()
        self.last: str = ""          # the member that answered the last request

    def _order(self) -> list[Any]:
        """Rules 1, 3: the members to ask, in order; cooling remote ones left out while another can answer."""
        now = self._clock()
        ready = [m for m in self.members if not m.remote or self._cooldowns.remaining(m.name, now) <= 0]
        if ready:
            return ready
        first = self._cooldowns.first_ready(m.name for m in self.members)
        return [m for m in self.members if m.name == first]

    async def _run(self, call: Callable[[Any], Awaitable[Any]], size: float) -> Any:
        failures: list[tuple[str, str]] = []
        for member in self._order():
            try:
                if member.remote:
                    result = await asyncio.wait_for(call(member), deadline_s(self.role, size))
                else:
                    result = await call(member)
            except asyncio.CancelledError:
                raise
            except TimeoutError:
                self._failed(member, failures, f"no answer within {deadline_s(self.role, size):.1f} s")
                continue
            except Exception as exc:   # a server's failure of any kind: the next member answers
                self._failed(member, failures, getattr(exc, "why", None) or str(exc) or type(exc).__name__)
                continue
            self._answered(member)
            return result
        raise SpeechPoolError(self.role, failures)

    def _failed(self, member: Any, failures: list[tuple[str, str]], why: str) -> None:
        failures.append((member.name, why))
        if not member.remote:
            log.error("%s failed on this computer: %s", self.role, why)
            return
        wait = self._cooldowns.failed(member.name, self._clock(), why)
        log.warning("%s: %s failed, the next place answers; it rests for %.0f s (%s)", self.role, member.name,
                    wait, why)
        if member.name not in self._failing:
            self._failing.add(member.name)
            self._tell(member.name, why)

    def _answered(self, member: Any) -> None:
        self.last = member.name
        if member.remote:
            self._cooldowns.succeeded(member.name)
        if member.name in self._failing:
            self._failing.discard(member.name)
            log.info("%s: %s answers again", self.role, member.name)
            self._tell(member.name, None)

    def _tell(self, name: str, why: str | None) -> None:
        if self._on_state is not None:
            try:
                self._on_state(name, why)
            except Exception:
                log.exception("%s: telling the window about %s failed", self.role, name)

    def _first(self) -> Any:
        return self._order()[0]

    @property
    def loaded(self) -> bool:
        return bool(self._first().loaded)

    async def load(self) -> None:
        """Rule 5: warm the member that would answer first."""
        await self._first().load()

    def close(self) -> None:
        for member in self.members:
            member.close()

    async def aclose(self) -> None:
        """The remote members' open connections closed (this computer's models stay with their owner)."""
        for member in self.members:
            if member.remote:
                await member.aclose()


class TranscriberPool(_Pool):
    """Her ears, rule 5."""
    role = "hearing"

    async def transcribe(self, audio: np.ndarray) -> Transcript:
        audio_s = len(audio) / SAMPLE_RATE
        return await self._run(lambda m: m.transcribe(audio), audio_s)


class VoicePool(_Pool):
    """Her voice, rule 5: every synthesis at sample_rate."""
    role = "speaking"

    def __init__(self, members: Sequence[Any], sample_rate: int, **kwargs: Any) -> None:
        super().__init__(members, **kwargs)
        self.sample_rate = sample_rate

    async def synthesize(self, text: str, prosody: Prosody | None = None) -> Synthesis:
        synthesis = await self._run(lambda m: m.synthesize(text, prosody), float(len(text)))
        if synthesis.sample_rate != self.sample_rate:
            synthesis = Synthesis(synthesis.text, at_rate(synthesis.pcm, synthesis.sample_rate, self.sample_rate),
                                  self.sample_rate, synthesis.unapplied, synthesis.elapsed_s)
        return synthesis
