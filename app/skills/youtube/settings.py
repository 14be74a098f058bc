"""Settings → YouTube: the stream (from the schema's form), the Data API key pasted into the keyring (never
shown again), and what the chat poll is doing."""

from __future__ import annotations

from app.skills.youtube.skill import YouTubeSettings, YouTubeSkill
from app.ui.forms import SectionForm
from app.ui.qt import QHBoxLayout, QLabel, QLineEdit, QPushButton

HOWTO = ("A YouTube Data API v3 key: Google Cloud console → APIs & Services → enable \"YouTube Data API v3\" → "
         "Credentials → Create credentials → API key. Reading a live chat costs quota: YouTube's default daily "
         "quota covers a few hours of chat.")


class YouTubeSettingsPage(SectionForm):
    def __init__(self, skill: YouTubeSkill, prefix: str, values: YouTubeSettings) -> None:
        self.skill = skill
        super().__init__(prefix, YouTubeSettings, values)
        self.key = QLineEdit(objectName="youtube.key", echoMode=QLineEdit.EchoMode.Password,
                             placeholderText="paste your YouTube Data API key")
        self.save = QPushButton("Save key", objectName="youtube.saveKey")
        self.save.clicked.connect(self.keep_key)
        self.forget = QPushButton("Forget", objectName="youtube.forgetKey")
        self.forget.clicked.connect(lambda: self.keep_key(forget=True))
        row = QHBoxLayout()
        row.addWidget(self.key, 1)
        row.addWidget(self.save)
        row.addWidget(self.forget)
        self.layout_.addRow("API key", row)
        self.status = QLabel(objectName="youtube.status", wordWrap=True)
        self.layout_.addRow(self.status)
        self.layout_.addRow(QLabel(HOWTO, wordWrap=True))
        unsubscribe = skill.on_change(self.refresh)
        self.destroyed.connect(lambda *_: unsubscribe())
        self.refresh()

    def keep_key(self, forget: bool = False) -> None:
        try:
            self.skill.set_api_key("" if forget else self.key.text())
        except RuntimeError as exc:
            self.status.setText(str(exc))
            return
        self.key.clear()
        self.refresh()

    def refresh(self) -> None:
        has = bool(self.skill.api_key())
        self.forget.setEnabled(has)
        state, why = self.skill.status
        kept = "A key is kept in the keyring." if has else "No key is kept."
        if state == "off":
            chat = "Not reading (name your stream above)." if not self.skill.settings.video else "Not reading."
        else:
            chat = f"The chat is {state}" + (f": {why}" if why else ".")
        self.status.setText(f"{kept} {chat}")


def make_page(skill: YouTubeSkill, prefix: str, values: YouTubeSettings) -> YouTubeSettingsPage:
    return YouTubeSettingsPage(skill, prefix, values)
