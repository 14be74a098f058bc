"""Benchmark: what the sliding window costs per turn when it is full, and what replaying it costs.

Run from the repo root: .venv/bin/python tests/bench/window.py  (BEA_BENCH_TURNS=5 for a quick run).
A window is filled with chat-like lines to 150k and to 500k tokens (the declared estimator counts) and
written whole once (as the first flush after a start, or a slide, does: compact_ms), then each "turn"
appends three heard lines and one spoken line and flushes what changed, encrypted, in one transaction (the
changes taken on the caller's thread, the write on the store's writer). Replay is timed without its cache, as
after a slide. The baseline in the same run is serialising the whole snapshot (json.dumps), what a flush cost
when it rewrote the window every turn.
Last line: RESULT append_flush_ms_150k=... append_flush_ms_500k=... compact_ms_500k=... replay_ms_150k=...
loop_ms_150k=... flush_vs_json=...
"""

from __future__ import annotations

import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.core.budget import Budget  # noqa: E402
from app.core.context_window import SingleContext  # noqa: E402
from app.memory.database import Database  # noqa: E402
from app.memory.keys import KeyMaterial  # noqa: E402
from app.memory.window_store import WindowStore  # noqa: E402
from app.process.clock import SYSTEM
from tests.her_words import EN

TURNS = int(os.environ.get("BEA_BENCH_TURNS", "30"))
WORDS = ("ciao", "bea", "come", "stai", "that", "boss", "fight", "was", "insane", "lol", "pasta", "stasera",
         "chat", "what", "game", "next", "stream", "grazie", "raga", "clip", "it")


def line(rng: random.Random, i: int) -> str:
    return f"[user{i % 97}] " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 18)))


def filled(tokens: int) -> SingleContext:
    """Filled to 5k short of `tokens`, so the turns measured do not push a 500k window into its ceiling's
    valve (in a stream the handoff keeps the window below its trigger, far from the ceiling)."""
    rng = random.Random(tokens)
    ctx = SingleContext(Budget(500_000))
    i = 0
    while ctx.used() < tokens - 5_000:
        ctx.heard(line(rng, i), "twitch:#bea")
        if i % 4 == 3:
            ctx.spoke(line(rng, i + 1), "happy", "twitch:#bea")
        i += 1
    return ctx


def compact_ms(ctx: SingleContext, store: WindowStore) -> float:
    """The whole window written once (the first flush after a start, or after a slide)."""
    start = time.perf_counter()
    store.flush_sync(ctx)
    return (time.perf_counter() - start) * 1000


def per_turn(ctx: SingleContext, store: WindowStore) -> tuple[float, float, float]:
    """(append + replay + flush of the changes, the part of it on the loop's thread, json.dumps of the whole
    snapshot), medians."""
    rng = random.Random(1)
    ctx.replay(EN)
    total, loop, dumps = [], [], []
    for i in range(TURNS):
        start = time.perf_counter()
        for k in range(3):
            ctx.heard(line(rng, i * 3 + k), "twitch:#bea")
        ctx.spoke(line(rng, i), "happy", "twitch:#bea")
        ctx.replay(EN)
        loop.append((time.perf_counter() - start) * 1000)
        store.flush_sync(ctx)
        total.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        json.dumps(ctx.snapshot(), ensure_ascii=False)
        dumps.append((time.perf_counter() - start) * 1000)
    return statistics.median(total), statistics.median(loop), statistics.median(dumps)


def replay_ms(ctx: SingleContext) -> float:
    """A full replay, as after a slide or a restart (a restored copy has nothing cached)."""
    times = []
    for _ in range(max(3, TURNS // 3)):
        copy = SingleContext.restore(ctx.snapshot(), ctx.budget)
        start = time.perf_counter()
        copy.replay(EN)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Database.open(Path(folder) / "bea.db", KeyMaterial("raw", secrets.token_hex(32)))
        try:
            store = WindowStore(db, clock=SYSTEM.time)
            results = {}
            for size in (150_000, 500_000):
                ctx = filled(size)
                whole = compact_ms(ctx, store)
                ms, loop_ms, json_ms = per_turn(ctx, store)
                results[size] = (ms, json_ms, ctx, loop_ms, whole)
                print(f"{size:,} tokens ({len(ctx.entries):,} entries): written whole once in {whole:.1f} ms; "
                      f"append + flush {ms:.1f} ms per turn, of which {loop_ms:.2f} ms on the loop's thread "
                      f"(json.dumps of the whole window alone {json_ms:.1f} ms)")
            replay = replay_ms(results[150_000][2])
            print(f"replay of the 150k window, uncached: {replay:.1f} ms")
        finally:
            db.close()
    ratio = results[150_000][0] / max(results[150_000][1], 1e-6)
    print(f"RESULT append_flush_ms_150k={results[150_000][0]:.1f} append_flush_ms_500k={results[500_000][0]:.1f} "
          f"compact_ms_500k={results[500_000][4]:.1f} replay_ms_150k={replay:.1f} "
          f"loop_ms_150k={results[150_000][3]:.2f} flush_vs_json={ratio:.2f}")


if __name__ == "__main__":
    main()
