"""The turn model: Smart Turn v3.2 (pipecat's open end-of-turn model, BSD-2-Clause), scoring whether a speaker has
finished from the sound of their words.

Theory of operation:
1. The model is the ONNX file pipecat-ai 1.14.0 ships inside its wheel (MEMBER, checked against MODEL_SHA256
   before a byte of it is used; a file that differs is refused). It is found, in order: in a folder the model
   manager installed (the catalog entry "smart-turn-v3.2" holds the wheel itself, pinned by PyPI's SHA-256), or
   in an installed pipecat-ai package; find_model() says where, or None. Only the one member is read from the
   wheel, into memory: nothing of pipecat is imported or run.
2. Input: the last WINDOW_S (8 s) of the turn at 16 kHz, left-padded with silence when shorter, normalised to zero
   mean and unit variance, as whisper's 80-band log-mel spectrogram (faster-whisper's own feature extractor, hop
   10 ms: 800 frames). Output: P(complete), already a probability.
3. score_sync() is blocking (features and inference take about 60 ms of one core); score() runs it in the
   executor it was given, off the event loop. onnxruntime runs on one thread, as the VAD does.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import numpy as np

from app.senses.voice.wheel_model import find, member_bytes

MODEL_ID = "smart-turn-v3.2"
WHEEL = "pipecat_ai-1.14.0-py3-none-any.whl"
WHEEL_SHA256 = "0352f504b44e78bdf524e45af4bc759601c835b9b7dc195efe5e03384b974a44"
MEMBER = "pipecat/audio/turn/smart_turn/data/smart-turn-v3.2-cpu.onnx"
MODEL_SHA256 = "2bb026316b14a660486a75b1733cd3fbab8c2fd0314dc9af7be49f8cca967e4f"
SAMPLE_RATE = 16000
WINDOW_S = 8
FRAMES = WINDOW_S * SAMPLE_RATE // 160


def find_model(models_root: Path | None = None) -> Path | None:
    """Rule 1: the wheel the model manager installed, or the installed package's ONNX file; None when neither."""
    return find(models_root, MODEL_ID, WHEEL, "pipecat", MEMBER)


def model_bytes(path: Path) -> bytes:
    """Rule 1 (blocking): the ONNX model from a wheel or a plain file, refused unless its SHA-256 is MODEL_SHA256."""
    return member_bytes(path, MEMBER, MODEL_SHA256, "the turn model", "Smart Turn v3.2")


def features(audio: np.ndarray, extractor: Any) -> np.ndarray:
    """Rule 2: [1, 80, 800] float32 from the last 8 s of 16 kHz audio."""
    n = WINDOW_S * SAMPLE_RATE
    x = np.asarray(audio, dtype=np.float32).reshape(-1)[-n:]
    x = np.pad(x, (n - x.size, 0))
    x = (x - x.mean()) / np.sqrt(x.var() + 1e-7)
    mel = extractor(x, padding=0)
    return np.ascontiguousarray(mel[:, :FRAMES], dtype=np.float32)[None]


class TurnModel:
    """Rules 2-3."""

    def __init__(self, path: Path, *, executor: Executor | None = None) -> None:
        self.path = Path(path)
        self.executor = executor
        self._session: Any = None
        self._extractor: Any = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._session is not None

    def load_sync(self) -> None:
        """Blocking: read, check and open the model."""
        with self._lock:
            if self._session is not None:
                return
            import onnxruntime
            from faster_whisper.feature_extractor import FeatureExtractor

            onnxruntime.disable_telemetry_events()
            opts = onnxruntime.SessionOptions()
            opts.inter_op_num_threads = 1
            opts.intra_op_num_threads = 1
            opts.log_severity_level = 4
            self._extractor = FeatureExtractor(feature_size=80, sampling_rate=SAMPLE_RATE, hop_length=160,
                                               chunk_length=WINDOW_S, n_fft=400)
            self._session = onnxruntime.InferenceSession(model_bytes(self.path), sess_options=opts,
                                                         providers=["CPUExecutionProvider"])

    def score_sync(self, audio: np.ndarray) -> float:
        """Blocking: P(complete) for the turn's audio so far."""
        self.load_sync()
        out = self._session.run(None, {"input_features": features(audio, self._extractor)})[0]
        return float(np.asarray(out).reshape(-1)[0])

    async def score(self, audio: np.ndarray) -> float:
        return await asyncio.get_running_loop().run_in_executor(self.executor, self.score_sync, audio)

    def close(self) -> None:
        with self._lock:
            self._session = None

