"""Speech to text and text to speech with the shipped models: quality bounds, prosody, no downloads."""

from __future__ import annotations

import asyncio
from pathlib import Path

import numpy as np
import pytest

from app.core.prosody import NEUTRAL, Prosody, prosody_for
from app.senses.voice import (
    ModelMissing,
    SileroVad,
    Transcriber,
    default_whisper_model,
    piper_voice_files,
    resample,
    whisper_model_dir,
)
from tests.senses.voice.conftest import JFK, STT_MISSING, needs_stt, needs_tts
from tests.senses.voice.wer import word_error_rate


def test_wer_function() -> None:
    assert word_error_rate("ask not what", "Ask not, what!") == 0.0
    assert word_error_rate("a b c d", "a x c") == 0.5
    assert word_error_rate("a b", "a b c d") == 1.0


def test_model_names_are_refused_so_nothing_is_downloaded(tmp_path: Path, executor) -> None:
    with pytest.raises(ModelMissing, match="never downloaded"):
        whisper_model_dir("tiny.en")
    (tmp_path / "model.bin").write_bytes(b"")
    with pytest.raises(ModelMissing, match="tokenizer.json"):
        Transcriber(tmp_path, executor=executor)
    with pytest.raises(ModelMissing, match="no Piper voice"):
        piper_voice_files(tmp_path / "nope.onnx")
    (tmp_path / "v.onnx").write_bytes(b"")
    with pytest.raises(ModelMissing, match="no config"):
        piper_voice_files(tmp_path)


@needs_stt
def test_an_english_only_model_refuses_italian(executor) -> None:
    t = Transcriber(default_whisper_model(), "it", executor=executor)
    with pytest.raises(ValueError, match="only understands English"):
        t.load_sync()


def test_jfk_is_transcribed_within_a_word_error_bound(transcriber, jfk) -> None:
    result = asyncio.run(transcriber.transcribe(jfk))
    wer = word_error_rate(JFK, result.text)
    print(f"\nJFK: {result.text!r} WER={wer:.3f} rtf={result.rtf:.3f}")
    assert wer < 0.35
    assert result.language == "en" and result.audio_s == pytest.approx(11.0, abs=0.1)


def test_streamed_silero_vad_scores_as_faster_whisper_scores_a_whole_file(jfk) -> None:
    from faster_whisper.vad import get_vad_model

    n = jfk.size // 512 * 512
    whole = get_vad_model()(jfk[:n]).reshape(-1)
    vad = SileroVad()
    streamed = np.array([vad(jfk[i:i + 512]) for i in range(0, n, 512)])
    assert np.abs(whole - streamed).max() < 1e-4


def test_silero_vad_hears_speech_and_not_silence(jfk) -> None:
    vad = SileroVad()
    speech = [vad(jfk[i:i + 512]) for i in range(0, jfk.size - 512, 512)]
    vad.reset()
    quiet = [vad(np.zeros(512, dtype=np.float32)) for _ in range(30)]
    rng = np.random.default_rng(1)
    noise = [vad((rng.standard_normal(512) * 0.003).astype(np.float32)) for _ in range(30)]
    assert max(speech) > 0.9 and np.mean(np.array(speech) > 0.5) > 0.4
    assert max(quiet) < 0.1 and max(noise) < 0.3


def test_neutral_prosody_is_byte_identical_to_none(steady_voice) -> None:
    text = "Hello chat, nice to see you."
    plain = steady_voice.synthesize_sync(text)
    neutral = steady_voice.synthesize_sync(text, NEUTRAL)
    from_word = steady_voice.synthesize_sync(text, prosody_for("neutral"))
    assert plain.pcm == neutral.pcm == from_word.pcm
    assert plain.frames > steady_voice.sample_rate // 2 and plain.unapplied == ()
    assert steady_voice.synthesize_sync(text).pcm == plain.pcm   # repeatable to the byte


def test_prosody_applies_rate_and_volume_and_declares_pitch(steady_voice) -> None:
    text = "Hello chat, nice to see you."
    plain = np.frombuffer(steady_voice.synthesize_sync(text).pcm, dtype="<i2").astype(np.float64)
    fast = steady_voice.synthesize_sync(text, Prosody(rate=1.25))
    assert fast.frames < 0.9 * plain.size
    quiet = steady_voice.synthesize_sync(text, Prosody(volume=-6.0))
    ratio = np.abs(np.frombuffer(quiet.pcm, dtype="<i2")).sum() / np.abs(plain).sum()
    assert ratio == pytest.approx(10 ** (-6 / 20), rel=0.02)
    assert steady_voice.synthesize_sync(text, Prosody(pitch=2.0)).unapplied == ("pitch",)
    assert steady_voice.synthesize_sync(text, prosody_for("excited")).unapplied == ("pitch",)


@needs_tts
def test_shipped_voice_varies_but_keeps_its_length(voice) -> None:
    a = voice.synthesize_sync("Welcome back to the stream.")
    assert a.sample_rate == 22050 and 1.0 < a.duration_s < 3.5 and a.rtf < 1.0


@pytest.mark.skipif(STT_MISSING is not None, reason=STT_MISSING or "")
def test_round_trip_she_says_it_and_whisper_hears_it(voice, transcriber) -> None:
    sentence = "Thanks for the follow, and welcome to the stream. Today we are building a castle."
    speech = voice.synthesize_sync(sentence)
    audio = resample(np.frombuffer(speech.pcm, dtype="<i2"), speech.sample_rate, 16000)
    heard = transcriber.transcribe_sync(audio)
    wer = word_error_rate(sentence, heard.text)
    print(f"\nround trip: {heard.text!r} WER={wer:.3f} tts_rtf={speech.rtf:.3f} stt_rtf={heard.rtf:.3f}")
    assert wer < 0.25
