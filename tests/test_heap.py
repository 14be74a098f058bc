"""Native memory goes back to the system: a heap with a free middle (what hours of small allocations on many
threads leave) shrinks when app.process.heap trims it, once or on its schedule. glibc only: elsewhere both are
no-ops."""

from __future__ import annotations

import asyncio
import os
import platform

import pytest

from app.process import heap

pytestmark = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim and mallopt are glibc's")

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE / 2**20


def fragmented_heap() -> list[bytes]:
    """About 80 MB of blocks too big for Python's own allocator (so they come from malloc), then every block
    but one in twenty freed: the heap's top stays in use, so malloc cannot shrink it by itself."""
    blocks = [bytes(2000) + bytes([i % 251]) for i in range(40_000)]
    kept = blocks[::20]
    del blocks
    return kept


def test_configure_takes_both_settings() -> None:
    assert heap.configure() is True


def test_a_trim_gives_a_free_middle_back() -> None:
    kept = fragmented_heap()
    before = rss_mb()
    assert heap.trim() is True
    after = rss_mb()
    assert before - after > 30, f"RSS {before:.0f} -> {after:.0f} MB"
    assert len(kept) == 2000   # what is held stays


def test_kept_trimmed_on_its_schedule() -> None:
    async def go() -> tuple[float, float]:
        kept = fragmented_heap()
        before = rss_mb()
        task = asyncio.create_task(heap.keep_trimmed(every=0.01))
        await asyncio.sleep(0.5)
        task.cancel()
        after = rss_mb()
        assert len(kept) == 2000
        return before, after

    before, after = asyncio.run(go())
    assert before - after > 30, f"RSS {before:.0f} -> {after:.0f} MB"
