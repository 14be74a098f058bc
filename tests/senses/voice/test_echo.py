"""Her voice taken out of the microphone: her own speech played into a simulated room comes back through the
microphone with the streamer's; WebRTC's canceller (pywebrtc-audio) leaves the streamer and takes her out."""

from __future__ import annotations

import numpy as np
import pytest

from app.senses.voice.echo import EchoCanceller, EchoUnavailable
from app.senses.voice.pcm import resample, to_float32

MIC = 16000
BLOCK_OUT = 512        # her speakers' render block at her voice's rate
BLOCK_IN = 512         # the microphone's block at 16 kHz


def room(x: np.ndarray, delay_s: float = 0.06, gain: float = 0.5) -> np.ndarray:
    """Her voice as the microphone hears it from the speakers: a delay, a few reflections and a decaying tail."""
    h = np.zeros(int(0.25 * MIC), dtype=np.float32)
    d = int(delay_s * MIC)
    h[d] = gain
    for k, (at, g) in enumerate([(0.007, 0.25), (0.015, -0.18), (0.031, 0.12), (0.05, -0.08)]):
        h[d + int(at * MIC)] += g * (0.9 ** k)
    tail = np.random.default_rng(3).standard_normal(h.size - d - 900).astype(np.float32)
    h[d + 900:] += 0.02 * tail * np.exp(-np.arange(tail.size) / (0.04 * MIC))
    return np.convolve(x, h)[: x.size].astype(np.float32)


def her_speech(voice, seconds: float) -> tuple[np.ndarray, int]:
    lines = ["Hey chat, welcome back to the stream, tonight we are playing something new.",
             "I think the boss fight is coming up soon, so get your popcorn ready.",
             "Somebody asked about my favourite food, and honestly it is pizza every time."]
    pcm, rate = [], voice.sample_rate
    while sum(p.size for p in pcm) < seconds * rate:
        for line in lines:
            pcm.append(np.frombuffer(voice.synthesize_sync(line).pcm, dtype="<i2"))
    audio = np.concatenate(pcm)[: int(seconds * rate)]
    return audio, rate


def run(canceller: EchoCanceller, played: np.ndarray, rate: int, mic: np.ndarray) -> np.ndarray:
    """Her speakers render a block, then the microphone hands over what it heard meanwhile, on one clock."""
    out, t_out, t_in, i_in = [], 0.0, 0.0, 0
    for i in range(0, played.size, BLOCK_OUT):
        block = played[i:i + BLOCK_OUT]
        canceller.played(block, rate, t_out)
        t_out += block.size / rate
        while i_in + BLOCK_IN <= mic.size and t_in + BLOCK_IN / MIC <= t_out:
            t_in += BLOCK_IN / MIC
            out.append(canceller.clean(mic[i_in:i_in + BLOCK_IN], t_in))
            i_in += BLOCK_IN
    return np.concatenate(out)


def db(a: np.ndarray, b: np.ndarray) -> float:
    return 10 * np.log10((np.sum(a.astype(np.float64) ** 2) + 1e-12) / (np.sum(b.astype(np.float64) ** 2) + 1e-12))


@pytest.fixture(scope="module")
def scene(steady_voice, jfk):
    """22 s: her alone for the first 11 s, then the streamer (the JFK clip) talks over her, her echo about as loud
    at the microphone as the streamer's voice (speakers beside the microphone, up loud)."""
    her, rate = her_speech(steady_voice, 22.0)
    her16 = resample(to_float32(her), rate, MIC)[: 22 * MIC]
    echo = room(her16, gain=0.5)
    streamer = np.zeros_like(echo)
    clip = jfk[: 11 * MIC] * 0.5
    streamer[11 * MIC: 11 * MIC + clip.size] = clip
    noise = np.random.default_rng(5).standard_normal(echo.size).astype(np.float32) * 10 ** (-55 / 20)
    return her, rate, echo, streamer, (echo + streamer + noise).astype(np.float32)


def test_her_voice_is_taken_out_and_the_canceller_says_it_converged(scene):
    her, rate, echo, _streamer, mic = scene
    canceller = EchoCanceller()
    cleaned = run(canceller, her, rate, mic)
    lag = 160    # the canceller hands a block back less than one 10 ms frame late
    erle = db(mic[8 * MIC:11 * MIC], cleaned[8 * MIC + lag:11 * MIC + lag])
    assert erle >= 15.0, f"only {erle:.1f} dB of her voice taken out once settled"
    assert canceller.converged       # said once it took CONVERGED_DB out; the streamer talking later keeps it


def spectral_snr(estimate: np.ndarray, clean: np.ndarray) -> float:
    """How close two signals' magnitude spectra are (dB): phase, which the canceller shifts, left out."""
    def mag(x):
        frames = np.lib.stride_tricks.sliding_window_view(x, 512)[::256] * np.hanning(512)
        return np.abs(np.fft.rfft(frames, axis=1))
    a, b = mag(estimate), mag(clean)
    return db(b, a - b)


def test_the_streamer_talking_over_her_comes_through_clearer_and_she_alone_is_not_heard(scene, transcriber):
    her, rate, _echo, streamer, mic = scene
    cleaned = run(EchoCanceller(), her, rate, mic)
    # out 18 ms after in: up to a 10 ms frame waiting to be whole, and the processing's own delay
    over, lag = slice(11 * MIC, 22 * MIC - 1600), 288
    before = spectral_snr(mic[over], streamer[over])
    after = spectral_snr(cleaned[over.start + lag:over.stop + lag], streamer[over])
    assert after >= before + 2.0, (before, after)
    assert db(cleaned[over.start + lag:over.stop + lag], streamer[over]) > -3.0     # the streamer's level kept
    alone = transcriber.transcribe_sync(cleaned[2 * MIC: 11 * MIC]).text.lower()
    raw = transcriber.transcribe_sync(mic[2 * MIC: 11 * MIC]).text.lower()
    her_words = ("stream", "boss", "pizza", "popcorn", "chat", "favourite", "favorite", "tonight")
    assert any(w in raw for w in her_words) and not any(w in alone for w in her_words), (raw, alone)


def test_with_nothing_played_the_microphone_passes_on_time_and_unharmed(jfk):
    canceller = EchoCanceller()
    x = jfk[: 3 * MIC].astype(np.float32)
    out = np.concatenate([canceller.clean(x[i:i + 480], (i + 480) / MIC) for i in range(0, x.size, 480)])
    assert out.size == x.size and not canceller.converged
    assert db(out[MIC:], x[MIC - 160: 2 * MIC - 160 + MIC]) > -3.0   # speech kept (noise suppression aside)


def test_a_canceller_that_cannot_be_built_says_what_is_missing():
    def missing():
        raise EchoUnavailable("echo cancellation needs pywebrtc-audio (No module named 'pywebrtc_audio')")
    with pytest.raises(EchoUnavailable, match="pywebrtc-audio"):
        EchoCanceller(missing)
