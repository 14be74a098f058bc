"""Telegram's and Discord's payloads fuzzed, from the shapes their API documents show (mutated as values: a node
replaced by any JSON value, infinite and enormous numbers among them): each reader gives its message or None and
raises nothing; the allow-list's decision on what it read raises nothing either."""

import math

from hypothesis import given

from app.core import discord, telegram
from tests.fuzz.strategies import FUZZ, count, json_inputs

BOT_ID, BOT_NAME = 7000000001, "bea_cohost_bot"
ANNA = {"id": 4711, "is_bot": False, "first_name": "Anna", "username": "anna_b"}
TELEGRAM = [
    {"update_id": 900001, "message": {"message_id": 12, "date": 1765000000, "chat": {
        "id": 4711, "type": "private", "first_name": "Anna", "username": "anna_b"}, "from": ANNA, "text": "ciao Bea"}},
    {"update_id": 900002, "message": {
        "message_id": 13, "date": 1765000001, "chat": {"id": -1001234567890, "type": "supergroup", "title": "Fans",
                                                         "is_forum": True},
        "from": ANNA, "text": "@bea_cohost_bot how was the stream?", "is_topic_message": True,
        "message_thread_id": 5, "entities": [{"type": "mention", "offset": 0, "length": 15}],
        "reply_to_message": {"message_id": 5, "date": 1765000000, "forum_topic_created": {"name": "Clips"}}}},
    {"update_id": 900003, "message": {
        "message_id": 14, "date": 1765000002, "chat": {"id": -1001234567890, "type": "supergroup", "title": "Fans"},
        "from": ANNA, "voice": {"file_id": "AwACAgQ", "duration": 3.5, "mime_type": "audio/ogg"},
        "reply_to_message": {"message_id": 9, "from": {"id": BOT_ID, "is_bot": True, "first_name": "Bea"}}}},
    {"update_id": 900004, "message": {"message_id": 15, "date": 1765000003, "chat": {"id": -42, "type": "group"},
                                      "from": ANNA, "caption": "look", "caption_entities": [
                                          {"type": "text_mention", "offset": 0, "length": 4,
                                           "user": {"id": BOT_ID}}]}},
]
TELEGRAM_ALLOW = telegram.AllowList.of(["@anna_b", "4711"], ["-1001234567890", "@fans_chat"])

HER = 1000000000000000000
DISCORD_ALLOW = discord.AllowList.of(["1200000000000000001"], ["pat.pixel", "1300777000000000043"])
DISCORD = [
    {"id": "1300000000000000001", "channel_id": "1200000000000000001", "guild_id": "1100000000000000001",
     "type": 0, "content": "<@1000000000000000000> hi Bea!",
     "author": {"id": "1300777000000000042", "username": "pat.pixel", "global_name": "Pat"},
     "member": {"nick": "Patty"}, "mentions": [{"id": "1000000000000000000", "username": "bea", "bot": True}]},
    {"id": "1300000000000000002", "channel_id": "1200000000000000002", "type": 19, "content": "and you?",
     "author": {"id": "1300777000000000043", "username": "lu"},
     "message_reference": {"message_id": "1300000000000000001"},
     "referenced_message": {"id": "1300000000000000001", "author": {"id": "1000000000000000000"}}},
]
REMOVALS = [("MESSAGE_DELETE", {"id": "1300000000000000001", "channel_id": "1200000000000000001"}),
            ("MESSAGE_DELETE_BULK", {"ids": ["1300000000000000001", "1300000000000000002"]}),
            ("GUILD_BAN_ADD", {"guild_id": "1100000000000000001", "user": {"id": "1300777000000000043",
                                                                           "username": "lu"}})]


@FUZZ
@given(json_inputs(TELEGRAM))
def test_a_telegram_update_is_a_message_or_none(update):
    count("telegram-update")
    if not isinstance(update, dict):
        return
    message = telegram.parse_update(update, BOT_ID, BOT_NAME)
    if message is None:
        return
    assert isinstance(message.text, str) and isinstance(message.chat_id, int)
    assert math.isfinite(message.voice_duration) and message.voice_duration >= 0
    assert all(abs(n) < 2 ** 64 for n in (message.update_id, message.chat_id, message.sender_id,
                                           message.message_id, message.date))
    telegram.decide(message, TELEGRAM_ALLOW, since=1765000000.0)
    telegram.channel(message.chat_id, message.thread_id)


@FUZZ
@given(json_inputs(DISCORD))
def test_a_discord_message_is_a_message_or_none(data):
    count("discord-message")
    if not isinstance(data, dict):
        return
    message = discord.parse_message(data, HER)
    if message is None:
        return
    assert isinstance(message.text, str) and message.text
    assert all(abs(n) < 2 ** 64 for n in (message.message_id, message.channel_id, message.author_id))
    discord.decide(message, DISCORD_ALLOW)
    discord.place(message)


@FUZZ
@given(json_inputs([{"event": e, "data": d} for e, d in REMOVALS]))
def test_a_discord_removal_is_a_removal_or_none(doc):
    count("discord-removal")
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
        return
    found = discord.removal(str(doc.get("event")), doc["data"])
    assert found is None or all(i.lstrip("-").isdigit() for i in found.message_ids)
