"""The Voice dock and settings page, offscreen, on the real app: the state, the mode picker writing the
setting, the device pickers (or why there are none), the level meter, the last transcript; a screenshot."""

from __future__ import annotations

import pytest

from app.core.events import EventKind
from app.core.turn_stages import TurnStages
from app.senses.voice import backend
from app.skills.voice.dock import (
    INTO_SILENCE,
    NO_MIC,
    VoiceDock,
    make_dock,
    problem_lines,
    shown_state,
    state_html,
)
from app.skills.voice.settings import VoiceSettingsPage, make_page
from app.skills.voice.state import DUCKED, HEARING, LISTENING, LOADING, SPEAKING, THINKING
from app.widgets.qt import QComboBox, QLineEdit
from tests.conftest import REPO

SHOTS = REPO / "build" / "screenshots"


def test_state_lines_read_plainly():
    assert "Voice is off" in state_html("listening", enabled=False)
    assert "Hearing you" in state_html("hearing you", enabled=True) and "#1565c0" in state_html("hearing you", True)


def test_the_state_shown_never_contradicts_the_devices():
    table = [  # (state, a microphone open, speakers open) -> what the dock says
        (LISTENING, True, True, LISTENING), (LISTENING, False, True, NO_MIC), (HEARING, False, False, NO_MIC),
        (SPEAKING, True, True, SPEAKING), (SPEAKING, True, False, INTO_SILENCE), (DUCKED, False, False, INTO_SILENCE),
        (THINKING, False, False, THINKING), (LOADING, False, False, LOADING)]
    for state, hears, aloud, shown in table:
        assert shown_state(state, hears=hears, aloud=aloud) == shown, (state, hears, aloud)
    assert "#2e7d32" not in state_html(NO_MIC, enabled=True)           # never the green of listening


def test_each_problem_is_said_once():
    why = "PortAudio is not installed, so Bea can neither hear nor speak aloud"
    problems = [f"no audio device: {why}. She speaks into silence.",
                f"no audio device: {why}. She speaks into silence."]
    assert problem_lines("", problems,
                         f"No audio devices: {why}") == [f"No audio device: {why}. She speaks into silence."]
    assert problem_lines("Saved.", [], f"No audio devices: {why}") == ["Saved.", f"No audio devices: {why}"]


@pytest.mark.skipif(backend().available, reason="this machine has a sound system: nothing is missing")
def test_started_without_an_audio_device_the_dock_says_so_once_and_offers_no_talk_button(bea, qtbot):
    """The real skill as the app starts it, the machine's own (absent) sound system."""
    import asyncio
    skill = bea.skills["voice"]
    dock = make_dock(skill)
    qtbot.addWidget(dock)

    async def go():
        await skill.start()
        await skill.up()
        dock.refresh()
        shown = dock.state.text(), dock.problems.text(), dock.talk.isEnabled(), dock.talk_key.isVisibleTo(dock)
        await skill.stop()
        return shown

    state, problems, talk, key = asyncio.run(asyncio.wait_for(go(), 60))
    assert "Not hearing you: no microphone" in state and "Listening" not in state and "#2e7d32" not in state
    assert problems.count("PortAudio is not installed") == 1
    assert not talk and not key


def test_the_dock_shows_her_state_the_devices_the_meter_and_what_she_heard(bea, qtbot):
    skill = bea.skills["voice"]
    dock = make_dock(skill)
    qtbot.addWidget(dock)
    dock.resize(380, 360)
    assert isinstance(dock, VoiceDock)
    assert skill.settings.mode == "push_to_talk" and dock.mode.currentData() == "push_to_talk"
    assert "Off" in dock.state.text()                               # not started here
    qtbot.waitUntil(lambda: dock.listed, timeout=20000)             # the devices are listed off its thread
    inputs, outputs, _why = skill.devices()                         # the settings page's list: the same
    assert [dock.input.itemText(i) for i in range(1, dock.input.count())] == inputs
    assert [dock.output.itemText(i) for i in range(1, dock.output.count())] == outputs
    if not backend().available:   # said once, with what else is wrong
        assert dock.problems.text().startswith("No audio devices: PortAudio is not installed")
    assert dock.input.currentText() == "(system default)" and dock.output.currentText() == "(system default)"

    dock.mode.setCurrentIndex(dock.mode.findData("always_on"))
    dock.mode.activated.emit(dock.mode.currentIndex())               # the streamer picks a mode
    assert bea.settings.current.skills.voice.mode == "always_on" and dock.note == ""
    assert any(e.data.get("path") == "skills.voice.mode" for e in bea.bus.recent([EventKind.SETTINGS]))

    skill._level(-21.0)                                               # the microphone's level
    assert dock.meter.value() == 65 and dock.meter.format() == "mic -21 dB"
    skill.running = True
    skill.mic = object()                                              # as if a microphone were open
    skill.last_transcript = "what game are we playing today?"
    skill.thinking = True
    skill._changed()
    assert "Thinking" in dock.state.text() and dock.heard.text() == "what game are we playing today?"
    assert dock.stages.words.text() == "Her last answer: none yet since you spoke."
    skill.last_stages = TurnStages(380.0, 12.0, 1210.0, 80.0)        # her answer, timed
    skill._changed()
    assert dock.stages.words.text().startswith("Her last answer took 1.7 s:")
    assert [w in dock.stages.words.text() for w in ("end of your turn 0.4 s", "hearing <0.1 s", "thinking 1.2 s",
                                                    "her voice 0.1 s")] == [True] * 4
    assert dock.stages.bar.stages is skill.last_stages
    skill.problems = ["no audio device: PortAudio is not installed, so Bea can neither hear nor speak aloud"]
    dock.refresh()
    assert dock.problems.text().startswith("No audio device")
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert dock.grab().save(str(SHOTS / "voice_dock.png"))
    skill.running = False


def test_the_settings_page_edits_the_section_with_device_pickers(bea, qtbot):
    skill = bea.skills["voice"]
    page = make_page(skill, "skills.voice", skill.settings)
    qtbot.addWidget(page)
    assert isinstance(page, VoiceSettingsPage)
    assert page.changes() == {}
    page.findChild(QComboBox, "skills.voice.mode").setCurrentText("Off")
    page.findChild(QComboBox, "skills.voice.output_device").setCurrentText("USB Headset")
    assert page.changes() == {"skills.voice.mode": "off", "skills.voice.output_device": "USB Headset"}
    key = page.findChild(QLineEdit, "skills.voice.talk_key")
    assert key.text() == "F8" and "any app" in key.toolTip()
    key.setText("Ctrl+Space")
    assert page.changes()["skills.voice.talk_key"] == "Ctrl+Space"


def test_the_settings_page_offers_the_packaged_and_the_installed_voices(bea, qtbot, tmp_path):
    import asyncio
    import shutil

    from app.senses.voice.models import default_piper_voice

    onnx, config = default_piper_voice()
    src = tmp_path / "my-voice"
    src.mkdir()
    shutil.copy(onnx, src / "mine.onnx")
    shutil.copy(config, src / "mine.onnx.json")
    installed = asyncio.run(bea.models.import_path(src, "voice", title="My own voice", languages=("it",),
                                                   licence="MIT"))
    skill = bea.skills["voice"]
    page = make_page(skill, "skills.voice", skill.settings)
    qtbot.addWidget(page)
    voices = page.findChild(QComboBox, "skills.voice.piper_voice")
    assert [voices.itemText(i) for i in range(voices.count())] == [
        "(packaged: en_US joe; MIT, dataset CC0)", "My own voice (MIT)"]              # each with its licence
    assert page.changes() == {}                                          # the packaged one is the default
    voices.setCurrentText("My own voice (MIT)")
    assert page.changes() == {"skills.voice.piper_voice": str(installed)}
    voices.setCurrentText("/somewhere/else.onnx")                         # or any path typed in
    assert page.changes() == {"skills.voice.piper_voice": "/somewhere/else.onnx"}
    voices.setCurrentText("(packaged: en_US joe; MIT, dataset CC0)")
    language = page.findChild(QComboBox, "skills.voice.language")
    assert language.currentText() == "English (en)" and language.itemText(0) == "Detect it"
    language.setCurrentText("Italiano (it)")
    assert page.changes() == {"skills.voice.language": "it"}
    language.setCurrentIndex(0)
    assert page.changes() == {"skills.voice.language": "auto"}
    ears = page.findChild(QComboBox, "skills.voice.whisper_model")
    assert ears.currentText() == "(packaged: whisper base; tiny.en for English where base is missing; MIT)"
