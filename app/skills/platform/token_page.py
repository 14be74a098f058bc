"""A token platform's settings page (Settings → Telegram, → Discord): the skill's settings from the schema's
form, the bot token pasted into the keyring (never shown again, masked while typed), the line under it that says
whether one is kept and what the platform is doing (token_status), and how to make her a bot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.core.words import Phrase
from app.skills.platform.token_dock import state_word, why_text
from app.widgets.forms import SecretField, SectionForm
from app.widgets.qt import QLabel, translate


def token_status(title: str, has_token: bool, state: str, why: Phrase | str, me: str = "", kept_in: str = "") -> str:
    """The line under a bot token on a platform's settings page: whether one is kept, where (kept_in: the
    secret store's words, the keyring or Bea's encrypted memory file) and what the platform is doing; with no
    token kept, that is the whole story (the state's own why would only say it again)."""
    if not has_token:
        return translate("token_page", "No bot token is kept: {title} stays off until you save one here.").format(
            title=translate("skills", title))
    where = translate("token_page", " as {me}").format(me=me) if me and state == "reading" else ""
    return translate("token_page", "A bot token is kept in {place}. {title} is {state}{where}").format(
        place=kept_in or translate("token_page", "the keyring"), title=translate("skills", title),
        state=state_word(state).lower(),
        where=where) + (f": {why_text(why)}" if why else ".")


class TokenPage(SectionForm):
    def __init__(self, skill: Any, prefix: str, values: Any, placeholder: str, howto: Sequence[str]) -> None:
        """`howto`: how to make her a bot, a marked paragraph a string."""
        self.skill = skill
        super().__init__(prefix, skill.settings_model, values)
        self.secret = SecretField(f"{skill.key}.token", translate("token_page", placeholder),
                                  translate("token_page", "Save token"), self.keep_token,
                                  self.forget_token)
        self.layout_.addRow(translate("token_page", "Bot token"), self.secret)
        self.status = QLabel(objectName=f"{skill.key}.status", wordWrap=True)
        self.layout_.addRow(self.status)
        self.layout_.addRow(QLabel(" ".join(translate("token_page", p) for p in howto), wordWrap=True))
        unsubscribe = skill.on_change(self.refresh)
        self.destroyed.connect(lambda *_: unsubscribe())
        self.refresh()

    def keep_token(self, text: str) -> None:
        why = self.skill.save_token(text)
        self.refresh()
        if why:
            self.status.setText(why)

    def forget_token(self) -> None:
        self.skill.forget_token()
        self.refresh()

    def refresh(self) -> None:
        has = self.skill.has_token
        self.secret.kept(has)
        state, why = self.skill.status
        kept_in = translate("secrets", getattr(self.skill.ctx.secrets, "where", ""))
        self.status.setText(token_status(self.skill.title, has, state, why, self.skill.me or "", kept_in))
