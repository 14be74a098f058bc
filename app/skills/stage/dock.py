"""The Stage dock: her avatar (choose, check, see what it can show), her animation clips (add, remove, mark
one idle, try one), a mood to try, framing and background, the pages watching, and the addresses to paste
into OBS."""

from __future__ import annotations

from pathlib import Path

from app.skills.stage.skill import StageSkill
from app.stage.vrm import LIP_SYNC, emotions
from app.widgets.dock_words import number
from app.widgets.event_words import skill_line
from app.widgets.palette import PROBLEM_STYLE
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QApplication,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
    translate,
)

CAMERAS = [(QT_TRANSLATE_NOOP("stage_dock", "Upper body"), "upper"),
           (QT_TRANSLATE_NOOP("stage_dock", "Full body"), "full"),
           (QT_TRANSLATE_NOOP("stage_dock", "Face"), "face")]
BACKGROUNDS = [(QT_TRANSLATE_NOOP("stage_dock", "Transparent"), "transparent"),
               (QT_TRANSLATE_NOOP("stage_dock", "Chroma key"), "chroma"),
               (QT_TRANSLATE_NOOP("stage_dock", "Colour"), "color")]


def model_text(skill: StageSkill) -> str:
    if skill.model is None:
        return translate("stage_dock", "No avatar chosen.")
    m = skill.model
    if skill.using_default:
        return (translate("stage_dock", "{title}, the default avatar (VRM 1.0, public domain). Choose your own "
                                        ".vrm with “Choose avatar…”.").format(title=m.title))
    return translate("stage_dock", "{title} (VRM {version}, {file}, {size} KB)").format(
        title=m.title, version="1.0" if m.version == "1" else "0.x", file=m.path.name, size=number(m.size // 1024))


def expressions_text(skill: StageSkill) -> str:
    if skill.model is None:
        return ""
    names = skill.expressions
    faces = emotions(names)
    lips = [v for v in LIP_SYNC if v in names]
    source = "" if skill.report is not None else translate("stage_dock",
                                                           " (from the file; the stage has not reported yet)")
    parts = [
        translate("stage_dock", "Expressions: {faces}{source}").format(faces=", ".join(faces)
                                                                       or translate("stage_dock", "none"),
                                                                       source=source),
             translate("stage_dock", "Lip sync: {shapes}").format(
                 shapes=", ".join(lips) if lips else translate("stage_dock", "none (this model has no mouth shapes)")),
             translate("stage_dock", "Blink: yes") if "blink" in names else translate("stage_dock", "Blink: no")]
    return "\n".join(parts)


def clip_rows(skill: StageSkill) -> list[tuple[str, str]]:
    """(text, key) per clip entry: key is the clip's name, or the path of a file that is not a clip."""
    rows = []
    idle = skill.idle_clip
    for name, info in skill.clips.items():
        notes = [f"{info.duration:.1f} s" if info.duration else "", translate("stage_dock", "idle") if name == idle
                 else ""]
        if name in skill.clip_errors:
            notes.append(translate("stage_dock", "the stage cannot play it"))
        elif name in skill.clip_reports:
            notes.append(translate("stage_dock", "ready"))
        rows.append((f"{name} ({', '.join(n for n in notes if n)})", name))
    for path in skill.clip_problems:
        rows.append((translate("stage_dock", "{name} (not a clip)").format(name=Path(path).name), path))
    return rows


def clips_problem(skill: StageSkill) -> str:
    return "\n".join([*skill.clip_problems.values(), *skill.clip_errors.values()])


def pages_text(skill: StageSkill) -> str:
    pages = skill.pages()
    if not pages:
        return translate("stage_dock", "No page is showing the stage.")
    return translate("stage_dock",
                     "Showing on: ") + ", ".join(
                         translate("stage_dock", "{client} {page} ({fps:.0f} fps)").format(
                             client=p.client, page=p.page, fps=p.fps) if p.page == "stage"
                                      else f"{p.client} {p.page}" for p in pages)


class StageDock(QWidget):
    changed = Signal()

    def __init__(self, skill: StageSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.model = QLabel(objectName="stageModel", wordWrap=True)
        self.problem = QLabel(objectName="stageProblem", wordWrap=True)
        self.problem.setStyleSheet(PROBLEM_STYLE)
        self.feedback = QLabel(objectName="stageFeedback", wordWrap=True)
        self.details = QLabel(objectName="stageExpressions", wordWrap=True)
        self.choose = QPushButton(translate("stage_dock", "Choose avatar…"), objectName="stage-choose")
        self.remove = QPushButton(translate("stage_dock", "Remove"), objectName="stage-remove")
        self.clips = QListWidget(objectName="stageClips")
        self.clips.setMaximumHeight(110)
        self.add_clip = QPushButton(translate("stage_dock", "Add clips…"), objectName="stage-add-clips")
        self.remove_clip = QPushButton(translate("stage_dock", "Remove"), objectName="stage-remove-clip")
        self.idle_clip = QPushButton(translate("stage_dock", "Idle"), objectName="stage-idle-clip", checkable=True)
        self.idle_clip.setToolTip(translate("stage_dock", "Loop this clip whenever she is not playing another one."))
        self.play_clip = QPushButton(translate("stage_dock", "Play"), objectName="stage-play-clip")
        self.clip_problem = QLabel(objectName="stageClipProblem", wordWrap=True)
        self.clip_problem.setStyleSheet(PROBLEM_STYLE)
        self.mood = QLineEdit(objectName="stageMood",
                              placeholderText=translate("stage_dock", "Try a mood: excited, sad, curious…"))
        self.mood_result = QLabel(objectName="stageMoodResult", wordWrap=True)
        self.camera = QComboBox(objectName="stageCamera")
        self.background = QComboBox(objectName="stageBackground")
        for box, options in ((self.camera, CAMERAS), (self.background, BACKGROUNDS)):
            for label, value in options:
                box.addItem(translate("stage_dock", label), value)
        self.pages = QLabel(objectName="stagePages", wordWrap=True)
        self.obs_url = QLineEdit(objectName="stageObsUrl", readOnly=True)
        self.copy_stage = QPushButton(translate("stage_dock", "Copy stage URL"), objectName="stage-copy")
        self.copy_captions = QPushButton(translate("stage_dock", "Copy captions URL"), objectName="stage-copy-captions")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.model)
        row = QHBoxLayout()
        row.addWidget(self.choose)
        row.addWidget(self.remove)
        layout.addLayout(row)
        layout.addWidget(self.problem)
        layout.addWidget(self.feedback)
        layout.addWidget(self.details)
        layout.addWidget(QLabel(translate("stage_dock", "Animation clips (.vrma): <do:name> in her words plays one."),
                                wordWrap=True))   # one long line in Italian: wrapped, it never widens the dock
        layout.addWidget(self.clips)
        row = QHBoxLayout()
        for button in (self.add_clip, self.remove_clip, self.idle_clip, self.play_clip):
            row.addWidget(button)
        layout.addLayout(row)
        layout.addWidget(self.clip_problem)
        form = QFormLayout()
        form.addRow(translate("stage_dock", "Mood"), self.mood)
        form.addRow("", self.mood_result)
        form.addRow(translate("stage_dock", "Camera"), self.camera)
        form.addRow(translate("stage_dock", "Background"), self.background)
        layout.addLayout(form)
        layout.addWidget(QLabel(translate("stage_dock", "OBS browser source:")))
        layout.addWidget(self.obs_url)
        row = QHBoxLayout()
        row.addWidget(self.copy_stage)
        row.addWidget(self.copy_captions)
        layout.addLayout(row)
        layout.addWidget(self.pages)
        layout.addStretch(1)

        self.choose.clicked.connect(self.pick_file)
        self.remove.clicked.connect(lambda: self._note(self.skill.change_setting("vrm_path", "")))
        self.add_clip.clicked.connect(self.pick_clips)
        self.remove_clip.clicked.connect(lambda: self._note(self.skill.remove_clip(self.selected_clip())))
        self.idle_clip.clicked.connect(self.toggle_idle)
        self.play_clip.clicked.connect(self.try_clip)
        self.clips.currentItemChanged.connect(lambda *_: self._clip_buttons())
        self.mood.returnPressed.connect(self.try_mood)
        self.camera.activated.connect(
            lambda _i: self._note(skill.change_setting("camera", self.camera.currentData())))
        self.background.activated.connect(
            lambda _i: self._note(skill.change_setting("background", self.background.currentData())))
        self.copy_stage.clicked.connect(lambda: self.copy(skill.obs_url()))
        self.copy_captions.clicked.connect(lambda: self.copy(skill.obs_url("captions")))
        self.changed.connect(self.refresh)
        self._unsubscribe = skill.on_change(self.changed.emit)
        self.destroyed.connect(lambda *_: self._unsubscribe())
        self.timer = QTimer(self)
        self.timer.timeout.connect(lambda: self.pages.setText(pages_text(self.skill)))
        self.timer.start(1000)
        self.note = ""
        self.refresh()

    def refresh(self) -> None:
        s = self.skill
        self.model.setText(model_text(s))
        self.problem.setText(skill_line(s, s.problem()))
        self.problem.setVisible(bool(self.problem.text()))
        self.feedback.setText(self.note)
        self.feedback.setVisible(bool(self.note))
        self.details.setText(expressions_text(s))
        self.remove.setEnabled(bool(s.settings.vrm_path))
        self._fill_clips()
        self.camera.setCurrentIndex(max(0, self.camera.findData(s.settings.camera)))
        self.background.setCurrentIndex(max(0, self.background.findData(s.settings.background)))
        url = s.obs_url()
        self.obs_url.setText(url or translate("stage_dock", "(not available: see above)"))
        self.copy_stage.setEnabled(bool(url))
        self.copy_captions.setEnabled(bool(url))
        self.pages.setText(pages_text(s))

    def _note(self, text: str) -> None:
        self.note = text
        self.refresh()

    def pick_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, translate("stage_dock", "Choose her avatar"),
                                              self.skill.settings.vrm_path,
                                              translate("stage_dock", "VRM avatars (*.vrm);;All files (*)"))
        if path:
            self.skill.choose_model(path)   # a refusal shows as the problem
            self._note("")

    # ---- clips ----------------------------------------------------------------------------------------
    def _fill_clips(self) -> None:
        chosen = self.selected_clip()
        self.clips.blockSignals(True)
        self.clips.clear()
        for text, key in clip_rows(self.skill):
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.clips.addItem(item)
            if key == chosen:
                self.clips.setCurrentItem(item)
        self.clips.blockSignals(False)
        problem = clips_problem(self.skill)
        self.clip_problem.setText(problem)
        self.clip_problem.setVisible(bool(problem))
        self._clip_buttons()

    def selected_clip(self) -> str:
        item = self.clips.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def _clip_buttons(self) -> None:
        key = self.selected_clip()
        playable = key in self.skill.clips
        self.remove_clip.setEnabled(bool(key))
        self.idle_clip.setEnabled(playable)
        self.idle_clip.setChecked(playable and key == self.skill.idle_clip)
        self.play_clip.setEnabled(playable and self.skill.running)

    def pick_clips(self) -> None:
        start = next(iter(self.skill.settings.clips), "")
        paths, _ = QFileDialog.getOpenFileNames(self, translate("stage_dock", "Add animation clips"),
                                                str(Path(start).parent) if start
                                                else "",
                                                translate("stage_dock", "VRM animations (*.vrma);;All files (*)"))
        if paths:
            self._note(self.skill.add_clips(paths))

    def toggle_idle(self) -> None:
        key = self.selected_clip()
        if key in self.skill.clips:
            self._note(self.skill.set_idle_clip("" if key == self.skill.idle_clip else key))

    def try_clip(self) -> bool:
        key = self.selected_clip()
        played = self.skill.play_action(key) if key else False
        self._note(translate("stage_dock", "Playing “{key}”.").format(key=key) if played else "")
        return played

    def try_mood(self) -> str:
        word = self.mood.text().strip()
        if not word:
            return ""
        name = self.skill.show_mood(word, hold=5.0)
        self.mood_result.setText(translate("stage_dock", "“{word}” → {expression} (for 5 seconds)").format(
            word=word, expression=name or translate("stage_dock", "a neutral face")))
        return name

    def copy(self, url: str) -> None:
        if url:
            QApplication.clipboard().setText(url)
            self._note(translate("stage_dock", "Copied {url}: in OBS, add a Browser source with it.").format(url=url))


def make_dock(skill: StageSkill) -> QWidget:
    return StageDock(skill)
