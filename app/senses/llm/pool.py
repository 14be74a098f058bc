"""A model pool for one role: round-robin across its models on each send, the rest of the pool as fallback.

Theory of operation:
1. Each send starts at the next model in turn (so rate limits spread) and goes round the pool from there.
2. Any LLMError moves on to the next model: rate limits, server errors, timeouts, malformed or cut streams,
   unreachable or privacy-blocked URLs are transient and logged at WARNING; a refused key or request is
   configuration and logged at ERROR, but another model may still answer.
3. A model that rejects tools is logged at ERROR and remembered as skipped: it is not asked again while
   tools are being sent (she speaks only through tools, so it could never say anything), but can still
   serve a send without tools.
4. ModelPoolError only when every model failed or was skipped; it lists each one and why.
5. If a model failed after streaming fragments, the listener gets a RESET delta before the next model
   starts, so half an answer is never mistaken for part of the next one.
6. Cancellation is never caught: a barge-in stops the pool at once.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from app.core.chat import AssistantMessage, Delta, DeltaKind, Message
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


class ModelPoolError(Exception):
    def __init__(self, role: str, failures: Sequence[tuple[str, str]]) -> None:
        listed = "; ".join(f"{name}: {why}" for name, why in failures)
        super().__init__(f"every model in the {role} pool failed: {listed}")
        self.role = role
        self.failures = list(failures)


class ModelPool:
    def __init__(self, role: str, clients: Sequence[LLMClient]) -> None:
        if not clients:
            raise ValueError(f"the {role} pool needs at least one model")
        self.role = role
        self.name = f"{role} pool"
        self._clients = list(clients)
        self._next = 0
        self._skipped: dict[str, str] = {}

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
        for step in range(len(self._clients)):
            client = self._clients[(start + step) % len(self._clients)]
            if tools and client.name in self._skipped:
                failures.append((client.name, f"skipped: {self._skipped[client.name]}"))
                continue
            streamed = False

            def listen(delta: Delta) -> None:
                nonlocal streamed
                streamed = True
                if on_delta is not None:
                    on_delta(delta)

            try:
                return await client.complete(messages, tools, on_delta=listen, options=options)
            except LLMError as e:
                failures.append((client.name, e.reason))
                self._report(client.name, e)
                if streamed and on_delta is not None:
                    on_delta(Delta(DeltaKind.RESET, f"{client.name} failed mid-answer: {e.reason}"))
        raise ModelPoolError(self.role, failures)

    def _report(self, name: str, error: LLMError) -> None:
        if isinstance(error, ToolsUnsupported):
            self._skipped[name] = error.reason
            log.error("%s pool: skipping %s from now on: %s", self.role, name, error.reason)
        elif isinstance(error, AuthError | RequestRejected):
            log.error("%s pool: %s cannot be used as configured, trying the next model: %s", self.role, name,
                      error.reason)
        else:
            log.warning("%s pool: %s failed, trying the next model: %s", self.role, name, error.reason)

    async def aclose(self) -> None:
        for client in self._clients:
            await client.aclose()
