"""Where Bea keeps her data: ./data in a source checkout, the per-user data folder when installed."""

from __future__ import annotations

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
