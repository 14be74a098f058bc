"""The Twitch dock and settings page, offscreen, on the real app: state, channel, the live chat with removed
lines struck through, who is here from the roster, the send box; her token saved write-only."""

from __future__ import annotations

from app.skills.twitch.client import State
from app.skills.twitch.dock import TwitchDock, line_html, make_dock, present_text, state_html
from app.skills.twitch.settings import TwitchSettingsPage, make_page
from app.skills.twitch.skill import TOKEN_SECRET, LogLine
from app.widgets.qt import QLineEdit, QLocale
from tests.conftest import REPO
from tests.skills.twitch.fake_server import privmsg
from tests.skills.twitch.helpers import fixture, parse_twitch

SHOTS = REPO / "build" / "screenshots"


def test_lines_and_states_read_plainly(qapp):
    joined = state_html(State.JOINED, "in #bea read-only")
    assert "Connected" in joined and "#2e7d32" in joined and "in #bea read-only" in joined
    assert line_html(LogLine(1, 0, "anna<3", "ciao & co", "chat")) == "<b>anna&lt;3:</b> ciao &amp; co"
    cheer = LogLine(2, 0, "TETYYS", "trihard1", "chat", bits=100)
    assert line_html(cheer) == "<b>TETYYS</b> cheered 100 bits: trihard1"
    struck = line_html(LogLine(3, 0, "spam", "buy followers", "chat", removed=True))
    assert struck.startswith("<s>") and "removed by a moderator" in struck
    refused = line_html(LogLine(4, 0, "Twitch", "Twitch did not post her message: <why>", "refused"))
    assert refused == '<span style="color:#c0392b">⚠ Twitch did not post her message: &lt;why&gt;</span>'
    assert line_html(LogLine(5, 0, "marco", "waves", "chat", action=True)) == "<i>* <b>marco</b> waves</i>"
    assert line_html(LogLine(6, 0, "anna", "waves", "chat", bits=5, action=True)) == (
        "<b>anna</b> cheered 5 bits: <i>anna waves</i>")
    assert present_text("anna", 1) == "anna · 1 message"
    assert present_text("", 1200) == f"(no name shown) · {QLocale().toString(1200)} messages"


def test_the_dock_shows_the_chat_who_is_here_and_what_a_moderator_removed(bea, qtbot):
    bea.settings.set("skills.twitch.channel", "pajlada")
    skill = bea.skills["twitch"]
    skill.since = 0.0   # as if a connection had started: the roster's Twitch people count as here
    for line in (fixture("display-name=JuN1oRRRR"), fixture("bits=1;"), fixture("msg-id=raid;"),
                 privmsg("pajlada", "I sell followers", user_id="148973258", name="fabzeef", msg_id="s1")):
        skill.on_event(parse_twitch(line))   # no loop here: tallies and the donation are written at once
    dock = make_dock(skill)
    qtbot.addWidget(dock)
    dock.resize(720, 420)
    assert isinstance(dock, TwitchDock)
    text = dock.chat.toPlainText()
    assert "JuN1oRRRR: dank cam" in text and "TETYYS cheered 1 bit: trihard1" in text
    assert "430 raiders from iamelisabete have joined!" in text and "fabzeef: I sell followers" in text
    assert "Off" in dock.state.text() and "not connected to #pajlada" in dock.state.text()
    assert dock.channel.text() == "#pajlada"
    names = sorted(dock.present.item(i).text() for i in range(dock.present.count()))
    assert names == ["JuN1oRRRR · 1 message", "TETYYS · 1 message", "fabzeef · 1 message",
                     "iamelisabete · 1 message"]
    assert dock.present_title.text() == "Here now (4)"
    assert not dock.entry.isEnabled() and "Read-only" in dock.entry.placeholderText()

    skill.on_event(parse_twitch(fixture("ban-duration=1;")))   # fabzeef timed out
    dock.refresh()
    assert "fabzeef: I sell followers (removed by a moderator)" in dock.chat.toPlainText()
    assert dock.chat.toPlainText().count("dank cam") == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    dock.grab().save(str(SHOTS / "twitch_dock.png"))


def test_the_send_box_says_why_it_cannot_send(bea, qtbot):
    dock = TwitchDock(bea.skills["twitch"])
    qtbot.addWidget(dock)
    dock.entry.setText("ciao chat")
    dock.send()
    assert dock.status.text() == "Not connected to Twitch chat." and dock.entry.text() == "ciao chat"


def test_the_token_is_saved_write_only_and_can_be_forgotten(bea, qtbot):
    skill = bea.skills["twitch"]
    page = make_page(skill, "skills.twitch", bea.settings.current.skills.twitch)
    qtbot.addWidget(page)
    assert isinstance(page, TwitchSettingsPage) and page.token.echoMode() == QLineEdit.EchoMode.Password
    assert page.token_status.text() == "No token: she reads chat anonymously and cannot write in it."
    assert page.where.text() == "The token is kept in Bea's encrypted memory file, since this machine has no keyring."
    assert page.save_token() == "Paste the token first."
    page.token.setText("oauth:abc123")
    said = page.save_token()
    assert bea.secrets.get(TOKEN_SECRET) == "abc123" and page.token.text() == ""
    assert said.startswith("A token is kept in Bea's encrypted memory file, since this machine has no keyring")
    assert page.forget_button.isEnabled()
    page.token.setText("two words")
    assert page.save_token() == "A token has no spaces or line breaks: paste it again."
    page.forget_token()
    assert bea.secrets.get(TOKEN_SECRET) is None and not page.forget_button.isEnabled()
    page.layout_.parentWidget()  # the schema's own rows are there too
    assert page.findChild(QLineEdit, "skills.twitch.channel") is not None
    assert page.changes() == {}
