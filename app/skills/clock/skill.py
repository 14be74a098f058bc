"""The Clock skill: puts the streamer's local time and date in live state, so she knows when "now" is."""

from __future__ import annotations

from datetime import datetime
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from pydantic import Field, field_validator

from app.config.section import SkillSettings
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
            except (ZoneInfoNotFoundError, ValueError):
                raise ValueError(f"unknown time zone {value!r} (use a name like Europe/Rome)") from None
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


_DAYS = {"en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
         "it": ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica")}
_MONTHS = {"en": ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December"),
           "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
                  "ottobre", "novembre", "dicembre")}
_NOW = {"en": "[NOW] It is {hour} on {day} ({zone}).", "it": "[ORA] Sono le {hour} di {day} ({zone})."}


def format_date(moment: datetime, language: str = "en") -> str:
    """The day in her prompts' language (the process's locale plays no part: "Wednesday 2 December 2026")."""
    code = language if language in _DAYS else "en"
    return f"{_DAYS[code][moment.weekday()]} {moment.day} {_MONTHS[code][moment.month - 1]} {moment.year}"


def now_line(hour: str, moment: datetime, zone: str, language: str = "en") -> str:
    """Her live-state line: the time, the day and the zone, in the language of her prompts."""
    return _NOW.get(language, _NOW["en"]).format(hour=hour, day=format_date(moment, language), zone=zone)


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
        return localize(self.ctx.now(), self.settings.timezone)

    def live_state(self) -> str:
        if not self.enabled:
            return ""
        moment = self.now()
        hour = format_time(moment, self.settings.hour_format, seconds=False)
        return now_line(hour, moment, zone_label(moment, self.settings.timezone), self.ctx.language())
