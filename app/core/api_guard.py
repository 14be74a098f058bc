"""Who may speak to the local API at all: the Host and Origin rules, and the limit on wrong tokens.

Theory of operation:
1. Host allow-list (against DNS rebinding: a web page whose name was made to point at 127.0.0.1 sends its own
   name as Host). A request is served only when its Host is 127.0.0.1, localhost or [::1], or, in LAN mode,
   one of `lan_names` (this computer's addresses and name), each with the port the server listens on (a
   missing port counts as the scheme's default, which is never ours unless we listen on it). Names are
   compared without case; anything else, an empty Host included, is refused.
2. Origin: a browser says where a request comes from. `Origin: null` (a sandboxed frame, a file page) is
   always refused; any other Origin must name an allowed host (rule 1) or the request is refused. Devices and
   scripts send no Origin at all and are not affected.
3. Wrong tokens: each client address may fail LIMIT times within WINDOW seconds; after that every wrong token
   from it is refused with 429 (not 401) until its oldest failure in the window is WINDOW old; the wait is said
   in whole seconds. A right token is always served: every local client shares 127.0.0.1, and one client's
   wrong tokens must not lock out another (a token is 256 random bits: the limit is against the work and the
   noise of a flood, not against guessing). A success does not wipe failures. The table holds at most
   MAX_CLIENTS addresses (the stalest go first), so a flood from many addresses cannot grow it without bound.
4. A flood is told once: the first time an address is stopped, and then not again for NOTICE_EVERY seconds
   whatever the address.
5. Time is passed in (monotonic seconds): nothing here reads a clock.
"""

from __future__ import annotations

import ipaddress
from collections import deque
from collections.abc import Container

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
LIMIT = 10
WINDOW = 60.0
MAX_CLIENTS = 4096
NOTICE_EVERY = 600.0


def split_host(value: str) -> tuple[str, int | None] | None:
    """('name', port) from a Host header value (IPv6 in brackets), port None when absent; None when it is not a
    host at all."""
    text = value.strip().lower()
    if not text or any(c in text for c in " /\\@?#"):
        return None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        name, rest = text[:end + 1], text[end + 1:]
        try:
            ipaddress.IPv6Address(name[1:-1])
        except ValueError:
            return None
    else:
        name, colon, port_text = text.partition(":")
        rest = colon + port_text
        if not name or ":" in port_text:
            return None
    if not rest:
        return name, None
    if not rest.startswith(":") or not rest[1:].isascii() or not rest[1:].isdigit() or len(rest) > 6:
        return None
    return name, int(rest[1:])


def host_allowed(host: str | None, port: int, lan_names: Container[str] = (), default_port: int = 80) -> bool:
    """Rule 1; `lan_names` holds lowercase names (it may be any container that answers `in`)."""
    parsed = split_host(host or "")
    if parsed is None:
        return False
    name, given = parsed
    if (given if given is not None else default_port) != port:
        return False
    return name in LOOPBACK_NAMES or name in lan_names


def origin_allowed(origin: str | None, port: int, lan_names: Container[str] = ()) -> bool:
    """Rule 2: True for no Origin, or one on an allowed host and port."""
    if origin is None:
        return True
    scheme, sep, rest = origin.strip().lower().partition("://")
    if not sep or scheme not in ("http", "https") or "/" in rest:
        return False
    return host_allowed(rest, port, lan_names, 443 if scheme == "https" else 80)


class FailureThrottle:
    """Rules 3 and 4, per client address."""

    def __init__(self, limit: int = LIMIT, window: float = WINDOW, max_clients: int = MAX_CLIENTS,
                 notice_every: float = NOTICE_EVERY) -> None:
        self.limit, self.window, self.max_clients, self.notice_every = limit, window, max_clients, notice_every
        self._failures: dict[str, deque[float]] = {}
        self._last_notice: float | None = None

    def wait(self, client: str, now: float) -> int:
        """Seconds `client` must wait before a token is checked again (0: go ahead)."""
        times = self._recent(client, now)
        if times is None or len(times) < self.limit:
            return 0
        return max(1, int(-(-(times[0] + self.window - now) // 1)))

    def failed(self, client: str, now: float) -> bool:
        """Count a wrong token; True when this failure stopped the client and the flood is worth telling."""
        times = self._recent(client, now)
        if times is None:
            if len(self._failures) >= self.max_clients:
                self._forget_stalest(now)
            times = self._failures[client] = deque()
        times.append(now)
        while len(times) > self.limit:
            times.popleft()
        if len(times) < self.limit:
            return False
        if self._last_notice is not None and now - self._last_notice < self.notice_every:
            return False
        self._last_notice = now
        return True

    def _recent(self, client: str, now: float) -> deque[float] | None:
        times = self._failures.get(client)
        if times is None:
            return None
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[client]
            return None
        return times

    def _forget_stalest(self, now: float) -> None:
        for client in list(self._failures):
            self._recent(client, now)
        while len(self._failures) >= self.max_clients:
            stalest = min(self._failures, key=lambda c: self._failures[c][-1])
            del self._failures[stalest]
