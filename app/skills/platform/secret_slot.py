"""A platform's token or key in the keyring (or, with none, the encrypted store): never in settings, never
logged. save() refuses what cannot be a token, with a sentence."""

from __future__ import annotations

from typing import Any

NO_STORE = "There is no keyring service in this build."


class SecretSlot:
    def __init__(self, name: str, secrets: Any, strip_prefix: str = "") -> None:
        self.name = name
        self._secrets = secrets
        self._prefix = strip_prefix       # what users paste in front of the token ("oauth:")

    def get(self) -> str:
        return (self._secrets.get(self.name) if self._secrets is not None else None) or ""

    def save(self, value: str) -> str:
        """Keep it; "" when kept, else why not."""
        value = value.strip()
        if self._prefix:
            value = value.removeprefix(self._prefix)
        if not value:
            return "Paste the token first."
        if any(c.isspace() for c in value):
            return "A token has no spaces or line breaks: paste it again."
        if self._secrets is None:
            return NO_STORE
        self._secrets.set(self.name, value)
        return ""

    def forget(self) -> None:
        if self._secrets is not None:
            self._secrets.delete(self.name)
