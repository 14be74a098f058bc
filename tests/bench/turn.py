"""Benchmark: the mind's own cost per turn (everything but model time) and model calls per 1,000 chat lines.

Run from the repo root: .venv/bin/python tests/bench/turn.py  (BEA_BENCH_TURNS=100 for a quick run).
A zero-latency scripted model answers every call, so what is timed is the loop: ranking, briefing, frames,
tool dispatch, events, the turn record. The baseline, measured in the same run, is the bare scripted model
call the loop makes (its floor). Calls per 1,000 lines replays lines in bursts on a simulated clock; the
baseline there is one call per line, what a mind without batching would spend.
Last line: RESULT turn_p50_ms=... turn_p99_ms=... calls_per_1000_lines=... p50_vs_bare_call=...
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from tests.fakes import says  # noqa: E402
from tests.mind.harness import Mind, chat  # noqa: E402

TURNS = int(os.environ.get("BEA_BENCH_TURNS", "1000"))
LINES = 1000


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def turn_times() -> tuple[list[float], list[float]]:
    m = Mind()
    m.llm.default = says("ok")
    m.briefing.static_prompt = lambda: {"soul": "You are Bea, a co-host.", "clock": "[NOW] 16:00"}
    times, bare = [], []
    for i in range(TURNS):
        batch = [chat(f"line {i} from someone, ciao bea come va?", who=f"u{i % 40}")]
        start = time.perf_counter()
        await m.mind.turn(batch)
        times.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        await m.llm.complete(m.llm.calls[-1][0], [])
        bare.append((time.perf_counter() - start) * 1000)
        if len(m.llm.calls) > 50:
            m.llm.calls.clear()
        m.records.clear()
    return times, bare


async def calls_per_lines() -> int:
    rng = random.Random(7)
    m = Mind()
    m.llm.default = says("ok")
    task = asyncio.ensure_future(m.mind.run())
    sent = 0
    while sent < LINES:
        for _ in range(min(rng.randint(1, 12), LINES - sent)):  # a burst of lines ~0.1-0.6 s apart
            m.bus.put(chat(f"burst line {sent}", who=f"u{sent % 25}"))
            sent += 1
            await m.clock.advance(rng.uniform(0.1, 0.6))
        await m.clock.advance(rng.uniform(1.5, 6.0))  # then the chat breathes
        await m.quiet()
    await m.clock.advance(10)
    await m.until(lambda: not m.bus.pending())
    await m.quiet()
    task.cancel()
    return len(m.llm.calls)


def main() -> None:
    times, bare = asyncio.run(turn_times())
    calls = asyncio.run(calls_per_lines())
    p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
    bare50 = statistics.median(bare)
    print(f"turns: {TURNS}, loop p50 {p50:.3f} ms, p99 {p99:.3f} ms (bare scripted call p50 {bare50:.4f} ms)")
    print(f"chat: {LINES} lines in bursts -> {calls} model calls (one call per line would be {LINES})")
    print(f"RESULT turn_p50_ms={p50:.3f} turn_p99_ms={p99:.3f} calls_per_1000_lines={calls * 1000 // LINES} "
          f"p50_vs_bare_call={p50 / max(bare50, 1e-6):.1f}")


if __name__ == "__main__":
    main()
