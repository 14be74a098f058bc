"""Benchmark: the SSE parser's feed cost, for a real-shaped stream and for an endless line with no newline.

Run from the repo root: .venv/bin/python tests/bench/sse.py  (BEA_BENCH_SSE_MB=2 for a quick run).
An endless line of N MiB is fed in 1 KiB chunks at N/8, N/4, N/2 and N MiB; linear cost keeps the time per
MiB flat, so `growth` (time per MiB at the largest size over time per MiB at the smallest) stays near 1
(rescanning the unfinished line on every chunk made it grow with the size: 8 at 8x the bytes).
The last line is machine-readable:
RESULT stream_mb_per_s=<x.x> events_per_s=<int> endless_line_mb_per_s=<x.x> growth=<x.xx>
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.core.sse import SSEParser  # noqa: E402

MB = int(os.environ.get("BEA_BENCH_SSE_MB", "8"))
CHUNK = 1024
REPEATS = 3  # best of N: the minimum is the run least disturbed by the rest of the machine


def chat_stream(events: int) -> bytes:
    """OpenAI-shaped chunks, one token each, as a local server streams them."""
    out = []
    for i in range(events):
        doc = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
               "choices": [{"index": 0, "delta": {"content": f" word{i % 97}"}, "finish_reason": None}]}
        out.append(f"data: {json.dumps(doc)}\n\n".encode())
        if i % 50 == 0:
            out.append(b": keep-alive\n\n")
    return b"".join(out)


def best(run) -> float:
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def feed(data: bytes, chunk: int, max_line: int = 1 << 20) -> int:
    parser = SSEParser(max_line=max_line, max_event=max_line)
    count = 0
    for i in range(0, len(data), chunk):
        count += len(parser.feed(data[i:i + chunk]))
    return count + len(parser.close())


def main() -> None:
    stream = chat_stream(20_000)
    events = feed(stream, 137)
    stream_s = best(lambda: feed(stream, 137))
    per_mb = {}
    for fraction in (8, 4, 2, 1):
        size = max(1, MB * (1 << 20) // fraction)
        line = b"data: " + b"x" * size
        seconds = best(lambda line=line: feed(line, CHUNK, max_line=2 * len(line)))
        per_mb[size] = seconds / (size / (1 << 20))
        print(f"endless line {size / (1 << 20):6.2f} MiB in {CHUNK} B chunks: {seconds * 1000:8.1f} ms "
              f"({per_mb[size] * 1000:.2f} ms per MiB)")
    sizes = sorted(per_mb)
    growth = per_mb[sizes[-1]] / per_mb[sizes[0]]
    print(f"stream: {len(stream) / (1 << 20):.1f} MiB, {events} events in {stream_s * 1000:.1f} ms")
    print(f"RESULT stream_mb_per_s={len(stream) / (1 << 20) / stream_s:.1f} events_per_s={events / stream_s:.0f} "
          f"endless_line_mb_per_s={1 / per_mb[sizes[-1]]:.1f} growth={growth:.2f}")


if __name__ == "__main__":
    main()
