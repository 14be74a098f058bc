"""The stream plan's tables (app.memory.plan_store), for migration 6."""

# AUTOINCREMENT on purpose: an id is never reused, so "#3" from an old plan can never name a new objective
PLAN_TABLES: tuple[str, ...] = (
    "CREATE TABLE plan_meta (id INTEGER PRIMARY KEY CHECK (id = 1), headline TEXT NOT NULL, "
    "updated_at REAL NOT NULL)",
    "CREATE TABLE objectives (id INTEGER PRIMARY KEY AUTOINCREMENT, text TEXT NOT NULL, "
    "state TEXT NOT NULL CHECK (state IN ('todo', 'doing', 'done', 'dropped')), "
    "outcome TEXT NOT NULL DEFAULT '', position INTEGER NOT NULL, created_at REAL NOT NULL, "
    "updated_at REAL NOT NULL)",
    "CREATE INDEX objectives_position ON objectives (position)",
)
