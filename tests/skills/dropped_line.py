"""What a chat platform's skill shows once her line outlived the platform's wait: the same for every platform."""

from app.core.events import EventKind
from app.skills.platform.chat_ring import DROPPED
from app.ui.language import install_window_language


def assert_said_dropped(bea, qtbot, skill, make_dock, source: str, to: str, expected: str) -> str:
    """The dropped line in the skill's log reads `expected`, the Chat dock has the outlets' problem for `to`, the
    dock shows it in English and, in an Italian window, in Italian; returns the Italian dock's text."""
    dropped = next(line for line in skill.log if line.kind == DROPPED)
    assert dropped.text == expected
    errors = [e.text for e in bea.bus.recent([EventKind.ERROR]) if e.source == source]
    assert any(f"not delivered to {to}" in e and "past the line's life" in e for e in errors)
    dock = make_dock(skill)
    qtbot.addWidget(dock)
    assert "⚠ " + expected.split(":")[0] in dock.chat.toPlainText()
    assert install_window_language("it") == "it"
    try:
        italian = make_dock(skill)
        qtbot.addWidget(italian)
        shown = italian.chat.toPlainText()
    finally:
        install_window_language("en")
    assert "Ciao Anna, che bello sentirti!" in shown and "Not sent to" not in shown
    return shown
