"""Which language the window speaks: the streamer's choice, or the system's when it is one Bea has."""

from __future__ import annotations

from collections.abc import Sequence

ENGLISH = "en"
SYSTEM = "system"


def window_language(setting: str, system_locale: str, languages: Sequence[str]) -> str:
    """The language code for the window: `setting` ("system", "en", "it") with the system's locale name
    ("it_IT", "de-CH", "C") deciding for "system"; a language not among `languages` (those the window, or her
    words, come in) falls back to English."""
    choice = system_locale if setting == SYSTEM else setting
    code = choice.replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in languages else ENGLISH
