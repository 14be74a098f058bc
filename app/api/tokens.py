"""The local API's token check: a wrong token costs no database write, and almost never a read.

Theory of operation:
1. The hashes of the device tokens are kept in memory, read (read-only) at the first check. A token whose
   hash is not among them is refused at once; only a known one goes on to the store's verify, which notes
   its use (a write) and says whose device it is.
2. A token made meanwhile (in the People dock, or by `python -m app token create` in another process) is
   found by reading the hashes again on a miss, at most once every REFRESH_EVERY seconds: a flood of wrong
   tokens costs one read a second, whatever its rate. A revoked token fails verify and the hashes are read
   again.
3. Blocking, thread-safe: the server calls it in the app's executor.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from app.memory.person_store import token_hash

REFRESH_EVERY = 1.0


class TokenCheck:
    def __init__(self, hashes: Callable[[], set[str]], verify: Callable[[str], Any | None], *,
                 clock: Callable[[], float], refresh_every: float = REFRESH_EVERY) -> None:
        self._read_hashes = hashes
        self._verify = verify
        self._clock = clock
        self._refresh_every = refresh_every
        self._known: set[str] | None = None
        self._read_at = 0.0
        self._lock = threading.Lock()

    def _refresh(self, force: bool = False) -> set[str]:
        with self._lock:
            now = self._clock()
            if force or self._known is None or now - self._read_at >= self._refresh_every:
                self._known = set(self._read_hashes())
                self._read_at = now
            return self._known

    def __call__(self, token: str) -> Any | None:
        digest = token_hash(token)
        known = self._known if self._known is not None else self._refresh()
        if digest not in known and digest not in self._refresh():
            return None
        device = self._verify(token)
        if device is None:  # revoked since the hashes were read
            self._refresh(force=True)
        return device
