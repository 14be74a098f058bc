"""Secrets (API keys, the OBS password, chat tokens) live in the OS keyring and nowhere else.

Without a keyring backend a secret is kept in memory for this run only, and the user is told it will not be
remembered; it is never written to the database, a config file or a log. Every value handled here is
registered with the log masker.
"""

from __future__ import annotations

import logging
import threading

from app.memory.keys import KEYRING_SERVICE, keyring_usable

log = logging.getLogger(__name__)


class SecretStore:
    def __init__(self, use_keyring: bool | None = None) -> None:
        self._keyring = keyring_usable() if use_keyring is None else use_keyring
        self._memory: dict[str, str] = {}
        self._known: set[str] = set()
        self._lock = threading.Lock()

    @property
    def persistent(self) -> bool:
        return self._keyring

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
        self._memory.pop(name, None)
