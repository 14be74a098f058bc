"""The Telegram dock: the platform layer's TokenDock (whether she is reading and as which bot, the
conversations, the messages as she read them and who she ignored and why) with Telegram's states."""

from __future__ import annotations

from functools import partial

from app.skills.platform import token_dock
from app.skills.telegram.client import State
from app.skills.telegram.skill import TelegramSkill
from app.widgets.palette import FINE, PROBLEM, QUIET, WAITING
from app.widgets.qt import QT_TRANSLATE_NOOP, QWidget

COLOURS = {State.READING: FINE, State.CONNECTING: WAITING, State.RETRYING: WAITING, State.HUNG: WAITING,
           State.WAITING: WAITING, State.CONFLICT: PROBLEM, State.AUTH_FAILED: PROBLEM, State.REFUSED: PROBLEM,
           State.NO_TOKEN: PROBLEM, State.OFF: QUIET}
NOTE = QT_TRANSLATE_NOOP("token_dock",
                         "She answers here in writing, never out loud. Who she may talk to: Settings → Telegram.")


def make_dock(skill: TelegramSkill) -> QWidget:
    return token_dock.TokenDock(skill,
                                partial(token_dock.state_html, COLOURS, QT_TRANSLATE_NOOP("token_dock", "Reading")),
                                NOTE)
