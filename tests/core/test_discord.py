"""app.core.discord against MESSAGE_CREATE data shaped as Discord documents it: who she reads, what she reads,
and why she ignores the rest."""

from __future__ import annotations

from app.core.discord import AllowList, Removal, Verdict, decide, parse_message, place, removal
from app.core.message_pieces import pieces

HER = 7000
ANNA = {"id": "42", "username": "anna.b", "global_name": "Anna B"}
BO = {"id": "77", "username": "bo", "global_name": None}
BOT = {"id": "99", "username": "helper", "bot": True}


def event(author=ANNA, content="hello", channel="500", guild="900", mentions=(), **more):
    data = {"id": "1001", "channel_id": channel, "author": author, "content": content, "type": 0,
            "mentions": list(mentions), "timestamp": "2026-12-04T20:00:00+00:00"}
    if guild is not None:
        data["guild_id"] = guild
    data.update(more)
    return data


def test_a_mention_names_her_and_reads_as_words():
    her = {"id": str(HER), "username": "bea", "global_name": "Bea", "member": {"nick": "Bea!"}}
    m = parse_message(event(content="<@7000> hi, and <@!77> too", mentions=[her, BO]), HER)
    assert m.mentions_her and not m.replies_to_her and not m.dm
    assert m.text == "@Bea! hi, and @bo too"
    assert (m.message_id, m.channel_id, m.guild_id, m.author_id) == (1001, 500, 900, 42)
    assert m.author_name == "Anna B" and m.username == "anna.b"


def test_a_reply_to_her_and_the_nickname_wins():
    replied = {"id": "888", "author": {"id": str(HER), "username": "bea", "bot": True}}
    m = parse_message(event(type=19, member={"nick": "Annie"}, message_reference={"message_id": "888"},
                            referenced_message=replied), HER)
    assert m.replies_to_her and m.reply_to == 888 and m.author_name == "Annie"
    other = parse_message(event(type=19, referenced_message={"id": "5", "author": BO}), HER)
    assert not other.replies_to_her and other.reply_to == 5


def test_what_she_cannot_read_is_none():
    assert parse_message(event(author=BOT), HER) is None
    assert parse_message(event(author={"id": str(HER), "username": "bea"}), HER) is None
    assert parse_message(event(webhook_id="3"), HER) is None
    assert parse_message(event(type=7), HER) is None                 # a member joined
    assert parse_message(event(content="  "), HER) is None           # a sticker or a file alone
    assert parse_message(event(channel="x"), HER) is None
    assert parse_message({"content": "no author"}, HER) is None


def test_the_allow_list_decides_with_the_reason():
    allow = AllowList.of(["500", " 501 ", "general"], ["@Anna.B", "77", ""])
    assert allow.channels == {500, 501} and allow.users == {"anna.b", "77"}
    mentioned = parse_message(event(content="<@7000> hey", mentions=[{"id": str(HER)}]), HER)
    assert decide(mentioned, allow).read
    quiet = parse_message(event(), HER)
    where = place(quiet, "general", "Speedrunners")
    assert where == "the channel #general on Speedrunners"
    assert decide(quiet, allow, where) == Verdict(False, "a message in the channel #general on Speedrunners that "
                                                         "neither mentions her nor replies to her", quiet=True)
    elsewhere = parse_message(event(channel="600", content="<@7000> hey", mentions=[{"id": str(HER)}]), HER)
    assert decide(elsewhere, allow) == Verdict(False, "a message to her in the channel 600 (channel id 600), "
                                                      "which is not on the allow-list")
    assert decide(parse_message(event(channel="600"), HER), allow).quiet      # chatter elsewhere
    dm = parse_message(event(guild=None), HER)
    assert dm.dm and place(dm) == "a direct message with Anna B" and decide(dm, allow).read
    stranger = parse_message(event(author={"id": "66", "username": "eve"}, guild=None), HER)
    assert decide(stranger, allow).reason == ("a direct message from eve (@eve, id 66), who is not on the "
                                              "allow-list")


def test_pieces_fit_a_message():
    long = "word " * 500
    parts = pieces(long, 2000)
    assert all(len(p) <= 2000 for p in parts) and " ".join(parts).split() == long.split()
    assert pieces("x" * 4500, 2000) == ["x" * 2000, "x" * 2000, "x" * 500] and pieces("  ", 2000) == []


def test_what_a_moderator_removed():
    assert removal("MESSAGE_DELETE", {"id": "1001", "channel_id": "500"}) == Removal(("1001",))
    assert removal("MESSAGE_DELETE_BULK", {"ids": ["1", "x", "2"]}) == Removal(("1", "2"))
    assert removal("GUILD_BAN_ADD", {"guild_id": "900", "user": ANNA}) == Removal(user_id="42", user_name="Anna B")
    assert removal("MESSAGE_DELETE", {}) is None and removal("MESSAGE_CREATE", event()) is None
