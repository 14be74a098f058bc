"""Moderation through the fake Twitch server, replaying the fixture's CLEARMSG and CLEARCHAT: a deleted message
leaves the pending batch and its stored line is flagged (with why), a ban flags every line of that person in
the session, and a line a turn had already taken is flagged once the turn has stored it."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

from app.memory.stream import DELETED, Line
from tests.memory.test_stream_flags import removals
from tests.skills.twitch.fake_server import FakeTwitchServer, privmsg
from tests.skills.twitch.helpers import fixture, until
from tests.skills.twitch.test_skill import pending, started

DELETE = fixture("target-msg-id=3c92014f")      # alazymeme's message 3c92014f-... deleted in #pajlada
BAN = fixture("target-user-id=70948394")         # weeb123 banned in #pajlada
DELETED_ID = "3c92014f-340a-4dc3-a9c9-e5cf182f4a84"
LAZY, WEEB, ANNA = "twitch:66", "twitch:70948394", "twitch:55"


def heard(text: str, author: str, native_id: str | None = None) -> Line:
    """A line as a turn stores it: with the message id of the perception it came from."""
    return Line("heard", text, time.time(), author, "", "twitch:#pajlada", native_id)


def flags(stream, session):
    return [(ln.text, ln.flagged) for ln in stream.session_lines(session)]


def test_a_deleted_message_leaves_the_pending_batch_and_a_turn_that_took_it_has_it_flagged(bea, tmp_path):
    stream = bea.mind.stream
    session = stream.go_live()
    late = "@login=alazymeme;room-id=;target-msg-id=late;tmi-sent-ts=1 :tmi.twitch.tv CLEARMSG #pajlada :too late"

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            server.broadcast(privmsg("pajlada", "NIGHT CUNT", user_id="66", name="alazymeme", msg_id=DELETED_ID))
            server.broadcast(privmsg("pajlada", "gg", user_id="66", name="alazymeme", msg_id="gg"))
            server.broadcast(privmsg("pajlada", "hello", user_id="55", name="anna", msg_id="a1"))
            await until(lambda: len(pending(bea)) == 3)
            server.broadcast(DELETE)
            await until(lambda: len(pending(bea)) == 2, what="the deleted line to leave")
            left = [p.message_id for p in pending(bea)]
            # a turn takes what waits, and a late line; the moderator deletes that one while the turn runs
            server.broadcast(privmsg("pajlada", "too late", user_id="66", name="alazymeme", msg_id="late"))
            await until(lambda: len(pending(bea)) == 3)
            bea.mind.bus.take_all()
            server.broadcast(late)
            await until(lambda: [e.removed for e in skill.log if e.msg_id == "late"] == [True], what="the delete")
            await asyncio.sleep(0.1)                              # the flag found nothing stored yet
            # the turn ends: its lines reach the stream (her alias for him, as People renders it), then
            # the skills' after_turn
            stream.append_sync([heard("[lazy] gg", LAZY, "gg"), heard("[anna] hello", ANNA, "a1"),
                                heard("[lazy] too late", LAZY, "late")])
            skill.after_turn(SimpleNamespace(authors=[LAZY, ANNA]))
            await skill.stop()
            return skill, left

    skill, left = asyncio.run(go())
    assert left == ["gg", "a1"]                                       # only the deleted message left
    assert flags(stream, session) == [("[lazy] gg", False), ("[anna] hello", False), ("[lazy] too late", True)]
    assert [why for _text, why, _when in removals(stream, session, tmp_path)] == [DELETED]
    assert [e.removed for e in skill.log if e.msg_id == DELETED_ID] == [True]


def test_a_deleted_message_already_stored_is_flagged_at_once(bea):
    stream = bea.mind.stream
    session = stream.go_live()

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            server.broadcast(privmsg("pajlada", "NIGHT CUNT", user_id="66", name="alazymeme", msg_id=DELETED_ID))
            await until(lambda: len(pending(bea)) == 1)
            bea.mind.bus.take_all()                                   # a turn took it and stored it
            stream.append_sync([heard("[alazymeme] NIGHT CUNT", LAZY, DELETED_ID),
                                heard("[alazymeme] NIGHT CUNT", LAZY, "twin"),    # the same words again
                                heard("[alazymeme] gg", LAZY, "gg")])
            server.broadcast(DELETE)
            await until(lambda: any(ln.flagged for ln in stream.session_lines(session)), what="the flag")
            await skill.stop()

    asyncio.run(go())
    assert flags(stream, session) == [("[alazymeme] NIGHT CUNT", True), ("[alazymeme] NIGHT CUNT", False),
                                      ("[alazymeme] gg", False)]   # exactly the deleted one, not its twin


def test_a_ban_flags_every_line_of_that_person_and_takes_back_what_waits(bea, tmp_path):
    stream = bea.mind.stream
    session = stream.go_live()
    stream.append_sync([heard("[weeb123] first", WEEB), heard("[anna] hi", ANNA), heard("[weeb123] second", WEEB)])

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            for i, (uid, name) in enumerate([("70948394", "weeb123"), ("55", "anna"), ("70948394", "weeb123")]):
                server.broadcast(privmsg("pajlada", f"line {i}", user_id=uid, name=name, msg_id=f"m{i}"))
            await until(lambda: len(pending(bea)) == 3)
            server.broadcast(BAN)
            await until(lambda: len(pending(bea)) == 1, what="the ban")
            await until(lambda: sum(ln.flagged for ln in stream.session_lines(session)) == 2, what="the flags")
            await skill.stop()

    asyncio.run(go())
    assert [p.text for p in pending(bea)] == ["line 1"]
    assert flags(stream, session) == [("[weeb123] first", True), ("[anna] hi", False), ("[weeb123] second", True)]
    reasons = {why for _text, why, _when in removals(stream, session, tmp_path)}
    assert reasons == {"a moderator banned this person"}
