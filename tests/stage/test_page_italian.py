"""The stage page's notices in the window's language: the app's view gives the page its words (the URL's
fragment), so in an Italian window the page says "Ancora nessun avatar…" rather than the English."""

from app.stage import messages as m
from app.ui.language import install_window_language
from tests.stage.conftest import until_js
from tests.stage.test_page import stage


def test_in_an_italian_window_the_page_says_its_notices_in_italian(bea, web_views, qt_run):
    async def main():
        async with stage(bea, web_views) as (skill, view):
            skill.server.send(m.unload())
            notice = await until_js(view, "window.stageState().notice.startsWith('Ancora') && "
                                          "window.stageState().notice", what="the Italian notice")
            assert notice == "Ancora nessun avatar: scegli un file .vrm nel pannello Palco."
    assert install_window_language("it") == "it"
    try:
        qt_run(main())
    finally:
        install_window_language("en")
