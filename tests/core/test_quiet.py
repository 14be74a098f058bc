"""Her words for a quiet stream: a sentence in her prompts' language, never a bare duration; and no idle life
with the built-in demo model."""

import re

import pytest

from app.core.quiet import DEMO, idle_fits, quiet_line
from tests.her_words import CATALOGS


@pytest.mark.parametrize("seconds,language,line", [
    (240, "en", "Nobody has said anything for 4 minutes: the stream is quiet."),
    (240, "it", "Nessuno ha detto niente da 4 minuti: la diretta è tranquilla."),
    (60, "en", "Nobody has said anything for a minute: the stream is quiet."),
    (89, "it", "Nessuno ha detto niente da un minuto: la diretta è tranquilla."),
    (30, "en", "Nobody has said anything for a little while: the stream is quiet."),
    (30, "it", "Nessuno ha detto niente da un po': la diretta è tranquilla."),
    (3600, "de", "Nobody has said anything for 60 minutes: the stream is quiet."),   # no German catalog: English
])
def test_the_quiet_is_a_sentence_in_her_language(seconds, language, line):
    assert quiet_line(seconds, CATALOGS.pick(language)) == line


@pytest.mark.parametrize("seconds", [30, 59, 60, 240, 241.7, 3600])
def test_no_duration_token_ever_reaches_her(seconds):
    for language in CATALOGS.languages:
        text = quiet_line(seconds, CATALOGS[language])
        assert not re.search(r"\d+\s*s\b|\d+\.\d", text) and len(text.split()) >= 6


@pytest.mark.parametrize("models,fits", [
    ([DEMO], False), ([DEMO, "ollama:qwen2.5:7b"], False), (["ollama:qwen2.5:7b", DEMO], True),
    (["openai:gpt-4o-mini"], True), ([], False),
])
def test_idle_life_needs_a_mind_that_is_not_the_demo(models, fits):
    assert idle_fits(models) is fits
