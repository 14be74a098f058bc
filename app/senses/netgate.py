"""The one network gate: every outbound connection the app makes is decided here, once, and goes where the
decision said.

1. vet(host, port, purpose) finds a name's addresses once, asks app.core.netpolicy, and returns the vetted
   addresses; a refusal raises PrivacyRefused and publishes an ERROR event the user sees. With privacy mode off
   the system's resolver is asked (a blocking lookup, off the loop), and a name that resolves to nothing raises
   socket.gaierror, as a connection would. With privacy mode on no resolver is asked: the name stands for what
   this machine says of it (its own names, localhost, the hosts file: SystemLocalNames), else it is refused;
   the streamer's own machines (Settings → General, under privacy mode) pass as netpolicy rule 5 says, and a
   listed `.local` name the hosts file does not know is asked of multicast DNS on the link (mdns_lookup,
   netpolicy rule 6), never of the system's resolver.
2. Every way out connects to those addresses and nothing else, never looking the name up again:
   - open_connection (asyncio streams: Twitch) tries them in order; TLS still checks the certificate
     against the name (server_hostname);
   - connect_to (blocking clients, with vet_sync: OBS's websocket-client is handed the connected socket, so
     it never resolves the name, nor reads proxy settings);
   - http_session (aiohttp; http_connector for a library that makes its own session, discord.py): a
     resolver that answers with the vetted addresses only (no DNS cache: each new connection is decided
     again), a connector that decides IP addresses itself (aiohttp asks no resolver about them), refuses a
     pooled connection to the outside once privacy mode is on, and raises PrivacyRefused rather than
     aiohttp's wrapper; proxy settings in the environment are never read (discord.py passes none).
"""

from __future__ import annotations

import asyncio
import functools
import os
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from app.core import mdns, netpolicy
from app.core.events import EventBus, EventKind
from app.core.words import said

Resolver = Callable[[str, int | None], Sequence[str]]
MDNS_SECONDS = 1.0      # a machine on the link answers in milliseconds; one that is off never does


class PrivacyRefused(ConnectionRefusedError):
    """Privacy mode refused a connection: str() is "purpose: reason" (or the whole sentence, given alone), `reason`
    the reason alone, for a caller whose own line already names the purpose."""

    def __init__(self, purpose: str, reason: str | None = None) -> None:
        super().__init__(purpose if reason is None else f"{purpose}: {reason}")
        self.parts = (purpose,) if reason is None else (purpose, reason)
        self.reason = self.parts[-1]


def system_resolve(host: str, port: int | None) -> list[str]:
    """Every address `host` resolves to, in the order the system prefers them; socket.gaierror if none."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def mdns_lookup(name: str, timeout: float = MDNS_SECONDS) -> list[str]:
    """The addresses the machine called `name` gives for itself over multicast DNS (app.core.mdns), [] when no
    answer comes in `timeout` seconds or the link has no multicast route."""
    ident = int.from_bytes(os.urandom(2), "big") or 1
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 255)
        sock.bind(("0.0.0.0", 0))
        sock.sendto(mdns.query(name, ident), (mdns.GROUP_V4, mdns.PORT))
        deadline = time.perf_counter() + timeout
        while (left := deadline - time.perf_counter()) > 0:
            sock.settimeout(left)
            found = mdns.addresses(sock.recv(9000), name, ident)
            if found:
                return found
    except OSError:
        pass
    finally:
        sock.close()
    return []


def hosts_file() -> str:
    if sys.platform == "win32":
        return os.path.join(os.environ.get("SystemRoot", r"C:\Windows"), "System32", "drivers", "etc", "hosts")
    return "/etc/hosts"


class SystemLocalNames:
    """This machine's own names and its hosts file, read again when the file changes (no resolver is asked)."""

    def __init__(self, path: str | None = None, hostname: Callable[[], str] = socket.gethostname) -> None:
        self._path = path or hosts_file()
        self._hostname = hostname
        self._lock = threading.Lock()
        self._seen: tuple[float, int] | None = None
        self._names = netpolicy.LocalNames()

    def __call__(self) -> netpolicy.LocalNames:
        try:
            stat = os.stat(self._path)
            seen = (stat.st_mtime, stat.st_size)
        except OSError:
            seen = None
        with self._lock:
            if seen != self._seen or not self._names.own:
                try:
                    with open(self._path, encoding="utf-8", errors="replace") as f:
                        hosts = netpolicy.parse_hosts(f.read())
                except OSError:
                    hosts = {}
                self._names = netpolicy.LocalNames(hosts, netpolicy.own_names(self._hostname()))
                self._seen = seen
            return self._names


def connect_to(addresses: Sequence[str], port: int, timeout: float | None) -> socket.socket:
    """A blocking socket connected to the first of `addresses` that answers (IP addresses: no lookup)."""
    last: OSError = OSError(f"no address to connect to on port {port}")
    for address in addresses:
        try:
            return socket.create_connection((address, port), timeout=timeout)
        except OSError as exc:
            last = exc
    raise last


class NetworkGate:
    def __init__(self, privacy: Callable[[], bool], bus: EventBus | None = None,
                 resolve: Resolver = system_resolve, executor: Executor | None = None,
                 local_names: Callable[[], netpolicy.LocalNames] | None = None,
                 local_network: Callable[[], Sequence[str]] = lambda: (),
                 multicast: Callable[[str], Sequence[str]] = mdns_lookup) -> None:
        self._executor = executor
        self._privacy = privacy
        self._bus = bus
        self._resolve = resolve
        self.local_names = local_names or SystemLocalNames()
        self._local_network = local_network
        self._multicast = multicast
        self._lan: tuple[tuple[str, ...], netpolicy.LocalNetwork] = ((), netpolicy.NO_LAN)

    def lan(self) -> netpolicy.LocalNetwork:
        """The streamer's own machines as Settings → General lists them now."""
        entries = tuple(self._local_network())
        if entries != self._lan[0]:
            self._lan = (entries, netpolicy.LocalNetwork.of(entries))
        return self._lan[1]

    @property
    def privacy(self) -> bool:
        return self._privacy()

    def _enforce(self, verdict: netpolicy.Verdict, purpose: str) -> tuple[str, ...]:
        if not verdict.allowed:
            if self._bus is not None:
                shown = said(verdict.words, purpose=purpose, **dict(verdict.args))[1] if verdict.words else {}
                self._bus.publish(EventKind.ERROR, "network", f"{purpose}: {verdict.reason}", purpose=purpose,
                                  **shown)
            raise PrivacyRefused(purpose, verdict.reason)
        return verdict.addresses

    def _lookup(self, host: str, port: int | None, privacy: bool, lan: netpolicy.LocalNetwork) -> Sequence[str]:
        if privacy:      # rule 1: no resolver learns the name; one this machine does not know is refused below
            names = self.local_names()
            if netpolicy.wants_mdns(host, lan, names):
                return list(self._multicast(host))
            return netpolicy.local_addresses(host, names)
        resolved = list(self._resolve(host, port))
        if not resolved:
            raise socket.gaierror(socket.EAI_NONAME, f"{host} is not a known host name")
        return resolved

    def vet_sync(self, host: str, port: int | None, purpose: str) -> tuple[str, ...]:
        """The addresses `host` may be reached at (rule 1), for blocking clients running in an executor."""
        privacy, lan = self._privacy(), self.lan()
        resolved = self._lookup(host, port, privacy, lan) if netpolicy.needs_resolution(host) else ()
        return self._enforce(netpolicy.decide(host, port, privacy, resolved, lan), purpose)

    async def vet(self, host: str, port: int | None, purpose: str) -> tuple[str, ...]:
        privacy, lan = self._privacy(), self.lan()
        resolved: Sequence[str] = ()
        if netpolicy.needs_resolution(host):
            resolved = await asyncio.get_running_loop().run_in_executor(self._executor, self._lookup, host, port,
                                                                        privacy, lan)
        return self._enforce(netpolicy.decide(host, port, privacy, resolved, lan), purpose)

    async def check(self, host: str, port: int | None, purpose: str) -> None:
        """Refuse now what a connection to host would be refused (no connection is made)."""
        await self.vet(host, port, purpose)

    async def open_connection(self, host: str, port: int, purpose: str,
                              **kwargs: Any) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        addresses = await self.vet(host, port, purpose)
        if kwargs.get("ssl") and not kwargs.get("server_hostname"):
            kwargs["server_hostname"] = host          # the certificate names the host, not its address
        last: OSError = OSError(f"no address to connect to for {host}:{port}")
        for address in addresses:
            try:
                return await asyncio.open_connection(address, port, **kwargs)
            except OSError as exc:
                last = exc
        raise last

    def http_connector(self, purpose: str, **kwargs: Any) -> Any:
        """An aiohttp connector whose every connection this gate decides (rule 2), for a library that makes its
        own ClientSession from a connector (discord.py): its HTTP and its websockets both go through it."""
        return _connector_class()(self, purpose, resolver=_resolver_class()(self, purpose), use_dns_cache=False,
                                  **kwargs)

    def http_session(self, purpose: str, **kwargs: Any) -> Any:
        """An aiohttp ClientSession whose every connection this gate decided (rule 2)."""
        import aiohttp
        return aiohttp.ClientSession(connector=self.http_connector(purpose), trust_env=False, **kwargs)


@functools.cache
def _resolver_class() -> type:
    """aiohttp's resolver interface, answered by the gate (aiohttp is imported only by what makes sessions)."""
    from aiohttp.abc import AbstractResolver

    class GateResolver(AbstractResolver):
        def __init__(self, gate: NetworkGate, purpose: str) -> None:
            self._gate, self._purpose = gate, purpose

        async def resolve(self, host: str, port: int = 0, family: int = socket.AF_UNSPEC) -> list[dict[str, Any]]:
            found = []
            for address in await self._gate.vet(host, port, self._purpose):
                kind = socket.AF_INET6 if ":" in address else socket.AF_INET
                if family in (socket.AF_UNSPEC, kind):
                    found.append({"hostname": host, "host": address, "port": port, "family": kind, "proto": 0,
                                  "flags": socket.AI_NUMERICHOST | socket.AI_NUMERICSERV})
            return found

        async def close(self) -> None:
            return None

    return GateResolver


@functools.cache
def _connector_class() -> type:
    import aiohttp

    class RefusedOverHTTP(PrivacyRefused, aiohttp.ClientConnectionError):
        """PrivacyRefused that aiohttp passes up as it is (it wraps any other OSError a connector raises)."""

    class GateConnector(aiohttp.TCPConnector):
        def __init__(self, gate: NetworkGate, purpose: str, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._gate, self._purpose = gate, purpose

        async def connect(self, req: Any, traces: Any, timeout: Any) -> Any:
            try:
                return await self._connect(req, traces, timeout)
            except PrivacyRefused as exc:
                raise RefusedOverHTTP(*exc.parts) from None
            except aiohttp.ClientConnectorError as exc:     # the resolver's refusal, wrapped by aiohttp
                if isinstance(exc.os_error, PrivacyRefused):
                    raise RefusedOverHTTP(*exc.os_error.parts) from None
                raise

        async def _connect(self, req: Any, traces: Any, timeout: Any) -> Any:
            host, port = req.url.raw_host or "", req.url.port
            if not netpolicy.needs_resolution(host):   # an address: aiohttp connects to it without a resolver
                await self._gate.vet(host, port, self._purpose)
            conn = await super().connect(req, traces, timeout)
            peer = conn.transport.get_extra_info("peername") if conn.transport is not None else None
            if peer and self._gate.privacy:
                verdict = netpolicy.decide(str(peer[0]), peer[1], True, lan=self._gate.lan())
                if not verdict.allowed:
                    conn.close()     # kept alive from before privacy mode was switched on: not used again
                    self._gate._enforce(verdict, self._purpose)
            return conn

    return GateConnector
