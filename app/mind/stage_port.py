"""The stream she is on, as a chat platform sees it (app.skills.ports.Stage), built on the mind's parts.

take_back asks the perception bus for waiting lines; flag_* and session write the stream (blocking: platforms
call them off the loop); names and persona read the attention gate and the settings as they are now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.perception import Perception
from app.memory.stream import BANNED


class MindStage:
    def __init__(self, mind: Any) -> None:
        self._mind = mind

    @property
    def executor(self) -> Any:
        return self._mind.executor

    def take_back(self, match: Callable[[Perception], bool]) -> list[Perception]:
        return self._mind.bus.remove(match)

    def flag_author(self, identity: str, reason: str | None = None) -> int:
        stream = self._mind.stream
        return stream.flag_author(identity, reason=reason or BANNED) if stream is not None else 0

    def flag_message(self, message_id: str) -> int:
        stream = self._mind.stream
        return stream.flag_message(message_id) if stream is not None else 0

    def session(self) -> int | None:
        stream = self._mind.stream
        if stream is None:
            return None
        return stream.session_id if stream.session_id is not None else stream.go_live("activity")

    def names(self) -> tuple[str, ...]:
        return tuple(self._mind.gate.names) or (self.persona(),)

    def persona(self) -> str:
        return self._mind.settings.current.general.persona_name
