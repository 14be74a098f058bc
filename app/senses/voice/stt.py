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
   misheard line must not colour the next). Greedy decoding (beam_size 1) and no temperature fallback: a
   sampled retry is a guess by design and not repeatable (on German speech, tiny.en's retry at 0.4 once wrote
   "Have lots of lemon, make comments so we can stream." and it passed the guard in a CI run, where the
   greedy decode alone is dropped every time); what greedy decoding gets wrong, the guard drops (rule 6).
5. Short utterances (up to SHORT_MAX_S) are decoded with the encoder's window cut to the audio plus MARGIN_S
   of silence, never shorter than MIN_WINDOW_S, instead of whisper's fixed 30 s: the encoder's work shrinks with
   it (a 3 s utterance: a third), and the transcripts measured on the JFK clip, German and Italian speech were the same
   words. A cut window can make whisper miss the end (on a 2.3 s piece of the JFK clip it said the sentence five times):
   whatever the guard does not pass from it (a loop, a guess, noise) is decoded again the usual way, over a
   full 30 s window. Longer utterances go that way from the start.
6. Every decode is judged by app.core.transcript_guard (no speech, a guess, repetition, loops, more text than
   the audio could hold) before it leaves: what the guard rejects is never text; the reasons (never the
   words) are in Transcript.dropped and the log. The result carries the text, the language and how long it
   took.
7. A multilingual model first tells the language (whisper's probability for every language, from the same
   encoder output the decode uses: one decoder step more; past SHORT_MAX_S, from the first 30 s), and the
   guard's rule 6 decides whether the utterance is heard at all: speech in a language other than the one set,
   or in one whisper cannot name with confidence when detecting, is never decoded into words. Detecting, the
   decode is then forced to the language found, so a guess is not made twice. A doubtful language with
   unsure words (rule 7) is not heard either. An English-only model cannot tell languages apart: its
   transcripts meet rules 2-3 of the guard alone.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import threading
import time
import weakref
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np

from app.core.transcript_guard import (
    DOUBTFUL,
    LOW_LOGPROB,
    MAX_COMPRESSION,
    NO_SPEECH,
    Piece,
    compression_ratio,
    detected,
    doubtful,
    judge,
    language_problem,
    piece_problem,
)
from app.senses.voice.models import offline, whisper_model_dir
from app.senses.voice.pcm import to_float32

log = logging.getLogger(__name__)

SAMPLE_RATE = 16000
SHORT_MAX_S = 28.0           # rule 5: up to this, the encoder's window is cut to the utterance
MARGIN_S = 1.0               # of silence after it
MIN_WINDOW_S = 10.0          # never shorter: below that whisper loses punctuation, and then words
FULL_FRAMES = 3000           # whisper's 30 s window, in 10 ms feature frames
TOKENS_PER_S, TOKENS_SLACK = 15, 24   # a cap on what one utterance may decode to (loops end there)


@dataclass(frozen=True)
class Transcript:
    text: str
    language: str | None
    audio_s: float
    elapsed_s: float
    dropped: tuple[str, ...] = ()     # rule 6: why the guard left pieces (or all) out
    language_p: float | None = None   # rule 7: whisper's probability for `language` (None: not detected)
    logprob: float | None = None      # the lowest average log-probability of the pieces kept (None: none kept)

    @property
    def rtf(self) -> float:
        """Real-time factor: seconds of work per second of audio."""
        return self.elapsed_s / self.audio_s if self.audio_s else 0.0


class Transcriber:
    """Rules 1-4."""

    def __init__(self, model_path: str | os.PathLike[str], language: str | None = "en", *,
                 executor: Executor, compute_type: str = "int8", cpu_threads: int = 0, beam_size: int = 1,
                 temperatures: tuple[float, ...] = (0.0,), initial_prompt: str | None = None) -> None:
        self.model_path = whisper_model_dir(model_path)
        self.language = None if language in (None, "", "auto") else language
        self.executor = executor
        self.compute_type = compute_type
        self.cpu_threads = cpu_threads or min(4, os.cpu_count() or 1)
        self.beam_size = beam_size
        self.temperatures = temperatures
        self.initial_prompt = initial_prompt
        self.doubt = True           # the guard's rule 7 (off only where its thresholds are being chosen)
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
        """The words in `audio`, one transcription at a time, in the order asked. Cancelled while it waits its
        turn, it never runs; cancelled while it runs, it still holds the turn until the model is done, so the
        next one never runs beside it."""
        loop = asyncio.get_running_loop()
        order = self._order.setdefault(loop, asyncio.Lock())
        async with order:
            work = loop.run_in_executor(self.executor, self.transcribe_sync, audio)
            try:
                return await asyncio.shield(work)
            except asyncio.CancelledError:
                await asyncio.wait([work])
                raise

    def transcribe_sync(self, audio: np.ndarray) -> Transcript:
        """Blocking: call in the executor."""
        self.load_sync()
        x = to_float32(audio)
        audio_s = x.size / SAMPLE_RATE
        start = time.perf_counter()
        encoded = self._encode_cut(x) if audio_s <= SHORT_MAX_S else None
        probabilities = self._languages(x, encoded)                       # rule 7
        language = self.language or detected(probabilities)
        language_p = probabilities.get(language, 0.0) if probabilities and language else None
        problem = language_problem(probabilities, self.language)
        if problem is not None:
            log.info("the transcript guard left out: %s", problem)
            return Transcript("", language, audio_s, time.perf_counter() - start, (problem,), language_p)
        verdict, pieces = None, []
        if encoded is not None:
            pieces = [self._decode_short(encoded, language, audio_s)]
            verdict = judge(pieces, audio_s)
        if verdict is None or not verdict.clean:      # rule 5: what the cut window got wrong, the full one tries
            pieces = self._decode_long(x, language)
            verdict = judge(pieces, audio_s)
        if verdict.dropped:
            log.info("the transcript guard left out: %s", ", ".join(verdict.dropped))
        kept = [p.avg_logprob for p in pieces if p.text.strip() and piece_problem(p, audio_s) is None]
        logprob = min(kept) if verdict.text and kept else None
        if self.doubt and doubtful(language_p, logprob):          # the guard's rule 7
            log.info("the transcript guard left out: %s", DOUBTFUL)
            return Transcript("", language, audio_s, time.perf_counter() - start, (*verdict.dropped, DOUBTFUL),
                              language_p, logprob)
        return Transcript(verdict.text, language, audio_s, time.perf_counter() - start, verdict.dropped,
                          language_p, logprob)

    def _languages(self, x: np.ndarray, encoded: Any) -> dict[str, float] | None:
        """Rule 7: whisper's probability for each language, None from an English-only model."""
        model = self._model
        if not model.model.is_multilingual:
            return None
        if encoded is None:
            return dict(model.detect_language(audio=x)[2])
        return {token[2:-2]: p for token, p in model.model.detect_language(encoded)[0]}

    def _decode_long(self, x: np.ndarray, language: str | None) -> list[Piece]:
        segments, _ = self._model.transcribe(
            x, language=language, beam_size=self.beam_size, vad_filter=False,
            condition_on_previous_text=False, without_timestamps=True, initial_prompt=self.initial_prompt,
            temperature=list(self.temperatures), compression_ratio_threshold=MAX_COMPRESSION,
            log_prob_threshold=LOW_LOGPROB, no_speech_threshold=NO_SPEECH)
        return [Piece(s.text, s.no_speech_prob, s.avg_logprob, s.compression_ratio) for s in segments]

    def _encode_cut(self, x: np.ndarray) -> Any:
        """Rule 5: the encoder's output for a window the length of the utterance."""
        import ctranslate2

        model = self._model
        features = model.feature_extractor(x)
        frames = min(FULL_FRAMES, max(int(MIN_WINDOW_S * 100), 2 * math.ceil((features.shape[1] + MARGIN_S * 100) / 2)))
        window = np.zeros((features.shape[0], frames), dtype=np.float32)
        used = min(frames, features.shape[1])
        window[:, :used] = features[:, :used]
        return model.model.encode(ctranslate2.StorageView.from_array(window[None]), to_cpu=False)

    def _decode_short(self, encoded: Any, language: str | None, audio_s: float) -> Piece:
        """Rule 5: one greedy decode of the cut window."""
        from faster_whisper.tokenizer import Tokenizer

        model = self._model
        tokenizer = Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe",
                              language=language or "en")
        prompt = list(tokenizer.sot_sequence) + [tokenizer.no_timestamps]
        if self.initial_prompt:
            prompt = [tokenizer.sot_prev, *tokenizer.encode(" " + self.initial_prompt.strip())][-223:] + prompt
        max_length = min(224, TOKENS_SLACK + int(TOKENS_PER_S * audio_s))
        result = model.model.generate(encoded, [prompt], max_length=max_length, return_scores=True,
                                      return_no_speech_prob=True, beam_size=self.beam_size)[0]
        ids = [t for t in result.sequences_ids[0] if t < tokenizer.eot]
        text = tokenizer.decode(ids)
        avg_logprob = result.scores[0] * len(ids) / (len(ids) + 1) if ids else 0.0
        return Piece(text, result.no_speech_prob, avg_logprob, compression_ratio(text))
