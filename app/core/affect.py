"""Her mood as pure maths: Affect, decay on read, the mood-word picker, attribution and [HOW YOU FEEL].

Theory of operation:
1. An Affect is (valence in [-1, 1], arousal in [0, 1], updated_at in epoch seconds). Two axes, not one,
   because angry and sad are both unpleasant and sound nothing alike.
2. It decays on read, never on a tick: decay() relaxes both axes toward REST exponentially with the half-life
   and stamps the result with the moment it was read. What is stored is the value as written, so a value read
   after a restart comes back correctly aged. A clock that went backwards ages nothing.
3. Mood words live in MOODS as (valence, arousal) points; ALIASES maps synonyms, VRM preset names and common
   Italian words onto them. coordinates_of() folds case and accents, ignores punctuation, tries simple suffix
   variants ("happily", "sadness", "surprise", "stanco"), reads a phrase by its last mood word, and refuses a
   negated phrase ("not happy") rather than guess.
4. Distance weighs both axes equally over their full range: arousal spans half the width of valence, so its
   difference counts double. mood_word() names a state by the word whose path from REST passes nearest it
   ("neutral" within SETTLED of REST): a state is a degree of a feeling, so a third of the way to angry is a
   little angry, not whatever mild word happens to sit there.
5. pick() maps any word she names to one the avatar has: an exact (folded) match wins, else the nearest
   available word with coordinates (first in the avatar's order on a tie); a word with no coordinates, or an
   avatar with none it knows, gets "neutral" if it has one, else its first word.
6. feel() ages the affect to now, then moves it toward the word's point by `weight`. An unknown word changes
   nothing but the time.
7. attribute() names the one clear author of a batch or nobody: lines with no author are ignored, the owner
   counts like anyone else, and two or more people make a busy room whose mood is the room's.
8. moved() says whether a change was a real reaction: `before` is aged to the moment of `after` first, so time
   passing is never mistaken for somebody moving her.
9. describe() says how she feels and stops: it never tells her what to do, because how she acts on a feeling
   is the soul's business. Nothing here reads who is addressed: mood never touches is_addressed.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.her_words import HerWords

DEFAULT_HALF_LIFE_S = 1500.0   # 25 minutes: the scale on which people read someone's mood
REST = (0.0, 0.3)              # where she settles when nothing happens: even, awake, unhurried
SETTLED = 0.15                 # within this distance of REST nothing in particular is stirring her


@dataclass(frozen=True)
class Affect:
    valence: float = REST[0]
    arousal: float = REST[1]
    updated_at: float = 0.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.valence) and -1.0 <= self.valence <= 1.0):
            raise ValueError(f"valence must be within [-1, 1], got {self.valence}")
        if not (math.isfinite(self.arousal) and 0.0 <= self.arousal <= 1.0):
            raise ValueError(f"arousal must be within [0, 1], got {self.arousal}")

    @property
    def point(self) -> tuple[float, float]:
        return (self.valence, self.arousal)


MOODS: dict[str, tuple[float, float]] = {
    # word: (valence, arousal). No two words sit on one line from REST, or mood_word() could not tell them apart.
    "neutral": REST,
    "happy": (0.7, 0.55),
    "excited": (0.7, 0.9),
    "playful": (0.55, 0.7),
    "amused": (0.5, 0.6),
    "proud": (0.6, 0.6),
    "loving": (0.85, 0.45),
    "grateful": (0.7, 0.35),
    "content": (0.55, 0.3),
    "hopeful": (0.45, 0.42),
    "smug": (0.35, 0.45),
    "relaxed": (0.45, 0.15),
    "calm": (0.25, 0.1),
    "curious": (0.25, 0.6),
    "determined": (0.25, 0.7),
    "surprised": (0.15, 0.85),
    "thoughtful": (0.05, 0.2),
    "confused": (-0.1, 0.5),
    "shy": (-0.2, 0.45),
    "embarrassed": (-0.35, 0.6),
    "nervous": (-0.35, 0.7),
    "scared": (-0.6, 0.85),
    "angry": (-0.8, 0.85),
    "annoyed": (-0.55, 0.6),
    "disgusted": (-0.65, 0.5),
    "sad": (-0.7, 0.2),
    "lonely": (-0.55, 0.15),
    "bored": (-0.35, 0.1),
    "tired": (-0.2, 0.05),
}

# Italian adjectives are listed in the feminine (she is Bea); the suffix rules find the masculine and plurals.
ALIASES: dict[str, str] = {
    "joy": "happy", "joyful": "happy", "cheerful": "happy", "glad": "happy", "delighted": "happy",
    "smiling": "happy", "felice": "happy", "allegra": "happy", "gioiosa": "happy", "felicita": "happy",
    "thrilled": "excited", "hyped": "excited", "enthusiastic": "excited", "ecstatic": "excited",
    "emozionata": "excited", "entusiasta": "excited", "gasata": "excited",
    "fun": "playful", "silly": "playful", "cheeky": "playful", "mischievous": "playful", "teasing": "playful",
    "giocosa": "playful", "scherzosa": "playful", "birichina": "playful",
    "laughing": "amused", "divertita": "amused",
    "orgogliosa": "proud", "fiera": "proud",
    "love": "loving", "affectionate": "loving", "tender": "loving", "innamorata": "loving",
    "affettuosa": "loving",
    "thankful": "grateful", "grata": "grateful", "riconoscente": "grateful",
    "satisfied": "content", "pleased": "content", "contenta": "content", "soddisfatta": "content",
    "speranzosa": "hopeful",
    "relieved": "relaxed", "rilassata": "relaxed",
    "serene": "calm", "peaceful": "calm", "chill": "calm", "calma": "calm", "tranquilla": "calm",
    "serena": "calm",
    "interested": "curious", "intrigued": "curious", "curiosa": "curious", "incuriosita": "curious",
    "focused": "determined", "determinata": "determined", "concentrata": "determined",
    "shocked": "surprised", "astonished": "surprised", "amazed": "surprised", "startled": "surprised",
    "surprise": "surprised", "sorpresa": "surprised", "stupita": "surprised", "meravigliata": "surprised",
    "pensive": "thoughtful", "pensierosa": "thoughtful",
    "puzzled": "confused", "perplexed": "confused", "confusa": "confused", "perplessa": "confused",
    "bashful": "shy", "timida": "shy",
    "ashamed": "embarrassed", "flustered": "embarrassed", "imbarazzata": "embarrassed",
    "anxious": "nervous", "worried": "nervous", "tense": "nervous", "nervosa": "nervous",
    "ansiosa": "nervous", "preoccupata": "nervous",
    "afraid": "scared", "frightened": "scared", "fearful": "scared", "terrified": "scared",
    "spaventata": "scared", "impaurita": "scared", "paura": "scared",
    "furious": "angry", "mad": "angry", "enraged": "angry", "arrabbiata": "angry", "furiosa": "angry",
    "rabbia": "angry", "anger": "angry",
    "irritated": "annoyed", "frustrated": "annoyed", "grumpy": "annoyed", "infastidita": "annoyed",
    "irritata": "annoyed", "seccata": "annoyed",
    "disgust": "disgusted", "grossed": "disgusted", "disgustata": "disgusted",
    "sorrow": "sad", "unhappy": "sad", "sorrowful": "sad", "melancholy": "sad", "gloomy": "sad",
    "crying": "sad", "upset": "sad", "triste": "sad", "malinconica": "sad", "tristezza": "sad",
    "alone": "lonely",
    "annoiata": "bored", "noia": "bored",
    "sleepy": "tired", "exhausted": "tired", "weary": "tired", "drowsy": "tired", "stanca": "tired",
    "assonnata": "tired",
    "normal": "neutral", "default": "neutral", "neutra": "neutral", "neutrale": "neutral",
}

# Tried in order on a word that is not in the lexicon as written; each variant may take one more rule.
SUFFIX_RULES: tuple[tuple[str, str], ...] = (
    ("ily", "y"), ("ly", ""), ("iness", "y"), ("ness", ""), ("ier", "y"), ("er", ""), ("ied", "y"),
    ("ed", ""), ("d", ""), ("", "d"), ("", "ed"),
    ("o", "a"), ("i", "a"), ("i", "e"), ("e", "a"),
)
NEGATIONS = frozenset({"not", "no", "never", "non", "mai", "nope"})

LEXICON: dict[str, str] = {**{word: word for word in MOODS}, **ALIASES}


def fold(text: str) -> str:
    """Lower case, accents off, anything that is not a letter turned into a single space."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(re.split(r"[^a-z]+", plain)).strip()


def _variants(word: str) -> list[str]:
    out = []
    for suffix, replacement in SUFFIX_RULES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            out.append(word[: len(word) - len(suffix)] + replacement)
    return out


def _lookup(word: str) -> str | None:
    if word in LEXICON:
        return LEXICON[word]
    for variant in _variants(word):
        if variant in LEXICON:
            return LEXICON[variant]
    for variant in _variants(word):
        for second in _variants(variant):
            if second in LEXICON:
                return LEXICON[second]
    return None


def mood_of(word: str) -> str | None:
    """The MOODS word that `word` names, or None when it names none (or is negated)."""
    tokens = fold(word).split()
    if not tokens or NEGATIONS.intersection(tokens):
        return None
    for token in reversed(tokens):
        found = _lookup(token)
        if found is not None:
            return found
    return None


def coordinates_of(word: str) -> tuple[float, float] | None:
    mood = mood_of(word)
    return None if mood is None else MOODS[mood]


def distance(p: tuple[float, float], q: tuple[float, float]) -> float:
    return math.hypot(p[0] - q[0], 2.0 * (p[1] - q[1]))


def decay(affect: Affect, now: float, half_life_s: float = DEFAULT_HALF_LIFE_S) -> Affect:
    if half_life_s <= 0:
        raise ValueError(f"half_life_s must be positive, got {half_life_s}")
    elapsed = now - affect.updated_at
    if elapsed <= 0:
        return affect
    keep = 0.5 ** (elapsed / half_life_s)
    return Affect(_clamp(REST[0] + (affect.valence - REST[0]) * keep, -1.0),
                  _clamp(REST[1] + (affect.arousal - REST[1]) * keep, 0.0), now)


def feel(affect: Affect, mood_word: str, now: float, weight: float = 0.35,
         half_life_s: float = DEFAULT_HALF_LIFE_S) -> Affect:
    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"weight must be within [0, 1], got {weight}")
    aged = decay(affect, now, half_life_s)
    target = coordinates_of(mood_word)
    if target is None:
        return Affect(aged.valence, aged.arousal, max(now, aged.updated_at))
    v = aged.valence + (target[0] - aged.valence) * weight
    a = aged.arousal + (target[1] - aged.arousal) * weight
    return Affect(_clamp(v, -1.0), _clamp(a, 0.0), max(now, aged.updated_at))


def pick(word: str, available: Sequence[str]) -> str:
    if not available:
        return "neutral"
    wanted = fold(word)
    for candidate in available:
        if fold(candidate) == wanted:
            return candidate
    target = coordinates_of(word)
    known = [(c, p) for c in available if (p := coordinates_of(c)) is not None]
    if target is None or not known:
        return next((c for c in available if fold(c) == "neutral"), available[0])
    return min(known, key=lambda item: distance(target, item[1]))[0]


def mood_word(affect: Affect) -> str:
    """The MOODS word that names how she feels (rule 4)."""
    if distance(affect.point, REST) < SETTLED:
        return "neutral"
    return min((w for w in MOODS if w != "neutral"), key=lambda w: _off_path(affect.point, MOODS[w]))


def _off_path(point: tuple[float, float], mood: tuple[float, float]) -> float:
    """How far `point` is from the segment REST -> `mood`, in the units of distance()."""
    dx, dy = mood[0] - REST[0], 2.0 * (mood[1] - REST[1])
    px, py = point[0] - REST[0], 2.0 * (point[1] - REST[1])
    along = max(0.0, min(1.0, (px * dx + py * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - along * dx, py - along * dy)


def attribute(authors: Sequence[str | None]) -> str | None:
    """The one identity behind a batch, or None. The owner gets no exemption either way: the owner alone is a
    clear author, and the owner with a viewer is a busy room."""
    people = {a for a in authors if a is not None}
    return people.pop() if len(people) == 1 else None


def moved(before: Affect, after: Affect, threshold: float = 0.35,
          half_life_s: float = DEFAULT_HALF_LIFE_S) -> bool:
    aged = decay(before, after.updated_at, half_life_s)
    return distance(aged.point, after.point) >= threshold


# How far from REST she is, in distance(); the first band whose bound is above it names the strength (its words:
# the catalog's mood.strength section).
STRENGTH = ((SETTLED, ""), (0.4, "little"), (0.8, "rather"), (math.inf, "very"))
# Her energy, by arousal: the first band whose bound is above it (mood.energy).
ENERGY = ((0.2, "low"), (0.45, "steady"), (0.7, "alert"), (math.inf, "keyed_up"))


def describe(affect: Affect, her: HerWords, now: float | None = None,
             half_life_s: float = DEFAULT_HALF_LIFE_S) -> str:
    """[HOW YOU FEEL], in the second person and the indicative, in her words. With `now`, `affect` is the stored
    value: it is aged first, and the paragraph says how long ago something last stirred her."""
    current = affect if now is None else decay(affect, now, half_life_s)
    strength = _band(STRENGTH, distance(current.point, REST))
    energy = her.text(f"mood.energy.{_band(ENERGY, current.arousal)}")
    if not strength:
        text = her.say("mood.settled", energy=energy)
    else:
        text = her.say("mood.feel", strength=her.text(f"mood.strength.{strength}"),
                       mood=her.text(f"mood.names.{mood_word(current)}"), energy=energy)
    if now is not None and strength:
        minutes = int((now - affect.updated_at) // 60)
        if minutes < 1:
            text += her.text("mood.just_now")
        elif minutes == 1:
            text += her.text("mood.a_minute_ago")
        else:
            text += her.say("mood.minutes_ago", minutes=minutes)
    return f"{her.text('mood.header')} {text}"


def _band(bands: tuple[tuple[float, str], ...], value: float) -> str:
    return next(label for bound, label in bands if value < bound)


def _clamp(value: float, low: float) -> float:
    return min(1.0, max(low, value))
