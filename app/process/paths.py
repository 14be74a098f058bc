"""Where Bea keeps her data: ./data in a source checkout, the per-user data folder when installed."""

from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

import app

SOURCE_ROOT = Path(app.__file__).resolve().parent.parent


def running_from_source() -> bool:
    return not getattr(sys, "frozen", False) and (SOURCE_ROOT / "pyproject.toml").is_file() \
        and (SOURCE_ROOT / ".git").exists()


def default_data_dir() -> Path:
    if running_from_source():
        return SOURCE_ROOT / "data"
    from platformdirs import user_data_dir
    return Path(user_data_dir("Bea", appauthor=False))


def resources_dir() -> Path:
    base = Path(getattr(sys, "_MEIPASS", SOURCE_ROOT))
    return base / "resources"


@dataclass(frozen=True)
class DataPaths:
    root: Path

    @property
    def db(self) -> Path:
        return self.root / "bea.db"

    @property
    def models(self) -> Path:
        return self.root / "models"

    @property
    def log(self) -> Path:
        return self.root / "logs" / "bea.log"


# ---- keeping the data folder private ----------------------------------------------------------
# The folder is 0700 and every file in it 0600 on POSIX, set explicitly (whatever the umask says) where we
# create things and swept at start for what is already there or was made by others (SQLCipher, Qt). On Windows
# the per-user data folder's ACL already keeps other users out; chmod there only toggles read-only, so it is
# left alone.
PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600


def _posix() -> bool:
    return os.name == "posix"


def private_dir(path: Path) -> Path:
    """Make `path` (and missing parents) and leave it 0700."""
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    if _posix():
        os.chmod(path, PRIVATE_DIR)
    return path


def private_file(path: Path) -> Path:
    """Make `path` empty at 0600 unless it exists (then it is set to 0600); its parent must exist."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    try:
        if _posix():
            os.fchmod(fd, PRIVATE_FILE)
    finally:
        os.close(fd)
    return path


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` whole (a temporary file then a rename), 0600 from the first byte."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    try:
        if _posix():
            os.fchmod(fd, PRIVATE_FILE)
        with os.fdopen(fd, "wb") as f:
            fd = -1
            f.write(data)
        os.replace(temp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        temp.unlink(missing_ok=True)
        raise


# what Bea makes in her data folder (a name, or a name followed by "." or "-": bea.db-wal, bea.db.bak-3); the
# sweep touches only these, so a --data-dir that holds other things keeps their modes
OWN_NAMES = ("bea.db", "logs", "prompts", "models", "tls", "window-layout.json", ".write-probe")


def _own(name: str) -> bool:
    return any(name == n or name.startswith((n + ".", n + "-")) for n in OWN_NAMES)


def secure_tree(root: Path) -> int:
    """Set `root` to 0700, and what Bea made in it (OWN_NAMES, all the way down) to 0700 for a folder and
    0600 for a file; symlinks are not followed. Returns how many modes were changed; a file that vanishes
    meanwhile is skipped."""
    if not _posix() or not root.is_dir():
        return 0
    paths = [root]
    for entry in root.iterdir():
        if _own(entry.name):
            paths.append(entry)
            if entry.is_dir() and not entry.is_symlink():
                paths.extend(entry.rglob("*"))
    changed = 0
    for path in paths:
        try:
            st = path.lstat()
        except OSError:
            continue
        if stat.S_ISLNK(st.st_mode):
            continue
        want = PRIVATE_DIR if stat.S_ISDIR(st.st_mode) else PRIVATE_FILE
        if stat.S_IMODE(st.st_mode) != want:
            try:
                os.chmod(path, want)
                changed += 1
            except OSError:
                continue
    return changed
