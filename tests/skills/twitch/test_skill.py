"""The Twitch skill in the real app (the `bea` fixture) against the fake server on 127.0.0.1: perceptions,
tallies counted once, bits on the donation path, subs and raids, moderation, a RECONNECT, her token,
privacy."""

from __future__ import annotations

import asyncio
import logging
import time
from decimal import Decimal
from types import SimpleNamespace

import pytest

from app.core.events import EventKind
from app.core.perception import Meta, PerceptionKind
from app.memory.keys import KEYRING_SERVICE
from app.memory.stream import Line
from app.process.logs import log_path
from app.skills.twitch.client import State
from app.skills.twitch.skill import (
    BITS_SALIENCE,
    CHAT_SALIENCE,
    NOTICE_SALIENCE,
    TOKEN_SECRET,
    TwitchSettings,
    describe_notice,
)
from tests.skills.twitch.fake_server import FakeTwitchServer, privmsg
from tests.skills.twitch.helpers import fixture, parse_twitch, until

REPLY = fixture("display-name=LeftSwing")
BITS = fixture("bits=1;")
SUB = fixture("msg-id=sub;")
RESUB = fixture("display-name=Gutrin")
SUBGIFT = fixture("display-name=AdamAtReflectStudios;emotes=;flags=;id=e21409b1")
RAID = fixture("msg-id=raid;")
TIMEOUT = fixture("ban-duration=1;")               # fabzeef (148973258) timed out in #pajlada
CLEAR_ALL = fixture("CLEARCHAT #randers")
DELETE = fixture("target-msg-id=3c92014f")         # alazymeme's message deleted in #pajlada


async def started(bea, server: FakeTwitchServer, **settings):
    bea.settings.update({"skills.twitch.channel": "bea", "skills.twitch.host": "127.0.0.1",
                         "skills.twitch.port": server.port, "skills.twitch.tls": False,
                         **{f"skills.twitch.{k}": v for k, v in settings.items()}})
    skill = bea.skills["twitch"]
    skill.client_options = {"backoff_base": 0.05}
    await skill.start()
    await until(lambda: skill.state is State.JOINED, what="the join")
    return skill


def pending(bea):
    return bea.mind.bus.pending()


def messages(bea, identity: str) -> int:
    entry = bea.skills["people"].people.entry(identity)
    return entry.messages if entry else 0


def test_settings_hold_a_channel_and_a_login_never_a_token():
    s = TwitchSettings(channel=" #Bea_Live ", nick="@BeaBot".lstrip("@"))
    assert (s.channel, s.nick, s.host, s.port, s.tls) == ("bea_live", "beabot", "irc.chat.twitch.tv", 6697,
                                                          True)
    assert not any("token" in name or "oauth" in name for name in TwitchSettings.model_fields)
    with pytest.raises(ValueError):
        TwitchSettings(channel="not a login!")


def test_a_notice_reads_as_twitch_says_it_or_in_a_sentence_of_ours():
    assert describe_notice(parse_twitch(SUB)) == "fallenseraphhh subscribed with Twitch Prime."
    plain = parse_twitch("@msg-id=raid;msg-param-displayName=Anna;msg-param-viewerCount=12;id=1;"
                             "user-id=5 :tmi.twitch.tv USERNOTICE #bea")
    assert describe_notice(plain) == "Anna is raiding with 12 viewers."


def test_anonymous_by_default_she_reads_and_cannot_write(bea):
    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            state = (skill.can_write, bea.mind.outlets.platforms(), skill.context_section())
            await skill.stop()
            return server.lines(), state

    lines, (can_write, platforms, section) = asyncio.run(go())
    assert lines[0] == "CAP REQ :twitch.tv/tags twitch.tv/commands" and lines[2] == "JOIN #bea"
    assert lines[1].startswith("NICK justinfan") and not any(line.startswith("PASS") for line in lines)
    assert not can_write and "twitch" not in platforms
    assert "`speak`" in section and "send_message" not in section


def test_a_chat_line_is_a_perception_with_a_stable_author_and_is_tallied_once(bea):
    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            server.broadcast(REPLY)
            await until(lambda: pending(bea))
            await until(lambda: messages(bea, "twitch:133651738") == 1, what="the tally")
            await skill.stop()
            return skill

    asyncio.run(go())
    [p] = pending(bea)
    assert (p.kind, p.surface, p.salience) == (PerceptionKind.CHAT, "twitch", CHAT_SALIENCE)
    assert (p.author.platform, p.author.native_id) == ("twitch", "133651738")
    assert p.author.display_name == "LeftSwing"
    assert p.content == "[LeftSwing] @Retoon yes" and p.text == "@Retoon yes"
    assert p.conversation_key == "twitch:#retoon" and p.message_id == "5b4f63a9-776f-4fce-bf3c-d9707f52e32d"
    assert p.reply_to == "6b13e51b-7ecb-43b5-ba5b-2bb5288df696" and not p.addressed and p.tallied
    bea.skills["people"].context_for([p])   # social memory sees it marked tallied: it does not count it again
    assert messages(bea, "twitch:133651738") == 1
    assert bea.skills["people"].relabel([p])[0].content == "[LeftSwing] @Retoon yes"


def test_replies_to_her_and_her_names_address_her(bea):
    bea.secrets.set(TOKEN_SECRET, "tok")

    async def go():
        async with FakeTwitchServer(token="tok", user_id="4242") as server:
            skill = await started(bea, server, nick="bea_bot")
            bea.mind.outlets.deliver("twitch", "#bea", "ciao a tutti!")     # what send_message does
            await server.wait_for(lambda: server.sent_ids)
            mine = server.sent_ids[0]
            lines = [("to her line", ("reply-parent-msg-id", mine, "999", "streamer")),
                     ("to her account", ("x", "other-id", "4242", "bea_bot")),
                     ("to someone else", ("y", "other-id-2", "77", "marco")),
                     ("@bea_bot ciao", None), ("Bea sei forte", None), ("beautiful stream", None)]
            for i, (text, parent) in enumerate(lines):
                server.broadcast(privmsg("bea", text, user_id=str(500 + i), name=f"viewer{i}", msg_id=f"v{i}",
                                         reply_to=parent[1:] if parent else None))
            await until(lambda: len(pending(bea)) == len(lines))
            delivered = [e.text for e in bea.bus.recent([EventKind.TOOL]) if e.source == "twitch"]
            state = (skill.can_write, bea.mind.outlets.platforms(), skill.context_section())
            await skill.stop()
            return server.lines("PRIVMSG"), delivered, state

    sent, delivered, (can_write, platforms, section) = asyncio.run(go())
    assert sent == ["PRIVMSG #bea :ciao a tutti!"] and delivered == ["delivered to #bea: ciao a tutti!"]
    assert can_write and "twitch" in platforms and "`send_message` (platform twitch, channel #bea)" in section
    by_text = {p.text: p for p in pending(bea)}
    texts = ("to her line", "to her account", "to someone else", "@bea_bot ciao", "Bea sei forte",
             "beautiful stream")
    assert [by_text[t].addressed for t in texts] == [True, True, False, True, True, False]
    assert by_text["to someone else"].reply_to == "other-id-2"
    ranked = bea.mind.gate.annotate(pending(bea))
    assert [p.priority for p in ranked[:4]] == [1.0] * 4


def test_bits_go_the_donation_path_and_mint_a_card_once(bea):
    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            server.broadcast(BITS)
            await until(lambda: pending(bea))
            people = bea.skills["people"]
            await until(lambda: people.card_of("twitch:36175310") is not None, what="the card")
            skill.on_event(parse_twitch(BITS))   # the same message again (its id is the delivery id)
            await asyncio.sleep(0.3)
            await skill.stop()
            return people

    people = asyncio.run(go())
    p = pending(bea)[0]
    assert p.salience == BITS_SALIENCE and p.flag(Meta.DONATION) and p.author.identity == "twitch:36175310"
    assert p.content == "[TETYYS] (cheered 1 bit) trihard1" and p.text == "(cheered 1 bit) trihard1"
    card = people.card_of("twitch:36175310")
    assert card.reason == "donation"
    assert people.people.donations_of(card.person_id) == {"BITS": Decimal("1")}
    assert bea.mind.gate.annotate([p])[0].reasons == ("addressed: donation",)
    cheered = [e.text for e in bea.bus.recent([EventKind.SYSTEM]) if "cheered" in e.text]
    assert cheered == ["TETYYS cheered 1 bit"]


def test_subs_gifts_and_raids_are_perceptions_with_salience(bea):
    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            for line in (SUB, RESUB, SUBGIFT, RAID):
                server.broadcast(line)
            await until(lambda: len(pending(bea)) == 4)
            await until(lambda: messages(bea, "twitch:155874595") == 1, what="the tally")
            await skill.stop()

    asyncio.run(go())
    sub, resub, gift, raid = pending(bea)
    assert [p.salience for p in (sub, resub, gift, raid)] == [NOTICE_SALIENCE[k] for k in
                                                              ("sub", "resub", "subgift", "raid")]
    assert sub.content == "[Twitch] fallenseraphhh subscribed with Twitch Prime."
    assert resub.content.endswith('currently on a 2 month streak! Gutrin wrote: "xqcL"')
    assert resub.text == "xqcL"
    assert gift.content == "[Twitch] AdamAtReflectStudios gifted a Tier 1 sub to qatarking24xd!"
    assert raid.content == "[Twitch] 430 raiders from iamelisabete have joined!"
    assert raid.meta["viewers"] == 430
    assert raid.author.identity == "twitch:155874595" and all(p.tallied for p in (sub, resub, gift, raid))
    assert {p.meta["twitch_event"] for p in (sub, resub, gift, raid)} == {"sub", "resub", "subgift", "raid"}


def test_moderation_takes_lines_back_and_flags_them_in_memory(bea):
    stream = bea.mind.stream
    session = stream.go_live()
    stream.append_sync([Line("heard", "[fabzeef] something earlier", time.time(), "twitch:148973258", "",
                             "twitch:#pajlada")])

    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            who = [("148973258", "fabzeef"), ("55", "anna"), ("148973258", "fabzeef")]
            for i, (uid, name) in enumerate(who):
                server.broadcast(privmsg("pajlada", f"line {i}", user_id=uid, name=name, msg_id=f"p{i}"))
            server.broadcast(privmsg("pajlada", "NIGHT", user_id="66", name="alazymeme",
                                     msg_id="3c92014f-340a-4dc3-a9c9-e5cf182f4a84"))
            server.broadcast(privmsg("randers", "over there", user_id="77", name="carlo", msg_id="r1"))
            await until(lambda: len(pending(bea)) == 5)
            server.broadcast(TIMEOUT)
            server.broadcast(DELETE)
            await until(lambda: len(pending(bea)) == 2, what="the removals")
            await until(lambda: any(ln.flagged for ln in stream.session_lines(session)), what="the flag")
            server.broadcast(CLEAR_ALL)
            await until(lambda: len(pending(bea)) == 1, what="the clear")
            await skill.stop()
            return skill

    skill = asyncio.run(go())
    assert [p.text for p in pending(bea)] == ["line 1"]      # anna's line in #pajlada stays
    assert [ln.flagged for ln in stream.session_lines(session)] == [True]
    removed = {(e.who, e.text) for e in skill.log if e.removed}
    assert removed == {("fabzeef", "line 0"), ("fabzeef", "line 2"), ("alazymeme", "NIGHT"),
                       ("carlo", "over there")}
    said = [e.text for e in bea.bus.recent([EventKind.SYSTEM]) if "moderator" in e.text]
    assert said[0] == "a moderator timed out fabzeef: 2 waiting line(s) taken back, their lines flagged"
    # a line a turn had already taken reaches the stream after the ban: the turn's end flags it too
    stream.append_sync([Line("heard", "[fabzeef] taken by a turn", time.time(), "twitch:148973258", "",
                             "twitch:#pajlada")])
    skill.after_turn(SimpleNamespace(authors=["twitch:148973258", "twitch:55"]))
    assert [ln.flagged for ln in stream.session_lines(session)] == [True, True]


def test_a_reconnect_in_the_middle_loses_nothing_and_counts_each_line_once(bea):
    async def go():
        async with FakeTwitchServer(reconnect_grace=5.0) as server:
            skill = await started(bea, server)
            for i in range(400):
                server.broadcast(privmsg("bea", f"line {i}", user_id=str(10 + i % 25), name=f"u{i % 25}",
                                         msg_id=f"m{i}"))
                if i == 150:
                    server.reconnect()
                if i % 20 == 0:
                    await server.flush()
                    await asyncio.sleep(0.005)
            await until(lambda: len(pending(bea)) == 400, what="every line")
            await until(lambda: skill.counted == 400 and not skill.tallies.waiting, what="the tallies")
            await skill.flush()
            await skill.stop()
            return skill

    skill = asyncio.run(go())
    assert [p.message_id for p in pending(bea)] == [f"m{i}" for i in range(400)]
    assert skill.client is None and sum(messages(bea, f"twitch:{10 + k}") for k in range(25)) == 400


def test_her_token_comes_from_the_keyring_and_is_never_logged(file_keyring, bea, data_dir, caplog):
    import keyring

    token = "s3cr3t-twitch-token-value"
    assert bea.secrets.place == "keyring"
    bea.secrets.set(TOKEN_SECRET, token)
    assert keyring.get_password(KEYRING_SERVICE, f"secret:{TOKEN_SECRET}") == token
    caplog.set_level(logging.DEBUG)

    async def go():
        async with FakeTwitchServer(token=token) as server:
            skill = await started(bea, server, nick="bea_bot")
            server.broadcast("PING :tmi.twitch.tv")
            await server.wait_for(lambda: server.lines("PONG"))
            await skill.stop()
            lines = server.lines()
        async with FakeTwitchServer(token="another") as server:   # a refused token: stop, say so, no loop
            skill = await started_until(bea, server, State.AUTH_FAILED)
            await asyncio.sleep(0.3)
            conns = len(server.conns)
            await skill.stop()
        return lines, conns

    lines, conns = asyncio.run(go())
    assert lines[:3] == ["CAP REQ :twitch.tv/tags twitch.tv/commands", f"PASS oauth:{token}", "NICK bea_bot"]
    assert conns == 1
    assert any("refused the login" in e.text for e in bea.bus.recent([EventKind.ERROR]))
    assert token not in caplog.text
    assert token not in log_path(data_dir).read_text()
    body = bea.db.read(lambda c: c.execute("SELECT body FROM settings WHERE id = 1").fetchone()[0])
    assert token not in body and '"nick":"bea_bot"' in body.replace(" ", "")


async def started_until(bea, server, state):
    bea.settings.update({"skills.twitch.channel": "bea", "skills.twitch.host": "127.0.0.1",
                         "skills.twitch.port": server.port, "skills.twitch.tls": False})
    skill = bea.skills["twitch"]
    skill.client_options = {"backoff_base": 0.05}
    await skill.start()
    await until(lambda: skill.state is state, what=str(state))
    return skill


def test_privacy_mode_refuses_a_host_that_is_not_this_machine(bea):
    bea.settings.update({"privacy.enabled": True, "skills.twitch.channel": "bea",
                         "skills.twitch.host": "192.0.2.7"})   # TEST-NET-1: never routed, never resolved

    async def go():
        skill = bea.skills["twitch"]
        await skill.start()
        await until(lambda: skill.state is State.REFUSED)
        detail, section = skill.detail, skill.context_section()
        await skill.stop()
        return detail, section

    detail, section = asyncio.run(go())
    assert "privacy mode is on" in detail and section == ""
    errors = [e for e in bea.bus.recent([EventKind.ERROR])]
    assert any(e.source == "network" and "192.0.2.7" in e.text for e in errors)


def test_a_change_of_channel_reconnects(bea):
    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)
            bea.settings.set("skills.twitch.channel", "other")
            await server.wait_for(lambda: "JOIN #other" in server.lines())
            await until(lambda: skill.state is State.JOINED and skill.client.channel == "other")
            bea.settings.set("skills.twitch.enabled", False)
            await until(lambda: skill.client is None and skill.state is State.OFF)
            await skill.stop()
            return skill.detail

    assert "switched off" in asyncio.run(go())
