"""The Chat skill: a conversation between the streamer (the owner) and her, inside the app."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from app.core.events import Event, EventKind
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.skills.base import Skill, SkillContext
from app.skills.registry import register

PLATFORM = "app"
CHANNEL = "chat"
OWNER = Author("app", "owner", "Streamer")
MAX_LINES = 500

Line = tuple[str, str]  # (who, text)
_DIGITS = re.compile(r"\d+")


def same_reason(a: str, b: str) -> bool:
    """The same failure again, whatever its numbers say ("cooling down for 4 s more" and then 2 s more)."""
    return _DIGITS.sub("#", a) == _DIGITS.sub("#", b)


@dataclass
class Failure:
    """Her last turns failed, for the same reason: one line in the Chat dock, however many turns it was."""
    reason: str
    setting: str = "mind"     # the settings section that fixes it
    count: int = 1

    def line(self) -> str:
        again = f" ({self.count} turns in a row)" if self.count > 1 else ""
        return f"She couldn't answer: {self.reason}{again}"


@register
class ChatSkill(Skill):
    key = "chat"
    title = "Chat"
    dock = "app.skills.chat.dock:make_dock"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.lines: list[Line] = []
        self._listeners: list[Callable[[Line], None]] = []
        self.failure: Failure | None = None   # set while her turns fail; cleared when she says something
        self._failure_listeners: list[Callable[[Failure | None], None]] = []
        # while set, the streamer's lines go to this conversation (Getting to Know You) instead of to her
        self.diverted_to: Callable[[str], None] | None = None
        ctx.bus.subscribe(self._heard, kinds=[EventKind.SPEECH], replay=False)
        ctx.bus.subscribe(self._turn_failed, kinds=[EventKind.ERROR], replay=False)

    description = "You talk with her in the Chat dock, here in the app, and see there what went wrong."
    async def start(self) -> None:
        outlets = self.ctx.services.get("outlets")
        if outlets is not None:
            outlets.register_sender(PLATFORM, self._receive)

    def on_line(self, fn: Callable[[Line], None]) -> None:
        self._listeners.append(fn)

    def on_failure(self, fn: Callable[[Failure | None], None]) -> None:
        self._failure_listeners.append(fn)

    def _set_failure(self, failure: Failure | None) -> None:
        self.failure = failure
        for fn in list(self._failure_listeners):
            fn(failure)

    def _turn_failed(self, event: Event) -> None:
        """A turn of hers failed and nothing reached anybody: say why, once for a run of the same reason."""
        if event.source != "mind" or not event.data.get("failed_turn") or event.data.get("answered"):
            return
        reason = str(event.data.get("reason") or event.text)
        setting = str(event.data.get("setting") or "mind")
        last = self.failure
        if last is not None and same_reason(last.reason, reason) and last.setting == setting:
            self._set_failure(Failure(reason, setting, last.count + 1))
        else:
            self._set_failure(Failure(reason, setting))

    def _add(self, who: str, text: str) -> None:
        line = (who, text)
        self.lines = [*self.lines[-(MAX_LINES - 1):], line]
        for fn in list(self._listeners):
            fn(line)

    def send(self, text: str) -> None:
        """The streamer typed a line: it goes to her as a CHAT perception from the owner."""
        text = text.strip()
        if not text:
            return
        self._add("You", text)
        if self.diverted_to is not None:
            self.diverted_to(text)
            return
        self.ctx.perceive(Perception(
            PerceptionKind.CHAT, PLATFORM, f"[{OWNER.display_name}] {text}", salience=0.9,
            meta={Meta.CONVERSATION_KEY: f"{PLATFORM}:{CHANNEL}", Meta.TEXT: text}, author=OWNER, ts=time.time()))

    def say_as(self, who: str, text: str) -> None:
        """A line in the Chat dock from someone other than her (an agent talking with the streamer)."""
        self._add(who, text)

    async def _receive(self, channel: str, text: str) -> None:
        self._answered()
        self._add(self._name(), text)

    def _answered(self) -> None:
        if self.failure is not None:
            self._set_failure(None)

    def _heard(self, event: Event) -> None:
        if event.data.get("chunk"):  # a caption while she speaks: the whole line follows
            return
        self._answered()
        self._add(f"{self._name()} (out loud)", event.text)

    def _name(self) -> str:
        mind = self.ctx.services.get("mind")
        return mind.settings.current.general.persona_name if mind is not None else "Bea"

    def notice(self) -> str:
        mind = self.ctx.services.get("mind")
        return mind.notice() if mind is not None else ""

    def context_section(self) -> str:
        return ("The streamer can type to you in the app's chat ([via app]). Answer them out loud with `speak`, "
                "or in writing with `send_message` (platform app, channel chat).")
