"""Asking for the database passphrase when there is no OS keyring to keep a key in."""

from __future__ import annotations

from app.memory.keys import MIN_PASSPHRASE
from app.widgets.palette import PROBLEM_STYLE
from app.widgets.qt import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
    translate,
)


class PassphraseDialog(QDialog):
    def __init__(self, new_database: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.new_database = new_database
        self.setWindowTitle(translate("passphrase", "Unlock Bea's memory"))
        intro = (translate("passphrase", "There is no system keyring here, so Bea's memory is locked with a "
                                         "passphrase.") + " "
                 + (translate("passphrase", "Choose one now; it cannot be recovered if you forget it.") if new_database
                    else translate("passphrase", "Enter the passphrase you chose.")))
        text = QLabel(intro)
        text.setWordWrap(True)
        self.first = QLineEdit(echoMode=QLineEdit.EchoMode.Password, objectName="passphrase")
        self.second = QLineEdit(echoMode=QLineEdit.EchoMode.Password, objectName="passphraseAgain")
        self.error = QLabel(styleSheet=PROBLEM_STYLE)
        form = QFormLayout()
        form.addRow(translate("passphrase", "Passphrase"), self.first)
        if new_database:
            form.addRow(translate("passphrase", "Again"), self.second)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def problem(self) -> str:
        phrase = self.first.text()
        if self.new_database and len(phrase) < MIN_PASSPHRASE:
            return translate("passphrase", "Use at least {count} characters.").format(count=MIN_PASSPHRASE)
        if self.new_database and phrase != self.second.text():
            return translate("passphrase", "The two passphrases differ.")
        if not phrase:
            return translate("passphrase", "Enter the passphrase.")
        return ""

    def _check(self) -> None:
        problem = self.problem()
        if problem:
            self.error.setText(problem)
            return
        self.accept()


def ask(new_database: bool) -> str | None:
    dialog = PassphraseDialog(new_database)
    return dialog.first.text() if dialog.exec() == QDialog.DialogCode.Accepted else None
