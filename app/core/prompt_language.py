"""Which language her shipped prompts are in: the streamer's language (the window's setting, "system" meaning the
computer's locale), so she is briefed in the language of the stream. Her prompts tell her to answer in the
language she is spoken to, whatever the language of the prompt.

Each prompt ships as <name>.md (English, the source) and <name>_<code>.md for every other language in
PROMPT_LANGUAGES; the streamer edits their own copy of each (app.memory.prompt_store)."""

from __future__ import annotations

from collections.abc import Mapping

from app.core.ui_language import ENGLISH, window_language

BASE_PROMPTS = ("soul", "operating", "monologue")   # the streamer's to edit (app.memory.prompt_store)
FIXED_PROMPTS = ("dream", "recap", "profile", "interview")   # her background work's, read as shipped
PROMPT_LANGUAGES = (ENGLISH, "it")
# Windows names its locales in English ("Italian_Italy"); the variables below carry POSIX names ("it_IT.UTF-8")
_LANGUAGE_NAMES = {"english": ENGLISH, "italian": "it"}
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def prompt_file(name: str, language: str) -> str:
    """The file name (without .md) of prompt `name` in `language`; English, or a language with no prompts of its
    own, is the name itself."""
    return f"{name}_{language}" if language != ENGLISH and language in PROMPT_LANGUAGES else name


def all_prompt_files(names: tuple[str, ...] = BASE_PROMPTS) -> tuple[str, ...]:
    return tuple(prompt_file(n, code) for code in PROMPT_LANGUAGES for n in names)


def system_locale(env: Mapping[str, str], platform_locale: str | None) -> str:
    """The computer's locale as a POSIX-style name: the first of LC_ALL, LC_MESSAGES, LANG that is set (as Qt
    reads it on Linux), else the platform's own name, Windows' "Italian_Italy" becoming "it"; "C" when none."""
    for key in _LOCALE_VARIABLES:
        if env.get(key, "").strip():
            return env[key].strip()
    name = (platform_locale or "").strip()
    return _LANGUAGE_NAMES.get(name.split("_")[0].lower(), name) or "C"


def prompt_language(setting: str, locale_name: str) -> str:
    """The language of her prompts for the window-language `setting` ("system", "en", "it")."""
    return window_language(setting, locale_name)


def in_language(table: Mapping[str, str], language: str) -> str:
    """The text of `table` (language code -> text, English always there) in `language`; English for a language
    the table lacks."""
    return table.get(language, table[ENGLISH])
