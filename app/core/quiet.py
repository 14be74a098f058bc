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

from app.core.ui_language import ENGLISH

DEMO = "local:smollm2"   # the tiny built-in model: every frame it reads, it answers out loud


@dataclass(frozen=True)
class QuietWords:
    short: str       # under a minute
    one: str         # one minute
    many: str        # {minutes} minutes
    may_speak: str   # the initiative verdict "yes": {minutes}
    keep: str        # the initiative verdict "not now"


WORDS = {
    ENGLISH: QuietWords(
        short="Nobody has said anything for a little while: the stream is quiet.",
        one="Nobody has said anything for a minute: the stream is quiet.",
        many="Nobody has said anything for {minutes} minutes: the stream is quiet.",
        may_speak=("[INITIATIVE] It has been quiet for {minutes} minutes. You may start something yourself now: "
                   "say something to the stream unprompted (`speak`), about the stream, the plan, or someone you "
                   "remember."),
        keep="[INITIATIVE] Not now: keep your thoughts to yourself this time (`stay_silent` when you are done)."),
    "it": QuietWords(
        short="Nessuno ha detto niente da un po': la diretta è tranquilla.",
        one="Nessuno ha detto niente da un minuto: la diretta è tranquilla.",
        many="Nessuno ha detto niente da {minutes} minuti: la diretta è tranquilla.",
        may_speak=("[INIZIATIVA] È tutto tranquillo da {minutes} minuti. Adesso puoi cominciare tu qualcosa: di' "
                   "qualcosa alla diretta senza che te lo chiedano (`speak`), sulla diretta, sul piano o su "
                   "qualcuno che ricordi."),
        keep="[INIZIATIVA] Non ora: questa volta tieni i pensieri per te (`stay_silent` quando hai finito)."),
}


def words(language: str = ENGLISH) -> QuietWords:
    return WORDS.get(language, WORDS[ENGLISH])


def quiet_line(seconds: float, language: str = ENGLISH) -> str:
    """Rule 2: the IDLE perception's text for `seconds` of silence."""
    w = words(language)
    minutes = round(seconds / 60)
    if minutes < 1:
        return w.short
    return w.one if minutes == 1 else w.many.format(minutes=minutes)


def idle_fits(models: list[str]) -> bool:
    """Rule 3: whether her mind (its first model answers first) can be given a quiet stream to think about."""
    return bool(models) and models[0] != DEMO
