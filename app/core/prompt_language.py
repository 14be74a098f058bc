"""Which language her shipped prompts are in: the streamer's language (the window's setting, "system" meaning the
computer's locale), so she is briefed in the language of the stream. Her prompts tell her to answer in the
language she is spoken to, whatever the language of the prompt.

Each prompt ships as <name>.md (English, the source) and <name>_<code>.md for every other language she has words
for (the catalogs present, app.core.her_words); the streamer edits their own copy of each
(app.memory.prompt_store)."""

from __future__ import annotations

import locale
from collections.abc import Mapping, Sequence

from app.core.ui_language import ENGLISH, window_language

BASE_PROMPTS = ("soul", "operating", "monologue")   # the streamer's to edit (app.memory.prompt_store)
FIXED_PROMPTS = ("dream", "recap", "profile", "interview")   # her background work's, read as shipped
# Windows names its locales in English ("Italian_Italy"); the variables below carry POSIX names ("it_IT.UTF-8")
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def prompt_file(name: str, language: str) -> str:
    """The file name (without .md) of prompt `name` in `language`; English's is the name itself."""
    return name if language == ENGLISH else f"{name}_{language}"


def all_prompt_files(languages: Sequence[str], names: tuple[str, ...] = BASE_PROMPTS) -> tuple[str, ...]:
    """Every file of `names` in every one of `languages`, English first."""
    ordered = (ENGLISH, *(code for code in languages if code != ENGLISH))
    return tuple(prompt_file(n, code) for code in ordered for n in names)


def system_locale(env: Mapping[str, str], platform_locale: str | None) -> str:
    """The computer's locale as a POSIX-style name: the first of LC_ALL, LC_MESSAGES, LANG that is set (as Qt
    reads it on Linux), else the platform's own name, Windows' "Italian_Italy" becoming "it"; "C" when none."""
    for key in _LOCALE_VARIABLES:
        if env.get(key, "").strip():
            return env[key].strip()
    name = (platform_locale or "").strip()
    alias = locale.locale_alias.get(name.split("_")[0].lower(), "")   # "italian" -> "it_IT.ISO8859-1"
    return (alias.split("_")[0] if "_" in alias else name) or "C"


def prompt_language(setting: str, locale_name: str, languages: Sequence[str]) -> str:
    """The language of her prompts for the window-language `setting` ("system", "en", "it"), among `languages`
    (her words' catalogs present)."""
    return window_language(setting, locale_name, languages)

