"""Runs the local API as the settings say, on the app's loop, and never lets it stop the app from starting.

Theory of operation:
1. start() reads the `api` settings: off means no server; on means one ApiServer on 127.0.0.1 (all interfaces
   only when bind_lan is set and privacy mode is off), on the configured port (0 picks a free one), with the
   body limit, serving every installer in app.api.registry (the person model's among them).
   On the network it speaks TLS only, with the certificate app.api.tls makes (its fingerprint in the event
   and the log, for devices to pin). When TLS cannot be set up, the API stays on this computer and the Chat
   dock's problem line (topic api-lan) says why; it goes once LAN mode works or is switched off.
5. Tokens are checked by app.api.tokens.TokenCheck (no write for a wrong one). When an address is stopped
   for too many wrong tokens, the streamer is told once (an ERROR event, problem api-tokens).
2. A port that is taken, or any other failure to listen, is logged and published as an ERROR event; start()
   returns normally and the rest of the app runs without the API.
3. A change to any api.* setting, or to privacy mode while bind_lan is set, restarts the server.
4. `python -m app --api-port PORT` overrides the port for this run and serves the API even if it is off in
   the settings (override_port, called before the app is built).
"""

from __future__ import annotations

import asyncio
import errno
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from app.api import registry
from app.api.server import LOOPBACK, ApiServer
from app.api.tls import LanCertificate, TlsUnavailable, lan_certificate
from app.api.tokens import TokenCheck
from app.core.events import EventBus, EventKind
from app.core.her_words import SOURCE
from app.core.words import QT_TRANSLATE_NOOP
from app.process.tasks import spawn

log = logging.getLogger(__name__)

# many wrong device tokens from one address (English on the bus; the Chat dock translates it)
FLOOD = QT_TRANSLATE_NOOP("problems", "the local API was sent many wrong device tokens from {client}; that address is "
                                      "refused for a while. If no device of yours is misconfigured, someone is "
                                      "guessing: turn off 'Reachable from your network' (Settings → Local API) or "
                                      "revoke tokens you do not know.")
# no TLS for the network (the reason is the certificate maker's own words)
LAN_REFUSED = QT_TRANSLATE_NOOP("problems", "the local API stays on this computer: it is served on your network "
                                            "only over TLS, and {reason}")
ALL_INTERFACES = "0.0.0.0"

_port_override: int | None = None


def override_port(port: int | None) -> None:
    """Serve the API on `port` for this run, whatever the settings say (None: follow them again)."""
    global _port_override
    if port is not None and not 0 <= port <= 65535:
        raise ValueError("a port is 0 to 65535")
    _port_override = port


def _install_person(bea: Any, server: ApiServer) -> None:
    from app.api.person_routes import install
    if bea.person_store is not None:
        # other programs read the prose in the source language, whatever language Bea speaks
        install(server, bea.person_store, clock=bea.clock.time, words=bea.mind.catalogs[SOURCE])


registry.provide("person", _install_person)


def _install_donations(bea: Any, server: ApiServer) -> None:
    from app.api.donation_routes import install
    skill = bea.skills.get("donations")
    if skill is not None:
        install(server, skill)


registry.provide("donations", _install_donations)


class ApiService:
    def __init__(self, settings: Any, bus: EventBus, verify: Callable[[str], Any], executor: Executor,
                 install: Callable[[ApiServer], None], port_override: int | None = None,
                 tls: Callable[[], LanCertificate] | None = None, *, clock: Callable[[], float]) -> None:
        self._clock = clock   # monotonic: the server's wait for an address that sent wrong tokens
        self._tls = tls
        self._lan_problem = False
        self._settings = settings
        self._bus = bus
        self._verify = verify
        self._executor = executor
        self._install = install
        self._port_override = port_override
        self._lock = asyncio.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._pending: set[asyncio.Task[None]] = set()
        self.server: ApiServer | None = None

    @classmethod
    def for_app(cls, bea: Any) -> ApiService:
        def install(server: ApiServer) -> None:
            for name, installer in registry.installers().items():
                try:
                    installer(bea, server)
                except Exception:
                    log.exception("the %s routes could not be added to the local API", name)
        store = bea.person_store
        # no store: no token is valid
        verify = (TokenCheck(store.token_hashes, store.verify, clock=bea.clock.monotonic) if store is not None
                  else (lambda _token: None))
        return cls(bea.settings, bea.bus, verify, bea.blocking, install, _port_override,
                   tls=lambda: lan_certificate(bea.paths.root / "tls", bea.secrets, bea.clock.now),
                   clock=bea.clock.monotonic)

    @property
    def port(self) -> int | None:
        return self.server.port if self.server is not None else None

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        if self._unsubscribe is None:
            self._unsubscribe = self._settings.on_change(self._changed)
        await self._apply()

    async def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for task in list(self._pending):
            task.cancel()
        async with self._lock:
            await self._stop_server()

    async def _stop_server(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            await server.stop()
            log.info("the local API stopped")

    async def _apply(self) -> None:
        async with self._lock:
            await self._stop_server()
            settings = self._settings.current.api
            if not (settings.enabled or self._port_override is not None):
                log.info("the local API is off (Settings: api.enabled)")
                return
            lan = settings.bind_lan and not self._settings.current.privacy.enabled
            if settings.bind_lan and not lan:
                log.info("privacy mode is on: the local API stays on this computer")
            cert = await self._certificate() if lan else None
            if not (lan and cert is None):
                self._lan_resolved()
            lan = cert is not None
            host = ALL_INTERFACES if lan else LOOPBACK
            port = settings.port if self._port_override is None else self._port_override
            server = ApiServer(self._verify, self._executor, host=host, port=port,
                               max_body=settings.max_body_kb * 1024, ssl_context=cert.context if cert else None,
                               on_flood=self._flood, clock=self._clock)
            self._install(server)
            try:
                await server.start()
            except Exception as exc:
                self._failed(host, port, exc)
                return
            self.server = server
            where = "this computer only"
            if cert is not None:
                where = f"the local network and this computer, over TLS; certificate SHA-256 {cert.fingerprint}"
            log.info("the local API listens on %s:%s (%s)", host, server.port, where)
            said = (QT_TRANSLATE_NOOP("activity", "local API on port {port} (the local network and this computer, "
                                                  "over TLS; certificate SHA-256 {fingerprint})") if cert is not None
                    else QT_TRANSLATE_NOOP("activity", "local API on port {port} (this computer only)"))
            self._bus.publish(EventKind.SYSTEM, "api", f"local API on port {server.port} ({where})",
                              port=server.port, lan=lan, **({"fingerprint": cert.fingerprint} if cert else {}),
                              words=said, args={"port": str(server.port),
                                                "fingerprint": cert.fingerprint if cert is not None else ""})

    async def _certificate(self) -> LanCertificate | None:
        """LAN mode's certificate, or None (said as a problem) when TLS cannot be set up."""
        try:
            if self._tls is None:
                raise TlsUnavailable("no certificate can be made here")
            return await asyncio.get_running_loop().run_in_executor(self._executor, self._tls)
        except TlsUnavailable as exc:
            reason = str(exc)
        except Exception as exc:
            reason = f"its certificate could not be set up ({type(exc).__name__})"
        text = LAN_REFUSED.format(reason=reason)
        log.error("%s", text)
        self._lan_problem = True
        self._bus.publish(EventKind.ERROR, "api", text, setting="api", problem="api-lan", words=LAN_REFUSED,
                          args={"reason": reason})
        return None

    def _lan_resolved(self) -> None:
        if self._lan_problem:
            self._lan_problem = False
            self._bus.publish(EventKind.SYSTEM, "api", "the local API's network setting is settled",
                              resolved="api-lan", words=QT_TRANSLATE_NOOP("problems", "the local API's network "
                                                                                      "setting is settled"))

    def _flood(self, client: str) -> None:
        text = FLOOD.format(client=client)
        log.warning("the local API was sent many wrong device tokens from %s; it waits a minute", client)
        self._bus.publish(EventKind.ERROR, "api", text, setting="api", problem="api-tokens", words=FLOOD,
                          args={"client": client})

    def _failed(self, host: str, port: int, exc: Exception) -> None:
        if isinstance(exc, OSError) and exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
            text = f"the local API could not start: port {port} is taken (change it in Settings, api.port)"
            said = QT_TRANSLATE_NOOP("problems", "The local API could not start: port {port} is taken (change it in "
                                                 "Settings → Local API).")
        elif isinstance(exc, OSError):
            text = f"the local API could not listen on {host}:{port}: {exc.strerror or exc}"
            said = QT_TRANSLATE_NOOP("problems", "The local API could not listen on {where} (detail: {detail}).")
        else:
            log.exception("the local API failed to start")
            text = f"the local API could not start: {exc}"
            said = QT_TRANSLATE_NOOP("problems", "The local API could not start (detail: {detail}).")
        log.error("%s", text)
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        self._bus.publish(EventKind.ERROR, "api", text, port=port, words=said,
                          args={"port": str(port), "where": f"{host}:{port}", "detail": detail})

    def _changed(self, path: str, _value: object) -> None:
        lan = self._settings.current.api.bind_lan
        relevant = path.startswith("api.") or (path == "privacy.enabled" and lan)
        if relevant and self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._restart)

    def _restart(self) -> None:
        if self._unsubscribe is None:  # stopped meanwhile
            return
        spawn(self._apply(), held=self._pending)
