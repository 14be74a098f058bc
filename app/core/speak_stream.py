"""Streamed speak(message, mood) calls: the message read out of the still-open JSON of the tool call.

Theory of operation:
1. SpeakArgsReader is fed the call's argument text as it streams, as str or bytes fragments cut anywhere:
   inside a key, a multi-byte UTF-8 character, or an escape ("\\u00", "\\", half of a "\\ud83d\\ude00"
   surrogate pair). Fragments are joined as UTF-8 bytes, never decoded one by one.
2. After every fragment the whole text so far is parsed by jiter in partial mode: "trailing-strings" yields
   the growing message (jiter leaves out an escape or a character not yet whole), and the strict partial mode
   (which keeps only closed strings) says whether the message and the mood are complete.
3. feed() returns only the new end of the message: what it returned before is never repeated, and a message
   that would not extend what was already returned is a SpeakArgsError (nothing said can be taken back).
4. Text that can no longer become valid JSON (a bad escape, a raw control character inside a string, a
   duplicate key) is a SpeakArgsError as soon as jiter's partial parse meets it; what the partial parse lets
   pass (junk after a closed value) is caught by finish(), which parses the complete text strictly: one
   object, "message" a string, "mood" a string, null or absent; other keys are ignored. A stream that broke
   keeps what was already returned: it was spoken.
5. mood is known once its string is closed; a mood given before the message (declare it first in the tool
   schema) is known before the first word is spoken.
6. SpeakStream pipes the reader into a SpeechPipeline: fragments in, Chunk / Mood / Action items out. The
   mood argument becomes a Mood item at the point it is known: before the first chunk when it precedes the
   message, after the last one when it follows. The pipeline is finished as soon as the message string
   closes, so the last chunk does not wait for the rest of the JSON.
7. SpeakArgsError is the only error raised, whatever the fragments hold (a lone surrogate in a str, bytes
   that are not UTF-8, JSON nested past jiter's limit); a fragment that is neither str nor bytes is the
   caller's bug, a TypeError.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jiter

from app.core.speech_text import ChunkRules, Mood, SpeechItem, SpeechPipeline


class SpeakArgsError(ValueError):
    """speak() arguments that cannot be (or can no longer become) what rule 4 asks: the only error feed() and
    finish() raise, whatever the fragments hold (rule 7)."""


@dataclass(frozen=True)
class SpeakArgs:
    message: str
    mood: str | None = None


def _as_bytes(fragment: str | bytes) -> bytes:
    if isinstance(fragment, str):
        # a lone surrogate is kept as the bytes it would be: invalid UTF-8, which the parse then refuses
        return fragment.encode("utf-8", "surrogatepass")
    if isinstance(fragment, bytes | bytearray | memoryview):
        return bytes(fragment)
    raise TypeError(f"a fragment is str or bytes, not {type(fragment).__name__}")


def _parse(data: bytes, partial_mode: bool | str) -> Any:
    try:
        return jiter.from_json(data, partial_mode=partial_mode, catch_duplicate_keys=True)
    except (ValueError, RecursionError) as e:
        raise SpeakArgsError(f"speak arguments are not valid JSON: {str(e)[:200]}") from e


def _whole_text(text: str) -> str:
    """Drop a trailing half of a surrogate pair: never hand out half a character."""
    return text[:-1] if text and "\ud800" <= text[-1] <= "\udbff" else text


def _clean_mood(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    return value.strip() or None


class SpeakArgsReader:
    """Rules 1-5: argument fragments in, new message text out."""

    def __init__(self) -> None:
        self._data = bytearray()
        self._message = ""
        self._message_closed = False
        self._mood: str | None = None
        self._mood_known = False
        self._mood_first = True

    @property
    def message(self) -> str:
        """The message so far (all that feed() has returned)."""
        return self._message

    @property
    def message_complete(self) -> bool:
        return self._message_closed

    @property
    def mood(self) -> str | None:
        return self._mood

    @property
    def mood_known(self) -> bool:
        return self._mood_known

    @property
    def mood_first(self) -> bool:
        """Whether the mood argument comes before the message in the JSON."""
        return self._mood_first

    def feed(self, fragment: str | bytes) -> str:
        """The new end of the message (rule 3); SpeakArgsError is the only error (rule 7)."""
        self._data += _as_bytes(fragment)
        if not bytes(self._data).strip():
            return ""
        closed = _parse(bytes(self._data), True)
        if not isinstance(closed, dict):
            return ""
        self._note_mood(closed)
        if "message" in closed:
            self._message_closed = True
            message = closed["message"]
        else:
            partial = _parse(bytes(self._data), "trailing-strings")
            message = partial.get("message") if isinstance(partial, dict) else None
        return self._advance(message) if isinstance(message, str) else ""

    def finish(self) -> SpeakArgs:
        """The complete arguments, validated (rule 4); SpeakArgsError is the only error (rule 7)."""
        if not bytes(self._data).strip():
            raise SpeakArgsError("speak was called without arguments")
        value = _parse(bytes(self._data), "off")
        if not isinstance(value, dict):
            raise SpeakArgsError("speak arguments must be a JSON object")
        message, mood = value.get("message"), value.get("mood")
        if not isinstance(message, str):
            raise SpeakArgsError("speak needs a message string")
        if mood is not None and not isinstance(mood, str):
            raise SpeakArgsError("speak's mood must be a string")
        self._advance(message)
        self._message_closed = True
        self._note_mood(value)
        return SpeakArgs(message, _clean_mood(mood))

    def _note_mood(self, closed: dict[str, Any]) -> None:
        if self._mood_known or "mood" not in closed:
            return
        keys = list(closed)
        self._mood_known = True
        self._mood = _clean_mood(closed["mood"])
        self._mood_first = "message" not in closed or keys.index("mood") < keys.index("message")

    def _advance(self, message: str) -> str:
        message = _whole_text(message)
        if not message.startswith(self._message):
            raise SpeakArgsError("the message changed after it was spoken")
        new = message[len(self._message):]
        self._message = message
        return new


class SpeakStream:
    """Rule 6: speak() argument fragments in, speakable Chunk / Mood / Action items out."""

    def __init__(self, rules: ChunkRules | None = None, starts_inside_think: bool = False) -> None:
        self._reader = SpeakArgsReader()
        self._speech = SpeechPipeline(rules, starts_inside_think)
        self._spoken_done = False
        self._mood_sent = False
        self.args: SpeakArgs | None = None

    @property
    def mood(self) -> str | None:
        return self._reader.mood

    @property
    def message(self) -> str:
        return self._reader.message

    def feed(self, fragment: str | bytes) -> list[SpeechItem]:
        return self._follow(self._reader.feed(fragment))

    def finish(self) -> list[SpeechItem]:
        before = len(self._reader.message)
        self.args = self._reader.finish()
        return self._follow(self._reader.message[before:])

    def _follow(self, text: str) -> list[SpeechItem]:
        items: list[SpeechItem] = []
        mood_now = self._reader.mood_known and not self._mood_sent
        if mood_now and self._reader.mood_first:
            items += self._mood_item()
        if text:
            items += self._speech.feed(text)
        if self._reader.message_complete and not self._spoken_done:
            self._spoken_done = True
            items += self._speech.finish()
        if mood_now and not self._reader.mood_first:
            items += self._mood_item()
        return items

    def _mood_item(self) -> list[SpeechItem]:
        self._mood_sent = True
        mood = self._reader.mood
        return [Mood(mood.lower())] if mood else []
