"""Getting to Know You's lines with a value in them, said in the Chat dock (app.skills.person.interview): marked
in the "interview" context like its fixed lines and said as Phrases, so the dock translates the sentence and fills
in the value as it came."""

from __future__ import annotations

from app.core.words import QT_TRANSLATE_NOOP

STOPPED_BECAUSE = QT_TRANSLATE_NOOP("interview", "Stopped ({why}). Your lines go to Bea again.")
NO_MODEL = QT_TRANSLATE_NOOP("interview", "Stopped: it couldn't get an answer from the model (detail: {detail}). "
                                          "Your lines go to Bea again.")
NOT_KEPT = QT_TRANSLATE_NOOP("interview", "I couldn't keep that (detail: {detail}).")
