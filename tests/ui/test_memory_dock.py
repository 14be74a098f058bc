"""The Memory dock, offscreen: searching, the source, session and person filters, and forgetting one memory or
one scope only after a confirmation that names it."""

import pytest

from app.memory.memories import DAY, MemoryStore
from app.memory.stream import Stream
from app.ui.memory_dock import MemoryView
from app.widgets.qt import QMessageBox
from tests.conftest import REPO
from tests.fakes import HashingEmbedder

SHOTS = REPO / "build" / "screenshots"
NOW = 1_800_000_000.0
NAMES = {"twitch:1": "Marco", "twitch:2": "Anna", "discord:3": "Luca"}

# (text, source, scope, author, session: 0 or 1, days ago)
REMEMBERED = [
    ("marco has a cat called pixel", "person", "stream", "twitch:1", 0, 3),
    ("anna studies physics in bologna", "person", "stream", "twitch:2", 0, 3),
    ("my cat pixel can fly to the moon", "bea", "stream", None, 0, 3),
    ("luca plays the guitar in a band", "person", "discord:#general", "discord:3", 1, 0.5),
    ("i once sang at a guitar festival in rome", "bea", "discord:#general", None, 1, 0.5),
    ("marco says pixel hates the vacuum cleaner", "person", "stream", "twitch:1", 1, 0),
]


@pytest.fixture
def setup(bea):
    clock = [NOW]
    store = MemoryStore(bea.db, HashingEmbedder(), clock=lambda: clock[0])
    streamed = [NOW - 4 * DAY]
    stream = Stream(bea.db, clock=lambda: streamed[0])
    sessions = [stream.go_live()]
    streamed[0] = NOW - 2 * DAY
    stream.end()
    streamed[0] = NOW - DAY
    sessions.append(stream.go_live())
    ids = {}
    for text, source, scope, author, session, days in REMEMBERED:
        clock[0] = NOW - days * DAY
        ids[text] = store.remember(text, source, scope, author=author, session_id=sessions[session])
    return store, stream, ids


@pytest.fixture
def view(setup, qtbot):
    store, stream, _ids = setup
    v = MemoryView(store, stream.sessions, clock=lambda: NOW)
    qtbot.addWidget(v)
    return v


def texts(view) -> list[str]:
    return [m.text for m in view.memories]


def stored(store) -> set[str]:
    return {m.text for m in store.search_text("")}


def choose(combo, label: str) -> None:
    index = combo.findText(label)
    assert index >= 0, f"{label!r} not in {[combo.itemText(i) for i in range(combo.count())]}"
    combo.setCurrentIndex(index)


def select(view, text: str) -> None:
    view.list.setCurrentRow(texts(view).index(text))


def answer(monkeypatch, button) -> list[str]:
    """Make the confirmation answer `button`, and keep what it asked."""
    asked = []

    def question(_parent, title, text, *_a, **_k):
        asked.append(f"{title}\n{text}")
        return button
    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_lists_everything_newest_first_with_who_and_when_but_no_identity(view):
    assert view.list.count() == 6 and view.count.text() == "6 memories"
    first, last = view.list.item(0).text(), view.list.item(5).text()
    assert first.startswith("marco says pixel hates the vacuum cleaner\n")
    assert "people said · a viewer · just now · scope “stream”" in first
    assert "she said · 12 h ago · scope “discord:#general”" in view.list.item(1).text()
    assert "3 days ago" in last
    assert [view.session.itemText(i) for i in range(3)][0] == "All sessions" and view.session.count() == 3
    assert "(live)" in view.session.itemText(1) and "(live)" not in view.session.itemText(2)
    people = [view.person.itemText(i) for i in range(view.person.count())]
    assert people == ["Everyone", "a viewer", "a viewer #2", "a viewer #3"]
    shown = " ".join(people + [view.list.item(i).text() + view.list.item(i).toolTip() for i in range(6)])
    assert "twitch:" not in shown and "discord:3" not in shown


def test_search_needs_every_word_and_narrows(view, qtbot):
    view.search.setText("PIXEL cat")
    qtbot.waitUntil(lambda: len(view.memories) == 2)
    assert texts(view) == ["my cat pixel can fly to the moon", "marco has a cat called pixel"]
    view.search.setText("pixel moon")
    qtbot.waitUntil(lambda: len(view.memories) == 1)
    view.search.setText("pixel zebra")
    qtbot.waitUntil(lambda: not view.memories)
    assert view.count.text() == "0 memories"
    assert not view.forget_one.isEnabled() and not view.forget_all.isEnabled()


def test_the_source_filter_narrows(view):
    choose(view.source, "What people said")
    assert len(texts(view)) == 4 and all("people said" in view.list.item(i).text() for i in range(4))
    choose(view.source, "What she said herself")
    assert texts(view) == ["i once sang at a guitar festival in rome", "my cat pixel can fly to the moon"]
    choose(view.source, "Everything")
    assert len(texts(view)) == 6


def test_session_and_person_filters_narrow(setup, qtbot):
    store, stream, _ids = setup
    view = MemoryView(store, stream.sessions, display_name=NAMES.get, clock=lambda: NOW)
    qtbot.addWidget(view)
    assert "people said · Marco · just now" in view.list.item(0).text()
    view.session.setCurrentIndex(1)  # the newest session, still live
    assert len(texts(view)) == 3 and "anna studies physics in bologna" not in texts(view)
    choose(view.person, "Marco")
    assert texts(view) == ["marco says pixel hates the vacuum cleaner"]
    choose(view.session, "All sessions")
    assert texts(view) == ["marco says pixel hates the vacuum cleaner", "marco has a cat called pixel"]
    view.search.setText("called")
    view.reload()
    assert texts(view) == ["marco has a cat called pixel"]


def test_forget_one_asks_and_removes_exactly_that_memory(view, setup, monkeypatch):
    store = setup[0]
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    select(view, "anna studies physics in bologna")
    assert view.forget_selected()
    assert "Forget 1 memory, something people said" in asked[0]
    assert "“anna studies physics in bologna”" in asked[0]
    assert stored(store) == {t for t, *_ in REMEMBERED} - {"anna studies physics in bologna"}
    assert len(texts(view)) == 5 and "anna studies physics in bologna" not in texts(view)
    assert view.person.count() == 3  # Anna's last memory went, and so did her entry


def test_answering_no_keeps_the_memory(view, setup, monkeypatch):
    store = setup[0]
    asked = answer(monkeypatch, QMessageBox.StandardButton.No)
    select(view, "my cat pixel can fly to the moon")
    assert not view.forget_selected()
    assert "something she said herself" in asked[0]
    assert view.forget_scope() == 0 and "all 4 memories in the scope “stream”" in asked[1]
    assert len(stored(store)) == 6 and len(texts(view)) == 6


def test_forget_scope_removes_that_scope_only(view, setup, monkeypatch):
    store = setup[0]
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    select(view, "luca plays the guitar in a band")
    view.forget_all.click()
    assert "Forget all 2 memories in the scope “discord:#general”" in asked[0]
    assert "Other scopes stay" in asked[0]
    assert stored(store) == {t for t, _s, scope, *_ in REMEMBERED if scope == "stream"}
    assert len(texts(view)) == 4 and view.count.text() == "4 memories"


def test_screenshot_of_the_memory_dock_is_legible(setup, qtbot):
    store, stream, _ids = setup
    view = MemoryView(store, stream.sessions, display_name=NAMES.get, clock=lambda: NOW)
    qtbot.addWidget(view)
    view.resize(720, 460)
    view.show()
    qtbot.waitExposed(view)
    view.list.setCurrentRow(1)
    image = view.grab().toImage()
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert image.save(str(SHOTS / "memory_dock.png"))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 5) for y in range(0, image.height(), 5)}
    assert image.width() >= 700 and len(colours) > 20, f"{len(colours)} colours: the dock looks blank"


def test_in_the_italian_window_the_ages_are_italian(setup, qtbot):
    from app.ui.language import install_window_language
    assert install_window_language("it") == "it"
    try:
        store, stream, _ids = setup
        view = MemoryView(store, stream.sessions, clock=lambda: NOW)
        qtbot.addWidget(view)
        shown = " ".join(view.list.item(i).text() for i in range(view.list.count()))
        assert "proprio ora" in shown and "12 h fa" in shown and "3 giorni fa" in shown
        assert "just now" not in shown and "days ago" not in shown
    finally:
        install_window_language("en")


def test_without_a_naming_the_streamer_is_you_and_everyone_else_a_viewer(qapp):
    from app.core.perception import OWNER_IDENTITY
    from app.ui.memory_dock import a_viewer
    assert a_viewer(OWNER_IDENTITY) == "you"
    assert a_viewer("twitch:1234") == a_viewer("telegram:99") == "a viewer"
