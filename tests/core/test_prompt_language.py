"""Which language her prompts are in, and where the computer's locale comes from."""

import pytest

from app.core.prompt_language import all_prompt_files, prompt_file, prompt_language, system_locale
from tests.her_words import CATALOGS


@pytest.mark.parametrize("setting,locale_name,expected", [
    ("it", "en_US.UTF-8", "it"), ("en", "it_IT.UTF-8", "en"),
    ("system", "it_IT.UTF-8", "it"), ("system", "it-CH", "it"), ("system", "de_DE", "en"), ("system", "C", "en"),
])
def test_the_setting_or_the_system_decides(setting, locale_name, expected):
    assert prompt_language(setting, locale_name, CATALOGS.languages) == expected


@pytest.mark.parametrize("env,platform,expected", [
    ({"LC_ALL": "it_IT.UTF-8", "LANG": "en_US.UTF-8"}, None, "it_IT.UTF-8"),
    ({"LC_MESSAGES": "it_IT", "LANG": "en_US"}, "en_US", "it_IT"),
    ({"LANG": "en_GB.UTF-8"}, "it_IT", "en_GB.UTF-8"),
    ({"LANG": " "}, "Italian_Italy", "it"),          # Windows: no variables, an English name
    ({}, "English_United States", "en"),
    ({}, None, "C"),
])
def test_the_computers_locale(env, platform, expected):
    assert system_locale(env, platform) == expected


def test_every_prompt_has_a_file_per_language():
    assert prompt_file("soul", "en") == "soul" and prompt_file("soul", "it") == "soul_it"
    assert all_prompt_files(("it", "en")) == ("soul", "operating", "monologue", "soul_it", "operating_it",
                                              "monologue_it")
