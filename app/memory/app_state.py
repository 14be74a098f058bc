"""What the app keeps about itself: its settings row (one validated body with its schema version) and the
log of its runs (when each started, and when it stopped cleanly)."""

from __future__ import annotations

from app.memory.database import Database


def load_settings(db: Database) -> tuple[int, str] | None:
    """(schema version, body) of the stored settings, or None before the first save."""
    row = db.read(lambda c: c.execute("SELECT schema_version, body FROM settings WHERE id = 1").fetchone())
    return (row[0], row[1]) if row else None


def save_settings(db: Database, version: int, body: str, ts: float) -> None:
    db.write(lambda c: c.execute(
        "INSERT INTO settings (id, schema_version, body, updated_at) VALUES (1, ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET schema_version = excluded.schema_version, body = excluded.body, "
        "updated_at = excluded.updated_at", (version, body, ts)))


def run_started(db: Database, ts: float, version: str) -> int:
    """A new run in the log; its id."""
    return db.write(lambda c: c.execute(
        "INSERT INTO runs (started_at, app_version) VALUES (?, ?)", (ts, version)).lastrowid)


def run_stopped_cleanly(db: Database, run_id: int, ts: float) -> None:
    db.write(lambda c: c.execute("UPDATE runs SET ended_at = ?, clean = 1 WHERE id = ?", (ts, run_id)))
