"""The window's row: whole writes, newest write sequence wins whatever the landing order, rising across restarts."""

import asyncio

from app.core.context_window import SingleContext
from app.memory.window_store import WindowStore


def snap(n):
    ctx = SingleContext()
    for i in range(n):
        ctx.heard(f"line {i}")
    return ctx.snapshot()


def test_out_of_order_flushes_keep_the_newest_snapshot(bea):
    store = WindowStore(bea.db)
    s1, s2, s3 = store.take_seq(), store.take_seq(), store.take_seq()

    async def land():
        # the post-turn flush of snapshot 3 lands first, then two older background flushes
        return [await store.flush(s3, snap(3)), await store.flush(s1, snap(1)), await store.flush(s2, snap(2))]

    assert asyncio.run(land()) == [True, False, False]
    again = WindowStore(bea.db)
    assert len(again.load()["entries"]) == 3 and again.last_loaded_seq == s3


def test_the_sequence_keeps_rising_across_restarts(data_dir, env):
    from app import compose
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    store = WindowStore(bea.db)
    for _ in range(5):
        seq = store.take_seq()
    assert store.flush_sync(seq, snap(2))
    compose.close(bea)
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        store = WindowStore(bea.db)
        nxt = store.take_seq()
        assert nxt == seq + 1
        assert store.flush_sync(nxt, snap(4)) and not store.flush_sync(seq, snap(1))
        assert len(WindowStore(bea.db).load()["entries"]) == 4
    finally:
        compose.close(bea)


def test_concurrent_flushes_from_many_tasks_end_with_the_highest_sequence(bea):
    store = WindowStore(bea.db)

    async def many():
        seqs = [(store.take_seq(), n) for n in range(1, 30)]
        await asyncio.gather(*(store.flush(s, snap(n)) for s, n in reversed(seqs)))
        return seqs[-1]

    seq, n = asyncio.run(many())
    fresh = WindowStore(bea.db)
    assert fresh.last_loaded_seq == seq and len(fresh.load()["entries"]) == n


def test_an_empty_store_loads_nothing(bea):
    assert WindowStore(bea.db).load() is None
