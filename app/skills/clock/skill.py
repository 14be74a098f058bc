"""The Clock skill: puts the streamer's local time and date in live state, so she knows when "now" is."""

from __future__ import annotations

from datetime import datetime
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from babel.dates import format_date as format_day
from pydantic import Field, field_validator

from app.config.section import SkillSettings
from app.core.her_words import HerWords
from app.skills.base import Skill
from app.skills.registry import register


class ClockSettings(SkillSettings):
    hour_format: Literal["24h", "12h"] = Field("24h", title="How she tells the hour",
                                               description="24h (18:30) or 12h (6:30 pm), when she says the time.")
    show_seconds: bool = Field(False, title="Seconds in the dock", description="Show seconds in the Clock dock.")
    timezone: str = Field("", title="Time zone", description="Your time zone, such as Europe/Rome; empty means "
                                                             "this computer's own zone.")

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        value = value.strip()
        if value:
            try:
                ZoneInfo(value)
            except (ZoneInfoNotFoundError, ValueError, OSError):   # OSError: a name no file system holds
                raise ValueError(f"unknown time zone {value[:60]!r} (use a name like Europe/Rome)") from None
        return value


def zone_names() -> list[str]:
    return sorted(available_timezones())


def localize(moment: datetime, timezone: str) -> datetime:
    return moment.astimezone(ZoneInfo(timezone)) if timezone else moment.astimezone()


def format_time(moment: datetime, hour_format: str, seconds: bool) -> str:
    if hour_format == "12h":
        text = moment.strftime("%I:%M:%S %p" if seconds else "%I:%M %p")
        return text.lstrip("0")
    return moment.strftime("%H:%M:%S" if seconds else "%H:%M")


def format_date(moment: datetime, her: HerWords) -> str:
    """The day in her words' language, as their catalog's pattern says it ("Wednesday 2 December 2026"); the
    names of days and months are the locale's (CLDR, through Babel), never the process's locale."""
    return format_day(moment.date(), her.text("clock.date"), locale=her.language)


def now_line(hour: str, moment: datetime, zone: str, her: HerWords) -> str:
    """Her live-state line: the time, the day and the zone, in her words."""
    return her.say("clock.now", hour=hour, day=format_date(moment, her), zone=zone)


def zone_label(moment: datetime, timezone: str) -> str:
    return timezone or (moment.tzname() or "local time")


@register
class ClockSkill(Skill):
    key = "clock"
    title = "Clock"
    description = "She knows your local time and date."
    settings_model = ClockSettings
    dock = "app.skills.clock.dock:make_dock"
    settings_page = "app.skills.clock.settings:make_page"

    def now(self) -> datetime:
        return localize(self.ctx.clock.now(), self.settings.timezone)

    def live_state(self) -> str:
        if not self.enabled:
            return ""
        moment = self.now()
        hour = format_time(moment, self.settings.hour_format, seconds=False)
        return now_line(hour, moment, zone_label(moment, self.settings.timezone), self.ctx.words())
