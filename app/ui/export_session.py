"""File → Export session…: the session open now (else the last one) to a Markdown or JSON file the streamer picks.

The file dialog suggests `bea-session-<id>.md` in the home folder; a name without .md or .json takes the
extension of the filter chosen. The export itself (app.memory.stream.Stream.export) reads the store and writes
the file on the blocking executor; the status bar says how it went, in a sentence.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.memory.stream import Stream
from app.widgets.qt import QT_TRANSLATE_NOOP, QFileDialog, translate

log = logging.getLogger(__name__)

FILTERS = QT_TRANSLATE_NOOP("export_session", "Markdown (*.md);;JSON (*.json)")
AskPath = Callable[[Any, int], "Path | None"]


def ask_path(parent: Any, session_id: int) -> Path | None:
    """Where to write session `session_id`, from a save dialog; None when the streamer cancels."""
    name, chosen = QFileDialog.getSaveFileName(parent,
                                               translate("export_session",
                                                         "Export session {session_id}").format(session_id=session_id),
                                               str(Path.home() / f"bea-session-{session_id}.md"),
                                               translate("export_session", FILTERS))
    return with_suffix(name, chosen) if name else None


def with_suffix(name: str, chosen_filter: str) -> Path:
    path = Path(name)
    if path.suffix.lower() in (".md", ".json"):
        return path
    return path.with_name(path.name + (".json" if chosen_filter.startswith("JSON") else ".md"))


class SessionExport:
    def __init__(self, parent: Any, stream: Stream | None, say: Callable[[str], None],
                 ask: AskPath = ask_path) -> None:
        self.parent = parent
        self.stream = stream
        self.say = say
        self.ask = ask
        self.pending: asyncio.Future[int] | None = None  # the export being written, if any

    def run(self) -> asyncio.Future[int] | None:
        """Ask where, then export off the UI thread. Returns the export's future (None when nothing is written)."""
        sid = self.stream.exportable() if self.stream is not None else None
        if sid is None:
            self.say(translate("export_session", "There is no session to export yet: nothing has been said on stream."))
            return None
        path = self.ask(self.parent, sid)
        if path is None:
            return None
        future = asyncio.get_running_loop().run_in_executor(None, self.stream.export, sid, path)
        future.add_done_callback(lambda f: self._done(f, sid, path))
        self.pending = future
        return future

    def _done(self, future: asyncio.Future[int], sid: int, path: Path) -> None:
        if future.cancelled():
            return
        exc = future.exception()
        if exc is None:
            self.say(translate("export_session", "Session {sid} exported: %Ln lines in {path}", None,
                               future.result()).format(sid=sid, path=path))
            return
        log.warning("session %d could not be exported: %r", sid, exc)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        self.say(translate("export_session", "Session {sid} could not be exported to {path}: {reason}").format(
            sid=sid, path=path, reason=reason))
