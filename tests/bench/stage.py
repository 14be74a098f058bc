"""Benchmark: the stage page's frame rate under software GL while she speaks, and Python → page latency.

Run from the repo root: .venv/bin/python tests/bench/stage.py  (BEA_BENCH_SECONDS=3 for a quick run).
The real page (stage/index.html, three.js + three-vrm) runs in QtWebEngine offscreen, WebGL on the
software rasteriser (ANGLE on llvmpipe or SwiftShader: the renderer is printed), at 1280x720 unless
BEA_BENCH_SIZE=WxH says otherwise. It shows a fixture VRM given mouth shapes (tests/stage/vrmfiles.py), and
for BEA_BENCH_SECONDS (default 10) Python streams what speaking sends: mouth levels at 60 per second
(lipsync.text_envelope of a long line, resampled), an expression change every 2 s, and a ping every 50 ms.

stage_fps is the mean of the page's own once-a-second frame counts after a 2 s warm-up (less on a short
run; the page caps at 60, the display's rate). msg_latency_ms_p50 is the median one-way delay from the Python
send (time.time()) to the page's message handler (performance.timeOrigin + performance.now()): both read the
same system clock.
The round trip (ping → pong) is printed too, as a clock-free check.
Last line: RESULT stage_fps=... msg_latency_ms_p50=...
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script, the repo root is not on the path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_flags = os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "").split()
_root = hasattr(os, "geteuid") and os.geteuid() == 0
_wanted = ["--ignore-gpu-blocklist"] + (["--no-sandbox"] if _root else [])   # a dev tool, like the tests
os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = " ".join(_flags + [f for f in _wanted if f not in _flags])

from app.process.clock import SYSTEM  # noqa: E402
from app.stage import lipsync  # noqa: E402
from app.stage import messages as m  # noqa: E402
from app.stage.server import StageServer  # noqa: E402
from app.widgets.qt import QApplication, QUrl, QWebEngineView  # noqa: E402
from tests.stage.vrmfiles import with_mouth  # noqa: E402

SECONDS = float(os.environ.get("BEA_BENCH_SECONDS", "10"))
WIDTH, HEIGHT = (int(v) for v in os.environ.get("BEA_BENCH_SIZE", "1280x720").lower().split("x"))
FIXTURE = Path("/work/shared/fixtures/vrm/VRMC_vrm_expressions_isBinary_Overridden.vrm")
if not FIXTURE.is_file():
    FIXTURE = ROOT.parent / "shared" / "fixtures" / "vrm" / FIXTURE.name
LINE = ("Okay chat, that boss fight was absolutely ridiculous, and I am not doing that again without a "
        "proper plan, so tell me what you would try first, because I am out of ideas and out of potions. ")
WARM_UP = min(2.0, SECONDS / 3)


async def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise SystemExit(f"stage benchmark: timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def bench(folder: Path) -> tuple[float, float, float, float, str]:
    server = StageServer(clock=SYSTEM)
    await server.start()
    fps: list[tuple[float, float]] = []
    info: dict[str, object] = {}

    def heard(_page, message) -> None:
        if message["type"] == "stats":
            fps.append((time.monotonic(), message["fps"]))
        elif message["type"] in ("ready", "loaded", "error"):
            info[message["type"]] = message
    server.on_message(heard)

    view = QWebEngineView()
    view.resize(WIDTH, HEIGHT)
    view.show()
    view.load(QUrl(server.url(client="bench")))
    model = folder / "talking.vrm"
    model.write_bytes(with_mouth(FIXTURE))
    server.model_path = model
    server.send(m.config(camera="upper", fps_limit=int(os.environ.get("BEA_BENCH_FPS_LIMIT", "60"))))
    server.send(m.load("/stage/model/1.vrm", "talking", 1))
    await wait_for(lambda: "loaded" in info or "error" in info, 60, "the avatar")
    if "error" in info:
        raise SystemExit(f"stage benchmark: the page failed: {info['error']}")

    frames = lipsync.text_envelope(LINE * 4)           # 30 per second; sent at 60 by repeating each
    started = time.monotonic()
    next_ping = started
    i = 0
    while (now := time.monotonic()) - started < SECONDS:
        level, viseme = frames[(i // 2) % len(frames)]
        server.send(m.mouth(level, viseme))
        if i % 120 == 0:
            server.send(m.expression("happy" if (i // 120) % 2 == 0 else "", 0.8, "excited"))
        if now >= next_ping:
            server.ping()
            next_ping += 0.05
        i += 1
        await asyncio.sleep(max(0.0, started + i / 60 - time.monotonic()))
    await asyncio.sleep(0.3)   # the last pongs

    measured = [value for at, value in fps if at - started >= WARM_UP] or [value for _at, value in fps]
    stage_fps = statistics.fmean(measured) if measured else 0.0
    latency = sorted(server.latencies)
    rtt = sorted(server.round_trips)
    webgl = str(info.get("ready", {}).get("webgl", "unknown"))
    await server.stop()
    view.close()
    view.deleteLater()
    return (stage_fps, statistics.median(latency), latency[int(0.99 * (len(latency) - 1))],
            statistics.median(rtt), f"{webgl}; {len(latency)} pings, {i} mouth frames")


def main() -> None:
    import qasync

    qapp = QApplication.instance() or QApplication(sys.argv[:1])
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    with tempfile.TemporaryDirectory() as folder:
        stage_fps, p50, p99, rtt, about = loop.run_until_complete(bench(Path(folder)))
    print(f"renderer: {about}")
    print(f"viewport {WIDTH}x{HEIGHT}, {SECONDS:g} s speaking: {stage_fps:.1f} fps; Python → page one-way "
          f"p50 {p50:.2f} ms, p99 {p99:.2f} ms; round trip p50 {rtt:.2f} ms")
    print(f"RESULT stage_fps={stage_fps:.1f} msg_latency_ms_p50={p50:.2f}", flush=True)
    # QtWebEngine shuts down when the Qt loop ends for good; leaving without finalisation avoids its
    # teardown racing the interpreter's (the app leaves the same way, app.__main__.exit_now)
    os._exit(0)


if __name__ == "__main__":
    main()
