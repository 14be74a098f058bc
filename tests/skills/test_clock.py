"""The Clock skill: her sense of "now" in the streamer's zone and format, switched by settings."""

from datetime import UTC, datetime

import pytest

from app.config.schema import build_root_model
from app.config.service import SettingsError, SettingsService
from app.core.events import EventBus
from app.skills.base import SkillContext
from app.skills.clock.skill import ClockSettings, ClockSkill, format_time
from tests.fakes import StoppedClock
from tests.her_words import CATALOGS

MOMENT = datetime(2026, 12, 2, 16, 5, 9, tzinfo=UTC)


def make_clock(language: str = "en", **values):
    service = SettingsService(build_root_model({"clock": ClockSettings}), None, lambda v, b: None)
    if values:
        service.update({f"skills.clock.{k}": v for k, v in values.items()})
    skill = ClockSkill(SkillContext(settings=lambda: service.current.skills.clock, bus=EventBus(lambda: 0.0),
                                    clock=StoppedClock(MOMENT), words=lambda: CATALOGS.pick(language)))
    return skill, service


@pytest.mark.parametrize("zone,fmt,expected", [
    ("Europe/Rome", "24h", "[NOW] It is 17:05 on Wednesday 2 December 2026 (Europe/Rome)."),
    ("America/New_York", "12h", "[NOW] It is 11:05 AM on Wednesday 2 December 2026 (America/New_York)."),
    ("Asia/Tokyo", "24h", "[NOW] It is 01:05 on Thursday 3 December 2026 (Asia/Tokyo)."),
    ("UTC", "12h", "[NOW] It is 4:05 PM on Wednesday 2 December 2026 (UTC)."),
])
def test_live_state_in_the_chosen_zone_and_format(zone, fmt, expected):
    skill, _ = make_clock(timezone=zone, hour_format=fmt)
    assert skill.live_state() == expected


def test_an_italian_stream_reads_the_time_and_day_in_italian_whatever_the_process_locale():
    skill, _ = make_clock("it", timezone="Asia/Tokyo")
    assert skill.live_state() == "[ORA] Sono le 01:05 di giovedì 3 dicembre 2026 (Asia/Tokyo)."
    skill, _ = make_clock("de", timezone="UTC")      # a language with no catalog of its own reads English
    assert skill.live_state() == "[NOW] It is 16:05 on Wednesday 2 December 2026 (UTC)."


def test_the_computer_zone_is_the_default():
    skill, _ = make_clock()
    local = MOMENT.astimezone()
    assert skill.live_state().startswith(f"[NOW] It is {local.strftime('%H:%M')} on ")


def test_switched_off_it_says_nothing():
    skill, service = make_clock()
    service.set("skills.clock.enabled", False)
    assert skill.live_state() == ""


def test_an_unknown_zone_is_refused():
    _, service = make_clock()
    with pytest.raises(SettingsError, match="unknown time zone 'Moon/Base'"):
        service.set("skills.clock.timezone", "Moon/Base")


def test_seconds_and_twelve_hour_clock():
    assert format_time(MOMENT, "24h", True) == "16:05:09"
    assert format_time(MOMENT.replace(hour=0), "12h", False) == "12:05 AM"
