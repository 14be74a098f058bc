"""The Telegram poller against a fake Bot API on loopback: offsets confirm what was read, the long poll holds,
429 waits what Telegram says, 409 and 401 become sentences, a voice note downloads, sends go out, and privacy
mode refuses Telegram before any request. Her sends keep Telegram's limits (the fake throttles by itself when
they are broken), wait out a 429 within the line's life and drop only what would outlive it, and go to the
forum topic and the @username they are meant for."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.core.telegram_pace import CHAT, GROUP, Limit, Pacer
from app.senses.netgate import NetworkGate
from app.skills.telegram.client import CONFLICT, LineDropped, State, TelegramBot
from tests.skills.telegram.fake_bot_api import TOKEN, FakeBotApi, group, private, user
from tests.skills.telegram.voice_note import speech_ogg
from tests.waiting import until

ANNA = user(42, "Anna", "anna_b")


class Reader:
    """A bot client and everything it handed on."""

    def __init__(self, api: FakeBotApi, token: str = TOKEN, poll_timeout: int = 5, gate=None, **options) -> None:
        self.batches: list[list[dict]] = []
        self.states: list[tuple[str, str]] = []
        self.bot = TelegramBot(gate or NetworkGate(lambda: False), lambda: token, self._read,
                               on_state=lambda s, w: self.states.append((s, w)), base_url=api.base_url,
                               base_file_url=api.base_file_url, poll_timeout=poll_timeout, backoff_base=0.05,
                               backoff_cap=0.2, **options)

    async def _read(self, batch: list[dict]) -> None:
        self.batches.append(batch)

    def texts(self) -> list[str]:
        return [u["message"].get("text", "") for batch in self.batches for u in batch]


def test_offsets_confirm_what_was_read_and_nothing_is_read_twice():
    async def go():
        async with FakeBotApi() as api:
            first = api.message(private(ANNA), ANNA, "one")
            api.message(private(ANNA), ANNA, "two")
            reader = Reader(api)
            reader.bot.start()
            await until(lambda: len(reader.texts()) == 2, what="the first batch")
            api.message(private(ANNA), ANNA, "three")
            await until(lambda: len(reader.texts()) == 3, what="the third message")
            await reader.bot.stop()             # confirms "three" on the way out
            offsets = [int(p.get("offset") or 0) for name, p in api.calls if name == "getUpdates"]
            again = Reader(api)
            again.bot.start()
            api.message(private(ANNA), ANNA, "four")
            await until(lambda: again.texts(), what="the message after a restart")
            await again.bot.stop()
            return reader, again, offsets, first, api.queue

    reader, again, offsets, first, queue = asyncio.run(go())
    assert reader.texts() == ["one", "two", "three"] and again.texts() == ["four"]
    assert offsets[0] == 0 and offsets[1] == first + 2 and offsets[-1] == first + 3
    assert queue == []                                          # everything confirmed
    assert reader.bot.me == {"id": 7000000001, "username": "bea_cohost_bot", "first_name": "Bea"}
    assert [s for s, _ in reader.states] == ["connecting", "reading", "off"]


def test_the_long_poll_holds_until_a_message_arrives():
    async def go():
        async with FakeBotApi() as api:
            reader = Reader(api, poll_timeout=30)
            reader.bot.start()
            await until(lambda: "getUpdates" in api.methods(), what="the first poll")
            await asyncio.sleep(1.0)
            polls_while_quiet = api.methods().count("getUpdates")
            sent = time.monotonic()
            api.message(private(ANNA), ANNA, "are you there?")
            await until(lambda: reader.texts(), what="the message")
            delay = time.monotonic() - sent
            await reader.bot.stop()
            return reader, polls_while_quiet, delay

    reader, polls, delay = asyncio.run(go())
    assert polls == 1                          # one request held for a whole second of silence
    assert reader.texts() == ["are you there?"]
    assert delay < 10                          # answered on arrival, long before the 30 s timeout


def test_429_waits_what_telegram_says():
    async def go():
        async with FakeBotApi() as api:
            api.too_many("getUpdates", 1)
            api.message(private(ANNA), ANNA, "hello")
            reader = Reader(api)
            reader.bot.start()
            await until(lambda: reader.texts(), what="the message after the pause")
            await reader.bot.stop()
            return reader

    reader = asyncio.run(go())
    assert ("waiting", "Telegram asked her to wait 1 s (too many requests)") in reader.states
    assert reader.texts() == ["hello"]


def test_409_says_another_program_reads_the_updates():
    async def go():
        async with FakeBotApi() as api:
            # one-second polls: each step below waits for the poll under way to end
            reader = Reader(api, poll_timeout=1)
            reader.bot.start()
            await until(lambda: "getUpdates" in api.methods(), what="her poll")
            other = Reader(api, poll_timeout=1)                 # a second Bea on the same bot
            other.bot.start()
            await until(lambda: reader.bot.state == State.CONFLICT or other.bot.state == State.CONFLICT,
                        what="a conflict")
            await other.bot.stop()
            await until(lambda: reader.bot.state == State.READING, what="her reading again alone")
            api.webhook = True
            await until(lambda: reader.bot.state == State.CONFLICT, what="the webhook's conflict")
            why = reader.bot.why
            api.webhook = False
            await until(lambda: reader.bot.state == State.READING, what="reading again")
            api.message(private(ANNA), ANNA, "still here")
            await until(lambda: reader.texts(), what="a message after the conflicts")
            await reader.bot.stop()
            return why, api.conflicts

    why, conflicts = asyncio.run(go())
    assert conflicts >= 1 and why.startswith(CONFLICT + "; trying again in ")


def test_a_refused_token_stops_with_a_sentence_that_does_not_hold_it():
    wrong = "7000000001:AAE-this-is-not-the-bots-token"

    async def go():
        async with FakeBotApi() as api:
            reader = Reader(api, token=wrong)
            reader.bot.start()
            await until(lambda: reader.bot.state == State.AUTH_FAILED, what="the refusal")
            await asyncio.sleep(0.2)
            calls = api.methods()
            await reader.bot.stop()
            missing = Reader(api, token="")
            missing.bot.start()
            await until(lambda: missing.bot.state == State.NO_TOKEN, what="no token")
            return reader, calls, missing.bot.why

    reader, calls, no_token = asyncio.run(go())
    assert calls == []                          # refused before any method ran: the fake answers 401 at the door
    why = next(w for s, w in reader.states if s == State.AUTH_FAILED)
    assert why == "the bot token was refused: Unauthorized (Settings → Telegram)"
    assert wrong not in " ".join(w for _, w in reader.states)
    assert no_token == "no Telegram bot token is set (Settings → Telegram)"


def test_sending_typing_and_a_voice_note():
    ogg, seconds = speech_ogg()

    async def go():
        async with FakeBotApi() as api:
            api.voice(private(ANNA), ANNA, ogg, seconds)
            reader = Reader(api)
            reader.bot.start()
            await until(lambda: reader.batches, what="the voice note")
            voice = reader.batches[0][0]["message"]["voice"]
            data = await reader.bot.voice(voice["file_id"])
            await reader.bot.typing(42)
            ids = await reader.bot.send(42, "ciao Anna! " + "ancora " * 700, reply_to=7)
            await reader.bot.stop()
            return api, data, ids, voice

    api, data, ids, voice = asyncio.run(go())
    assert data == ogg and voice["duration"] == 11 and api.downloads == [f"voice/{voice['file_id']}.oga"]
    assert api.actions == [(42, "typing")]
    assert len(ids) == 2 and [m["message_id"] for m in api.sent] == ids        # cut at 4096 characters
    assert all(len(m["text"]) <= 4096 for m in api.sent) and api.sent[0]["reply_to_message"]["message_id"] == 7
    assert "reply_to_message" not in api.sent[1]


def test_privacy_mode_refuses_telegram():
    gate = NetworkGate(lambda: True, resolve=lambda host, port: ["149.154.167.220"])
    states: list[tuple[str, str]] = []

    async def nothing(_batch):
        return None

    async def go():
        bot = TelegramBot(gate, lambda: TOKEN, nothing, on_state=lambda s, w: states.append((s, w)))
        bot.start()
        await until(lambda: bot.state == State.REFUSED, what="the refusal")
        await bot.stop()

    asyncio.run(go())
    why = next(w for s, w in states if s == State.REFUSED)
    assert not why.startswith("Telegram") and "privacy" in why.lower() and TOKEN not in why


FORUM = group(-1009876543210, "Night Owls", username="Night_Owls", forum=True)


async def started(reader: Reader) -> None:
    reader.bot.start()
    await until(lambda: reader.bot.state == State.READING, what="her reading")


def test_a_429_on_a_send_is_waited_out_and_nothing_is_lost():
    async def go():
        async with FakeBotApi() as api:
            reader = Reader(api)
            await started(reader)
            api.too_many("sendMessage", 1)
            api.too_many("sendChatAction", 2)
            await reader.bot.typing(42)                     # its 429 holds the chat...
            await reader.bot.typing(42)                     # ...so this one is not even asked
            began = time.monotonic()
            ids = await reader.bot.send(42, "ciao " + "ancora " * 700)
            took = time.monotonic() - began
            await reader.bot.stop()
            return api, ids, took

    api, ids, took = asyncio.run(go())
    assert api.methods().count("sendChatAction") == 1 and api.actions == []
    assert [m["message_id"] for m in api.sent] == ids and len(ids) == 2            # both pieces, once each
    assert api.methods().count("sendMessage") == 3                                 # one 429, then both
    # the chat's hold (2 s, typing's 429), the first piece's own 429 (1 s), a second before the next piece
    assert 3.9 <= took < 5.5


def test_a_line_that_would_outlive_its_life_is_dropped_and_says_what():
    async def go():
        async with FakeBotApi() as api:
            reader = Reader(api, line_life=2.0)
            await started(reader)
            api.too_many("sendMessage", 30)
            began = time.monotonic()
            with pytest.raises(LineDropped) as dropped:
                await reader.bot.send(42, "a line that came too late")
            took = time.monotonic() - began
            await reader.bot.stop()
            return api, dropped.value, took

    api, dropped, took = asyncio.run(go())
    assert dropped.unsent == "a line that came too late" and dropped.sent == [] and dropped.life == 2.0
    assert 29 <= dropped.wait <= 30 and took < 1.0           # not waited for: it could not be sent in time anyway
    assert api.sent == [] and api.methods().count("sendMessage") == 1


def test_her_pace_keeps_telegrams_limits_which_the_fake_enforces_by_itself():
    """The fake answers 429 past the Bots FAQ's limits (scaled down here to a test's seconds: one a 0.2 s in a
    chat, four a 1.5 s in a group). Unpaced, a burst is throttled; paced, none is, and every line goes."""
    fake_limits = (("chat", 0.2, 1), ("group", 1.5, 4), ("bot", 1.0, 30))
    paced = Pacer((Limit(CHAT, 0.2, 1), Limit(GROUP, 1.5, 4), Limit("bot", 1.0, 30)))

    async def burst(pacer):
        async with FakeBotApi(limits=fake_limits) as api:
            reader = Reader(api, pacer=pacer)
            await started(reader)
            began = time.monotonic()
            sends = [reader.bot.send(FORUM["id"], f"line {n}") for n in range(6)]
            sends += [reader.bot.send(42, f"private {n}") for n in range(2)]
            await asyncio.gather(*sends)
            took = time.monotonic() - began
            await reader.bot.stop()
            return api, took

    api, took = asyncio.run(burst(paced))
    assert api.throttled == [] and len(api.sent) == 8
    assert 1.5 <= took < 4.0                                # the fifth group line waited for the first's window
    unpaced, _took = asyncio.run(burst(Pacer(())))
    assert unpaced.throttled and len(unpaced.sent) == 8     # throttled by the fake, every line still went


def test_a_forum_topic_and_an_at_username_are_where_her_answer_goes():
    async def go():
        async with FakeBotApi() as api:
            thread = api.topic(FORUM, "Boss fights", ANNA)
            api.message(FORUM, ANNA, "in the topic", thread=thread)
            reader = Reader(api)
            await started(reader)
            await until(lambda: len(reader.batches) >= 1, what="the topic's messages")
            await reader.bot.typing("@night_owls", thread)
            ids = await reader.bot.send("@night_owls", "boss at nine " + "ancora " * 700, reply_to=7, thread=thread)
            errors = []
            for chat, where in (("@nobody_here", None), (FORUM["id"], 999), (42, thread)):
                try:
                    await reader.bot.send(chat, "nowhere", thread=where)
                except Exception as exc:
                    errors.append(str(exc))
            await reader.bot.stop()
            return api, thread, ids, errors

    api, thread, ids, errors = asyncio.run(go())
    assert len(ids) == 2 and all(m["message_thread_id"] == thread and m["is_topic_message"] for m in api.sent)
    assert all(m["chat"]["id"] == FORUM["id"] for m in api.sent)
    assert api.actions == [(FORUM["id"], "typing")] and api.action_threads == [thread]
    assert errors == ["Chat not found", "Message thread not found", "Message thread not found"]


def test_a_long_poll_that_outlives_its_timeout_is_not_answering_then_asked_again():
    """Rule 7: a getUpdates held past its timeout and the margin is a hung Telegram: said, then asked again;
    what it held comes on the next poll."""
    async def go():
        async with FakeBotApi() as api:
            reader = Reader(api, poll_timeout=1)
            reader.bot.poll_margin = 0.3
            reader.bot.start()
            await until(lambda: reader.bot.state == State.READING, what="reading")
            api.hang()
            began = time.monotonic()
            await until(lambda: State.HUNG in [s for s, _ in reader.states], timeout=3, what="not answering")
            noticed = time.monotonic() - began
            api.message(private(ANNA), ANNA, "still there?")
            api.answer()
            await until(lambda: reader.texts() == ["still there?"], timeout=5, what="read again")
            await until(lambda: reader.bot.state == State.READING, what="reading again")
            await reader.bot.stop()
            return reader, noticed

    reader, noticed = asyncio.run(go())
    assert noticed <= 1 + 0.3 + 0.3                       # the poll's timeout, the margin, the test's slack
    hung = [w for s, w in reader.states if s == State.HUNG]
    assert hung[0].startswith("Telegram did not answer its 1 s long poll in 1.3 s; trying again in")
