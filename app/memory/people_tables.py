"""The tables of social memory (seed 000) and subjective aliases (seed 001), for migration 7."""

PEOPLE_TABLES = (
    # a card: someone who made themselves matter
    "CREATE TABLE people (id INTEGER PRIMARY KEY, attitude TEXT NOT NULL DEFAULT '', "
    "profile TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL)",
    # an account on a platform (or a named: placeholder); joined to a card when there is one
    "CREATE TABLE identities (id TEXT PRIMARY KEY, platform TEXT NOT NULL, native_id TEXT NOT NULL, "
    "display_name TEXT NOT NULL DEFAULT '', name_key TEXT NOT NULL DEFAULT '', "
    "person_id INTEGER REFERENCES people(id) ON DELETE SET NULL, linked_to TEXT)",
    "CREATE INDEX identities_name ON identities (name_key)",
    "CREATE INDEX identities_person ON identities (person_id)",
    # the tally: one row per identity, one cheap write per message
    "CREATE TABLE roster (identity TEXT PRIMARY KEY REFERENCES identities(id) ON DELETE CASCADE, "
    "messages INTEGER NOT NULL DEFAULT 0, had_1on1 INTEGER NOT NULL DEFAULT 0, "
    "marked_by_bea INTEGER NOT NULL DEFAULT 0, first_seen REAL NOT NULL, last_seen REAL NOT NULL)",
    "CREATE INDEX roster_last_seen ON roster (last_seen)",
    "CREATE INDEX roster_messages ON roster (messages)",
    "CREATE TABLE roster_sessions (identity TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE, "
    "session_id INTEGER NOT NULL, PRIMARY KEY (identity, session_id)) WITHOUT ROWID",
    # money, exactly (Decimal as text), once per delivery
    "CREATE TABLE donations (id INTEGER PRIMARY KEY, identity TEXT NOT NULL REFERENCES identities(id) "
    "ON DELETE CASCADE, delivery_id TEXT NOT NULL UNIQUE, amount TEXT NOT NULL, currency TEXT NOT NULL, "
    "message TEXT NOT NULL DEFAULT '', ts REAL NOT NULL)",
    "CREATE INDEX donations_identity ON donations (identity)",
    "CREATE TABLE facts (id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL REFERENCES people(id) "
    "ON DELETE CASCADE, text TEXT NOT NULL, source TEXT NOT NULL, ts REAL NOT NULL)",
    "CREATE INDEX facts_person ON facts (person_id, id)",
    # every entity that thinks: Bea, and any character the streamer adds to the cast
    "CREATE TABLE cast_members (id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '')",
    "INSERT INTO cast_members (id, name) VALUES ('bea', 'Bea')",
    "CREATE TABLE aliases (viewer TEXT NOT NULL REFERENCES cast_members(id) ON DELETE CASCADE, "
    "target TEXT NOT NULL, alias TEXT NOT NULL, state TEXT NOT NULL, source TEXT NOT NULL DEFAULT '', "
    "updated_at REAL NOT NULL, PRIMARY KEY (viewer, target))",
    "CREATE INDEX aliases_target ON aliases (target)",
    "CREATE TABLE buffer_entries (id INTEGER PRIMARY KEY, owner TEXT NOT NULL REFERENCES cast_members(id) "
    "ON DELETE CASCADE, ts REAL NOT NULL, location TEXT, actor TEXT NOT NULL, targets TEXT NOT NULL, "
    "intent TEXT NOT NULL, outcome TEXT)",
    "CREATE INDEX buffer_owner ON buffer_entries (owner, id)",
    "CREATE INDEX buffer_actor ON buffer_entries (actor)",
    # deleting an entity cascades to the aliases others hold for it and to what its buffer says of it
    "CREATE TRIGGER identity_gone AFTER DELETE ON identities BEGIN "
    "DELETE FROM aliases WHERE target = OLD.id; "
    "DELETE FROM buffer_entries WHERE actor = OLD.id OR EXISTS "
    "(SELECT 1 FROM json_each(buffer_entries.targets) WHERE value = OLD.id); END",
    "CREATE TRIGGER cast_member_gone AFTER DELETE ON cast_members BEGIN "
    "DELETE FROM aliases WHERE target = OLD.id; "
    "DELETE FROM buffer_entries WHERE actor = OLD.id OR EXISTS "
    "(SELECT 1 FROM json_each(buffer_entries.targets) WHERE value = OLD.id); END",
)
