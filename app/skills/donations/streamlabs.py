"""The Streamlabs socket API: tips made on Streamlabs reach Bea as they happen.

Theory of operation:
1. One websocket to <base>/socket.io/?token=...&EIO=3&transport=websocket (Socket.IO 2 over Engine.IO 3,
   app.core.socketio_v2), opened through the network gate's aiohttp session: privacy mode refuses it (state
   REFUSED, no retry until the client is started again). The token comes from the keyring when connecting
   and is never logged; only the host is.
2. The server opens (its handshake sets the ping rhythm) and connects the default namespace. The client pings
   every pingInterval; a server silent for pingInterval + pingTimeout is gone and the link is redialled.
3. Every "event" is read by app.core.donations.parse_streamlabs (exact amounts); each donation goes to
   on_donation, awaited in order, which stores it once and tells her. A malformed event is reported through
   on_problem, nothing of it is stored, and the link stays up.
4. A drop is redialled after a backoff (doubling from backoff_base to backoff_cap, with jitter; a link that got
   connected resets it). The server refusing the token (an HTTP 401/403, a Socket.IO error packet, or a
   disconnect before it ever connected) stops the client: state AUTH_FAILED, with the server's words.
5. stop() closes the link and ends the task; it is safe to call twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

from app.core.donations import Donation, DonationError, parse_streamlabs, streamlabs_json
from app.core.socketio_v2 import (
    CLOSE,
    CONNECT,
    DISCONNECT,
    ERROR,
    MESSAGE,
    OPEN,
    PING,
    ProtocolError,
    error_text,
    parse_frame,
    parse_handshake,
)
from app.process.tasks import spawn
from app.senses.netgate import PrivacyRefused
from app.skills.platform.link import Link, State

log = logging.getLogger(__name__)

DEFAULT_BASE = "https://sockets.streamlabs.com"
PURPOSE = "Streamlabs donations"
HANDSHAKE_TIMEOUT_S = 15.0


class Unauthorized(Exception):
    pass


class LinkLost(Exception):
    pass


def socket_url(base: str, token: str) -> str:
    """The websocket URL for a base like https://sockets.streamlabs.com (http -> ws, https -> wss)."""
    import yarl
    url = yarl.URL(base)
    scheme = {"https": "wss", "http": "ws"}.get(url.scheme, url.scheme)
    return str(url.with_scheme(scheme).with_path("/socket.io/").with_query(
        {"token": token, "EIO": "3", "transport": "websocket"}))


class StreamlabsClient(Link):
    name = "Streamlabs"

    def __init__(self, gate: Any, token: Callable[[], str | None],
                 on_donation: Callable[[Donation], Awaitable[None]], *,
                 on_problem: Callable[[str], None] = lambda _w: None,
                 on_state: Callable[[str, str], None] = lambda _s, _w: None,
                 base: str = DEFAULT_BASE, tests: Callable[[], bool] = lambda: False,
                 backoff_base: float = 1.0, backoff_cap: float = 60.0, rng: random.Random | None = None) -> None:
        super().__init__(on_state, backoff_base, backoff_cap, rng)
        self.gate, self._token, self.base = gate, token, base
        self.on_donation, self.on_problem = on_donation, on_problem
        self.tests = tests
        self.connects = 0
        self._ws: Any = None

    # ---- life cycle (rule 5) ------------------------------------------------------------------------
    async def stop(self) -> None:
        ws, self._ws = self._ws, None
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()
        await super().stop()

    # ---- the link (rules 1, 2 and 4) ----------------------------------------------------------------
    async def _run(self) -> None:
        attempt = 0
        async with self.gate.http_session(PURPOSE) as session:
            while True:
                token = await asyncio.get_running_loop().run_in_executor(None, self._token)
                if not token:
                    self._set(State.NO_TOKEN, "no Streamlabs socket token is set (Settings → Donations)")
                    return
                self._secret = token
                self._set(State.CONNECTING)
                connected_before = self.connects
                try:
                    await self._link(session, token)
                    why = "the server closed the link"
                except PrivacyRefused as exc:
                    self._set(State.REFUSED, str(exc))
                    return
                except Unauthorized as exc:
                    self._set(State.AUTH_FAILED, f"Streamlabs refused the socket token: {exc}")
                    log.warning("Streamlabs refused the socket token: %s", self.why)
                    return
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # the network, a protocol error, a silent server
                    why = str(exc) or type(exc).__name__
                finally:
                    self._ws = None
                if self.connects > connected_before:
                    attempt = 0
                attempt = await self._back_off(attempt, why)

    async def _link(self, session: Any, token: str) -> None:
        import aiohttp
        try:
            ws = await session.ws_connect(socket_url(self.base, token), heartbeat=None, autoping=True,
                                          timeout=aiohttp.ClientWSTimeout(ws_receive=None, ws_close=5.0))
        except aiohttp.WSServerHandshakeError as exc:
            if exc.status in (401, 403):
                raise Unauthorized(f"HTTP {exc.status}") from None
            raise LinkLost(f"the websocket handshake failed: HTTP {exc.status}") from None
        self._ws = ws
        pinger: asyncio.Task | None = None
        connected = False
        try:
            first = await self._receive(ws, HANDSHAKE_TIMEOUT_S)
            frame = parse_frame(first)
            if frame.type != OPEN:
                raise LinkLost("the server did not open the session")
            shake = parse_handshake(frame.payload)
            silent_after = shake.ping_interval_s + shake.ping_timeout_s
            pinger = spawn(self._ping(ws, shake.ping_interval_s))
            while True:
                text = await self._receive(ws, silent_after)
                frame = parse_frame(text, streamlabs_json_lenient)
                if frame.type == CLOSE:
                    raise LinkLost("the server closed the session")
                if frame.type != MESSAGE or frame.socket is None:
                    continue   # pong, noop
                packet = frame.socket
                if packet.namespace != "/":
                    continue
                if packet.type == CONNECT:
                    if not connected:
                        connected = True
                        self.connects += 1
                        log.info("Streamlabs: connected to %s", self.base)
                        self._set(State.CONNECTED)
                elif packet.type == ERROR:
                    raise Unauthorized(error_text(packet))
                elif packet.type == DISCONNECT:
                    if not connected:
                        raise Unauthorized("it disconnected before connecting")
                    raise LinkLost("the server disconnected")
                elif (event := packet.event) is not None and event[0] == "event" and event[1]:
                    await self._event(event[1][0])
        except ProtocolError as exc:
            raise LinkLost(f"the server broke the protocol: {exc}") from None
        finally:
            if pinger is not None:
                pinger.cancel()
            with contextlib.suppress(Exception):
                await ws.close()

    @staticmethod
    async def _receive(ws: Any, timeout: float) -> str:
        import aiohttp
        try:
            message = await asyncio.wait_for(ws.receive(), timeout)
        except TimeoutError:
            raise LinkLost(f"the server was silent for {timeout:.0f} s") from None
        if message.type == aiohttp.WSMsgType.TEXT:
            return message.data
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED):
            raise LinkLost("the websocket closed")
        if message.type == aiohttp.WSMsgType.ERROR:
            raise LinkLost(f"the websocket failed: {ws.exception()}")
        raise LinkLost(f"an unexpected {message.type.name} frame")

    @staticmethod
    async def _ping(ws: Any, every: float) -> None:
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(every)
                await ws.send_str(PING)

    # ---- events (rule 3) ----------------------------------------------------------------------------
    async def _event(self, data: Any) -> None:
        if isinstance(data, Malformed):
            self.on_problem(f"a Streamlabs event was not read: {data.reason}")
            return
        try:
            donations = parse_streamlabs(data, tests=self.tests())
        except DonationError as exc:
            self.on_problem(f"a Streamlabs event was not read: {exc.reason}")
            return
        for donation in donations:
            await self.on_donation(donation)


class Malformed:
    """Event JSON the donation rules refused (a repeated key, a constant): reported, not a broken link."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def streamlabs_json_lenient(text: str) -> Any:
    """Exact numbers; JSON the donation rules refuse becomes a Malformed marker instead of a protocol error."""
    try:
        return streamlabs_json(text)
    except DonationError as exc:
        if exc.reason == "the payload is not valid JSON":
            raise ValueError(exc.reason) from None
        return ["event", Malformed(exc.reason)]
