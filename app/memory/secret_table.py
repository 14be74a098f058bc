"""Secrets in the encrypted store, for machines with no OS keyring: one row per name, in bea.db (SQLCipher).

Only app.process.secrets.SecretStore uses this, and only where keyring_usable() is False; where a keyring exists the
table stays empty. The values are as safe as the rest of her memory: the file is encrypted with the database
key (the passphrase on such machines), and nothing here ever logs a value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.memory.database import Database



class SecretTable:
    def __init__(self, db: Database, *, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock   # wall time: a row's updated_at

    def get(self, name: str) -> str | None:
        row = self._db.read(lambda c: c.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone())
        return row[0] if row else None

    def set(self, name: str, value: str) -> None:
        self._db.write(lambda c: c.execute(
            "INSERT INTO secrets (name, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET "
            "value = excluded.value, updated_at = excluded.updated_at", (name, value, self._clock())))

    def delete(self, name: str) -> None:
        self._db.write(lambda c: c.execute("DELETE FROM secrets WHERE name = ?", (name,)))

    def values(self) -> list[str]:
        """Every value kept (for the log masker, which must know them before anything logs)."""
        return self._db.read(lambda c: [r[0] for r in c.execute("SELECT value FROM secrets")])
