"""The main window shows before the stage's web view is made (making it starts QtWebEngine, about a second on a
slow machine): until then the centre says "The stage is starting…", then the view takes its place and loads her
page. Order is asserted, not time."""

import socket

import pytest

from tests.stage.conftest import until

pytestmark = pytest.mark.timeout(240)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_window_shows_first_then_the_stage_view_is_made_and_loads_her_page(bea, web_views, qt_run):
    from app.ui import launch

    async def main():
        bea.settings.set("skills.stage.port", free_port())
        skill = bea.skills["stage"]
        shell = launch.Shell(bea, launch.app_icon())
        window, view = shell.window, shell.window.stage_view
        web_views.append(window)   # deleted (its web view and page with it) before QtWebEngine shuts down
        order = []
        view.stack.widgetAdded.connect(lambda _i: order.append(("stage view made", window.isVisible())))
        await skill.start()        # as Shell.serve does: the skills start, then the window shows
        try:
            assert view.web is None and view.stack.currentWidget() is view.placeholder
            assert view.placeholder.text() == "The stage is starting…"
            window.show()
            order.append(("window shown", window.isVisible()))
            await until(lambda: view.web is not None, timeout=30, what="the stage's web view")
            assert order == [("window shown", True), ("stage view made", True)]
            assert view.stack.currentWidget() is view.web and view.url == skill.app_url()
            await until(lambda: any(p.client == "app" for p in skill.pages()), timeout=30,
                        what="her page in the window's view")
        finally:
            await skill.stop()
            window.hide_on_close = False
    qt_run(main())
