"""The Voice dock's "Your voice" part: teach her the streamer's voice by reading a few sentences aloud, forget it,
and choose whom she hears (anyone, other voices as someone in the room; or only you).

Reading: "Start reading" shows a sentence and records the microphone (her ears hear none of it) until "Done".
Each take is checked as it ends (too little speech: read it again); after three good takes the voice print is
made and kept, or the take unlike the others is named to be read again. It needs her ears open (hearing not
off) and the speaker model; otherwise the part says what is missing.
"""

from __future__ import annotations

from typing import Any

from app.process.tasks import spawn
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
    translate,
)

SENTENCES = (
    QT_TRANSLATE_NOOP("voice_teach", "Hi everyone, welcome back to the stream; grab a snack and get comfortable."),
    QT_TRANSLATE_NOOP("voice_teach", "Today we are trying something new, so bear with me if it goes wrong."),
    QT_TRANSLATE_NOOP("voice_teach", "Thank you all for the follows and the kind messages, it means a lot to me."),
    QT_TRANSLATE_NOOP("voice_teach", "The quick brown fox jumps over the lazy dog, while the chat keeps counting."),
)
HEAR = [(QT_TRANSLATE_NOOP("voice_teach", "Anyone (others as someone in the room)"), "anyone"),
        (QT_TRANSLATE_NOOP("voice_teach", "Only you"), "you")]
CANNOT = {"no model": QT_TRANSLATE_NOOP("voice_teach", "She cannot learn voices: the voice model is not installed "
                                                       "(Settings → Models, Voice of the streamer)."),
          "no store": QT_TRANSLATE_NOOP("voice_teach", "She cannot keep a voice print in this build."),
          "closed": QT_TRANSLATE_NOOP("voice_teach", "Switch hearing on to teach her your voice."),
          "no microphone": QT_TRANSLATE_NOOP("voice_teach", "Teaching her your voice needs a microphone.")}


class TeachVoice(QWidget):
    def __init__(self, skill: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.read = 0                      # takes kept in this teaching
        self.status = QLabel(objectName="voiceTeachStatus", wordWrap=True)
        self.sentence = QLabel(objectName="voiceTeachSentence", wordWrap=True)
        self.sentence.setVisible(False)
        self.start = QPushButton(translate("voice_teach", "Teach her your voice"), objectName="voiceTeach")
        self.start.setCheckable(True)
        self.forget = QPushButton(translate("voice_teach", "Forget my voice"), objectName="voiceForget")
        self.hear = QComboBox(objectName="voiceHearWho")
        for label, value in HEAR:
            self.hear.addItem(translate("voice_teach", label), value)
        self.hear.setToolTip(translate("voice_teach", "Once she knows your voice: whom she hears."))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status)
        layout.addWidget(self.sentence)
        row = QHBoxLayout()
        row.addWidget(self.start, 1)
        row.addWidget(self.forget)
        layout.addLayout(row)
        hear = QHBoxLayout()
        hear.addWidget(QLabel(translate("voice_teach", "Hear:")))
        hear.addWidget(self.hear, 1)
        layout.addLayout(hear)
        self.start.toggled.connect(self._toggled)
        self.forget.clicked.connect(self._forget)
        self.hear.activated.connect(lambda _i: self.skill.change_setting("hear_who", self.hear.currentData()))
        self.refresh()

    def _whose(self) -> Any:
        return self.skill.whose

    def refresh(self, said: str = "") -> None:
        whose = self._whose()
        why = ("closed" if whose is None else "no microphone" if getattr(self.skill, "mic", None) is None
               else whose.cannot_teach())
        self.start.setEnabled(not why)
        knows = whose is not None and whose.print is not None
        self.forget.setEnabled(knows)
        self.hear.setCurrentIndex(max(0, self.hear.findData(self.skill.settings.hear_who)))
        self.hear.setEnabled(knows)
        if said:
            self.status.setText(said)
        elif why:
            self.status.setText(translate("voice_teach", CANNOT[why]))
        elif knows:
            left = getattr(self.skill, "left_out", 0)
            self.status.setText(translate("voice_teach", "She knows your voice.") + (
                " " + translate("voice_teach", "Other voices left out: {n}.").format(n=left) if left else ""))
        else:
            self.status.setText(translate("voice_teach", "She does not know your voice yet: read three sentences "
                                                         "so she can tell you from others in the room."))

    def _toggled(self, reading: bool) -> None:
        whose = self._whose()
        if whose is None:
            return
        if reading:
            whose.start_take()
            text = translate("voice_teach", SENTENCES[self.read % len(SENTENCES)])
            self.sentence.setText(translate("voice_teach", "Read aloud, then press Done:") + f"\n“{text}”")
            self.sentence.setVisible(True)
            self.start.setText(translate("voice_teach", "Done"))
            return
        self.start.setText(translate("voice_teach", "Teach her your voice"))
        self.sentence.setVisible(False)
        spawn(self._ended(whose))

    async def _ended(self, whose: Any) -> None:
        problem = await whose.end_take()
        if problem:
            self.refresh(translate("voice_teach", "Too little of your voice in that reading: read the whole "
                                                  "sentence again, a little closer to the microphone."))
            return
        self.read += 1
        kept, n = whose.save()
        if kept == "more":
            self.refresh(translate("voice_teach", "Good. %n more to read.", None, n))
        elif kept == "odd":
            self.read = max(0, self.read - 1)
            self.refresh(translate("voice_teach", "Reading %n did not sound like the others: press Teach and read "
                                                  "one more.", None, n))
        else:
            self.read = 0
            self.refresh(translate("voice_teach", "Done: she knows your voice."))

    def _forget(self) -> None:
        whose = self._whose()
        if whose is not None:
            whose.forget()
        self.refresh(translate("voice_teach", "Forgotten: your voice print is deleted."))
