"""The stream: every perception and every line she says, appended to `messages` and never deleted, grouped in
sessions (a stream or a sitting). Reads are indexed and capped; a whole session exports as JSON or Markdown
(File → Export session)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from app.memory.database import Connection, Database
from app.process.paths import PRIVATE_FILE

STREAM_LIMIT = 2000  # the most rows any one read returns (the dreamer consolidates at most this many)
BANNED = "a moderator removed this person"
DELETED = "a moderator deleted this message"
OFF_AIR = ("first activity", "activity")   # who opens a session when a line comes before any Go live


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
    def __init__(self, db: Database, *, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock
        row = db.read(lambda c: c.execute(
            "SELECT id, opened_by FROM sessions WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1").fetchone())
        self.session_id: int | None = row[0] if row else None
        # on air: the streamer (Go live) or OBS opened the session; a line heard off air opens one too, and the
        # streamer going live later makes it theirs
        self.on_air = bool(row) and row[1] not in OFF_AIR

    # ---- sessions ----------------------------------------------------------------------------------
    def _open(self, c: Connection, opened_by: str) -> int:
        if self.session_id is None:
            self.session_id = c.execute("INSERT INTO sessions (started_at, opened_by) VALUES (?, ?)",
                                        (self._clock(), opened_by)).lastrowid
        return self.session_id

    def go_live(self, opened_by: str = "streamer") -> int:
        """Open a session (a no-op while one is open). Opened by the streamer or OBS, it is on air, and so is a
        session that activity had opened before."""
        def run(c: Connection) -> int:
            sid = self._open(c, opened_by)
            if opened_by not in OFF_AIR:
                c.execute("UPDATE sessions SET opened_by = ? WHERE id = ? AND opened_by IN (?, ?)",
                          (opened_by, sid, *OFF_AIR))
            return sid
        sid = self._db.write(run)
        self.on_air = self.on_air or opened_by not in OFF_AIR
        return sid

    def end(self) -> int | None:
        ended, self.session_id = self.session_id, None
        self.on_air = False
        if ended is not None:
            self._db.write(lambda c: c.execute("UPDATE sessions SET ended_at = ? WHERE id = ?",
                                               (self._clock(), ended)))
        return ended

    # ---- writing -----------------------------------------------------------------------------------
    def _insert(self, lines: Sequence[Line]):
        def run(c: Connection) -> int:
            session = self._open(c, OFF_AIR[0])
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

    def count(self, session_id: int, after: int = 0) -> int:
        """How many lines the session holds (those with an id past `after`: what a consolidation has not read)."""
        return self._db.read(lambda c: c.execute(
            "SELECT count(*) FROM messages WHERE session_id = ? AND id > ?", (session_id, after)).fetchone()[0])

    def sessions(self, limit: int = 100) -> list[tuple[int, float, float | None, str]]:
        return self._db.read(lambda c: c.execute(
            "SELECT id, started_at, ended_at, opened_by FROM sessions ORDER BY id DESC LIMIT ?",
            (limit,)).fetchall())

    def exportable(self) -> int | None:
        """The session File → Export session writes: the one open now, else the last one."""
        if self.session_id is not None:
            return self.session_id
        row = self._db.read(lambda c: c.execute("SELECT id FROM sessions ORDER BY id DESC LIMIT 1").fetchone())
        return row[0] if row else None

    def _pages(self, session_id: int) -> Iterator[list[tuple[StoredLine, str | None, float | None]]]:
        """Every line of a session with why and when a moderator removed it, oldest first, STREAM_LIMIT rows
        per read (an export is never capped)."""
        after = 0
        while True:
            rows = self._db.read(lambda c, after=after: c.execute(
                "SELECT id, session_id, kind, text, ts, author, display, conversation, flagged, removed_reason, "
                "removed_at FROM messages WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?",
                (session_id, after, STREAM_LIMIT)).fetchall())
            if not rows:
                return
            yield [(StoredLine(*r[:8], bool(r[8])), r[9], r[10]) for r in rows]
            after = rows[-1][0]

    def export(self, session_id: int, path: Path) -> int:
        """Write a whole session to `path`, as JSON when it ends in .json, else as Markdown (identities stay out
        of the Markdown). Written beside the target and moved into place, so a failed export leaves no half
        file; owner-only (0600) from its creation, since a session holds what viewers said. Blocks (call it off
        the loop). Returns how many lines were written."""
        row = self._db.read(lambda c: c.execute(
            "SELECT started_at, ended_at, opened_by FROM sessions WHERE id = ?", (session_id,)).fetchone())
        if row is None:
            raise ValueError(f"there is no session {session_id} to export")
        as_json = path.suffix.lower() == ".json"
        part = path.with_name(path.name + ".part")
        count = 0
        try:
            part.unlink(missing_ok=True)   # a part left by a crash keeps its own mode: make ours afresh
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                if as_json:
                    out.write(json.dumps({"session": session_id, "started_at": row[0], "ended_at": row[1],
                                          "opened_by": row[2]}, ensure_ascii=False)[:-1] + ', "lines": [')
                else:
                    out.write(f"# Session {session_id}\n\nStarted {_stamp(row[0])}"
                              + (f", ended {_stamp(row[1])}" if row[1] is not None else " (still open)") + "\n\n")
                for page in self._pages(session_id):
                    for ln, why, when in page:
                        if as_json:
                            removed = {"removed": {"why": why, "at": when}} if when is not None else {}
                            out.write(("," if count else "") + "\n"
                                      + json.dumps(asdict(ln) | removed, ensure_ascii=False))
                        else:
                            out.write(_markdown_line(ln, why) + "\n")
                        count += 1
                if as_json:
                    out.write("\n]}\n")
            os.replace(part, path)
        finally:
            part.unlink(missing_ok=True)
        return count


def _stamp(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts))


def _markdown_line(ln: StoredLine, why: str | None) -> str:
    who = "**Bea** " if ln.kind in ("spoke", "wrote") else ""
    flag = f" _({why or 'removed by a moderator'})_" if ln.flagged else ""
    return f"- `{_stamp(ln.ts)}` {who}{' '.join(ln.text.split())}{flag}"
