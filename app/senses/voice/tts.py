"""Text to speech: a Piper voice, with the mood's prosody applied as far as Piper can.

Theory of operation:
1. A Voice is a Piper .onnx model and its .json config (models.piper_voice_files), loaded in the executor
   given with onnxruntime on the CPU. Piper's phonemiser (espeak-ng) and its data ship inside piper-tts:
   nothing is downloaded. load() also synthesises one short word, so the first real line does not pay for
   warming up.
2. synthesize(text, prosody) gives 16-bit mono PCM at the voice's sample rate. The prosody goes through
   app.core.prosody.for_piper: length_scale (the rate) is handed to Piper, the volume gain is applied to the
   PCM with apply_gain_pcm16, and what Piper cannot do (pitch) is returned as `unapplied` for the caller to
   log. No prosody and the neutral one take the very same path (rule 4 of prosody), so their audio is
   byte-identical whenever the synthesis itself is repeatable (noise_scale = noise_w_scale = 0; with the
   voice's default noise every call differs, prosody or not).
3. Piper normalises every sentence to full scale; headroom_db lowers that (in Piper, before the int16
   conversion) so a louder mood has room before it clips. It is the same for every prosody, neutral included.
4. Blocking calls (load_sync, synthesize_sync) run in the executor; the async ones hop there themselves.
5. One onnxruntime thread by default (threads=0 lets onnxruntime pick): on this 2-core machine a chunk is made
   two to three times faster on one thread than on two whenever anything else wants the CPU (measured:
   "Hey chat," 63-79 ms against 174-188 ms), and the Mouth only ever synthesises one chunk at a time.
6. onnxruntime's CPU arena is off for her voice. With it on (each run shrinking the arena's free regions at its
   end), a long line's audio, still held when its run ended, kept the region it lay in resident: 528 MB in use
   after a 12 s line until the next line ran, in a process with no other onnxruntime session (a clean-clone CI
   failed on it); left without the shrink, one long line took the process from 180 to 470 MB of RSS for ever.
   Measured off against on, a 12 s line twice: 4.3-4.5 s against 3.1-3.2 s, a short chunk ("Hey chat, welcome
   back!") 122-131 ms against 138-148 ms, and nothing held after (the Mouth synthesises a chunk at a time).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from app.core.prosody import Prosody, apply_gain_pcm16, for_piper
from app.senses.voice.models import offline, piper_voice_files


@dataclass(frozen=True)
class Synthesis:
    text: str
    pcm: bytes                    # int16 little-endian, mono
    sample_rate: int
    unapplied: tuple[str, ...]    # prosody Piper could not apply
    elapsed_s: float

    @property
    def frames(self) -> int:
        return len(self.pcm) // 2

    @property
    def duration_s(self) -> float:
        return self.frames / self.sample_rate

    @property
    def rtf(self) -> float:
        return self.elapsed_s / self.duration_s if self.frames else 0.0


class Voice:
    """Rules 1-6."""

    def __init__(self, model_path: str | os.PathLike[str], config_path: str | os.PathLike[str] | None = None,
                 *, executor: Executor, headroom_db: float = 3.0, noise_scale: float | None = None,
                 noise_w_scale: float | None = None, threads: int = 1, warm_up: bool = True) -> None:
        self.model_path, self.config_path = piper_voice_files(model_path, config_path)
        self.executor = executor
        if headroom_db < 0:
            raise ValueError("headroom_db is >= 0")
        self.headroom_db = headroom_db
        self.noise_scale = noise_scale
        self.noise_w_scale = noise_w_scale
        self.threads = threads
        self.warm_up = warm_up
        with open(self.config_path, encoding="utf-8") as f:
            config = json.load(f)
        self.sample_rate = int(config["audio"]["sample_rate"])
        self.language = config.get("language", {}).get("code") or config.get("espeak", {}).get("voice")
        self._base_length_scale = float(config.get("inference", {}).get("length_scale", 1.0))
        self._piper: Any = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._piper is not None

    async def load(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self.executor, self.load_sync)

    def load_sync(self) -> None:
        with self._lock:
            if self._piper is not None:
                return
            offline()
            import onnxruntime
            from piper import PiperConfig, PiperVoice

            onnxruntime.disable_telemetry_events()  # its native collector is off already (app/__init__.py)
            opts = onnxruntime.SessionOptions()
            if self.threads:
                opts.intra_op_num_threads = self.threads
                opts.inter_op_num_threads = 1
            opts.log_severity_level = 3
            opts.enable_cpu_mem_arena = False   # rule 6
            session = onnxruntime.InferenceSession(str(self.model_path), sess_options=opts,
                                                   providers=["CPUExecutionProvider"])
            with open(self.config_path, encoding="utf-8") as f:
                config = PiperConfig.from_dict(json.load(f))
            piper = PiperVoice(session=session, config=config)
            if self.warm_up:
                for _ in piper.synthesize("Hi."):
                    pass
            self._piper = piper

    def close(self) -> None:
        with self._lock:
            self._piper = None

    async def synthesize(self, text: str, prosody: Prosody | None = None) -> Synthesis:
        return await asyncio.get_running_loop().run_in_executor(self.executor, self.synthesize_sync, text,
                                                                prosody)

    def synthesize_sync(self, text: str, prosody: Prosody | None = None) -> Synthesis:
        """Blocking: call in the executor (rule 2)."""
        self.load_sync()
        from piper import SynthesisConfig

        start = time.perf_counter()
        plan = for_piper(prosody, self._base_length_scale)
        config = SynthesisConfig(length_scale=plan.length_scale, noise_scale=self.noise_scale,
                                 noise_w_scale=self.noise_w_scale, volume=10.0 ** (-self.headroom_db / 20.0))
        pcm = b"".join(chunk.audio_int16_bytes for chunk in self._piper.synthesize(text, syn_config=config))
        pcm = apply_gain_pcm16(pcm, plan.volume_gain)
        return Synthesis(text, pcm, self.sample_rate, plan.unapplied, time.perf_counter() - start)
