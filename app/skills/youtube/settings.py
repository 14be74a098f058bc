"""Settings → YouTube: the stream (from the schema's form), the Data API key pasted into the keyring (never
shown again), and what the chat poll is doing."""

from __future__ import annotations

from app.skills.youtube.skill import YouTubeSettings, YouTubeSkill
from app.widgets.forms import SecretField, SectionForm
from app.widgets.qt import QT_TRANSLATE_NOOP, QLabel, translate

HOWTO = QT_TRANSLATE_NOOP("youtube_settings", "A YouTube Data API v3 key: Google Cloud console → APIs & Services → "
                                              "enable \"YouTube Data API v3\" → Credentials → Create credentials → API "
                                              "key. Reading a live chat costs quota: YouTube's default daily quota "
                                              "covers a few hours of chat.")


class YouTubeSettingsPage(SectionForm):
    def __init__(self, skill: YouTubeSkill, prefix: str, values: YouTubeSettings) -> None:
        self.skill = skill
        super().__init__(prefix, YouTubeSettings, values)
        self.secret = SecretField("youtube.key", translate("youtube_settings", "paste your YouTube Data API key"),
                                  translate("youtube_settings", "Save key"),
                                  lambda text: self.keep_key(text), lambda: self.keep_key(""))
        self.key, self.save, self.forget = self.secret.edit, self.secret.save_button, self.secret.forget_button
        self.layout_.addRow(translate("youtube_settings", "API key"), self.secret)
        self.status = QLabel(objectName="youtube.status", wordWrap=True)
        self.layout_.addRow(self.status)
        self.layout_.addRow(QLabel(translate("youtube_settings", HOWTO), wordWrap=True))
        unsubscribe = skill.on_change(self.refresh)
        self.destroyed.connect(lambda *_: unsubscribe())
        self.refresh()

    def keep_key(self, text: str) -> None:
        try:
            self.skill.set_api_key(text)
        except RuntimeError as exc:
            self.status.setText(str(exc))
            return
        self.refresh()

    def refresh(self) -> None:
        has = bool(self.skill.api_key())
        self.secret.kept(has)
        state, why = self.skill.status
        place = translate("secrets", getattr(self.skill.ctx.secrets, "where", "")) or translate(
            "youtube_settings", "the keyring")
        kept = translate("youtube_settings", "A key is kept in {place}.").format(place=place) if has \
            else translate("youtube_settings", "No key is kept.")
        if state == "off":
            chat = translate("youtube_settings",
                             "Not reading (name your stream above).") if not self.skill.settings.video else translate(
                                 "youtube_settings", "Not reading.")
        else:
            chat = translate("youtube_settings", "The chat is {state}").format(state=state) + (
                f": {why}" if why else ".")
        self.status.setText(f"{kept} {chat}")


def make_page(skill: YouTubeSkill, prefix: str, values: YouTubeSettings) -> YouTubeSettingsPage:
    return YouTubeSettingsPage(skill, prefix, values)
