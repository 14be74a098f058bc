"""Speech to text: faster-whisper on the CPU (int8), loaded from a local folder, run in an injected executor.

Theory of operation:
1. A Transcriber is given a model folder and a language ("en", "it", ...; None or "auto" detects it, which
   only a multilingual model can). The folder is checked (models.whisper_model_dir) and the hub is switched
   off before faster-whisper is touched: nothing is ever downloaded.
2. load() and transcribe() run in the executor given, never on the event loop; transcribe() loads on first
   use. Calls are served one at a time, in the order they were made.
3. An English-only model (".en") asked for another language is refused at load with a clear message.
4. transcribe() takes 16 kHz mono audio (float32 or int16) that is already one utterance (Ears cut it with the
   VAD), so faster-whisper's own VAD filter is off; no text is conditioned on an earlier utterance (one
   misheard line must not colour the next), and whisper's own no-speech and log-probability thresholds drop
   segments that are noise. Greedy decoding (beam_size 1) and at most one temperature fallback keep a short
   utterance from costing several decodes. The result carries the text, the language and how long it took.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
import weakref
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np

from app.senses.voice.models import offline, whisper_model_dir
from app.senses.voice.pcm import to_float32

SAMPLE_RATE = 16000


@dataclass(frozen=True)
class Transcript:
    text: str
    language: str | None
    audio_s: float
    elapsed_s: float

    @property
    def rtf(self) -> float:
        """Real-time factor: seconds of work per second of audio."""
        return self.elapsed_s / self.audio_s if self.audio_s else 0.0


class Transcriber:
    """Rules 1-4."""

    def __init__(self, model_path: str | os.PathLike[str], language: str | None = "en", *,
                 executor: Executor, compute_type: str = "int8", cpu_threads: int = 0, beam_size: int = 1,
                 temperatures: tuple[float, ...] = (0.0, 0.4), initial_prompt: str | None = None) -> None:
        self.model_path = whisper_model_dir(model_path)
        self.language = None if language in (None, "", "auto") else language
        self.executor = executor
        self.compute_type = compute_type
        self.cpu_threads = cpu_threads or min(4, os.cpu_count() or 1)
        self.beam_size = beam_size
        self.temperatures = temperatures
        self.initial_prompt = initial_prompt
        self._model: Any = None
        self._load_lock = threading.Lock()
        self._order: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
            weakref.WeakKeyDictionary())

    @property
    def loaded(self) -> bool:
        return self._model is not None

    async def load(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self.executor, self.load_sync)

    def load_sync(self) -> None:
        """Blocking: call in the executor."""
        with self._load_lock:
            if self._model is not None:
                return
            offline()
            from faster_whisper import WhisperModel

            model = WhisperModel(str(self.model_path), device="cpu", compute_type=self.compute_type,
                                 cpu_threads=self.cpu_threads, local_files_only=True)
            if not model.model.is_multilingual:
                if self.language is None:
                    self.language = "en"
                elif self.language != "en":
                    raise ValueError(f"the speech model in {self.model_path} only understands English; "
                                     f"pick a multilingual model to hear {self.language!r}")
            self._model = model

    def close(self) -> None:
        """Let the model go (before the interpreter exits, so CTranslate2's threads end in order)."""
        with self._load_lock:
            self._model = None

    async def transcribe(self, audio: np.ndarray) -> Transcript:
        loop = asyncio.get_running_loop()
        order = self._order.setdefault(loop, asyncio.Lock())
        async with order:
            return await loop.run_in_executor(self.executor, self.transcribe_sync, audio)

    def transcribe_sync(self, audio: np.ndarray) -> Transcript:
        """Blocking: call in the executor."""
        self.load_sync()
        x = to_float32(audio)
        start = time.perf_counter()
        segments, info = self._model.transcribe(
            x, language=self.language, beam_size=self.beam_size, vad_filter=False,
            condition_on_previous_text=False, without_timestamps=True, initial_prompt=self.initial_prompt,
            temperature=list(self.temperatures))
        text = " ".join(s.text.strip() for s in segments if s.text.strip())
        return Transcript(text, info.language, x.size / SAMPLE_RATE, time.perf_counter() - start)
