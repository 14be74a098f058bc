"""Native memory a long stream gives back to the system.

A stream is hours of small allocations on many threads (the store's readers, the embedder, her voice, the
HTTP clients). glibc's malloc keeps what they free inside its heaps, one heap per thread that ever contended,
and a heap's free middle is never returned on its own: the app's resident memory climbs although what it holds
does not (measured in the stream in a box: +135 MB over three hours, most of it free chunks inside the heaps).
1. At start, before the worker threads exist, malloc is told to keep at most ARENAS heaps (M_ARENA_MAX) and to
   give every block of MMAP_THRESHOLD or more its own mapping, returned whole when freed (M_MMAP_THRESHOLD; left
   alone, glibc raises that threshold after the first large free, and the embedder's and the voice's large
   short-lived buffers then fragment the heaps).
2. Every TRIM_EVERY seconds, off the event loop, malloc_trim(0) returns every whole free page of every heap to
   the system (under a millisecond); every COLLECT_EVERY-th time a full garbage collection comes first (tens of
   milliseconds with the GIL held). It changes nothing the app holds. Once a minute, not every five: after a trim,
   the churn of a stream touches the heap's free pages again one by one and resident memory climbs back towards
   the heap's size although nothing more is held (stream in a box, 1,200 lines after a restart: +51 MB between
   two points with a trim every 5 minutes, -22 MB with one a minute; malloc's in-use heap flat in both).
Elsewhere (macOS, Windows, musl) there is no glibc: both are no-ops.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging

log = logging.getLogger(__name__)

ARENAS = 2
MMAP_THRESHOLD = 1 << 20
TRIM_EVERY = 60.0
COLLECT_EVERY = 5
_M_MMAP_THRESHOLD, _M_ARENA_MAX = -3, -8


def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim, libc.mallopt  # noqa: B018 (both exist only in glibc)
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _glibc()


def configure(arenas: int = ARENAS, mmap_threshold: int = MMAP_THRESHOLD) -> bool:
    """Step 1; True when malloc took both."""
    if _LIBC is None:
        return False
    return bool(_LIBC.mallopt(_M_ARENA_MAX, arenas)) & bool(_LIBC.mallopt(_M_MMAP_THRESHOLD, mmap_threshold))


def trim(collect: bool = True) -> bool:
    """Step 2, once (blocking): True when some memory went back to the system."""
    if collect:
        gc.collect()
    return _LIBC is not None and bool(_LIBC.malloc_trim(0))


async def keep_trimmed(every: float = TRIM_EVERY, collect_every: int = COLLECT_EVERY) -> None:
    """Step 2 for as long as the app runs."""
    loop = asyncio.get_running_loop()
    count = 0
    while True:
        await asyncio.sleep(every)
        count += 1
        try:
            await loop.run_in_executor(None, trim, count % collect_every == 0)
        except Exception:
            log.exception("giving memory back failed")
