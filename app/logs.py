"""Logging to a rotating file in the data folder (and stderr), with secrets masked out of every line."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from app.core.masking import mask

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


class MaskingFormatter(logging.Formatter):
    def __init__(self, secrets: Callable[[], Iterable[str]]) -> None:
        super().__init__(FORMAT)
        self._secrets = secrets

    def format(self, record: logging.LogRecord) -> str:
        return mask(super().format(record), self._secrets())


def log_path(data_dir: Path) -> Path:
    return data_dir / "logs" / "bea.log"


def setup_logging(data_dir: Path, secrets: Callable[[], Iterable[str]], level: str = "INFO",
                  to_stderr: bool = True) -> Path:
    path = log_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    root = logging.getLogger()
    for h in list(root.handlers):
        if getattr(h, "_bea", False):
            root.removeHandler(h)
            h.close()
    formatter = MaskingFormatter(secrets)
    handlers: list[logging.Handler] = [
        logging.handlers.RotatingFileHandler(path, maxBytes=2_000_000, backupCount=5, encoding="utf-8")]
    if to_stderr and sys.stderr is not None:  # a windowed Windows build has no stderr at all
        handlers.append(logging.StreamHandler())
    for h in handlers:
        h.setFormatter(formatter)
        h._bea = True  # type: ignore[attr-defined]
        root.addHandler(h)
    root.setLevel(level)
    return path


def set_level(level: str) -> None:
    logging.getLogger().setLevel(level)
