"""The window in Italian, offscreen: the main window and the General settings page (and the Skills and Voice
pages) are drawn with the Italian translation installed and saved as PNGs (build/screenshots/it_*.png) to look
at; the menus and the page's labels read Italian."""


from tests.conftest import REPO

SHOTS = REPO / "build" / "screenshots"


def test_main_window_and_general_settings_in_italian(italian_shell, qtbot):
    w = italian_shell.window
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.stage.refresh()
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert w.grab().save(str(SHOTS / "it_main_window.png"))
    menus = [a.text() for a in w.menuBar().actions()]
    assert menus == ["&File", "&Vista", "&Impostazioni", "&Aiuto"]
    dialog = w.open_settings()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.grab().save(str(SHOTS / "it_settings_general.png"))
    assert dialog.windowTitle() == "Impostazioni di Bea"
    assert dialog.findChild(object, "ui.language.label").text() == "Lingua della finestra"
    assert [dialog.pages.item(i).text() for i in range(3)] == ["Generale", "Mente", "Skill"]
    for section, name in (("skills", "skills"), ("skills.voice", "voice")):   # two busier pages, to look at
        assert dialog.show_section(section)
        assert dialog.grab().save(str(SHOTS / f"it_settings_{name}.png"))
