"""The prompt files on a real disk: installed, upgraded, kept when edited, reset on request, atomic writes."""

import errno
import logging
import os
from pathlib import Path

import pytest

from app.core.prompt_files import Action
from app.core.prompt_language import BASE_PROMPTS
from app.memory.prompt_store import PromptFiles, PromptStoreError
from app.process.paths import resources_dir

OLD = "You are {name}.\nYou are warm.\n"
NEW = "You are {name}.\nYou are warm and quick.\n"
MINE = "You are {name}.\nYou are grumpy on Mondays.\n"
MANUAL = "How you work:\n- speak to talk.\n"
ALONE = "Nobody is talking. Think out loud.\n"


def ship(resources: Path, soul: str, operating: str = MANUAL) -> None:
    (resources / "prompts").mkdir(parents=True, exist_ok=True)
    (resources / "prompts" / "soul.md").write_text(soul, encoding="utf-8", newline="")
    (resources / "prompts" / "operating.md").write_text(operating, encoding="utf-8", newline="")
    (resources / "prompts" / "monologue.md").write_text(ALONE, encoding="utf-8", newline="")


@pytest.fixture
def resources(tmp_path: Path) -> Path:
    ship(tmp_path / "resources", OLD)
    return tmp_path / "resources"


@pytest.fixture
def files(resources: Path, data_dir: Path) -> PromptFiles:
    return PromptFiles(resources, data_dir, names=BASE_PROMPTS)  # the English ones: ship() writes those


def everything_under(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.name.endswith(".tmp")]


def test_first_sync_installs_the_shipped_prompts(data_dir):
    files = PromptFiles(resources_dir(), data_dir)
    assert files.sync() == {f"{name}{suffix}": Action.INSTALL for name in ("soul", "operating", "monologue")
                            for suffix in ("", "_es", "_it")}   # a copy in every language she has words for
    for name in ("soul", "operating", "soul_it"):
        shipped = (resources_dir() / "prompts" / f"{name}.md").read_bytes()
        assert (data_dir / "prompts" / f"{name}.md").read_bytes() == shipped
        assert (data_dir / "prompts" / ".pristine" / f"{name}.md").read_bytes() == shipped
        assert not files.edited(name) and files.diff(name) == ""
    assert "{name}" in files.read("soul")
    assert set(files.sync().values()) == {Action.UNCHANGED}
    assert "{name}" in files.read("soul_it") and "Sei {name}" in files.read("soul_it")


def test_user_edits_survive_a_new_shipped_text(files, resources, data_dir, caplog):
    files.sync()
    files.path("soul").write_text(MINE, encoding="utf-8")
    ship(resources, NEW)
    with caplog.at_level(logging.INFO, logger="app.memory.prompt_store"):
        assert files.sync() == {"soul": Action.KEEP_EDITED, "operating": Action.UNCHANGED,
                                "monologue": Action.UNCHANGED}
    assert files.read("soul") == MINE
    assert (data_dir / "prompts" / ".pristine" / "soul.md").read_text(encoding="utf-8") == NEW
    assert files.edited("soul") and files.changed_under_edit == {"soul"}
    assert "your soul.md is yours; the shipped one changed: see Help → Prompt changes" in caplog.text
    assert files.sync()["soul"] is Action.KEEP_EDITED and files.read("soul") == MINE


def test_unedited_files_upgrade(files, resources):
    files.sync()
    ship(resources, NEW)
    assert files.sync() == {"soul": Action.UPGRADE, "operating": Action.UNCHANGED, "monologue": Action.UNCHANGED}
    assert files.read("soul") == NEW and not files.edited("soul") and files.changed_under_edit == set()


def test_a_resave_with_crlf_and_a_byte_order_mark_is_not_an_edit(files, resources):
    files.sync()
    files.path("soul").write_bytes(b"\xef\xbb\xbf" + OLD.replace("\n", "\r\n").encode("utf-8"))
    assert not files.edited("soul") and files.diff("soul") == ""
    assert files.read("soul") == OLD
    ship(resources, NEW)
    assert files.sync()["soul"] is Action.UPGRADE and files.read("soul") == NEW


def test_the_diff_shows_the_users_line(files):
    files.sync()
    files.path("soul").write_text(MINE, encoding="utf-8")
    diff = files.diff("soul").splitlines()
    assert diff[:2] == ["--- shipped soul.md", "+++ your soul.md"]
    assert "+You are grumpy on Mondays." in diff and "-You are warm." in diff


def test_reset_restores_the_shipped_text_and_keeps_the_edit_aside(files, resources):
    files.sync()
    files.path("soul").write_text(MINE, encoding="utf-8")
    ship(resources, NEW)
    files.sync()
    kept = files.reset("soul")
    assert kept is not None and kept.read_text(encoding="utf-8") == MINE
    assert files.read("soul") == NEW and not files.edited("soul") and files.changed_under_edit == set()
    assert files.reset("operating") is None  # nothing of the user's to keep
    assert files.sync() == {"soul": Action.UNCHANGED, "operating": Action.UNCHANGED, "monologue": Action.UNCHANGED}


def test_a_deleted_user_file_is_read_as_shipped_and_reinstalled(files, resources, caplog):
    files.sync()
    files.path("soul").unlink()
    ship(resources, NEW)
    with caplog.at_level(logging.WARNING, logger="app.memory.prompt_store"):
        assert files.read("soul") == NEW and files.read("soul") == NEW
    assert caplog.text.count("your soul.md is missing") == 1  # once, not on every turn
    assert not files.edited("soul")
    assert files.sync()["soul"] is Action.INSTALL and files.path("soul").read_text(encoding="utf-8") == NEW


def test_an_unreadable_user_file_is_never_overwritten(files, resources, caplog):
    files.sync()
    latin1 = "Sei {name}.\nPiù calda.\n".encode("latin-1")  # saved by an old editor, not UTF-8
    files.path("soul").write_bytes(latin1)
    ship(resources, NEW)
    with caplog.at_level(logging.WARNING, logger="app.memory.prompt_store"):
        assert files.read("soul") == NEW
        assert files.sync()["soul"] is Action.KEEP_EDITED
    assert files.path("soul").read_bytes() == latin1
    assert "cannot be read" in caplog.text and files.edited("soul")


def test_writes_leave_no_temporary_files(files, resources, data_dir):
    files.sync()
    files.path("soul").write_text(MINE, encoding="utf-8")
    ship(resources, NEW, operating=MANUAL + "- stay_silent when nothing needs you.\n")
    files.sync()
    files.reset("soul")
    assert temp_files(data_dir) == []
    assert everything_under(data_dir) == ["prompts", "prompts/.pristine", "prompts/.pristine/monologue.md",
                                          "prompts/.pristine/operating.md", "prompts/.pristine/soul.md",
                                          "prompts/monologue.md", "prompts/operating.md",
                                          "prompts/soul.md", "prompts/soul.previous.md"]


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()])
def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(files, resources, data_dir, monkeypatch,
                                                                  failure):
    files.sync()
    ship(resources, NEW)

    def fail(*_args):
        raise failure

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(PromptStoreError if isinstance(failure, OSError) else KeyboardInterrupt) as caught:
        files.sync()
    monkeypatch.undo()
    assert temp_files(data_dir) == []
    assert files.read("soul") == OLD and not files.edited("soul")
    if isinstance(failure, OSError):
        assert "No space left on device" in str(caught.value)
    assert files.sync()["soul"] is Action.UPGRADE  # the next start finishes the job


@pytest.fixture
def make_read_only(monkeypatch):
    """Make a folder read-only. chmod does it for a normal user; as root chmod stops nothing, so every call
    that would create an entry under the folder fails with EROFS instead, as on a read-only mount."""
    changed: list[Path] = []

    def make(folder: Path) -> None:
        folder.chmod(0o555)
        changed.append(folder)
        probe = folder / "probe"
        try:
            probe.mkdir()
        except PermissionError:
            return
        probe.rmdir()
        inside = folder.resolve()

        def refuse(path) -> None:
            if Path(path).resolve().is_relative_to(inside):
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

        real_open, real_mkdir, real_replace = os.open, os.mkdir, os.replace

        def open_(path, flags, *args, **kwargs):
            if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
                refuse(path)
            return real_open(path, flags, *args, **kwargs)

        def mkdir(path, *args, **kwargs):
            refuse(path)
            return real_mkdir(path, *args, **kwargs)

        def replace(src, dst, *args, **kwargs):
            refuse(dst)
            return real_replace(src, dst, *args, **kwargs)

        monkeypatch.setattr(os, "open", open_)
        monkeypatch.setattr(os, "mkdir", mkdir)
        monkeypatch.setattr(os, "replace", replace)

    yield make
    monkeypatch.undo()
    for folder in changed:
        folder.chmod(0o755)


def test_a_read_only_data_folder_gives_a_clear_error_and_no_files(files, data_dir, make_read_only):
    make_read_only(data_dir)
    with pytest.raises(PromptStoreError) as caught:
        files.sync()
    message = str(caught.value)
    assert f"Bea cannot write {data_dir / 'prompts'}" in message
    assert "make sure that folder is writable" in message
    assert everything_under(data_dir) == []


def test_a_read_only_prompts_folder_keeps_the_old_files_whole(files, resources, data_dir, make_read_only):
    files.sync()
    before = {p: p.read_bytes() for p in data_dir.rglob("*.md")}
    ship(resources, NEW)
    make_read_only(data_dir / "prompts")
    with pytest.raises(PromptStoreError, match="cannot write"):
        files.sync()
    assert {p: p.read_bytes() for p in data_dir.rglob("*.md")} == before
    assert temp_files(data_dir) == []


def test_names_are_plain_words_and_a_missing_shipped_file_is_named(files, resources):
    with pytest.raises(ValueError, match="not a prompt name"):
        files.path("../../etc/passwd")
    (resources / "prompts" / "operating.md").unlink()
    with pytest.raises(PromptStoreError, match="operating.md cannot be read .* reinstall Bea"):
        files.sync()


def test_the_streamers_language_picks_the_file_to_read(data_dir):
    language = ["en"]
    files = PromptFiles(resources_dir(), data_dir, language=lambda: language[0])
    files.sync()
    assert [files.in_language(n) for n in ("soul", "operating", "monologue")] == ["soul", "operating", "monologue"]
    language[0] = "it"
    assert [files.in_language(n) for n in ("soul", "operating", "monologue")] == ["soul_it", "operating_it",
                                                                                  "monologue_it"]
    only_english = PromptFiles(resources_dir(), data_dir, names=BASE_PROMPTS, language=lambda: "it")
    assert only_english.in_language("soul") == "soul"   # a language it does not have: the English one
