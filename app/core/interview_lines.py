"""Getting to Know You's lines with a value in them, said in the Chat dock (app.skills.person.interview): marked
in the "interview" context like its fixed lines, so the dock says them in the window's language with the value
as it came (app.core.words.filled finds the value again in the English line the chat keeps)."""

from __future__ import annotations

from app.core.words import QT_TRANSLATE_NOOP

STOPPED_BECAUSE = QT_TRANSLATE_NOOP("interview", "Stopped ({why}). Your lines go to Bea again.")
NO_MODEL = QT_TRANSLATE_NOOP("interview", "Stopped: it couldn't get an answer from the model (detail: {detail}). "
                                          "Your lines go to Bea again.")
NOT_KEPT = QT_TRANSLATE_NOOP("interview", "I couldn't keep that (detail: {detail}).")
TEMPLATES = (NO_MODEL, NOT_KEPT, STOPPED_BECAUSE)   # the most specific first: filled() takes the first that fits
