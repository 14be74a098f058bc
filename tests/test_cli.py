"""The app as a user runs it: python -m app --self-test / --headless, a wrong key, a newer file, a stuck quit."""

import hashlib
import os
import signal
import subprocess
import sys
import textwrap
import time

from tests.conftest import PASSPHRASE, REPO, run_app
from tests.xserver import needs_x, xvfb


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_self_test_passes_on_a_new_and_an_existing_store(data_dir):
    for _ in range(2):
        out = run_app("--self-test", "--data-dir", str(data_dir), env={"BEA_PASSPHRASE": PASSPHRASE})
        assert out.returncode == 0, out.stdout + out.stderr
        lines = out.stdout.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("self-test OK: 14 checks passed")
        assert "she answered with local:smollm2" in lines[0]  # a real turn with the built-in model
        assert "built-in model ready (CPU code for " in lines[0]  # the llama.cpp variant ggml chose
        assert "default models (chat, embedding, ears, voice) from " in lines[0]
    assert (data_dir / "bea.db").exists() and (data_dir / "logs" / "bea.log").exists()


def test_self_test_fails_when_she_does_not_answer(data_dir):
    """A model that answers only in plain text (it never calls speak) is a failed self-test, with the reason."""
    import asyncio

    from app import compose
    from tests.senses.llm_server import LLMServer, openai_stream

    async def main():
        async with LLMServer() as server:
            for _ in range(8):
                server.script("mute", openai_stream("mute", text=["hmm, let me think"]))
            bea = compose.build(data_dir, env={"BEA_PASSPHRASE": PASSPHRASE}, log_to_stderr=False)
            bea.settings.update({"mind.models": ["ollama:mute"], "mind.base_urls": {"ollama": server.base_url}})
            compose.close(bea)
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "app", "--self-test", "--data-dir", str(data_dir), cwd=REPO,
                env={**os.environ, "BEA_PASSPHRASE": PASSPHRASE}, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            out, _err = await asyncio.wait_for(proc.communicate(), 120)
            return proc.returncode, out.decode(), server.calls("mute")

    code, out, calls = asyncio.run(main())
    assert code == 1 and calls >= 1, out
    assert out.startswith("self-test FAILED at mind: she did not answer a line typed to her with ollama:mute"), out


def test_a_wrong_passphrase_exits_2_and_leaves_the_file_byte_identical(data_dir):
    assert run_app("--self-test", "--data-dir", str(data_dir), env={"BEA_PASSPHRASE": PASSPHRASE}).returncode == 0
    db = data_dir / "bea.db"
    before = digest(db)
    for mode in ("--self-test", "--headless"):
        out = run_app(mode, "--data-dir", str(data_dir), env={"BEA_PASSPHRASE": "not the passphrase"})
        assert out.returncode == 2, out.stdout + out.stderr
        assert "this database is locked with a different key" in out.stderr
        assert digest(db) == before
    assert "not the passphrase" not in (data_dir / "logs" / "bea.log").read_text()


def test_no_keyring_and_no_passphrase_says_what_to_do(data_dir):
    out = run_app("--self-test", "--data-dir", str(data_dir))
    assert out.returncode == 2
    assert "BEA_PASSPHRASE" in out.stderr
    assert not (data_dir / "bea.db").exists()


def test_a_file_from_a_newer_version_is_refused(data_dir):
    assert run_app("--self-test", "--data-dir", str(data_dir), env={"BEA_PASSPHRASE": PASSPHRASE}).returncode == 0
    script = textwrap.dedent(f"""
        import sqlcipher3
        c = sqlcipher3.connect({str(data_dir / 'bea.db')!r}, isolation_level=None)
        c.execute("PRAGMA key = '{PASSPHRASE}'")
        c.execute("PRAGMA user_version = 99")
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    """)
    subprocess.run([sys.executable, "-c", script], check=True)
    before = digest(data_dir / "bea.db")
    out = run_app("--self-test", "--data-dir", str(data_dir), env={"BEA_PASSPHRASE": PASSPHRASE})
    assert out.returncode == 2 and "newer version of Bea (schema 99" in out.stderr
    assert digest(data_dir / "bea.db") == before


def test_headless_runs_and_stops_cleanly_on_sigterm(data_dir):
    proc = subprocess.Popen([sys.executable, "-m", "app", "--headless", "--data-dir", str(data_dir)], cwd=REPO,
                            env={**os.environ, "BEA_PASSPHRASE": PASSPHRASE}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert "running headless" in proc.stdout.readline()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        proc.kill()
    log = (data_dir / "logs" / "bea.log").read_text()
    assert "Bea stopped" in log


STUCK_HEADLESS = """
import asyncio, sys, time
from pathlib import Path
from app import compose

async def main():
    bea = compose.build(Path(sys.argv[1]), env={"BEA_PASSPHRASE": "pw-for-stuck-test"})
    loop = asyncio.get_running_loop()
    loop.set_default_executor(bea.blocking)
    await compose.start(bea)
    stuck = loop.run_in_executor(bea.blocking, time.sleep, 3600)   # a hung STT call, say
    loop.run_in_executor(None, time.sleep, 3600)                    # and one on the default executor
    await asyncio.sleep(0.2)
    print("quitting", flush=True)
    await compose.stop(bea)

asyncio.run(main())
print("exited", flush=True)
from app.__main__ import exit_now
exit_now(0)
"""

STUCK_GUI = """
import asyncio, sys, time
from pathlib import Path
import qasync
from app import compose
from app.ui import launch

qapp = launch.application()
bea = compose.build(Path(sys.argv[1]), env={"BEA_PASSPHRASE": "pw-for-stuck-test"})
shell = launch.Shell(bea, launch.app_icon())

async def main():
    serving = asyncio.ensure_future(shell.serve())
    await asyncio.sleep(0.5)
    asyncio.get_running_loop().run_in_executor(bea.blocking, time.sleep, 3600)
    asyncio.get_running_loop().run_in_executor(None, time.sleep, 3600)
    await asyncio.sleep(0.1)
    print("quitting", flush=True)
    shell.actions.quit.trigger()
    return await serving

loop = qasync.QEventLoop(qapp)   # as launch.run does: one loop, closed once (the stage's web view is up)
asyncio.set_event_loop(loop)
try:
    code = loop.run_until_complete(main())
finally:
    loop.close()
print("exited", code, flush=True)
from app.__main__ import exit_now
exit_now(code)
"""


def _quit_time(script: str, data_dir) -> float:
    proc = subprocess.Popen([sys.executable, "-c", script, str(data_dir)], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        line = proc.stdout.readline()
        assert line.strip() == "quitting", line + proc.stderr.read()
        start = time.monotonic()
        proc.wait(timeout=15)
        elapsed = time.monotonic() - start
        rest = proc.stdout.read()
        assert proc.returncode == 0 and "exited" in rest, rest + proc.stderr.read()
        return elapsed
    finally:
        proc.kill()


def test_quitting_with_a_stuck_executor_task_exits_within_5_seconds(data_dir):
    assert _quit_time(STUCK_HEADLESS, data_dir) < 5.0


def test_quitting_the_window_with_a_stuck_executor_task_exits_within_5_seconds(data_dir):
    assert _quit_time(STUCK_GUI, data_dir) < 5.0


def _window_app_sigterm(data_dir, ready: str, pause: float = 0.5, **env: str) -> None:
    # stderr to a file: QtWebEngine writes plenty, and a full pipe nobody reads would stall the app
    errors = data_dir.parent / "stderr.txt"
    with errors.open("w") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "app", "--data-dir", str(data_dir)], cwd=REPO,
                                env={**os.environ, "BEA_PASSPHRASE": PASSPHRASE, "QT_QPA_PLATFORM": "offscreen",
                                     **env}, stdout=subprocess.DEVNULL, stderr=sink)
    log = data_dir / "logs" / "bea.log"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (log.exists() and ready in log.read_text()):
            time.sleep(0.1)
        assert ready in log.read_text(), log.read_text()[-3000:]
        time.sleep(pause)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0, errors.read_text()[-3000:]
    finally:
        proc.kill()
    assert "Bea stopped" in log.read_text()


def test_the_window_app_quits_cleanly_on_sigterm(data_dir):
    _window_app_sigterm(data_dir, "running window-only", DISPLAY="")


def test_a_sigterm_while_the_window_app_is_still_starting_is_kept_and_she_quits_cleanly(data_dir):
    """The signal comes as the shell is made, before the window or any loop: she starts, then quits cleanly."""
    _window_app_sigterm(data_dir, "running window-only", pause=0, DISPLAY="")


@needs_x
def test_the_window_app_quits_cleanly_with_the_talk_key_hooked_on_an_x_display(data_dir):
    """The system-wide key hook is a thread of pynput's: quitting with it live exits cleanly, at once."""
    for display in xvfb():
        # no --ignore-gpu-blocklist here: offscreen Qt with a DISPLAY set, Chromium would try GLX and trap
        _window_app_sigterm(data_dir, "the talk key F8 is heard in any app", DISPLAY=display,
                            QTWEBENGINE_CHROMIUM_FLAGS="--no-sandbox")
