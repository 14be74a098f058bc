"""What every skill inherits: a dock's setting change through the one write path."""


def test_change_setting_stores_or_says_why_and_leaves_the_value(bea):
    skill = bea.skills["voice"]
    assert skill.change_setting("mode", "always_on") == ""
    assert bea.settings.current.skills.voice.mode == "always_on"
    why = skill.change_setting("mode", "shouting")
    assert "mode" in why and bea.settings.current.skills.voice.mode == "always_on"
