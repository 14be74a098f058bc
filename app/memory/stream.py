"""The stream: every perception and every line she says, appended to `messages` and never deleted, grouped in
sessions (a stream or a sitting). Reads are indexed and capped; a session exports as JSON and Markdown."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from app.memory.database import Connection, Database

STREAM_LIMIT = 2000  # the most rows any one read returns (the dreamer consolidates at most this many)
BANNED = "a moderator removed this person"
DELETED = "a moderator deleted this message"


@dataclass(frozen=True)
class Line:
    kind: str            # heard | spoke | wrote
    text: str
    ts: float
    author: str | None = None     # identity; never shown to her
    display: str = ""
    conversation: str = ""
    native_id: str | None = None  # the platform's id of a heard line (Twitch's message id); never shown to her


@dataclass(frozen=True)
class StoredLine:
    id: int
    session_id: int
    kind: str
    text: str
    ts: float
    author: str | None
    display: str
    conversation: str
    flagged: bool


class Stream:
    def __init__(self, db: Database, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock
        row = db.read(lambda c: c.execute(
            "SELECT id FROM sessions WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1").fetchone())
        self.session_id: int | None = row[0] if row else None

    # ---- sessions ----------------------------------------------------------------------------------
    def _open(self, c: Connection, opened_by: str) -> int:
        if self.session_id is None:
            self.session_id = c.execute("INSERT INTO sessions (started_at, opened_by) VALUES (?, ?)",
                                        (self._clock(), opened_by)).lastrowid
        return self.session_id

    def go_live(self, opened_by: str = "streamer") -> int:
        """Open a session (a no-op while one is open)."""
        return self._db.write(lambda c: self._open(c, opened_by))

    def end(self) -> int | None:
        ended, self.session_id = self.session_id, None
        if ended is not None:
            self._db.write(lambda c: c.execute("UPDATE sessions SET ended_at = ? WHERE id = ?",
                                               (self._clock(), ended)))
        return ended

    # ---- writing -----------------------------------------------------------------------------------
    def _insert(self, lines: Sequence[Line]):
        def run(c: Connection) -> int:
            session = self._open(c, "first activity")
            c.executemany(
                "INSERT INTO messages (session_id, ts, kind, author, display, conversation, text, native_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(session, ln.ts, ln.kind, ln.author, ln.display, ln.conversation, ln.text, ln.native_id)
                 for ln in lines])
            return session
        return run

    async def append(self, lines: Sequence[Line]) -> None:
        """A whole turn in one transaction; the first line of a sitting opens its session."""
        if lines:
            await self._db.awrite(self._insert(lines))

    def append_sync(self, lines: Sequence[Line]) -> None:
        if lines:
            self._db.write(self._insert(lines))

    def flag_author(self, author: str, session_id: int | None = None, reason: str = BANNED) -> int:
        """A moderator removed this person: their lines in the session stay (nothing is deleted) but are
        flagged, with why and when. Returns how many lines were newly flagged."""
        sid = session_id or self.session_id
        return self._db.write(lambda c: c.execute(
            "UPDATE messages SET flagged = 1, removed_reason = ?, removed_at = ? "
            "WHERE author = ? AND session_id = ? AND flagged = 0", (reason, self._clock(), author, sid)).rowcount)

    def flag_message(self, native_id: str, reason: str = DELETED) -> int:
        """A moderator deleted one message, named by the platform's id: exactly that heard line is flagged
        (once; it may not be stored yet, when a turn still holds it). Returns how many lines were flagged."""
        if not native_id:
            return 0
        return self._db.write(lambda c: c.execute(
            "UPDATE messages SET flagged = 1, removed_reason = ?, removed_at = ? "
            "WHERE native_id = ? AND kind = 'heard' AND flagged = 0",
            (reason, self._clock(), native_id)).rowcount)

    def removed(self, limit: int = 100) -> list[tuple[StoredLine, str, float]]:
        """The lines moderators removed, newest removal first: (line, why, when)."""
        limit = max(1, min(limit, STREAM_LIMIT))
        rows = self._db.read(lambda c: c.execute(
            "SELECT id, session_id, kind, text, ts, author, display, conversation, flagged, removed_reason, "
            "removed_at FROM messages WHERE removed_at IS NOT NULL ORDER BY removed_at DESC, id DESC LIMIT ?",
            (limit,)).fetchall())
        return [(StoredLine(*r[:8], bool(r[8])), r[9], r[10]) for r in rows]

    def removal(self, line_id: int) -> tuple[str | None, float | None]:
        """(why, when) a moderator removed a stored line; (None, None) when it was not removed that way."""
        row = self._db.read(lambda c: c.execute(
            "SELECT removed_reason, removed_at FROM messages WHERE id = ?", (line_id,)).fetchone())
        return (row[0], row[1]) if row else (None, None)

    # ---- reading -----------------------------------------------------------------------------------
    @staticmethod
    def _rows(c: Connection, where: str, args: tuple, limit: int) -> list[StoredLine]:
        rows = c.execute(f"SELECT id, session_id, kind, text, ts, author, display, conversation, flagged "
                         f"FROM messages WHERE {where} ORDER BY id DESC LIMIT ?", (*args, limit)).fetchall()
        return [StoredLine(*r[:8], bool(r[8])) for r in reversed(rows)]

    def session_lines(self, session_id: int, limit: int = STREAM_LIMIT) -> list[StoredLine]:
        """The newest `limit` lines of a session, oldest first."""
        limit = max(1, min(limit, STREAM_LIMIT))
        return self._db.read(lambda c: self._rows(c, "session_id = ?", (session_id,), limit))

    def count(self, session_id: int) -> int:
        return self._db.read(lambda c: c.execute(
            "SELECT count(*) FROM messages WHERE session_id = ?", (session_id,)).fetchone()[0])

    def sessions(self, limit: int = 100) -> list[tuple[int, float, float | None, str]]:
        return self._db.read(lambda c: c.execute(
            "SELECT id, started_at, ended_at, opened_by FROM sessions ORDER BY id DESC LIMIT ?",
            (limit,)).fetchall())

    def export(self, session_id: int) -> tuple[str, str]:
        """(JSON, Markdown) of a session's transcript; identities stay out of the Markdown."""
        lines = self.session_lines(session_id)
        data = {"session": session_id, "lines": [asdict(ln) for ln in lines]}
        md = [f"# Session {session_id}", ""]
        for ln in lines:
            stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ln.ts))
            who = "**Bea**" if ln.kind in ("spoke", "wrote") else ""
            flag = " _(removed by a moderator)_" if ln.flagged else ""
            md.append(f"- `{stamp}` {who} {ln.text}{flag}".replace("  ", " "))
        return json.dumps(data, ensure_ascii=False, indent=1), "\n".join(md) + "\n"
