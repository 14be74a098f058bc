"""The streamer's person model on disk (seed 002): entries, the sync feed, consent, raw signals, devices.

Every write goes through app.core.person_model's decisions; this module only stores, reads and counts. Every
method blocks (call it off the loop). The owner is a plain name ("owner" for the streamer who runs the app);
the API takes it from the credential, never from a request body.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import tzinfo
from typing import TYPE_CHECKING, Any

from app.core import person_model as pm
from app.core.person_model import Decision, Entry, Signal

if TYPE_CHECKING:
    from app.memory.database import Connection, Database

OWNER = "owner"
SYNC_LIMIT = 500
TOKEN_PREFIX = "bea_"


@dataclass(frozen=True)
class Token:
    name: str
    owner: str
    admin: bool
    created_at: float
    last_used: float | None


@dataclass(frozen=True)
class Change:
    seq: int
    op: str                 # put | delete | reset
    section: str | None
    key: str | None
    entry: dict[str, Any] | None


@dataclass(frozen=True)
class Feed:
    changes: list[Change]
    next: int               # the cursor to ask with next time
    more: bool
    reset: bool             # drop everything held for this owner before applying `changes`


@dataclass(frozen=True)
class ObservationCounts:
    recorded: int = 0       # raw signals kept
    ignored: int = 0        # their sense is off: not kept
    refused: int = 0        # malformed, unknown, in the future or too old
    applied: int = 0        # entries the observers wrote from them
    reasons: tuple[str, ...] = ()


def entry_json(e: Entry) -> dict[str, Any]:
    return {"section": e.section, "key": e.key, "summary": e.summary, "value": e.value, "source": e.source,
            "confidence": e.confidence, "observed_at": e.observed_at, "expires_at": e.expires_at, "quote": e.quote}


def _entry(row: Sequence[Any]) -> Entry:
    section, key, summary, value, source, confidence, observed, expires, quote = row
    return Entry(section, key, summary, value=None if value is None else json.loads(value), source=source,
                 confidence=confidence, observed_at=observed, expires_at=expires, quote=quote)


_COLUMNS = "section, key, summary, value, source, confidence, observed_at, expires_at, quote"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class PersonStore:
    def __init__(self, db: Database, *, clock: Callable[[], float], zone: Callable[[], tzinfo]) -> None:
        """`clock` gives wall time; `zone` the streamer's own time zone (Clock.zone), the one her routine's
        hours are read in."""
        self._db = db
        self._clock = clock
        self._zone = zone

    # ---- entries ----------------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self._db.closed

    def entries(self, owner: str = OWNER) -> list[Entry]:
        rows = self._db.read(lambda c: c.execute(
            f"SELECT {_COLUMNS} FROM person_entries WHERE owner = ? ORDER BY section, key", (owner,)).fetchall())
        return [_entry(r) for r in rows]

    def count(self, owner: str = OWNER) -> int:
        """How many entries there are (without reading them)."""
        return int(self._db.read(lambda c: c.execute(
            "SELECT COUNT(*) FROM person_entries WHERE owner = ?", (owner,)).fetchone()[0]))

    def get(self, section: str, key: str, owner: str = OWNER) -> Entry | None:
        section, key = pm.check_section(section), pm.normalise_key(key)
        row = self._db.read(lambda c: c.execute(
            f"SELECT {_COLUMNS} FROM person_entries WHERE owner = ? AND section = ? AND key = ?",
            (owner, section, key)).fetchone())
        return _entry(row) if row else None

    def write(self, entry: Entry, owner: str = OWNER) -> Decision:
        """Validate, decide against what stands, store if accepted (one transaction); the decision either way."""
        entry = pm.validate_entry(entry)
        return self._db.write(lambda c: self._write(c, entry, owner))

    def _write(self, c: Connection, entry: Entry, owner: str) -> Decision:
        row = c.execute(f"SELECT {_COLUMNS} FROM person_entries WHERE owner = ? AND section = ? AND key = ?",
                        (owner, entry.section, entry.key)).fetchone()
        count = c.execute("SELECT count(*) FROM person_entries WHERE owner = ?", (owner,)).fetchone()[0]
        decision = pm.decide_write(_entry(row) if row else None, entry, count, now=self._clock())
        if decision.accepted:
            e = decision.standing
            c.execute("INSERT OR REPLACE INTO person_entries (owner, section, key, summary, value, source, confidence, "
                      "observed_at, expires_at, quote, expiry_sent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
                      (owner, e.section, e.key, e.summary, None if e.value is None else json.dumps(e.value),
                       e.source, e.confidence, e.observed_at, e.expires_at, e.quote))
            self._change(c, owner, "put", e.section, e.key, entry_json(e))
        return decision

    def _change(self, c: Connection, owner: str, op: str, section: str | None = None, key: str | None = None,
                entry: dict[str, Any] | None = None) -> None:
        c.execute("INSERT INTO person_changes (owner, op, section, key, entry, at) VALUES (?, ?, ?, ?, ?, ?)",
                  (owner, op, section, key, None if entry is None else json.dumps(entry), self._clock()))

    def delete(self, section: str, key: str, owner: str = OWNER) -> bool:
        section, key = pm.check_section(section), pm.normalise_key(key)

        def run(c: Connection) -> bool:
            gone = c.execute("DELETE FROM person_entries WHERE owner = ? AND section = ? AND key = ?",
                             (owner, section, key)).rowcount > 0
            if gone:
                self._change(c, owner, "delete", section, key)
            return gone
        return self._db.write(run)

    def purge(self, owner: str = OWNER) -> int:
        """Forget everything about the owner: entries, raw signals, and the feed (a reset tells devices)."""
        def run(c: Connection) -> int:
            n = c.execute("DELETE FROM person_entries WHERE owner = ?", (owner,)).rowcount
            c.execute("DELETE FROM person_signals WHERE owner = ?", (owner,))
            c.execute("DELETE FROM person_changes WHERE owner = ?", (owner,))
            self._change(c, owner, "reset")
            return n
        return self._db.write(run)

    # ---- the sync feed ------------------------------------------------------------------------------
    def sync(self, since: int = 0, limit: int = SYNC_LIMIT, owner: str = OWNER) -> Feed:
        """Changes after cursor `since`, at most `limit` (1-500). An entry that expired since it was sent
        arrives as a deletion; a cursor from before a purge (or from nowhere) gets reset=True."""
        if not 1 <= limit <= SYNC_LIMIT:
            raise ValueError(f"limit is 1 to {SYNC_LIMIT}")
        if since < 0:
            raise ValueError("since is a cursor from an earlier reply, 0 at first")

        def run(c: Connection) -> Feed:
            now = self._clock()
            for section, key in c.execute("SELECT section, key FROM person_entries WHERE owner = ? AND "
                                          "expires_at IS NOT NULL AND expires_at <= ? AND expiry_sent = 0",
                                          (owner, now)).fetchall():
                self._change(c, owner, "delete", section, key)
                c.execute("UPDATE person_entries SET expiry_sent = 1 WHERE owner = ? AND section = ? AND key = ?",
                          (owner, section, key))
            last_reset = c.execute("SELECT max(seq) FROM person_changes WHERE owner = ? AND op = 'reset'",
                                   (owner,)).fetchone()[0]
            newest = c.execute("SELECT max(seq) FROM person_changes").fetchone()[0] or 0
            reset = since > newest or (last_reset is not None and since < last_reset)
            start = (last_reset or 0) if reset else since
            rows = c.execute("SELECT seq, op, section, key, entry FROM person_changes WHERE owner = ? AND seq > ? "
                             "AND op != 'reset' ORDER BY seq LIMIT ?", (owner, start, limit + 1)).fetchall()
            more = len(rows) > limit
            rows = rows[:limit]
            changes = [Change(s, op, sec, k, None if e is None else json.loads(e)) for s, op, sec, k, e in rows]
            cursor = rows[-1][0] if rows else max(start, newest)
            return Feed(changes, cursor, more, reset)
        return self._db.write(run)

    # ---- consent and raw signals -----------------------------------------------------------------------
    def senses(self, owner: str = OWNER) -> dict[str, bool]:
        stored = dict(self._db.read(lambda c: c.execute(
            "SELECT sense, enabled FROM person_senses WHERE owner = ?", (owner,)).fetchall()))
        return {name: bool(stored.get(name, name in pm.ENABLED_BY_DEFAULT)) for name in pm.SENSES}

    def set_sense(self, name: str, enabled: bool, owner: str = OWNER) -> int:
        """Switch a sense; off forgets what it concluded and its raw signals. Returns how many entries went."""
        if name not in pm.SENSES:
            raise ValueError(f"there is no sense called {name!r} (senses: {', '.join(pm.SENSES)})")

        def run(c: Connection) -> int:
            c.execute("INSERT OR REPLACE INTO person_senses (owner, sense, enabled, changed_at) VALUES (?, ?, ?, ?)",
                      (owner, name, int(enabled), self._clock()))
            if enabled:
                return 0
            c.execute("DELETE FROM person_signals WHERE owner = ? AND sense = ?", (owner, name))
            gone = c.execute("DELETE FROM voice_prints WHERE owner = ?", (owner,)).rowcount if name == "voice" else 0
            for row in c.execute(f"SELECT {_COLUMNS} FROM person_entries WHERE owner = ?", (owner,)).fetchall():
                e = _entry(row)
                if pm.concluded_by(e, name):
                    c.execute("DELETE FROM person_entries WHERE owner = ? AND section = ? AND key = ?",
                              (owner, e.section, e.key))
                    self._change(c, owner, "delete", e.section, e.key)
                    gone += 1
            return gone
        return self._db.write(run)

    def voice_print(self, owner: str = OWNER) -> bytes | None:
        """The streamer's voice print (app.core.voice_print's bytes), or None: none made, or the sense is off."""
        row = self._db.read(lambda c: c.execute("SELECT print FROM voice_prints WHERE owner = ?",
                                                (owner,)).fetchone())
        return bytes(row[0]) if row is not None else None

    def keep_voice_print(self, blob: bytes, owner: str = OWNER) -> None:
        """Keep a new voice print, switching the voice sense on: reading the sentences is the streamer's consent."""
        def run(c: Connection) -> None:
            now = self._clock()
            c.execute("INSERT OR REPLACE INTO person_senses (owner, sense, enabled, changed_at) VALUES (?, ?, 1, ?)",
                      (owner, "voice", now))
            c.execute("INSERT OR REPLACE INTO voice_prints (owner, print, made_at) VALUES (?, ?, ?)",
                      (owner, bytes(blob), now))
        self._db.write(run)

    def observe(self, signals: Sequence[Signal], owner: str = OWNER) -> ObservationCounts:
        """Admit each raw signal (consent, kind, time), keep what is admitted, then run the observers of the
        senses that received something and write what they conclude."""
        enabled = {n for n, on in self.senses(owner).items() if on}

        def run(c: Connection) -> ObservationCounts:
            now = self._clock()
            counts = {"recorded": 0, "ignored": 0, "refused": 0, "applied": 0}
            reasons: list[str] = []
            touched: set[str] = set()
            c.execute("DELETE FROM person_signals WHERE owner = ? AND at < ?", (owner, pm.retention_cutoff(now)))
            for s in signals:
                verdict = pm.admit_signal(s, now, enabled)
                key = {"recorded": "recorded", "ignored": "ignored"}.get(verdict.outcome, "refused")
                counts[key] += 1
                if verdict.outcome != "recorded":
                    reasons.append(f"{s.kind}: {verdict.reason}")
                    continue
                sense = pm.sense_for(s.kind)
                touched.add(sense)
                c.execute("INSERT INTO person_signals (owner, sense, kind, at, payload, received_at) "
                          "VALUES (?, ?, ?, ?, ?, ?)", (owner, sense, s.kind, s.at, json.dumps(dict(s.payload)), now))
            for sense in sorted(touched):
                kept = [Signal(k, at, json.loads(p)) for k, at, p in c.execute(
                    "SELECT kind, at, payload FROM person_signals WHERE owner = ? AND sense = ? ORDER BY at",
                    (owner, sense)).fetchall()]
                concluded = (pm.observe_state(kept, now) if sense == "state"
                             else pm.observe_routine(kept, now, self._zone()))
                for entry in concluded:
                    counts["applied"] += self._write(c, entry, owner).accepted
            return ObservationCounts(**counts, reasons=tuple(reasons))
        return self._db.write(run)

    def signal_count(self, owner: str = OWNER) -> int:
        return self._db.read(lambda c: c.execute("SELECT count(*) FROM person_signals WHERE owner = ?",
                                                 (owner,)).fetchone()[0])

    # ---- devices and the audit log ---------------------------------------------------------------------
    def create_token(self, name: str, owner: str = OWNER, admin: bool = False) -> str:
        """A new device token, returned once; only its hash is kept."""
        name = name.strip()
        if not name or len(name) > 64:
            raise ValueError("a device needs a name of 1 to 64 characters")
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)

        def run(c: Connection) -> None:
            if c.execute("SELECT 1 FROM api_tokens WHERE name = ?", (name,)).fetchone():
                raise ValueError(f"a device called {name!r} already has a token: revoke it first")
            c.execute("INSERT INTO api_tokens (name, owner, hash, admin, created_at) VALUES (?, ?, ?, ?, ?)",
                      (name, owner, token_hash(token), int(admin), self._clock()))
            c.execute("INSERT INTO api_audit (ts, token, action, owner) VALUES (?, ?, 'token created', ?)",
                      (self._clock(), name, owner))
        self._db.write(run)
        return token

    def revoke_token(self, name: str) -> bool:
        def run(c: Connection) -> bool:
            row = c.execute("SELECT owner FROM api_tokens WHERE name = ?", (name,)).fetchone()
            if row is None:
                return False
            c.execute("DELETE FROM api_tokens WHERE name = ?", (name,))
            c.execute("INSERT INTO api_audit (ts, token, action, owner) VALUES (?, ?, 'token revoked', ?)",
                      (self._clock(), name, row[0]))
            return True
        return self._db.write(run)

    def tokens(self) -> list[Token]:
        rows = self._db.read(lambda c: c.execute(
            "SELECT name, owner, admin, created_at, last_used FROM api_tokens ORDER BY name").fetchall())
        return [Token(n, o, bool(a), ca, lu) for n, o, a, ca, lu in rows]

    def token_hashes(self) -> set[str]:
        """The hashes of every device token, read only (the local API checks a token against these before it
        writes anything)."""
        return {row[0] for row in self._db.read(lambda c: c.execute("SELECT hash FROM api_tokens").fetchall())}

    def verify(self, token: str) -> Token | None:
        """The device a bearer token belongs to (and its last use noted), or None."""
        digest = token_hash(token)

        def run(c: Connection) -> Token | None:
            row = c.execute("SELECT name, owner, admin, created_at FROM api_tokens WHERE hash = ?",
                            (digest,)).fetchone()
            if row is None:
                return None
            now = self._clock()
            c.execute("UPDATE api_tokens SET last_used = ? WHERE name = ?", (now, row[0]))
            return Token(row[0], row[1], bool(row[2]), row[3], now)
        return self._db.write(run)

    def audit(self, token: str, action: str, owner: str, detail: str = "") -> None:
        self._db.write(lambda c: c.execute("INSERT INTO api_audit (ts, token, action, owner, detail) "
                                           "VALUES (?, ?, ?, ?, ?)", (self._clock(), token, action, owner, detail)))

    def audit_log(self, limit: int = 200) -> list[tuple[float, str, str, str, str]]:
        return self._db.read(lambda c: c.execute(
            "SELECT ts, token, action, owner, detail FROM api_audit ORDER BY id DESC LIMIT ?", (limit,)).fetchall())
