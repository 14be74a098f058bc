"""A model pool for one role: round-robin across its models on each send, the rest of the pool as fallback.

Theory of operation:
1. Each send starts at the next model in turn (so rate limits spread) and goes round the pool from there.
2. Any LLMError moves on to the next model: rate limits, server errors, timeouts, malformed or cut streams,
   unreachable or privacy-blocked URLs are transient and logged at WARNING; a refused key or request is
   configuration and logged at ERROR, but another model may still answer.
3. A model that rejects tools is logged at ERROR and remembered as skipped: it is not asked again while
   tools are being sent (she speaks only through tools, so it could never say anything), but can still
   serve a send without tools.
4. A model that failed in a way that may pass (rate limit, server error, timeout, malformed or cut stream,
   unreachable URL) cools down (app.core.cooldown: 5 s doubling up to 5 min, never less than the server's
   Retry-After) and is skipped meanwhile, its cooldown and last failure listed among the failures. A
   success ends its cooldown. When every model that could serve is cooling, the one whose cooldown ends
   first is asked anyway rather than failing outright; and when the models that were ready all failed, a
   cooling one whose cooldown ends within `patience` seconds of the send's start is waited for and asked
   (soonest first) rather than failing the turn a few seconds before it could have answered.
5. ModelPoolError only when every model failed or was skipped; it lists each one and why.
6. If a model failed after streaming fragments, the listener gets a RESET delta before the next model
   starts, so half an answer is never mistaken for part of the next one.
7. Cancellation is never caught: a barge-in stops the pool at once.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable, Sequence

from app.core.chat import AssistantMessage, Delta, DeltaKind, Message
from app.core.cooldown import Cooldowns
from app.core.failures import summary
from app.core.tools import Tool
from app.senses.llm.base import (
    AuthError,
    CallOptions,
    LLMClient,
    LLMError,
    OnDelta,
    RequestRejected,
    ToolsUnsupported,
)

log = logging.getLogger(__name__)
PATIENCE = 15.0   # seconds a send may wait for a cooling model once the ready ones failed (rule 4)


class ModelPoolError(Exception):
    def __init__(self, role: str, failures: Sequence[tuple[str, str]], kinds: dict[str, str] | None = None) -> None:
        listed = "; ".join(f"{name}: {why}" for name, why in failures)
        super().__init__(f"every model in the {role} pool failed: {listed}")
        self.role = role
        self.failures = list(failures)
        self.kinds = dict(kinds or {})   # model -> the name of its error's class (Unreachable, AuthError...)


class ModelPool:
    def __init__(self, role: str, clients: Sequence[LLMClient], *,
                 clock: Callable[[], float], cooldowns: Cooldowns | None = None, patience: float = PATIENCE,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        if not clients:
            raise ValueError(f"the {role} pool needs at least one model")
        self.role = role
        self.name = f"{role} pool"
        self._clients = list(clients)
        self._next = 0
        self._skipped: dict[str, str] = {}
        self._clock = clock
        self._cooldowns = cooldowns or Cooldowns()
        self._patience = patience
        self._sleep = sleep   # waits out a cooldown on the loop's time, which the clock above reads

    @property
    def models(self) -> list[str]:
        return [c.name for c in self._clients]

    @property
    def skipped(self) -> dict[str, str]:
        """Models not asked while tools are sent, with the reason."""
        return dict(self._skipped)

    async def complete(self, messages: Sequence[Message], tools: Sequence[Tool] = (), *,
                       on_delta: OnDelta | None = None, options: CallOptions | None = None) -> AssistantMessage:
        start = self._next % len(self._clients)
        self._next += 1
        failures: list[tuple[str, str]] = []
        kinds: dict[str, str] = {}
        order = [self._clients[(start + step) % len(self._clients)] for step in range(len(self._clients))]
        usable = [c for c in order if not (tools and c.name in self._skipped)]
        for client in order:
            if client not in usable:
                failures.append((client.name, f"skipped: {self._skipped[client.name]}"))
        now = self._clock()
        ready = [c for c in usable if self._cooldowns.remaining(c.name, now) <= 0]
        for client in usable:
            if client not in ready:
                left = self._cooldowns.remaining(client.name, now)
                failures.append((client.name, f"cooling down for {math.ceil(left)} s more after: "
                                              f"{self._cooldowns.why(client.name)}"))
        if usable and not ready:
            # every model that could serve is cooling: ask the one that is due first rather than nobody
            first = self._cooldowns.first_ready(c.name for c in usable)
            ready = [c for c in usable if c.name == first]
            failures = [f for f in failures if f[0] != first]
        for client in ready:
            answer = await self._ask(client, messages, tools, on_delta, options, failures, kinds)
            if answer is not None:
                return answer
        waiting = sorted((c for c in usable if c not in ready),
                         key=lambda c: self._cooldowns.remaining(c.name, self._clock()))
        for client in waiting:
            left = self._cooldowns.remaining(client.name, self._clock())
            if self._clock() + left > now + self._patience:
                break
            log.info("%s pool: waiting %.1f s for %s to cool down", self.role, left, client.name)
            await self._sleep(left)
            failures = [f for f in failures if f[0] != client.name]
            answer = await self._ask(client, messages, tools, on_delta, options, failures, kinds)
            if answer is not None:
                return answer
        order_of = {c.name: i for i, c in enumerate(order)}
        raise ModelPoolError(self.role, sorted(failures, key=lambda f: order_of[f[0]]), kinds)

    async def _ask(self, client: LLMClient, messages: Sequence[Message], tools: Sequence[Tool],
                   on_delta: OnDelta | None, options: CallOptions | None, failures: list[tuple[str, str]],
                   kinds: dict[str, str]) -> AssistantMessage | None:
        """One model's answer, or None with its failure noted (rules 2, 3, 4 and 6)."""
        streamed = False

        def listen(delta: Delta) -> None:
            nonlocal streamed
            streamed = True
            if on_delta is not None:
                on_delta(delta)

        try:
            answer = await client.complete(messages, tools, on_delta=listen, options=options)
        except LLMError as e:
            failures.append((client.name, e.reason))
            kinds[client.name] = type(e).__name__
            self._report(client.name, e)
            if streamed and on_delta is not None:
                on_delta(Delta(DeltaKind.RESET, f"{client.name} failed mid-answer: {e.reason}"))
            return None
        self._cooldowns.succeeded(client.name)
        return answer

    def _report(self, name: str, error: LLMError) -> None:
        if isinstance(error, ToolsUnsupported):
            self._skipped[name] = error.reason
            log.error("%s pool: skipping %s from now on (%s)", self.role, name, summary(error))
        elif isinstance(error, AuthError | RequestRejected):
            log.error("%s pool: %s cannot be used as configured, trying the next model (%s)", self.role, name,
                      summary(error))
        else:
            wait = self._cooldowns.failed(name, self._clock(), error.reason, error.retry_after)
            log.warning("%s pool: %s failed, trying the next model; it rests for %.0f s (%s)", self.role, name,
                        wait, summary(error))

    async def aclose(self) -> None:
        for client in self._clients:
            await client.aclose()
