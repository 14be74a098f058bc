"""Settings → Discord: where she joins in and who she talks to (from the schema's form), the bot token pasted
into the keyring (never shown again, masked while typed), and what the connection is doing: the platform
layer's TokenPage with Discord's words."""

from __future__ import annotations

from app.skills.discord.skill import DiscordSettings, DiscordSkill
from app.skills.platform.token_page import TokenPage
from app.widgets.qt import QT_TRANSLATE_NOOP

HOWTO = (   # a paragraph a string, shown one after the other
    QT_TRANSLATE_NOOP("token_page", "Make her a bot: in the Discord Developer Portal "
                                    "(discord.com/developers/applications) create an application, open Bot, press "
                                    "Reset Token and paste the token here; on the same page switch on 'Message "
                                    "Content Intent'."),
    QT_TRANSLATE_NOOP("token_page", "Invite the bot to your server (OAuth2 → URL Generator: scope bot, permissions "
                                    "Send Messages, Add Reactions, Read Message History). She answers in an allowed "
                                    "channel only when mentioned or replied to."),
    QT_TRANSLATE_NOOP("token_page", "Ids: Discord Settings → Advanced → Developer Mode, then right-click → Copy ID; "
                                    "the dock shows them when someone writes before they are allowed."),
)


def make_page(skill: DiscordSkill, prefix: str, values: DiscordSettings) -> TokenPage:
    return TokenPage(skill, prefix, values,
                     QT_TRANSLATE_NOOP("token_page", "paste the bot token from the Developer Portal"),
                     HOWTO)
