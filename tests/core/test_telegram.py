"""Telegram messages read from the Bot API's JSON, and the allow-list: who she reads, and why not; a file sent
says what it is; what the sender wrote is one line."""

import pytest

from app.core.telegram import (
    NAME_CHARS,
    AllowList,
    Attachment,
    channel,
    decide,
    next_offset,
    norm_chat,
    parse_update,
    read_channel,
)
from tests.skills.telegram.attachments import (
    ANIMATION,
    AUDIO,
    DOCUMENT,
    PHOTO,
    STICKER,
    UNNAMED_DOCUMENT,
    VIDEO,
    VIDEO_NOTE,
)

BOT_ID, BOT_NAME = 7000000001, "bea_cohost_bot"
ANNA = {"id": 42, "is_bot": False, "first_name": "Anna", "last_name": "B", "username": "Anna_B"}
GROUP = {"id": -1001234567890, "type": "supergroup", "title": "Speedrunners"}


def update(text="", chat=None, sender=None, **more):
    message = {"message_id": 9, "date": 1700000000, "chat": chat or {"id": 42, "type": "private"},
               "from": sender or ANNA, **more}
    if text:
        message["text"] = text
    return {"update_id": 501, "message": message}


def read(u):
    return parse_update(u, BOT_ID, BOT_NAME)


def test_a_private_text_message():
    m = read(update("ciao Bea"))
    assert (m.update_id, m.chat_id, m.chat_type, m.sender_id, m.sender_name, m.username, m.text, m.message_id) == (
        501, 42, "private", 42, "Anna B", "Anna_B", "ciao Bea", 9)
    assert not m.mentions_bot and not m.replies_to_bot and not m.is_voice and m.reply_to is None
    assert m.where == "a private chat with Anna B"


def test_a_mention_counts_utf16_units_and_ignores_case():
    text = "🎮🎮 hey @Bea_Cohost_Bot what now?"      # two astral characters: four UTF-16 units before "hey"
    at = text.index("@")
    offset = len(text[:at].encode("utf-16-le")) // 2
    m = read(update(text, GROUP, entities=[{"type": "mention", "offset": offset, "length": 15}]))
    assert offset == at + 2 and m.mentions_bot and m.chat_title == "Speedrunners"
    other = read(update(text.replace("Bea_Cohost_Bot", "someone_else"), GROUP,
                        entities=[{"type": "mention", "offset": offset, "length": 13}]))
    assert not other.mentions_bot


def test_a_text_mention_and_a_reply_to_her():
    m = read(update("Bea, look", GROUP, entities=[{"type": "text_mention", "offset": 0, "length": 3,
                                                   "user": {"id": BOT_ID, "is_bot": True, "first_name": "Bea"}}]))
    assert m.mentions_bot
    r = read(update("yes!", GROUP, reply_to_message={"message_id": 7, "date": 1, "chat": GROUP,
                                                     "from": {"id": BOT_ID, "is_bot": True, "first_name": "Bea"}}))
    assert r.replies_to_bot and r.reply_to == 7 and not r.mentions_bot
    s = read(update("yes!", GROUP, reply_to_message={"message_id": 6, "date": 1, "chat": GROUP, "from": ANNA}))
    assert not s.replies_to_bot and s.reply_to == 6


def test_a_voice_note():
    m = read(update(voice={"file_id": "AwACAg", "file_unique_id": "u", "duration": 11, "mime_type": "audio/ogg"}))
    assert m.is_voice and m.voice_file_id == "AwACAg" and m.voice_duration == 11.0 and m.text == ""


def test_what_she_does_not_read():
    assert read({"update_id": 1, "edited_message": update("x")["message"]}) is None
    assert read(update("beep", sender={"id": 5, "is_bot": True, "first_name": "OtherBot"})) is None
    assert read(update("", location={"latitude": 45.46, "longitude": 9.19})) is None
    assert read(update("news", {"id": -100, "type": "channel", "title": "News"})) is None
    assert read({"update_id": "x", "message": "not a message"}) is None


def test_the_allow_list():
    allow = AllowList.of(users=["@anna_b", " 77 ", ""], chats=["-1001234567890", "not a number"])
    assert allow.users == {"anna_b", "77"} and allow.chats == {-1001234567890}
    assert decide(read(update("hi")), allow).read                                       # by username
    bo = {"id": 77, "is_bot": False, "first_name": "Bo"}
    assert decide(read(update("hi", {"id": 77, "type": "private"}, bo)), allow).read      # by id
    eve = {"id": 66, "is_bot": False, "first_name": "Eve", "username": "eve"}
    no = decide(read(update("hi", {"id": 66, "type": "private"}, eve)), allow)
    assert not no.read and no.reason == ("a private message from Eve (@eve, id 66), who is not on the allow-list")
    quiet = decide(read(update("just chatting", GROUP)), allow)
    assert not quiet.read and "neither mentions her nor replies to her" in quiet.reason
    mentioned = read(update("@bea_cohost_bot hi", GROUP, entities=[{"type": "mention", "offset": 0, "length": 15}]))
    assert decide(mentioned, allow).read
    elsewhere = read(update("@bea_cohost_bot hi", {"id": -5, "type": "group", "title": "Family"},
                            entities=[{"type": "mention", "offset": 0, "length": 15}]))
    verdict = decide(elsewhere, allow)
    assert not verdict.read and verdict.reason == (
        "a message in the group Family (chat id -5), which is not on the allow-list")
    # a group member on the user allow-list still has to name her in a group
    assert not decide(read(update("hi all", GROUP)), allow).read


def test_the_offset_confirms_everything_read():
    assert next_offset([501, 503, 502], 0) == 504
    assert next_offset([], 504) == 504


def test_a_message_left_long_before_she_listened_is_not_news():
    allow = AllowList.of(users=["anna_b"], chats=[])
    m = read(update("ciao"))                                     # sent at 1700000000
    assert decide(m, allow, since=1700000000 + 599).read         # minutes before: still read
    old = decide(m, allow, since=1700000000 + 3 * 3600)
    assert not old.read and old.reason == ("a message from Anna B in a private chat with Anna B, written 180 min "
                                           "before she was listening")
    assert m.date == 1700000000


FORUM = {"id": -1009876543210, "type": "supergroup", "title": "Night Owls", "username": "Night_Owls", "is_forum": True}
CREATED = {"message_id": 31, "date": 1, "chat": FORUM, "from": ANNA, "message_thread_id": 31,
           "forum_topic_created": {"name": "Boss fights", "icon_color": 7322096}}


def test_a_forum_topic_is_a_conversation_of_its_own():
    mention = [{"type": "mention", "offset": 0, "length": 15}]
    in_topic = read(update("@bea_cohost_bot ready?", FORUM, entities=mention, message_thread_id=31,
                           is_topic_message=True, reply_to_message=CREATED))
    assert (in_topic.thread_id, in_topic.topic, in_topic.channel) == (31, "Boss fights", "-1009876543210/31")
    assert in_topic.reply_to is None and not in_topic.replies_to_bot       # the topic's start is no reply
    assert in_topic.where == 'the topic "Boss fights" in the group Night Owls'
    general = read(update("@bea_cohost_bot hi", FORUM, entities=mention))
    assert general.thread_id is None and general.channel == "-1009876543210"
    # a reply in a group that is no forum has a thread id too, but is no topic message: the group's conversation
    reply = read(update("yes", GROUP, message_thread_id=5, reply_to_message={"message_id": 5, "date": 1,
                                                                               "chat": GROUP, "from": ANNA}))
    assert reply.thread_id is None and reply.reply_to == 5 and reply.channel == "-1001234567890"
    unnamed = read(update("x", FORUM, message_thread_id=44, is_topic_message=True))
    assert unnamed.where == "topic 44 in the group Night Owls"
    assert read_channel("-1009876543210/31") == (-1009876543210, 31) and read_channel(" 42 ") == (42, None)
    assert read_channel("@Night_Owls/31") == ("@night_owls", 31) and channel(42) == "42"


def test_a_public_group_is_allowed_by_its_username():
    allow = AllowList.of(users=[], chats=["@Night_Owls", "@no", "-5"])
    assert allow.chat_names == {"night_owls"} and allow.chats == {-5}
    mentioned = read(update("@bea_cohost_bot hi", FORUM, entities=[{"type": "mention", "offset": 0, "length": 15}]))
    assert mentioned.chat_username == "Night_Owls" and decide(mentioned, allow).read
    assert norm_chat(" @Night_Owls ") == "@night_owls" and norm_chat("-100123") == "-100123"
    for wrong in ("Night Owls", "@no", "@1abcde", "@" + "a" * 33):
        try:
            norm_chat(wrong)
        except ValueError:
            continue
        raise AssertionError(f"{wrong!r} was taken for a chat")


@pytest.mark.parametrize(("fields", "expected"), [
    (PHOTO, Attachment("photo")),
    (DOCUMENT, Attachment("document", "setlist friday.pdf")),        # its line break a space
    (UNNAMED_DOCUMENT, Attachment("document")),
    (VIDEO, Attachment("video", "clutch.mp4")),
    (VIDEO_NOTE, Attachment("video_note")),
    (AUDIO, Attachment("audio", "Daft Punk - One More Time")),
    (ANIMATION, Attachment("animation")),                             # not the document the Bot API sets too
    (STICKER, Attachment("sticker", "😂")),
])
def test_a_file_sent_says_what_it_is_with_or_without_a_caption(fields, expected):
    captioned = read(update(caption="look at this", **fields))
    assert (captioned.attachment, captioned.text) == (expected, "look at this")
    bare = read(update(**fields))
    assert (bare.attachment, bare.text) == (expected, "")


def test_a_captions_mention_names_her_in_a_group():
    caption = "@bea_cohost_bot rate my setup"
    m = read(update(chat=GROUP, caption=caption, caption_entities=[{"type": "mention", "offset": 0, "length": 15}],
                    **PHOTO))
    assert m.mentions_bot and m.attachment == Attachment("photo") and m.text == caption
    assert decide(m, AllowList.of(users=[], chats=[GROUP["id"]])).read


def test_what_the_sender_wrote_and_named_is_one_line():
    text = "first line\r\n\n  @bea_cohost_bot\u2028second"       # the mention's offset counts the breaks
    m = read(update(text, GROUP, entities=[{"type": "mention", "offset": 15, "length": 15}],
                    sender={**ANNA, "first_name": "An\nna"}))
    assert m.mentions_bot and m.text == "first line @bea_cohost_bot second" and m.sender_name == "An na B"
    titled = read(update("hi", {**GROUP, "title": "Speed\nrunners"}))
    assert titled.chat_title == "Speed runners" and titled.where == "the group Speed runners"
    long_name = {"document": {**DOCUMENT["document"], "file_name": "x" * 300 + ".pdf"}}
    cut = read(update(**long_name)).attachment.name
    assert len(cut) == NAME_CHARS and cut.endswith("…")
