"""Benchmark: how soon holding the talk key anywhere on the desktop opens her ears.

On a real X server (Xvfb) a key press is injected through XTEST by a second connection, the way a keyboard's
press reaches the server; the clock runs from the moment the press is sent to the moment push-to-talk is
pressed on the event loop: the server, pynput's RECORD hook and its thread, the hold tracker and the loop's
queue. The baseline, measured in the same run, is one bare round trip to the same server (a sync). Needs Xvfb
(Debian: xvfb).

Run: .venv/bin/python tests/bench/talk_key.py        (BEA_BENCH_PRESSES=N, default 200)
Prints: RESULT press_ms_p50=... press_ms_p99=... release_ms_p50=... p50_vs_round_trip=...
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.xserver import xvfb  # noqa: E402

PRESSES = int(os.environ.get("BEA_BENCH_PRESSES", "200"))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def measure(display: str) -> tuple[list[float], list[float], list[float]]:
    from Xlib import XK, X
    from Xlib import display as xdisplay
    from Xlib.ext import xtest

    from app.skills.voice.talk_keys import TalkKeys

    loop = asyncio.get_running_loop()
    events: asyncio.Queue[tuple[str, float]] = asyncio.Queue()
    keys = TalkKeys(lambda: events.put_nowait(("press", time.perf_counter())),
                    lambda: events.put_nowait(("release", time.perf_counter())))
    keys.configure("F8", loop=loop)
    if keys.hook is None:
        raise SystemExit(f"no hook: {keys.why_not_global}")
    keyboard = xdisplay.Display(display)
    code = keyboard.keysym_to_keycode(XK.string_to_keysym("F8"))
    presses, releases, trips = [], [], []
    try:
        for _ in range(PRESSES):
            for kind, into in ((X.KeyPress, presses), (X.KeyRelease, releases)):
                sent = time.perf_counter()
                xtest.fake_input(keyboard, kind, code)
                keyboard.sync()
                _what, at = await asyncio.wait_for(events.get(), 5)
                into.append((at - sent) * 1000)
            started = time.perf_counter()
            keyboard.sync()
            trips.append((time.perf_counter() - started) * 1000)
    finally:
        keyboard.close()
        keys.stop()
    return presses, releases, trips


def main() -> None:
    if shutil.which("Xvfb") is None:
        raise SystemExit("talk_key.py needs Xvfb (Debian: apt-get install xvfb)")
    for display in xvfb():
        os.environ["DISPLAY"] = display
        presses, releases, trips = asyncio.run(measure(display))
    p50, p99 = statistics.median(presses), percentile(presses, 0.99)
    trip = statistics.median(trips)
    print(f"presses: {len(presses)}, round trip p50 {trip:.3f} ms")
    print(f"RESULT press_ms_p50={p50:.3f} press_ms_p99={p99:.3f} release_ms_p50={statistics.median(releases):.3f} "
          f"p50_vs_round_trip={p50 / trip:.1f}")


if __name__ == "__main__":
    main()
