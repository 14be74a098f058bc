"""Her voice and her ears: local speech out (Piper) and in (faster-whisper, Silero VAD), with barge-in.

Wiring (the Voice skill does it, on the monotonic clock it was given):

    guard = SelfHearingGuard(clock=clock.monotonic)
    output = SpeakerOutput(voice.sample_rate, clock=clock.monotonic)   # or FakeAudioDevice(...) in tests
    mouth = Mouth(voice, output, guard=guard, on_caption=..., on_mood=..., on_speaking=..., clock=clock.monotonic)
    ears = Ears(transcriber, guard=guard, on_heard=..., on_owner_voice=mouth.owner_voice, on_level=...,
                clock=clock.monotonic)
    mic = Microphone(to_loop(loop, ears.feed), clock=clock.monotonic)

Blocking work (model loads, synthesis, transcription) runs in the executor handed to Voice and Transcriber.
"""

from app.senses.voice.bargein import BargeIn, Decision, OwnerVoice
from app.senses.voice.devices import (
    AudioDevice,
    AudioUnavailable,
    Backend,
    Microphone,
    SpeakerOutput,
    backend,
    list_devices,
    to_loop,
)
from app.senses.voice.ears import Ears, Heard, Mode
from app.senses.voice.guard import SelfHearingGuard
from app.senses.voice.models import (
    ModelMissing,
    default_piper_voice,
    default_whisper_model,
    offline,
    piper_voice_files,
    silero_vad_path,
    whisper_model_dir,
)
from app.senses.voice.mouth import (
    FAST_FIRST,
    Caption,
    Line,
    Mouth,
    Spoken,
    SpokenChunk,
    partial_words,
    split_for_budget,
)
from app.senses.voice.output import AudioOutput, FakeAudioDevice, PlaybackQueue, Progress, Rendered
from app.senses.voice.pcm import Resampler, resample, rms_dbfs, to_float32, to_int16
from app.senses.voice.stt import Transcriber, Transcript
from app.senses.voice.tts import Synthesis, Voice
from app.senses.voice.vad import SileroVad, TurnDetector, TurnRules

__all__ = [
    "AudioDevice", "AudioOutput", "AudioUnavailable", "Backend", "BargeIn", "Caption", "Decision", "Ears",
    "FAST_FIRST", "FakeAudioDevice", "Heard", "Line", "Microphone", "Mode", "ModelMissing", "Mouth",
    "OwnerVoice", "PlaybackQueue", "Progress", "Rendered", "Resampler", "SelfHearingGuard", "SileroVad",
    "SpeakerOutput", "Spoken", "SpokenChunk", "Synthesis", "Transcriber", "Transcript", "TurnDetector",
    "TurnRules", "Voice", "backend", "default_piper_voice", "default_whisper_model", "list_devices",
    "offline", "partial_words", "piper_voice_files", "resample", "rms_dbfs", "silero_vad_path",
    "split_for_budget", "to_float32", "to_int16", "to_loop", "whisper_model_dir",
]
