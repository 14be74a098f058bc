"""The local servers' listening sockets, made to hold under a flood of connections (the API, the stage).

Theory of operation:
1. A connection must finish each request's header within IDLE_SECONDS of opening or of its last answer, else it
   is closed: aiohttp's keep-alive timer does this from the first byte on (runner_options() sets it), so
   connections that send a header byte now and then, or nothing, do not pile up.
2. One peer address holds at most PEER_CAP connections at once; one more is closed as it is accepted, and a
   peer refused is logged once per LOG_EVERY seconds with how many were refused since.
3. Serving raises the process's soft limit on open files to its hard limit, once: a burst of connections
   then meets the cap of rule 2 before the descriptors run out (a Linux session starts at 1,024).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import web

log = logging.getLogger(__name__)

IDLE_SECONDS = 10.0
PEER_CAP = 128
LOG_EVERY = 60.0


def runner_options() -> dict[str, Any]:
    """Rule 1, for web.AppRunner."""
    return {"keepalive_timeout": IDLE_SECONDS}


def raise_descriptor_limit() -> tuple[int, int] | None:
    """Rule 3: (soft, hard) after the raise; None where the platform has no such limit."""
    try:
        import resource
    except ImportError:      # Windows: no soft limit on sockets to raise
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError) as exc:
            log.warning("the open-file limit stays at %d: %s", soft, type(exc).__name__)
    return soft, hard


class PeerCap:
    """Rule 2's count: open connections per peer address."""

    def __init__(self, clock: Callable[[], float], cap: int = PEER_CAP) -> None:
        self.cap = cap
        self._clock = clock
        self.open: Counter[str] = Counter()
        self.refused = 0
        self._logged_at: float | None = None

    def admit(self, peer: str) -> bool:
        if self.open[peer] >= self.cap:
            self.refused += 1
            now = self._clock()
            if self._logged_at is None or now - self._logged_at >= LOG_EVERY:
                log.warning("connections refused: %d from one address held %d at once", self.refused, self.cap)
                self._logged_at, self.refused = now, 0
            return False
        self.open[peer] += 1
        return True

    def release(self, peer: str) -> None:
        self.open[peer] -= 1
        if self.open[peer] <= 0:
            del self.open[peer]


class _Capped(asyncio.Protocol):
    """aiohttp's protocol for one connection, behind rule 2."""

    def __init__(self, inner: asyncio.Protocol, cap: PeerCap) -> None:
        self._inner: asyncio.Protocol | None = inner
        self._cap = cap
        self._peer = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self._peer = str(peer[0]) if peer else ""
        if not self._cap.admit(self._peer):
            self._inner = None
            transport.abort()
            return
        assert self._inner is not None
        self._inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._inner is None:
            return
        self._cap.release(self._peer)
        self._inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._inner is not None:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()


class GuardedSite(web.TCPSite):
    """web.TCPSite with rules 2 and 3; rule 1 is the runner's (runner_options())."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, *, clock: Callable[[], float],
                 cap: int = PEER_CAP, **kwargs: Any) -> None:
        """`clock`: monotonic seconds, for how often a refusal is logged."""
        super().__init__(runner, host, port, **kwargs)
        self.peers = PeerCap(clock, cap)

    async def start(self) -> None:
        raise_descriptor_limit()
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        peers = self.peers
        self._server = await asyncio.get_running_loop().create_server(
            lambda: _Capped(server(), peers), self._host, self._port, ssl=self._ssl_context,
            backlog=self._backlog, reuse_address=self._reuse_address, reuse_port=self._reuse_port)
        self._bound_port = self._server.sockets[0].getsockname()[1] if self._server.sockets else self._port
