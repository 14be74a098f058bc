"""Prosody: how a mood bends her voice, and what a Piper-like synthesiser can do with it.

Theory of operation:
1. A Prosody is a deviation from her normal voice: rate (a speaking-rate multiplier, 1.0 = as is), pitch
   (semitones, 0.0 = as is) and volume (decibels, 0.0 = as is). Prosody() is the identity, NEUTRAL.
2. MOOD_PROSODY is a small table: neutral, happy, excited, sad, angry, calm, tired, nervous, scared.
   prosody_for() reads any mood word app.core.affect understands (synonyms, Italian, "happily", "stanco"). A
   mood not in the table sounds like SOUNDS_LIKE says, else like the table mood nearest to it in affect's
   valence/arousal plane ("playful" sounds happy, "bored" tired). A word affect does not know, a negated one
   ("not happy"), an empty one or None is neutral.
3. Intensity scales the deviation: rate ** k, pitch * k, volume * k, with k in [0, MAX_INTENSITY]. A modifier
   in the mood phrase multiplies it ("very", "so", "molto" x1.5; "extremely", "super" x2; "slightly",
   "a bit", "un po'" x0.5). Intensity 0 is the identity.
4. Neutral is exactly nothing: prosody_for("neutral") == Prosody(), and for_piper() of it equals for_piper()
   of no prosody at all (None), so a wrapper that applies it produces the same bytes as one that applies none.
5. for_piper() maps a Prosody to what Piper can apply: length_scale (base / rate: faster speech is shorter)
   and a linear volume gain (10 ** (dB / 20)). Piper cannot shift pitch: PIPER_CANNOT declares it, and the
   result's `unapplied` names every non-neutral deviation that was left out, so the caller can log it.
6. apply_gain_pcm16() applies a gain to 16-bit little-endian PCM, clipping at full scale; a gain of exactly 1.0
   returns the input bytes untouched.
"""

from __future__ import annotations

import math
import sys
from array import array
from dataclasses import dataclass

from app.core import affect

MAX_INTENSITY = 2.0


@dataclass(frozen=True)
class Prosody:
    rate: float = 1.0     # speaking-rate multiplier
    pitch: float = 0.0    # semitones
    volume: float = 0.0   # decibels

    def __post_init__(self) -> None:
        if not (math.isfinite(self.rate) and self.rate > 0):
            raise ValueError(f"rate must be a positive number, got {self.rate}")
        if not (math.isfinite(self.pitch) and math.isfinite(self.volume)):
            raise ValueError("pitch and volume must be finite")

    @property
    def is_neutral(self) -> bool:
        return self == NEUTRAL

    def scaled(self, intensity: float) -> Prosody:
        k = min(MAX_INTENSITY, max(0.0, intensity))
        # "+ 0.0" turns a -0.0 into 0.0, so a scaled-to-nothing prosody is NEUTRAL to the last bit
        return Prosody(self.rate ** k, self.pitch * k + 0.0, self.volume * k + 0.0)


NEUTRAL = Prosody()

MOOD_PROSODY: dict[str, Prosody] = {
    "neutral": NEUTRAL,
    "happy": Prosody(rate=1.06, pitch=1.5, volume=1.0),
    "excited": Prosody(rate=1.15, pitch=3.0, volume=2.5),
    "sad": Prosody(rate=0.88, pitch=-2.0, volume=-3.0),
    "angry": Prosody(rate=1.05, pitch=0.5, volume=3.5),
    "calm": Prosody(rate=0.94, pitch=-0.5, volume=-1.5),
    "tired": Prosody(rate=0.85, pitch=-1.5, volume=-3.5),
    "nervous": Prosody(rate=1.08, pitch=1.0, volume=-1.0),
    "scared": Prosody(rate=1.12, pitch=2.0, volume=-0.5),
}

# moods whose nearest table entry in the plane is not how they are voiced
SOUNDS_LIKE: dict[str, str] = {"annoyed": "angry", "disgusted": "angry"}

MODIFIERS: tuple[tuple[str, float], ...] = (
    # folded phrase fragment, intensity factor; the first found wins
    ("extremely", 2.0), ("super", 2.0), ("estremamente", 2.0),
    ("slightly", 0.5), ("a bit", 0.5), ("a little", 0.5), ("somewhat", 0.5), ("mildly", 0.5),
    ("un po", 0.5), ("leggermente", 0.5),
    ("very", 1.5), ("really", 1.5), ("so", 1.5), ("molto", 1.5), ("davvero", 1.5), ("tanto", 1.5),
)


def table_mood(word: str | None) -> str:
    """The MOOD_PROSODY entry a mood word sounds like (rule 2)."""
    if not word:
        return "neutral"
    mood = affect.mood_of(word)
    if mood is None:
        return "neutral"
    if mood in MOOD_PROSODY:
        return mood
    if mood in SOUNDS_LIKE:
        return SOUNDS_LIKE[mood]
    point = affect.MOODS[mood]
    return min(MOOD_PROSODY, key=lambda name: affect.distance(point, affect.MOODS[name]))


def intensity_of(phrase: str | None) -> float:
    """The factor a modifier in the mood phrase puts on its intensity (rule 3); 1.0 without one."""
    folded = f" {affect.fold(phrase or '')} "
    return next((factor for word, factor in MODIFIERS if f" {word} " in folded), 1.0)


def prosody_for(mood: str | None, intensity: float = 1.0) -> Prosody:
    """The deviation a mood phrase puts on her voice."""
    name = table_mood(mood)
    if name == "neutral":
        return NEUTRAL
    return MOOD_PROSODY[name].scaled(intensity * intensity_of(mood))


PIPER_CANNOT: frozenset[str] = frozenset({"pitch"})


@dataclass(frozen=True)
class PiperProsody:
    length_scale: float
    volume_gain: float = 1.0
    unapplied: tuple[str, ...] = ()


def _deviations(prosody: Prosody) -> tuple[str, ...]:
    return tuple(name for name, moved in (("rate", prosody.rate != 1.0), ("pitch", prosody.pitch != 0.0),
                                          ("volume", prosody.volume != 0.0)) if moved)


def for_piper(prosody: Prosody | None, base_length_scale: float = 1.0) -> PiperProsody:
    """What Piper applies of `prosody` (rule 5). None and NEUTRAL give the voice's own settings."""
    if prosody is None or prosody.is_neutral:
        return PiperProsody(base_length_scale)
    length_scale = base_length_scale if prosody.rate == 1.0 else base_length_scale / prosody.rate
    gain = 1.0 if prosody.volume == 0.0 else 10.0 ** (prosody.volume / 20.0)
    unapplied = tuple(name for name in _deviations(prosody) if name in PIPER_CANNOT)
    return PiperProsody(length_scale, gain, unapplied)


def apply_gain_pcm16(pcm: bytes, gain: float) -> bytes:
    """16-bit little-endian PCM scaled by `gain` and clipped (rule 6)."""
    if gain == 1.0:
        return pcm
    if len(pcm) % 2:
        raise ValueError("16-bit PCM has an even number of bytes")
    samples = array("h", pcm)
    if sys.byteorder == "big":
        samples.byteswap()
    scaled = array("h", (max(-32768, min(32767, round(s * gain))) for s in samples))
    if sys.byteorder == "big":
        scaled.byteswap()
    return scaled.tobytes()
