"""The desktop shell, offscreen: window, docks, menus, tray menu or its window-only fallback, settings."""

import asyncio
import logging

import pytest

from app.memory.migrations import LATEST
from app.ui import launch
from app.ui.passphrase import PassphraseDialog
from app.widgets.qt import QLocale, QMenu
from tests.conftest import REPO

SHOTS = REPO / "build" / "screenshots"


@pytest.fixture
def shell(qapp, bea, caplog):
    caplog.set_level(logging.INFO)
    s = launch.Shell(bea, launch.app_icon())
    bea.started.append("clock")
    yield s
    s.window.hide_on_close = False
    s.window.deleteLater()


def menu_titles(window):
    return [a.text() for a in window.menuBar().actions()]


def menu(window, title) -> QMenu:
    return next(a.menu() for a in window.menuBar().actions() if a.text() == title)


def test_window_has_stage_docks_menus_and_status(shell):
    w = shell.window
    assert menu_titles(w) == ["&File", "&View", "&Settings", "&Help"]
    assert set(w.docks) == {"events", "turns", "context", "mood", "memory", "start", "chat", "clock", "discord",
                            "obs", "people", "person", "plan", "stage", "telegram", "twitch", "voice", "youtube"}
    view = [a.text() for a in menu(w, "&View").actions()]
    assert view == ["Details", "", "Activity", "Turn Log", "Context", "Mood", "Memory", "Get started", "Chat", "Clock",
                    "Discord",
                    "OBS", "People", "You", "Plan", "Stage", "Telegram", "Twitch", "Voice", "YouTube", "",
                    "Reset layout"]
    file_items = [a.text() for a in menu(w, "&File").actions() if a.text()]
    assert file_items == ["Go live", "End stream", "Pause mind", "Mute voice", "Privacy mode", "Export session…",
                          "Open data folder", "Open log file", "Quit"]
    help_items = [a.text() for a in menu(w, "&Help").actions()]
    assert "About Bea" in help_items and "Open log file" in help_items
    assert f"encrypted, schema {LATEST}" in w.stage.body.text()
    assert "[NOW] It is" in w.stage.body.text()


def test_file_menu_exports_the_last_session_as_json_and_markdown(shell, bea, tmp_path):
    """A real session in the encrypted store, exported through File → Export session… and read back."""
    import json

    from app.memory.stream import Line

    w = shell.window
    export = next(a for a in menu(w, "&File").actions() if a.text() == "Export session…")
    asked: list[int] = []
    targets = iter([None, tmp_path / "one.json", tmp_path / "one.md", tmp_path / "nowhere" / "x.md"])
    w.export.ask = lambda _parent, sid: (asked.append(sid), next(targets))[1]  # the save dialog's answers

    async def trigger() -> None:
        w.export.pending = None
        export.trigger()
        if w.export.pending is not None:
            await asyncio.wait([w.export.pending])
            await asyncio.sleep(0)  # the done callback

    asyncio.run(trigger())  # nothing said yet: nothing to export, and no dialog
    assert asked == [] and "no session to export" in w.statusBar().currentMessage()
    shell.actions.go_live.trigger()
    sid = bea.mind.stream.session_id
    bea.mind.stream.append_sync([Line("heard", "[marco] ciao bea", 1.0, "twitch:1", "marco", "twitch:#bea"),
                                 Line("spoke", "ciao marco!", 2.0)])
    shell.actions.end_stream.trigger()
    asyncio.run(trigger())  # the dialog was cancelled: nothing written
    asyncio.run(trigger())
    assert asked == [sid, sid]  # the last session, though it ended
    assert w.statusBar().currentMessage() == f"Session {sid} exported: 2 lines in {tmp_path / 'one.json'}"
    data = json.loads((tmp_path / "one.json").read_text(encoding="utf-8"))
    assert [(ln["kind"], ln["text"]) for ln in data["lines"]] == [("heard", "[marco] ciao bea"),
                                                                  ("spoke", "ciao marco!")]
    asyncio.run(trigger())
    md = (tmp_path / "one.md").read_text(encoding="utf-8")
    assert f"# Session {sid}" in md and "**Bea** ciao marco!" in md and "twitch:1" not in md
    asyncio.run(trigger())  # a folder that does not exist: said plainly, nothing written
    assert w.statusBar().currentMessage().startswith(f"Session {sid} could not be exported to ")
    assert "No such file or directory" in w.statusBar().currentMessage()
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix in (".md", ".json")) == ["one.json", "one.md"]


@pytest.mark.parametrize(("name", "chosen", "path"), [
    ("/h/s", "Markdown (*.md)", "/h/s.md"), ("/h/s", "JSON (*.json)", "/h/s.json"),
    ("/h/s.JSON", "Markdown (*.md)", "/h/s.JSON"), ("/h/s.v2", "JSON (*.json)", "/h/s.v2.json")])
def test_an_export_name_gets_the_extension_of_the_filter_chosen(name, chosen, path):
    from pathlib import Path

    from app.ui.export_session import with_suffix
    assert with_suffix(name, chosen) == Path(path)


def test_view_menu_toggles_a_dock(shell, qtbot):
    w = shell.window
    w.show()
    qtbot.waitExposed(w)
    toggle = menu(w, "&View").actions()[9]
    assert w.docks["clock"].isVisible()
    toggle.trigger()
    assert not w.docks["clock"].isVisible()
    toggle.trigger()
    assert w.docks["clock"].isVisible()


def test_tray_menu_has_its_actions_and_offscreen_runs_window_only(shell, caplog):
    items = [a.text() for a in shell.tray.menu.actions() if not a.isSeparator()]
    assert items == ["Show/Hide", "Go live", "End stream", "Pause mind", "Mute voice", "Privacy mode", "Quit"]
    assert shell.actions.privacy.isCheckable() and shell.actions.pause.isCheckable()
    assert not shell.tray.available
    fallbacks = [r for r in caplog.get_records("setup") if "running window-only" in r.getMessage()]
    assert len(fallbacks) == 1
    assert not shell.window.hide_on_close  # with no tray, closing the window quits


def test_privacy_mode_shows_in_the_title_and_persists(shell, bea):
    shell.actions.privacy.trigger()
    assert bea.settings.current.privacy.enabled
    assert shell.window.windowTitle() == "Bea — privacy mode"
    assert "on (local only)" in shell.window.status.privacy.text()
    bea.settings.set("privacy.enabled", False)  # from anywhere else: the menu follows
    assert not shell.actions.privacy.isChecked() and shell.window.windowTitle() == "Bea"


def test_pause_and_mute_reach_the_switches_and_the_status_bar(shell, bea):
    shell.actions.pause.trigger()
    shell.actions.mute.trigger()
    assert bea.switches.paused and bea.switches.muted
    assert shell.window.status.switches.text() == "mind paused · voice muted"
    bea.settings.set("mind.models", [])
    shell.window.stage.refresh()
    assert "Mind: asleep (no model set" in shell.window.stage.body.text()
    texts = [e.text for e in bea.bus.recent()]
    assert "mind paused" in texts and "voice muted" in texts


def test_go_live_and_end_stream_open_and_close_a_session(shell, bea):
    assert shell.actions.go_live.isEnabled() and not shell.actions.end_stream.isEnabled()
    shell.actions.go_live.trigger()
    sid = bea.mind.stream.session_id
    assert sid is not None and not shell.actions.go_live.isEnabled() and shell.actions.end_stream.isEnabled()
    shell.actions.end_stream.trigger()
    assert bea.mind.stream.session_id is None and bea.mind.stream.sessions()[0][0] == sid
    assert [e.text for e in bea.bus.recent()][-2:] == [f"live: session {sid} is open", f"session {sid} ended"]


def test_closing_the_window_asks_to_quit(shell):
    shell.window.close()
    assert shell.quit_requested.is_set()


def test_settings_dialog_refuses_a_bad_value_naming_the_field(shell, bea, qtbot):
    dialog = shell.window.open_settings()
    qtbot.addWidget(dialog)
    pages = [dialog.pages.item(i).text() for i in range(dialog.pages.count())]
    assert pages == ["General", "Mind", "Skills", "Clock", "Discord", "Donations", "Idle life", "Memory", "OBS",
                     "People",
                     "Stage", "Telegram", "Twitch", "Voice", "YouTube", "Local API"]
    zone = dialog.findChild(object, "skills.clock.timezone")
    zone.setCurrentText("Atlantis/Capital")
    assert not dialog.apply()
    assert "skills.clock.timezone" in dialog.error.text() and "unknown time zone" in dialog.error.text()
    assert bea.settings.current.skills.clock.timezone == ""
    zone.setCurrentText("Europe/Rome")
    dialog.findChild(object, "skills.clock.hour_format").setCurrentText("12h")
    assert dialog.apply()
    assert bea.settings.current.skills.clock.timezone == "Europe/Rome"
    assert bea.settings.current.skills.clock.hour_format == "12h"
    assert dialog.error.text() == ""


def test_clock_dock_shows_the_time_in_the_chosen_zone(shell, bea):
    bea.settings.update({"skills.clock.timezone": "Asia/Tokyo", "skills.clock.show_seconds": True})
    dock = shell.window.docks["clock"].widget()
    dock.refresh()
    assert dock.zone.text() == "Asia/Tokyo"
    assert len(dock.time.text().split(":")) == 3
    bea.settings.set("skills.clock.enabled", False)
    dock.refresh()
    assert "off" in dock.date.text()


def test_screenshot_of_the_main_window_is_not_blank(shell, qtbot):
    w = shell.window
    w.show()
    qtbot.waitExposed(w)
    w.stage.refresh()
    image = w.grab().toImage()
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / "main_window.png"
    assert image.save(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert image.width() >= 800 and len(colours) > 50, f"{len(colours)} colours: the window looks blank"


def test_the_mind_page_takes_model_specs_and_refuses_a_bad_one(shell, bea, qtbot):
    dialog = shell.window.open_settings()
    qtbot.addWidget(dialog)
    models = dialog.findChild(object, "mind.models")
    models.setText("ollama:qwen2.5:7b, nonsense")
    assert not dialog.apply()
    assert dialog.error.text().startswith("Not saved: mind.models")
    models.setText("ollama:qwen2.5:7b, openai:gpt-4o-mini")
    assert dialog.apply()
    assert bea.settings.current.mind.models == ["ollama:qwen2.5:7b", "openai:gpt-4o-mini"]


def test_chat_dock_sends_the_streamers_line_to_her_and_shows_replies(shell, bea):
    from app.core.events import EventKind
    dock = shell.window.docks["chat"].widget()
    assert dock.status.isVisibleTo(dock) and "Settings → Mind" in dock.status.text()
    dock.entry.setText("ciao bea, come va?")
    dock.send()
    pending = bea.mind.bus.pending()
    assert [p.content for p in pending] == ["[Streamer] ciao bea, come va?"]
    assert pending[0].author.identity == "app:owner"
    bea.bus.publish(EventKind.SPEECH, "voice", "benissimo!", mood="happy")
    text = dock.transcript.toPlainText()
    assert "You: ciao bea, come va?" in text and "Bea (out loud): benissimo!" in text


def test_activity_dock_filters_by_kind(shell, bea):
    from app.core.events import EventKind
    log = shell.window.docks["events"].widget()
    bea.bus.publish(EventKind.THOUGHT, "mind", "a private thought")
    bea.bus.publish(EventKind.ERROR, "obs", "OBS is not running")
    assert "a private thought" in log.view.toPlainText()
    log.filters[EventKind.THOUGHT].setChecked(False)
    assert "a private thought" not in log.view.toPlainText()
    assert "OBS is not running" in log.view.toPlainText()


def test_turn_log_dock_lists_searches_and_shows_a_turn(shell, bea):
    import asyncio

    from app.core.turn_record import ToolOutcome, TurnRecord
    view = shell.window.docks["turns"].widget()
    for i, said in enumerate(["ciao bea, pasta stasera?", "what game is this"]):
        bea.mind.turn_log.record_sync(TurnRecord(
            started_at=1_800_000_000 + i, perceptions=[f"[marco] {said}"], thoughts=["he likes food"],
            tools=[ToolOutcome("speak", '{"message": "sì!"}', "said out loud", False, 3.0)],
            model_calls=2, ms=420, model="ollama:qwen2.5:7b", rescued=True, outcome="spoke"))
    everything = asyncio.run(bea.mind.turn_log.search())
    view.load([rec for _id, rec in everything])
    assert view.list.count() == 2 and "what game is this" in view.list.item(0).text()
    found = asyncio.run(bea.mind.turn_log.search("PASTA stasera"))
    view.load([rec for _id, rec in found])
    assert view.list.count() == 1 and "rescued" in view.list.item(0).text()
    page = view.detail.toPlainText()
    assert 'speak({"message": "sì!"}) → said out loud' in page and "he likes food" in page
    assert "ollama:qwen2.5:7b · 2 model calls" in page
    view.load([])
    assert "No turns yet" in view.detail.toPlainText()


def test_context_dock_shows_the_window_and_forgets_it(shell, bea, qtbot, monkeypatch):
    import asyncio

    from app.widgets.qt import QMessageBox
    view = shell.window.docks["context"].widget()
    bea.settings.set("mind.models", ["ollama:qwen2.5:7b"])  # a server's model: the ceiling is the setting's
    for i in range(3):
        bea.mind.context.heard(f"[marco] line {i}", "twitch:#bea")
    view.refresh()
    assert view.bar.value() == bea.mind.context.used() > 0
    n = QLocale().toString   # numbers as the window's locale writes them
    assert f"Recap starts at {n(120_000)} · keeps {n(30_000)} word for word" in view.numbers.text()
    bea.settings.set("mind.context_max_tokens", 300_000)  # reaches the live window, no restart
    view.refresh()
    assert view.bar.maximum() == 300_000 and f"Recap starts at {n(240_000)}" in view.numbers.text()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)

    async def forget():
        view.confirm_forget()
        await asyncio.sleep(0.05)

    asyncio.run(forget())
    assert bea.mind.context.used() == 0


def test_the_memory_dock_waits_for_her_memory_then_shows_it(shell, bea):
    from app.core.events import EventKind
    from app.memory.memories import MemoryStore
    from tests.fakes import HashingEmbedder
    dock = shell.window.docks["memory"].widget()
    assert dock.view is None and "waking up" in dock.waiting.text()
    bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    bea.mind.memories.remember("marco has a cat called pixel", "person")
    bea.bus.publish(EventKind.SYSTEM, "memory", "memory ready")
    assert dock.view is not None and [m.text for m in dock.view.memories] == ["marco has a cat called pixel"]


def test_settings_menu_opens_the_model_manager(shell, qtbot):
    items = [a.text() for a in menu(shell.window, "&Settings").actions()]
    assert items == ["Preferences…", "Models…"]
    dialog = shell.window.open_models()
    qtbot.addWidget(dialog)
    assert dialog.isVisible()


def test_passphrase_dialog_checks_a_new_passphrase(qtbot):
    dialog = PassphraseDialog(new_database=True)
    qtbot.addWidget(dialog)
    dialog.first.setText("short")
    assert "at least 8" in dialog.problem()
    dialog.first.setText("long enough phrase")
    dialog.second.setText("different phrase!!")
    assert dialog.problem() == "The two passphrases differ."
    dialog.second.setText("long enough phrase")
    assert dialog.problem() == ""
    existing = PassphraseDialog(new_database=False)
    qtbot.addWidget(existing)
    existing.first.setText("x")
    assert existing.problem() == ""


def test_the_memory_dock_shows_re_embedding_progress_and_takes_the_new_store(shell, bea, qtbot):
    from app.core.events import EventKind
    from app.memory.memories import MemoryStore
    from tests.fakes import HashingEmbedder
    dock = shell.window.docks["memory"].widget()
    bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    bea.mind.memories.remember("anna studia fisica a bologna", "person")
    bea.bus.publish(EventKind.SYSTEM, "memory", "memory ready")
    first = dock.view.store
    bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(dim=48, name="hashing-48"), clock=bea.clock.time)
    bea.bus.publish(EventKind.SYSTEM, "memory", "re-embedding memories: 0 of 120", done=0, total=120)
    assert dock.view.store is bea.mind.memories and dock.view.store is not first
    bea.bus.publish(EventKind.SYSTEM, "memory", "re-embedding memories: 64 of 120", done=64, total=120)
    assert dock.progress.isVisibleTo(dock) and (dock.progress.value(), dock.progress.maximum()) == (64, 120)
    assert dock.progress.text() == "Re-embedding memories: 64 of 120"
    bea.bus.publish(EventKind.SYSTEM, "memory", "re-embedding memories: 120 of 120", done=120, total=120)
    assert not dock.progress.isVisibleTo(dock)


def test_the_memory_page_picks_the_embedding_model_from_what_is_installed(shell, bea, qtbot, tmp_path):
    from app.core.model_catalog import Kind
    folder = tmp_path / "minilm"
    folder.mkdir()
    (folder / "tokenizer.json").write_text("{}")
    asyncio.run(bea.models.import_path(folder, Kind.EMBEDDING, id="minilm"))
    asyncio.run(bea.models.import_path(tmp_path / "minilm" / "tokenizer.json", Kind.VOICE, id="a-voice"))
    dialog = shell.window.open_settings()
    qtbot.addWidget(dialog)
    box = dialog.findChild(object, "skills.memory.embedder")
    from app.memory.fused_embedder import use_available
    built_in = (["Built-in, for her language (fused in Italian)", "Built-in: multilingual-e5-small",
                 "Built-in: E5 + universal sentence encoder (best across languages)"] if use_available()
                else ["Built-in: multilingual-e5-small"])
    assert [box.itemText(i) for i in range(box.count())] == built_in + ["minilm"]
    assert box.currentData() == "default"
    box.setCurrentIndex(box.count() - 1)
    assert dialog.apply()
    assert bea.settings.current.skills.memory.embedder == "minilm"


def test_the_talk_key_reaches_the_voice_dock_from_a_focused_widget(shell, qtbot, monkeypatch):
    """Keys the focused widget does not take go up to the window, which hands the talk key to the Voice dock:
    press, auto-repeat ignored, release; typed text stays in the chat box; losing focus ends a hold."""
    from app.skills.voice.talk_keys import TalkKeys
    from app.widgets.qt import QApplication, QEvent, QKeyEvent, QLineEdit, Qt
    monkeypatch.delenv("DISPLAY", raising=False)            # no system-wide hook: the window is the only path
    seen = []
    voice = shell.bea.skills["voice"]
    voice.keys = TalkKeys(lambda: seen.append("press"), lambda: seen.append("release"))
    voice.keys.configure("F8", loop=asyncio.new_event_loop())
    w = shell.window
    w.show()
    qtbot.waitExposed(w)
    entry = w.docks["chat"].widget().findChild(QLineEdit, "chatEntry")
    entry.setFocus()
    qtbot.keyPress(entry, Qt.Key.Key_F8)
    repeat = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_F8, Qt.KeyboardModifier.NoModifier, "", True)
    QApplication.sendEvent(entry, repeat)
    QApplication.sendEvent(entry, QKeyEvent(QEvent.Type.KeyRelease, Qt.Key.Key_F8,
                                            Qt.KeyboardModifier.NoModifier, "", True))
    assert seen == ["press"]                                # a held key repeats: still one hold
    qtbot.keyRelease(entry, Qt.Key.Key_F8)
    assert seen == ["press", "release"]
    qtbot.keyClicks(entry, "hi f8")
    assert entry.text() == "hi f8" and seen == ["press", "release"]
    qtbot.keyPress(entry, Qt.Key.Key_F8)
    w.changeEvent(QEvent(QEvent.Type.ActivationChange))      # the window is not active offscreen: focus gone
    assert seen == ["press", "release", "press", "release"]
    voice.keys.stop()


def test_get_started_shows_what_is_missing_and_opens_the_page_that_does_it(shell, qtbot):
    w = shell.window
    w.show()
    qtbot.waitExposed(w)
    dock = w.getting_started
    assert w.docks["start"].isVisible() and not w.docks["start"].visibleRegion().isEmpty()  # in front at first
    assert dock.left == 3 and dock.summary.text() == "3 steps before she is really there:"
    mark, text, _ = dock.rows["mind"]
    assert mark.text() == "○" and "tiny built-in demo model" in text.text()
    opened = []
    w.open_settings = lambda section=None: opened.append(section)
    dock.open_page = w.open_settings
    dock.rows["twitch"][2].click()
    assert opened == ["skills.twitch"]
    shell.bea.settings.set("mind.models", ["ollama:qwen2.5:7b"])   # the next look (every 2 s) sees it
    shell.bea.settings.set("skills.stage.vrm_path", "/avatars/bea.vrm")
    qtbot.waitUntil(lambda: dock.left == 2, timeout=5000)
    assert "She thinks with ollama:qwen2.5:7b." in dock.rows["mind"][1].text()
    # a chosen file is not yet a body: the step waits for the stage to draw her (tests/stage/test_page.py)
    assert "Her stage cannot show her: see what it says in its place." in dock.rows["body"][1].text() \
        and "○" in dock.rows["body"][0].text()   # the stage says why, in her place
    SHOTS.mkdir(parents=True, exist_ok=True)
    w.docks["start"].widget().resize(380, 420)
    assert w.docks["start"].widget().grab().save(str(SHOTS / "get_started.png"))


def test_settings_open_on_the_page_asked_for(shell, qtbot):
    dialog = shell.window.open_settings("skills.voice")
    qtbot.addWidget(dialog)
    assert dialog.pages.currentItem().text() == "Voice"
    assert dialog.show_section("mind") and dialog.pages.currentItem().text() == "Mind"
    assert not dialog.show_section("skills.nothing")
    dialog.reject()
