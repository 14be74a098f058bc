"""Benchmark: the stream in a box (tests/e2e) at full speed, and its figures.

Run from the repo root: .venv/bin/python tests/bench/stream.py
(BEA_BOX_LINES and BEA_BOX_HOURS shrink it: 10,800 lines over 3 hours of chat by default.)
The app as `python -m app --headless` composes it, on a fresh data folder, driven on the virtual clock by the
peers on 127.0.0.1 (tests/e2e/box.py): Go live, chat, a fact, donations, a restart, End stream, the night's
dream, a second session. The mechanisms are not watched here: the figures are the app's own.
Last line: RESULT sim_hours=… lines=… turns=… handoffs=… max_prompt_tokens=… context_tokens=… rss_growth_mb=…
lines_per_s=…  (lines_per_s: chat lines per real second over the whole run, start-ups included)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # a script: the repo root is not on the path
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"   # never the developer's keyring
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from tests.e2e.box import CONTEXT, Plan, run_box  # noqa: E402

LINES = int(os.environ.get("BEA_BOX_LINES", "10800"))
HOURS = float(os.environ.get("BEA_BOX_HOURS", "3"))


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bea-stream-") as folder:
        r = run_box(Path(folder) / "data", Plan(lines=LINES, chat_hours=HOURS))
    lines = sum(r.sent.values())
    prompts = [m.prompt_tokens for m in r.measured]
    print(f"{r.turns} turns, {len(r.handoffs)} handoffs, {len(r.dreams)} dreams, {r.restarts} restart; "
          f"window at most {max(r.window, default=0):,} tokens; {len(r.sent)} chatters; "
          f"{r.sim_seconds / 3600:.2f} h simulated in {r.real_seconds:.0f} s; "
          f"RSS {r.rss_start:.0f} -> {r.rss_end:.0f} MB after warm-up")
    print("RSS along the run (line, what came just before, MB, heap):\n" + "\n".join(
        f"  {i} {what} {mb:.1f} {heap}".replace("  ", " ") for i, what, mb, heap in r.rss_trace))
    kinds = sorted({m.kind for m in r.measured})
    print("largest prompt by kind of request: " + ", ".join(
        f"{k} {max(m.prompt_tokens for m in r.measured if m.kind == k):,} ({sum(m.kind == k for m in r.measured)})"
        for k in kinds))
    print(f"RESULT sim_hours={r.sim_seconds / 3600:.2f} lines={lines} turns={r.turns} handoffs={len(r.handoffs)} "
          f"max_prompt_tokens={max(prompts, default=0)} context_tokens={CONTEXT} "
          f"rss_growth_mb={r.rss_end - r.rss_start:.1f} lines_per_s={lines / max(r.real_seconds, 1e-9):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
