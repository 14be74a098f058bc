"""The You dock: what Bea knows about the streamer who owns her (seed 002), and the streamer's controls on it.

Four tabs and one button over PersonStore:
- What she knows: the model as she reads it (person_model's prose, expired entries hidden) beside every entry
  (expired ones greyed), both narrowed by a section and a search. A correction (add, change, delete) is the
  streamer's own word: written with source "manual", so it outranks every agent and sense from then on; when
  the store refuses it (a manual entry observed later, e.g. by a phone whose clock runs ahead) the dock says
  what stands and why. "Getting to Know You" starts the interview, which then talks in the Chat dock.
- Senses: one switch per sense with its plain-language purpose, all off until switched on; switching one off
  asks first, because it deletes what that sense concluded and the raw signals it collected.
- Devices: each device's API token (a token is shown once, when it is made; only its hash is kept); revoking
  asks first.
- Audit: what devices did with the API, newest first.
"Forget everything…" (beside the tabs) purges entries and raw signals after a confirmation that says what goes
and what stays. Store calls run on the Qt thread: they are short SQLCipher reads and writes. While visible the
dock re-reads the store every few seconds (devices and the interview write to it) and redraws only what
changed; what the streamer is typing is never overwritten.
"""

from __future__ import annotations

import html
import json
import time
from collections.abc import Callable
from datetime import date
from typing import Any

from app.core import person_model as pm
from app.core.her_words import HerWords
from app.core.person_model import Entry, OwnerRow, PersonModelError
from app.widgets.dock_words import number, when_text
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFont,
    QFontDatabase,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QTimer,
    QVBoxLayout,
    QWidget,
    translate,
)
from app.widgets.unavailable import unavailable

NO_STORE = QT_TRANSLATE_NOOP("person_dock", "What Bea knows about you lives in the encrypted database, and it is not "
                                            "open: there is nothing to show or correct. Unlock or create her store and "
                                            "restart Bea.")
EMPTY = QT_TRANSLATE_NOOP("person_dock", "She knows nothing about you yet. Add something below, or press Getting "
                          "to Know You.")
REFRESH_MS = 4000        # while visible, how often the dock re-reads the store
AUDIT_ROWS = 200
RED = "#b03a2e"
KNOWN_COLUMNS = (QT_TRANSLATE_NOOP("person_dock", "Section"), QT_TRANSLATE_NOOP("person_dock", "Key"),
                 QT_TRANSLATE_NOOP("person_dock", "Summary"), QT_TRANSLATE_NOOP("person_dock", "Source"),
                 QT_TRANSLATE_NOOP("person_dock", "Confidence"), QT_TRANSLATE_NOOP("person_dock", "Observed"),
                 QT_TRANSLATE_NOOP("person_dock", "Expires"))
SECTION_COL, KEY_COL, SUMMARY_COL, SOURCE_COL, CONFIDENCE_COL, OBSERVED_COL, EXPIRES_COL = range(7)
DEVICE_COLUMNS = (QT_TRANSLATE_NOOP("person_dock", "Device"), QT_TRANSLATE_NOOP("person_dock", "Admin"),
                  QT_TRANSLATE_NOOP("person_dock", "Created"), QT_TRANSLATE_NOOP("person_dock", "Last used"))
AUDIT_COLUMNS = (QT_TRANSLATE_NOOP("person_dock", "When"), QT_TRANSLATE_NOOP("person_dock", "Device"),
                 QT_TRANSLATE_NOOP("person_dock", "What"), QT_TRANSLATE_NOOP("person_dock", "Whose model"),
                 QT_TRANSLATE_NOOP("person_dock", "Detail"))
# how wide each entries column starts (the summary takes the rest; every cell's tooltip has it all)
ENTRY_SAMPLES = ("relationships", "charity_stream", "", "inferred by planner, a guess", "100%", "yesterday 00:00",
                 "expired today 00:00")
KEEPS = ((QT_TRANSLATE_NOOP("person_dock", "for good"), None),
         (QT_TRANSLATE_NOOP("person_dock", "for an hour"), pm.HOUR),
         (QT_TRANSLATE_NOOP("person_dock", "for a day"), pm.DAY),
         (QT_TRANSLATE_NOOP("person_dock", "for a week"), 7 * pm.DAY))
# the sections as you read them (her notes, shown word for word, speak of you as "them")
SECTION_WORDS = {"identity": QT_TRANSLATE_NOOP("person_dock", "Who you are"),
                 "routine": QT_TRANSLATE_NOOP("person_dock", "Your usual day"),
                 "state": QT_TRANSLATE_NOOP("person_dock", "Right now"),
                 "relationships": QT_TRANSLATE_NOOP("person_dock", "Who matters to you"),
                 "commitments": QT_TRANSLATE_NOOP("person_dock", "Open commitments"),
                 "preferences": QT_TRANSLATE_NOOP("person_dock", "What you prefer")}
KEY_ROLE = Qt.ItemDataRole.UserRole


# ---- words --------------------------------------------------------------------------------------------
def source_words(entry: Entry, her: HerWords) -> str:
    """Where an entry came from, said to you: "you told her", "inferred by planner, a guess"... Her words follow
    the window's language setting, so her qualifier reads in the window's language."""
    return pm.qualifier(entry, her).replace(her.text("person_model.told"), translate("person_dock", "you told her"))


def stamp(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts))


def entries_text(n: int) -> str:
    return translate("person_dock", "%Ln entries", None, n)


def value_text(value: Any) -> str:
    """A stored value as the streamer edits it: plain text stays plain, anything else is JSON.
    value_from_text(value_text(v)) == v for every value a store holds (text without outer spaces)."""
    if value is None:
        return ""
    if isinstance(value, str):
        try:
            json.loads(value)
        except ValueError:
            return value            # plain words: shown as typed
    return json.dumps(value, ensure_ascii=False)


def value_from_text(text: str) -> Any:
    """What the streamer typed as a value: empty is none, valid JSON is structured, anything else is text."""
    text = text.strip()
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text


def keeps_for(entry: Entry) -> int:
    """The "keeps" choice closest to how long an entry was meant to last (0: for good)."""
    if entry.expires_at is None:
        return 0
    span = entry.expires_at - entry.observed_at
    return next((i for i, (_w, s) in enumerate(KEEPS) if s is not None and span <= s), len(KEEPS) - 1)


def known_prose(entries: list[Entry], now: float, sections: Any, query: str | None, her: HerWords) -> str:
    """What the model says of them in prose, as she reads it; with nothing to say, that in the window's own
    words (hers name the sections as her tool takes them)."""
    if pm.select(entries, now, sections, query):
        return pm.render(entries, now, sections, query, her=her)
    narrowed = [] if sections is None else list(pm.check_sections(sections))
    under = translate("person_dock", " or ").join(f"“{translate('person_dock', SECTION_WORDS[s])}”"
                                                  for s in narrowed) if len(narrowed) < len(pm.SECTIONS) else ""
    searched = query.strip() if query and pm.query_words(query) else ""
    if under and searched:
        return translate("person_dock", 'Nothing under {sections} matches "{query}".').format(sections=under,
                                                                                               query=searched)
    if under:
        return translate("person_dock", "Nothing is known about them under {sections} yet.").format(sections=under)
    if searched:
        return translate("person_dock", 'Nothing known about them matches "{query}".').format(query=searched)
    return translate("person_dock", pm.NOTHING_KNOWN)


def prose_html(text: str, her: HerWords) -> str:
    """person_model's prose with its section headings in bold; the words are exactly hers."""
    headings = {pm.heading(s, her) for s in pm.SECTIONS}
    out = []
    for line in text.splitlines():
        if line in headings:
            out.append(f"<p style='margin:8px 0 2px 0'><b>{html.escape(line)}</b></p>")
        elif line.strip():
            out.append(f"<p style='margin:0 0 0 8px'>{html.escape(line)}</p>")
    return "".join(out)


def _item(text: str, tip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    if tip:
        item.setToolTip(tip)
    return item


def _table(name: str, columns: tuple[str, ...], stretch: int, samples: tuple[str, ...] = ()) -> QTableWidget:
    """A read-only table of rows; column `stretch` takes the room left; with `samples` (one text per
    column) the columns start as wide as their sample and the streamer may drag them, else they fit their
    contents."""
    t = QTableWidget(0, len(columns), objectName=name)
    t.setHorizontalHeaderLabels([translate("person_dock", c) for c in columns])
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.setAlternatingRowColors(True)
    t.setShowGrid(False)
    t.setWordWrap(False)
    t.verticalHeader().hide()
    t.verticalHeader().setDefaultSectionSize(t.fontMetrics().height() + 8)
    header = t.horizontalHeader()
    header.setHighlightSections(False)
    header.setStretchLastSection(False)
    metrics = t.fontMetrics()
    for i, title in enumerate(columns):
        if samples:
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.Interactive)
            t.setColumnWidth(i, max(metrics.horizontalAdvance(samples[i]), metrics.horizontalAdvance(title)) + 20)
        else:
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    header.setMinimumSectionSize(40)
    return t


# ---- dialogs ------------------------------------------------------------------------------------------
class AddDeviceDialog(QDialog):
    """Asks a new device's name (and whether it is an admin device)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("person_dock", "Add a device"))
        self.name = QLineEdit(objectName="youDeviceName", maxLength=64,
                              placeholderText=translate("person_dock", "e.g. Sara's phone"))
        self.admin = QCheckBox(translate("person_dock", "Admin device"), objectName="youDeviceAdmin")
        hint = QLabel(translate("person_dock", "An admin device may also read the model of another member of the "
                                               "household (each such read goes into the audit log). A phone that only "
                                               "pushes your own signals does not need it."), wordWrap=True)
        hint.setStyleSheet("color: #7b7b7b;")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("person_dock", "Create token"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.addRow(translate("person_dock", "Device name"), self.name)
        layout.addLayout(form)
        layout.addWidget(self.admin)
        layout.addWidget(hint)
        layout.addWidget(buttons)
        self.setMinimumWidth(420)


class TokenDialog(QDialog):
    """Shows a new token, once: the store keeps only its hash, so this is the only chance to copy it."""

    def __init__(self, device: str, token: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("person_dock", "Token for {device}").format(device=device))
        self.token = QLineEdit(token, objectName="youToken", readOnly=True)
        self.token.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.token.setMinimumWidth(self.token.fontMetrics().horizontalAdvance(token) + 24)
        self.copy = QPushButton(translate("person_dock", "Copy"), objectName="youTokenCopy")
        self.copy.clicked.connect(self.copy_token)
        warning = QLabel(translate("person_dock", "Copy this token into {device} now. <b>It will not be shown "
                                                  "again</b>: Bea keeps only a fingerprint of it. If you lose it, "
                                                  "revoke the device and add it again.").format(
                                                      device=html.escape(device)),
                         objectName="youTokenWarning", wordWrap=True)
        warning.setStyleSheet(f"color: {RED};")
        how = QLabel(translate("person_dock", "The device sends it with every request to Bea's local API, as "
                     "“Authorization: Bearer <token>”."), wordWrap=True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(self.token, 1)
        row.addWidget(self.copy)
        layout.addWidget(warning)
        layout.addLayout(row)
        layout.addWidget(how)
        layout.addWidget(buttons)

    def copy_token(self) -> None:
        QApplication.clipboard().setText(self.token.text())
        self.copy.setText(translate("person_dock", "Copied"))


# ---- the dock -----------------------------------------------------------------------------------------
class YouDock(QWidget):
    def __init__(self, skill: Any, clock: Callable[[], float] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill, self.store, self.clock = skill, skill.store, clock or skill.ctx.clock.time
        self.rows: list[OwnerRow] = []
        self.current: tuple[str, str] | None = None     # the entry the form was filled from
        self._seen: dict[str, Any] = {}                  # what each part last showed: redraw only on change
        self._filling = False

        self.tabs = QTabWidget(objectName="youTabs", documentMode=True)
        self.tabs.addTab(self._knows_tab(), translate("person_dock", "What she knows"))
        self.tabs.addTab(self._senses_tab(), translate("person_dock", "Senses"))
        self.tabs.addTab(self._devices_tab(), translate("person_dock", "Devices"))
        self.tabs.addTab(self._audit_tab(), translate("person_dock", "Audit"))
        self.forget_button = QPushButton(translate("person_dock", "Forget everything…"), objectName="youForget",
                                         toolTip=translate("person_dock",
                                                           "Delete every entry and every raw signal about you"))
        self.forget_button.setStyleSheet(f"color: {RED};")
        self.tabs.setCornerWidget(self.forget_button, Qt.Corner.TopRightCorner)
        self.status = QLabel(objectName="youStatus", wordWrap=True,
                             textInteractionFlags=Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status)
        self.forget_button.clicked.connect(self.forget_everything)

        self.timer = QTimer(self, interval=REFRESH_MS)
        self.timer.timeout.connect(self._tick)
        self.refresh()

    # ---- building: What she knows ---------------------------------------------------------------------
    def _knows_tab(self) -> QWidget:
        self.search = QLineEdit(objectName="youSearch",
                                placeholderText=translate("person_dock", "Search (every word must match)…"))
        self.search.setClearButtonEnabled(True)
        self.section_filter = QComboBox(objectName="youSectionFilter")
        self.section_filter.addItem(translate("person_dock", "All sections"), None)
        for s in pm.SECTIONS:
            self.section_filter.addItem(translate("person_dock", SECTION_WORDS[s]), s)
        self.refresh_button = QPushButton(translate("person_dock", "Refresh"), objectName="youRefresh",
                                          toolTip=translate("person_dock",
                                                            "Read the model again (devices and agents write to it)"))
        self.interview_button = QPushButton(translate("person_dock", "Getting to Know You"), objectName="youInterview")
        self.table = _table("youEntries", KNOWN_COLUMNS, SUMMARY_COL, ENTRY_SAMPLES)
        self.count = QLabel(objectName="youCount", wordWrap=True)
        self.prose = QTextBrowser(objectName="youProse", openLinks=False)
        self.prose.setToolTip(
            translate("person_dock", "Exactly what an agent reads when it asks person_model (expired entries hidden)"))

        self.form_section = QComboBox(objectName="youFormSection")
        for s in pm.SECTIONS:
            self.form_section.addItem(translate("person_dock", SECTION_WORDS[s]), s)
        self.form_key = QLineEdit(objectName="youFormKey", maxLength=pm.MAX_KEY,
                                  placeholderText=translate("person_dock", "key"),
                                  toolTip=translate("person_dock", "A short stable name, e.g. home_city: the same key "
                                                                   "updates the entry"))
        self.form_summary = QLineEdit(objectName="youFormSummary", maxLength=pm.MAX_SUMMARY,
                                      placeholderText=translate("person_dock",
                                                                "summary, one line, e.g. Lives in Turin"))
        self.form_value = QLineEdit(objectName="youFormValue",
                                    placeholderText=translate("person_dock", "value (optional)"),
                                    toolTip=translate("person_dock",
                                                      'Optional: words, or JSON such as {"city": "Turin"}'))
        self.form_keeps = QComboBox(objectName="youFormKeeps")
        for words, _seconds in KEEPS:
            self.form_keeps.addItem(translate("person_dock", words))
        self.save_button = QPushButton(translate("person_dock", "Save correction"), objectName="youSave",
                                       toolTip=translate("person_dock", "Your word: it outranks anything an agent "
                                                                        "or a sense concluded"))
        self.new_button = QPushButton(translate("person_dock", "New"), objectName="youNew",
                                      toolTip=translate("person_dock", "Clear the form to add an entry"))
        self.delete_button = QPushButton(translate("person_dock", "Delete…"), objectName="youDelete")

        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.section_filter)
        top.addWidget(self.refresh_button)
        top.addWidget(self.interview_button)

        reads = QWidget()
        right = QVBoxLayout(reads)
        right.setContentsMargins(0, 0, 0, 0)
        right.setSpacing(2)
        right.addWidget(QLabel(translate("person_dock", "<b>Her notes on you</b>, word for word")))
        right.addWidget(self.prose, 1)
        self.knows_splitter = QSplitter(Qt.Orientation.Horizontal, objectName="youKnowsSplitter")
        self.knows_splitter.addWidget(self.table)
        self.knows_splitter.addWidget(reads)
        self.knows_splitter.setStretchFactor(0, 5)
        self.knows_splitter.setStretchFactor(1, 2)
        self.knows_splitter.setSizes([960, 320])

        form = QHBoxLayout()              # two short lines: the dock may be short, and as narrow as a laptop's
        form.addWidget(QLabel(translate("person_dock", "<b>Correct:</b>")))
        form.addWidget(self.form_section)
        form.addWidget(self.form_key, 2)
        form.addWidget(self.form_summary, 5)
        form_end = QHBoxLayout()
        form_end.addWidget(self.form_value, 2)
        form_end.addWidget(QLabel(translate("person_dock", "keep it")))
        form_end.addWidget(self.form_keeps)
        form_end.addWidget(self.save_button)
        form_end.addWidget(self.new_button)
        form_end.addWidget(self.delete_button)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.setContentsMargins(2, 4, 2, 2)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.count)      # a line of its own: the dock may be as narrow as a laptop's
        layout.addWidget(self.knows_splitter, 1)
        layout.addLayout(form)
        layout.addLayout(form_end)

        self.search.textChanged.connect(lambda _t: self.refresh(force=True))
        self.section_filter.currentIndexChanged.connect(lambda _i: self.refresh(force=True))
        self.refresh_button.clicked.connect(lambda: self.refresh(force=True))
        self.interview_button.clicked.connect(self.toggle_interview)
        self.table.currentCellChanged.connect(lambda row, *_: self._picked(row))
        self.form_section.currentIndexChanged.connect(self._section_chosen)
        self.save_button.clicked.connect(self.save_entry)
        self.form_summary.returnPressed.connect(self.save_entry)
        self.new_button.clicked.connect(self.new_entry)
        self.delete_button.clicked.connect(self.delete_entry)
        return tab

    # ---- building: Senses, Devices, Audit -------------------------------------------------------------
    def _senses_tab(self) -> QWidget:
        inner = QWidget(objectName="youSenses")
        layout = QVBoxLayout(inner)
        intro = QLabel(translate("person_dock", "Every sense is off until you switch it on. A sense reads signals your "
                                                "devices push to Bea and turns them into a few entries with plain "
                                                "rules, not an AI. Switching one off deletes what it concluded and the "
                                                "raw signals it kept; raw signals are kept {raw_signal_days} days at "
                                                "most.").format(raw_signal_days=pm.RAW_SIGNAL_DAYS), wordWrap=True)
        layout.addWidget(intro)
        self.switches: dict[str, QCheckBox] = {}
        for name, sense in pm.SENSES.items():
            row = QFrame(objectName=f"youSense-{name}", frameShape=QFrame.Shape.StyledPanel)
            line = QHBoxLayout(row)
            switch = QCheckBox(objectName=f"youSwitch-{name}")
            switch.clicked.connect(lambda on, n=name: self.switch_sense(n, on))
            self.switches[name] = switch
            words = QLabel(translate("person_dock", "<b>{sense}</b> — reads {reads}<br>{purpose}").format(
                sense=html.escape(name.capitalize()), reads=html.escape(", ".join(sense.reads)),
                purpose=html.escape(sense.purpose)) if sense.reads else translate(
                "person_dock", "<b>{sense}</b><br>{purpose}").format(sense=html.escape(name.capitalize()),
                                                                     purpose=html.escape(sense.purpose)),
                wordWrap=True)
            line.addWidget(switch, 0, Qt.AlignmentFlag.AlignTop)
            line.addWidget(words, 1)
            layout.addWidget(row)
        self.signals_label = QLabel(objectName="youSignals", wordWrap=True)
        layout.addWidget(self.signals_label)
        layout.addStretch(1)
        scroll = QScrollArea(widgetResizable=True, frameShape=QFrame.Shape.NoFrame)
        scroll.setWidget(inner)
        return scroll

    def _devices_tab(self) -> QWidget:
        self.devices = _table("youDevices", DEVICE_COLUMNS, 0)
        self.add_device_button = QPushButton(translate("person_dock", "Add device…"), objectName="youAddDevice")
        self.revoke_button = QPushButton(translate("person_dock", "Revoke…"), objectName="youRevoke")
        self.devices_hint = QLabel(objectName="youDevicesHint", wordWrap=True)
        buttons = QVBoxLayout()
        buttons.addWidget(self.add_device_button)
        buttons.addWidget(self.revoke_button)
        buttons.addStretch(1)
        left = QVBoxLayout()
        left.addWidget(self.devices, 1)
        left.addWidget(self.devices_hint)
        tab = QWidget()
        layout = QHBoxLayout(tab)
        layout.setContentsMargins(2, 4, 2, 2)
        layout.addLayout(left, 1)
        layout.addLayout(buttons)
        self.add_device_button.clicked.connect(self.add_device)
        self.revoke_button.clicked.connect(self.revoke_device)
        self.devices.itemSelectionChanged.connect(self._enable)
        return tab

    def _audit_tab(self) -> QWidget:
        self.audit = _table("youAudit", AUDIT_COLUMNS, 4)
        self.audit_hint = QLabel(objectName="youAuditHint", wordWrap=True)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.setContentsMargins(2, 4, 2, 2)
        layout.addWidget(self.audit, 1)
        layout.addWidget(self.audit_hint)
        return tab

    # ---- reading ------------------------------------------------------------------------------------------
    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        self.refresh()
        self.timer.start()
        super().showEvent(event)

    def hideEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        self.timer.stop()
        super().hideEvent(event)

    def _tick(self) -> None:
        if self.store.closed:   # the app stopped under a window that is still up
            self.timer.stop()
            return
        self.refresh()

    def _changed(self, part: str, shown: Any, force: bool) -> bool:
        if not force and self._seen.get(part) == shown:
            return False
        self._seen[part] = shown
        return True

    def refresh(self, force: bool = False) -> None:
        """Read the store again; redraw each part only when what it shows changed (or when forced)."""
        now = self.clock()
        entries = self.store.entries()
        sections = self.section_filter.currentData()
        query = " ".join(self.search.text().split()) or None
        rows = pm.owner_view(entries, now, sections, query)
        today = date.fromtimestamp(now)          # "today 08:55" reads differently tomorrow
        if self._changed("entries", (today, [(r.entry, r.expired) for r in rows]), force):
            self._show_entries(rows, now)
            her = self.skill.ctx.words()
            self.prose.setHtml(prose_html(known_prose(entries, now, sections, query, her), her))
        self._count(entries, rows, now)
        senses = self.store.senses()
        signals = self.store.signal_count()
        if self._changed("senses", (senses, signals), force):
            for name, on in senses.items():
                self.switches[name].setChecked(on)
                self.switches[name].setText(translate("person_dock", "On") if on else translate("person_dock", "Off"))
            self.signals_label.setText(translate("person_dock", "%Ln raw signals kept from your devices right now.",
                                                 None, signals))
        tokens = self.store.tokens()
        if self._changed("devices", (today, tokens), force):
            self._show_devices(tokens, now)
        log = self.store.audit_log(AUDIT_ROWS)
        if self._changed("audit", log, force):
            self._show_audit(log)
        self._enable()

    def _count(self, entries: list[Entry], rows: list[OwnerRow], now: float) -> None:
        expired = sum(r.expired for r in rows)
        if not entries:
            text = translate("person_dock", EMPTY)
        elif len(rows) == len(entries):
            text = entries_text(len(entries))
        else:
            text = translate("person_dock", "{shown} of {entries} match").format(shown=number(len(rows)),
                                                                                 entries=entries_text(len(entries)))
        if expired:
            text += translate("person_dock", " · %Ln expired (greyed: she no longer reads them)", None, expired)
        self.count.setText(text)

    def _show_entries(self, rows: list[OwnerRow], now: float) -> None:
        self._filling = True
        try:
            self.rows = rows
            self.table.setRowCount(len(rows))
            grey = self.palette().placeholderText()
            keep = None
            her = self.skill.ctx.words()
            for i, r in enumerate(rows):
                e = r.entry
                tip = translate("person_dock", "{section}/{key}: {summary}\nsource: {source}").format(
                    section=e.section, key=e.key, summary=e.summary, source=e.source)
                if e.quote:
                    tip += translate("person_dock", "\nyour words: “{quote}”").format(quote=e.quote)
                if r.expired:
                    tip += translate("person_dock", "\nexpired: she no longer reads this")
                expires = translate("person_dock", "never") if e.expires_at is None else when_text(e.expires_at, now)
                cells = (e.section, e.key, e.summary, source_words(e, her), f"{e.confidence:.0%}",
                         when_text(e.observed_at, now),
                         translate("person_dock", "expired {expires}").format(expires=expires) if r.expired
                         else expires)
                for column, text in enumerate(cells):
                    item = _item(text, tip)
                    if column == CONFIDENCE_COL:
                        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    if r.expired:
                        item.setForeground(grey)
                        font = QFont(item.font())
                        font.setItalic(True)
                        item.setFont(font)
                    self.table.setItem(i, column, item)
                self.table.item(i, 0).setData(KEY_ROLE, (e.section, e.key))
                if (e.section, e.key) == self.current:
                    keep = i
            if keep is None:
                self.table.clearSelection()
                self.table.setCurrentCell(-1, -1)
            else:
                self.table.selectRow(keep)
        finally:
            self._filling = False

    def _show_devices(self, tokens: list[Any], now: float) -> None:
        chosen = self.selected_device()
        self.devices.setRowCount(len(tokens))
        for i, t in enumerate(tokens):
            cells = (t.name, "admin" if t.admin else "", when_text(t.created_at, now),
                     when_text(t.last_used, now) if t.last_used else translate("person_dock", "not yet"))
            for column, text in enumerate(cells):
                self.devices.setItem(i, column, _item(text, f"owner: {t.owner}" if column == 0 else ""))
            if t.name == chosen:
                self.devices.selectRow(i)
        self.devices_hint.setText(
            (translate("person_dock", "No devices yet. ") if not tokens else "")
            + translate("person_dock", "A device (your phone, a watch, a script) needs a token to reach Bea's local "
                                       "API: it pushes signals for the senses you switched on and can read or correct "
                                       "this model."))

    def _show_audit(self, log: list[tuple[float, str, str, str, str]]) -> None:
        self.audit.setRowCount(len(log))
        for i, (ts, token, action, owner, detail) in enumerate(log):
            for column, text in enumerate((stamp(ts), token, action, owner, detail)):
                self.audit.setItem(i, column, _item(text))
        self.audit_hint.setText(translate("person_dock", "Nothing has happened yet.") if not log else
                                translate("person_dock",
                                          "Newest first; the latest {audit_rows} events are shown.").format(
                                              audit_rows=AUDIT_ROWS)
                                if len(log) >= AUDIT_ROWS else translate("person_dock", "Newest first."))

    def _enable(self) -> None:
        self.delete_button.setEnabled(self.current is not None)
        self.revoke_button.setEnabled(self.selected_device() is not None)
        interview = self.skill.interview
        active = interview is not None and interview.active
        self.interview_button.setText(translate("person_dock", "Stop Getting to Know You") if active
                                      else translate("person_dock", "Getting to Know You"))
        self.interview_button.setToolTip(
            translate("person_dock", "End the interview; your lines in the Chat dock go to Bea again") if active else
            translate("person_dock", "A short interview in the Chat dock: it asks about what she does not know yet "
                                     "(six questions at most) and records your answers in your own words"))

    def say(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {RED};" if error else "")

    def _confirmed(self, title: str, text: str) -> bool:
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        return QMessageBox.question(self, title, text, yes | no, no) == yes

    # ---- the form -----------------------------------------------------------------------------------------
    def _picked(self, row: int) -> None:
        if self._filling:
            return
        if not 0 <= row < len(self.rows):
            return
        e = self.rows[row].entry
        self.current = (e.section, e.key)
        self._filling = True
        try:
            self.form_section.setCurrentIndex(pm.SECTIONS.index(e.section))
            self.form_key.setText(e.key)
            self.form_summary.setText(e.summary)
            self.form_value.setText(value_text(e.value))
            self.form_keeps.setCurrentIndex(keeps_for(e))
        finally:
            self._filling = False
        self._enable()

    def _section_chosen(self, _index: int) -> None:
        """A new state entry is short-lived by default, as her own state entries are."""
        if not self._filling and self.current is None:
            self.form_keeps.setCurrentIndex(1 if self.form_section.currentData() == "state" else 0)

    def new_entry(self) -> None:
        self.current = None
        self._filling = True
        try:
            self.table.clearSelection()
            self.table.setCurrentCell(-1, -1)
            for field in (self.form_key, self.form_summary, self.form_value):
                field.clear()
        finally:
            self._filling = False
        self._section_chosen(0)
        self.form_key.setFocus()
        self._enable()

    def save_entry(self) -> bool:
        """The form as a manual entry: the streamer's word outranks every agent and sense."""
        now = self.clock()
        seconds = KEEPS[self.form_keeps.currentIndex()][1]
        try:
            entry = Entry(self.form_section.currentData(), self.form_key.text(), self.form_summary.text(),
                          value=value_from_text(self.form_value.text()), source="manual", confidence=1.0,
                          observed_at=now, expires_at=None if seconds is None else now + seconds)
            decision = self.store.write(entry)
        except PersonModelError as exc:
            self.say(translate("person_dock", "Not saved: {exc}.").format(exc=exc), error=True)
            return False
        if not decision.accepted:
            self.say(translate("person_dock", "Not saved: {message}").format(message=decision.message), error=True)
            self.refresh(force=True)
            return False
        stood = decision.standing
        self.current = (stood.section, stood.key)
        self.say(translate("person_dock", "Saved {section}/{key} as your correction ({reason}); agents and senses "
                                          "cannot change it now.").format(
                                              section=stood.section, key=stood.key, reason=decision.reason))
        self.refresh(force=True)
        return True

    def delete_entry(self) -> bool:
        if self.current is None:
            return False
        section, key = self.current
        entry = self.store.get(section, key)
        what = f"“{entry.summary}” ({source_words(entry, self.skill.ctx.words())})" if entry else f"{section}/{key}"
        if not self._confirmed(translate("person_dock", "Delete this entry?"),
                               translate("person_dock", "Delete {section}/{key}, {what}?\n\nShe forgets it at once. An "
                                                        "agent or a sense may learn it again later; to keep her from "
                                                        "it, correct it instead.").format(
                                                            section=section, key=key, what=what)):
            return False
        gone = self.store.delete(section, key)
        self.say(translate("person_dock", "Deleted {section}/{key}.").format(section=section, key=key) if gone
                 else translate("person_dock", "{section}/{key} was already gone.").format(section=section, key=key))
        self.new_entry()
        self.refresh(force=True)
        return gone

    # ---- Getting to Know You ------------------------------------------------------------------------------
    def toggle_interview(self) -> str:
        interview = self.skill.interview
        if interview is not None and interview.active:
            self.skill.stop_interview()
            message = translate("person_dock",
                                "Getting to Know You stopped: your lines in the Chat dock go to Bea again.")
        else:
            message = self.skill.start_interview()
            self._raise_chat()
        self.say(message)
        self._enable()
        return message

    def _raise_chat(self) -> None:
        """Bring the Chat dock forward: the interview talks there."""
        chat = self.window().findChild(QDockWidget, "dock-chat")
        if chat is not None:
            chat.show()
            chat.raise_()

    # ---- senses -------------------------------------------------------------------------------------------
    def switch_text(self, name: str) -> str:
        concluded = [e for e in self.store.entries() if pm.concluded_by(e, name)]
        summaries = "; ".join(f"“{e.summary}”" for e in concluded[:4]) + ("; …" if len(concluded) > 4 else "")
        what = translate("person_dock", "the %Ln entries it concluded ({summaries})", None, len(concluded)).format(
            summaries=summaries) if concluded else translate("person_dock", "anything it concluded (nothing right now)")
        return (translate("person_dock", "Switch off the {name} sense?\n\nThis deletes, for good, {what} and "
                                         "every raw signal it collected from your devices. Signals it would "
                                         "read are ignored from now on.\n\nYou can switch it on again later; it "
                                         "starts from nothing.").format(name=name, what=what))

    def switch_sense(self, name: str, on: bool) -> bool:
        if on:
            self.store.set_sense(name, True)
            self.say(
                translate("person_dock", "The {name} sense is on: {purpose}").format(
                    name=name, purpose=pm.SENSES[name].purpose))
        elif self._confirmed(translate("person_dock", "Switch off {name}?").format(name=name), self.switch_text(name)):
            gone = self.store.set_sense(name, False)
            self.say(translate("person_dock", "The {name} sense is off: %Ln entries and its raw signals deleted.", None,
                               gone).format(name=name))
        else:
            self.say(translate("person_dock", "The {name} sense stays on.").format(name=name))
        self.refresh(force=True)
        return self.store.senses()[name] == on

    # ---- devices ------------------------------------------------------------------------------------------
    def selected_device(self) -> str | None:
        rows = self.devices.selectionModel().selectedRows()
        return self.devices.item(rows[0].row(), 0).text() if rows else None

    def add_device(self) -> str | None:
        ask = AddDeviceDialog(self)
        if ask.exec() != QDialog.DialogCode.Accepted:
            return None
        name = " ".join(ask.name.text().split())
        try:
            token = self.store.create_token(name, admin=ask.admin.isChecked())
        except ValueError as exc:
            self.say(translate("person_dock", "No device added: {exc}.").format(exc=exc), error=True)
            return None
        self.refresh(force=True)
        self.say(translate("person_dock", "Added {name}. Its token was shown once; revoke the device if it is "
                                          "lost.").format(name=name))
        shown = TokenDialog(name, token, self)
        shown.exec()
        shown.token.clear()
        shown.deleteLater()
        return name

    def revoke_device(self) -> bool:
        name = self.selected_device()
        if name is None:
            return False
        if not self._confirmed(translate("person_dock", "Revoke {name}?").format(name=name),
                               translate("person_dock", "Revoke the token of {name}?\n\nIt can no longer reach Bea's "
                                                        "API. To connect it again, add it as a new device and copy the "
                                                        "new token into it.").format(name=name)):
            return False
        gone = self.store.revoke_token(name)
        self.say(translate("person_dock", "Revoked {name}.").format(name=name) if gone
                 else translate("person_dock", "{name} had no token any more.").format(name=name))
        self.refresh(force=True)
        return gone

    # ---- forgetting everything ----------------------------------------------------------------------------
    def forget_text(self) -> str:
        entries, signals = len(self.store.entries()), self.store.signal_count()
        devices = len(self.store.tokens())
        deletes = [translate("person_dock", "This deletes, for good:"),
                   translate("person_dock", "• all %Ln entries of the model: what you told her, what agents inferred "
                                            "and what senses concluded", None, entries),
                   translate("person_dock", "• all %Ln raw signals from your devices", None, signals),
                   translate("person_dock", "Devices holding a copy are told to drop it.")]
        return "\n\n".join((translate("person_dock", "Forget everything Bea knows about you?"), "\n".join(deletes),
                            translate("person_dock", "Stays: your %Ln devices and their tokens, which senses are on, "
                                                     "and the audit log.", None, devices),
                            translate("person_dock", "This cannot be undone.")))

    def forget_everything(self) -> bool:
        if not self._confirmed(translate("person_dock", "Forget everything?"), self.forget_text()):
            return False
        self.skill.stop_interview()
        gone = self.store.purge()
        self.new_entry()
        self.say(translate("person_dock", "Forgot everything: %Ln entries and every raw signal.", None, gone))
        self.refresh(force=True)
        return True


def make_dock(skill: Any) -> QWidget:
    if skill.store is None:
        return unavailable(translate("person_dock", NO_STORE), "youNoStore")
    return YouDock(skill)
