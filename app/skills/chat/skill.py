"""The Chat skill: a conversation between the streamer (the owner) and her, inside the app."""

from __future__ import annotations

import time
from collections.abc import Callable

from app.core.events import Event, EventKind
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.skills.base import Skill, SkillContext
from app.skills.registry import register

PLATFORM = "app"
CHANNEL = "chat"
OWNER = Author("app", "owner", "Streamer")
MAX_LINES = 500

Line = tuple[str, str]  # (who, text)


@register
class ChatSkill(Skill):
    key = "chat"
    title = "Chat"
    dock = "app.skills.chat.dock:make_dock"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.lines: list[Line] = []
        self._listeners: list[Callable[[Line], None]] = []
        # while set, the streamer's lines go to this conversation (Getting to Know You) instead of to her
        self.diverted_to: Callable[[str], None] | None = None
        ctx.bus.subscribe(self._heard, kinds=[EventKind.SPEECH], replay=False)

    async def start(self) -> None:
        outlets = self.ctx.services.get("outlets")
        if outlets is not None:
            outlets.register_sender(PLATFORM, self._receive)

    def on_line(self, fn: Callable[[Line], None]) -> None:
        self._listeners.append(fn)

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
        self._add(self._name(), text)

    def _heard(self, event: Event) -> None:
        if event.data.get("chunk"):  # a caption while she speaks: the whole line follows
            return
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
