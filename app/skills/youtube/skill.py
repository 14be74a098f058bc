"""The YouTube skill: her ears in a YouTube live chat (read-only), Super Chats as donations, moderation heeded.

Theory of operation:
1. With a stream named (the `video` setting: its link or id) and a Data API key in the keyring, the skill
   polls that stream's live chat (client.py) while it runs. A changed setting or a new key starts it again.
2. The first page is what was said before she joined: it is neither perceived nor counted. Every later line
   is perceived once (message ids already seen are skipped, across restarts of the poll too) as a CHAT
   perception from "youtube:<channel id>", meta MESSAGE_ID its id, CONVERSATION_KEY "youtube:<video>",
   ADDRESSED when it names her. Its author is counted for People (app.skills.platform.tallies: batched, off
   the loop) and the line marked TALLIED so the People skill does not count it again.
3. A Super Chat or Super Sticker is a donation (exact amount and currency, keyed by its message id so a
   repeat counts once): stored with a card at once and perceived as addressed to her, at DONATION_SALIENCE.
   A new or milestone member is perceived at MEMBER_SALIENCE.
4. A deleted message leaves the pending batch and its stored line is flagged; a ban or time-out takes that
   person's waiting lines back and flags their lines in the session.
5. state and why (client.State) are kept for the settings page and the dock; ENDED, STOPPED and REFUSED are
   ERROR events. The dock reads `log` (a ChatRing of the last lines, numbered; `revision` moves on any
   change, a removed line included).
The parts every chat platform shares (log, tallies, moderation, background writes, the key) are
app.skills.platform's.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from pydantic import Field, field_validator

from app.config.section import ADVANCED, SkillSettings
from app.core.attention import first_mention
from app.core.donations import DonationError
from app.core.events import EventKind
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.core.words import QT_TRANSLATE_NOOP, said
from app.core.youtube import PLATFORM, Page, YouTubeError, YtItem, donation, video_id
from app.process.tasks import spawn
from app.skills.base import Skill, SkillContext
from app.skills.listeners import Listeners
from app.skills.platform.background import Background
from app.skills.platform.chat_ring import ChatLine, ChatRing
from app.skills.platform.donations import record_donation
from app.skills.platform.moderation import Moderation
from app.skills.platform.secret_slot import NO_STORE, SecretSlot
from app.skills.platform.tallies import Tallies
from app.skills.registry import register
from app.skills.youtube.client import API_BASE, State, YouTubeChat

log = logging.getLogger(__name__)

KEY_SECRET = "youtube_api_key"
CHAT_SALIENCE = 0.5
MEMBER_SALIENCE = 0.75
DONATION_SALIENCE = 0.9
SEEN_IDS = 20_000
SUPER_CHAT = QT_TRANSLATE_NOOP("activity", "{donor} sent a Super Chat of {amount} {currency}")
SUPER_STICKER = QT_TRANSLATE_NOOP("activity", "{donor} sent a Super Sticker of {amount} {currency}")
YtLine = ChatLine    # a line of the dock's log (app.skills.platform.chat_ring)
RESTART_ON = {"enabled", "video", "api_base"}


class YouTubeSettings(SkillSettings):
    video: str = Field("", title="Your live stream", description="Its link (youtube.com/live/..., watch?v=...) or "
                       "video id: she reads its chat while you are live. Empty: off.")
    api_base: str = Field(API_BASE, min_length=1, title="API address", json_schema_extra=ADVANCED,
                          description="The YouTube Data API address; change it only to test against another "
                          "server.")

    @field_validator("video")
    @classmethod
    def _a_video(cls, value: str) -> str:
        if not value.strip():
            return ""
        try:
            return video_id(value)
        except YouTubeError as exc:
            raise ValueError(str(exc)) from None


@register
class YouTubeSkill(Skill):
    key = "youtube"
    title = "YouTube"
    description = "She reads the chat of your YouTube live stream; Super Chats count as donations."
    settings_model = YouTubeSettings
    settings_page = "app.skills.youtube.settings:make_page"
    dock = "app.skills.youtube.dock:make_dock"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.client: YouTubeChat | None = None
        self.seen: OrderedDict[str, None] = OrderedDict()
        self._listeners = Listeners("YouTube")
        self.client_options: dict[str, Any] = {}     # a test's faster rhythm
        self.log = ChatRing()
        self.work = Background(PLATFORM, "YouTube", ctx.bus,
                               lambda: ctx.stage.executor if ctx.stage is not None else None)
        self.tallies = Tallies(ctx.people, self._session, self.work)
        self.moderation = Moderation(PLATFORM, ctx.stage, self.work)
        self.key = SecretSlot(KEY_SECRET, ctx.secrets)
        if ctx.app_settings is not None:
            ctx.app_settings.on_change(self._setting)

    # ---- life cycle (rule 1) ------------------------------------------------------------------------
    @property
    def revision(self) -> int:
        return self.log.revision

    def _session(self) -> int | None:
        return self.ctx.stage.session() if self.ctx.stage is not None else None

    async def start(self) -> None:
        gate = self.ctx.gate
        if not self.settings.video or gate is None or self.client is not None:
            return
        self.client = YouTubeChat(gate, self.api_key, self.settings.video, self._page, on_state=self._state,
                                  base=self.settings.api_base, **self.client_options)
        self.client.start()

    async def stop(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            await client.stop()
        await self.tallies.flush()
        await self.work.settle()
        self._notify()

    async def restart(self) -> None:
        await self.stop()
        if self.enabled:
            await self.start()

    def _setting(self, path: str, _value: object) -> None:
        if path.removeprefix(f"skills.{self.key}.") in RESTART_ON and path.startswith(f"skills.{self.key}."):
            spawn(self.restart(), held=self._tasks)


    # ---- the key --------------------------------------------------------------------------------------
    def api_key(self) -> str:
        return self.key.get()

    def set_api_key(self, key: str) -> None:
        """Keep the Data API key in the keyring ("" forgets it); the poll starts again with it."""
        if self.ctx.secrets is None:
            raise RuntimeError(NO_STORE)
        if key.strip():
            refusal = self.key.save(key)
            if refusal:
                raise ValueError(refusal)
        else:
            self.key.forget()
        spawn(self.restart(), held=self._tasks)

    # ---- state (rule 5) -----------------------------------------------------------------------------
    @property
    def status(self) -> tuple[str, str]:
        client = self.client
        return (client.state, client.why) if client is not None else (State.OFF, "")

    def on_change(self, fn: Callable[[], None]) -> Callable[[], None]:
        return self._listeners.add(fn)

    def _notify(self) -> None:
        self._listeners.notify()

    def _add_log(self, who: str, text: str, kind: str, item: YtItem | None = None) -> None:
        self.log.add(self.ctx.clock.time(), who, text, kind,
                     f"{PLATFORM}:{item.channel_id}" if item and item.channel_id else None, item.id if item else "")

    def _state(self, state: str, why: str) -> None:
        self._add_log("YouTube", f"{state}" + (f": {why}" if why else ""), "system")
        if state in (State.ENDED, State.STOPPED, State.REFUSED, State.NO_KEY):
            _text, data = said(QT_TRANSLATE_NOOP("problems", "YouTube chat stopped (detail: {detail})."), detail=why)
            self.ctx.bus.publish(EventKind.ERROR, PLATFORM, f"YouTube chat: {why}", state=state, **data)
        elif state == State.READING:
            text, data = said(QT_TRANSLATE_NOOP("activity", "YouTube chat: reading"))
            self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, state=state, **data)
        self._notify()

    # ---- a page of chat (rules 2 to 4) --------------------------------------------------------------
    async def _page(self, page: Page, first: bool) -> None:
        fresh = [item for item in page.items if item.id not in self.seen]
        for item in fresh:
            self.seen[item.id] = None
        while len(self.seen) > SEEN_IDS:
            self.seen.popitem(last=False)
        if first:
            return
        now = self.ctx.clock.time()
        for item in fresh:
            tallied = bool(item.channel_id) and item.kind in ("chat", "superchat", "supersticker", "member") \
                and self.tallies.count(Author(PLATFORM, item.channel_id, item.name or "someone"), now)
            if item.kind in ("superchat", "supersticker"):
                self._donation(item, tallied)
            elif item.kind in ("chat", "member"):
                self._chat(item, tallied)
            elif item.kind == "deleted":
                self._deleted(item)
            elif item.kind == "banned":
                self._banned(item)

    def _conversation(self) -> str:
        return f"{PLATFORM}:{self.settings.video}"

    def _names(self) -> tuple[str, ...]:
        return self.ctx.stage.names() if self.ctx.stage is not None else ("Bea",)

    def _perception(self, item: YtItem, words: str, salience: float, tallied: bool, **meta: Any) -> Perception:
        author = Author(PLATFORM, item.channel_id, item.name or "someone")
        data: dict[str, Any] = {Meta.CONVERSATION_KEY: self._conversation(), Meta.TEXT: words,
                                Meta.MESSAGE_ID: item.id, **meta}
        if tallied:
            data[Meta.TALLIED] = True
        if first_mention(item.text, self._names()) is not None:
            data[Meta.ADDRESSED] = True
        return Perception(PerceptionKind.CHAT, PLATFORM, f"[{author.display_name}] {words}", salience, data, author,
                          self.ctx.clock.time())

    def _chat(self, item: YtItem, tallied: bool) -> None:
        if item.kind == "member":
            words = f"(became a member) {item.text}".strip()
            p = self._perception(item, words, MEMBER_SALIENCE, tallied, youtube_event="member")
            self._add_log(item.name, words, "member", item)
        else:
            p = self._perception(item, item.text, CHAT_SALIENCE, tallied)
            self._add_log(item.name, item.text, "chat", item)
        if self.moderation.silenced(p):     # timed out or banned: not answered while it lasts
            self.log.strike(lambda line: line.msg_id == item.id)
            return
        self.ctx.perceive(p)

    def _donation(self, item: YtItem, tallied: bool) -> None:
        try:
            d = donation(item)
        except DonationError as exc:
            _text, data = said(QT_TRANSLATE_NOOP("problems", "A Super Chat was not read (detail: {detail})."),
                              detail=exc.reason)
            self.ctx.bus.publish(EventKind.ERROR, PLATFORM, f"a Super Chat was not read: {exc.reason}", **data)
            return
        what = "Super Chat" if item.kind == "superchat" else "Super Sticker"
        record_donation(self.ctx.people(), self.work, f"{PLATFORM}:{item.channel_id}", d.donor_name, d.key,
                        d.amount, d.currency, d.message)
        words = f"(sent a {what} of {d.amount} {d.currency}) {d.message}".strip()
        self._add_log(item.name, f"{what} {d.amount} {d.currency}: {d.message}".rstrip(": "), "paid", item)
        p = self._perception(item, words, DONATION_SALIENCE, tallied,
                             **{Meta.DONATION: {"amount": str(d.amount), "currency": d.currency,
                                                "platform": PLATFORM}, Meta.ADDRESSED: True})
        self.ctx.perceive(p)
        _text, data = said(SUPER_CHAT if item.kind == "superchat" else SUPER_STICKER, donor=d.donor_name,
                           amount=d.amount, currency=d.currency)
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, f"{d.donor_name} sent a {what} of {d.amount} "
                             f"{d.currency}", amount=str(d.amount), currency=d.currency, **data)

    def _deleted(self, item: YtItem) -> None:
        self.log.strike(lambda line: line.msg_id == item.target)
        taken = self.moderation.remove_message(item.target)
        text, data = said(QT_TRANSLATE_NOOP("activity", "a moderator deleted a YouTube message before she read it")
                          if taken else QT_TRANSLATE_NOOP("activity", "a moderator deleted a YouTube message"))
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, **data)

    def _banned(self, item: YtItem) -> None:
        identity = f"{PLATFORM}:{item.channel_id}"
        self.log.strike(lambda line: line.identity == identity)
        what = "timed out" if item.ban_seconds else "banned"
        taken = self.moderation.remove_person(identity, f"a moderator {what} this person", item.ban_seconds,
                                              self.ctx.clock.time())
        text, data = said(QT_TRANSLATE_NOOP("activity", "a moderator timed out {name} on YouTube: {taken} waiting "
                                                        "line(s) taken back") if item.ban_seconds else
                          QT_TRANSLATE_NOOP("activity", "a moderator banned {name} on YouTube: {taken} waiting "
                                                        "line(s) taken back"), name=item.name or "someone", taken=taken)
        self.ctx.bus.publish(EventKind.SYSTEM, PLATFORM, text, **data)

    def after_turn(self, record: Any) -> None:
        self.moderation.after_turn(record)

    def context_section(self) -> str:
        if not self.enabled or not self.settings.video:
            return ""
        return self.ctx.words().text("skills.youtube.section")
