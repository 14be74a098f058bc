"""A hostile .vrm reaches nothing outside this computer, with the real stage page in QtWebEngine.

The file check is bypassed (the file is handed to the server directly, as if it had slipped past it): its
first texture points at http://beacon.localhost:<port>/beacon.png. "Outside" is a loopback HTTP server that
counts what reaches it; Chromium sends any *.localhost name to loopback itself, so the name is not one the
app's web view may reach, and yet a request that got through would land here and be counted.

Two layers stop it, each proven alone: the stage server's Content-Security-Policy (what protects OBS, whose
browser the app does not control) and the app's web view's request interceptor (LoopbackOnly). A view on a
profile of its own without the interceptor, on the page without the policy, does fetch the beacon: the
control that shows the test would see a leak.
"""

import asyncio
import logging

import pytest
from aiohttp import web

from app.stage import messages as m
from app.stage.server import StageServer
from tests.stage.conftest import HAPPY_VRM, until
from tests.stage.test_page import stage
from tests.stage.vrmfiles import with_uri, write

pytestmark = pytest.mark.timeout(240)
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
                    "0000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


class Outside:
    """The internet, as far as the test is concerned: counts every request, answers with a pixel."""

    def __init__(self):
        self.requests: list[str] = []
        self.port = 0
        self._runner = None

    async def __aenter__(self):
        async def any_request(request: web.Request) -> web.Response:
            self.requests.append(f"{request.host}{request.path}")
            return web.Response(body=PNG, content_type="image/png",
                                headers={"Access-Control-Allow-Origin": "*"})
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", any_request)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def __aexit__(self, *exc):
        await self._runner.cleanup()

    @property
    def beacon(self) -> str:
        return f"http://beacon.localhost:{self.port}/beacon.png"


@pytest.fixture
def bare_profile(qapp):
    """Views on an off-the-record profile of their own, with no interceptor: a browser the app does not
    guard (OBS's, say). Deleted views first, then the profile."""
    import shiboken6

    from app.widgets.qt import QWebEngineProfile
    made = []
    profile = QWebEngineProfile()

    def view(url: str):
        from app.skills.stage.view import StagePage
        from app.widgets.qt import QUrl, QWebEngineView
        web_view = QWebEngineView()
        web_view.setPage(StagePage(profile, web_view))   # console to the log, like the app's page
        made.append(web_view)
        web_view.resize(480, 360)
        web_view.show()
        web_view.load(QUrl(url))
        return web_view

    yield view
    for web_view in reversed(made):
        if shiboken6.isValid(web_view):
            web_view.close()
            shiboken6.delete(web_view)
    shiboken6.delete(profile)


async def load_everywhere(skill, path, clients: set[str]):
    """Hand the file to the server as the skill would after its check, and wait until every page has
    loaded it: three.js has asked for all its textures by then."""
    skill.serial += 1
    skill.server.model_path = path
    skill.server.send(m.load(f"/stage/model/{skill.serial}.vrm", path.name, skill.serial))

    def done():
        pages = {p.client: p for p in skill.pages()}
        return all(c in pages and (pages[c].loaded or {}).get("serial") == skill.serial for c in clients)
    await until(done, timeout=60, what=f"{path.name} loaded in {sorted(clients)}")
    await asyncio.sleep(1.0)   # a request in flight would have landed


def test_a_hostile_avatar_fetches_nothing_outside_in_the_app_or_in_a_browser_source(
        bea, web_views, bare_profile, qt_run, tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="app.skills.stage.view")

    async def main():
        async with Outside() as outside, stage(bea, web_views) as (skill, view):
            hostile = write(tmp_path / "beacon.vrm", with_uri(HAPPY_VRM, outside.beacon))
            bare_profile(skill.obs_url())
            await until(lambda: {"app", "obs"} <= {p.client for p in skill.pages()}, timeout=30,
                        what="both pages")
            await load_everywhere(skill, hostile, {"app", "obs"})
            assert outside.requests == []
            # the policy refused it, in the unguarded view too: that is what keeps OBS from fetching it
            said = " ".join(r.getMessage() for r in caplog.records)
            assert "violates the following Content Security Policy directive" in said
            assert outside.beacon in said
    qt_run(main())


def test_without_the_policy_the_app_view_still_refuses_and_an_unguarded_view_would_leak(
        bea, web_views, bare_profile, qt_run, tmp_path, monkeypatch):
    # only the policy is taken away (the layer in front of the interceptor), to prove the interceptor alone
    monkeypatch.setattr(StageServer, "_guard_headers", staticmethod(lambda host, script_hashes=(): {}))

    async def main():
        async with Outside() as outside, stage(bea, web_views) as (skill, view):
            hostile = write(tmp_path / "beacon.vrm", with_uri(HAPPY_VRM, outside.beacon))
            refused = view.guard.refused
            await load_everywhere(skill, hostile, {"app"})
            assert outside.requests == []
            assert view.guard.refused > refused       # the interceptor saw it and refused it

            bare_profile(skill.obs_url())             # the control: the same page where nothing guards it
            await until(lambda: outside.requests, timeout=60, what="the beacon in the unguarded view")
            assert outside.requests[0] == f"beacon.localhost:{outside.port}/beacon.png"
    qt_run(main())


def test_the_app_view_refuses_any_non_loopback_request_a_page_makes(bea, web_views, qt_run):
    """Not only textures: a fetch, a WebSocket and an image to remote names are all refused by the view."""
    from app.skills.stage.view import make_stage
    from app.widgets.qt import QUrl

    async def main():
        async with Outside() as outside:
            async def probe(_request):
                hosts = (f"beacon.localhost:{outside.port}", "192.0.2.1", "example.invalid")
                body = "".join(f'<img src="http://{h}/i.png">' for h in hosts)
                script = "".join(f'fetch("http://{h}/f").catch(()=>{{}});'
                                 f'try {{ new WebSocket("ws://{h}/w"); }} catch (e) {{}}' for h in hosts)
                script += f'fetch("http://127.0.0.1:{outside.port}/allowed");'
                return web.Response(text=f"<!doctype html><body>{body}<script>{script}</script></body>",
                                    content_type="text/html")
            app = web.Application()
            app.router.add_get("/stage/probe", probe)
            runner = web.AppRunner(app, access_log=None)
            await runner.setup()
            await web.TCPSite(runner, "127.0.0.1", 0).start()
            try:
                view = make_stage(bea.skills["stage"])   # the app's own view (the stage itself is off here)
                web_views.append(view)
                before = view.guard.refused
                view.web.load(QUrl(f"http://127.0.0.1:{runner.addresses[0][1]}/stage/probe"))
                await until(lambda: f"127.0.0.1:{outside.port}/allowed" in outside.requests, timeout=30,
                            what="the loopback fetch")
                await until(lambda: view.guard.refused - before >= 9, timeout=30, what="nine refusals")
                await asyncio.sleep(0.5)
                assert outside.requests == [f"127.0.0.1:{outside.port}/allowed"]
            finally:
                await runner.cleanup()
    qt_run(main())
