"""The Memory dock: what she remembers, searchable and narrowed by source, session and person, and forgettable
one memory or one scope at a time, always after a confirmation that says what goes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.events import EventBus, EventKind
from app.core.perception import OWNER_IDENTITY
from app.memory.memories import Memory, MemoryStore
from app.widgets.dock_words import age_text, number
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTimer,
    QVBoxLayout,
    QWidget,
    local_date,
    translate,
)

Session = tuple[int, float, float | None, str]

SHOWN = 200      # the most memories the list holds; searching narrows past it
FETCH = 5000     # how many rows to read when session or person is filtered here, after the store's search
SOURCES = ((QT_TRANSLATE_NOOP("memory_dock", "Everything"), None),
           (QT_TRANSLATE_NOOP("memory_dock", "What people said"), "person"),
           (QT_TRANSLATE_NOOP("memory_dock", "What she said herself"), "bea"))


def a_viewer(identity: str) -> str:
    """Identities are system ids, never shown: without a caller's naming the streamer is "you" and everyone
    else just a viewer."""
    if identity == OWNER_IDENTITY:
        return translate("memory_dock", "you")
    return translate("memory_dock", "a viewer")


def session_label(started: float, ended: float | None) -> str:
    stamp = local_date(started, "ddd dd MMM yyyy, HH:mm")
    return stamp + (translate("memory_dock", " (live)") if ended is None else "")


def counted(n: int) -> str:
    return translate("memory_dock", "%Ln memories", None, n)


def news_text(news: Any, busy: bool = False) -> str:
    """When this stream's lines become memories, in plain words: what waits, what is happening, what came of it."""
    if busy:
        return translate("memory_dock", "She is turning this stream's lines into memories…")
    if news.waiting:
        if news.pause_minutes:
            return translate("memory_dock", "She will remember this stream's lines when the stream ends, after "
                                            "{minutes} quiet minutes, or tonight.").format(minutes=news.pause_minutes)
        return translate("memory_dock", "She will remember this stream's lines when the stream ends, or tonight.")
    if news.session is None:
        return ""
    if news.remembered == 1:
        return translate("memory_dock", "Remembered 1 thing from this stream.")
    if news.remembered:
        return translate("memory_dock", "Remembered {n} things from this stream.").format(n=news.remembered)
    return translate("memory_dock", "Nothing from this stream to remember yet.")


def quoted(text: str, limit: int = 240) -> str:
    return f"“{text if len(text) <= limit else text[:limit - 1] + '…'}”"


class MemoryView(QWidget):
    def __init__(self, store: MemoryStore, sessions: Callable[[], list[Session]],
                 display_name: Callable[[str], str] = a_viewer, *, clock: Callable[[], float],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store, self.sessions, self.display_name, self.clock = store, sessions, display_name, clock
        self.search = QLineEdit(objectName="memorySearch",
                                placeholderText=translate("memory_dock", "Search memories (every word must match)…"))
        self.search.setClearButtonEnabled(True)
        self.source = QComboBox(objectName="memorySource")
        for label, source in SOURCES:
            self.source.addItem(translate("memory_dock", label), source)
        self.session = QComboBox(objectName="memorySession")
        self.person = QComboBox(objectName="memoryPerson")
        self.list = QListWidget(objectName="memoryList", wordWrap=True, alternatingRowColors=True)
        self.list.setSpacing(3)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)  # re-wrap long memories when the dock resizes
        self.count = QLabel(objectName="memoryCount")
        self.forget_one = QPushButton(translate("memory_dock", "Forget this memory"), objectName="forgetMemory")
        self.forget_all = QPushButton(translate("memory_dock", "Forget all in this scope…"), objectName="forgetScope")
        self.memories: list[Memory] = []

        filters = QHBoxLayout()
        for combo in (self.source, self.session, self.person):
            filters.addWidget(combo, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count, 1)
        buttons.addWidget(self.forget_one)
        buttons.addWidget(self.forget_all)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)

        # typing waits for a pause, so a quick typist costs one search, not one per key
        self.typing = QTimer(self, singleShot=True, interval=150)
        self.typing.timeout.connect(self.reload)
        self.search.textChanged.connect(self.typing.start)
        for combo in (self.source, self.session, self.person):
            combo.currentIndexChanged.connect(self.reload)
        self.list.currentRowChanged.connect(self._selection_changed)
        self.forget_one.clicked.connect(self.forget_selected)
        self.forget_all.clicked.connect(self.forget_scope)
        self.reload_choices()
        self.reload()

    # ---- reading ----------------------------------------------------------------------------------
    def reload_choices(self) -> None:
        """Sessions and people change while the app runs; refill both combos, keeping what was chosen."""
        sessions = [(translate("memory_dock", "All sessions"), None)] + [(session_label(started, ended), sid)
                                               for sid, started, ended, _by in self.sessions()]
        self._refill(self.session, sessions)
        authors = list(dict.fromkeys(m.author for m in self.store.search_text("", None, FETCH) if m.author))
        self._refill(self.person, [(translate("memory_dock", "Everyone"), None)] + self._people(authors))

    def _people(self, authors: list[str]) -> list[tuple[str, str]]:
        """Each author under their display name; names that collide (all "a viewer" by default) are numbered
        so the choices stay distinct without ever showing an identity."""
        seen: dict[str, int] = {}
        people = []
        for author in authors:
            name = self.display_name(author)
            seen[name] = seen.get(name, 0) + 1
            people.append((name if seen[name] == 1 else f"{name} #{seen[name]}", author))
        return people

    @staticmethod
    def _refill(combo: QComboBox, choices: list[tuple[str, object]]) -> None:
        chosen = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for label, data in choices:
            combo.addItem(label, data)
        combo.setCurrentIndex(max(0, combo.findData(chosen)) if chosen is not None else 0)
        combo.blockSignals(False)

    def reload(self) -> None:
        session, person = self.session.currentData(), self.person.currentData()
        narrowed = session is not None or person is not None
        # one row past the cap tells "exactly the cap" from "more than the list shows"
        found = self.store.search_text(self.search.text(), self.source.currentData(),
                                       FETCH + 1 if narrowed else SHOWN + 1)
        kept = [m for m in found
                if (session is None or m.session_id == session) and (person is None or m.author == person)]
        self.show_memories(kept[:SHOWN], capped=len(kept) > SHOWN or len(found) > FETCH)

    def show_memories(self, memories: list[Memory], capped: bool = False) -> None:
        row = max(0, self.list.currentRow())
        self.memories = memories
        self.list.clear()
        now = self.clock()
        for m in memories:
            item = QListWidgetItem(f"{m.text}\n    {self.describe(m, now)}")
            item.setToolTip(m.text)
            self.list.addItem(item)
        if capped:
            self.count.setText(translate("memory_dock", "the newest {count} shown: search to narrow").format(
                count=number(len(memories))))
        else:
            self.count.setText(counted(len(memories)))
        if memories:
            self.list.setCurrentRow(min(row, len(memories) - 1))
        self._selection_changed(self.list.currentRow())

    def describe(self, m: Memory, now: float) -> str:
        if m.source == "bea":
            who = translate("memory_dock", "she said")
        else:
            author = self.display_name(m.author) if m.author else translate("memory_dock", "someone")
            who = translate("memory_dock", "people said · {author}").format(author=author)
        return translate("memory_dock", "{who} · {when} · scope “{scope}”").format(
            who=who, when=age_text(max(0.0, now - m.ts)), scope=m.scope)

    def selected(self) -> Memory | None:
        row = self.list.currentRow()
        return self.memories[row] if 0 <= row < len(self.memories) else None

    def _selection_changed(self, _row: int) -> None:
        picked = self.selected() is not None
        self.forget_one.setEnabled(picked)
        self.forget_all.setEnabled(picked)

    def scope_size(self, scope: str) -> tuple[int, bool]:
        """How many memories the scope holds, and whether that is only a lower bound (the read was capped)."""
        rows = self.store.search_text("", None, FETCH + 1)
        return sum(m.scope == scope for m in rows), len(rows) > FETCH

    # ---- forgetting -------------------------------------------------------------------------------
    def _confirmed(self, title: str, text: str) -> bool:
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        return QMessageBox.question(self, title, text, yes | no, no) == yes

    def forget_selected(self) -> bool:
        m = self.selected()
        kind = translate("memory_dock", "something she said herself") if m is not None and m.source == "bea" \
            else translate("memory_dock", "something people said")
        if m is None or not self._confirmed(
                translate("memory_dock", "Forget this memory?"),
                translate("memory_dock", "Forget 1 memory, {kind}:\n\n{memory}\n\nShe will not recall it again. This "
                                         "cannot be undone.").format(kind=kind, memory=quoted(m.text))):
            return False
        self.store.forget(m.id)
        self._after_forgetting()
        return True

    def forget_scope(self) -> int:
        m = self.selected()
        if m is None:
            return 0
        n, at_least = self.scope_size(m.scope)
        question = translate("memory_dock", "Forget at least %Ln memories in the scope “{scope}”, both what people "
                                            "said and what she said herself?", None, n) if at_least \
            else translate("memory_dock", "Forget all %Ln memories in the scope “{scope}”, both what people said and "
                                          "what she said herself?", None, n)
        stays = translate("memory_dock", "Other scopes stay. This cannot be undone.")
        if not self._confirmed(translate("memory_dock", "Forget this whole scope?"),
                               f"{question.format(scope=m.scope)} {stays}"):
            return 0
        gone = self.store.forget_scope(m.scope)
        self._after_forgetting()
        return gone

    def _after_forgetting(self) -> None:
        self.reload_choices()  # a person whose last memory went leaves the person filter
        self.reload()


class MemoryDock(QWidget):
    """Holds the Memory view once her memory has loaded (the embedder loads off the loop after start-up), and
    a progress bar while memories are re-embedded after a change of model."""

    def __init__(self, mind: Any, bus: EventBus, parent: QWidget | None = None, *,
                 clock: Callable[[], float]) -> None:
        super().__init__(parent)
        self.mind = mind
        self.clock = clock   # wall time: how long ago a memory was made
        self.view: MemoryView | None = None
        self.waiting = QLabel(translate("memory_dock", "Her memory is waking up (the embedding model is loading)…"),
                              wordWrap=True)
        self.progress = QProgressBar(objectName="memoryReembed")
        self.progress.setFormat(translate("memory_dock", "Re-embedding memories: %v of %m"))
        self.progress.hide()
        # when the stream's lines become memories (End stream, quit, a long pause, the night)
        self.news = QLabel(objectName="memoryNews", wordWrap=True)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.news)
        self._layout.addWidget(self.waiting)
        self._layout.addWidget(self.progress)
        # the lines of a turn reach the stream with no event of their own: the news is looked at now and then,
        # and at once when a stream ends or her memory says what it kept
        self._news_tick = QTimer(self, interval=10_000)
        self._news_tick.timeout.connect(self.show_news)
        self._news_tick.start()
        self._unsubscribe = bus.subscribe(self.on_event, kinds=[EventKind.SYSTEM, EventKind.ERROR], replay=False)
        self.destroyed.connect(lambda *_: self._unsubscribe())
        self.attach()
        self.show_news()

    def show_news(self, busy: bool = False) -> None:
        consolidation = self.mind.consolidation
        if consolidation is None or self.mind.db.closed:   # no store, or the app stopped under a window still up
            self._news_tick.stop()
            self.news.hide()
            return
        text = news_text(consolidation.news(), busy=busy)
        self.news.setText(text)
        self.news.setVisible(bool(text))

    def on_event(self, event: Any) -> None:
        consolidated = event.source == "memory" and event.data.get("consolidated")
        if consolidated and self.view is not None:
            self.view.reload_choices()   # what she just remembered shows at once, its session and person too
            self.view.reload()
        if consolidated or event.source == "stream" or event.data.get("remembering"):
            self.show_news(busy=bool(event.data.get("remembering")))
        if event.source == "memory" and "total" in event.data:
            self.show_progress(int(event.data.get("done", 0)), int(event.data["total"]))
        if event.source == "memory" and event.kind == EventKind.ERROR and self.mind.memories is None:
            self.waiting.setText(event.text[:1].upper() + event.text[1:])
        self.attach()

    def show_progress(self, done: int, total: int) -> None:
        if total <= 0 or done >= total:
            self.progress.hide()
            return
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.show()

    def attach(self) -> None:
        store = self.mind.memories
        if store is None:
            return
        if self.view is not None:
            if self.view.store is not store:  # a new embedding model: the same memories, searched anew
                self.view.store = store
                self.view.reload()
            return
        self.view = MemoryView(store, self.mind.stream.sessions, clock=self.clock)
        self.waiting.hide()
        self._layout.addWidget(self.view)
