"""The editable prompt files in the data folder: installed, upgraded, never overwritten once the user edits.

<data>/prompts/<name>.md is the user's file; <data>/prompts/.pristine/<name>.md is the text the app last
wrote there. What to do with each file is decided in app.core.prompt_files; this module reads, writes, logs.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path

from app.core.failures import summary
from app.core.prompt_files import Action, decide, difference, is_edited, unify_newlines
from app.core.prompt_language import ENGLISH, FIXED_PROMPTS, all_prompt_files, prompt_file
from app.process.catalogs import shipped as shipped_catalogs
from app.process.paths import resources_dir

log = logging.getLogger(__name__)

# soul, operating, monologue, and each in every other language she has words for (soul_it, soul_es...)
PROMPT_NAMES = all_prompt_files(shipped_catalogs().languages)
_NAME = re.compile(r"[a-z][a-z0-9_]*")


class PromptStoreError(OSError):
    """A prompt file could not be read or written; the message is meant for the user."""


def shipped_prompt(name: str, language: str = ENGLISH, resources: Path | None = None) -> str:
    """A prompt her background work uses as shipped (the dream, the recap, a profile, the interview), in
    `language` (the same rule as the streamer's prompts: <name>_<code>.md, else <name>.md)."""
    if name not in FIXED_PROMPTS:
        raise ValueError(f"not a shipped prompt: {name!r}")
    path = (resources if resources is not None else resources_dir()) / "prompts" / f"{prompt_file(name, language)}.md"
    try:
        return unify_newlines(_decode(path.read_bytes())).strip()
    except (OSError, UnicodeError) as e:
        raise PromptStoreError(f"the shipped prompt {path} cannot be read ({e}); the installation is "
                               "damaged: reinstall Bea") from e


def _decode(data: bytes) -> str:
    return data.decode("utf-8-sig")  # Notepad may add a byte-order mark; it is not part of the text


class PromptFiles:
    def __init__(self, resources_folder: Path, data_folder: Path, names: Iterable[str] = PROMPT_NAMES,
                 language: Callable[[], str] = lambda: ENGLISH) -> None:
        self.shipped_folder = Path(resources_folder) / "prompts"
        self.data_folder = Path(data_folder)
        self.folder = self.data_folder / "prompts"
        self.pristine_folder = self.folder / ".pristine"
        self.names = tuple(self._checked(n) for n in names)
        # names whose shipped text moved under the user's edit, as of the last sync
        self.changed_under_edit: set[str] = set()
        self._warned: set[str] = set()  # read() warns once per file, not on every turn
        self.language = language  # the streamer's language now (app.core.prompt_language)

    def fixed(self, name: str) -> str:
        """A prompt of her background work (FIXED_PROMPTS) in the streamer's language now, as shipped."""
        return shipped_prompt(name, self.language(), self.shipped_folder.parent)

    def in_language(self, name: str) -> str:
        """The file to read for prompt `name` ("soul") in the streamer's language now ("soul_it" in Italian)."""
        localised = prompt_file(self._checked(name), self.language())
        return localised if localised in self.names else name

    @staticmethod
    def _checked(name: str) -> str:
        if not _NAME.fullmatch(name):
            raise ValueError(f"not a prompt name: {name!r}")
        return name

    def path(self, name: str) -> Path:
        """The user's file: the one to open in an editor."""
        return self.folder / f"{self._checked(name)}.md"

    def shipped(self, name: str) -> str:
        path = self.shipped_folder / f"{self._checked(name)}.md"
        try:
            return _decode(path.read_bytes())
        except (OSError, UnicodeError) as e:
            raise PromptStoreError(f"the shipped prompt {path} cannot be read ({e}); the installation is "
                                   "damaged: reinstall Bea") from e

    def _pristine(self, name: str) -> str | None:
        # an unreadable pristine copy counts as none: the user file is then treated as edited, never lost
        with suppress(OSError, UnicodeError):
            return _decode((self.pristine_folder / f"{name}.md").read_bytes())
        return None

    def _user(self, name: str) -> str | None:
        """The user's text, None when there is no file; raises when the file is there but cannot be read."""
        try:
            return _decode(self.path(name).read_bytes())
        except FileNotFoundError:
            return None

    def sync(self, names: Iterable[str] | None = None) -> dict[str, Action]:
        results: dict[str, Action] = {}
        for name in self.names if names is None else tuple(self._checked(n) for n in names):
            shipped = self.shipped(name)
            try:
                user = self._user(name)
            except (OSError, UnicodeError) as e:
                log.warning("your %s.md cannot be read (%s); it is left as it is and Bea uses the shipped "
                            "text", name, summary(e))
                results[name] = Action.KEEP_EDITED
                continue
            decision = decide(shipped, self._pristine(name), user)
            # the user file first: if the pristine write then fails, rule 4 repairs it on the next start
            if decision.write_user is not None:
                self._write(self.path(name), decision.write_user.encode("utf-8"))
            if decision.write_pristine is not None:
                self._write(self.pristine_folder / f"{name}.md", decision.write_pristine.encode("utf-8"))
            self._report(name, decision.action, decision.shipped_changed)
            results[name] = decision.action
        return results

    def _report(self, name: str, action: Action, shipped_changed: bool) -> None:
        self.changed_under_edit.discard(name)
        if action is Action.INSTALL:
            log.info("installed your %s.md in %s: edit it freely, Bea never overwrites your edits", name,
                     self.folder)
        elif action is Action.UPGRADE:
            log.info("updated your %s.md to the new shipped text (you had not edited it)", name)
        elif action is Action.KEEP_EDITED and shipped_changed:
            self.changed_under_edit.add(name)
            log.warning("your %s.md is yours; the shipped one changed: see Help → Prompt changes", name)

    def read(self, name: str) -> str:
        """The user's text with LF line endings; the shipped text if the user's file is gone or unreadable."""
        try:
            text = _decode(self.path(name).read_bytes())
        except FileNotFoundError:
            self._warn(name, "is missing")
        except (OSError, UnicodeError) as e:
            self._warn(name, f"cannot be read ({e})")
        else:
            self._warned.discard(name)
            return unify_newlines(text)
        return unify_newlines(self.shipped(name))

    def _warn(self, name: str, problem: str) -> None:
        if name not in self._warned:
            self._warned.add(name)
            log.warning("your %s.md %s: Bea uses the shipped text instead", name, problem)

    def edited(self, name: str) -> bool:
        try:
            user = self._user(name)
        except (OSError, UnicodeError):
            return True  # something is there that the app did not write
        return is_edited(self.shipped(name), self._pristine(name), user)

    def diff(self, name: str) -> str:
        """A unified diff from the shipped text to the user's; "" when it is as shipped (or unreadable)."""
        try:
            user = self._user(name)
        except (OSError, UnicodeError):
            return ""
        if user is None:
            return ""
        pristine = self._pristine(name)
        return difference(self.shipped(name) if pristine is None else pristine, user, name)

    def reset(self, name: str) -> Path | None:
        """Put the shipped text back, on the user's explicit request. An edited file is first kept as
        <name>.previous.md next to it, so a reset never destroys work; returns that path, or None."""
        shipped = self.shipped(name)
        kept = None
        if self.edited(name):
            kept = self.folder / f"{name}.previous.md"
            try:
                self._write(kept, self.path(name).read_bytes())
            except OSError as e:
                raise PromptStoreError(f"your {name}.md was not reset: a copy of it could not be kept "
                                       f"({e})") from e
        self._write(self.path(name), shipped.encode("utf-8"))
        self._write(self.pristine_folder / f"{name}.md", shipped.encode("utf-8"))
        self.changed_under_edit.discard(name)
        log.info("restored the shipped %s.md at your request%s", name,
                 f"; your version is in {kept}" if kept else "")
        return kept

    def _write(self, path: Path, data: bytes) -> None:
        """Write atomically: a temporary file in the same folder, flushed to disk, then renamed over `path`,
        so a crash or a full disk leaves either the old file or the new one, never half of one."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        except OSError as e:
            raise self._cannot_write(path, e) from e
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException as e:
            with suppress(OSError):
                os.unlink(tmp)
            if isinstance(e, OSError):
                raise self._cannot_write(path, e) from e
            raise

    def _cannot_write(self, path: Path, e: OSError) -> PromptStoreError:
        reason = e.strerror or str(e)
        return PromptStoreError(f"Bea cannot write {path}: {reason}. Bea keeps your prompt files in "
                                f"{self.data_folder}; make sure that folder is writable.")
