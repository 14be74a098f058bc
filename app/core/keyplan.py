"""How the database key is obtained: the decision, made from facts the shell gathered.

Theory of operation:
1. A key stored in the OS keyring for this database always wins.
2. With a working keyring and no database yet, a new 256-bit random key is made and stored there.
3. Otherwise the key comes from a passphrase (SQLCipher's KDF stretches it): BEA_PASSPHRASE when set,
   else a dialog when one can be shown. A new database asks for the passphrase twice.
4. When none of these is possible the app stops with a sentence saying what to do; the database file is
   never created, touched or replaced on this path.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class KeyAction(enum.Enum):
    USE_STORED = "use-stored"
    CREATE_AND_STORE = "create-and-store"
    USE_PASSPHRASE = "use-passphrase"
    ASK_PASSPHRASE = "ask-passphrase"
    FAIL = "fail"


@dataclass(frozen=True)
class KeyFacts:
    db_exists: bool
    keyring_available: bool
    stored_key: bool
    passphrase_given: bool
    can_ask: bool


@dataclass(frozen=True)
class KeyPlan:
    action: KeyAction
    new_database: bool
    reason: str


def plan_key(f: KeyFacts) -> KeyPlan:
    new = not f.db_exists
    if f.keyring_available and f.stored_key:
        return KeyPlan(KeyAction.USE_STORED, new, "the key is in the OS keyring")
    if f.keyring_available and new:
        return KeyPlan(KeyAction.CREATE_AND_STORE, new, "a new database: a random key goes to the OS keyring")
    if f.passphrase_given:
        return KeyPlan(KeyAction.USE_PASSPHRASE, new, "a passphrase was given in BEA_PASSPHRASE")
    if f.can_ask:
        return KeyPlan(KeyAction.ASK_PASSPHRASE, new, "no key in a keyring: the user is asked for a passphrase")
    if f.keyring_available:
        why = ("the database exists but the OS keyring holds no key for it; set BEA_PASSPHRASE if it was "
               "created with a passphrase")
    else:
        why = "no OS keyring is available here; set BEA_PASSPHRASE to the database passphrase"
    return KeyPlan(KeyAction.FAIL, new, why)
