"""The window's language: the setting wins, "system" follows the locale, and a language not among those given
(the translations present) is English."""

import pytest

from app.core.ui_language import window_language


@pytest.mark.parametrize(("setting", "system", "want"), [
    ("system", "it_IT", "it"), ("system", "it-CH", "it"), ("system", "en_GB", "en"), ("system", "de_DE", "en"),
    ("system", "C", "en"), ("system", "", "en"), ("system", "it_IT.UTF-8", "it"),
    ("en", "it_IT", "en"), ("it", "en_US", "it"), ("fr", "it_IT", "en"),
])
def test_window_language(setting, system, want):
    assert window_language(setting, system, ("en", "it")) == want
