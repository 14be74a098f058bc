"""The one network gate: every outbound connection the app makes asks here first.

In privacy mode only loopback destinations pass (app.core.netpolicy decides); a refusal raises
PrivacyRefused and publishes an ERROR event the user sees. Host names are resolved before the decision, so a
name pointing at a public address is refused too.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from app.core import netpolicy
from app.core.events import EventBus, EventKind

Resolver = Callable[[str, int | None], Sequence[str]]


class PrivacyRefused(ConnectionRefusedError):
    pass


def system_resolve(host: str, port: int | None) -> list[str]:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        return []
    return sorted({str(info[4][0]) for info in infos})


class NetworkGate:
    def __init__(self, privacy: Callable[[], bool], bus: EventBus | None = None,
                 resolve: Resolver = system_resolve, executor: Executor | None = None) -> None:
        self._executor = executor
        self._privacy = privacy
        self._bus = bus
        self._resolve = resolve

    @property
    def privacy(self) -> bool:
        return self._privacy()

    def _enforce(self, verdict: netpolicy.Verdict, purpose: str) -> None:
        if not verdict.allowed:
            if self._bus is not None:
                self._bus.publish(EventKind.ERROR, "network", f"{purpose}: {verdict.reason}", purpose=purpose)
            raise PrivacyRefused(f"{purpose}: {verdict.reason}")

    def check_sync(self, host: str, port: int | None, purpose: str) -> None:
        """For blocking clients running in an executor."""
        privacy = self._privacy()
        resolved = self._resolve(host, port) if netpolicy.needs_resolution(host, privacy) else ()
        self._enforce(netpolicy.decide(host, port, privacy, resolved), purpose)

    async def check(self, host: str, port: int | None, purpose: str) -> None:
        privacy = self._privacy()
        resolved: Sequence[str] = ()
        if netpolicy.needs_resolution(host, privacy):
            resolved = await asyncio.get_running_loop().run_in_executor(self._executor, self._resolve, host, port)
        self._enforce(netpolicy.decide(host, port, privacy, resolved), purpose)

    async def open_connection(self, host: str, port: int, purpose: str,
                              **kwargs: Any) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        await self.check(host, port, purpose)
        return await asyncio.open_connection(host, port, **kwargs)

    def http_session(self, purpose: str, **kwargs: Any) -> Any:
        """An aiohttp ClientSession whose every request passes the gate before it connects."""
        import aiohttp
        import yarl

        async def on_request_start(_session: Any, _ctx: Any, params: Any) -> None:
            url = params.url
            await self.check(url.host or "", url.port, purpose)

        async def on_request_redirect(_session: Any, _ctx: Any, params: Any) -> None:
            # aiohttp fires on_request_start once per request, not per hop: every redirect target is checked
            # here, before it is followed
            location = params.response.headers.get("Location", "")
            target = params.url.join(yarl.URL(location)) if location else params.url
            await self.check(target.host or "", target.port, purpose)

        trace = aiohttp.TraceConfig()
        trace.on_request_start.append(on_request_start)
        trace.on_request_redirect.append(on_request_redirect)
        return aiohttp.ClientSession(trace_configs=[trace, *kwargs.pop("trace_configs", [])], **kwargs)
