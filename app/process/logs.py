"""Logging to a rotating file in the data folder (and stderr), with secrets masked out of every line.

The log holds no content: no chat text, prompts or replies. An error whose message may carry them (a model
server's error body can echo the prompt) is logged by what it is, with app.core.failures.summary: its class,
status and size; a traceback (log.exception, asyncio's report of a failed task) shows its frames and that
summary, never the message. The streamer still reads the full reason in the window, through the event that reports it.
The log files are 0600 from their creation, in a 0700 folder, whatever the umask.
A burst of one line (an accept loop failing thousands of times a second) never rotates the rest away: the same
line from the same place is written at most BURST times per BURST_SECONDS, and the next one that is written says
how many were left out.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path

from app.core.failures import summary
from app.core.masking import mask
from app.process.paths import PRIVATE_FILE, private_dir

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
BURST = 5
BURST_SECONDS = 60.0


class BurstFilter(logging.Filter):
    """At most `burst` records of one kind (logger, level, unformatted message) per `seconds`; the first written
    after some were dropped carries their count."""

    def __init__(self, clock: Callable[[], float], burst: int = BURST, seconds: float = BURST_SECONDS) -> None:
        super().__init__()
        self._burst, self._seconds = burst, seconds
        self._clock = clock
        self._seen: dict[tuple[str, int, str], list[float | int]] = {}   # kind -> [window start, written, dropped]

    def filter(self, record: logging.LogRecord) -> bool:
        now = self._clock()
        key = (record.name, record.levelno, str(record.msg))
        seen = self._seen.get(key)
        if seen is None or now - seen[0] >= self._seconds:
            dropped = int(seen[2]) if seen is not None else 0
            if len(self._seen) > 4096:
                self._seen.clear()      # bounded: kinds are few, this only stops a runaway of distinct ones
            self._seen[key] = [now, 1, 0]
            if dropped and isinstance(record.args, tuple):
                text = str(record.msg) if record.args else str(record.msg).replace("%", "%%")
                record.msg = f"{text} [%d more like this were left out]"
                record.args = (*record.args, dropped)
            return True
        if seen[1] < self._burst:
            seen[1] += 1
            return True
        seen[2] += 1
        return False


class MaskingFormatter(logging.Formatter):
    def __init__(self, secrets: Callable[[], Iterable[str]]) -> None:
        super().__init__(FORMAT)
        self._secrets = secrets

    def format(self, record: logging.LogRecord) -> str:
        if not record.exc_info:
            return mask(super().format(record), self._secrets())
        # an error's own traceback text, not one another handler cached on the record; asyncio's report of a
        # failed task says what failed on its first line, and then the repr of the task, its exception included
        cached, msg, args = record.exc_text, record.msg, record.args
        record.exc_text = None
        if record.name == "asyncio":
            record.msg, record.args = record.getMessage().split("\n", 1)[0].replace("%", "%%"), ()
        try:
            return mask(super().format(record), self._secrets())
        finally:
            record.exc_text, record.msg, record.args = cached, msg, args

    def formatException(self, ei) -> str:  # noqa: N802 - logging's name
        """A traceback by what it was: the frames and the summary of each error in the chain, never their text
        (log.exception, and asyncio's report of a task that failed, would print it)."""
        exc = ei[1]
        if exc is None:
            return super().formatException(ei)
        parts: list[str] = []
        seen: set[int] = set()
        while exc is not None and id(exc) not in seen:
            seen.add(id(exc))
            frames = "".join(traceback.format_tb(exc.__traceback__)).rstrip()
            parts.append(f"Traceback (most recent call last):\n{frames}\n{summary(exc)}" if frames else summary(exc))
            exc = exc.__cause__ or exc.__context__
        return "\n\nwhile handling, or caused by:\n".join(reversed(parts))


class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log whose every file is made 0600 (the stock handler leaves it to the umask)."""

    def _open(self):  # type: ignore[override]
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0),
                     PRIVATE_FILE)
        if os.name == "posix":
            os.fchmod(fd, PRIVATE_FILE)
        return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)


def where(exc: BaseException) -> str:
    """A failure for the log: its summary and the frames it went through (file, line, code; never the
    message, and no local values)."""
    frames = "".join(traceback.format_tb(exc.__traceback__)).rstrip()
    return f"{summary(exc)}\n{frames}" if frames else summary(exc)


def log_path(data_dir: Path) -> Path:
    return data_dir / "logs" / "bea.log"


def setup_logging(data_dir: Path, secrets: Callable[[], Iterable[str]], level: str = "INFO",
                  to_stderr: bool = True, *, clock: Callable[[], float]) -> Path:
    """`clock`: monotonic seconds, for the burst limit."""
    path = log_path(data_dir)
    private_dir(path.parent)
    root = logging.getLogger()
    for h in list(root.handlers):
        if getattr(h, "_bea", False):
            root.removeHandler(h)
            h.close()
    formatter = MaskingFormatter(secrets)
    handlers: list[logging.Handler] = [
        PrivateRotatingFileHandler(path, maxBytes=2_000_000, backupCount=5, encoding="utf-8")]
    if to_stderr and sys.stderr is not None:  # a windowed Windows build has no stderr at all
        handlers.append(logging.StreamHandler())
    burst = BurstFilter(clock)
    for h in handlers:
        h.setFormatter(formatter)
        h.addFilter(burst)
        h._bea = True  # type: ignore[attr-defined]
        root.addHandler(h)
    root.setLevel(level)
    return path


def set_level(level: str) -> None:
    logging.getLogger().setLevel(level)
