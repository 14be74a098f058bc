"""The Model Manager dialog: installed and available models, downloads with a progress bar and cancel, imports."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core import model_catalog as mc
from app.core.failures import summary
from app.core.model_catalog import KIND_LABELS, Kind, language_label
from app.memory.model_manager import ModelError, ModelManager
from app.process.tasks import spawn
from app.senses.netgate import PrivacyRefused
from app.widgets.dock_words import number
from app.widgets.palette import PROBLEM_STYLE
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    translate,
)
from app.widgets.wheel_guard import guard_fields

log = logging.getLogger(__name__)

COLUMNS = [QT_TRANSLATE_NOOP("model_manager_dialog", "Title"), QT_TRANSLATE_NOOP("model_manager_dialog", "Kind"),
           QT_TRANSLATE_NOOP("model_manager_dialog", "Language"), QT_TRANSLATE_NOOP("model_manager_dialog", "Size"),
           QT_TRANSLATE_NOOP("model_manager_dialog", "Licence"), QT_TRANSLATE_NOOP("model_manager_dialog", "State")]
STATE = COLUMNS.index("State")
ERROR_STYLE = PROBLEM_STYLE


def human_size(n: int) -> str:
    """A size as the window's locale writes it: "1.5 GB", "1,5 GB" in Italian; one decimal under 100."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{number(n / scale, 0 if n >= 100 * scale else 1)} {unit}"
    return f"{number(n)} B"


@dataclass(frozen=True)
class Row:
    id: str
    title: str
    kind: Kind
    languages: tuple[str, ...]
    size: str
    licence: str
    state: str
    installed: bool


def rows_of(manager: ModelManager) -> list[Row]:
    """Installed models first, then what the catalog offers; a download that stopped shows what it has."""
    out = [Row(m.id, m.title, m.kind, m.languages, human_size(m.size_on_disk), m.licence,
               translate("model_manager_dialog", "installed"), True)
           for m in manager.installed()]
    for e in manager.available():
        fetched = manager.partial_bytes(e.id)
        if mc.download_refusal(e) is not None:
            state = translate("model_manager_dialog", "unpinned: not downloaded (Download says why; Import works)")
        elif fetched:
            state = translate("model_manager_dialog", "paused at {size}: Download resumes").format(
                size=human_size(fetched))
        else:
            state = translate("model_manager_dialog", "available") if not e.custom \
                else translate("model_manager_dialog", "available, unpinned (you added it)")
        size = translate("model_manager_dialog", "about {size}").format(size=human_size(e.size_bytes))
        out.append(Row(e.id, e.title, e.kind, e.languages, size, e.licence, state, False))
    return out


class ModelManagerDialog(QDialog):
    def __init__(self, manager: ModelManager, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.manager = manager
        self.setWindowTitle(translate("model_manager_dialog", "Models"))
        self.resize(1080, 360)
        self.rows: list[Row] = []
        self.tasks: dict[str, asyncio.Future[Any]] = {}
        self.bars: dict[str, QProgressBar] = {}
        self.pending: set[asyncio.Task[Any]] = set()   # its work under way (tasks.spawn)
        self.table = QTableWidget(0, len(COLUMNS), objectName="modelTable")
        self.table.setHorizontalHeaderLabels([translate("model_manager_dialog", column) for column in COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(STATE, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(60)
        self.privacy_note = QLabel(
            translate("model_manager_dialog", "Privacy mode is on: downloads are off. Importing files still works."),
                                   objectName="modelPrivacy", wordWrap=True)
        self.status = QLabel(objectName="modelStatus", wordWrap=True)
        self.download_button = QPushButton(translate("model_manager_dialog", "Download"), objectName="modelDownload")
        self.cancel_button = QPushButton(translate("model_manager_dialog", "Cancel download"), objectName="modelCancel")
        self.remove_button = QPushButton(translate("model_manager_dialog", "Remove"), objectName="modelRemove")
        self.kind = QComboBox(objectName="modelImportKind")
        for kind in Kind:
            self.kind.addItem(translate("model_catalog", KIND_LABELS[kind]), kind)
        self.import_file_button = QPushButton(translate("model_manager_dialog", "Import file…"),
                                              objectName="modelImportFile")
        self.import_folder_button = QPushButton(translate("model_manager_dialog", "Import folder…"),
                                                objectName="modelImportFolder")
        close = QPushButton(translate("model_manager_dialog", "Close"))
        buttons = QHBoxLayout()
        for widget in (self.download_button, self.cancel_button, self.remove_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        buttons.addWidget(QLabel(translate("model_manager_dialog", "Import as")))
        for widget in (self.kind, self.import_file_button, self.import_folder_button, close):
            buttons.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.addWidget(self.privacy_note)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self.download_button.clicked.connect(self.on_download)
        self.cancel_button.clicked.connect(self.on_cancel)
        self.remove_button.clicked.connect(self.on_remove)
        self.import_file_button.clicked.connect(self.on_import_file)
        self.import_folder_button.clicked.connect(self.on_import_folder)
        close.clicked.connect(self.accept)
        self.table.itemSelectionChanged.connect(self.update_buttons)
        guard_fields(self)   # the wheel changes "Import as" only once the streamer picked it
        self.refresh()

    # --- view ------------------------------------------------------------------------------------------------

    def refresh(self) -> None:
        chosen = self.selected_id()
        self.rows = rows_of(self.manager)
        self.bars.clear()
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            cells = [row.title, translate("model_catalog", KIND_LABELS[row.kind]),
                     language_label(row.languages, lambda word: translate("model_catalog", word)), row.size,
                     row.licence,
                     row.state]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(row.id if c == 0 else text)
                self.table.setItem(r, c, item)
            self.table.removeCellWidget(r, STATE)
            if row.id in self.tasks:
                self._bar(row.id)
            if row.id == chosen:
                self.table.selectRow(r)
        self.privacy_note.setVisible(self.manager.gate.privacy)
        self.update_buttons()

    def _bar(self, model_id: str) -> QProgressBar:
        if model_id not in self.bars:
            r = next(i for i, row in enumerate(self.rows) if row.id == model_id)
            bar = QProgressBar(objectName=f"progress:{model_id}")
            bar.setRange(0, 1000)          # permille: a QProgressBar is 32-bit, model files can pass 2 GB
            bar.setValue(0)
            bar.setFormat(translate("model_manager_dialog", "starting…"))
            self.table.setCellWidget(r, STATE, bar)
            self.bars[model_id] = bar
        return self.bars[model_id]

    def show_progress(self, model_id: str, done: int, total: int) -> None:
        bar = self._bar(model_id)
        bar.setValue(min(1000, done * 1000 // total) if total else 0)
        bar.setFormat(translate("model_manager_dialog", "%p% · {done} of {total}").format(done=human_size(done),
                                                                                         total=human_size(total)))

    def selected_id(self) -> str | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return self.rows[rows[0].row()].id if rows and rows[0].row() < len(self.rows) else None

    def selected_row(self) -> Row | None:
        chosen = self.selected_id()
        return next((row for row in self.rows if row.id == chosen), None)

    def select(self, model_id: str) -> None:
        self.table.selectRow(next(i for i, row in enumerate(self.rows) if row.id == model_id))

    def update_buttons(self) -> None:
        row = self.selected_row()
        busy = row is not None and row.id in self.tasks
        self.download_button.setEnabled(row is not None and not row.installed and not busy
                                        and not self.manager.gate.privacy)
        self.cancel_button.setEnabled(busy)
        self.remove_button.setEnabled(row is not None and row.installed)

    def say(self, text: str, error: bool = False) -> None:
        self.status.setStyleSheet(ERROR_STYLE if error else "")
        self.status.setText(text)

    # --- slots: thin, they only schedule the work on the running (qasync) loop -------------------------------

    def on_download(self) -> None:
        row = self.selected_row()
        if row is not None and not row.installed:
            task = spawn(self.download(row.id), held=self.pending)
            if task is None:    # no loop runs: nothing to download on
                return
            self.tasks[row.id] = task
            # a callback, not a finally: a task cancelled before it first runs never enters its body
            task.add_done_callback(lambda done, model_id=row.id: self._finished(model_id, done))
            self.refresh()

    def on_cancel(self) -> None:
        row = self.selected_row()
        if row is not None and row.id in self.tasks:
            self.tasks[row.id].cancel()

    def on_remove(self) -> None:
        row = self.selected_row()
        if row is not None and row.installed and self.confirm_remove(row):
            spawn(self.remove(row.id), held=self.pending)

    def on_import_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self, translate("model_manager_dialog", "Import a model file"), "",
                                                    translate("model_manager_dialog", "Models (*.onnx *.gguf *.bin "
                                                                                      "*.safetensors);;All files (*)"))
        if path:
            spawn(self.import_from(Path(path), self.kind.currentData()), held=self.pending)

    def on_import_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, translate("model_manager_dialog", "Import a model folder"))
        if path:
            spawn(self.import_from(Path(path), self.kind.currentData()), held=self.pending)

    def confirm_remove(self, row: Row) -> bool:
        asked = translate("model_manager_dialog", "Remove {title} ({size}) from this machine?")
        answer = QMessageBox.question(self, translate("model_manager_dialog", "Remove model"),
                                      asked.format(title=row.title, size=row.size))
        return answer == QMessageBox.StandardButton.Yes

    def done(self, result: int) -> None:
        for task in self.tasks.values():
            task.cancel()           # the partial files stay: the next Download resumes them
        super().done(result)

    # --- the work --------------------------------------------------------------------------------------------

    async def download(self, model_id: str) -> None:
        entry = self.manager.entry(model_id)
        title = entry.title
        self.say(translate("model_manager_dialog", "Downloading {title}…").format(title=title))
        try:
            await self.manager.download(model_id, lambda done, total: self.show_progress(model_id, done, total))
            unpinned = translate("model_manager_dialog", ": unpinned, as you added it, so its files were not "
                                                         "checked against a hash Bea knows.")
            self.say(translate("model_manager_dialog", "{title} is installed").format(title=title)
                     + (unpinned if entry.custom else "."))
        except (ModelError, PrivacyRefused, OSError) as exc:
            log.warning("model download failed: %s", summary(exc))
            self.say(str(exc), error=True)

    def _finished(self, model_id: str, task: asyncio.Future[Any]) -> None:
        self.tasks.pop(model_id, None)
        if task.cancelled():
            self.say(translate("model_manager_dialog", "{title}: download paused. Download again to resume where "
                                                       "it stopped.").format(title=self.manager.entry(model_id).title))
        self.refresh()

    async def import_from(self, path: Path, kind: Kind) -> None:
        self.say(translate("model_manager_dialog", "Importing {name}…").format(name=path.name))
        try:
            target = await self.manager.import_path(path, kind)
            self.say(translate("model_manager_dialog", "Imported {name} as {target}.").format(name=path.name,
                                                                                            target=target.name))
        except (ModelError, OSError) as exc:
            self.say(str(exc), error=True)
        self.refresh()

    async def remove(self, model_id: str) -> None:
        try:
            await self.manager.remove(model_id)
            self.say(translate("model_manager_dialog", "Removed {model_id}.").format(model_id=model_id))
        except (ModelError, OSError) as exc:
            self.say(str(exc), error=True)
        self.refresh()
