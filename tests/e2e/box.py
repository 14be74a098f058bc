"""The stream in a box: the app as `python -m app --headless` composes it (app.cli.headless.serve), on a fresh data
folder, driven for hours of virtual time by real peers on 127.0.0.1.

Peers: the fake Twitch IRC server replaying the real #ubuntu logs (one stable user id per nick), the fake OBS
(Go live / End stream are its stream output starting and stopping), donations through the local API's JSON
webhook and the fake Streamlabs socket, the fake Telegram Bot API (a viewer writes to her bot in private), the
fake Discord (tests/skills/discord/fake_discord.py: a viewer mentions her in an allow-listed channel), and
the scripted OpenAI-compatible server (llm_peer) set in Settings → Mind as a user would (an `ollama:` model at a
base URL). The run, on the virtual clock (clock.py):
1. A first start configures the app (settings, secrets) and closes; the streamer's evening starts.
2. Session 1 (OBS goes live): chat for two thirds of the chat hours; in hour 1 a chatter tells a fact; a
   donation arrives through the webhook and one through Streamlabs; halfway, the app is closed and built
   again on the same folder (the chat waits for her to rejoin), now with her ears and voice on speech servers
   (wyoming-faster-whisper and wyoming-piper, started on loopback as a second PC would run them, listed in
   Settings → Voice); OBS stops streaming: End stream.
3. The night: the dream hour comes, she dreams session 1.
4. Session 2: the last third of the chat; a question in Telegram, answered there in writing and never out
   loud; a mention in Discord, answered in its channel the same way; a question about the fact, worded apart
   from it; a raid of hostile lines the script falls for; a flood of FLOOD_LINES lines from as many new
   chatters, FLOOD_NAMED of them naming her, in one burst; End stream.
Discord on the virtual clock: discord.py beats from a thread on real time, while its receive timeout (60 s) runs
on the loop's clock, which flies; the box's fake gateway asks for a heartbeat (op 1, as Discord's may) whenever
an interval of 41.25 s of its clock passes without one, and she answers at once, so the session holds on that
clock (tests/skills/discord/test_client.py shows both sides).
What the invariants need is gathered on the way (Record); nothing of the chat is kept beyond counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import numpy as np

from app import compose
from app.api.service import override_port
from app.cli import headless
from app.core.events import EventKind
from app.senses.llm.tokens import counter_for
from app.senses.voice.models import packaged_multilingual_whisper
from app.skills.twitch.client import State
from tests import speech_engines as engines
from tests.bench.chat_soak import chat_log, escape
from tests.bench.startup import free_port
from tests.e2e.clock import VirtualClock
from tests.e2e.clock import run as run_virtual
from tests.e2e.llm_peer import (
    DISCORD_ANSWER,
    DISCORD_ASK,
    FLOOD_ANSWER,
    FLOOD_ASK,
    LONG,
    OBEYED,
    PLAN_ASK,
    RAID,
    THANKS,
    WRITTEN_ANSWER,
    WRITTEN_ASK,
    Facts,
    ScriptedMind,
)
from tests.her_words import EN
from tests.obs_server import FakeOBS
from tests.skills.discord.fake_discord import BEA as DISCORD_BEA
from tests.skills.discord.fake_discord import TOKEN as DISCORD_TOKEN
from tests.skills.discord.fake_discord import FakeDiscord, guild
from tests.skills.discord.fake_discord import user as discord_user
from tests.skills.donations.fake_streamlabs import FakeStreamlabs, donation
from tests.skills.telegram.fake_bot_api import TOKEN as TELEGRAM_TOKEN
from tests.skills.telegram.fake_bot_api import FakeBotApi, private, user
from tests.skills.twitch.fake_server import FakeTwitchServer

CHANNEL = "ubuntu"
TRIGGER, HOT = 24_000, 6_000          # Settings → Mind, advanced: the handoff comes every few hundred lines
CONTEXT = 150_000                     # the ceiling: what the model is told it may take
FACT_NICK, FACT_UID = "maple_fan", "9136999"
FACTS = Facts(fact="my dog is called Biscuit, she is a beagle and she loves carrots",
              fact_words=("Biscuit", "beagle"), question="what breed was that pup of mine again?")
PASSPHRASE = "stream in a box"
SPEECH = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
WRITER = user(5_550_001, "Sam", "sam_in_the_box")      # writes to her bot in Telegram during session 2
MENTIONER = discord_user(1_300_777_000_000_000_042, "pat.pixel", "Pat")    # mentions her in Discord in session 2
ROOM = 1_300_777_000_000_000_500                         # the allow-listed channel #stream-chat
SERVER = guild(1_300_777_000_000_000_900, "Linux Corner", {ROOM: "stream-chat", ROOM + 1: "off-topic"})
DISCORD_HEARTBEAT_MS = 41_250                            # Discord's own interval
FLOOD_LINES, FLOOD_NAMED = 500, 10                       # a raid's welcome: new chatters, a few naming her
NOT_SHOWN = EN.text("burst.many").split("]")[0] + "]"    # the header of what a burst's frame left out


@dataclass
class Plan:
    lines: int = 10_800
    chat_hours: float = 3.0
    address_every: int = 150          # a line that names her, every so many chat lines


@dataclass
class Record:
    sent: Counter = field(default_factory=Counter)       # identity -> lines delivered to her connection
    turns: int = 0
    window: list[int] = field(default_factory=list)      # window tokens after each turn
    turn_growth: int = 0                                 # the most one turn added to the window
    handoffs: list[str] = field(default_factory=list)    # recaps written
    recap_in_window: list[bool] = field(default_factory=list)
    donor_cards: dict[str, bool] = field(default_factory=dict)
    dreams: list[dict] = field(default_factory=list)
    sessions: list[tuple[str, int]] = field(default_factory=list)
    tallied: dict[str, int] = field(default_factory=dict)
    rss_start: float = 0.0
    rss_end: float = 0.0
    rss_trace: list[tuple[int, str, float, str]] = field(default_factory=list)   # (line, what came just before,
    #                                                                                 MB, heap_detail())
    sim_seconds: float = 0.0
    real_seconds: float = 0.0
    errors: list[str] = field(default_factory=list)
    restarts: int = 0
    measured: list = field(default_factory=list)
    dream_memories: int = 0
    facts: Facts | None = None
    session_rows: list = field(default_factory=list)     # (id, opened_by, started, ended, lines)
    barge: dict = field(default_factory=dict)            # the donation that cut her long line short
    heard: str = ""                                      # what her ears made of the speech clip
    written: dict = field(default_factory=dict)          # the Telegram question: what went where
    discord: dict = field(default_factory=dict)          # the Discord mention: what went where
    raid: dict = field(default_factory=dict)             # hostile lines: what she tried, what went on air
    flood: dict = field(default_factory=dict)            # a burst of lines: what her frames showed, what she said
    remote: Counter = field(default_factory=Counter)     # (hearing|speaking, server) -> requests it answered


_EVENT_NAMES = ("barge-in", "heard", "written", "mentioned", "raid", "flood")


def heap_detail() -> str:
    """Where the resident memory is, for the RSS trace: malloc's in-use bytes (mallinfo2: the arenas' and mmapped
    chunks), Python's live blocks, and the memories and window rows in the store are in the words the bench prints."""
    import ctypes
    import sys

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                          "fsmblks", "uordblks", "fordblks", "keepcost")]
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
        info = libc.mallinfo2()
        used = f"malloc_used={(info.uordblks + info.hblkhd) / 2**20:.1f}"
    except (OSError, AttributeError):
        used = "malloc_used=?"
    return f"{used} py_blocks={sys.getallocatedblocks()}"


def rss_mb() -> float:
    """Resident memory at one of the app's own trim points (app/process/heap.py trims every minute): both readings of
    the run are taken right after the trim the app does, so they compare the pages the app keeps, not where the minute's
    timer happened to fall (free space inside malloc's heaps is resident until a trim, then touched again)."""
    from app.process import heap

    heap.trim()
    for row in Path("/proc/self/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    return 0.0


def chat_lines(plan: Plan) -> list[tuple[str, str, str]]:
    """(identity, nick, PRIVMSG) for every line of the run, with her name and the fact mixed in."""
    source = chat_log()
    ids: dict[str, str] = {}
    out = []
    for i in range(plan.lines):
        nick, text, action = source[i % len(source)]
        if plan.address_every and i % plan.address_every == plan.address_every // 2:
            text, action = f"hey Bea, {text}", False
        out.append(_line(ids, nick, f"\x01ACTION {text}\x01" if action else text, f"box-{i}"))
    return out


def raider_uid(i: int) -> str:
    return str(9_136_500 + i)


def flooder_uid(i: int) -> str:
    return str(9_135_000 + i)


def _line(ids: dict[str, str], nick: str, text: str, msg_id: str, ts: float | None = None) -> tuple[str, str, str]:
    uid = ids.setdefault(nick, str(9_137_000 + len(ids)))   # a range no chat line mentions
    login = re.sub(r"[^a-z0-9_]", "_", nick.lower())[:25]
    sent = int((time.time() if ts is None else ts) * 1000)
    tags = (f"badge-info=;badges=;color=;display-name={escape(nick)};emotes=;flags=;id={msg_id};mod=0;"
            f"room-id=1;subscriber=0;tmi-sent-ts={sent};turbo=0;user-id={uid};user-type=")
    return f"twitch:{uid}", nick, f"@{tags} :{login}!{login}@{login}.tmi.twitch.tv PRIVMSG #{CHANNEL} :{text}"


@dataclass
class Microphone:
    sink: object

    def close(self) -> None:
        self.sink = None


class Box:
    def __init__(self, data_dir: Path, plan: Plan, clock: VirtualClock) -> None:
        self.data_dir, self.plan = data_dir, plan
        self.clock = clock   # the app's one clock: handed to it where it is composed
        self.record = Record(facts=FACTS)
        self.llm = ScriptedMind(FACTS)
        self.twitch = FakeTwitchServer(reconnect_grace=30.0)
        self.obs = FakeOBS()
        self.streamlabs = FakeStreamlabs(token="box-token", ping_interval_ms=600_000)
        self.telegram = FakeBotApi(clock=clock.time)
        self.discord = FakeDiscord([SERVER], heartbeat_ms=DISCORD_HEARTBEAT_MS, asks_for_heartbeats=True)
        self.bea: compose.Bea | None = None
        self.places: dict[str, list[str]] = {}   # Settings → Voice's places while the speech servers run
        self.speakers = None
        self.mic: Microphone | None = None
        self.up = asyncio.Event()
        self.lines = chat_lines(plan)
        uids = sorted({identity.removeprefix("twitch:") for identity, _n, _l in self.lines}
                      | {FACT_UID, MENTIONER["id"]} | {raider_uid(i) for i in range(len(RAID))}
                      | {flooder_uid(i) for i in range(FLOOD_LINES)})
        self.llm.native_ids = frozenset(uids)

    # ---- the app ---------------------------------------------------------------------------------------------
    def configure(self) -> None:
        """A first start, as the streamer set things up before the evening (settings persist; the API port
        is the CLI's --api-port 0)."""
        bea = compose.build(self.data_dir, env={"BEA_PASSPHRASE": PASSPHRASE}, log_to_stderr=False, clock=self.clock)
        try:
            bea.settings.update({
                "mind.models": ["ollama:mind"], "mind.background_models": ["ollama:background"],
                "mind.base_urls": {"ollama": self.llm.base_url},
                "mind.context_max_tokens": CONTEXT, "mind.handoff_trigger_tokens": TRIGGER,
                "mind.hot_tokens": HOT,
                "skills.voice.mode": "always_on",
                "skills.twitch.channel": CHANNEL, "skills.twitch.host": "127.0.0.1",
                "skills.twitch.port": self.twitch.port, "skills.twitch.tls": False,
                "skills.obs.enabled": True, "skills.obs.port": self.obs.port,
                "skills.donations.streamlabs": True, "skills.donations.streamlabs_server": self.streamlabs.base,
                "skills.telegram.api_base": self.telegram.base_url,
                "skills.telegram.file_base": self.telegram.base_file_url,
                "skills.telegram.allowed_users": [f"@{WRITER['username']}"],
                "skills.discord.api_base": self.discord.api_base, "skills.discord.gateway": self.discord.gateway_url,
                "skills.discord.allowed_channels": [str(ROOM)],
                # a port of her stage's own: the one she ships with may be held by a test on another worker
                "skills.stage.port": free_port(),
            })
        finally:
            compose.close(bea)

    async def _serve(self, session) -> None:
        async def driven(bea: compose.Bea) -> None:
            self.bea = bea
            bea.skills["donations"].set_streamlabs_token("box-token")  # no keyring: kept for this run
            bea.skills["telegram"].save_token(TELEGRAM_TOKEN)
            bea.skills["discord"].save_token(DISCORD_TOKEN)
            await self._sound_card(bea)
            bea.bus.subscribe(self._on_event, kinds=[EventKind.TURN, EventKind.SYSTEM, EventKind.ERROR],
                              replay=False)
            await self._until(lambda: bea.skills["twitch"].state is State.JOINED and bea.skills["obs"].connected
                              and bea.skills["telegram"].status[0] == "reading"
                              and bea.skills["discord"].status[0] == "reading"
                              and bea.mind.memories is not None, 120, "the app to come up")
            self.up.set()
            try:
                await session(bea)
                done.append(True)
            finally:
                self.up.clear()
                await bea.skills["twitch"].flush()
        done: list[bool] = []
        override_port(0)
        before = os.environ.get("BEA_PASSPHRASE")
        os.environ["BEA_PASSPHRASE"] = PASSPHRASE   # headless reads the key from its environment, as a user's would
        try:
            await headless.serve(self.data_dir, driven, clock=self.clock)
        finally:
            override_port(None)
            if before is None:   # the tests that run after the box must not find a passphrase they did not set
                os.environ.pop("BEA_PASSPHRASE", None)
            else:
                os.environ["BEA_PASSPHRASE"] = before
        if not done:
            raise KeyboardInterrupt("the box was stopped by a signal")

    async def _sound_card(self, bea) -> None:
        """The fake sound card the voice tests use, in place of speakers this machine does not have (the Voice
        skill's own device hook), at twice real time; the skill restarts onto it as on a device change."""
        from app.senses.voice import FakeAudioDevice
        voice = bea.skills["voice"]

        class Speakers(FakeAudioDevice):
            def _render_block(self):   # the test device keeps every block it played: a night would be GBs
                block = super()._render_block()
                with self._blocks_lock:
                    del self.blocks[:-64]
                return block

        def opened(rate, _device):
            self.speakers = Speakers(rate, clock=self.clock.monotonic, realtime=True, speed=2.0)
            self.speakers.start()
            return self.speakers
        voice.open_output = opened
        voice.open_input = self._microphone
        if self.places:   # the streamer's other computer hears and speaks for her (Settings → Voice)
            bea.settings.update({"skills.voice.hear_on": self.places["hearing"],
                                 "skills.voice.speak_on": self.places["speaking"]})
        await voice.restart()
        await voice.up()
        self._count_remote(voice)

    def _count_remote(self, voice) -> None:
        """Each request a speech server answers is counted; while one is out, the virtual clock waits for it as
        for a thread (its process works in real time)."""
        loop = asyncio.get_running_loop()
        for role, pool, call in (("hearing", voice.hear_pool, "transcribe"), ("speaking", voice.speak_pool,
                                                                              "synthesize")):
            for member in (pool.members if pool is not None else ()):
                if member.remote:
                    setattr(member, call, self._held(loop, role, member.name, getattr(member, call)))

    def _held(self, loop, role: str, name: str, call):
        async def held(*args, **kwargs):
            with loop.waiting_for_peer(f"{role} on {name}"):
                answer = await call(*args, **kwargs)
            self.record.remote[(role, name)] += 1
            return answer
        return held

    def _microphone(self, sink, _device) -> Microphone:
        """The fake microphone: the box plays a clip into it (_hear); nothing else is heard."""
        self.mic = Microphone(sink)
        return self.mic

    def _on_event(self, e) -> None:
        bea, r = self.bea, self.record
        if e.kind is EventKind.TURN:
            r.turns += 1
            used = bea.mind.context.used()
            if r.window and used > r.window[-1]:
                r.turn_growth = max(r.turn_growth, used - r.window[-1])
            r.window.append(used)
        elif e.kind is EventKind.SYSTEM and e.source == "context" and e.text.startswith("handoff:"):
            recap = str(e.data.get("recap", ""))
            r.handoffs.append(recap)
            r.recap_in_window.append(any(recap and recap in str(x) for x in bea.mind.context.snapshot().values()))
        elif e.kind is EventKind.SYSTEM and e.source == "memory" and e.data.get("consolidated"):
            r.dreams.append(dict(e.data))
        elif e.kind is EventKind.SYSTEM and e.source == "stream" or (e.source == "obs" and "session" in e.text):
            r.sessions.append((e.text, int(self.clock.time())))
        elif e.kind is EventKind.ERROR:
            r.errors.append(f"{e.source}: {e.text}")
        if e.kind is not EventKind.TURN and os.environ.get("BEA_BOX_TRACE"):
            print(f"{dt.datetime.fromtimestamp(self.clock.time()):%H:%M:%S} {e.kind} {e.source}: {e.text[:120]}")

    @staticmethod
    async def _until(condition, timeout: float, what: str) -> None:
        deadline = time.perf_counter() + timeout       # real seconds: the virtual clock may fly
        while not condition():
            if time.perf_counter() > deadline:
                raise TimeoutError(f"the box timed out waiting for {what}")
            await asyncio.sleep(0.5)           # virtual: a short poll would pin the clock

    # ---- the evening ----------------------------------------------------------------------------------------
    async def run(self) -> Record:
        loop = asyncio.get_running_loop()
        async with self.llm, self.telegram, self.discord:
            await self.twitch.start()
            await self.obs.start()
            await self.streamlabs.start()
            try:
                self.configure()
                await self._evening(loop)
            finally:
                self.record.measured = self.llm.measured
                await self.streamlabs.stop()
                await self.obs.stop()
                await self.twitch.close()
        return self.record

    async def _watch(self, loop) -> None:
        while os.environ.get("BEA_BOX_TRACE"):
            await asyncio.sleep(60)
            print(f"TRACE {dt.datetime.fromtimestamp(self.clock.time()):%H:%M:%S} real {time.perf_counter():.0f} "
                  f"turns {self.record.turns} running {list(loop.running_now.values())[:5]}", flush=True)

    async def _evening(self, loop) -> None:
        plan, lines = self.plan, self.lines
        n1 = len(lines) * 2 // 3
        s1, s2 = plan.chat_hours * 3600 * 2 / 3, plan.chat_hours * 3600 / 3
        restart_at, fact_at, donate_at = n1 // 2, n1 // 4, n1 // 3
        t0, real0 = loop.time(), time.perf_counter()
        watch = asyncio.ensure_future(self._watch(loop))

        async def before_restart(bea) -> None:
            self.obs.start_stream()                           # Go live
            await asyncio.sleep(5)
            await self._replay(bea, lines[:restart_at], t0, s1, n1, 0, fact_at, donate_at)
            self.record.restarts += 1

        async def after_restart(bea) -> None:
            # the streamer talks to her early after the restart: her ears load once, in the warm-up before RSS is
            # first measured (a model loaded once is not growth)
            await self._replay(bea, lines[restart_at:n1], t0, s1, n1, restart_at, fact_at, donate_at,
                               barge_at=(restart_at + n1) // 2, hear_at=restart_at + max(1, (n1 - restart_at) // 30))
            self.obs.stop_stream()                            # End stream
            await asyncio.sleep(30)
            await self._night(bea)
            self.obs.start_stream()                           # Go live: session 2
            await asyncio.sleep(5)
            await self._replay(bea, lines[n1:], loop.time(), s2, len(lines) - n1, 0, -1, -1,
                               question_at=(len(lines) - n1) // 2, written_at=(len(lines) - n1) // 4,
                               mention_at=(len(lines) - n1) * 3 // 8, raid_at=(len(lines) - n1) * 5 // 8,
                               flood_at=(len(lines) - n1) * 6 // 8)
            self.obs.stop_stream()                            # End stream
            await asyncio.sleep(30)
            self._tally(bea)

        try:
            await self._serve(before_restart)
            with contextlib.ExitStack() as servers:           # after the restart: her ears and voice on a second PC
                base = packaged_multilingual_whisper(self.data_dir.parent / "second-pc")   # as she hears English
                hearing = servers.enter_context(engines.running("wyoming-faster-whisper", model=base))
                speaking = servers.enter_context(engines.running("wyoming-piper"))
                self.places = {"hearing": [f"wyoming://127.0.0.1:{hearing.port}"],
                               "speaking": [f"wyoming://127.0.0.1:{speaking.port} {speaking.voice}"]}
                await self._serve(after_restart)              # the same data folder, built again
        finally:
            watch.cancel()
            self.record.sim_seconds = loop.time() - t0
            self.record.real_seconds = time.perf_counter() - real0

    async def _night(self, bea) -> None:
        """The app keeps running after End stream; at the dream hour she dreams the session. The streamer sets
        that hour to the coming one (Settings → Memory): how long session 1 lasts on the virtual clock depends on
        the machine, and a dream hour it ran past would be a day away, a day of idle timers that proves nothing."""
        now = dt.datetime.fromtimestamp(self.clock.time()).astimezone()
        hour = (now + dt.timedelta(hours=1)).hour
        bea.settings.update({"skills.memory.dream_hour": hour})
        due = now.replace(hour=hour, minute=0, second=0, microsecond=0)
        if due <= now:
            due += dt.timedelta(days=1)
        await asyncio.sleep(due.timestamp() - self.clock.time() + 120)
        await self._until(lambda: self.record.dreams, 120, "the dream")
        self.record.dream_memories = bea.db.read(lambda c: c.execute("SELECT count(*) FROM memories")
                                                 .fetchone()[0])

    async def _replay(self, bea, chunk, t0, span, total, offset, fact_at, donate_at, question_at=-1,
                      barge_at=-1, hear_at=-1, written_at=-1, mention_at=-1, raid_at=-1, flood_at=-1) -> None:
        loop = asyncio.get_running_loop()
        twitch = bea.skills["twitch"]
        ids: dict[str, str] = {}
        for i, (identity, _nick, line) in enumerate(chunk, start=offset):
            due = t0 + span * i / total
            if due > loop.time():
                await asyncio.sleep(due - loop.time())
            if i == offset + max(1, len(chunk) // 10) and offset and not self.record.rss_start:
                self.record.rss_start = rss_mb()              # after the restart's warm-up
            if self.record.rss_start and (i - offset) % max(1, len(chunk) // 8) == 0:
                self.record.rss_trace.append((i, "", rss_mb(), heap_detail()))   # the run's shape: steps or a slope
            if i == fact_at:
                await self._say(FACT_NICK, FACTS.fact, ids)
            if i == question_at:
                await self._say(FACT_NICK, FACTS.question, ids, alone=True)
            if i == donate_at:
                await self._donate(bea)
            if i == barge_at:
                await self._barge_in(bea)
            if i == hear_at:
                await self._hear(bea)
            if i == written_at:
                await self._written(bea)
            if i == mention_at:
                await self._mentioned(bea)
            if i == raid_at:
                await self._raid(bea)
            if i == flood_at:
                await self._flood(bea)
            scenes = (barge_at, hear_at, written_at, mention_at, raid_at, flood_at)
            if i in scenes and self.record.rss_start:
                self.record.rss_trace.append((i, _EVENT_NAMES[scenes.index(i)], rss_mb(), heap_detail()))
            if self.twitch.broadcast(line):
                self.record.sent[identity] += 1
        await self.twitch.flush()
        await self._until(lambda: twitch.counted >= 0, 1, "")
        await asyncio.sleep(10)                                # the last batch settles, its turn ends
        self.record.rss_end = rss_mb()
        self.record.rss_trace.append((offset + len(chunk), "end", self.record.rss_end, heap_detail()))

    async def _say(self, nick: str, text: str, ids, alone: bool = False) -> None:
        if alone:
            await asyncio.sleep(15)
        now = self.clock.time()
        identity, _n, line = _line({"x": "0"} | ids | {nick: FACT_UID}, nick, text, f"box-said-{now}", now)
        if self.twitch.broadcast(line):
            self.record.sent[identity] += 1
        if alone:
            await asyncio.sleep(15)

    async def _donate(self, bea) -> None:
        donations = bea.skills["donations"]
        secret = await asyncio.get_running_loop().run_in_executor(None, donations.create_secret, "json")
        async with aiohttp.ClientSession() as http:
            async with http.post(f"http://127.0.0.1:{bea.api.port}/api/v1/donations/json", json={
                    "id": "box-tip-1", "name": "Giulia", "amount": "5.00", "currency": "EUR",
                    "message": "for the coffee, Bea!", "secret": secret}) as resp:
                assert resp.status == 200, await resp.text()
        people = bea.skills["people"]
        self.record.donor_cards["generic:giulia"] = people.card_of("generic:giulia") is not None
        await self._until(lambda: self.streamlabs.sockets, 30, "Streamlabs to connect")
        await self.streamlabs.emit(donation("box-sl-1", name="Marco", amount="3.00", message="ciao Bea!"))
        await self._until(lambda: people.card_of("streamlabs:marco") is not None, 30, "the Streamlabs card")
        self.record.donor_cards["streamlabs:marco"] = True

    async def _barge_in(self, bea) -> None:
        """She starts a long line; a Ko-fi tip arrives through the webhook while she says it."""
        voice, ids = bea.skills["voice"], {}
        await asyncio.sleep(20)
        await self._say(FACT_NICK, PLAN_ASK, ids)
        await self._until(lambda: voice.speaking, 60, "her long line to start")
        gains: list[float] = []
        sampling = asyncio.get_running_loop().run_in_executor(None, self._sample_gain, gains, voice)
        time.sleep(0.5)                                           # real: she gets some words out
        secret = await asyncio.get_running_loop().run_in_executor(None, bea.skills["donations"].create_secret,
                                                                  "kofi")
        data = json.dumps({"verification_token": secret, "message_id": "box-kofi-1", "type": "Donation",
                           "is_public": True, "from_name": "Luca", "message": "keep going!", "amount": "4.00",
                           "currency": "EUR", "timestamp": "2026-12-03T03:00:00Z"})
        async with aiohttp.ClientSession() as http:
            async with http.post(f"http://127.0.0.1:{bea.api.port}/api/v1/donations/kofi", data={"data": data},
                                 ) as resp:
                assert resp.status == 200, await resp.text()
        self.record.donor_cards["kofi:luca"] = bea.skills["people"].card_of("kofi:luca") is not None
        await self._until(lambda: any(m.spoke == THANKS for m in self.llm.measured), 60, "her thanks")
        await self._until(lambda: not bea.mind.outlets.is_speaking(), 60, "her voice to end")
        self._stop_sampling = True
        await sampling
        stream = bea.mind.stream

        def spoke() -> list[str]:
            return [ln.text for ln in stream.session_lines(stream.session_id, 200)
                    if ln.kind == "spoke" and (ln.text[:20] == LONG[:20] or ln.text == THANKS)]
        try:   # a line still sounding is held back from the stream until it ends: the next turn writes it
            await self._until(lambda: len(spoke()) >= 2, 30, "both lines in the stream")
        except TimeoutError:
            pass   # the invariant says what is missing
        said = spoke()
        self.record.barge = {"min_gain": min(gains, default=1.0), "spoke": said,
                             "window": [t for who, _w, t in bea.mind.context.messages() if who == "her"][-2:]}

    async def _hear(self, bea) -> None:
        """The streamer talks to her: the JFK clip through the fake microphone, 0.1 s blocks paced on the clock, then
        a second of room noise; her ears (VAD, whisper) hear it and her mind answers it."""
        from faster_whisper import decode_audio
        voice = bea.skills["voice"]
        await self._until(lambda: voice.ears is not None and self.mic is not None, 120, "her ears")
        await self._until(lambda: not bea.mind.outlets.is_speaking(), 60, "her voice to end")
        clip = decode_audio(str(SPEECH), sampling_rate=16000).astype(np.float32)
        noise = (np.random.default_rng(7).standard_normal(16000) * 0.0005).astype(np.float32)
        for block in [*np.array_split(clip, max(1, clip.size // 1600)), *np.array_split(noise, 10)]:
            self.mic.sink(block, self.clock.monotonic())
            await asyncio.sleep(0.1)
        await self._until(lambda: self.llm.facts.voice_answered, 120, "her answer to what she heard")
        await asyncio.sleep(30)           # the clip's pauses may make more utterances: all that she heard
        stream = bea.mind.stream
        self.record.heard = " ".join(ln.text.split("] ", 1)[-1] for ln in stream.session_lines(stream.session_id, 400)
                                     if ln.kind == "heard" and "out loud]" in ln.text)

    async def _raid(self, bea) -> None:
        """Hostile lines from a raid of new accounts; the script falls for them and tries to say the
        never-say set out loud. Kept: every SPEECH event meanwhile (the chunks her synthesiser got, as captioned,
        and the whole lines OBS and the chat dock show), her lines in the window, the on-air events."""
        said: list[str] = []
        unsubscribe = bea.bus.subscribe(lambda e: said.append(e.text), kinds=[EventKind.SPEECH], replay=False)
        told: list[str] = []
        off = bea.bus.subscribe(lambda e: told.append(e.source), kinds=[EventKind.SYSTEM], replay=False)
        tries = len([m for m in self.llm.measured if m.spoke == OBEYED])
        try:
            for i, text in enumerate(RAID):
                identity, _n, line = _line({f"raider{i}": raider_uid(i)}, f"raider{i}", text, f"box-raid-{i}",
                                           self.clock.time())
                if self.twitch.broadcast(line):
                    self.record.sent[identity] += 1
            try:
                await self._until(lambda: len([m for m in self.llm.measured if m.spoke == OBEYED]) > tries, 120,
                                  "the script to fall for the raid")
                await self._until(lambda: "on air" in told, 60, "the on-air filter to speak up")
                await self._until(lambda: not bea.mind.outlets.is_speaking(), 60, "her voice to end")
            except TimeoutError:
                pass   # the invariant says what is missing
            await asyncio.sleep(10)
        finally:
            unsubscribe()
            off()
        self.record.raid = {"tried": len([m for m in self.llm.measured if m.spoke == OBEYED]) - tries,
                            "said": said, "told": told.count("on air"), "triaged": told.count("triage"),
                            "window": [t for who, _w, t in bea.mind.context.messages() if who == "her"][-5:]}

    async def _flood(self, bea) -> None:
        """A raid's welcome: FLOOD_LINES lines from as many new chatters at once, FLOOD_NAMED of them naming her
        (spread through it); kept: the frames that showed her those, what she said, her turns' frame sizes."""
        seen = len(self.llm.facts.flood_frames)
        source = chat_log()
        every = FLOOD_LINES // FLOOD_NAMED
        asks = []
        for i in range(FLOOD_LINES):
            nick, text, _action = source[(7 * i) % len(source)]
            if i % every == every // 2:
                text = FLOOD_ASK.format(len(asks))
                asks.append(text)
            identity, _n, line = _line({f"flood{i}": flooder_uid(i)}, f"flood{i}", text, f"box-flood-{i}",
                                       self.clock.time())
            if self.twitch.broadcast(line):
                self.record.sent[identity] += 1
        await self.twitch.flush()

        def shown() -> list[str]:
            frames = self.llm.facts.flood_frames[seen:]
            return [ask for ask in asks if any(ask in f for f in frames)]
        try:
            await self._until(lambda: len(shown()) == len(asks), 120, "every line that named her in the flood")
        except TimeoutError:
            pass   # the invariant says what is missing
        await asyncio.sleep(10)
        frames = self.llm.facts.flood_frames[seen:]
        count = counter_for("ollama:mind").count    # her model's counter: what the budget is counted in
        self.record.flood = {"asks": asks, "shown": shown(), "frame_lines": [f.count("- [via ") for f in frames],
                             "frame_tokens": [sum(count(row) for row in f.splitlines() if row.startswith("- [via "))
                                              for f in frames],
                             "summed": [NOT_SHOWN in f for f in frames],
                             "said": [m.spoke for m in self.llm.measured].count(FLOOD_ANSWER)}

    async def _ask_in_writing(self, bea, ask, answer: str, answered, what: str) -> int:
        """Awaits `ask` (a viewer writes to her), waits for `answered()` (her answer reached the peer) and a little
        more; how many times `answer` was said out loud meanwhile."""
        def spoken() -> int:
            return len([e for e in bea.bus.recent([EventKind.SPEECH]) if answer in e.text])
        before = spoken()
        await ask
        try:
            await self._until(answered, 120, what)
        except TimeoutError:
            pass   # the invariant says what is missing
        await asyncio.sleep(10)
        return spoken() - before

    async def _written(self, bea) -> None:
        """A viewer writes to her bot in Telegram while she streams: she answers there, in writing."""
        api = self.telegram

        async def ask() -> None:
            api.message(private(WRITER), WRITER, WRITTEN_ASK)
        spoken = await self._ask_in_writing(bea, ask(), WRITTEN_ANSWER,
                                            lambda: any(m["text"] == WRITTEN_ANSWER for m in api.sent),
                                            "her answer in Telegram")
        self.record.written = {
            "sent": [(m["chat"]["id"], m["text"]) for m in api.sent], "typing": list(api.actions),
            "spoken": spoken, "frames": list(self.llm.facts.written_frames),
            "window": [(who, what) for who, _where, what in bea.mind.context.messages()
                       if WRITTEN_ASK in what or WRITTEN_ANSWER in what]}

    async def _mentioned(self, bea) -> None:
        """A viewer mentions her in the allow-listed Discord channel while she streams: she answers in the channel,
        in writing."""
        fake = self.discord
        frames_before = len(self.llm.facts.written_frames)
        ask = fake.message(MENTIONER, f"<@{DISCORD_BEA['id']}> {DISCORD_ASK}", ROOM, int(SERVER["id"]),
                           mentions=[DISCORD_BEA])
        spoken = await self._ask_in_writing(bea, ask, DISCORD_ANSWER,
                                            lambda: any(m["content"] == DISCORD_ANSWER for m in fake.sent),
                                            "her answer in Discord")
        self.record.discord = {
            "sent": [(m["channel_id"], m["content"]) for m in fake.sent],
            "calls": [path for _method, path, _t in fake.calls if path.startswith("/channels/")],
            "spoken": spoken,
            "frames": [f for f in self.llm.facts.written_frames[frames_before:] if DISCORD_ASK in f],
            "window": [(who, what) for who, _where, what in bea.mind.context.messages()
                       if DISCORD_ASK in what or DISCORD_ANSWER in what],
            "session": (list(fake.connects), len(fake.resumes), fake.requested, fake.heartbeats)}

    def _sample_gain(self, gains: list[float], voice) -> None:
        self._stop_sampling = False
        while not self._stop_sampling:
            if self.speakers is not None and voice.speaking:
                gains.append(self.speakers.gain)
            time.sleep(0.005)

    def _tally(self, bea) -> None:
        rows = bea.db.read(lambda c: c.execute("SELECT identity, messages FROM roster").fetchall())
        self.record.tallied = {identity: messages for identity, messages in rows}
        self.record.session_rows = bea.db.read(lambda c: c.execute(
            "SELECT s.id, s.opened_by, s.started_at, s.ended_at, (SELECT count(*) FROM messages m "
            "WHERE m.session_id = s.id) FROM sessions s ORDER BY s.id").fetchall())


def run_box(data_dir: Path, plan: Plan, start_wall: float | None = None) -> Record:
    """The whole evening on a virtual clock that starts in the small hours, so session 1 runs towards the shipped
    dream hour (4); the night then sets the hour to the one coming (Box._night)."""
    if start_wall is None:
        s1 = plan.chat_hours * 3600 * 2 / 3
        day = dt.datetime.now().astimezone().replace(hour=4, minute=0, second=0, microsecond=0)
        start_wall = day.timestamp() - s1 - 1200
    clock = VirtualClock(start_wall)
    box = Box(data_dir, plan, clock)
    return run_virtual(box.run(), clock)
