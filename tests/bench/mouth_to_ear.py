"""Benchmark: mouth to ear, measured through the composed app.

Run from the repo root: .venv/bin/python tests/bench/mouth_to_ear.py  (BEA_BENCH_QUICK=1: one turn, talked over).
A fresh data folder, the app composed and started as `python -m app --headless` does (the database key from
BEA_PASSPHRASE, no OS keyring), with the built-in model (local:smollm2, the default mind) and the Voice skill
always on, its devices one fake sound card (Room, through the skill's own device hooks):
- her speakers render in real time; every block they render comes back into the microphone through a room:
  60 ms later (a sound card's buffers and a metre of air), through a room response (the direct sound, then a
  reverberant tail with a 0.3 s decay), ECHO_DB under the level her speakers play it, over a noise floor;
- the streamer's speech is mixed into the same microphone at her own level (a close microphone: her speech
  TALK_DB rms), the JFK clip (/work/shared/fixtures/audio/fw_jfk.flac) and sentences eSpeak NG says at two
  speeds. The time of every microphone sample is known, so the end of her last word is a clock time.
The echo canceller is on, as it ships. The run: an unmeasured first turn (the speech model, the voice and the
built-in model load on first use), then quiet turns (the streamer says a line, she answers, the room falls quiet)
and talked-over turns (as her answer starts, the streamer says another line over her; she ducks and stops, and
what the streamer said over her is her next turn).

Each answered turn is split into stages from what the app already shows, on its one monotonic clock:
- eos_ms: the end of the streamer's last word -> the ears decide the turn is over (Heard.ended_at);
- stt_ms: -> the text is ready (Heard.heard_at);
- batch_wait_ms: -> her mind's turn takes it (the PERCEPTION event of that line);
- llm_first_token_ms: -> the first delta out of her model, the turn's briefing included (the model client's
  on_delta, wrapped here). The built-in model does not stream: its first delta is its whole answer;
- speak_call_ms: -> the speak call's first fragment reaches her mouth (the Line's started_at);
- tts_first_audio_ms: -> her first sample rendered by the speakers (Spoken.first_audio_ms, first samples queued,
  plus the wait for the next block the sound card renders).
They add up to mouth_to_ear: the end of the streamer's last word -> her first audio sample of the first line she
begins after it. A turn where she began a line while the streamer was still talking (her ears ended the turn at a
pause inside the streamer's line) is printed as such and left out of the figures: what follows it answers no one
moment.
own_voice_heard: the lines her ears delivered as heard that carry her own words: heard while the streamer was not
talking (her voice is all there was to hear), or holding two words in a row of a line she was saying while that audio
was captured that are not two words in a row of what the streamer said. streamer_wer: the word error rate of what
her ears heard during and after each talked-over line (until ATTRIBUTE_S past its last word) against the line's
words, over all of them.
Last line: RESULT mouth_to_ear_p50_ms=... p95_ms=... eos_ms=... stt_ms=... batch_wait_ms=... llm_first_token_ms=...
speak_call_ms=... tts_first_audio_ms=... own_voice_heard=N streamer_wer=... (stages are medians over the turns).
"""

from __future__ import annotations

import asyncio
import math
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

os.environ.setdefault("BEA_PASSPHRASE", "mouth to ear bench")
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")  # never the user's keyring

from app import compose  # noqa: E402
from app.api.service import override_port  # noqa: E402
from app.core.events import EventKind  # noqa: E402
from app.senses.voice import FakeAudioDevice, Resampler  # noqa: E402
from tests.bench.startup import free_port  # noqa: E402
from tests.senses.voice.wer import word_error_rate, words  # noqa: E402

RATE = 16000
JFK_CLIP = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
JFK_END_S = 10.5                    # the end of "country" (whisper's word timing); applause follows, cut off
JFK_TEXT = ("And so my fellow Americans, ask not what your country can do for you, "
            "ask what you can do for your country.")
ASKS = [   # the streamer to her
    "Hey Bea, what game should we play after this one?",
    "Bea, do you want to pick the music for the next hour?",
    "Okay Bea, I finally beat that boss. What do you think?",
    "Hey Bea, say hello to everybody who just joined the stream.",
    "Bea, tell me one thing you liked about tonight.",
    "Bea, should I build the castle on the hill or by the river?",
]
OVERS = [  # the streamer over her answer
    "Wait, hold on, somebody just sent a huge donation in the chat.",
    "Sorry to cut you off, the game crashed and I have to restart it.",
]
SPEEDS = (165, 140)                 # eSpeak NG words a minute
DELAY_S = 0.06                      # speakers to microphone
ECHO_DB = -12.0                     # her direct sound at the microphone, under her speakers' level
TAIL_DRR_DB = 3.0                   # direct sound over the reverberant tail
RT60_S = 0.3
NOISE = 0.0005                      # the room's noise floor (about -66 dBFS)
TALK_DB = -22.0                     # the streamer's speech at her microphone, rms while she talks
OVER_AFTER_S = 0.4                  # the streamer starts talking this long after her first sample
ECHO_S = 0.5                        # her voice may sound in the microphone this long after her line ends
ATTRIBUTE_S = 3.0                   # heard lines ending this long after a line's last word are that line's
QUIET_S = 1.2                       # nothing sounding or pending this long: the room is quiet
ANSWER_TIMEOUT_S = float(os.environ.get("BEA_BENCH_TIMEOUT", "30"))


@dataclass(eq=False)
class Clip:
    text: str
    audio: np.ndarray               # 16 kHz float32, the streamer at her microphone's level
    last: int                       # the last sample of her last word


@dataclass(eq=False)
class Talk:
    """A clip as the microphone hears it: the clock times of its first sample and of its last word."""

    clip: Clip
    pos: int = 0
    start_t: float = math.nan
    end_t: float = math.nan
    done: threading.Event = field(default_factory=threading.Event)


def room_response(seed: int = 11) -> np.ndarray:
    """The direct sound (1.0) and a reverberant tail: noise decaying by 60 dB in RT60_S, its energy TAIL_DRR_DB
    under the direct sound's; the whole ECHO_DB down."""
    rng = np.random.default_rng(seed)
    n = int(RT60_S * RATE)
    t = np.arange(n) / RATE
    tail = rng.standard_normal(n) * 10 ** (-3 * t / RT60_S)
    tail[:int(0.003 * RATE)] = 0.0                       # the first reflection comes a few ms after the direct sound
    tail *= math.sqrt(10 ** (-TAIL_DRR_DB / 10) / float(np.sum(tail ** 2)))
    tail[0] = 1.0
    return (tail * 10 ** (ECHO_DB / 20)).astype(np.float32)


class Room(FakeAudioDevice):
    """Her speakers and the streamer's microphone in one room (the module's docstring): each block the speakers
    render reaches the microphone DELAY_S later through the room response, with the streamer's speech mixed in
    at the time the microphone hears it; the microphone's sink gets each block with the clock time of its last
    sample, on the render thread, as a sound card's capture callback would."""

    def __init__(self, sample_rate: int, *, clock) -> None:
        super().__init__(sample_rate, realtime=True, clock=clock)
        self.sink = None
        self._resampler = Resampler(sample_rate, RATE)
        self._ir = room_response()
        self._tail = np.zeros(self._ir.size - 1, dtype=np.float32)
        self._late: deque[tuple[np.ndarray, float]] = deque()
        self._talks: deque[Talk] = deque()
        self._lock = threading.Lock()
        self._rng = np.random.default_rng(3)
        self.audio_at: list[float] = []          # render times of the blocks that held some of her voice

    def connect(self, sink, _device=None) -> Room:
        self.sink = sink
        return self

    def say(self, clip: Clip) -> Talk:
        """The streamer starts saying `clip` (after any clip still being said)."""
        talk = Talk(clip)
        with self._lock:
            self._talks.append(talk)
        return talk

    @property
    def talking(self) -> bool:
        with self._lock:
            return bool(self._talks)

    def _render_block(self):
        block = super()._render_block()
        if block.audio_frames:
            self.audio_at.append(block.t)
        x = self._resampler.resample(block.samples.astype(np.float32) / 32768)
        if x.size == 0:
            return block
        wet = np.convolve(x, self._ir)
        wet[:self._tail.size] += self._tail
        self._tail = wet[x.size:].copy()
        now = block.t + x.size / RATE
        self._late.append((wet[:x.size].astype(np.float32), now + DELAY_S))
        while self._late and self._late[0][1] <= now:
            audio, t = self._late.popleft()
            audio = audio + (self._rng.standard_normal(audio.size) * NOISE).astype(np.float32)
            self._mix(audio, t)
            if self.sink is not None:
                self.sink(audio, t)
        return block

    def _mix(self, audio: np.ndarray, t: float) -> None:
        """The streamer's speech added where the microphone hears it; sample j of the block is heard at
        t - (n - 1 - j) / RATE."""
        n, filled = audio.size, 0
        while filled < n:
            with self._lock:
                talk = self._talks[0] if self._talks else None
            if talk is None:
                return
            clip = talk.clip
            take = clip.audio[talk.pos:talk.pos + n - filled]
            if talk.pos == 0:
                talk.start_t = t - (n - 1 - filled) / RATE
            if talk.pos <= clip.last < talk.pos + take.size:
                talk.end_t = t - (n - 1 - filled - (clip.last - talk.pos)) / RATE
            audio[filled:filled + take.size] += take
            filled += take.size
            talk.pos += take.size
            if talk.pos >= clip.audio.size:
                with self._lock:
                    self._talks.popleft()
                talk.done.set()


# ---- the streamer's speech ---------------------------------------------------------------------------------
def level(x: np.ndarray) -> np.ndarray:
    """The clip at TALK_DB rms over its voiced 10 ms frames."""
    frames = x[:x.size // 160 * 160].reshape(-1, 160)
    rms = np.sqrt(np.mean(frames ** 2, axis=1))
    voiced = rms[rms > 0.1 * rms.max()]
    gain = 10 ** (TALK_DB / 20) / float(np.sqrt(np.mean(voiced ** 2)))
    return np.clip(x * gain, -1.0, 1.0).astype(np.float32)


def last_word(x: np.ndarray) -> int:
    """The last sample of the last 10 ms frame within 30 dB of the clip's loud frames: her last word ends there."""
    frames = x[:x.size // 160 * 160].reshape(-1, 160)
    rms = np.sqrt(np.mean(frames ** 2, axis=1))
    loud = np.flatnonzero(rms > np.percentile(rms, 95) * 10 ** (-30 / 20))
    return int(loud[-1] * 160 + 159)


def clip_of(text: str, audio: np.ndarray) -> Clip:
    pad = np.zeros(int(0.2 * RATE), dtype=np.float32)
    audio = level(np.concatenate([pad, audio.astype(np.float32), pad]))
    return Clip(text, audio, last_word(audio))


def espeak(text: str, index: int, folder: Path) -> Clip:
    from faster_whisper import decode_audio

    wav = folder / f"line-{index}.wav"
    subprocess.run(["espeak-ng", "-v", "en-us+m3" if index % 2 else "en-us", "-s", str(SPEEDS[index % len(SPEEDS)]),
                    "-w", str(wav), text], check=True, capture_output=True)
    x = decode_audio(str(wav), sampling_rate=RATE)
    loud = np.flatnonzero(np.abs(x) > 0.01)
    return clip_of(text, x[loud[0]:loud[-1] + 1])


def jfk() -> Clip:
    from faster_whisper import decode_audio
    return clip_of(JFK_TEXT, decode_audio(str(JFK_CLIP), sampling_rate=RATE)[:int(JFK_END_S * RATE)])


# ---- the run -----------------------------------------------------------------------------------------------
@dataclass
class Turn:
    ask: str
    answered: bool = False
    stages: dict[str, float] = field(default_factory=dict)
    said: str = ""
    over: Talk | None = None
    cut_in: list[str] = field(default_factory=list)    # her lines begun before the streamer's last word


@dataclass
class Plan:
    warm: int = 1
    quiet: int = 6
    over: int = 3


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(v for v in values if not math.isnan(v))
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


class Bench:
    def __init__(self, bea: compose.Bea) -> None:
        self.bea = bea
        self.voice = bea.skills["voice"]
        self.room: Room | None = None
        self.perceived: list[tuple[float, str]] = []      # (monotonic, text) of each heard line her turn took
        self.calls: list[list[float]] = []                # [call start, first delta] of each model call
        self.lines: list = []                             # her mouth's lines
        self.ended: dict[int, float] = {}                 # line number -> when it ended (played, or stopped)
        self.talks: list[Talk] = []
        self.errors: list[str] = []
        self.clock = bea.clock.monotonic

        def opened(rate, _device):
            self.room = Room(rate, clock=self.clock)
            self.room.start()
            return self.room
        self.voice.open_output = opened
        self.voice.open_input = lambda sink, device: self.room.connect(sink, device)
        bea.bus.subscribe(lambda e: self.perceived.append((self.clock(), e.text)) if e.source == "voice" else None,
                          kinds=[EventKind.PERCEPTION], replay=False)
        bea.bus.subscribe(self._error, kinds=[EventKind.ERROR], replay=False)

    def _error(self, e) -> None:
        self.errors.append(f"{e.source}: {e.text}")
        print(f"    ERROR {e.source}: {e.text}", flush=True)

    async def up(self) -> None:
        """After compose.start: her voice up on the room, her model and her mouth watched."""
        await self.voice.up()
        if self.room is None or self.voice.ears is None or self.voice.mouth is None:
            raise SystemExit(f"her voice did not come up on the fake sound card: {self.voice.problems}")
        pool = self.bea.mind.consciousness.llm
        inner = pool.complete

        async def complete(messages, tools=(), *, on_delta=None, options=None):
            entry = [self.clock(), math.nan]
            self.calls.append(entry)

            def listen(delta) -> None:
                if math.isnan(entry[1]):
                    entry[1] = self.clock()
                if on_delta is not None:
                    on_delta(delta)
            return await inner(messages, tools, on_delta=listen, options=options)
        pool.complete = complete
        mouth = self.voice.mouth
        begin = mouth.begin

        def begun(rules=None):
            line = begin(rules)
            self.lines.append(line)
            line.done.add_done_callback(lambda _f: self.ended.setdefault(line.number, self.clock()))
            return line
        mouth.begin = begun

    async def quiet(self, timeout: float = 90.0) -> None:
        """Until nothing sounds and nothing is pending for QUIET_S: her voice, a turn, the streamer."""
        v, calm, deadline = self.voice, None, time.monotonic() + timeout
        while time.monotonic() < deadline:
            busy = v.speaking or v.thinking or v.owner_talking or self.room.talking
            if busy:
                calm = None
            elif calm is None:
                calm = time.monotonic()
            elif time.monotonic() - calm >= QUIET_S:
                return
            await asyncio.sleep(0.05)

    async def turn(self, ask: Clip, over: Clip | None = None) -> Turn:
        await self.quiet()
        turn = Turn(ask.text)
        lines_before, heard_before = len(self.lines), len(self.voice.ears.heard)
        talk = self.room.say(ask)
        self.talks.append(talk)
        deadline = time.monotonic() + ANSWER_TIMEOUT_S
        line, out_t = None, math.nan
        while time.monotonic() < deadline:
            after = talk.end_t if not math.isnan(talk.end_t) else math.inf
            began = [ln for ln in self.lines[lines_before:] if ln.first_audio_at is not None
                     and ln.first_audio_at >= after]
            if began:
                line = began[0]
                rendered = [t for t in list(self.room.audio_at) if t >= line.first_audio_at]
                if rendered:
                    out_t = rendered[0]
                    break
            await asyncio.sleep(0.01)
        if line is not None and not math.isnan(out_t):
            if over is not None:
                await asyncio.sleep(max(0.0, OVER_AFTER_S - (self.clock() - out_t)))
                turn.over = self.room.say(over)
                self.talks.append(turn.over)
            turn.answered = True
            turn.stages = self._stages(talk, self.voice.ears.heard[heard_before:], line, out_t)
        deadline = time.monotonic() + 60
        while not all(t.done.is_set() for t in (talk, turn.over) if t is not None) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await self.quiet()
        if line is not None:
            turn.said = line.message
        turn.cut_in = [ln.message for ln in self.lines[lines_before:]
                       if ln.first_audio_at is not None and talk.start_t <= ln.first_audio_at < talk.end_t]
        return turn

    def _stages(self, talk: Talk, heard, line, out_t: float) -> dict[str, float]:
        """The turn's stages (the module's docstring), NaN where one was not seen."""
        nan = math.nan
        last = next((h for h in heard if h.ended_at >= talk.end_t - 0.05), None)
        ended, ready = (last.ended_at, last.heard_at) if last is not None else (nan, nan)
        taken = next((t for t, text in self.perceived if t >= ready and last is not None and last.text in text), nan)
        call = next(((s, d) for s, d in self.calls if s >= taken), (nan, nan)) if not math.isnan(taken) else (nan, nan)
        first = call[1]
        tries = sum(1 for g in GENERATIONS if call[0] <= g <= first)
        started = line.started_at if line.started_at is not None else nan
        ms = {"eos_ms": ended - talk.end_t, "stt_ms": ready - ended, "batch_wait_ms": taken - ready,
              "llm_first_token_ms": first - taken, "speak_call_ms": started - first,
              "tts_first_audio_ms": out_t - started, "mouth_to_ear_ms": out_t - talk.end_t,
              "briefing_ms": call[0] - taken, "model_ms": first - call[0]}
        return {**{k: v * 1000.0 for k, v in ms.items()}, "tries": tries}


GENERATIONS: list[float] = []   # when each generation of the built-in model began (its retries are inside one call)


def _count_generations() -> None:
    from app.senses.llm.local_llama import LocalLlamaClient

    generate = LocalLlamaClient._generate

    def counted(self, *args, **kwargs):
        GENERATIONS.append(time.monotonic())
        return generate(self, *args, **kwargs)
    LocalLlamaClient._generate = counted


def attributed(talks: list[Talk], ended_at: float) -> Talk | None:
    """The streamer's line a heard line belongs to: the latest one it ended while she said, or up to ATTRIBUTE_S
    after."""
    return next((t for t in reversed(talks) if not math.isnan(t.start_t)
                 and t.start_t <= ended_at <= (t.end_t if not math.isnan(t.end_t) else t.start_t + 60) + ATTRIBUTE_S),
                None)


def bigrams(text: str) -> set[tuple[str, str]]:
    w = words(text)
    return set(zip(w, w[1:], strict=False))


def own_voice(heard, talks: list[Talk], hers: list[tuple[float, float, str]]) -> list[str]:
    """The heard lines that carry her words (the module's docstring). `hers`: (first sample, end, text) of each of
    her lines; only a line sounding while the heard audio was captured (or ECHO_S before) can be in it."""
    found = []
    for h in heard:
        talk = attributed(talks, h.ended_at)
        if talk is None:
            found.append(f"heard with nobody talking: {h.text!r}")
            continue
        begun = h.ended_at - h.audio_s - ECHO_S
        sounding = [text for first, end, text in hers if first <= h.ended_at and end >= begun]
        pairs = set().union(*(bigrams(text) for text in sounding)) if sounding else set()
        if bigrams(h.text) & (pairs - bigrams(talk.clip.text)):
            found.append(f"her words in {h.text!r} (the streamer said {talk.clip.text!r})")
    return found


def streamer_wer(heard, talks: list[Talk], overs: list[Talk]) -> tuple[float, list[str]]:
    """The word error rate of what was heard of `overs` (each line's heard lines joined), over all their words."""
    errors, total, shown = 0.0, 0, []
    for over in overs:
        text = " ".join(h.text for h in heard if attributed(talks, h.ended_at) is over)
        n = len(words(over.clip.text))
        errors += word_error_rate(over.clip.text, text) * n
        total += n
        shown.append(f"said over her {over.clip.text!r} -> heard {text!r}")
    return (errors / total if total else math.nan), shown


async def bench(data_dir: Path, plan: Plan, folder: Path) -> dict[str, float]:
    asks = [espeak(text, i, folder) for i, text in enumerate(ASKS)]
    overs = [espeak(text, i, folder) for i, text in enumerate(OVERS)]
    spoken = jfk()
    asks.insert(2, spoken)
    overs.insert(1, spoken)
    bea = compose.build(data_dir, env=dict(os.environ), log_to_stderr=False)
    asyncio.get_running_loop().set_default_executor(bea.blocking)
    # ports of its own: the ones she ships with may be held by another run on this machine
    override_port(0)
    bea.settings.update({"skills.voice.mode": "always_on", "skills.stage.port": free_port()})
    b = Bench(bea)
    turns: list[Turn] = []
    await compose.start(bea)
    try:
        await b.up()
        ears, echo = b.voice.ears, b.voice.echo
        print(f"her voice on the room: echo cancellation {'on' if echo is not None else 'OFF'}; "
              f"end of turn: the timer, moved by the words {'on' if ears.words_turn is not None else 'OFF'}, "
              f"by the sound {'on' if ears.turn_model is not None else 'off'}", flush=True)
        for i in range(plan.warm):
            t = await b.turn(asks[(len(asks) - 1 - i) % len(asks)])
            print(f"  warm-up turn: {'answered' if t.answered else 'no answer'} "
                  f"{t.stages.get('mouth_to_ear_ms', math.nan):.0f} ms", flush=True)
        schedule = [(asks[i % len(asks)], None) for i in range(plan.quiet)]
        schedule += [(asks[(plan.quiet + i) % len(asks)], overs[i % len(overs)]) for i in range(plan.over)]
        for ask, over in schedule:
            t = await b.turn(ask, over)
            turns.append(t)
            st = t.stages
            print(f"{st.get('mouth_to_ear_ms', math.nan):7.0f} ms  {ask.text!r} -> {t.said!r}" if t.answered else
                  f"   none   {ask.text!r} -> no answer in {ANSWER_TIMEOUT_S:.0f} s", flush=True)
            if t.cut_in:
                print(f"          she spoke before the streamer's last word: {t.cut_in!r}", flush=True)
            if t.answered:
                print("          " + " ".join(f"{k.removesuffix('_ms')}={v:.0f}" for k, v in st.items()
                                             if k != "mouth_to_ear_ms"), flush=True)
        await b.quiet()
        await ears.drain()
        if echo is not None:
            print(f"echo canceller: converged={echo.converged} erle_db={echo.erle_db:.1f}", flush=True)
    finally:
        await compose.stop(bea)
    heard = list(ears.heard)
    hers = [(ln.first_audio_at, b.ended.get(ln.number, math.inf), ln.message) for ln in b.lines
             if ln.message and ln.first_audio_at is not None]
    own = own_voice(heard, b.talks, hers)
    overs_said = [t.over for t in turns if t.over is not None]
    wer, shown = streamer_wer(heard, b.talks, overs_said)
    alone, _ = streamer_wer(heard, b.talks, [t for t in b.talks if t not in overs_said])
    for row in (*own, *shown):
        print(f"  {row}", flush=True)
    print(f"her ears on the streamer's lines said with her silent: wer={alone:.3f}; heard lines={len(heard)}",
          flush=True)
    answered = [t for t in turns if t.answered and not t.cut_in]   # an answer to the streamer's last word
    result = {"answered": len(answered), "turns": len(turns), "own_voice_heard": len(own), "streamer_wer": wer,
              "cut_in": sum(1 for t in turns if t.cut_in)}
    m2e = [t.stages["mouth_to_ear_ms"] for t in answered]
    result["mouth_to_ear_p50_ms"], result["p95_ms"] = percentile(m2e, 0.5), percentile(m2e, 0.95)
    for key in ("eos_ms", "stt_ms", "batch_wait_ms", "llm_first_token_ms", "speak_call_ms", "tts_first_audio_ms"):
        result[key] = percentile([t.stages[key] for t in answered], 0.5)
    return result


def plan_from_env() -> Plan:
    if os.environ.get("BEA_BENCH_QUICK") == "1":
        return Plan(warm=0, quiet=0, over=1)
    return Plan(warm=int(os.environ.get("BEA_BENCH_WARM", "1")), quiet=int(os.environ.get("BEA_BENCH_QUIET", "6")),
                over=int(os.environ.get("BEA_BENCH_OVER", "3")))


def main() -> None:
    if shutil.which("espeak-ng") is None:
        raise SystemExit("espeak-ng is not installed (apt-get install espeak-ng): it says the streamer's lines")
    plan = plan_from_env()
    _count_generations()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
    print(f"cores={os.cpu_count()} load_1min={load:.2f} model=built-in plan={plan}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bea-mouth-to-ear-") as folder:
        r = asyncio.run(bench(Path(folder) / "data", plan, Path(folder)))
    print(f"answered {r['answered']} of {r['turns']} turns after the streamer's last word; she spoke before it in "
          f"{r['cut_in']}; load_1min after "
          f"{os.getloadavg()[0] if hasattr(os, 'getloadavg') else math.nan:.2f}", flush=True)
    print(f"RESULT mouth_to_ear_p50_ms={r['mouth_to_ear_p50_ms']:.0f} p95_ms={r['p95_ms']:.0f} "
          f"eos_ms={r['eos_ms']:.0f} stt_ms={r['stt_ms']:.0f} batch_wait_ms={r['batch_wait_ms']:.0f} "
          f"llm_first_token_ms={r['llm_first_token_ms']:.0f} speak_call_ms={r['speak_call_ms']:.0f} "
          f"tts_first_audio_ms={r['tts_first_audio_ms']:.0f} own_voice_heard={r['own_voice_heard']} "
          f"streamer_wer={r['streamer_wer']:.3f}")


if __name__ == "__main__":
    main()
