"""Subjective aliases and buffers on disk (seed 001), with each viewer's alias map cached in memory.

Reads of a viewer's map happen on every prompt, so the map is loaded once and kept up to date by the writes that
go through this store (learn, forget). Every method blocks except lookups on a loaded map.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from datetime import tzinfo
from typing import TYPE_CHECKING

from app.core import aliases as rules
from app.core import subjective_buffer as sb
from app.core.aliases import Alias

if TYPE_CHECKING:
    from app.memory.database import Connection, Database

BEA = "bea"


class AliasStore:
    def __init__(self, db: Database, *, clock: Callable[[], float], zone: Callable[[], tzinfo]) -> None:
        """`clock` gives wall time; `zone` the streamer's own time zone (Clock.zone), the one her buffer's
        entries are written in."""
        self._db = db
        self._clock = clock
        self._zone = zone
        self._maps: dict[str, dict[str, Alias]] = {}
        self._lock = threading.Lock()

    # ---- the cast -------------------------------------------------------------------------------------
    def cast(self) -> list[tuple[str, str, str]]:
        """(id, name, description) of every character who thinks: Bea alone in this app (the table has room)."""
        return self._db.read(lambda c: c.execute("SELECT id, name, description FROM cast_members ORDER BY "
                                                 "id != 'bea', name").fetchall())

    # ---- aliases ----------------------------------------------------------------------------------------
    def map_of(self, viewer: str) -> dict[str, Alias]:
        with self._lock:
            cached = self._maps.get(viewer)
        if cached is not None:
            return cached
        rows = self._db.read(lambda c: c.execute(
            "SELECT target, alias, state, source, updated_at FROM aliases WHERE viewer = ?", (viewer,)).fetchall())
        loaded = {t: Alias(a, s, src, ts) for t, a, s, src, ts in rows}
        with self._lock:
            return self._maps.setdefault(viewer, loaded)

    def resolve(self, viewer: str, target: str) -> str:
        return rules.resolve_alias(viewer, target, self.map_of(viewer))

    def alias(self, viewer: str, target: str) -> Alias | None:
        return self.map_of(viewer).get(target)

    def learn_many(self, viewer: str, proposals: Sequence[tuple[str, Alias]]) -> list[tuple[str, Alias]]:
        """Apply the learning rules to each (target, proposed alias); store what changed in one transaction."""
        current = self.map_of(viewer)
        changed: dict[str, Alias] = {}
        for target, proposed in proposals:
            new = rules.learn(changed.get(target, current.get(target)),
                              Alias(proposed.text, proposed.state, proposed.source, self._clock()))
            if new is not None:
                changed[target] = new
        if not changed:
            return []

        def run(c: Connection) -> None:
            c.executemany("INSERT INTO aliases (viewer, target, alias, state, source, updated_at) "
                          "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (viewer, target) DO UPDATE SET "
                          "alias = excluded.alias, state = excluded.state, source = excluded.source, "
                          "updated_at = excluded.updated_at",
                          [(viewer, t, a.text, a.state, a.source, a.updated_at) for t, a in changed.items()])
        self._db.write(run)
        with self._lock:
            self._maps.setdefault(viewer, {}).update(changed)
        return list(changed.items())

    def learn(self, viewer: str, target: str, proposed: Alias) -> Alias | None:
        done = self.learn_many(viewer, [(target, proposed)])
        return done[0][1] if done else None

    def forget_targets(self, targets: Sequence[str]) -> None:
        """After the database dropped them (the identity trigger), drop them from the cached maps."""
        with self._lock:
            for m in self._maps.values():
                for t in targets:
                    m.pop(t, None)

    def targets_named(self, viewer: str, name: str) -> list[str]:
        """Whom the viewer calls exactly `name` (trimmed, case-folded)."""
        key = " ".join(name.split()).casefold()
        return [t for t, a in self.map_of(viewer).items() if a.text.casefold() == key]

    # ---- the buffer -------------------------------------------------------------------------------------
    def write_entries(self, entries: Sequence[sb.BufferEntry]) -> None:
        if not entries:
            return
        self._db.write(lambda c: c.executemany(
            "INSERT INTO buffer_entries (owner, ts, location, actor, targets, intent, outcome) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(e.owner, e.ts, e.location, e.intent.actor, json.dumps(list(e.intent.targets)),
              sb.intent_json(e.intent), sb.outcome_json(e.outcome)) for e in entries]))

    def entries(self, owner: str, limit: int = 100) -> list[sb.BufferEntry]:
        rows = self._db.read(lambda c: c.execute(
            "SELECT owner, ts, location, intent, outcome FROM buffer_entries WHERE owner = ? ORDER BY id DESC "
            "LIMIT ?", (owner, limit)).fetchall())
        return [sb.BufferEntry(o, ts, loc, sb.intent_from_json(i), sb.outcome_from_json(out))
                for o, ts, loc, i, out in reversed(rows)]

    def count(self, owner: str) -> int:
        return self._db.read(lambda c: c.execute("SELECT count(*) FROM buffer_entries WHERE owner = ?",
                                                 (owner,)).fetchone()[0])

    def serialised(self, owner: str, viewer: str | None = None, limit: int = 100) -> list[str]:
        viewer = viewer or owner
        zone = self._zone()
        return [sb.serialise(e, lambda t: self.resolve(viewer, t), zone) for e in self.entries(owner, limit)]

    def consolidate(self, owner: str, remember: Callable[[list[tuple[str, str, str | None]]], object],
                    keep: int = sb.KEEP_VERBATIM, at: int = sb.CONSOLIDATE_AT) -> int:
        """Turn the oldest entries beyond `keep` into memories once the buffer holds `at`, all in one call of
        remember([(text, source, author), ...]); they leave the buffer, the newest stay verbatim. Returns how
        many."""
        n = sb.to_consolidate(self.count(owner), keep, at)
        if not n:
            return 0
        rows = self._db.read(lambda c: c.execute(
            "SELECT id, owner, ts, location, intent, outcome FROM buffer_entries WHERE owner = ? ORDER BY id "
            "LIMIT ?", (owner, n)).fetchall())
        entries = [sb.BufferEntry(o, ts, loc, sb.intent_from_json(i), sb.outcome_from_json(out))
                   for _id, o, ts, loc, i, out in rows]
        remember([(sb.serialise(entry, lambda t: self.resolve(owner, t), self._zone()), source,
                   None if entry.intent.actor == owner else entry.intent.actor)
                  for entry, source in zip(entries, sb.consolidated_source(entries, owner), strict=True)])
        last = rows[-1][0]
        self._db.write(lambda c: c.execute("DELETE FROM buffer_entries WHERE owner = ? AND id <= ?", (owner, last)))
        return len(rows)
