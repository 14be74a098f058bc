"""The plan on disk: every edit one transaction returning the whole plan, refusals leave it untouched, ids stay."""

import asyncio
import secrets
import time

import pytest

from app.core import plan as P
from app.core.plan import Objective, Plan, PlanError, State
from app.memory.database import Database
from app.memory.keys import KeyMaterial
from app.memory.migrations import MIGRATIONS, Migration
from app.memory.plan_store import PlanStore
from app.memory.plan_tables import PLAN_TABLES
from app.process.clock import SYSTEM


def open_plan_db(path) -> Database:
    """A database at the current schema with the plan tables: the shipped step once it exists, else one more."""
    steps = MIGRATIONS
    if not any(m.statements == PLAN_TABLES for m in MIGRATIONS):
        steps = (*MIGRATIONS, Migration(MIGRATIONS[-1].version + 1, "plan", PLAN_TABLES))
    return Database.open(path, KeyMaterial("raw", secrets.token_hex(32)), migrations=steps)


@pytest.fixture
def db(tmp_path):
    database = open_plan_db(tmp_path / "bea.db")
    yield database
    database.close()


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def rows(db: Database):
    return db.read(lambda c: c.execute(
        "SELECT id, text, state, outcome, position, created_at, updated_at FROM objectives ORDER BY id").fetchall())


def written(store: PlanStore) -> Plan:
    store.apply(lambda p: P.new_plan(p, "Finish the castle"))
    for text in ("Build the gate", "Light the towers", "Say hi to raiders"):
        store.apply(lambda p, text=text: P.add(p, text))
    return store.current


def test_an_empty_database_has_no_plan(db):
    store = PlanStore(db, clock=SYSTEM.time)
    assert store.load() is None and store.current is None


def test_every_edit_returns_the_whole_plan_with_its_database_ids(db):
    store = PlanStore(db, clock=SYSTEM.time)
    plan = written(store)
    assert plan == Plan("Finish the castle", (
        Objective(1, "Build the gate", State.TODO, "", 0),
        Objective(2, "Light the towers", State.TODO, "", 1),
        Objective(3, "Say hi to raiders", State.TODO, "", 2)))
    after = store.apply(lambda p: P.complete(P.start(p, 2), 2, "both towers lit"))
    assert after.find(2) == Objective(2, "Light the towers", State.DONE, "both towers lit", 1)
    assert PlanStore(db, clock=SYSTEM.time).current == after                  # a fresh store reads back the same plan


def test_a_refused_edit_raises_and_leaves_the_stored_plan_untouched(db):
    store = PlanStore(db, clock=SYSTEM.time)
    written(store)
    before = rows(db)
    with pytest.raises(PlanError, match="there is no objective #9; the plan has #1, #2, #3"):
        store.apply(lambda p: P.start(p, 9))
    with pytest.raises(PlanError, match="the objective is empty"):
        store.apply(lambda p: P.edit(p, 1, "  "))
    assert rows(db) == before and store.current == PlanStore(db, clock=SYSTEM.time).current


def test_an_edit_that_invents_an_id_is_a_bug_and_rolls_back(db):
    store = PlanStore(db, clock=SYSTEM.time)
    plan = written(store)
    with pytest.raises(ValueError, match="objective #42 is not in the stored plan"):
        store.apply(lambda p: Plan(p.headline, (*p.objectives, Objective(42, "ghost"))))
    assert PlanStore(db, clock=SYSTEM.time).current == plan


def test_only_the_changed_rows_are_written(db):
    clock = Clock()
    store = PlanStore(db, clock=clock)
    written(store)
    clock.t = 2000.0
    store.apply(lambda p: P.edit(p, 2, "Light every tower"))
    stamps = {r[0]: (r[5], r[6]) for r in rows(db)}
    assert stamps == {1: (1000.0, 1000.0), 2: (1000.0, 2000.0), 3: (1000.0, 1000.0)}
    clock.t = 3000.0
    store.apply(lambda p: P.reorder(p, [3, 1, 2]))
    assert [(r[0], r[4], r[6]) for r in rows(db)] == [(1, 1, 3000.0), (2, 2, 3000.0), (3, 0, 3000.0)]
    assert db.read(lambda c: c.execute("SELECT headline, updated_at FROM plan_meta").fetchall()) == [
        ("Finish the castle", 3000.0)]


def test_clear_removes_everything_and_numbers_are_never_reused(db):
    store = PlanStore(db, clock=SYSTEM.time)
    written(store)
    assert store.apply(P.clear) is None and rows(db) == []
    assert db.read(lambda c: c.execute("SELECT count(*) FROM plan_meta").fetchone()[0]) == 0
    store.apply(lambda p: P.new_plan(p, "Day two"))
    fresh = store.apply(lambda p: P.add(p, "Start over"))
    assert fresh.ids == [4]                                # the old #1..#3 can never name a new objective
    replaced = store.apply(lambda p: P.add(P.new_plan(p, "Day three"), "Only this"))
    assert replaced == Plan("Day three", (Objective(5, "Only this", State.TODO, "", 0),))


def test_the_tables_refuse_a_state_outside_the_four(db):
    PlanStore(db, clock=SYSTEM.time).apply(lambda p: P.add(P.new_plan(p), "x"))
    with pytest.raises(Exception, match="CHECK constraint failed"):
        db.write(lambda c: c.execute("UPDATE objectives SET state = 'paused'"))


def test_listeners_hear_every_edit_and_a_broken_one_cannot_undo_it(db, caplog):
    store, heard = PlanStore(db, clock=SYSTEM.time), []
    store.on_change(lambda _plan: 1 / 0)
    store.on_change(heard.append)
    written(store)
    assert len(heard) == 4 and heard[-1] == store.current == PlanStore(db, clock=SYSTEM.time).current
    assert "a plan listener failed" in caplog.text


def test_an_older_result_landing_late_never_replaces_the_newer_plan(db):
    store = PlanStore(db, clock=SYSTEM.time)
    store.apply(lambda p: P.new_plan(p, "Race"))

    async def race():
        her = asyncio.ensure_future(store.aapply(lambda p: P.add(p, "hers")))
        await asyncio.sleep(0)                                  # her edit is queued on the writer
        time.sleep(0.05)
        streamer = store.apply(lambda p: P.add(p, "the streamer's"))   # the UI thread, after hers, blocking
        return await her, streamer                             # hers is delivered only now

    hers, streamers = asyncio.run(race())
    assert [o.text for o in hers.objectives] == ["hers"]
    assert [o.text for o in streamers.objectives] == ["hers", "the streamer's"]
    assert store.current == streamers
