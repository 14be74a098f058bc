"""Help → Prompt changes, offscreen: both files listed, the user's edit shown as a diff, open and restore."""

import pytest

from app.core.prompt_language import BASE_PROMPTS
from app.memory.prompt_store import PromptFiles
from app.ui import prompt_diff
from app.ui.prompt_diff import PromptChangesDialog
from app.widgets.qt import QApplication, QFontDatabase, QMessageBox, QTimer
from tests.conftest import REPO
from tests.memory.test_prompt_store import MINE, NEW, OLD, ship

SHOTS = REPO / "build" / "screenshots"


@pytest.fixture
def files(tmp_path, data_dir) -> PromptFiles:
    """soul.md edited by the user, then a new soul.md shipped under the edit; operating.md untouched."""
    resources = tmp_path / "resources"
    ship(resources, OLD)
    files = PromptFiles(resources, data_dir, names=BASE_PROMPTS)
    files.sync()
    files.path("soul").write_text(MINE, encoding="utf-8")
    ship(resources, NEW)
    files.sync()
    return files


@pytest.fixture
def dialog(qapp, qtbot, files) -> PromptChangesDialog:
    d = PromptChangesDialog(files)
    qtbot.addWidget(d)
    return d


def rows(dialog):
    return [dialog.list.item(i).text() for i in range(dialog.list.count())]


def answer_the_next_question_with(button):
    def click():
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox), box
        box.button(button).click()
    QTimer.singleShot(0, click)


def test_lists_both_files_and_shows_the_diff_of_the_edited_one(dialog, qtbot):
    assert rows(dialog) == ["soul.md: edited by you", "operating.md: as shipped", "monologue.md: as shipped"]
    dialog.list.setCurrentRow(0)
    diff = dialog.view.toPlainText().splitlines()
    assert diff[:2] == ["--- shipped soul.md", "+++ your soul.md"]
    assert "+You are grumpy on Mondays." in diff and "-You are warm and quick." in diff
    assert "shipped text changed" in dialog.status.text()
    fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    assert dialog.view.font().family() == fixed.family()
    assert dialog.restore_button.isEnabled()
    dialog.list.setCurrentRow(1)
    assert dialog.view.toPlainText() == "" and "exactly as shipped" in dialog.status.text()
    assert not dialog.restore_button.isEnabled()

    dialog.list.setCurrentRow(0)
    dialog.show()
    qtbot.waitExposed(dialog)
    image = dialog.grab().toImage()
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert image.save(str(SHOTS / "prompt_changes.png"))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 5) for y in range(0, image.height(), 5)}
    assert len(colours) > 10, "the dialog looks blank"


def test_restore_asks_first_and_cancel_keeps_the_edit(dialog, files):
    dialog.list.setCurrentRow(0)
    answer_the_next_question_with(QMessageBox.StandardButton.Cancel)
    dialog.restore_button.click()
    assert files.read("soul") == MINE and rows(dialog)[0] == "soul.md: edited by you"


def test_restore_puts_the_shipped_text_back_and_keeps_the_users_version(dialog, files):
    dialog.list.setCurrentRow(0)
    answer_the_next_question_with(QMessageBox.StandardButton.Yes)
    dialog.restore_button.click()
    assert files.read("soul") == NEW and rows(dialog)[0] == "soul.md: as shipped"
    assert (files.folder / "soul.previous.md").read_text(encoding="utf-8") == MINE
    assert dialog.list.currentRow() == 0 and not dialog.restore_button.isEnabled()


def test_open_the_file_opens_the_users_copy_and_reinstalls_a_deleted_one(dialog, files, monkeypatch):
    opened = []

    class Desktop:
        @staticmethod
        def openUrl(url):
            opened.append(url.toLocalFile())
            return True

    monkeypatch.setattr(prompt_diff, "QDesktopServices", Desktop)
    dialog.list.setCurrentRow(1)
    files.path("operating").unlink()
    dialog.open_button.click()
    assert opened == [str(files.path("operating"))] and files.path("operating").is_file()
