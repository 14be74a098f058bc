"""Help → Prompt changes: each editable prompt file, whether the user edited it, and how it differs."""

from __future__ import annotations

from app.memory.prompt_store import PromptFiles, PromptStoreError
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QDesktopServices,
    QDialog,
    QDialogButtonBox,
    QFontDatabase,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    Qt,
    QUrl,
    QVBoxLayout,
    QWidget,
    translate,
)

EDITED = QT_TRANSLATE_NOOP("prompt_diff", "edited by you")
AS_SHIPPED = QT_TRANSLATE_NOOP("prompt_diff", "as shipped")


class PromptChangesDialog(QDialog):
    def __init__(self, files: PromptFiles, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.files = files
        self.setWindowTitle(translate("prompt_diff", "Prompt changes"))
        self.resize(820, 480)
        intro = QLabel(translate("prompt_diff", "Bea's soul and operating manual are files you can edit, in {folder}. "
                                                "Bea never overwrites a file you edited; here is how yours differ from "
                                                "what ships.").format(folder=files.folder))
        intro.setWordWrap(True)
        intro.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.list = QListWidget()
        self.list.setMaximumWidth(240)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.view = QPlainTextEdit()
        self.view.setReadOnly(True)
        self.view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.open_button = QPushButton(translate("prompt_diff", "Open the file"))
        self.restore_button = QPushButton(translate("prompt_diff", "Restore the shipped text"))
        self.open_button.clicked.connect(self.open_file)
        self.restore_button.clicked.connect(self.restore)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        detail = QVBoxLayout()
        detail.addWidget(self.status)
        detail.addWidget(self.view, 1)
        body = QHBoxLayout()
        body.addWidget(self.list)
        body.addLayout(detail, 1)
        outer = QVBoxLayout(self)
        outer.addWidget(intro)
        outer.addLayout(body, 1)
        outer.addWidget(buttons)
        self.list.currentRowChanged.connect(lambda _row: self.show_current())
        self.refresh()

    def current(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def refresh(self) -> None:
        """Re-read every file: the user may have edited one in another window since the dialog opened."""
        keep = self.list.currentRow()
        self.list.clear()
        for name in self.files.names:
            item = QListWidgetItem(translate("prompt_diff", "{name}.md: {state}").format(
                name=name, state=translate("prompt_diff", EDITED if self.files.edited(name) else AS_SHIPPED)))
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.list.addItem(item)
        self.list.setCurrentRow(max(keep, 0))
        self.show_current()

    def show_current(self) -> None:
        name = self.current()
        if name is None:
            return
        edited = self.files.edited(name)
        if not edited:
            self.status.setText(translate("prompt_diff", "Your {name}.md is exactly as shipped.").format(name=name))
            self.view.setPlainText("")
        else:
            changed = name in self.files.changed_under_edit
            how = translate("prompt_diff", "The shipped text changed since you edited it; lines marked - are what "
                                           "ships now, lines marked + are yours.") if changed \
                else translate("prompt_diff", "Lines marked - are what ships, lines marked + are yours.")
            yours = translate("prompt_diff", "Your {name}.md is yours: Bea uses it as you wrote it. ").format(name=name)
            self.status.setText(yours + how)
            self.view.setPlainText(self.files.diff(name)
                                   or translate("prompt_diff", "(your file cannot be read as UTF-8 text)"))
        self.restore_button.setEnabled(edited)

    def open_file(self) -> None:
        name = self.current()
        if name is None:
            return
        path = self.files.path(name)
        try:
            if not path.exists():  # deleted by the user: reinstall it so there is something to open
                self.files.sync((name,))
        except PromptStoreError as e:
            QMessageBox.warning(self, translate("prompt_diff", "Cannot open the file"), str(e))
            return
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            QMessageBox.warning(self, translate("prompt_diff", "Cannot open the file"),
                                translate("prompt_diff",
                                          "No program opened {path}; open it in any text editor.").format(path=path))

    def confirm_restore(self, name: str) -> bool:
        answer = QMessageBox.question(
            self, translate("prompt_diff", "Restore the shipped {name}.md?").format(name=name),
            translate("prompt_diff", "Your edits to {name}.md will be replaced by the text Bea ships. Your "
                                     "version is kept next to it as {name}.previous.md.").format(name=name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def restore(self) -> None:
        name = self.current()
        if name is None or not self.confirm_restore(name):
            return
        try:
            self.files.reset(name)
        except PromptStoreError as e:
            QMessageBox.warning(self, translate("prompt_diff", "Not restored"), str(e))
        self.refresh()
