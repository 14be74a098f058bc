"""Getting the database key: from the OS keyring, or from a passphrase SQLCipher stretches with its KDF.

A new database is never made with a passphrase shorter than MIN_PASSPHRASE, whether it is typed in the dialog
or given in BEA_PASSPHRASE (KeyUnavailable says so, before any file is created). An existing database opens
with the passphrase it was made with, whatever its length: refusing it would lock the streamer out of her
own data, and there is nothing to protect by it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.core.keyplan import KeyAction, KeyFacts, plan_key

log = logging.getLogger(__name__)

KEYRING_SERVICE = "Bea"
PASSPHRASE_ENV = "BEA_PASSPHRASE"
MIN_PASSPHRASE = 8


class KeyUnavailable(RuntimeError):
    """No key could be had; the message says what the user can do."""


@dataclass(frozen=True)
class KeyMaterial:
    kind: str  # "raw" (256 random bits, hex) or "passphrase"
    value: str

    def pragma(self) -> str:
        if self.kind == "raw":
            return f"PRAGMA key = \"x'{self.value}'\""
        return "PRAGMA key = '" + self.value.replace("'", "''") + "'"

    def __repr__(self) -> str:  # never let a key reach a log through repr()
        return f"KeyMaterial(kind={self.kind!r}, value=***)"

    __str__ = __repr__


def keyring_username(db_path: Path) -> str:
    digest = hashlib.sha256(str(db_path.resolve()).encode()).hexdigest()[:16]
    return f"database-key:{digest}"


def _file_backed(backend: object) -> bool:
    """keyrings.alt's backends keep secrets in a file beside the user's other files (one in plain text):
    no better than a passphrase, so they are used only when the user names one in PYTHON_KEYRING_BACKEND."""
    return type(backend).__module__.startswith("keyrings.alt")


def keyring_usable() -> bool:
    try:
        import keyring
        from keyring.backends import chainer, fail
        backend = keyring.get_keyring()
    except Exception:
        return False
    if isinstance(backend, fail.Keyring):
        return False
    named = os.environ.get("PYTHON_KEYRING_BACKEND", "")
    candidates = backend.backends if isinstance(backend, chainer.ChainerBackend) else [backend]
    for b in candidates:
        if isinstance(b, fail.Keyring):
            continue
        if _file_backed(b) and type(b).__name__ not in named:
            continue
        try:
            if float(getattr(b, "priority", 1)) > 0:
                return True
        except Exception:
            return True
    return False


def short_passphrase(length: int) -> str:
    """Why a new database is not made with a BEA_PASSPHRASE this short (the dialog asks for as many)."""
    return (f"{PASSPHRASE_ENV} holds {length} character{'s' if length != 1 else ''}; a new database needs a "
            f"passphrase of at least {MIN_PASSPHRASE}. Set a longer one and start again: nothing was created.")


# ask(new_database) -> passphrase or None when the user cancels
PassphrasePrompt = Callable[[bool], "str | None"]


def obtain_key(db_path: Path, ask: PassphrasePrompt | None = None,
               env: dict[str, str] | None = None) -> KeyMaterial:
    env = dict(os.environ) if env is None else env
    usable = keyring_usable()
    stored = None
    if usable:
        import keyring
        try:
            stored = keyring.get_password(KEYRING_SERVICE, keyring_username(db_path))
        except Exception as exc:
            log.warning("the OS keyring could not be read (%s); falling back to a passphrase", type(exc).__name__)
            usable = False
    db_exists = db_path.exists() and db_path.stat().st_size > 0
    plan = plan_key(KeyFacts(db_exists=db_exists, keyring_available=usable, stored_key=stored is not None,
                             passphrase_given=bool(env.get(PASSPHRASE_ENV)), can_ask=ask is not None))
    log.info("database key: %s", plan.reason)
    if plan.action is KeyAction.USE_STORED:
        return KeyMaterial("raw", stored or "")
    if plan.action is KeyAction.CREATE_AND_STORE:
        import keyring
        key = secrets.token_hex(32)
        keyring.set_password(KEYRING_SERVICE, keyring_username(db_path), key)
        return KeyMaterial("raw", key)
    if plan.action is KeyAction.USE_PASSPHRASE:
        phrase = env[PASSPHRASE_ENV]
        if plan.new_database and len(phrase) < MIN_PASSPHRASE:
            raise KeyUnavailable(short_passphrase(len(phrase)))
        return KeyMaterial("passphrase", phrase)
    if plan.action is KeyAction.ASK_PASSPHRASE and ask is not None:
        phrase = ask(plan.new_database)
        if not phrase:
            raise KeyUnavailable("no passphrase was given, so the database stays closed")
        return KeyMaterial("passphrase", phrase)
    raise KeyUnavailable(plan.reason)
