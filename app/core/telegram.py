"""Telegram's messages as Bea reads them, and who she answers: pure decisions on the Bot API's plain data.

1. parse_update(update, bot_id, bot_username) reads one Update (the Bot API's JSON object, a dict) into a
   TelegramMessage, or None when it is not a message she could read (an edit, a channel post, a service
   message, a location or a poll...). A voice note is a message too: its file id and duration ride along, its
   words come later, from her ears.
1a. A file sent is a message too, with or without a caption (its words): its Attachment says what it is, one of
   ATTACHMENTS, by the Bot API's Message fields (photo, animation, video, video_note, audio, document, sticker),
   and its name when the file has one worth saying: a document's, a video's or an audio's file_name, an audio's
   "performer - title", a sticker's emoji. An animation is checked before a document: the Bot API sets both
   ("For backward compatibility, when this field is set, the document field will also be set").
1b. What the sender wrote and named (text or caption, names, titles, a file's name) is one line: whitespace, line
   breaks included, becomes single spaces, after the mention's offsets were read on the text as sent. A file's
   name is cut to NAME_CHARS.
2. She is mentioned when an entity of the message is a "mention" of her @username (entity offsets count
   UTF-16 code units, as the Bot API documents) or a "text_mention" of her user id; she is replied to when the
   message answers one of hers.
3. decide(message, allow, since) says whether she reads it: private chats only with allow-listed users (by id
   or @username), groups and supergroups only when the chat is allow-listed and she is mentioned or replied to;
   nothing written more than STALE_S before `since` (when she began listening: a message left while she was
   away for hours is not answered as if it were new). Everything else is ignored, with the reason in words for
   the dock. A group on the allow-list is its id or, for a public one, its @username (the Bot API's chat_id takes
   either: "Unique identifier for the target chat or username of the target channel (in the format
   @channelusername)").
4. A message in a forum topic (Message.is_topic_message: "True, if the message is sent to a forum topic", with
   message_thread_id: "Unique identifier of a message thread to which the message belongs; for supergroups
   only", https://core.telegram.org/bots/api#message) is a conversation of its own: its channel is
   "<chat id>/<thread id>" (channel()), and read_channel() splits it back for sendMessage's chat_id and
   message_thread_id. A reply in a non-forum group has a message_thread_id too but no is_topic_message: it stays
   in the group's one conversation. The topic's name is known when the message carries its creation
   (reply_to_message.forum_topic_created, which is then no reply of the person's own).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from app.core.numbers import finite, whole

PRIVATE, GROUP, SUPERGROUP = "private", "group", "supergroup"
STALE_S = 600
CHAT_TYPES = (PRIVATE, GROUP, SUPERGROUP)
# a public chat's @username as Telegram allows it (5 to 32 of a-z, 0-9 and _, a letter first); the @ marks it
# as a name, not an id
CHAT_USERNAME = re.compile(r"^@[A-Za-z][A-Za-z0-9_]{3,31}$")
# rule 1a: the Message fields that carry a file, in the order they are checked (animation before document)
ATTACHMENTS = ("photo", "animation", "video", "video_note", "audio", "document", "sticker")
NAME_CHARS = 120    # a file's name as she reads it: enough for any real name, not a page of text


@dataclass(frozen=True)
class Attachment:
    """Rule 1a: what a message carries besides words."""
    kind: str               # one of ATTACHMENTS
    name: str = ""          # its file name, an audio's performer and title, a sticker's emoji; "" when none


@dataclass(frozen=True)
class TelegramMessage:
    update_id: int
    chat_id: int
    chat_type: str
    chat_title: str
    sender_id: int
    sender_name: str
    username: str
    text: str
    message_id: int
    reply_to: int | None = None
    replies_to_bot: bool = False
    mentions_bot: bool = False
    voice_file_id: str = ""
    voice_duration: float = 0.0
    date: int = 0               # when it was sent (Unix time)
    chat_username: str = ""     # a public group's @username, without the @
    thread_id: int | None = None    # the forum topic it was written in (rule 4)
    topic: str = ""             # that topic's name, when the message says it
    attachment: Attachment | None = None    # a file sent with it (rule 1a)

    @property
    def channel(self) -> str:
        """Where an answer goes: "<chat id>", or "<chat id>/<thread id>" in a forum topic (rule 4)."""
        return channel(self.chat_id, self.thread_id)

    @property
    def is_voice(self) -> bool:
        return bool(self.voice_file_id)

    @property
    def where(self) -> str:
        """The chat in words: "a private chat with Anna" or "the group Speedrunners"."""
        if self.chat_type == PRIVATE:
            return f"a private chat with {self.sender_name}"
        group = f"the group {self.chat_title or self.chat_id}"
        if self.thread_id is None:
            return group
        return f'the topic "{self.topic}" in {group}' if self.topic else f"topic {self.thread_id} in {group}"


@dataclass(frozen=True)
class AllowList:
    users: frozenset[str] = frozenset()     # user ids as text, and usernames lower-cased without the @
    chats: frozenset[int] = frozenset()     # group chat ids (negative numbers, as Telegram gives them)
    chat_names: frozenset[str] = frozenset()    # public groups' usernames, lower-cased without the @

    @classmethod
    def of(cls, users: Iterable[str | int], chats: Iterable[str | int]) -> AllowList:
        names = frozenset(norm_user(u) for u in users if norm_user(u))
        ids: set[int] = set()
        chat_names: set[str] = set()
        for chat in chats:
            text = str(chat).strip()
            if CHAT_USERNAME.match(text):
                chat_names.add(text[1:].lower())
                continue
            try:
                ids.add(int(text))
            except ValueError:
                continue
        return cls(names, frozenset(ids), frozenset(chat_names))

    def allows_chat(self, message: TelegramMessage) -> bool:
        return (message.chat_id in self.chats
                or (bool(message.chat_username) and message.chat_username.lower() in self.chat_names))

    def allows_user(self, message: TelegramMessage) -> bool:
        return (str(message.sender_id) in self.users
                or (bool(message.username) and message.username.lower() in self.users))


@dataclass(frozen=True)
class Verdict:
    read: bool
    reason: str = ""


def norm_chat(chat: str | int) -> str:
    """A group as the settings keep it: its id ("-1001234567890") or its @username lower-cased; ValueError
    when it is neither."""
    text = str(chat).strip()
    if CHAT_USERNAME.match(text):
        return text.lower()
    return str(int(text))


def channel(chat: int | str, thread: int | None = None) -> str:
    """Rule 4: a conversation's channel."""
    return f"{chat}/{thread}" if thread is not None else str(chat)


def read_channel(text: str) -> tuple[int | str, int | None]:
    """Rule 4: "<chat>/<thread>" or "<chat>" as (chat id or @username, thread id or None); ValueError when it is
    not one."""
    chat, _sep, thread = text.strip().partition("/")
    thread_id = int(thread) if thread else None
    return (chat.lower() if CHAT_USERNAME.match(chat) else int(chat)), thread_id


def norm_user(user: str | int) -> str:
    """"@Anna_B" -> "anna_b", " 12345 " -> "12345"."""
    return str(user).strip().lstrip("@").strip().lower()


def _name(user: Mapping[str, Any]) -> str:
    full = one_line(" ".join(str(p) for p in (user.get("first_name"), user.get("last_name")) if p))
    return full or str(user.get("username") or user.get("id") or "someone")


def one_line(text: str) -> str:
    """Rule 1b: whitespace, line breaks included, as single spaces, none at the ends."""
    return " ".join(text.split())


def attachment(message: Mapping[str, Any]) -> Attachment | None:
    """Rule 1a: the file a Message carries, or None."""
    kind = next((k for k in ATTACHMENTS if message.get(k)), None)
    if kind is None:
        return None
    item = message[kind]
    fields = item if isinstance(item, Mapping) else {}      # a photo is a list of sizes, and has no name
    if kind == "sticker":
        name = fields.get("emoji")
    elif kind == "audio" and fields.get("title"):
        name = " - ".join(str(p) for p in (fields.get("performer"), fields.get("title")) if p)
    elif kind == "animation":
        name = ""           # a GIF's file name is a service's ("giphy.mp4"), never the sender's words
    else:
        name = fields.get("file_name")
    name = one_line(name) if isinstance(name, str) else ""
    return Attachment(kind, name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1].rstrip() + "…")


def _utf16_slice(text: str, offset: int, length: int) -> str:
    """The entity's text: Bot API offsets and lengths count UTF-16 code units, not characters."""
    raw = text.encode("utf-16-le", errors="surrogatepass")   # JSON's \ud800 escapes reach here as they are
    return raw[2 * offset: 2 * (offset + length)].decode("utf-16-le", errors="replace")


def _mentions(text: str, entities: Any, bot_id: int, bot_username: str) -> bool:
    if not isinstance(entities, list):
        return False
    handle = "@" + bot_username.lower() if bot_username else ""
    for entity in entities:
        if not isinstance(entity, Mapping):
            continue
        kind = entity.get("type")
        if kind == "text_mention":
            user = entity.get("user")
            if isinstance(user, Mapping) and user.get("id") == bot_id:
                return True
        elif kind == "mention" and handle:
            offset, length = whole(entity.get("offset"), 0, len(text) * 2), whole(entity.get("length"), 0, 64)
            if offset is None or length is None:
                continue
            if _utf16_slice(text, offset, length).lower() == handle:
                return True
    return False


def parse_update(update: Mapping[str, Any], bot_id: int, bot_username: str) -> TelegramMessage | None:
    """One Update as a message she could read (rule 1), or None."""
    message = update.get("message")
    if not isinstance(message, Mapping):
        return None
    chat, sender = message.get("chat"), message.get("from")
    if not isinstance(chat, Mapping) or not isinstance(sender, Mapping):
        return None
    if chat.get("type") not in CHAT_TYPES or sender.get("is_bot"):
        return None
    update_id, chat_id, sender_id = whole(update.get("update_id")), whole(chat.get("id")), whole(sender.get("id"))
    message_id = whole(message.get("message_id"))
    if update_id is None or chat_id is None or sender_id is None or message_id is None:
        return None
    text = message.get("text") if isinstance(message.get("text"), str) else message.get("caption")
    text = text if isinstance(text, str) else ""
    entities = message.get("entities") if "text" in message else message.get("caption_entities")
    voice = message.get("voice") if isinstance(message.get("voice"), Mapping) else {}
    voice_id = str(voice.get("file_id") or "")
    attached = None if voice_id else attachment(message)
    if not text.strip() and not voice_id and attached is None:
        return None
    reply_to, replies_to_bot, topic = None, False, ""
    replied = message.get("reply_to_message")
    in_topic = message.get("is_topic_message") is True and chat.get("type") == SUPERGROUP
    thread_id = _int(message.get("message_thread_id")) if in_topic else None
    created = replied.get("forum_topic_created") if isinstance(replied, Mapping) else None
    if isinstance(created, Mapping):
        topic, replied = one_line(str(created.get("name") or "")), None    # the topic's start, not a reply (rule 4)
    if isinstance(replied, Mapping):
        reply_to = whole(replied.get("message_id"))
        author = replied.get("from")
        replies_to_bot = isinstance(author, Mapping) and author.get("id") == bot_id
    duration = max(0.0, finite(voice.get("duration") or 0) or 0.0)
    return TelegramMessage(
        update_id=update_id, chat_id=chat_id, chat_type=str(chat["type"]),
        chat_title=one_line(str(chat.get("title") or "")), sender_id=sender_id, sender_name=_name(sender),
        username=str(sender.get("username") or ""), text=one_line(text), message_id=message_id, reply_to=reply_to,
        replies_to_bot=replies_to_bot, mentions_bot=_mentions(text, entities, bot_id, bot_username),
        voice_file_id=voice_id, voice_duration=duration, date=_int(message.get("date")),
        chat_username=str(chat.get("username") or ""), thread_id=thread_id or None, topic=topic,
        attachment=attached)


def _int(value: Any) -> int:
    return whole(value) or 0


def next_offset(update_ids: Iterable[int], offset: int) -> int:
    """The offset that confirms every update read: one more than the highest id (the Bot API's rule)."""
    return max([offset - 1, *update_ids]) + 1


def decide(message: TelegramMessage, allow: AllowList, since: float = 0.0) -> Verdict:
    """Whether she reads it (rule 3), and why not."""
    if message.date and since and message.date < since - STALE_S:
        minutes = round((since - message.date) / 60)
        return Verdict(False, f"a message from {message.sender_name} in {message.where}, written {minutes} min "
                              "before she was listening")
    if message.chat_type == PRIVATE:
        if allow.allows_user(message):
            return Verdict(True)
        who = f"@{message.username}" if message.username else f"user {message.sender_id}"
        return Verdict(False, f"a private message from {message.sender_name} ({who}, id {message.sender_id}), "
                              "who is not on the allow-list")
    if not allow.allows_chat(message):
        return Verdict(False, f"a message in {message.where} (chat id {message.chat_id}), "
                              "which is not on the allow-list")
    if not (message.mentions_bot or message.replies_to_bot):
        return Verdict(False, f"a message in {message.where} that neither mentions her nor replies to her")
    return Verdict(True)
