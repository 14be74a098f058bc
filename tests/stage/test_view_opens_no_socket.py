"""The app's stage view opens no socket: in a loopback-only network namespace under strace, the composed app's
stage with its view shown loads her avatar (the page, its modules, the model over the view's own scheme, her
messages over the web channel) while nothing in the process tree connects beyond this machine or asks a name
server. A view on the stage's HTTP address, the way a browser source loads it, is the control: Chromium's
resolver probes an address on the internet for IPv6 before its first request, and the sandbox sees it."""

from __future__ import annotations

import sys

import pytest

from tests.bench.privacy import read_trace, sandbox_missing, sandboxed
from tests.conftest import PASSPHRASE

MISSING = sandbox_missing()
pytestmark = [pytest.mark.skipif(MISSING is not None, reason=f"no loopback-only sandbox here: {MISSING}"),
              pytest.mark.timeout(300)]

SESSION = """
import asyncio, os, socket, sys, tempfile
os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = "--no-sandbox --ignore-gpu-blocklist"   # WebGL on the software rasteriser
from pathlib import Path
import qasync
from app import compose
from app.widgets.qt import QApplication, QUrl, QWebEngineView
from app.skills.stage.view import make_stage

how = sys.argv[1]
qapp = QApplication(sys.argv[:1])
loop = qasync.QEventLoop(qapp)
asyncio.set_event_loop(loop)

async def until(predicate, what):
    for _ in range(1200):
        if predicate():
            return
        await asyncio.sleep(0.05)
    raise SystemExit(f"timed out waiting for {what}")

async def main():
    data = Path(tempfile.mkdtemp()) / "data"
    bea = compose.build(data, env={"BEA_PASSPHRASE": sys.argv[2]}, log_to_stderr=False)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    bea.settings.update({"skills.stage.port": port})
    skill = bea.skills["stage"]
    await skill.start()
    if how == "app":
        view = make_stage(skill)
    else:
        view = QWebEngineView()
        view.load(QUrl(skill.obs_url()))
    view.resize(640, 480)
    view.show()
    client = "app" if how == "app" else "obs"
    await until(lambda: any(p.client == client and p.ready for p in skill.pages()), "the page")
    await until(lambda: any(p.client == client and p.loaded for p in skill.pages()), "her avatar")
    print("LOADED", flush=True)
    await asyncio.sleep(1.0)
    view.close()
    view.deleteLater()
    await skill.stop()
    compose.close(bea)

with loop:
    loop.run_until_complete(main())
"""


def session(how: str, tmp_path) -> tuple[str, object]:
    done = sandboxed([sys.executable, "-c", SESSION, how, PASSPHRASE], tmp_path / f"trace-{how}", timeout=240)
    assert "LOADED" in done.stdout, f"exit {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout, read_trace((tmp_path / f"trace-{how}").read_text())


def test_the_apps_stage_view_loads_her_avatar_with_no_socket_beyond_this_machine(tmp_path):
    _out, trace = session("app", tmp_path)
    assert not trace.outside and not trace.dns, "left this machine:\n" + trace.summary()


def test_the_same_page_over_http_makes_chromium_probe_the_internet(tmp_path):
    _out, trace = session("browser", tmp_path)
    assert any(":443" in where or ":53" in where for where in trace.outside), trace.summary() or "nothing seen"
