"""Benchmark: how fast the window app shows its window, and how much memory it holds idle and once she answered.

Run from the repo root: .venv/bin/python tests/bench/startup.py  (BEA_STARTUP_WAIT=10 for a quick try).
It starts its own X server (Xvfb on a free display, tests/xserver.py), then the real window app on a fresh data
folder, as `python -m app --data-dir <tmp>` does: this same script re-runs itself as the app's process, which
is app.__main__.main with what the benchmark needs and a streamer does not have, none of which loads anything:
lines read from stdin are typed into the Chat skill (as the Chat dock's entry does), her finished lines (SPEECH
events) are reported on stdout, and the stage and the local API get free ports (on this shared machine other
apps may hold the usual ones; a stage without its port loads no page). Measured:
- window_s: from starting the process to its window being visible (xdotool search --sync --onlyvisible);
- idle_pss_mb: PSS summed over the app and all its child processes (QtWebEngine's), BEA_STARTUP_WAIT seconds
  (default 60) after the start, before anyone spoke to her;
- answered_pss_mb: the same sum just after her answer to one typed line (the built-in demo model answers).
PSS (from /proc/<pid>/smaps_rollup) shares the pages the processes share between them, so the sum is what the
app really costs, where an RSS sum would count QtWebEngine's shared libraries once per process.
The keyring is keyrings.alt's plaintext file in the temporary folder (XDG_DATA_HOME), QtWebEngine runs with
--no-sandbox (benchmarks and tests run as root here). The last line:
RESULT window_s=<x.xx> idle_pss_mb=<int> answered_pss_mb=<int>
"""

from __future__ import annotations

import asyncio
import os
import queue
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script, the repo root is not on the path

WAIT = float(os.environ.get("BEA_STARTUP_WAIT", "60"))
WINDOW_TIMEOUT = 120.0
ANSWER_TIMEOUT = float(os.environ.get("BEA_STARTUP_ANSWER_TIMEOUT", "180"))
LINE = "Hi Bea, how are you today?"


# ---- measuring ---------------------------------------------------------------------------------------------

def descendants(root: int) -> list[int]:
    """root and every process below it (QtWebEngine's zygotes, renderers, GPU process)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def pss_mb(root: int) -> int:
    total_kb = 0
    for pid in descendants(root):
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total_kb += int(line.split()[1])
        except OSError:
            continue  # a process that ended meanwhile
    return round(total_kb / 1024)


def lines_of(stream) -> queue.Queue[str]:
    """The app's stdout, line by line, read on a thread of its own."""
    out: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:
            out.put(line.rstrip("\n"))
        out.put("")
    threading.Thread(target=read, daemon=True).start()
    return out


def wait_for_answer(out: queue.Queue[str], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = out.get(timeout=left)
        except queue.Empty:
            break
        if line == "ANSWERED":
            return True
        if line.startswith("ERROR"):
            print(f"  the app reported: {line}", flush=True)
        if line == "":
            return False  # the app ended
    return False


def wait_for_window(env: dict[str, str], app: subprocess.Popen, started: float) -> float:
    """Seconds from `started` until a window named Bea is visible; fails if the app ends first."""
    search = subprocess.Popen(["xdotool", "search", "--sync", "--onlyvisible", "--name", "Bea"], env=env,
                              stdout=subprocess.DEVNULL)
    try:
        while search.poll() is None:
            if app.poll() is not None:
                raise SystemExit(f"the app ended (exit {app.returncode}) before its window showed")
            if time.monotonic() - started > WINDOW_TIMEOUT:
                raise SystemExit(f"no window within {WINDOW_TIMEOUT:.0f} s")
            time.sleep(0.02)
        return time.monotonic() - started
    finally:
        if search.poll() is None:
            search.kill()
        search.wait()


def bench(folder: Path) -> tuple[float, int, int | None]:
    from tests.xserver import xvfb

    xdg = folder / "xdg"
    xdg.mkdir()
    servers = xvfb("1280x720x24")
    display = next(servers)
    env = dict(os.environ, DISPLAY=display, XDG_DATA_HOME=str(xdg), QTWEBENGINE_CHROMIUM_FLAGS="--no-sandbox",
               PYTHON_KEYRING_BACKEND="keyrings.alt.file.PlaintextKeyring")
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("BEA_PASSPHRASE", None)  # a new install: the key goes to the (plaintext, temporary) keyring
    log = (folder / "app.log").open("w")
    started = time.monotonic()
    app = subprocess.Popen([sys.executable, __file__, "--app", str(folder / "data")], cwd=ROOT, env=env,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        window_s = wait_for_window(env, app, started)
        print(f"window visible after {window_s:.2f} s", flush=True)
        out = lines_of(app.stdout)
        time.sleep(max(0.0, WAIT - (time.monotonic() - started)))
        idle = pss_mb(app.pid)
        print(f"{WAIT:.0f} s after the start: {idle} MB PSS over {len(descendants(app.pid))} processes", flush=True)
        asked = time.monotonic()
        app.stdin.write(LINE + "\n")
        app.stdin.flush()
        answered = None
        if wait_for_answer(out, ANSWER_TIMEOUT):
            answered = pss_mb(app.pid)
            print(f"she answered after {time.monotonic() - asked:.1f} s: {answered} MB PSS", flush=True)
        else:
            print(f"no answer within {ANSWER_TIMEOUT:.0f} s; the end of the app's log:", flush=True)
            log.flush()
            print("\n".join((folder / "app.log").read_text().splitlines()[-20:]), flush=True)
        return window_s, idle, answered
    finally:
        app.terminate()  # SIGTERM quits like the Quit action
        try:
            app.wait(30)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait(10)
        log.close()
        servers.close()


# ---- the app's own process ---------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run_app(data_dir: str) -> None:
    """app.__main__.main on data_dir, with stdin typed into the Chat skill and her first line reported."""
    from app import compose
    from app.__main__ import exit_now, main
    from app.core.events import EventKind

    start = compose.start

    async def start_and_listen(bea: compose.Bea) -> None:
        loop = asyncio.get_running_loop()
        # on a streamer's machine the stage's port is free; here other apps and tests may hold it, and a stage
        # that waits for its port loads no page (no renderer process): the benchmark gives it a free one
        bea.settings.set("skills.stage.port", free_port())

        def said(event) -> None:
            if not event.data.get("chunk"):
                print("ANSWERED", flush=True)
        bea.bus.subscribe(said, kinds=[EventKind.SPEECH], replay=False)
        bea.bus.subscribe(lambda e: print(f"ERROR from {e.source}: {e.text[:160]}", flush=True),
                          kinds=[EventKind.ERROR],
                          replay=False)

        def typed() -> None:
            for line in sys.stdin:
                loop.call_soon_threadsafe(bea.skills["chat"].send, line.strip())
        threading.Thread(target=typed, daemon=True).start()
        await start(bea)

    compose.start = start_and_listen
    exit_now(main(["--data-dir", data_dir, "--api-port", "0"]))


def main() -> None:
    if sys.argv[1:2] == ["--app"]:
        run_app(sys.argv[2])
        return
    load = os.getloadavg()[0]
    print(f"cores={os.cpu_count()} load_1min={load:.2f} wait_s={WAIT:.0f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bea-startup-") as folder:
        window_s, idle, answered = bench(Path(folder))
    if answered is None:
        print(f"RESULT window_s={window_s:.2f} idle_pss_mb={idle} answered_pss_mb=none")
        sys.exit(1)
    print(f"RESULT window_s={window_s:.2f} idle_pss_mb={idle} answered_pss_mb={answered}")


if __name__ == "__main__":
    main()
