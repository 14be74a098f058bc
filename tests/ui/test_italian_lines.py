"""The lines a streamer look found still English in the Italian window, now Italian where they are shown, while
what goes to the bus, the logs and her mind stays English: the Chat dock's failed turn, notice and speakers, the
problems list's lines, the token platforms' no-token and "off" lines, Twitch off with its channel, where the OBS
password went, the Plan dock's buttons, the Clock's date, the stage's notices."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import unquote

import pytest

from app.core.chat_transcript import out_loud, you
from app.core.events import EventBus, EventKind
from app.core.words import phrase
from app.skills.base import SkillContext
from app.skills.chat.dock import ChatDock
from app.skills.plan.dock import make_dock as plan_dock
from app.skills.plan.skill import PlanSkill
from app.skills.platform.chat_ring import ChatLine
from app.skills.platform.token_dock import line_html, why_text
from app.skills.platform.token_page import token_status
from app.skills.platform.token_platform import NO_TOKEN, state_line
from app.ui.language import install_window_language
from app.ui.problems_panel import ProblemsPanel
from tests.fakes import StoppedClock
from tests.her_words import english
from tests.memory.test_plan_store import open_plan_db


@pytest.fixture
def italian(qapp):
    assert install_window_language("it") == "it"
    yield
    install_window_language("en")


def test_the_chat_dock_says_problems_notice_and_speakers_in_italian(italian, bea, qtbot):
    chat = bea.skills["chat"]
    dock = ChatDock(chat, open_page=lambda _s: None)
    qtbot.addWidget(dock)
    bea.bus.publish(EventKind.ERROR, "mind", "She couldn't answer: timeout", failed_turn=True, reason="timeout",
                    setting="mind")
    bea.bus.publish(EventKind.ERROR, "mind", "She couldn't answer: timeout", failed_turn=True, reason="timeout",
                    setting="mind")
    chat._add(you(), "ciao")
    chat._add(out_loud("Bea"), "ciao a te")
    qtbot.waitUntil(lambda: dock.failure is not None)
    assert dock.failure.text.text() == "Non è riuscita a rispondere: timeout (2 turni di fila)"
    assert chat.problems["mind"].text == "She couldn't answer: timeout"        # the skill's words stay English
    lines = dock.transcript.toPlainText()
    assert "Tu: ciao" in lines and "Bea (a voce): ciao a te" in lines
    assert chat.lines[-2:] == [("You", "ciao"), ("Bea (out loud)", "ciao a te")]
    assert dock.status.text().startswith("Sta pensando con il piccolo modello demo integrato")   # default model
    assert chat.notice().startswith("She is thinking with the tiny built-in demo model")


def test_an_error_with_marked_words_is_said_in_italian_and_stays_english_on_the_bus(italian, bea, qtbot):
    panel = ProblemsPanel(bea.skills["chat"], lambda _s: None)
    qtbot.addWidget(panel)
    brief = "No audio device: she can't hear you. The Voice dock says why and how to fix it."
    bea.bus.publish(EventKind.ERROR, "voice", "no audio device: no microphone", setting="skills.voice",
                    problem="voice:audio", brief=brief, words=brief)
    bea.bus.publish(EventKind.ERROR, "voice", "Voice could not start: boom", setting="skills.voice",
                    problem="voice:start", words="Voice could not start: {why}", args={"why": "boom"})
    qtbot.waitUntil(lambda: {"voice:audio", "voice:start"} <= set(panel.lines))
    assert panel.lines["voice:audio"].text.whole.startswith("Nessun dispositivo audio: non può sentirti.")
    assert panel.lines["voice:start"].text.whole == "La voce non è partita: boom"
    assert [e.text for e in bea.bus.recent([EventKind.ERROR])][-1] == "Voice could not start: boom"


def test_the_token_platforms_no_token_and_off_lines_are_italian(italian):
    why = phrase("token_platform", NO_TOKEN, title=phrase("skills", "Telegram"))
    assert str(why) == "no bot token is kept (Settings → Telegram)"             # the log's and the bus's words
    assert why_text(why) == "nessun token del bot custodito (Impostazioni → Telegram)"
    off = line_html(ChatLine(1, 0.0, "Telegram", f"off: {why}", "system", phrase=state_line("off", why)))
    assert "Spenta: nessun token del bot custodito" in off and "off:" not in off
    unknown = line_html(ChatLine(2, 0.0, "Telegram", "sleeping: Unauthorized", "system"))   # no marked words
    assert "sleeping: Unauthorized" in unknown
    assert why_text("Unauthorized") == "Unauthorized"                           # the server's own words
    assert "Telegram: spenta: nessun token del bot custodito" in token_status("Telegram", True, "off", why)


def test_twitch_off_with_its_channel_and_where_the_obs_password_went_are_italian(italian, bea, qtbot):
    from app.skills.obs.settings import make_page
    from app.skills.twitch.dock import state_html
    bea.settings.set("skills.twitch.channel", "pajlada")
    state, why = bea.skills["twitch"].status()
    assert why.english == "not connected to #pajlada"                           # the skill's words, kept as a Phrase
    assert "non collegata a #pajlada" in state_html(state, why) and "connected" not in state_html(state, why)
    page = make_page(bea.skills["obs"], "skills.obs", bea.settings.current.skills.obs)
    qtbot.addWidget(page)
    page.password.setText("pw")
    assert page.save_password() == ("La password di OBS è salvata nel file cifrato della memoria di Bea, perché "
                                    "questo computer non ha un portachiavi.")
    assert page.forget_password() == "La password di OBS è stata dimenticata."


def test_the_plan_docks_buttons_are_italian(italian, qtbot, tmp_path):
    from app.memory.plan_store import PlanStore
    db = open_plan_db(tmp_path / "bea.db")
    clock = StoppedClock(datetime(2026, 1, 1, tzinfo=UTC))
    skill = PlanSkill(SkillContext(settings=lambda: None, bus=EventBus(lambda: 0.0), clock=clock,
                                   plan_store=PlanStore(db, clock=clock.time), words=english))
    dock = plan_dock(skill)
    qtbot.addWidget(dock)
    assert [dock.buttons[n].text() for n in ("add", "edit", "up", "down", "start", "done", "drop", "reopen")] == [
        "Aggiungi", "Modifica…", "Su", "Giù", "Inizia", "Fatto…", "Scarta…", "Riapri"]
    dock.deleteLater()
    db.close()


def test_the_clock_and_the_stage_page_speak_italian(italian):
    from app.skills.clock.dock import day_text
    from app.skills.stage.view import page_words
    assert day_text(datetime(2026, 12, 5, 23, 30)) == "sabato 5 dicembre 2026"
    assert "In attesa di Bea" in unquote(page_words())


def test_in_english_the_stage_page_is_given_no_words(qapp):
    from app.skills.stage.view import page_words
    assert page_words() == "#%7B%7D"


def test_the_interviews_lines_with_a_value_are_italian_in_the_chat_dock_and_english_in_the_chat(italian, bea,
                                                                                                   qtbot):
    from app.core.interview_lines import NO_MODEL, NOT_KEPT, STOPPED_BECAUSE
    from app.skills.person.interview import WHO

    chat = bea.skills["chat"]
    dock = ChatDock(chat, open_page=lambda _s: None)
    qtbot.addWidget(dock)
    chat.say_as(WHO, phrase("interview", NO_MODEL, detail="server error (500)"))
    chat.say_as(WHO, phrase("interview", NOT_KEPT, detail="that section is full"))
    chat.say_as(WHO, phrase("interview", STOPPED_BECAUSE, why="the app closed"))
    qtbot.waitUntil(lambda: "Finito (the app closed)" in dock.transcript.toPlainText())
    lines = dock.transcript.toPlainText()
    assert ("Finito: non è arrivata una risposta dal modello (dettaglio: server error (500)). Quello che scrivi "
            "torna ad arrivare a Bea.") in lines
    assert "Non ho potuto tenerlo (dettaglio: that section is full)." in lines
    assert chat.lines[-3][1].startswith("Stopped: it couldn't get an answer from the model (detail: server")
