"""The Discord skill in the real app against a fake Discord: she reads only what is allowed (and says what she
ignored and why), her lines are written conversations answered with a typing indicator first, her tools reply
and react while she is connected, and a refused token or privacy mode is a problem line on the Chat dock."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.core.events import EventKind
from app.core.perception import Meta
from app.skills.discord.client import State
from tests.skills.discord.fake_discord import BEA, TOKEN, FakeDiscord, guild, user
from tests.waiting import until

ANNA = user(42, "anna.b", "Anna B")
BO = user(77, "bo")
EVE = user(66, "eve")
SPEEDRUNNERS = guild(900, "Speedrunners", {500: "general", 501: "off-topic"})
HER = f"<@{BEA['id']}>"


async def connected(bea, fake: FakeDiscord, token: str = TOKEN):
    skill = bea.skills["discord"]
    skill.client_options = {"backoff_base": 0.05, "backoff_cap": 0.2}
    bea.settings.set("skills.discord.api_base", fake.api_base)
    bea.settings.set("skills.discord.gateway", fake.gateway_url)
    bea.settings.set("skills.discord.allowed_channels", ["500"])
    bea.settings.set("skills.discord.allowed_users", ["@Anna.B"])
    assert skill.save_token(token) == ""
    await until(lambda: skill.client is not None and skill.client.state not in (State.OFF, State.CONNECTING),
                what="the bot's first answer")
    return skill


def test_she_reads_the_allowed_and_answers_in_writing(bea, qtbot):
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            skill = await connected(bea, fake)
            await fake.message(ANNA, f"{HER} what's the plan tonight?", 500, 900, mentions=[BEA])
            await fake.message(BO, "just chatting among us", 500, 900)
            await fake.message(BO, f"{HER} over here", 501, 900, mentions=[BEA])
            await fake.message(ANNA, "ciao Bea, come stai?", 4242)                  # a DM (no guild)
            await fake.message(EVE, "let me in", 6666)
            await until(lambda: len(bea.mind.bus.pending()) == 2, what="two lines she reads")
            await until(lambda: sum(1 for line in skill.log if line.kind == "ignored") == 2, what="two ignored")
            pending = bea.mind.bus.pending()
            bea.mind.outlets.deliver("discord", "500", "A boss fight at nine!")
            bea.mind.outlets.deliver("discord", "4242", "Benissimo, grazie!")
            bea.mind.outlets.deliver("discord", "501", "to a channel she never read")
            await until(lambda: len(fake.sent) == 2, what="her answers")
            await asyncio.sleep(0.3)
            await skill.stop()                      # the tallies are written on the way out
            roster = skill.ctx.people().roster_page("last_seen", 10)
            return skill, fake, pending, roster

    skill, fake, pending, roster = asyncio.run(go())
    assert [(r.identity, r.display_name, r.messages) for r in roster] == [("discord:42", "Anna B", 2)]
    mention, dm = pending
    assert mention.content == "[Anna B] @Bea what's the plan tonight?" and mention.author.identity == "discord:42"
    assert mention.conversation_key == "discord:500" and mention.written and mention.addressed
    assert mention.place == "the channel #general on Speedrunners" and Meta.DM not in mention.meta
    assert mention.destination == ("discord", "500")
    assert mention.meta[Meta.TALLIED] is True and dm.meta[Meta.TALLIED] is True       # counted for People
    assert dm.conversation_key == "discord:4242" and dm.meta[Meta.DM] is True
    assert dm.place == "a direct message with Anna B" and dm.meta[Meta.TEXT] == "ciao Bea, come stai?"
    # typing first, then the line, in each conversation
    for channel in ("500", "4242"):
        calls = [path for method, path, _ in fake.calls if path.startswith(f"/channels/{channel}/")]
        assert calls == [f"/channels/{channel}/typing", f"/channels/{channel}/messages"]
    assert {m["channel_id"]: m["content"] for m in fake.sent} == {"500": "A boss fight at nine!",
                                                                  "4242": "Benissimo, grazie!"}
    errors = [e.text for e in bea.bus.recent([EventKind.ERROR])]
    assert any("she has no Discord conversation '501'" in e for e in errors)
    ignored = [line.text for line in skill.log if line.kind == "ignored"]
    assert ignored == ["a message to her in the channel #off-topic on Speedrunners (channel id 501), which is not "
                       "on the allow-list",
                       "a direct message from eve (@eve, id 66), who is not on the allow-list"]
    assert not any("among us" in line.text or "let me in" in line.text for line in skill.log)

    from app.skills.discord.dock import make_dock, state_html
    dock = make_dock(skill)
    qtbot.addWidget(dock)
    shown = dock.chat.toPlainText()
    assert "Anna B: @Bea what's the plan tonight?" in shown and "Bea: Benissimo, grazie!" in shown
    assert "ignored: a direct message from eve" in shown
    assert "#general on Speedrunners" in dock.talks.text() and "Off" in dock.state.text()     # stopped
    assert "Connected as @bea" in state_html(State.READING, "", "@bea")


def test_her_tools_reply_and_react_while_connected(bea):
    skill = bea.skills["discord"]
    assert skill.tools() == [] and skill.context_section() == ""

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            await connected(bea, fake)
            names = [t.name for t in skill.tools()]
            mid = await fake.message(ANNA, f"{HER} did you see that?", 500, 900, mentions=[BEA])
            await until(lambda: bea.mind.bus.pending(), what="the line")
            tools = {t.name: t.handler for t in skill.tools()}
            said = [await tools["discord_react"](message_id=mid, emoji="🦉"),
                    await tools["discord_reply"](message_id=mid, text="I did!"),
                    await tools["discord_reply"](message_id="123", text="to nothing"),
                    await tools["discord_dm"](user="66", text="hi Eve"),
                    await tools["discord_reply"](message_id=mid, text="what the fuck, Anna"),   # on air: masked
                    await tools["discord_reply"](message_id=mid, text="kill yourself")]         # and not sent
            await skill.stop()
            return fake, names, said, mid

    fake, names, said, mid = asyncio.run(go())
    assert names == ["discord_reply", "discord_react", "discord_dm"]
    assert said[:2] == ["Reacted 🦉.", "Replied on Discord."]
    assert said[2].startswith("ERROR: '123' is not a Discord message you read")
    assert said[3].startswith("ERROR: you may write directly only to the people allowed by user id")
    assert fake.reactions == [("500", mid, "🦉")]
    assert said[4] == "Replied on Discord." and said[5].startswith("ERROR: not sent: that message held words")
    assert [(m["content"], m["message_reference"]["message_id"]) for m in fake.sent] == [
        ("I did!", int(mid)), ("what the f***, Anna", int(mid))]
    assert skill.tools() == []


def test_a_refused_token_is_a_problem_line_that_never_shows_the_token(bea):
    wrong = "MTAwMDAwMDAwMDAwMDAwMDAw.Wrong.not-the-token-discord-knows"

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            skill = await connected(bea, fake, token=wrong)
            await until(lambda: skill.status[0] == State.AUTH_FAILED, what="the refusal")
            await skill.stop()
            return skill

    skill = asyncio.run(go())
    error = [e for e in bea.bus.recent([EventKind.ERROR]) if e.source == "discord"][-1]
    assert error.text.startswith("Discord: Discord refused the bot token (Settings → Discord")
    assert error.data["setting"] == "skills.discord" and error.data["problem"] == "discord"
    assert all(wrong not in e.text for e in bea.bus.recent()) and all(wrong not in line.text for line in skill.log)
    assert bea.settings.current.skills.discord.model_dump_json().find(wrong) == -1


def test_privacy_mode_refuses_discord(bea):
    async def go():
        bea.settings.set("privacy.enabled", True)
        skill = bea.skills["discord"]
        assert skill.save_token(TOKEN) == ""
        await until(lambda: skill.status[0] == State.REFUSED, what="the refusal")
        why = skill.status[1]
        await skill.stop()
        return why

    why = asyncio.run(go())
    assert "privacy" in why.lower()
    assert any(e.source == "discord" and e.data.get("problem") == "discord" and e.data["setting"] == "skills.discord"
               for e in bea.bus.recent([EventKind.ERROR]))


def test_the_allow_lists_are_checked_when_set(bea):
    with pytest.raises(Exception, match="is not a channel id"):
        bea.settings.set("skills.discord.allowed_channels", ["general"])
    bea.settings.set("skills.discord.allowed_channels", [" #500 ", "500", ""])
    bea.settings.set("skills.discord.allowed_users", [" @Anna.B ", "anna.b", "", "42"])
    assert bea.settings.current.skills.discord.allowed_channels == ["500"]
    assert bea.settings.current.skills.discord.allowed_users == ["anna.b", "42"]


def test_the_settings_page_keeps_the_token_out_of_sight(bea, qtbot):
    from app.skills.discord.settings import make_page
    from app.widgets.qt import QLineEdit

    skill = bea.skills["discord"]
    page = make_page(skill, "skills.discord", bea.settings.current.skills.discord)
    qtbot.addWidget(page)
    edit = page.secret.edit
    assert edit.echoMode() == QLineEdit.EchoMode.Password
    assert page.status.text() == "No bot token is kept: Discord stays off until you save one here."
    edit.setText(f" {TOKEN} ")
    page.secret.save_button.click()
    assert skill.token.get() == TOKEN and edit.text() == "" and page.secret.forget_button.isEnabled()
    assert TOKEN not in str(bea.settings.current.model_dump(mode="json"))
    page.secret.forget_button.click()
    assert skill.token.get() == ""


def test_a_mention_during_a_stream_is_answered_in_the_channel_never_out_loud(bea):
    """The whole path in the real app: the mention becomes her turn's frame (where she is, named from code), her
    send_message goes to the channel with typing first, and nothing is spoken."""
    from tests.fakes import FakeLLMClient, call, uses

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            skill = await connected(bea, fake)
            bea.mind.start()
            mind = bea.mind.consciousness
            mind.llm = FakeLLMClient([uses(call("send_message", platform="discord", channel="500",
                                                text="Chess at nine, then speedruns!"))])
            await fake.message(ANNA, f"{HER} what's on tonight?", 500, 900, mentions=[BEA])
            await until(lambda: bea.mind.bus.pending(), what="the mention")
            record = await mind.turn(bea.mind.bus.pending())
            await until(lambda: fake.sent, what="her line in the channel")
            llm = mind.llm
            await bea.mind.stop()
            await skill.stop()
            return fake, record, llm

    fake, record, llm = asyncio.run(go())
    frame = llm.user_texts(0)
    assert "[WHERE YOU ARE]" in frame and "the channel #general on Speedrunners" in frame
    assert "discord" in frame and "@Bea what's on tonight?" in frame
    assert [m["content"] for m in fake.sent] == ["Chess at nine, then speedruns!"]
    calls = [path for method, path, _ in fake.calls if path.startswith("/channels/500/")]
    assert calls == ["/channels/500/typing", "/channels/500/messages"]
    assert record.outcome == "wrote" and record.scoped and record.moods == []


def test_what_a_moderator_removes_never_reaches_her(bea):
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            skill = await connected(bea, fake)
            deleted = await fake.message(ANNA, f"{HER} something awful", 500, 900, mentions=[BEA])
            await fake.message(BO, f"{HER} me too", 500, 900, mentions=[BEA])
            await fake.message(EVE, f"{HER} still here", 500, 900, mentions=[BEA])
            await until(lambda: len(bea.mind.bus.pending()) == 3, what="three lines waiting")
            await fake.dispatch("MESSAGE_DELETE", {"id": deleted, "channel_id": "500", "guild_id": "900"})
            await fake.dispatch("GUILD_BAN_ADD", {"guild_id": "900", "user": BO})
            await fake.dispatch("MESSAGE_DELETE", {"id": "1", "channel_id": "500", "guild_id": "900"})  # not hers
            await until(lambda: len(bea.mind.bus.pending()) == 1, what="two lines taken back")
            left = bea.mind.bus.pending()
            reply = await skill.reply(message_id=deleted, text="about that")
            await skill.stop()
            return skill, left, reply

    skill, left, reply = asyncio.run(go())
    assert [p.author.identity for p in left] == ["discord:66"]
    struck = [(line.identity, line.removed) for line in skill.log if line.kind == "chat"]
    assert struck == [("discord:42", True), ("discord:77", True), ("discord:66", False)]
    assert reply.startswith("ERROR:")                          # a deleted line cannot be answered
    said = [e.text for e in bea.bus.recent([EventKind.SYSTEM]) if e.source == "discord"]
    assert "a moderator deleted a Discord message before she read it" in said
    assert "a moderator banned bo on Discord: 1 waiting line(s) taken back" in said


def test_a_zombied_gateway_withdraws_her_tools_says_so_once_and_resolves_on_resume(bea):
    async def go():
        async with FakeDiscord([SPEEDRUNNERS], heartbeat_ms=300) as fake:
            skill = await connected(bea, fake)
            await until(lambda: skill.connected and fake.acks >= 2, what="reading, heartbeats acknowledged")
            assert skill.tools()
            seen = []
            skill.on_change(lambda: seen.append((skill.status[0], skill.tools())))
            fake.go_silent()
            await until(lambda: (State.HUNG, []) in seen, timeout=3, what="not answering, no tools")
            await until(lambda: skill.connected, timeout=5, what="resumed")
            assert skill.tools()
            await skill.stop()

    asyncio.run(go())
    errors = [e for e in bea.bus.recent([EventKind.ERROR]) if e.source == "discord"]
    assert len(errors) == 1 and errors[0].text.startswith("Discord is not answering: Discord did not acknowledge")
    assert errors[0].data["problem"] == "discord" and errors[0].data["words"].startswith("{title} is not answering")
    assert any(e.data.get("resolved") == "discord" for e in bea.bus.recent([EventKind.SYSTEM]))


def test_her_dock_says_the_truth_through_a_reconnect_and_her_line_goes_out_while_she_is_away(bea):
    """The dock's state sampled every 5 ms through a RECONNECT and a 4008 close (with its backoff) agrees with
    the fake's truth but for a frame's transit; a line she meant while the gateway was away goes out by REST."""
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            skill = await connected(bea, fake)
            skill.client.backoff_base = skill.client.backoff_cap = 3.0   # a 4008 waits 1.5-3 s: time to write
            await until(lambda: skill.connected and fake.live, what="reading")
            samples = []

            async def sample():
                while True:
                    samples.append((time.monotonic(), skill.status[0] == State.READING, fake.live))
                    await asyncio.sleep(0.005)
            sampler = asyncio.ensure_future(sample())
            await fake.message(ANNA, f"{HER} still there?", 500, 900, mentions=[BEA])
            await until(lambda: bea.mind.bus.pending(), what="her line to answer")
            await fake.reconnect()
            await until(lambda: len(fake.resumes) == 1 and skill.connected, what="resumed")
            await fake.close(4008)
            await until(lambda: skill.status[0] == State.RETRYING, what="retrying")
            bea.mind.outlets.deliver("discord", "500", "Still here!")
            await until(lambda: fake.sent, timeout=5, what="her line, by REST")
            sent_while_away = not fake.live and len(fake.connects) == 2
            await until(lambda: len(fake.resumes) == 2 and skill.connected, timeout=5, what="resumed again")
            sampler.cancel()
            await skill.stop()
            return fake, samples, sent_while_away

    fake, samples, sent_while_away = asyncio.run(go())
    assert sent_while_away and [m["content"] for m in fake.sent] == ["Still here!"]
    longest, since = 0.0, None
    for t, says, true in samples:
        since = (t if since is None else since) if says != true else None
        longest = max(longest, t - since) if since is not None else longest
    assert longest < 0.3, longest
    assert fake.connects == ["/gateway", "/resume", "/resume"] and len(fake.identifies) == 1


def test_a_line_discords_waits_outlived_is_said_in_the_dock(bea, qtbot):
    from app.skills.discord.dock import make_dock
    from app.skills.platform.chat_ring import DROPPED
    from tests.skills.dropped_line import assert_said_dropped

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            skill = await connected(bea, fake)
            skill.client.line_life = 1.0
            await until(lambda: skill.connected, what="reading")
            skill.client.client.http.max_ratelimit_timeout = 0.3     # discord.py's floor (30 s), on a test's rhythm
            await fake.message(ANNA, f"{HER} ciao!", 500, 900, mentions=[BEA])
            await until(lambda: bea.mind.bus.pending(), what="her line to answer")
            fake.too_many("POST /channels/{id}/messages", 20.0)
            bea.mind.outlets.deliver("discord", "500", "Ciao Anna, che bello sentirti!")
            await until(lambda: any(line.kind == DROPPED for line in skill.log), what="the dropped line")
            await until(lambda: bea.bus.recent([EventKind.ERROR]), what="the Chat dock's problem")
            await skill.stop()
            return skill, fake

    skill, fake = asyncio.run(go())
    assert fake.sent == []
    assert_said_dropped(bea, qtbot, skill, make_dock, "discord", "500",
                        "Not sent to the channel #general on Speedrunners: Discord asked her to wait 20 s, longer "
                        "than a line stays worth sending (1 s). Unsent: Ciao Anna, che bello sentirti!")
