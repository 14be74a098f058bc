"""Stage tests: QtWebEngine offscreen with software WebGL, pages driven through a qasync loop.

Chromium reads QTWEBENGINE_CHROMIUM_FLAGS once, when QtWebEngine starts, so they are set here, at import,
before any test creates a view. --ignore-gpu-blocklist lets WebGL run on the software rasteriser;
--no-sandbox is added only when the tests run as root (Chromium refuses to start a sandbox as root). The
shipped app passes neither.
"""

import asyncio
import os
import time
from pathlib import Path

import pytest

flags = os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "").split()
as_root = hasattr(os, "geteuid") and os.geteuid() == 0
wanted = ["--ignore-gpu-blocklist"] + (["--no-sandbox"] if as_root else [])
os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = " ".join(flags + [f for f in wanted if f not in flags])

FIXTURES = Path("/work/shared/fixtures/vrm")
if not FIXTURES.is_dir():  # the checkout's own copy of the shared folder, when there is one
    FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "vrm"
HAPPY_VRM = FIXTURES / "VRMC_vrm_expressions_isBinary_Overridden.vrm"
MTOON_VRM = FIXTURES / "VRMC_materials_mtoon_UV_Animation_Test.vrm"

# what the offscreen platform says about GPU contexts it cannot make; WebGL still runs (ANGLE on llvmpipe)
OFFSCREEN_GL_NOISE = [
    "Failed to create RHI", "QRhiGles2", "Failed to initialize Vulkan", "createPlatformVulkanInstance",
    "GBM is not supported", "Fallback to software rendering", "QOpenGLContext", "GPUInfo", "dbus",
    "Release of profile requested",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/stage/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.qt_log_ignore(*OFFSCREEN_GL_NOISE, extend=True))


class _LocalLoop:
    """The application as qasync sees it, running a local QEventLoop instead of QApplication.exec().

    When QApplication.exec() returns, Qt emits aboutToQuit and QtWebEngine shuts down for the rest of the
    process: the next exec() with a web view alive crashes (asyncio.Runner's close does exactly that). A local
    loop never emits it, so every test can run its own coroutine to completion."""

    def __init__(self, app):
        self.app = app
        self.loop = None

    def exec(self):
        from PySide6.QtCore import QEventLoop
        self.loop = QEventLoop()
        try:
            return self.loop.exec()
        finally:
            self.loop = None

    def exit(self, code: int = 0):
        if self.loop is not None:
            self.loop.exit(code)

    def __getattr__(self, name):
        return getattr(self.app, name)


@pytest.fixture(scope="session")
def qt_loop(qapp):
    """One qasync loop for the session: Qt (the web views) and asyncio (the server) turn together."""
    from concurrent.futures import ThreadPoolExecutor

    import qasync
    loop = qasync.QEventLoop(_LocalLoop(qapp))
    loop.set_default_executor(ThreadPoolExecutor(2, thread_name_prefix="stage-tests"))  # not QThreads
    yield loop
    loop.close()


@pytest.fixture
def qt_run(qt_loop):
    def run(coro, timeout: float = 90.0):
        asyncio.set_event_loop(qt_loop)
        try:
            return qt_loop.run_until_complete(asyncio.wait_for(coro, timeout))
        finally:
            asyncio.set_event_loop(None)
    return run


@pytest.fixture
def web_views():
    """Web views made by a test, deleted (page and all) when it ends: a page still alive when QtWebEngine
    shuts down at exit crashes the process."""
    import shiboken6

    made = []
    yield made
    for view in reversed(made):
        if shiboken6.isValid(view):
            view.close()
            shiboken6.delete(view)


async def until(predicate, timeout: float = 20.0, what: str = "condition", step: float = 0.05):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(step)


async def js(view, script: str):
    """Evaluate script in a web view's page (a StageView or a bare QWebEngineView) and return its value."""
    import json
    done = asyncio.get_running_loop().create_future()
    web = getattr(view, "web", view)
    web.page().runJavaScript(f"JSON.stringify({script})", 0,
                             lambda result: done.done() or done.set_result(result))
    text = await asyncio.wait_for(done, 10)
    return None if text in (None, "", "undefined") else json.loads(text)


async def until_js(view, script: str, timeout: float = 20.0, what: str = ""):
    """Wait until script is truthy in the page; returns its value."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = await js(view, script)
        except Exception:  # the page is still loading: the script threw
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or script}")
        await asyncio.sleep(0.1)
