"""The window on disk: each flush writes what changed (rows), a slide or a clear rewrites it whole, a restart
restores the identical window, an old one-row snapshot migrates, and the write sequence keeps rising."""

import asyncio
import json
import secrets

from app.core.budget import Budget
from app.core.context_window import EntryKind, SingleContext
from app.memory.database import Database
from app.memory.keys import KeyMaterial
from app.memory.migrations import MIGRATIONS
from app.memory.window_store import WindowStore
from app.process.clock import SYSTEM
from tests.her_words import EN


def words(text):
    return len(text.split())


def changed_rows(db) -> int:
    """Rows the writer connection has inserted, updated or deleted so far (SQLite's own count)."""
    return db.write(lambda c: c.total_changes)


def same(ctx: SingleContext, db) -> bool:
    stored = WindowStore(db, clock=SYSTEM.time).load()
    again = SingleContext.restore(stored, ctx.budget, words)
    return (json.dumps(again.snapshot()) == json.dumps(ctx.snapshot())
            and repr(again.replay(EN)) == repr(ctx.replay(EN)))


def test_a_turn_writes_its_own_rows_and_a_restart_restores_the_identical_window(bea):
    store = WindowStore(bea.db, clock=bea.clock.time)
    ctx = SingleContext(Budget(150_000, trigger_pin=20_000, hot_pin=2_000), words)
    for i in range(1000):
        ctx.heard(f"[u{i % 7}] line {i} " + "parola " * 5, "twitch:#bea", ts=1000.0 + i, author=f"twitch:{i % 7}")
        if i % 3 == 0:
            ctx.spoke(f"answer {i}", "happy", "twitch:#bea", ts=1000.5 + i)
    asyncio.run(store.flush(ctx))                    # the first flush after start: the whole window
    assert same(ctx, bea.db)

    async def turns():
        written = []
        for i in range(5):
            before = changed_rows(bea.db)
            ctx.heard(f"[marco] turn {i}", "twitch:#bea")
            spoken = ctx.spoke(f"she answers turn {i} at length", "calm")
            if i == 2:
                ctx.revise(spoken.seq, "she answers")          # cut short: what she actually said
            if i == 3:
                ctx.revise(spoken.seq, "")                     # stopped before her first word
            ctx.wrote("discord", "general", f"written {i}")
            await store.flush(ctx)
            written.append(changed_rows(bea.db) - before)
        return written

    written = asyncio.run(turns())
    assert all(n <= 5 for n in written), written      # the header and the turn's rows, not 1,300 rows
    assert same(ctx, bea.db)
    said = [t for who, _w, t in ctx.messages() if t.startswith("she answers")]
    assert "she answers" in said and not any("turn 3" in t for t in said)

    # a slide compacts: the rows are exactly the new window
    cut = ctx.cut()
    assert ctx.slide("They talked about pasta.", cut)
    before = changed_rows(bea.db)
    asyncio.run(store.flush(ctx))
    assert changed_rows(bea.db) - before > len(ctx.entries)   # rewritten whole
    ctx.heard("[late] after the slide")
    asyncio.run(store.flush(ctx))
    stored = WindowStore(bea.db, clock=bea.clock.time).load()
    assert same(ctx, bea.db) and stored["entries"][0][1] == EntryKind.RECAP.value
    rows = bea.db.read(lambda c: c.execute("SELECT count(*) FROM window_entries").fetchone()[0])
    assert rows == len(ctx.entries)

    # the valve evicts at the front: those rows go too
    ctx.set_budget(Budget(300 + ctx.used() // 2, trigger_pin=200, hot_pin=100))
    asyncio.run(store.flush(ctx))
    assert ctx.evicted_tokens and same(ctx, bea.db)
    # a clear compacts to nothing
    ctx.clear()
    ctx.heard("[new] fresh start")
    store.flush_sync(ctx)
    assert same(ctx, bea.db) and len(WindowStore(bea.db, clock=bea.clock.time).load()["entries"]) == 1


def test_concurrent_turns_flushing_land_in_order_and_lose_nothing(bea):
    store = WindowStore(bea.db, clock=bea.clock.time)
    ctx = SingleContext()

    async def turn(i):
        ctx.heard(f"line {i}")
        await store.flush(ctx)

    async def many():
        await asyncio.gather(*(turn(i) for i in range(30)))

    asyncio.run(many())
    fresh = WindowStore(bea.db, clock=bea.clock.time)
    assert [row[2] for row in fresh.load()["entries"]] == [f"line {i}" for i in range(30)]
    assert fresh.take_seq() == 31                 # the next after the last one stored


def test_a_write_that_fails_is_made_good_by_the_next_one_rewriting_the_window(bea):
    store = WindowStore(bea.db, clock=bea.clock.time)
    ctx = SingleContext(count=words)
    ctx.heard("first")
    store.flush_sync(ctx)
    bea.db.write(lambda c: c.execute("ALTER TABLE window_entries RENAME TO window_away"))
    ctx.heard("second: its write fails")
    try:
        store.flush_sync(ctx)
        raise AssertionError("the write should have failed")
    except Exception as exc:
        assert "window_entries" in str(exc)
    bea.db.write(lambda c: c.execute("ALTER TABLE window_away RENAME TO window_entries"))
    ctx.heard("third")
    assert store.flush_sync(ctx)
    assert same(ctx, bea.db)


def test_the_sequence_keeps_rising_across_restarts(data_dir, env):
    from app import compose
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    ctx = SingleContext()
    store = WindowStore(bea.db, clock=bea.clock.time)
    for i in range(5):
        ctx.heard(f"line {i}")
        assert store.flush_sync(ctx)
    seq = store.take_seq()
    compose.close(bea)
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        store = WindowStore(bea.db, clock=bea.clock.time)
        assert store.take_seq() == seq
        assert len(store.load()["entries"]) == 5
    finally:
        compose.close(bea)


def test_an_old_one_row_snapshot_migrates_to_rows_and_loads_the_same(tmp_path):
    key = KeyMaterial("raw", secrets.token_hex(32))
    path = tmp_path / "bea.db"
    ctx = SingleContext(Budget(150_000), words)
    for i in range(50):
        ctx.heard(f"[u{i}] hello {i}", "twitch:#bea", ts=float(i), author=f"twitch:{i}")
        ctx.spoke(f"hi {i}", "happy", ts=i + 0.5)
    ctx.slide("Earlier they said hello.", ctx.cut(hot=60, margin=0))
    ctx.wrote("discord", "general", "a written line")
    old = Database.open(path, key, MIGRATIONS[:10])             # the schema before the window had rows
    old.write(lambda c: c.execute("INSERT INTO context_window (id, write_seq, body, updated_at) "
                                  "VALUES (1, 7, ?, 0)", (json.dumps(ctx.snapshot()),)))
    old.close()
    db = Database.open(path, key)
    try:
        assert db.migrated_from == 10
        store = WindowStore(db, clock=SYSTEM.time)
        assert store.take_seq() == 8
        assert same(ctx, db)
        assert "entries" not in json.loads(db.read(lambda c: c.execute(
            "SELECT body FROM context_window").fetchone()[0]))
    finally:
        db.close()


def test_an_empty_store_loads_nothing(bea):
    assert WindowStore(bea.db, clock=bea.clock.time).load() is None
