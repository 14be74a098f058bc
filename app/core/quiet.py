"""Her words for a quiet stream: the IDLE perception the bus makes, and the Idle skill's verdict on speaking up.

Theory of operation:
1. What reaches her is a sentence in the language of her prompts (app.core.prompt_language), never a bare
   duration: "240s" read by a small model comes back out loud as "240s ei nemo, amico!".
2. The silence is said in whole minutes (rounded); under a minute it is "a little while", one minute is said as
   one. A language with no words here reads English.
3. Idle life needs a mind that can keep its thoughts to itself: the built-in demo model (DEMO) answers every frame
   it is given out loud, so with it idle life stays off the air (idle_fits).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.her_words import HerWords

DEMO = "local:smollm2"   # the tiny built-in model: every frame it reads, it answers out loud


@dataclass(frozen=True)
class QuietWords:
    short: str       # under a minute
    one: str         # one minute
    many: str        # {minutes} minutes
    may_speak: str   # the initiative verdict "yes": {minutes}
    keep: str        # the initiative verdict "not now"


def words(her: HerWords) -> QuietWords:
    return QuietWords(**her.section("quiet"))


def quiet_line(seconds: float, her: HerWords) -> str:
    """Rule 2: the IDLE perception's text for `seconds` of silence."""
    w = words(her)
    minutes = round(seconds / 60)
    if minutes < 1:
        return w.short
    return w.one if minutes == 1 else w.many.format(minutes=minutes)


def idle_fits(models: list[str]) -> bool:
    """Rule 3: whether her mind (its first model answers first) can be given a quiet stream to think about."""
    return bool(models) and models[0] != DEMO
