"""A settings page taller than its dialog scrolls instead of squeezing its rows, and is torn down cleanly: its
page is kept as tall as its word-wrapped rows need at the width it is shown, by the page itself (no event filter)."""

from __future__ import annotations

from app.skills.voice.skill import VoiceSettings
from app.widgets.forms import SectionForm
from app.widgets.qt import QApplication


def test_a_tall_page_scrolls_at_any_width_and_keeps_its_rows_whole(qtbot):
    page = SectionForm("skills.voice", VoiceSettings, VoiceSettings())
    qtbot.addWidget(page)
    page.advanced_button.click()                       # every row shown: far taller than the page
    page.resize(420, 300)
    page.show()
    qtbot.waitExposed(page)
    inner = page._area.widget()
    for width in (420, 300, 640):
        page.resize(width, 300)
        QApplication.processEvents()
        needed = inner.layout().totalHeightForWidth(inner.width())
        assert inner.minimumHeight() == needed > 300, (width, inner.minimumHeight(), needed)
        assert page._area.verticalScrollBar().maximum() > 0          # it scrolls
    narrow, wide = (inner.layout().totalHeightForWidth(w) for w in (300, 640))
    assert narrow > wide                              # wrapped help takes more lines when narrow: rows kept whole
    page.deleteLater()                                # torn down with events still to come: no crash
    QApplication.processEvents()
