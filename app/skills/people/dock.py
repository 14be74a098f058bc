"""The People dock: everyone she has seen, and the card of whoever is selected.

The roster is a model/view over PeopleStore: a page of PAGE rows is read when the view scrolls near the end
(canFetchMore/fetchMore), and searching and sorting happen in the database, so tens of thousands of people
cost one page at a time. The card shows the name she uses, every account's name and platform, attitude,
profile, facts, donations, why the card exists, and the name each character of the cast uses for them; the
streamer can edit it, give her the name to use, mark or unmark them, and forget them after a confirmation
that says what goes.

Identities (platform:id) are system ids: the dock keeps them in a role of the model and never shows one; only
the platform's name is shown. Store calls run on the Qt thread: they are short SQLCipher reads and writes.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from app.core import people as rules
from app.core.aliases import KNOWN_SOURCES, STATES, UNFAMILIAR, Alias
from app.memory.alias_store import BEA
from app.memory.people_store import PeopleStore, RosterRow
from app.widgets.dock_words import number, when_text
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QAbstractItemView,
    QAbstractTableModel,
    QCheckBox,
    QFont,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QModelIndex,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    Qt,
    QTableView,
    QTextBrowser,
    QTimer,
    QVBoxLayout,
    QWidget,
    translate,
)
from app.widgets.unavailable import unavailable

PAGE = 200              # rows read from the store at a time
DEBOUNCE_MS = 200       # typing waits for a pause: one search per pause, not one per key
WIDE = 760              # wider than this, the card sits beside the roster; narrower, under it

IDENTITY = Qt.ItemDataRole.UserRole       # the row's identity: for the dock's own use, never displayed
NO_STORE = QT_TRANSLATE_NOOP("people_dock", "People need the encrypted database, and it is not open: there is no "
                                            "roster to show. Unlock or create her store and restart Bea.")
NOBODY = QT_TRANSLATE_NOOP("people_dock", "Nobody yet: people appear here once they write in chat.")
OFFENDER_MARK = "⚠"     # before the name of a repeat offender in chat
PICK = QT_TRANSLATE_NOOP("people_dock", "Select someone in the roster to see their card.")
NO_CARD = QT_TRANSLATE_NOOP("people_dock", "No card yet: mark them and she keeps one (attitude, profile and facts live "
                            "on a card).")

PLATFORMS = {"twitch": QT_TRANSLATE_NOOP("people_dock", "Twitch"),
             "youtube": QT_TRANSLATE_NOOP("people_dock", "YouTube"),
             "telegram": QT_TRANSLATE_NOOP("people_dock", "Telegram"),
             "discord": QT_TRANSLATE_NOOP("people_dock", "Discord"), "kick": "Kick",
             "tiktok": QT_TRANSLATE_NOOP("people_dock", "TikTok"),
             "streamlabs": QT_TRANSLATE_NOOP("people_dock", "Streamlabs"),
             "kofi": QT_TRANSLATE_NOOP("people_dock", "Ko-fi"),
             rules.PLACEHOLDER: QT_TRANSLATE_NOOP("people_dock", "by name only")}
# why a card exists, in the streamer's words (her own are in her words' catalog, people.reasons)
WHY = {"donation": QT_TRANSLATE_NOOP("people_dock", "they donated"),
       "marked_by_bea": QT_TRANSLATE_NOOP("people_dock", "she decided to remember them (or you marked them)"),
       "one_on_one": QT_TRANSLATE_NOOP("people_dock", "they talked with her one to one"),
       "regular": QT_TRANSLATE_NOOP("people_dock", "a regular: they came to 3 or more streams"),
       "profiler": QT_TRANSLATE_NOOP("people_dock", "they wrote a lot in chat (the profiler)"),
       rules.LINKED: QT_TRANSLATE_NOOP("people_dock", "you said two accounts of theirs are one person")}
ALIAS_WORDS = {"described": QT_TRANSLATE_NOOP("people_dock", "described, from what they could see"),
               "seen": QT_TRANSLATE_NOOP("people_dock", "seen, the name shown in chat"),
               "remembered": QT_TRANSLATE_NOOP("people_dock", "known, chosen when remembering them"),
               "introduced": QT_TRANSLATE_NOOP("people_dock", "known, they introduced themselves"),
               "streamer": QT_TRANSLATE_NOOP("people_dock", "known, you gave this name")}


@dataclass(frozen=True)
class Column:
    title: str
    sort: str | None          # the store's sort for this column; None: not sortable
    numeric: bool = False
    tip: str = ""


COLUMNS = (
    Column(QT_TRANSLATE_NOOP("people_dock", "Name"), "name",
           tip=QT_TRANSLATE_NOOP("people_dock", "The name shown in chat. Click to sort A to Z.")),
    Column(QT_TRANSLATE_NOOP("people_dock", "Platform"), None,
           tip=QT_TRANSLATE_NOOP("people_dock", "Where the account is.")),
    Column(QT_TRANSLATE_NOOP("people_dock", "Messages"), "messages", True,
           QT_TRANSLATE_NOOP("people_dock", "Messages counted. Click to sort, most first.")),
    Column(QT_TRANSLATE_NOOP("people_dock", "Sessions"), "sessions", True,
           QT_TRANSLATE_NOOP("people_dock", "Streams they came to. Click to sort, most first.")),
    Column(QT_TRANSLATE_NOOP("people_dock", "Donations"), "donations", True,
           QT_TRANSLATE_NOOP("people_dock", "How many donations (the amounts are on the card). Click to sort.")),
    Column(QT_TRANSLATE_NOOP("people_dock", "Last seen"), "last_seen",
           tip=QT_TRANSLATE_NOOP("people_dock", "Click to sort, most recent first.")),
    Column(QT_TRANSLATE_NOOP("people_dock", "Card"), None,
           tip=QT_TRANSLATE_NOOP("people_dock", "Whether she keeps a card for them.")),
)
SORT_COLUMN = {c.sort: i for i, c in enumerate(COLUMNS) if c.sort}
NAME, PLATFORM, MESSAGES, SESSIONS, DONATIONS, LAST_SEEN, CARD = range(len(COLUMNS))


def direction(sort: str) -> Qt.SortOrder:
    """The store sorts names A to Z and everything else largest first: the header arrow says the same."""
    return Qt.SortOrder.AscendingOrder if sort == "name" else Qt.SortOrder.DescendingOrder


def platform_name(identity_or_platform: str) -> str:
    platform = identity_or_platform.partition(":")[0]
    return translate("people_dock", PLATFORMS[platform]) if platform in PLATFORMS else platform.capitalize()


def where(identity: str) -> str:
    """Where an account is, after its name: its platform (a name she remembered has none yet)."""
    if rules.is_placeholder(identity):
        return translate("people_dock", " (a name she remembered; no account seen yet)")
    return translate("people_dock", " on {platform}").format(platform=platform_name(identity))


def account_text(display_name: str, identity: str) -> str:
    return (display_name or translate("people_dock", "(no name shown)")) + where(identity)


def messages_text(n: int) -> str:
    return translate("people_dock", "%Ln messages", None, n)


def sessions_text(n: int) -> str:
    return translate("people_dock", "%Ln sessions", None, n)


def money(amounts: dict[str, Decimal]) -> str:
    def one(amount: Decimal) -> str:
        return number(amount, 0 if amount == amount.to_integral_value() else 2)
    return " · ".join(f"{one(a)} {currency}" for currency, a in sorted(amounts.items()))


def alias_words(alias: Alias) -> str:
    key = alias.source if alias.state == "known" else alias.state
    return translate("people_dock", ALIAS_WORDS[key]) if key in ALIAS_WORDS else alias.state


def strength(alias: Alias) -> tuple[int, int, float]:
    rank = KNOWN_SOURCES.index(alias.source) + 1 if alias.source in KNOWN_SOURCES else 0
    return STATES.index(alias.state) if alias.state in STATES else -1, rank, alias.updated_at


# ---- the roster ---------------------------------------------------------------------------------------
class RosterModel(QAbstractTableModel):
    """The roster a page at a time: rows are read when the view asks for more, filtered and sorted by the
    store."""

    def __init__(self, store: PeopleStore, name_of: Callable[[str], str], clock: Callable[[], float],
                 parent: Any = None, offender: Callable[[str], bool] = lambda _identity: False) -> None:
        super().__init__(parent)
        self.store, self.name_of, self.clock = store, name_of, clock
        self.offender = offender           # a repeat offender in chat: marked by their name
        self.search = ""
        self.sort_key = "last_seen"
        self.total = 0                     # how many rows the search matches (counted when it was read)
        self.offset = 0                    # how far into the store's order the pages have read
        self.rows: list[RosterRow] = []
        self.cells: list[tuple[str, ...]] = []
        self.rows_of: dict[str, int] = {}  # identity -> row

    # ---- reading ----------------------------------------------------------------------------------
    def reload(self, search: str | None = None, sort: str | None = None, keep: int = 0) -> None:
        """Read the roster anew; `keep` rows at least (after an edit, what was loaded stays loaded)."""
        if search is not None:
            self.search = search
        if sort is not None:
            self.sort_key = sort
        self.beginResetModel()
        self.rows, self.cells, self.rows_of, self.offset = [], [], {}, 0
        self.total = self.store.roster_count(self.search)
        if self.total:
            first = max(PAGE, keep)
            self._append(self.store.roster_page(self.search, self.sort_key, 0, first), first)
        self.endResetModel()

    def _append(self, page: list[RosterRow], asked: int) -> None:
        self.offset += len(page)
        now = self.clock()
        for r in page:
            if r.identity in self.rows_of:      # the order moved (someone new spoke): skip the repeat
                continue
            self.rows_of[r.identity] = len(self.rows)
            self.rows.append(r)
            self.cells.append((r.display_name or self.name_of(r.identity), platform_name(r.identity),
                               number(r.messages), number(r.sessions), number(r.donated) if r.donated else "",
                               when_text(r.last_seen, now), translate("people_dock", "yes") if r.person_id is not None
                               else translate("people_dock", "no")))
        if len(page) < asked:                   # the end of the roster
            self.total = len(self.rows)

    def canFetchMore(self, parent: QModelIndex | None = None) -> bool:  # noqa: N802 (Qt's name)
        return not (parent is not None and parent.isValid()) and len(self.rows) < self.total

    def fetchMore(self, parent: QModelIndex | None = None) -> None:  # noqa: N802 (Qt's name)
        if not self.canFetchMore(parent):
            return
        page = self.store.roster_page(self.search, self.sort_key, self.offset, PAGE)
        fresh = [r for r in page if r.identity not in self.rows_of]
        first = len(self.rows)
        if fresh:
            self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
            self._append(page, PAGE)
            self.endInsertRows()
        else:
            self._append(page, PAGE)

    def sort(self, column: int, _order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort in the database: each sortable column has one order there (names A to Z, the rest most
        first)."""
        key = COLUMNS[column].sort if 0 <= column < len(COLUMNS) else None
        if key is not None and key != self.sort_key:
            self.reload(sort=key)

    # ---- showing ----------------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | None = None) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent is not None and parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | None = None) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def identity_at(self, row: int) -> str | None:
        return self.rows[row].identity if 0 <= row < len(self.rows) else None

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row, column = index.row(), index.column()
        if not index.isValid() or row >= len(self.rows):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if column == NAME and self.offender(self.rows[row].identity):
                return f"{OFFENDER_MARK} {self.cells[row][column]}"
            return self.cells[row][column]
        if role == Qt.ItemDataRole.TextAlignmentRole and COLUMNS[column].numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and column == NAME and self.rows[row].person_id is not None:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and column == NAME:
            r = self.rows[row]
            name, platform = self.cells[row][NAME], self.cells[row][PLATFORM]
            return translate("people_dock", "{name} on {platform}: she calls them “{alias}”").format(
                name=name, platform=platform, alias=self.name_of(r.identity))
        if role == IDENTITY:
            return self.rows[row].identity
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's name)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        column = COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return translate("people_dock", column.title)
        if role == Qt.ItemDataRole.ToolTipRole:
            return translate("people_dock", column.tip)
        if role == Qt.ItemDataRole.InitialSortOrderRole and column.sort:
            return direction(column.sort)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


# ---- the dock -------------------------------------------------------------------------------------------
class PeopleDock(QWidget):
    def __init__(self, skill: Any, clock: Callable[[], float] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill, self.clock = skill, clock or skill.ctx.clock.time
        self.people: PeopleStore = skill.people
        self.aliases = skill.aliases
        self.current: str | None = None           # the identity whose card is shown
        self.accounts: list[str] = []              # every account on that card (or the one account)
        self.person_id: int | None = None
        self.name = ""                             # what the dock calls them: her name, else their own
        self._reloading = False
        self._shown_once = False

        self.model = RosterModel(self.people, skill.label, self.clock, self, offender=skill.offender)
        self.search = QLineEdit(objectName="peopleSearch",
                                placeholderText=translate("people_dock", "Search by name (every word must match)…"))
        self.search.setClearButtonEnabled(True)
        self.count = QLabel(objectName="peopleCount")
        self.refresh_button = QPushButton(translate("people_dock", "Refresh"), objectName="peopleRefresh",
                                          toolTip=translate("people_dock",
                                                            "Read the roster again (new people, new counts)"))
        self.table = QTableView(objectName="peopleRoster")
        self._build_table()

        # the card
        self.title = QLabel(objectName="peopleTitle", wordWrap=True)
        font = QFont(self.title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.title.setFont(font)
        self.subtitle = QLabel(objectName="peopleSubtitle", wordWrap=True)
        self.mark = QCheckBox(translate("people_dock", "Marked"), objectName="peopleMark",
                              toolTip=translate("people_dock", "Marked: she keeps a card for them. Unmarking keeps "
                                                               "the card they have."))
        self.details = QTextBrowser(objectName="peopleCard", openLinks=False)
        self.name_edit = QLineEdit(objectName="peopleName",
                                   placeholderText=translate("people_dock", "The name she should use for them"))
        self.set_name_button = QPushButton(translate("people_dock", "Set name"), objectName="peopleSetName",
                                           toolTip=translate("people_dock",
                                                             "Tell her this is their name: it replaces any she has"))
        self.attitude = QLineEdit(objectName="peopleAttitude",
                                  placeholderText=translate("people_dock", "How she feels about them, briefly"))
        self.profile = QPlainTextEdit(objectName="peopleProfile",
                                      placeholderText=translate("people_dock", "Who they are, in a few lines"))
        self.profile.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 12)
        self.save_button = QPushButton(translate("people_dock", "Save card"), objectName="peopleSave")
        self.link_edit = QLineEdit(objectName="peopleLinkName",
                                   placeholderText=translate("people_dock",
                                                             "Their other account's name (“Anna on Telegram”)"))
        self.link_button = QPushButton(translate("people_dock", "Same person"), objectName="peopleLink",
                                       toolTip=translate("people_dock",
                                                         "This account and the one named are one person: one card"))
        self.facts = QListWidget(objectName="peopleFacts", wordWrap=True, alternatingRowColors=True)
        self.facts.setMinimumHeight(self.fontMetrics().lineSpacing() * 5)
        self.fact_entry = QLineEdit(objectName="peopleFactEntry",
                                    placeholderText=translate("people_dock", "A new fact about them…"))
        self.add_fact_button = QPushButton(translate("people_dock", "Add fact"), objectName="peopleAddFact")
        self.remove_fact_button = QPushButton(translate("people_dock", "Remove fact"), objectName="peopleRemoveFact")
        self.forget_button = QPushButton(translate("people_dock", "Forget this person…"), objectName="peopleForget")
        self.clear_offences_button = QPushButton(
            translate("people_dock", "Clear the {mark} mark").format(mark=OFFENDER_MARK),
            objectName="peopleClearOffences",
            toolTip=translate("people_dock", "What they tried in chat no longer counts: the mark goes, and they "
                                             "start again from nothing"))
        self.forget_button.setStyleSheet("color: #b03a2e;")
        self.status = QLabel(objectName="peopleStatus", wordWrap=True)
        self.hint = QLabel(translate("people_dock", NO_CARD), objectName="peopleHint", wordWrap=True)
        self.hint.setStyleSheet("color: #7b7b7b;")

        self.splitter = QSplitter(Qt.Orientation.Horizontal, objectName="peopleSplitter")
        self.splitter.addWidget(self._roster_pane())
        self.stack = QStackedWidget()
        self.pick = QLabel(translate("people_dock", PICK), objectName="peoplePick", wordWrap=True,
                           alignment=Qt.AlignmentFlag.AlignCenter)
        self.stack.addWidget(self.pick)
        self.stack.addWidget(self._card_pane())
        self.splitter.addWidget(self.stack)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([600, 440])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.status)

        self.typing = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self.typing.timeout.connect(self.apply_search)
        self.search.textChanged.connect(self.typing.start)
        self.refresh_button.clicked.connect(self.refresh)
        self.table.selectionModel().currentRowChanged.connect(self._picked)
        self.mark.clicked.connect(self.set_marked)
        self.set_name_button.clicked.connect(self.set_name)
        self.name_edit.returnPressed.connect(self.set_name)
        self.save_button.clicked.connect(self.save_card)
        self.link_button.clicked.connect(self.link_account)
        self.link_edit.returnPressed.connect(self.link_account)
        self.add_fact_button.clicked.connect(self.add_fact)
        self.fact_entry.returnPressed.connect(self.add_fact)
        self.remove_fact_button.clicked.connect(self.remove_fact)
        self.facts.currentRowChanged.connect(lambda _row: self._enable())
        self.forget_button.clicked.connect(self.forget_person)
        self.clear_offences_button.clicked.connect(self.clear_offences)

        self._reload()
        header = self.table.horizontalHeader()
        header.setSortIndicator(SORT_COLUMN[self.model.sort_key], direction(self.model.sort_key))
        self.table.setSortingEnabled(True)
        header.sortIndicatorChanged.connect(self._pin_sort_indicator)
        self.show_card(None)

    # ---- building ---------------------------------------------------------------------------------
    def _build_table(self) -> None:
        t = self.table
        t.setModel(self.model)
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.setAlternatingRowColors(True)
        t.setShowGrid(False)
        t.setWordWrap(False)
        t.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        t.verticalHeader().hide()
        t.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # no measuring: rows stay cheap
        t.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = t.horizontalHeader()
        header.setStretchLastSection(False)
        header.setHighlightSections(False)
        metrics = self.fontMetrics()
        for i, column in enumerate(COLUMNS):
            sample = {LAST_SEEN: translate("people_dock", "yesterday 00:00"),
                      PLATFORM: translate("people_dock", "by name only")}.get(i, translate("people_dock", column.title))
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.Interactive)
            widest = max(metrics.horizontalAdvance(sample),
                         metrics.horizontalAdvance(translate("people_dock", column.title)))
            t.setColumnWidth(i, widest + 28)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)

    def _roster_pane(self) -> QWidget:
        pane = QWidget()
        layout = QVBoxLayout(pane)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.refresh_button)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count)
        return pane

    def _card_pane(self) -> QWidget:
        inner = QWidget(objectName="peopleCardPane")
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(6, 0, 6, 0)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.mark, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(head)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.details, 3)
        naming = QHBoxLayout()
        naming.addWidget(self.name_edit, 1)
        naming.addWidget(self.set_name_button)
        form = QFormLayout()
        form.addRow(translate("people_dock", "Her name for them"), naming)
        linking = QHBoxLayout()
        linking.addWidget(self.link_edit, 1)
        linking.addWidget(self.link_button)
        form.addRow(translate("people_dock", "Also them"), linking)
        form.addRow(translate("people_dock", "Attitude"), self.attitude)
        form.addRow(translate("people_dock", "Profile"), self.profile)
        layout.addLayout(form)
        layout.addWidget(self.hint)
        save = QHBoxLayout()
        save.addStretch(1)
        save.addWidget(self.save_button)
        layout.addLayout(save)
        layout.addWidget(QLabel(translate("people_dock", "Facts, newest first")))
        layout.addWidget(self.facts, 2)
        adding = QHBoxLayout()
        adding.addWidget(self.fact_entry, 1)
        adding.addWidget(self.add_fact_button)
        adding.addWidget(self.remove_fact_button)
        layout.addLayout(adding)
        bottom = QHBoxLayout()
        bottom.addWidget(self.clear_offences_button)
        bottom.addStretch(1)
        bottom.addWidget(self.forget_button)
        layout.addLayout(bottom)
        scroll = QScrollArea(widgetResizable=True, frameShape=QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(inner)
        return scroll

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        """Beside the roster when there is room, under it in a narrow dock."""
        wide = event.size().width() >= WIDE
        self.splitter.setOrientation(Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical)
        super().resizeEvent(event)

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        """Shown again after being hidden: the roster moved on meanwhile."""
        if self._shown_once:
            self.refresh()
        self._shown_once = True
        super().showEvent(event)

    # ---- the roster -------------------------------------------------------------------------------
    def apply_search(self) -> None:
        self._reload(search=" ".join(self.search.text().split()))

    def refresh(self) -> None:
        """After every edit (and on Refresh): read the roster anew, keeping what was loaded, where the view
        was scrolled and who was selected, and show their card again."""
        bar = self.table.verticalScrollBar()
        at = bar.value()
        self._reload(keep=self.model.rowCount())
        bar.setValue(at)

    def _reload(self, search: str | None = None, sort: str | None = None, keep: int = 0) -> None:
        self._reloading = True
        try:
            self.model.reload(search, sort, keep)
        finally:
            self._reloading = False
        self._after_reset()

    def _after_reset(self) -> None:
        total = self.model.total
        if self.model.search:
            self.count.setText(translate("people_dock", "%Ln people match “{search}”", None, total).format(
                search=self.model.search))
        else:
            self.count.setText(translate("people_dock", "%Ln people seen", None, total) if total
                               else translate("people_dock", NOBODY))
        row = self.model.rows_of.get(self.current) if self.current else None
        if row is not None:
            self._reloading = True
            try:
                self.table.selectRow(row)
            finally:
                self._reloading = False
            self.show_card(self.current)
        elif self.current is not None and self.people.entry(self.current) is None:
            self.show_card(None)               # forgotten
        elif self.current is not None:
            self.show_card(self.current)       # still there, outside what this search shows

    def _pin_sort_indicator(self, _section: int, _order: Qt.SortOrder) -> None:
        """The header arrow shows the order the store used (a click on an unsortable column changes
        nothing)."""
        header = self.table.horizontalHeader()
        header.blockSignals(True)
        header.setSortIndicator(SORT_COLUMN[self.model.sort_key], direction(self.model.sort_key))
        header.blockSignals(False)
        header.viewport().update()
        self._after_reset()

    def _picked(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._reloading:
            self.show_card(self.model.identity_at(current.row()) if current.isValid() else None)

    def select(self, identity: str) -> bool:
        """Select someone already loaded in the roster (their card shows)."""
        row = self.model.rows_of.get(identity)
        if row is None:
            return False
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        return True

    # ---- the card ---------------------------------------------------------------------------------
    def show_card(self, identity: str | None) -> None:
        """Show their card as stored; when it is the same person again (a refresh), what the streamer typed
        and has not saved yet stays in the fields."""
        again = identity is not None and identity == self.current and self.stack.currentIndex() == 1
        self.current = identity
        if identity is None:
            self.accounts, self.person_id = [], None
            self.stack.setCurrentIndex(0)
            return
        self.person_id = self.people.person_of(identity)
        card = self.skill.card_of(identity) if self.person_id is not None else None
        if card is None:
            self.person_id = None
        accounts = self.people.identities_of(self.person_id) if card is not None else []
        self.accounts = [identity, *(a for a in accounts if a != identity)]   # the selected account first
        entries = {a: self.people.entry(a) for a in self.accounts}
        name = card.label if card is not None else self.skill.label(identity)
        self.name = name if name != UNFAMILIAR \
            else self.people.display_name(identity) or translate("people_dock", "this person")
        self.title.setText(self.name)
        self.subtitle.setText(self._subtitle(card, name))
        entry = entries.get(identity)
        self.mark.setChecked(bool(entry and entry.marked_by_bea))
        self.details.setHtml(self._details_html(card, entries))
        if not (again and self.name_edit.isModified()):
            self.name_edit.setText("" if name == UNFAMILIAR else name)
        if not (again and self.attitude.isModified()):
            self.attitude.setText(card.attitude if card else "")
        if not (again and self.profile.document().isModified()):
            self.profile.setPlainText(card.profile if card else "")
            self.profile.document().setModified(False)
        self.facts.clear()
        self.facts.addItems(list(card.facts) if card else [])
        self.hint.setVisible(card is None)
        self.clear_offences_button.setVisible(any(self.skill.offender(a) for a in self.accounts))
        self.stack.setCurrentIndex(1)
        self._enable()

    def _subtitle(self, card: Any, name: str) -> str:
        if card is None:
            lead = translate("people_dock", "No card yet.")
        else:
            reason = translate("people_dock", WHY[card.reason]) if card.reason in WHY \
                else card.reason
            lead = translate("people_dock", "Card: {reason}.").format(reason=reason)
        if name == UNFAMILIAR:
            lead += translate("people_dock", " To her they are “{unfamiliar}”: she has no name for them yet.").format(
                unfamiliar=UNFAMILIAR)
        return lead

    def _details_html(self, card: Any, entries: dict[str, Any]) -> str:
        e = html.escape
        now = self.clock()
        names = []
        for account, entry in entries.items():
            shown = self.people.display_name(account) or translate("people_dock", "(no name shown)")
            line = f"<b>{e(shown)}</b>{e(where(account))}"
            if entry is not None and not rules.is_placeholder(account):
                line += translate("people_dock", " · {messages} in {sessions} · last seen {when}").format(
                    messages=messages_text(entry.messages), sessions=sessions_text(entry.session_count),
                    when=e(when_text(entry.last_seen, now)))
            names.append(f"<li>{line}</li>")
        parts = [translate("people_dock", "<p style='margin:0'><b>Names</b></p><ul "
                                          "style='margin-top:2px'>{names}</ul>").format(names="".join(names))]
        if card is not None:
            given = self.people.donations_of(card.person_id)
            parts.append(translate("people_dock", "<p><b>Donations:</b> {amounts}</p>").format(
                amounts=e(money(given)) if given else translate("people_dock", "none")))
        if moved := self.skill.times_moved(list(entries)):
            parts.append(translate("people_dock", "<p><b>They really moved her</b> %Ln times (her mood)</p>", None,
                                   moved))
        if offences := self.skill.offences(list(entries)):
            parts.append(
                translate("people_dock", "<p><b>On stream they</b> {offences}</p>").format(offences=e(offences)))
        seen_by = []
        for character, character_name, _description in self.aliases.cast():
            seen_by.append(f"<li><b>{e(character_name)}</b>: {self._alias_line(character)}</li>")
        parts.append(translate("people_dock", "<p style='margin-bottom:0'><b>What each character calls "
                                              "them</b></p><ul style='margin-top:2px'>{names}</ul>").format(
            names="".join(seen_by)))
        return "".join(parts)

    def _alias_line(self, character: str) -> str:
        e = html.escape
        held = [(a, account) for account in self.accounts if (a := self.aliases.alias(character, account))]
        if not held:
            return translate("people_dock", "{unfamiliar} <i>(no name yet)</i>").format(unfamiliar=e(UNFAMILIAR))
        held.sort(key=lambda h: strength(h[0]), reverse=True)
        best = held[0][0]
        line = f"{e(best.text)} <i>({e(alias_words(best))})</i>"
        others = [translate("people_dock", "{alias} on {platform} <i>({how})</i>").format(
                      alias=e(a.text), platform=e(platform_name(account)), how=e(alias_words(a)))
                  for a, account in held[1:] if a.text != best.text]
        return line + (translate("people_dock", "; also ") + "; ".join(others) if others else "")

    def _enable(self) -> None:
        has_card = self.person_id is not None
        for widget in (self.attitude, self.profile, self.save_button, self.facts, self.fact_entry,
                       self.add_fact_button):
            widget.setEnabled(has_card)
        self.remove_fact_button.setEnabled(has_card and self.facts.currentRow() >= 0)

    def _said(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("color: #b03a2e;" if error else "")

    # ---- edits: each one writes to the store, then the dock reads everything again -----------------------
    def save_card(self) -> None:
        if self.person_id is None:
            return
        self.people.set_card(self.person_id, attitude=self.attitude.text(),
                             profile=self.profile.toPlainText())
        self.attitude.setModified(False)
        self.profile.document().setModified(False)
        self._said(translate("people_dock", "Card saved."))
        self.refresh()

    def add_fact(self) -> bool:
        text = " ".join(self.fact_entry.text().split())
        if self.person_id is None or not text:
            return False
        added = self.people.add_fact(self.person_id, text, "streamer")
        if added:
            self.fact_entry.clear()
        self._said(translate("people_dock", "Fact added.") if added
                   else translate("people_dock", "She already has that fact."), error=not added)
        self.refresh()
        return added

    def remove_fact(self) -> bool:
        item = self.facts.currentItem()
        if self.person_id is None or item is None:
            return False
        gone = self.people.remove_fact(self.person_id, item.text())
        self._said(translate("people_dock", "Fact removed.") if gone
                   else translate("people_dock", "That fact was already gone."))
        self.refresh()
        return gone

    def set_name(self) -> bool:
        """The streamer tells her their name: a known name from the strongest source, on every account of
        theirs."""
        name = " ".join(self.name_edit.text().split())
        if self.current is None:
            return False
        if not name:
            self._said(translate("people_dock", "Type the name she should use for them first."), error=True)
            return False
        for account in self.accounts:
            self.aliases.learn(BEA, account, Alias(name, "known", "streamer"))
        self.name_edit.setModified(False)
        self._said(translate("people_dock", "She now calls them {name}.").format(name=name))
        self.refresh()
        return True

    def link_account(self) -> bool:
        """The streamer says another account is this person too (app.core.people rule 6): both end on one
        card. Only this links accounts: never a guess from similar names."""
        if self.current is None:
            return False
        name, platform = rules.link_request(self.link_edit.text())
        other, why = rules.link_choice(name, platform, self.people.find_by_name(name) if name else [],
                                       self.accounts, PLATFORMS)
        if other is None:
            self._said(why, error=True)
            return False
        theirs = self.people.person_of(other)
        plan = rules.link_card(self.person_id, theirs)
        if plan == "mine" and self.person_id is not None:
            self.people.link(other, self.person_id)
        else:
            card = theirs if theirs is not None else self.people.mark_card(other, rules.LINKED)
            for account in self.accounts:
                self.people.link(account, card)
        self.link_edit.clear()
        self._said(translate("people_dock", "{name} and {account} are one person now.").format(
            name=self.name, account=account_text(self.people.display_name(other), other)))
        self.refresh()
        return True

    def set_marked(self, marked: bool) -> None:
        if self.current is None:
            return
        self.people.mark(self.current, marked, self.people.display_name(self.current))
        self._said(translate("people_dock", "Marked: she keeps a card for them.") if marked
                   else translate("people_dock", "Unmarked (the card stays)."))
        self.refresh()

    def clear_offences(self) -> bool:
        """Take the repeat-offender mark off every account on the card shown (the store forgets their counts)."""
        if not self.accounts or not self.skill.clear_offences(list(self.accounts)):
            return False
        self._said(translate("people_dock", "The {mark} mark on {name} is cleared: what they tried in chat no "
                                            "longer counts.").format(mark=OFFENDER_MARK, name=self.name))
        self.refresh()
        return True

    def _confirmed(self, title: str, text: str) -> bool:
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        return QMessageBox.question(self, title, text, yes | no, no) == yes

    def forget_text(self, name: str) -> str:
        accounts = [account_text(self.people.display_name(a), a) for a in self.accounts]
        entries = [x for a in self.accounts if (x := self.people.entry(a)) is not None]
        messages = sum(x.messages for x in entries)
        sessions = max((x.session_count for x in entries), default=0)
        lines = [translate("people_dock", "Forget {name} everywhere? This removes, for good:").format(name=name),
                 translate("people_dock", "• %Ln accounts: {accounts}", None, len(accounts)).format(
                     accounts=", ".join(accounts)),
                 translate("people_dock", "• what she counted: {messages}, {sessions}").format(
                     messages=messages_text(messages), sessions=sessions_text(sessions))]
        if self.person_id is not None:
            given = self.people.donations_of(self.person_id)
            if given:
                lines[-1] += translate("people_dock", ", donations of {amounts}").format(amounts=money(given))
            lines.append(translate("people_dock", "• their card: attitude, profile and %Ln facts", None,
                                   self.facts.count()))
        lines += [translate("people_dock", "• the name every character uses for them, and what the characters' "
                                           "buffers say of them"),
                  translate("people_dock", "Their lines in the stream log stay, flagged: she never dreams or profiles "
                                           "from them again."),
                  translate("people_dock", "Next you choose whether the memories about them go too. This cannot be "
                                           "undone.")]
        return "\n".join(lines)

    def forget_person(self) -> bool:
        if self.current is None:
            return False
        name = self.name
        if not self._confirmed(translate("people_dock", "Forget {name}?").format(name=name), self.forget_text(name)):
            return False
        yes, no, cancel = (QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No,
                           QMessageBox.StandardButton.Cancel)
        answer = QMessageBox.question(
            self, translate("people_dock", "Also forget the memories about them?"),
            translate("people_dock", "Also forget the memories that came from {name}: what they said that "
                                     "she kept in her memory?\n\nYes: those memories go too.\nNo: only the "
                                     "person goes; the memories stay, by nobody she knows.").format(name=name),
            yes | no | cancel, no)
        if answer not in (yes, no):
            return False
        accounts = list(self.accounts)
        gone = self.people.forget_person(accounts, memories=answer == yes)
        self.aliases.forget_targets(gone)
        self.show_card(None)
        self.table.clearSelection()
        tail = translate("people_dock", " and the memories about them.") if answer == yes else "."
        self._said(translate("people_dock", "Forgot {name} (%Ln accounts)", None, len(gone)).format(name=name) + tail)
        self.refresh()
        return True


def make_dock(skill: Any) -> QWidget:
    if skill.people is None or skill.aliases is None:
        return unavailable(translate("people_dock", NO_STORE), "peopleNoStore")
    return PeopleDock(skill)
