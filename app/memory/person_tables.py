"""The tables of the streamer's person model (seed 002) and of the local API's devices, for migration 8."""

PERSON_TABLES = (
    "CREATE TABLE person_entries (owner TEXT NOT NULL, section TEXT NOT NULL, key TEXT NOT NULL, "
    "summary TEXT NOT NULL, value TEXT, source TEXT NOT NULL, confidence REAL NOT NULL, observed_at REAL NOT NULL, "
    "expires_at REAL, quote TEXT, expiry_sent INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (owner, section, key))",
    # the sync feed: every put (with the entry as it was), delete and reset, in order
    "CREATE TABLE person_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, owner TEXT NOT NULL, "
    "op TEXT NOT NULL CHECK (op IN ('put', 'delete', 'reset')), section TEXT, key TEXT, entry TEXT, "
    "at REAL NOT NULL)",
    "CREATE INDEX person_changes_owner ON person_changes (owner, seq)",
    "CREATE TABLE person_senses (owner TEXT NOT NULL, sense TEXT NOT NULL, enabled INTEGER NOT NULL, "
    "changed_at REAL NOT NULL, PRIMARY KEY (owner, sense))",
    "CREATE TABLE person_signals (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, sense TEXT NOT NULL, "
    "kind TEXT NOT NULL, at REAL NOT NULL, payload TEXT NOT NULL, received_at REAL NOT NULL)",
    "CREATE INDEX person_signals_sense ON person_signals (owner, sense, at)",
    # devices: a bearer token each, stored as its SHA-256 only
    "CREATE TABLE api_tokens (name TEXT PRIMARY KEY, owner TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, "
    "admin INTEGER NOT NULL DEFAULT 0, created_at REAL NOT NULL, last_used REAL)",
    "CREATE TABLE api_audit (id INTEGER PRIMARY KEY, ts REAL NOT NULL, token TEXT NOT NULL, action TEXT NOT NULL, "
    "owner TEXT NOT NULL, detail TEXT NOT NULL DEFAULT '')",
)
