"""Her Discord link against what Discord's documentation says its gateway and REST API do (the fake's docstring
cites each): RECONNECT, INVALID_SESSION resumable or not, closes 4007, 4008 and 4009, the gateway's own payload
limit, the REST buckets' X-RateLimit headers and 429s (a route's, the global one, one longer than discord.py
waits, one longer than the line lives). Through each, her state is sampled every few milliseconds against the
fake's truth (would a dispatch sent now reach her?), and no message is lost or read twice."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.skills.discord import client
from app.skills.discord.client import LineDropped, State
from tests.skills.discord.fake_discord import FakeDiscord
from tests.skills.discord.test_client import ANNA, SPEEDRUNNERS, Reader, connected
from tests.waiting import until

MESSAGES = "POST /channels/{id}/messages"
TRANSIT = 0.3        # the longest her state may differ from the fake's: a frame's way through the loop, loaded


class Truth:
    """Samples every 5 ms whether her link says READING and whether the fake would deliver a dispatch now; the
    longest run of samples where the two differ is the longest her dock was wrong."""

    def __init__(self, fake: FakeDiscord, reader: Reader) -> None:
        self.fake, self.reader = fake, reader
        self.samples: list[tuple[float, bool, bool]] = []
        self._task: asyncio.Task | None = None

    def start(self) -> Truth:
        self._task = asyncio.ensure_future(self._sample())
        return self

    async def _sample(self) -> None:
        while True:
            self.samples.append((time.monotonic(), self.reader.link.state == State.READING, self.fake.live))
            await asyncio.sleep(0.005)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def longest_lie(self) -> float:
        longest, since = 0.0, None
        for t, says, true in self.samples:
            if says != true:
                since = t if since is None else since
                longest = max(longest, t - since)
            else:
                since = None
        return longest

    def said_reading_while_not(self) -> bool:
        return any(says and not true for _t, says, true in self.samples)


async def watched(fake: FakeDiscord) -> tuple[Reader, Truth]:
    reader = await connected(fake)
    await until(lambda: fake.live, what="the session on the fake")
    return reader, Truth(fake, reader).start()


def states(reader: Reader) -> list[str]:
    """Her states in order, a run of one state once (its words may change within it)."""
    out: list[str] = []
    for state, _why in reader.states:
        if not out or out[-1] != state:
            out.append(state)
    return out


@pytest.mark.parametrize("resumable", [False, True], ids=["reconnect", "invalid-session-resumable"])
def test_reconnect_and_a_resumable_invalid_session_resume_with_no_message_lost_or_read_twice(resumable):
    """op 7, and op 9 with d true: she closes, RESUMEs on resume_gateway_url, and what was sent around it
    arrives once (a dispatch on the connection told to go is replayed by the RESUME, never read twice)."""
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader, truth = await watched(fake)
            await fake.message(ANNA, "before", 500, 900)
            await until(lambda: reader.texts() == ["before"], what="the first message")
            told = time.monotonic()
            if resumable:
                await fake.invalidate(resumable=True)
            else:
                await fake.reconnect()
            await fake.message(ANNA, "around", 500, 900)            # on the connection told to go
            await until(lambda: len(fake.resumes) == 1 and fake.live, what="resumed")
            await until(lambda: reader.link.state == State.READING, what="reading again")
            back = time.monotonic() - told
            await fake.message(ANNA, "after", 500, 900)
            await until(lambda: len(reader.texts()) >= 3, what="the third message")
            await asyncio.sleep(0.2)                                  # a duplicate would come by now
            truth.stop()
            await reader.link.stop()
            return fake, reader, truth, back

    fake, reader, truth, back = asyncio.run(go())
    assert reader.texts() == ["before", "around", "after"]
    assert len(fake.identifies) == 1 and fake.connects == ["/gateway", "/resume"]
    assert fake.resumes[0]["session_id"] == "session-1"
    assert back < 1.0 and not fake.closes                        # she closed it herself, at once
    assert states(reader) == ["connecting", "reading", "retrying", "reading", "off"]
    assert truth.longest_lie() < TRANSIT, truth.longest_lie()


def test_an_invalid_session_not_resumable_identifies_after_the_documented_random_wait(monkeypatch):
    """op 9 with d false: a random 1-5 s (here 0.3-0.6 s) before a new IDENTIFY, retrying meanwhile."""
    monkeypatch.setattr(client, "IDENTIFY_GAP", 0.05)
    monkeypatch.setattr(client, "INVALID_WAIT", (0.3, 0.6))

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader, truth = await watched(fake)
            await fake.invalidate(resumable=False)
            await until(lambda: len(fake.identifies) == 2 and fake.live, what="a new IDENTIFY")
            await fake.message(ANNA, "after", 500, 900)
            await until(lambda: reader.texts() == ["after"], what="a message in the new session")
            truth.stop()
            await reader.link.stop()
            return fake, reader, truth

    fake, reader, truth = asyncio.run(go())
    waited = fake.identified_at[1] - fake.invalidated_at
    assert 0.3 <= waited <= 0.6 + TRANSIT, waited
    assert fake.resumes == [] and fake.connects == ["/gateway", "/gateway"]
    assert states(reader) == ["connecting", "reading", "retrying", "reading", "off"]
    assert truth.longest_lie() < TRANSIT, truth.longest_lie()


@pytest.mark.parametrize("code", [4007, 4009])
def test_invalid_seq_and_session_timed_out_start_a_new_session_without_a_futile_resume(monkeypatch, code):
    """4007 and 4009: "Reconnect and start a new session": an IDENTIFY at once (the 5 s gap aside), no RESUME
    that can only be refused (and whose INVALID_SESSION would add its 1-5 s)."""
    monkeypatch.setattr(client, "IDENTIFY_GAP", 0.2)

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader, truth = await watched(fake)
            await asyncio.sleep(0.2)                 # the IDENTIFY gap has passed: only the close is measured
            await fake.close(code)
            await until(lambda: len(fake.identifies) == 2 and fake.live, what="a new IDENTIFY")
            await until(lambda: reader.link.state == State.READING, what="reading again")
            await fake.message(ANNA, "after", 500, 900)
            await until(lambda: reader.texts() == ["after"], what="a message in the new session")
            sent = await reader.link.send(500, "hello again")
            truth.stop()
            await reader.link.stop()
            return fake, reader, truth, sent

    fake, reader, truth, sent = asyncio.run(go())
    assert fake.resumes == [] and fake.connects == ["/gateway", "/gateway"]
    assert fake.identified_at[1] - fake.closes[0][1] < TRANSIT
    assert len(sent) == 1 and fake.sent[-1]["content"] == "hello again"
    retrying = [why for state, why in reader.states if state == State.RETRYING]
    assert any(f"Discord ended the session ({code}" in why for why in retrying)
    assert states(reader) == ["connecting", "reading", "retrying", "reading", "off"]
    assert truth.longest_lie() < TRANSIT, truth.longest_lie()


def test_past_the_gateways_payload_limit_4008_she_backs_off_then_resumes():
    """The fake closes 4008 past its limit (here 4 payloads a minute: IDENTIFY and three heartbeats); she waits
    her backoff before the next connection (discord.py reconnects at once), then RESUMEs, and what was
    dispatched meanwhile arrives once."""
    async def go():
        async with FakeDiscord([SPEEDRUNNERS], heartbeat_ms=100, gateway_limit=(4, 60.0)) as fake:
            reader = Reader(fake)
            reader.link.backoff_base, reader.link.backoff_cap = 0.4, 2.0
            reader.link.start()
            truth = Truth(fake, reader).start()
            await until(lambda: fake.closes, what="the 4008 close")
            fake.gateway_limit = (120, 60.0)                          # no second offence
            await fake.message(ANNA, "while away", 500, 900)
            await until(lambda: len(fake.resumes) == 1 and reader.link.state == State.READING, what="resumed")
            await until(lambda: reader.texts() == ["while away"], what="the missed message")
            await asyncio.sleep(0.2)
            truth.stop()
            await reader.link.stop()
            return fake, reader, truth

    fake, reader, truth = asyncio.run(go())
    assert [code for code, _t in fake.closes] == [4008]
    waited = fake.connected_at[1] - fake.closes[0][1]
    assert 0.2 <= waited < 0.4 + TRANSIT, waited                  # the first step: 0.2-0.4 s with its jitter
    assert len(fake.identifies) == 1 and fake.connects == ["/gateway", "/resume"]
    assert reader.texts() == ["while away"]
    retrying = [why for state, why in reader.states if state == State.RETRYING]
    assert any("sent too fast (4008)" in why for why in retrying)
    assert not truth.said_reading_while_not() or truth.longest_lie() < TRANSIT


def test_sends_keep_to_the_buckets_the_rate_limit_headers_describe():
    """2 messages a channel per 0.5 s: discord.py reads X-RateLimit-Remaining and -Reset-After and waits an
    empty bucket out before asking, so Discord never has to say 429; a second channel is its own bucket."""
    async def go():
        async with FakeDiscord([SPEEDRUNNERS], rest_limit=(2, 0.5)) as fake:
            reader = await connected(fake)
            began = time.monotonic()
            for n in range(5):
                await reader.link.send(500, f"line {n}")
            took = time.monotonic() - began
            began = time.monotonic()
            await reader.link.send(501, "elsewhere")
            other = time.monotonic() - began
            await reader.link.stop()
            return fake, took, other

    fake, took, other = asyncio.run(go())
    assert fake.limited == []                                       # never a 429
    assert [m["content"] for m in fake.sent] == [f"line {n}" for n in range(5)] + ["elsewhere"]
    assert took >= 2 * 0.5 - 0.1, took                              # 5 messages: two waits for the bucket
    assert other < 0.3, other


def test_a_routes_429_and_the_global_one_are_waited_out_and_each_line_sent_once():
    """A route's 429 holds that line for its retry_after; the global one ("global": true) holds every request
    until it is over; each line is created once."""
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = await connected(fake)
            fake.too_many(MESSAGES, 0.5)
            await reader.link.send(500, "patience")
            fake.too_many(MESSAGES, 0.6, global_=True)
            line = asyncio.ensure_future(reader.link.send(500, "all of us wait"))
            await until(lambda: len(fake.limited) == 2, what="the global 429")
            limited_at = time.monotonic()
            await reader.link.typing(501)                             # another route, held all the same
            typed_after = time.monotonic() - limited_at
            await line
            await reader.link.stop()
            return fake, typed_after

    fake, typed_after = asyncio.run(go())
    assert fake.limited == [(MESSAGES, 0.5, False), (MESSAGES, 0.6, True)]
    assert [m["content"] for m in fake.sent] == ["patience", "all of us wait"]
    posts = [t for method, path, t in fake.calls if method == "POST" and path == "/channels/500/messages"]
    assert len(posts) == 4 and posts[1] - posts[0] >= 0.5 and posts[3] - posts[2] >= 0.6
    assert typed_after >= 0.6 - 0.1 and fake.typing == ["501"]


def test_a_wait_longer_than_discordpy_takes_is_waited_within_the_lines_life_and_dropped_past_it():
    """discord.py refuses a 429 longer than its max_ratelimit_timeout (30 s at least; 0.3 s here): she waits it
    herself while the line lives (2 s here), and past that the line is dropped, nothing of it sent."""
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = Reader(fake)
            reader.link.line_life = 2.0
            reader.link.start()
            await until(lambda: reader.link.state == State.READING, what="READY")
            reader.link.client.http.max_ratelimit_timeout = 0.3     # discord.py's floor (30 s), on a test's rhythm
            fake.too_many(MESSAGES, 0.8)
            await reader.link.send(500, "late but sent")
            fake.too_many(MESSAGES, 5.0)
            began = time.monotonic()
            with pytest.raises(LineDropped) as dropped:
                await reader.link.send(500, "too late to matter")
            gave_up = time.monotonic() - began
            await reader.link.stop()
            return fake, dropped.value, gave_up

    fake, dropped, gave_up = asyncio.run(go())
    assert [m["content"] for m in fake.sent] == ["late but sent"]
    posts = [t for method, path, t in fake.calls if method == "POST" and path == "/channels/500/messages"]
    assert len(posts) == 3 and posts[1] - posts[0] >= 0.8
    assert dropped.unsent == "too late to matter" and dropped.sent == [] and dropped.wait == 5.0
    assert gave_up < 0.5                                            # said at once, not after waiting in vain
