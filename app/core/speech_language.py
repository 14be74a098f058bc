"""Which ears and which voice for the language the streamer speaks.

Theory of operation:
1. The Voice settings' language is "auto" (whisper detects it per utterance) or an ISO 639-1 code; ears_language()
   reads it: None for auto (and for an empty setting), else the code in lower case. LANGUAGES lists the
   choices the settings page offers, each with its name in its own language.
2. A Candidate is a model the model manager installed, as plain data: its folder, its languages (ISO codes;
   "mul" for a multilingual model), title and licence.
3. pick_ears(): a speech model the streamer set herself always wins. English is heard by the packaged
   multilingual model when there is one, since only a multilingual model can tell that the streamer spoke
   another language (an English-only one writes English for any speech: "Thank you very much." for Italian);
   it costs time: about 360 ms to hear a sentence against tiny.en's 200 (docs/benchmarks.md, Ears). Without
   it, the packaged English model. Any other language, and auto, need a multilingual model: an installed one that
   names the language first, then any installed multilingual one, then the packaged multilingual one. When
   there is none, the choice says so in words and where to get one.
4. pick_voice(): a voice the streamer set herself always wins. For a language other than English, an installed
   voice for that language is chosen; with none, she keeps the packaged English voice and the choice says
   which voice to download. English and auto keep the packaged voice ("" path: the packaged default).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

AUTO = "auto"
ENGLISH = "en"
MULTILINGUAL = "mul"
# the languages the Voice settings offer by name (any other code can be typed in); their names are the locale's
HEARD_LANGUAGES = ("en", "it", "de", "fr", "es", "pt", "nl", "pl")
PACKAGED_MULTILINGUAL = "Whisper base (multilingual, packaged)"


@dataclass(frozen=True)
class Candidate:
    path: str
    languages: tuple[str, ...]
    title: str = ""
    licence: str = ""


@dataclass(frozen=True)
class Choice:
    path: str | None            # "" = the packaged default, None = nothing that fits
    title: str = ""
    licence: str = ""
    note: str = ""              # why, when the choice is not what the language wants


def ears_language(setting: str | None) -> str | None:
    """Rule 1."""
    code = (setting or "").strip().lower()
    return None if code in ("", AUTO) else code


def pick_ears(language: str | None, chosen: str, installed: Sequence[Candidate],
              packaged_multilingual: str | None) -> Choice:
    """Rule 3."""
    if chosen:
        return Choice(chosen)
    if language == ENGLISH:
        if packaged_multilingual:
            return Choice(packaged_multilingual, PACKAGED_MULTILINGUAL, "MIT")
        return Choice("")
    named = [c for c in installed if language is not None and language in c.languages]
    multilingual = [c for c in installed if MULTILINGUAL in c.languages]
    for found in (*named, *multilingual):
        return Choice(found.path, found.title, found.licence)
    if packaged_multilingual:
        return Choice(packaged_multilingual, PACKAGED_MULTILINGUAL, "MIT")
    wanted = "detect your language" if language is None else f"hear the language “{language}”"
    return Choice(None, note=f"to {wanted} she needs a multilingual speech model: download Whisper small in "
                             f"Settings → Models…")


def pick_voice(language: str | None, chosen: str, installed: Sequence[Candidate],
               suggestion: str = "") -> Choice:
    """Rule 4."""
    if chosen:
        return Choice(chosen)
    if language is None or language == ENGLISH:
        return Choice("")
    for found in installed:
        if language in found.languages:
            return Choice(found.path, found.title, found.licence)
    where = f"download {suggestion} in Settings → Models…" if suggestion else "add one in Settings → Models…"
    return Choice("", note=f"no voice for the language “{language}” is installed, so she speaks with her English one: "
                           f"{where}")
