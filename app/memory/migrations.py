"""The database schema, as numbered forward-only migrations. Never edit a released step: add one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.core.migration_plan import check_numbering
from app.memory.memory_tables import MEMORY_CHANGE_TABLES
from app.memory.people_tables import PEOPLE_TABLES
from app.memory.person_tables import PERSON_TABLES
from app.memory.plan_tables import PLAN_TABLES
from app.memory.secret_tables import SECRET_TABLES
from app.memory.window_tables import WINDOW_TABLES, split_snapshot


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...] = ()
    # for steps that move data with code; runs inside the same transaction after the statements
    apply: Callable[[Any], None] | None = None


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "meta and settings", (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE settings (id INTEGER PRIMARY KEY CHECK (id = 1), schema_version INTEGER NOT NULL, "
        "body TEXT NOT NULL, updated_at REAL NOT NULL)",
    )),
    Migration(2, "runs: when the app started and whether it stopped cleanly", (
        "CREATE TABLE runs (id INTEGER PRIMARY KEY, started_at REAL NOT NULL, ended_at REAL, "
        "app_version TEXT NOT NULL, clean INTEGER NOT NULL DEFAULT 0)",
        "CREATE INDEX runs_started ON runs (started_at)",
    )),
    Migration(3, "turns: the Turn Log, one row per turn of the mind", (
        "CREATE TABLE turns (id INTEGER PRIMARY KEY, started_at REAL NOT NULL, ms REAL NOT NULL, "
        "model TEXT NOT NULL, outcome TEXT NOT NULL, rescued INTEGER NOT NULL, prompt_tokens INTEGER NOT NULL, "
        "completion_tokens INTEGER NOT NULL, reasoning_tokens INTEGER NOT NULL, search TEXT NOT NULL, "
        "body TEXT NOT NULL)",
        "CREATE INDEX turns_started ON turns (started_at)",
    )),
    Migration(4, "the sliding window, her mood over time, and who moved her", (
        "CREATE TABLE context_window (id INTEGER PRIMARY KEY CHECK (id = 1), write_seq INTEGER NOT NULL, "
        "body TEXT NOT NULL, updated_at REAL NOT NULL)",
        "CREATE TABLE affect_samples (id INTEGER PRIMARY KEY, ts REAL NOT NULL, valence REAL NOT NULL, "
        "arousal REAL NOT NULL, mood TEXT NOT NULL, cause TEXT)",
        "CREATE INDEX affect_samples_ts ON affect_samples (ts)",
        "CREATE TABLE moved_by (id INTEGER PRIMARY KEY, identity TEXT NOT NULL, ts REAL NOT NULL, "
        "distance REAL NOT NULL)",
        "CREATE INDEX moved_by_identity ON moved_by (identity)",
    )),
    Migration(5, "the stream (sessions and every line), and memories", (
        "CREATE TABLE sessions (id INTEGER PRIMARY KEY, started_at REAL NOT NULL, ended_at REAL, "
        "opened_by TEXT NOT NULL, title TEXT NOT NULL DEFAULT '')",
        "CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES sessions(id), "
        "ts REAL NOT NULL, kind TEXT NOT NULL, author TEXT, display TEXT NOT NULL DEFAULT '', "
        "conversation TEXT NOT NULL DEFAULT '', text TEXT NOT NULL, flagged INTEGER NOT NULL DEFAULT 0)",
        "CREATE INDEX messages_session ON messages (session_id, id)",
        "CREATE INDEX messages_author ON messages (author, ts)",
        "CREATE TABLE memories (id INTEGER PRIMARY KEY, ts REAL NOT NULL, "
        "source TEXT NOT NULL CHECK (source IN ('person', 'bea')), scope TEXT NOT NULL, text TEXT NOT NULL, "
        "norm TEXT NOT NULL, author TEXT, session_id INTEGER, model TEXT, vector BLOB, UNIQUE (scope, norm))",
        "CREATE INDEX memories_model ON memories (model)",
        "CREATE INDEX memories_author ON memories (author)",
    )),
    Migration(6, "the stream plan: a headline and ordered objectives", PLAN_TABLES),
    Migration(7, "who people are: tallies, cards, facts, donations, the cast's aliases and buffers",
              PEOPLE_TABLES),
    Migration(8, "the streamer's person model, its consent switches and raw signals, devices and their audit",
              PERSON_TABLES),
    Migration(9, "why and when a moderator removed a stream line", (
        "ALTER TABLE messages ADD COLUMN removed_reason TEXT",
        "ALTER TABLE messages ADD COLUMN removed_at REAL",
        "CREATE INDEX messages_removed ON messages (removed_at) WHERE removed_at IS NOT NULL",
    )),
    Migration(10, "the platform's own id of a heard line, so a moderator's deletion finds exactly that line", (
        "ALTER TABLE messages ADD COLUMN native_id TEXT",
        "CREATE INDEX messages_native ON messages (native_id) WHERE native_id IS NOT NULL",
    )),
    Migration(11, "the sliding window as a row per entry, so a turn writes only what it changed",
              WINDOW_TABLES, apply=split_snapshot),
    Migration(12, "what the mind keeps across a restart: follow-ups, and how far each person was profiled", (
        "CREATE TABLE follow_ups (conversation TEXT PRIMARY KEY, spoke_at REAL NOT NULL, exchange TEXT NOT NULL)",
        "CREATE TABLE profiled (identity TEXT PRIMARY KEY, lines INTEGER NOT NULL, ts REAL NOT NULL)",
        "CREATE TRIGGER identity_unprofiled AFTER DELETE ON identities BEGIN "
        "DELETE FROM profiled WHERE identity = OLD.id; END",
    )),
    Migration(13, "secrets, on a machine with no OS keyring (where one exists it holds them and this stays empty)",
              SECRET_TABLES),
    Migration(14, "how many memories were added and changed, so recall checks its in-memory index in O(1)",
              MEMORY_CHANGE_TABLES),
    Migration(15, "what the chat triage held against each account, so a repeat offender stays marked", (
        "CREATE TABLE offences (identity TEXT NOT NULL, kind TEXT NOT NULL, count INTEGER NOT NULL, "
        "first_at REAL NOT NULL, last_at REAL NOT NULL, PRIMARY KEY (identity, kind)) WITHOUT ROWID",
        "CREATE TRIGGER identity_pardoned AFTER DELETE ON identities BEGIN "
        "DELETE FROM offences WHERE identity = OLD.id; END",
    )),
    Migration(16, "the streamer's voice print, kept while the voice sense is on", (
        "CREATE TABLE voice_prints (owner TEXT PRIMARY KEY, print BLOB NOT NULL, made_at REAL NOT NULL)",
    )),
)

check_numbering([m.version for m in MIGRATIONS])
LATEST = MIGRATIONS[-1].version
