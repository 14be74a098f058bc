"""The speaker model: resemblyzer 0.1.4's GE2E voice encoder (Apache-2.0), a 256-number print of whose voice is
speaking, so that her ears can tell the streamer from the other voices in the room.

Theory of operation:
1. The model is the torch state dict resemblyzer 0.1.4 ships inside its wheel (MEMBER, checked against
   MODEL_SHA256 before a byte of it is used; a file that differs is refused). It is found, in order: in a folder
   the model manager installed (the catalog entry "resemblyzer-0.1.4" holds the wheel itself, pinned by PyPI's
   SHA-256), or in an installed resemblyzer package; find_model() says where, or None. Only the one member is
   read from the wheel, into memory, with torch.load(weights_only=True): nothing of resemblyzer is imported or
   run (it would bring librosa, numba and webrtcvad), and no pickled code is executed.
2. The network is rebuilt here from the state dict's shapes: a 3-layer LSTM (40 inputs, 256 hidden), whose
   last layer's final hidden state goes through a 256x256 linear layer and a ReLU, then is scaled to unit length.
3. The features follow the model's documented input: 16 kHz mono; the level raised (never lowered) to
   TARGET_DBFS over the whole clip; long silences cut out; a power (not log) mel spectrogram of 40 Slaney mel
   bands (0-8 kHz, Slaney area normalisation) from a 400-sample periodic Hann window (25 ms) every 160 samples
   (10 ms), the signal zero-padded by half a window at both ends so frame i is centred on sample 160*i.
4. Silences are cut by an energy gate, not a VAD model: the audio the app passes is already a turn her ears cut
   with the Silero VAD, or an enrolment take read in a quiet room, so the gate only has to drop pauses. 30 ms
   windows are voiced when within GATE_DB of the loud end of the clip (its 95th percentile window) and above
   FLOOR_DBFS; a window is kept when at least half of the 8 around it are voiced, and every pause of up to 6
   windows (180 ms) between kept windows stays, so words keep their rhythm.
5. Less than MIN_SPEECH_S of speech left after the gate is refused with ValueError: a print of half a second
   says little about a voice.
6. The utterance's print is the mean of the prints of PARTIAL_FRAMES-frame windows (1.6 s) every PARTIAL_STEP
   frames, scaled to unit length. The last window is kept, zero-padded, when audio fills at least MIN_COVERAGE
   of it; there is always at least one. 77 frames is the model's own default rate of 1.3 windows a second (a
   little over 50 % overlap): with it, the same speech gives the reference implementation's print to a cosine
   of 1.00000, and the whole clip, silences cut by rule 4, to 0.993 or more (JFK, Piper and eSpeak clips).
7. embed_sync() is blocking (on one core about 15 ms for 5 s of speech, 30 ms for 11 s; features under 2 ms);
   embed() runs it in the executor it was given, off the event loop, one embedding at a time. torch keeps its own
   intra-op thread count: the app sets none, and setting it here would change it for every torch user in the
   process.
"""

from __future__ import annotations

import asyncio
import io
import threading
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import numpy as np

from app.senses.voice.models import ModelMissing
from app.senses.voice.wheel_model import find, member_bytes

MODEL_ID = "resemblyzer-0.1.4"
WHEEL = "Resemblyzer-0.1.4-py3-none-any.whl"
WHEEL_SHA256 = "8f12eb2f1a9982d32e8db7856de754709b59c93a77bcf0ff536584b619a9dd1f"
MEMBER = "resemblyzer/pretrained.pt"
MODEL_SHA256 = "39373b86598fa3da9fcddee6142382efe09777e8d37dc9c0561f41f0070f134e"
SAMPLE_RATE = 16000
DIM = 256
N_FFT = 400
HOP = 160
N_MELS = 40
TARGET_DBFS = -30.0
GATE_WINDOW = 480          # 30 ms
GATE_DB = 35.0
FLOOR_DBFS = -60.0
GATE_SMOOTH = 8
GATE_KEEP_PAUSE = 6
MIN_SPEECH_S = 1.0
PARTIAL_FRAMES = 160
PARTIAL_STEP = 77
MIN_COVERAGE = 0.75


def find_model(models_root: Path | None = None) -> Path | None:
    """Rule 1: the wheel the model manager installed, or the installed package's state dict; None when neither."""
    return find(models_root, MODEL_ID, WHEEL, "resemblyzer", MEMBER)


def model_bytes(path: Path) -> bytes:
    """Rule 1 (blocking): the state dict from a wheel or a plain file, refused unless its SHA-256 is MODEL_SHA256."""
    return member_bytes(path, MEMBER, MODEL_SHA256, "the voice model", "resemblyzer 0.1.4's")


def _hz_to_mel(hz: np.ndarray) -> np.ndarray:
    """Slaney's mel scale: linear (3 per 200 Hz) up to 1 kHz, logarithmic (27 steps per factor 6.4) above."""
    hz = np.asarray(hz, dtype=np.float64)
    log_part = 15.0 + np.log(np.maximum(hz, 1000.0) / 1000.0) / (np.log(6.4) / 27.0)
    return np.where(hz < 1000.0, hz * 3.0 / 200.0, log_part)


def _mel_to_hz(mel: np.ndarray) -> np.ndarray:
    mel = np.asarray(mel, dtype=np.float64)
    return np.where(mel < 15.0, mel * 200.0 / 3.0, 1000.0 * np.exp((mel - 15.0) * np.log(6.4) / 27.0))


def mel_filters() -> np.ndarray:
    """Rule 3: [N_MELS, N_FFT // 2 + 1] triangles, equally spaced in mel from 0 Hz to 8 kHz, each of unit area."""
    bins = np.linspace(0.0, SAMPLE_RATE / 2, N_FFT // 2 + 1)
    edges = _mel_to_hz(np.linspace(_hz_to_mel(0.0), _hz_to_mel(SAMPLE_RATE / 2), N_MELS + 2))
    low, mid, high = edges[:-2, None], edges[1:-1, None], edges[2:, None]
    rising = (bins[None, :] - low) / (mid - low)
    falling = (high - bins[None, :]) / (high - mid)
    weights = np.maximum(0.0, np.minimum(rising, falling))
    return (weights * (2.0 / (high - low))).astype(np.float32)


_FILTERS = mel_filters()
_WINDOW = (0.5 - 0.5 * np.cos(2.0 * np.pi * np.arange(N_FFT) / N_FFT)).astype(np.float32)


def mel_spectrogram(audio: np.ndarray) -> np.ndarray:
    """Rule 3: [frames, N_MELS] float32 power mel spectrogram, one frame every HOP samples (len // HOP + 1)."""
    x = np.pad(np.asarray(audio, dtype=np.float32).reshape(-1), N_FFT // 2)
    n = 1 + (x.size - N_FFT) // HOP
    frames = np.lib.stride_tricks.as_strided(x, (n, N_FFT), (x.strides[0] * HOP, x.strides[0]), writeable=False)
    spectrum = np.fft.rfft(frames * _WINDOW, axis=1)
    power = spectrum.real ** 2 + spectrum.imag ** 2
    return (power.astype(np.float32) @ _FILTERS.T).astype(np.float32)


def louder(audio: np.ndarray) -> np.ndarray:
    """Rule 3: the clip raised to TARGET_DBFS (RMS over the whole clip) when quieter; ValueError on silence."""
    x = np.asarray(audio, dtype=np.float32).reshape(-1)
    rms = float(np.sqrt(np.mean(np.square(x, dtype=np.float64)))) if x.size else 0.0
    if rms <= 1e-9:
        raise ValueError("there is no sound in this audio, so no voice to recognise")
    dbfs = 20.0 * np.log10(rms)
    return x * np.float32(10 ** ((TARGET_DBFS - dbfs) / 20)) if dbfs < TARGET_DBFS else x


def speech_only(audio: np.ndarray) -> np.ndarray:
    """Rule 4: the clip with its long silences cut out (whole GATE_WINDOW windows; a tail shorter than one goes)."""
    x = np.asarray(audio, dtype=np.float32).reshape(-1)
    n = x.size // GATE_WINDOW
    if n == 0:
        return x[:0]
    windows = x[:n * GATE_WINDOW].reshape(n, GATE_WINDOW)
    db = 10.0 * np.log10(np.mean(np.square(windows, dtype=np.float64), axis=1) + 1e-12)
    voiced = (db >= np.percentile(db, 95) - GATE_DB) & (db >= FLOOR_DBFS)
    # "at least half of the 8 windows around it": windows i-3 .. i+4, as a centred moving sum
    around = np.convolve(voiced.astype(np.float64), np.ones(GATE_SMOOTH), mode="full")
    start = GATE_SMOOTH // 2
    kept = around[start:start + n] >= GATE_SMOOTH / 2
    # pauses of up to GATE_KEEP_PAUSE windows stay: every kept window reaches half of that either side
    reach = GATE_KEEP_PAUSE // 2
    kept = np.convolve(kept.astype(np.float64), np.ones(2 * reach + 1), mode="same") > 0
    return windows[kept].reshape(-1)


def partial_starts(n_samples: int) -> list[int]:
    """Rule 6: the first frame of each partial window over n_samples of speech."""
    length = PARTIAL_FRAMES * HOP
    starts = [0]
    while True:
        nxt = starts[-1] + PARTIAL_STEP
        if n_samples - nxt * HOP < MIN_COVERAGE * length:
            return starts
        starts.append(nxt)


def features(audio: np.ndarray) -> np.ndarray:
    """Rules 3-6: [partials, PARTIAL_FRAMES, N_MELS] float32 from 16 kHz audio; ValueError on too little speech."""
    speech = speech_only(louder(audio))
    if speech.size < MIN_SPEECH_S * SAMPLE_RATE:
        heard = int(speech.size / SAMPLE_RATE * 10) / 10
        raise ValueError(f"too little speech to know the voice: {heard:.1f} s heard, at least {MIN_SPEECH_S:.1f} s "
                         "needed")
    starts = partial_starts(speech.size)
    end = (starts[-1] + PARTIAL_FRAMES) * HOP
    mel = mel_spectrogram(np.pad(speech, (0, max(0, end - speech.size))))
    return np.stack([mel[s:s + PARTIAL_FRAMES] for s in starts]).astype(np.float32)


def _encoder(state: dict[str, Any]) -> Any:
    """Rule 2: the network, with the checkpoint's weights (strict: a missing or odd-shaped tensor is an error)."""
    import torch

    class Encoder(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.lstm = torch.nn.LSTM(N_MELS, DIM, 3, batch_first=True)
            self.linear = torch.nn.Linear(DIM, DIM)

        def forward(self, mels: torch.Tensor) -> torch.Tensor:
            _, (hidden, _) = self.lstm(mels)
            out = torch.relu(self.linear(hidden[-1]))
            return out / torch.linalg.vector_norm(out, dim=1, keepdim=True).clamp_min(1e-12)

    net = Encoder()
    net.load_state_dict({k: v for k, v in state.items() if k.startswith(("lstm.", "linear."))}, strict=True)
    return net.eval()


class SpeakerModel:
    """Rules 1-7."""

    def __init__(self, path: Path, *, executor: Executor | None = None) -> None:
        self.path = Path(path)
        self.executor = executor
        self._net: Any = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._net is not None

    def load_sync(self) -> None:
        """Blocking: read, check and build the model."""
        with self._lock:
            if self._net is not None:
                return
            import torch

            data = model_bytes(self.path)
            try:
                checkpoint = torch.load(io.BytesIO(data), map_location="cpu", weights_only=True)
                self._net = _encoder(checkpoint["model_state"])
            except (KeyError, RuntimeError, TypeError) as exc:
                raise ModelMissing(f"the voice model in {self.path} could not be opened: {exc}") from exc

    def embed_sync(self, audio: np.ndarray) -> np.ndarray:
        """Blocking: float32[DIM] unit vector for 16 kHz float32 audio; ValueError with too little speech."""
        mels = features(audio)
        self.load_sync()
        import torch

        with self._lock, torch.inference_mode():
            if self._net is None:
                raise ModelMissing("the voice model was closed")
            partials = self._net(torch.from_numpy(mels)).numpy()
        mean = partials.mean(axis=0, dtype=np.float64)
        return (mean / np.linalg.norm(mean)).astype(np.float32)

    async def embed(self, audio: np.ndarray) -> np.ndarray:
        return await asyncio.get_running_loop().run_in_executor(self.executor, self.embed_sync, audio)

    def close(self) -> None:
        with self._lock:
            self._net = None
