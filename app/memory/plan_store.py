"""The stream plan on disk: plan_meta (the headline) and objectives, every edit one transaction, whole plan back.

An edit is a pure function from app.core.plan. apply() runs it on the writer thread inside one transaction:
load what is stored, apply, write the difference (insert the new, update the changed, delete the gone), read the
plan back with its new ids. A refused edit (PlanError) rolls back and leaves the stored plan untouched.

The last plan written is kept in memory (`current`) so live state and the toolbox, read on every turn on the
event loop, never touch the database. Edits can come from the loop (her tools) and the UI thread (the dock); a
write sequence taken on the single writer thread decides which result is the newest.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from app.core.plan import Objective, Plan, State

if TYPE_CHECKING:
    from app.memory.database import Connection, Database

log = logging.getLogger(__name__)
Edit = Callable[[Plan | None], Plan | None]
Listener = Callable[[Plan | None], None]



def read_plan(c: Connection) -> Plan | None:
    meta = c.execute("SELECT headline FROM plan_meta WHERE id = 1").fetchone()
    rows = c.execute("SELECT id, text, state, outcome, position FROM objectives ORDER BY position, id").fetchall()
    if meta is None and not rows:
        return None
    objectives = tuple(Objective(r[0], r[1], State(r[2]), r[3], r[4]) for r in rows)
    return Plan(meta[0] if meta else "", objectives)


def write_plan(c: Connection, before: Plan | None, after: Plan | None, now: float) -> None:
    """Store `after` over `before` (what this transaction read): only the rows that changed are touched."""
    if after is None:
        c.execute("DELETE FROM objectives")
        c.execute("DELETE FROM plan_meta")
        return
    c.execute("INSERT INTO plan_meta (id, headline, updated_at) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE "
              "SET headline = excluded.headline, updated_at = excluded.updated_at", (after.headline, now))
    old = {o.id: o for o in before.objectives} if before else {}
    kept = {o.id for o in after.objectives if o.id is not None}
    for gone in old.keys() - kept:
        c.execute("DELETE FROM objectives WHERE id = ?", (gone,))
    for o in after.objectives:
        if o.id is None:
            c.execute("INSERT INTO objectives (text, state, outcome, position, created_at, updated_at) "
                      "VALUES (?, ?, ?, ?, ?, ?)", (o.text, str(o.state), o.outcome, o.position, now, now))
        elif o.id not in old:
            raise ValueError(f"objective #{o.id} is not in the stored plan")  # a bug in an edit, not her input
        elif o != old[o.id]:
            c.execute("UPDATE objectives SET text = ?, state = ?, outcome = ?, position = ?, updated_at = ? "
                      "WHERE id = ?", (o.text, str(o.state), o.outcome, o.position, now, o.id))


class PlanStore:
    def __init__(self, db: Database, *, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock
        self._seq = itertools.count(1)   # advanced only on the writer thread, so it follows commit order
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._current: tuple[int, Plan | None] = (0, None)
        self.load()

    @property
    def current(self) -> Plan | None:
        """The plan as last read or written; no I/O."""
        return self._current[1]

    def on_change(self, fn: Listener) -> None:
        """fn(plan) after every edit, on the thread that made it."""
        self._listeners.append(fn)

    def load(self) -> Plan | None:
        # read on the writer thread too, so this read takes its place in the same sequence as the edits
        return self._keep(self._db.write(self._read))

    def apply(self, edit: Edit) -> Plan | None:
        """Run a pure edit in one transaction and return the whole plan as stored. Blocks until written."""
        return self._keep(self._db.write(self._edit(edit)))

    async def aapply(self, edit: Edit) -> Plan | None:
        return self._keep(await self._db.awrite(self._edit(edit)))

    def _read(self, c: Connection) -> tuple[int, Plan | None]:
        return next(self._seq), read_plan(c)

    def _edit(self, edit: Edit) -> Callable[[Connection], tuple[int, Plan | None]]:
        def run(c: Connection) -> tuple[int, Plan | None]:
            before = read_plan(c)
            write_plan(c, before, edit(before), self._clock())
            return self._read(c)
        return run

    def _keep(self, result: tuple[int, Plan | None]) -> Plan | None:
        seq, plan = result
        with self._lock:
            if seq > self._current[0]:
                self._current = result
        for fn in list(self._listeners):
            try:
                fn(self.current)
            except Exception:  # the edit is committed: a broken view must not turn it into her ERROR
                log.exception("a plan listener failed")
        return plan
