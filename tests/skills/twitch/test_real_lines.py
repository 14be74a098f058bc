"""Real Twitch lines through the real skill on the fake server: every kind of line in the shared
fixtures lands where it should and none breaks the handler; a channel NOTICE and Twitch refusing her own
lines are said in plain words (a lasting refusal is a Chat-dock problem until a line of hers is posted); a
PRIVMSG without a user-id keeps its author, its bits and its /me; channel-point redemptions and highlighted
messages are their own perceptions with weight; a raid's line break, a NOTICE without words and a cheer without
a message id reach her as she can use them."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from decimal import Decimal

import pytest

from app.core.events import EventKind
from app.core.irc import ChatLine, ClearChat, ClearMsg, IrcParseError, Notice, Ping, Reconnect, UserNotice
from app.core.perception import Meta
from app.skills.twitch.client import State
from app.skills.twitch.skill import (
    BITS_SALIENCE,
    CHAT_EVENT_SALIENCE,
    CHAT_SALIENCE,
    SEND_PROBLEM,
    TOKEN_SECRET,
)
from tests.core.test_twitch_lines import CHEER_WITHOUT_ID, HIGHLIGHT, RAID_WITH_BREAK, REWARD
from tests.skills.twitch.fake_server import FakeTwitchServer, privmsg
from tests.skills.twitch.helpers import FIXTURE_LINES, parse_twitch, until
from tests.skills.twitch.test_skill import pending, started

HANDLER_FAILED = "the Twitch event handler failed"


def expected_place(raw: str, seen: set[str]) -> str:
    """Where a fixture line should land, from what the parser says it is."""
    try:
        event = parse_twitch(raw)
    except IrcParseError:
        return "skipped as malformed"
    if isinstance(event, ChatLine | UserNotice):
        if event.msg_id in seen:
            return "dropped as a repeat"
        seen.add(event.msg_id or "")
        return "perceived"
    places = {ClearChat: "moderation", ClearMsg: "moderation", Notice: "said in the Twitch dock",
              Ping: "answered", Reconnect: "reconnected"}
    return places.get(type(event), "kept by the client")   # PONG, USERSTATE, JOIN, ROOMSTATE, WHISPER...


def test_every_fixture_line_goes_through_the_skill_and_lands_where_it_should(bea, caplog):
    caplog.set_level(logging.ERROR)
    events = []
    bea.bus.subscribe(events.append, replay=False)
    seen: set[str] = set()
    expected = [expected_place(raw, seen) for raw in FIXTURE_LINES]

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            client = skill.client
            places, perceived = [], []
            for i, raw in enumerate(FIXTURE_LINES):
                before = (len(pending(bea)), len(skill.log), len(events), len(server.lines("PONG")),
                          client.stats.malformed, client.stats.duplicates, client.stats.reconnects)
                server.broadcast(raw)
                if raw.endswith("RECONNECT"):   # the new link in use and the old one gone, then go on
                    await until(lambda: client.stats.reconnects == 1 and skill.state is State.JOINED
                                and len(server.joined) == 1, what="the reconnect")
                barrier = f"barrier-{i}"        # the client answers PINGs in order: all before is handled
                server.broadcast(f"PING :{barrier}")
                await server.wait_for(lambda b=barrier: f"PONG :{b}" in server.lines("PONG"))
                new_perceptions = pending(bea)[before[0]:]
                new_log = list(skill.log)[before[1]:]
                new_events = events[before[2]:]
                pongs = len(server.lines("PONG")) - before[3] - 1
                place = set()
                if new_perceptions:
                    place.add("perceived")
                    perceived.append((raw, new_perceptions))
                if any(e.kind in ("system", "refused") for e in new_log):
                    place.add("said in the Twitch dock")
                if any("moderator" in e.text for e in new_events):
                    place.add("moderation")
                if pongs:
                    place.add("answered")
                for label, was, now in (("skipped as malformed", before[4], client.stats.malformed),
                                        ("dropped as a repeat", before[5], client.stats.duplicates),
                                        ("reconnected", before[6], client.stats.reconnects)):
                    if now > was:
                        place.add(label)
                places.append(" + ".join(sorted(place)) or "kept by the client")
            problems = dict(bea.skills["chat"].problems)
            await skill.stop()
            return places, perceived, problems

    places, perceived, problems = asyncio.run(go())
    assert HANDLER_FAILED not in caplog.text
    assert [f"{i}: {p}" for i, p in enumerate(places)] == [f"{i}: {p}" for i, p in enumerate(expected)]
    assert Counter(expected) == {"perceived": 27, "kept by the client": 15, "dropped as a repeat": 10,
                                 "skipped as malformed": 6, "moderation": 5, "answered": 4,
                                 "said in the Twitch dock": 2, "reconnected": 1}
    for raw, [p] in perceived:          # each perception is the line it came from, by its author
        event = parse_twitch(raw)
        assert p.message_id == event.msg_id
        if isinstance(event, ChatLine):
            assert p.author.identity == f"twitch:{event.user_id}" and p.text.endswith(event.text)
        else:
            assert p.meta["twitch_event"] == event.kind
    # the fixture's msg_banned NOTICE is a refusal of her line that needs the streamer: a Chat-dock problem
    assert problems[SEND_PROBLEM].setting == "skills.twitch"
    assert problems[SEND_PROBLEM].text.startswith("Twitch did not post her message: her account is banned "
                                                  "from #forsen.")
    dock = [e.text for e in bea.skills["twitch"].log if e.kind in ("system", "refused")]
    assert dock == [problems[SEND_PROBLEM].text, "Improperly formatted auth"]


def test_her_refused_lines_are_said_plainly_and_a_lasting_one_is_a_problem_until_a_line_is_posted(bea, caplog):
    caplog.set_level(logging.ERROR)
    bea.secrets.set(TOKEN_SECRET, "tok")

    async def go():
        async with FakeTwitchServer(token="tok", user_id="4242") as server:
            skill = await started(bea, server, nick="bea_bot")
            chat = bea.skills["chat"]
            refused = lambda: [e.text for e in skill.log if e.kind == "refused"]  # noqa: E731
            server.refusing = ("msg_duplicate", "Your message is identical to the one you sent less than 30 "
                                                "seconds ago.")
            bea.mind.outlets.deliver("twitch", "#bea", "ciao a tutti!")
            await until(lambda: len(refused()) == 1, what="the duplicate refusal")
            passing = dict(chat.problems)
            server.refusing = ("msg_followersonly", "This room is in 10 minutes followers-only mode. Follow bea "
                                                    "to join the community!")
            bea.mind.outlets.deliver("twitch", "#bea", "mi sentite?")
            await until(lambda: len(refused()) == 2, what="the followers-only refusal")
            lasting = dict(chat.problems)
            server.refusing = None
            bea.mind.outlets.deliver("twitch", "#bea", "eccomi!")
            await until(lambda: SEND_PROBLEM not in chat.problems, what="the problem to go")
            await skill.stop()
            return refused(), passing, lasting, server.lines("PRIVMSG")

    refused, passing, lasting, sent = asyncio.run(go())
    assert HANDLER_FAILED not in caplog.text
    assert sent == ["PRIVMSG #bea :ciao a tutti!", "PRIVMSG #bea :mi sentite?", "PRIVMSG #bea :eccomi!"]
    assert refused == [
        "Twitch did not post her message: it was the same as one she sent less than 30 seconds ago.",
        "Twitch did not post her message: #bea is in followers-only mode and her account does not follow it "
        "long enough. Follow #bea with her account, turn the mode off, or make her a moderator there "
        "(/mod bea_bot)."]
    assert SEND_PROBLEM not in passing                        # a repeat passes on its own: the log says it
    assert (lasting[SEND_PROBLEM].text, lasting[SEND_PROBLEM].setting) == (refused[1], "skills.twitch")
    said = [(e.text, e.data.get("notice")) for e in bea.bus.recent([EventKind.SYSTEM, EventKind.ERROR])
            if e.data.get("notice")]
    assert said == [(refused[0], "msg_duplicate"), (refused[1], "msg_followersonly")]
    assert any(e.data.get("resolved") == SEND_PROBLEM for e in bea.bus.recent([EventKind.SYSTEM]))


def test_any_other_channel_notice_is_a_line_in_the_dock_and_an_event(bea, caplog):
    caplog.set_level(logging.ERROR)
    line = "@msg-id=emote_only_on :tmi.twitch.tv NOTICE #bea :This room is now in emote-only mode."

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            server.broadcast(line)
            await until(lambda: any(e.kind == "system" for e in skill.log), what="the notice")
            await skill.stop()
            return [(e.who, e.text) for e in skill.log]

    assert asyncio.run(go()) == [("Twitch", "This room is now in emote-only mode.")]
    assert HANDLER_FAILED not in caplog.text
    [event] = [e for e in bea.bus.recent([EventKind.SYSTEM]) if e.data.get("notice")]
    assert (event.text, event.data["notice"]) == ("Twitch says: This room is now in emote-only mode.",
                                                  "emote_only_on")


def test_a_line_without_a_user_id_keeps_its_author_its_bits_and_its_me(bea):
    cheer = privmsg("bea", "Cheer100 ciao Bea", user_id=None, name="anna", msg_id="c1", bits=100)
    known = privmsg("bea", "first", user_id="77", name="marco", msg_id="m1")
    action = ":marco!marco@marco.tmi.twitch.tv PRIVMSG #bea :\x01ACTION waves\x01"   # no tags at all

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            for line in (cheer, known, action):
                server.broadcast(line)
            await until(lambda: len(pending(bea)) == 3, what="three lines")
            people = bea.skills["people"]
            await until(lambda: people.card_of("twitch:login:anna") is not None, what="the cheer's card")
            await skill.stop()
            return [e for e in skill.log if e.kind == "chat"]

    logged = asyncio.run(go())
    tipped, first, waved = pending(bea)
    assert (tipped.author.identity, tipped.author.display_name) == ("twitch:login:anna", "anna")
    assert tipped.salience == BITS_SALIENCE and tipped.flag(Meta.DONATION)
    assert tipped.content == "[anna] (cheered 100 bits) Cheer100 ciao Bea"
    assert waved.author.identity == first.author.identity == "twitch:77"    # the login seen with its id
    assert waved.content == "[marco] /me waves" and waved.meta["action"] and waved.text == "/me waves"
    assert [(e.who, e.text, e.action) for e in logged][1:] == [("marco", "first", False), ("marco", "waves", True)]


def test_redemptions_and_highlighted_messages_are_their_own_perceptions_with_weight(bea):
    plain = privmsg("bea", "just chatting", user_id="55", name="Anna", msg_id="p-1")

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            for line in (plain, REWARD, HIGHLIGHT):
                server.broadcast(line)
            await until(lambda: len(pending(bea)) == 3, what="three lines")
            await skill.stop()
            return [(e.kind, e.text) for e in skill.log]

    logged = asyncio.run(go())
    chat, reward, highlight = pending(bea)
    reward_id = "7a3f5b0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
    assert chat.salience == CHAT_SALIENCE and "twitch_event" not in chat.meta
    assert (reward.meta["twitch_event"], reward.meta["reward_id"], reward.text) == (
        "redemption", reward_id, "sing the pirate song")
    assert reward.content == (f'[Twitch] Anna redeemed a channel-point reward (id {reward_id}). Anna wrote: '
                              '"sing the pirate song"')
    assert (highlight.meta["twitch_event"], highlight.text) == ("highlighted-message", "look at me")
    assert highlight.content == ('[Twitch] Anna highlighted their message with channel points. Anna wrote: '
                                 '"look at me"')
    assert reward.salience == CHAT_EVENT_SALIENCE["redemption"] > CHAT_SALIENCE
    assert highlight.salience == CHAT_EVENT_SALIENCE["highlighted-message"] > CHAT_SALIENCE
    assert all(p.author.identity == "twitch:55" and p.tallied for p in (chat, reward, highlight))
    assert (reward.message_id, highlight.message_id) == ("r-1", "h-1")
    ranked = {p.message_id: p.priority for p in bea.mind.gate.annotate(pending(bea))}
    assert ranked["r-1"] > ranked["p-1"] and ranked["h-1"] > ranked["p-1"]
    assert logged[1:] == [("event", f"Anna redeemed a channel-point reward (id {reward_id}). “sing the pirate "
                                    "song”"),
                          ("event", "Anna highlighted their message with channel points. “look at me”")]


@pytest.mark.parametrize("kind", ["msg_banned", "msg_subsonly"])
def test_a_lasting_refusal_without_a_running_loop_is_still_a_problem(bea, kind):
    skill = bea.skills["twitch"]
    bea.settings.set("skills.twitch.nick", "bea_bot")
    skill.on_event(parse_twitch(f"@msg-id={kind} :tmi.twitch.tv NOTICE #bea :Twitch's words."))
    problem = bea.skills["chat"].problems[SEND_PROBLEM]
    assert "bea_bot" in problem.text and problem.setting == "skills.twitch"


def test_new_settings_take_a_lasting_refusal_away_and_it_is_said_again_if_it_holds(bea):
    bea.secrets.set(TOKEN_SECRET, "tok")

    async def go():
        async with FakeTwitchServer(token="tok", user_id="4242") as server:
            skill = await started(bea, server, nick="bea_bot")
            chat = bea.skills["chat"]
            server.refusing = ("msg_banned", "You are permanently banned from talking in bea.")
            bea.mind.outlets.deliver("twitch", "#bea", "ciao")
            await until(lambda: SEND_PROBLEM in chat.problems, what="the ban")
            bea.settings.set("skills.twitch.channel", "other")
            await until(lambda: SEND_PROBLEM not in chat.problems, what="the problem to go")
            await until(lambda: skill.state is State.JOINED and skill.client.channel == "other")
            bea.mind.outlets.deliver("twitch", "#other", "ciao di nuovo")
            await until(lambda: SEND_PROBLEM in chat.problems, what="the ban said again")
            text = chat.problems[SEND_PROBLEM].text
            await skill.stop()
            return text

    assert asyncio.run(go()) == ("Twitch did not post her message: her account (bea_bot) is banned from #other. "
                                 "To let her write, unban her there (/unban bea_bot).")


async def handled(server: FakeTwitchServer, barrier: str) -> None:
    """Everything broadcast before is handled: the client answers PINGs in order."""
    server.broadcast(f"PING :{barrier}")
    await server.wait_for(lambda: f"PONG :{barrier}" in server.lines("PONG"))


def test_a_raids_line_break_reaches_neither_her_nor_the_dock(bea):
    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            server.broadcast(RAID_WITH_BREAK)
            await until(lambda: pending(bea), what="the raid")
            await skill.stop()
            return [e.text for e in skill.log if e.kind == "event"]

    logged = asyncio.run(go())
    [raid] = pending(bea)
    assert raid.content == "[Twitch] 15 raiders from TestChannel have joined !"
    assert logged == ["15 raiders from TestChannel have joined !"]


def test_a_notice_without_words_says_its_kind_or_nothing(bea, caplog):
    caplog.set_level(logging.ERROR)

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            server.broadcast(":tmi.twitch.tv NOTICE #bea :")             # neither words nor a msg-id
            server.broadcast(":tmi.twitch.tv NOTICE #bea : ")
            server.broadcast("@msg-id=emote_only_on :tmi.twitch.tv NOTICE #bea")
            server.broadcast("@msg-id=msg_something_new :tmi.twitch.tv NOTICE #bea :")    # a refusal of hers
            await handled(server, "notices")
            await skill.stop()
            return [(e.kind, e.text) for e in skill.log if e.kind in ("system", "refused")]

    assert asyncio.run(go()) == [("system", "emote_only_on"),
                                 ("refused", "Twitch did not post her message. Twitch says: msg_something_new")]
    assert HANDLER_FAILED not in caplog.text
    said = [e.text for e in bea.bus.recent([EventKind.SYSTEM]) if e.data.get("notice") or "Twitch says" in e.text]
    assert said == ["Twitch says: emote_only_on", "Twitch did not post her message. Twitch says: msg_something_new"]


def test_a_cheer_without_a_message_id_counts_its_bits_once_per_line(bea):
    later = CHEER_WITHOUT_ID.replace("tmi-sent-ts=1594571566672", "tmi-sent-ts=1594571599000")

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            for line in (CHEER_WITHOUT_ID, CHEER_WITHOUT_ID, later):     # the same line twice, then another cheer
                server.broadcast(line)
            await until(lambda: len(pending(bea)) == 3, what="three cheers")
            await skill.stop()                                             # lets the donation writes land
            return bea.skills["people"]

    people = asyncio.run(go())
    assert all(p.flag(Meta.DONATION) and p.salience == BITS_SALIENCE for p in pending(bea))
    card = people.card_of("twitch:36175310")
    assert card is not None and card.reason == "donation"
    assert people.people.donations_of(card.person_id) == {"BITS": Decimal("2")}
