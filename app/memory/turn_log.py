"""The Turn Log in the store: every turn the mind took, written off-thread, browsed and searched by the UI."""

from __future__ import annotations

import json

from app.core.turn_record import TurnRecord
from app.memory.database import Connection, Database

MAX_ROWS = 500


def _insert(rec: TurnRecord):
    def run(c: Connection) -> int:
        return c.execute(
            "INSERT INTO turns (started_at, ms, model, outcome, rescued, prompt_tokens, completion_tokens, "
            "reasoning_tokens, search, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (rec.started_at, rec.ms, rec.model, rec.outcome, int(rec.rescued), rec.prompt_tokens,
             rec.completion_tokens, rec.reasoning_tokens, rec.search_text().lower(),
             json.dumps(rec.to_json(), ensure_ascii=False))).lastrowid
    return run


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class TurnLog:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def record(self, rec: TurnRecord) -> int:
        return await self._db.awrite(_insert(rec))

    def record_sync(self, rec: TurnRecord) -> int:
        return self._db.write(_insert(rec))

    async def search(self, text: str = "", limit: int = 100) -> list[tuple[int, TurnRecord]]:
        """Newest first; every word of `text` must appear in the turn (case-insensitive)."""
        words = [w.lower() for w in text.split()]
        where = " AND ".join("search LIKE ? ESCAPE '\\'" for _ in words) or "1"
        args = [f"%{_escape_like(w)}%" for w in words]
        limit = max(1, min(limit, MAX_ROWS))

        def run(c: Connection) -> list[tuple[int, TurnRecord]]:
            rows = c.execute(f"SELECT id, body FROM turns WHERE {where} ORDER BY id DESC LIMIT ?",
                             (*args, limit)).fetchall()
            return [(row[0], TurnRecord.from_json(json.loads(row[1]))) for row in rows]
        return await self._db.aread(run)
