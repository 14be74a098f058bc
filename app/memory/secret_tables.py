"""The table of secrets kept in the encrypted store on machines with no OS keyring (app.memory.secret_table),
for migration 13."""

SECRET_TABLES = (
    "CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at REAL NOT NULL)",
)
