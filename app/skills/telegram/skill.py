"""The Telegram skill: written conversations with the people you allow, answered in writing, never out loud.

Theory of operation:
1. With a bot token in the keyring (Settings → Telegram; never in settings, never logged) the skill long-polls
   the bot's updates (client.py) while it runs. A new token, a changed address or privacy mode switched starts
   it again; the allow-lists are read at each message, so editing them needs no restart (rules 1 and 6: the
   platform layer's TokenPlatform).
2. Each update is read by app.core.telegram: private chats only with allow-listed users (by id or @username),
   groups only when the group is allow-listed and she is mentioned or replied to, and nothing left for her long
   before the skill first connected in this run. What she ignores is a line in the dock with the reason (never
   its text), so the streamer sees who to allow.
3. A message she reads is a CHAT perception from "telegram:<user id>" with the sender's name, meta
   CONVERSATION_KEY "telegram:<chat id>" (the two arguments of send_message that answer it; in a forum topic
   "telegram:<chat id>/<thread id>": each topic is a conversation of its own), WRITTEN, PLACE
   (the chat in words), ADDRESSED, MESSAGE_ID, REPLY_TO, DM for a private chat. The line is counted for People.
3a. A file sent (app.core.telegram rule 1a) is said before the caption, in her words (skills.telegram.attached:
   what it is, its name when it has one, and that she cannot see or open it), in what she reads, TEXT and the
   dock's line alike: she knows a photo came and never answers its caption as if it were all there was.
4. A voice note is fetched (getFile), decoded from Ogg Opus to 16 kHz mono and heard through her ears: the
   Voice skill's transcriber, the one whisper she has (none is loaded here). With her ears off, or a note
   longer than MAX_VOICE_S, she is told a voice note came that she could not hear. The words heard are what she
   perceives.
5. Her answers: a sender for platform "telegram" on the mind's outlets; the outlets show her typing
   (sendChatAction) before the typing pause, then sendMessage. Only conversations she has read can be written
   to: a channel that is not one of them is refused, with the ones she can reach; a public group may be named
   by its @username. An answer in a topic goes to that topic, every piece of it and the typing before it.
   Telegram's limits and its 429s are the client's (client.py, rule 6); a line it had to drop is a line in the
   dock (DROPPED_LINE, in the window's language) and, through the outlets, a problem on the Chat dock.
6. state and why (client.State) are kept for the page and the dock; a refused token, privacy mode and another
   poller are ERROR events on the Chat dock's problem lines (setting skills.telegram, problem telegram:link),
   cleared once she reads again.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pydantic import Field, field_validator

from app.config.section import ADVANCED, SkillSettings
from app.core import frame
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.core.telegram import (
    PRIVATE,
    AllowList,
    TelegramMessage,
    decide,
    norm_chat,
    norm_user,
    parse_update,
    read_channel,
)
from app.core.telegram import channel as channel_of
from app.core.words import QT_TRANSLATE_NOOP, phrase
from app.skills.base import SkillContext
from app.skills.platform.chat_ring import DROPPED
from app.skills.platform.token_platform import IGNORED, TokenPlatform
from app.skills.registry import register
from app.skills.telegram.client import API_BASE, FILE_BASE, LineDropped, State, TelegramBot

log = logging.getLogger(__name__)

PLATFORM = "telegram"
TOKEN_SECRET = "telegram_bot_token"
SALIENCE = 0.7
CONVERSATIONS = 50                   # recent conversations the dock lists
MAX_VOICE_S = 300                    # a longer voice note is not listened to (her ears would be busy for minutes)
PROBLEM = "telegram:link"
STOPPING = (State.AUTH_FAILED, State.REFUSED, State.CONFLICT)
# rule 5: a line Telegram's waits outlived, as the dock says it
DROPPED_LINE = QT_TRANSLATE_NOOP("token_dock", "Not sent to {place}: {title} asked her to wait {wait} s, longer than "
                                               "a line stays worth sending ({life} s). Unsent: {line}")


def decode_voice(data: bytes) -> Any:
    """A voice note (Ogg Opus) as 16 kHz mono float32, as her ears take it (PyAV, through faster-whisper's
    decoder). Blocking."""
    from faster_whisper import decode_audio
    return decode_audio(io.BytesIO(data), sampling_rate=16000)


class TelegramSettings(SkillSettings):
    allowed_users: list[str] = Field(default_factory=list, title="People she talks to in private",
                                     description="Telegram user ids or @usernames, comma-separated. Anyone else "
                                     "writing to her privately is ignored (the dock says who tried).")
    allowed_chats: list[str] = Field(default_factory=list, title="Groups she joins in",
                                     description="Group chat ids (like -1001234567890) or a public group's "
                                     "@username, comma-separated. In these she answers when she is mentioned or "
                                     "replied to.")
    api_base: str = Field(API_BASE, min_length=1, title="Bot API address", json_schema_extra=ADVANCED,
                          description="Change it only for a local Bot API server (or a test).")
    file_base: str = Field(FILE_BASE, min_length=1, title="Bot API file address", json_schema_extra=ADVANCED,
                           description="Where voice notes are downloaded from, beside the Bot API address.")

    @field_validator("allowed_users")
    @classmethod
    def _users(cls, values: list[str]) -> list[str]:
        return list(dict.fromkeys(u for u in (norm_user(v) for v in values) if u))

    @field_validator("allowed_chats")
    @classmethod
    def _chats(cls, values: list[str]) -> list[str]:
        out: list[str] = []
        for value in values:
            text = str(value).strip()
            if not text:
                continue
            try:
                out.append(norm_chat(text))
            except ValueError:
                raise ValueError(f"{text!r} is not a chat id: a group's id is a number like -1001234567890 "
                                 "(the dock shows it when someone mentions her there), and a public group's "
                                 "@username is 5 to 32 letters, digits or _") from None
        return list(dict.fromkeys(out))


@dataclass
class Conversation:
    key: str             # "telegram:<chat id>", or "telegram:<chat id>/<thread id>" for a forum topic
    place: str           # "the group Speedrunners", "a private chat with Anna"
    last_ts: float
    lines: int = 0
    last_message: int = 0    # a group answer replies to the last line she read there
    group: bool = False
    chat_id: int = 0
    thread: int | None = None    # the forum topic's message_thread_id: every piece of an answer goes there
    username: str = ""           # a public group's @username, lower-cased without the @


@register
class TelegramSkill(TokenPlatform):
    key = "telegram"
    title = "Telegram"
    description = ("She reads and answers written messages on Telegram from the people and groups you allow, "
                   "in writing, never out loud.")
    settings_model = TelegramSettings
    settings_page = "app.skills.telegram.settings:make_page"
    dock = "app.skills.telegram.dock:make_dock"
    token_secret = TOKEN_SECRET
    problem = PROBLEM
    restart_on = ("api_base", "file_base")
    stopping = STOPPING

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.client: TelegramBot | None = None
        self.conversations: OrderedDict[str, Conversation] = OrderedDict()    # by channel
        self._since = 0.0                            # when she began listening (older messages are not news)

    def _new_client(self) -> TelegramBot:
        """Rule 1 (the life cycle, the token, the state: the platform layer's TokenPlatform)."""
        s = self.settings
        self._since = self._since or self.ctx.clock.time()
        return TelegramBot(self.ctx.gate, self.token.get, self._updates, on_state=self._state,
                           base_url=s.api_base, base_file_url=s.file_base, **self.client_options)

    # ---- what she reads (rules 2 to 4) ----------------------------------------------------------------
    def _allow(self) -> AllowList:
        s = self.settings
        return AllowList.of(s.allowed_users, s.allowed_chats)

    async def _updates(self, batch: list[dict[str, Any]]) -> None:
        client = self.client
        if client is None:
            return
        allow, since = self._allow(), self._since
        for update in batch:
            message = parse_update(update, int(client.me.get("id") or 0), str(client.me.get("username") or ""))
            if message is None:
                continue
            verdict = decide(message, allow, since)
            if not verdict.read:
                self.log.add(self.ctx.clock.time(), "ignored", verdict.reason, IGNORED)
                self._listeners.notify()
                continue
            if message.is_voice:
                await self._hear(client, message)
            else:
                self._perceive(message, self._words(message))

    def _words(self, m: TelegramMessage) -> str:
        """Rule 3a: what she reads of a written message, the file it carries said first in her words."""
        if m.attachment is None:
            return m.text
        her, key = self.ctx.words(), f"skills.telegram.attached.{m.attachment.kind}"
        said = her.say(f"{key}_named", name=m.attachment.name) if m.attachment.name else her.text(key)
        return f"{said} {m.text}".rstrip()

    def _transcriber(self) -> Any:
        """Her ears: the Voice skill's transcriber while it runs (no second whisper is ever loaded here)."""
        return self.ctx.ears()

    async def _hear(self, client: TelegramBot, message: TelegramMessage) -> None:
        ears = self._transcriber()
        if message.voice_duration > MAX_VOICE_S:
            minutes = round(message.voice_duration / 60)
            self._perceive(message, f"(sent a voice note of {minutes} minutes, too long for her to listen to)",
                           voice=True)
            return
        if ears is None:
            self._perceive(message, "(sent a voice note; her ears are off, so she could not hear it)", voice=True)
            return
        try:
            data = await client.voice(message.voice_file_id)
            audio = await asyncio.get_running_loop().run_in_executor(None, decode_voice, data)  # not the store's
            words = (await ears.transcribe(audio)).text.strip()
        except Exception as exc:
            log.warning("a Telegram voice note could not be heard: %r", type(exc).__name__)
            self.log.add(self.ctx.clock.time(), "Telegram", f"a voice note from {message.sender_name} could "
                         f"not be heard: {exc}", "system")
            self._perceive(message, "(sent a voice note she could not hear)", voice=True)
            return
        self._perceive(message, words or "(a voice note with no words she could make out)", voice=True)

    def _perceive(self, m: TelegramMessage, words: str, voice: bool = False) -> None:
        ts = self.ctx.clock.time()
        author = Author(PLATFORM, str(m.sender_id), m.sender_name)
        key = f"{PLATFORM}:{m.channel}"
        said = f"(voice note) {words}" if voice else words
        meta: dict[str, Any] = {Meta.CONVERSATION_KEY: key, Meta.WRITTEN: True, Meta.PLACE: m.where,
                                Meta.ADDRESSED: True, Meta.TEXT: words, Meta.MESSAGE_ID: str(m.message_id)}
        if m.reply_to is not None:
            meta[Meta.REPLY_TO] = str(m.reply_to)
        if m.chat_type == PRIVATE:
            meta[Meta.DM] = True
        if self.tallies.count(author, ts):
            meta[Meta.TALLIED] = True
        self.log.add(ts, m.sender_name, said, "chat", identity=author.identity, msg_id=str(m.message_id),
                     channel=m.channel)
        talk = self.conversations.pop(m.channel, None) or Conversation(key, m.where, ts)
        talk.place, talk.last_ts, talk.lines = m.where, ts, talk.lines + 1
        talk.last_message, talk.group = m.message_id, m.chat_type != PRIVATE
        talk.chat_id, talk.thread, talk.username = m.chat_id, m.thread_id, m.chat_username.lower()
        self.conversations[m.channel] = talk
        while len(self.conversations) > CONVERSATIONS:
            self.conversations.popitem(last=False)
        self._listeners.notify()
        self.ctx.perceive(Perception(PerceptionKind.CHAT, PLATFORM, f"[{m.sender_name}] {said}", SALIENCE, meta,
                                     author, ts))

    # ---- her answers (rule 5) -------------------------------------------------------------------------
    def _conversation(self, channel: str) -> Conversation:
        """The conversation a channel names: "<chat id>", "<chat id>/<thread id>", or a public group's
        @username (its conversation she read last, outside topics first)."""
        wanted = channel.strip().removeprefix(f"{PLATFORM}:")
        try:
            chat, thread = read_channel(wanted)
        except ValueError:
            chat, thread = 0, None
        if isinstance(chat, str):
            named = [t for t in reversed(self.conversations.values()) if t.username == chat[1:]]
            talk = next((t for t in named if t.thread == thread), None) or (named[0] if named else None)
        else:
            talk = self.conversations.get(channel_of(chat, thread))
        if talk is None:
            known = ", ".join(f"{c.key.partition(':')[2]} ({c.place})" for c in self.conversations.values())
            raise ValueError(f"she has no Telegram conversation {channel!r}; she can write to: {known or 'none yet'}")
        return talk

    async def _typing(self, channel: str) -> None:
        client = self.client
        if client is not None:
            talk = self._conversation(channel)
            await client.typing(talk.chat_id, talk.thread)

    async def _send_from_mind(self, channel: str, text: str) -> None:
        """The outlets' sender for platform "telegram" (send_message(platform telegram, channel <chat id>))."""
        client = self.client
        if client is None:
            raise ConnectionError(f"Telegram is not connected ({self.status[1] or self.status[0]})")
        talk = self._conversation(channel)
        where = talk.key.partition(":")[2]
        try:
            await client.send(talk.chat_id, text, reply_to=talk.last_message if talk.group else None,
                              thread=talk.thread)
        except LineDropped as dropped:
            if dropped.sent:
                self.log.add(self.ctx.clock.time(), self._persona(), text.removesuffix(dropped.unsent).strip(),
                             "her", channel=where)
            words = phrase("token_dock", DROPPED_LINE, place=talk.place, title=phrase("skills", self.title),
                           wait=f"{dropped.wait:.0f}", life=f"{dropped.life:.0f}", line=dropped.unsent)
            self.log.add(self.ctx.clock.time(), self.title, words.english, DROPPED, channel=where, phrase=words)
            self._listeners.notify()
            raise
        self.log.add(self.ctx.clock.time(), self._persona(), text, "her", channel=where)
        self._listeners.notify()

    def context_section(self) -> str:
        if self.client is None or self.client.state in (State.OFF, State.HUNG, *STOPPING):
            return ""
        her = self.ctx.words()
        return her.say("skills.telegram.section", where=frame.words(her).where)
