"""Settings → Telegram: who she talks to (from the schema's form), the bot token pasted into the keyring (never
shown again), and what the poll is doing: the platform layer's TokenPage with Telegram's words."""

from __future__ import annotations

from app.skills.platform.token_page import TokenPage
from app.skills.telegram.skill import TelegramSettings, TelegramSkill
from app.widgets.qt import QT_TRANSLATE_NOOP

HOWTO = (   # a paragraph a string, shown one after the other
    QT_TRANSLATE_NOOP("token_page", "Make her a bot: in Telegram, write /newbot to @BotFather, pick a name, and "
                                    "paste the token it gives you here."),
    QT_TRANSLATE_NOOP("token_page", "To let her read a group, add the bot to it; she answers there only when "
                                    "mentioned or replied to (for a reply, BotFather's /setprivacy need not change). "
                                    "Your user id: the dock shows it when you write to her before you are allowed."),
)


def make_page(skill: TelegramSkill, prefix: str, values: TelegramSettings) -> TokenPage:
    return TokenPage(skill, prefix, values, QT_TRANSLATE_NOOP("token_page", "paste the bot token from @BotFather"),
                     HOWTO)
