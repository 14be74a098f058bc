"""Secrets (API keys, the OBS password, chat tokens) live in the OS keyring, or, on a machine with none, in the
encrypted store.

Where a keyring backend exists it holds every secret and nothing else does. Where none exists (a headless Linux
box, say), the composition root hands this store the SQLCipher database's secrets table (`keep_in`) once the
database is open, and secrets live there: encrypted with the database key, never in a plain file. Until then (or
in a build with no store) a secret is kept in memory for this run only. Every value handled here is registered
with the log masker, the stored ones as soon as the table is attached.
"""

from __future__ import annotations

import logging
import threading
from typing import Protocol

from app.core.words import QT_TRANSLATE_NOOP
from app.memory.keys import KEYRING_SERVICE, keyring_usable

log = logging.getLogger(__name__)

# where the secrets are, in the words the settings pages use ("... is kept in <where>."): English here (the CLI,
# the logs), marked so that the window says them in its language with translate(WHERE_CONTEXT, store.where)
WHERE_CONTEXT = "secrets"
WHERE = {"keyring": QT_TRANSLATE_NOOP("secrets", "the system keyring"),
         "store": QT_TRANSLATE_NOOP("secrets", "Bea's encrypted memory file, since this machine has no keyring"),
         "memory": QT_TRANSLATE_NOOP("secrets", "memory for this run only (there is no keyring here)")}


class SecretBacking(Protocol):
    def get(self, name: str) -> str | None: ...
    def set(self, name: str, value: str) -> None: ...
    def delete(self, name: str) -> None: ...
    def values(self) -> list[str]: ...


class SecretStore:
    def __init__(self, use_keyring: bool | None = None) -> None:
        self._keyring = keyring_usable() if use_keyring is None else use_keyring
        self._memory: dict[str, str] = {}
        self._table: SecretBacking | None = None
        self._known: set[str] = set()
        self._lock = threading.Lock()

    def keep_in(self, table: SecretBacking) -> None:
        """With no keyring, keep secrets in `table` (the encrypted store) from now on. The values already there
        are masked in logs at once; any kept in memory so far move into it."""
        if self._keyring:
            return
        for value in table.values():
            self.remember_value(value)
        for name, value in self._memory.items():
            table.set(name, value)
        self._memory.clear()
        self._table = table

    @property
    def place(self) -> str:
        """"keyring", "store" (the encrypted database) or "memory" (this run only)."""
        return "keyring" if self._keyring else "store" if self._table is not None else "memory"

    @property
    def where(self) -> str:
        return WHERE[self.place]

    def known_values(self) -> set[str]:
        with self._lock:
            return set(self._known)

    def remember_value(self, value: str) -> None:
        """Mask `value` in logs from now on (for secrets that come from elsewhere, like a passphrase)."""
        if value:
            with self._lock:
                self._known.add(value)

    def get(self, name: str) -> str | None:
        value = None
        if self._keyring:
            import keyring
            value = keyring.get_password(KEYRING_SERVICE, f"secret:{name}")
        elif self._table is not None:
            value = self._table.get(name)
        else:
            value = self._memory.get(name)
        if value:
            self.remember_value(value)
        return value

    def set(self, name: str, value: str) -> None:
        if not value:
            raise ValueError(f"the secret {name} cannot be empty; delete it instead")
        self.remember_value(value)
        if self._keyring:
            import keyring
            keyring.set_password(KEYRING_SERVICE, f"secret:{name}", value)
        elif self._table is not None:
            self._table.set(name, value)
        else:
            log.warning("no OS keyring: the secret %s is kept for this run only", name)
            self._memory[name] = value

    def delete(self, name: str) -> None:
        if self._keyring:
            import keyring
            from keyring.errors import PasswordDeleteError
            try:
                keyring.delete_password(KEYRING_SERVICE, f"secret:{name}")
            except PasswordDeleteError:
                pass
        elif self._table is not None:
            self._table.delete(name)
        self._memory.pop(name, None)
