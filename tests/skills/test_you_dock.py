"""The You dock, offscreen, on a real encrypted store: the model as she reads it and as entries (expired ones
greyed), corrections written as the streamer's own word, senses switched off only after a confirmation, device
tokens shown once and stored hashed, the audit log, forgetting everything, and Getting to Know You."""

import asyncio
import hashlib
import time
from datetime import date, datetime, timedelta
from datetime import time as dtime
from types import SimpleNamespace

import pytest

from app.core import person_model as pm
from app.core.person_model import Entry, Signal
from app.skills.person import dock as you_dock
from app.skills.person.dock import (
    CONFIDENCE_COL,
    EXPIRES_COL,
    NO_STORE,
    SOURCE_COL,
    SUMMARY_COL,
    AddDeviceDialog,
    TokenDialog,
    YouDock,
    make_dock,
    value_from_text,
    value_text,
)
from app.widgets.qt import QApplication, QDialog, QLabel, QLineEdit, QMessageBox
from tests.conftest import REPO
from tests.fakes import FakeLLMClient, thinks

SHOTS = REPO / "build" / "screenshots"
HOUR, DAY = 3600.0, 86400.0
YES, NO = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No


@pytest.fixture
def skill(bea):
    return bea.skills["person"]


@pytest.fixture
def dock(skill, qtbot):
    d = YouDock(skill)
    qtbot.addWidget(d)
    return d


class Answers:
    """Stands in for QMessageBox.question: answers in order, and keeps what was asked."""

    def __init__(self, monkeypatch, *answers):
        self.answers, self.asked = list(answers), []
        monkeypatch.setattr(QMessageBox, "question", self.question)

    def question(self, _parent, title, text, *_a, **_k):
        self.asked.append(f"{title}\n{text}")
        return self.answers.pop(0)


def entry(section, key, summary, source="manual", ago=60.0, **kw) -> Entry:
    return Entry(section, key, summary, source=source, observed_at=time.time() - ago, **kw)


def row_of(dock, section: str, key: str) -> int:
    keys = [(r.entry.section, r.entry.key) for r in dock.rows]
    return keys.index((section, key))


def cell(table, row: int, column: int) -> str:
    return table.item(row, column).text()


def column(table, c: int) -> list[str]:
    return [cell(table, r, c) for r in range(table.rowCount())]


def pick(dock, section: str, key: str) -> None:
    dock.table.selectRow(row_of(dock, section, key))
    assert dock.current == (section, key)


def everything_shown(dock) -> str:
    tables = (dock.table, dock.devices, dock.audit)
    parts = [t.item(r, c).text() for t in tables for r in range(t.rowCount()) for c in range(t.columnCount())]
    parts += [w.text() for w in dock.findChildren(QLabel)] + [w.text() for w in dock.findChildren(QLineEdit)]
    return "\n".join(parts + [dock.prose.toPlainText()])


# ---- what she knows ------------------------------------------------------------------------------------
def test_entries_show_as_she_reads_them_and_expired_ones_are_greyed(skill, dock):
    store = skill.store
    store.write(entry("identity", "home_city", "Lives in Turin"))
    store.write(entry("commitments", "charity", "Promised chat a charity stream in May",
                      source="agent:planner", confidence=0.5))
    store.write(entry("state", "now", "In a Work Focus", source="sense:state", ago=3 * DAY,
                      confidence=0.9, expires_at=time.time() - 3 * DAY + HOUR))
    dock.refresh()

    assert dock.table.rowCount() == 3
    home, charity, now = (row_of(dock, *k) for k in (("identity", "home_city"), ("commitments", "charity"),
                                                     ("state", "now")))
    assert cell(dock.table, home, SOURCE_COL) == "you told her"
    assert cell(dock.table, home, CONFIDENCE_COL) == "100%"
    assert cell(dock.table, charity, SOURCE_COL) == "inferred by planner, a guess"
    assert cell(dock.table, now, EXPIRES_COL).startswith("expired")
    grey = dock.palette().placeholderText().color()
    assert dock.table.item(now, SUMMARY_COL).foreground().color() == grey
    assert dock.table.item(now, SUMMARY_COL).font().italic()
    assert dock.table.item(home, SUMMARY_COL).foreground().color() != grey
    assert "1 expired" in dock.count.text()

    prose = dock.prose.toPlainText()
    assert "Who they are:" in prose and "- Lives in Turin (they told us)" in prose
    assert "- Promised chat a charity stream in May (inferred by planner, a guess)" in prose
    assert "Work Focus" not in prose            # expired: hidden from her
    said = pm.render(store.entries(), time.time(), her=skill.ctx.words())
    assert prose.splitlines() == [line for line in said.splitlines() if line]   # her words, line for line


def test_search_and_section_narrow_both_views(skill, dock):
    skill.store.write(entry("identity", "home_city", "Lives in Turin"))
    skill.store.write(entry("relationships", "sister", "Her sister Anna watches every stream"))
    dock.search.setText("anna")
    assert column(dock.table, SUMMARY_COL) == ["Her sister Anna watches every stream"]
    assert "Turin" not in dock.prose.toPlainText() and "Anna" in dock.prose.toPlainText()
    assert "1 of 2 entries match" in dock.count.text()
    dock.search.setText("")
    dock.section_filter.setCurrentIndex(dock.section_filter.findData("identity"))
    assert column(dock.table, SUMMARY_COL) == ["Lives in Turin"]
    dock.search.setText("nobody")
    # the dock says it with the section as the filter names it (her own sentence, for agents, names its key)
    assert dock.prose.toPlainText() == 'Nothing under “Who you are” matches "nobody".'


def test_an_empty_model_says_so(dock):
    assert dock.table.rowCount() == 0
    assert dock.count.text() == you_dock.EMPTY
    assert dock.prose.toPlainText() == pm.NOTHING_KNOWN


def test_a_correction_is_manual_and_outranks_an_agent(skill, dock):
    store = skill.store
    store.write(entry("identity", "home_city", "Lives in Milan", source="agent:planner", confidence=0.9))
    dock.refresh()
    pick(dock, "identity", "home_city")
    assert dock.form_summary.text() == "Lives in Milan" and dock.form_key.text() == "home_city"
    dock.form_summary.setText("Lives in Turin")
    dock.form_value.setText('{"city": "Turin"}')
    dock.save_button.click()

    stored = store.get("identity", "home_city")
    assert (stored.summary, stored.source, stored.confidence) == ("Lives in Turin", "manual", 1.0)
    assert stored.value == {"city": "Turin"} and stored.expires_at is None
    assert "Saved identity/home_city" in dock.status.text()
    assert cell(dock.table, row_of(dock, "identity", "home_city"), SOURCE_COL) == "you told her"
    assert dock.current == ("identity", "home_city")

    later = store.write(entry("identity", "home_city", "Lives in Rome", source="agent:planner", ago=0))
    assert not later.accepted and "you set this yourself, so the planner did not change it" in later.message
    assert store.get("identity", "home_city").summary == "Lives in Turin"


def test_a_new_entry_from_the_form(skill, dock):
    dock.new_button.click()
    dock.form_section.setCurrentIndex(pm.SECTIONS.index("preferences"))
    dock.form_key.setText("  Games ")
    dock.form_summary.setText("Prefers cozy games")
    dock.form_value.setText("cozy, farming")
    dock.save_button.click()
    stored = skill.store.get("preferences", "games")
    assert stored.source == "manual" and stored.value == "cozy, farming"
    assert column(dock.table, SUMMARY_COL) == ["Prefers cozy games"]


def test_a_state_correction_is_short_lived_by_default(skill, dock):
    dock.new_button.click()
    dock.form_section.setCurrentIndex(pm.SECTIONS.index("state"))
    assert dock.form_keeps.currentText() == "for an hour"
    dock.form_key.setText("now")
    dock.form_summary.setText("At the dentist")
    before = time.time()
    dock.save_button.click()
    stored = skill.store.get("state", "now")
    assert before + HOUR - 5 <= stored.expires_at <= time.time() + HOUR


def test_a_refused_correction_says_what_stands(skill, dock):
    # a phone whose clock runs two minutes ahead wrote it: the streamer's edit now is the older observation
    # (further ahead than person_model.CLOCK_SKEW, the phone's write itself is refused)
    skill.store.write(entry("identity", "name", "Is called Sara", ago=-120))
    dock.refresh()
    pick(dock, "identity", "name")
    dock.form_summary.setText("Is called Sa")
    assert not dock.save_entry()
    assert dock.status.text() == ("Not saved: you set this more recently, so your older observation did not "
                                  "change it. What stands: Is called Sara (they told us).")
    assert "b03a2e" in dock.status.styleSheet()
    assert skill.store.get("identity", "name").summary == "Is called Sara"


@pytest.mark.parametrize("key, summary, value, error", [
    ("", "Lives in Turin", "", "an entry's key must be 1-120 characters"),
    ("home", "   ", "", "a summary must be 1-400 characters"),
])
def test_an_invalid_correction_is_not_saved(skill, dock, key, summary, value, error):
    dock.form_key.setText(key)
    dock.form_summary.setText(summary)
    dock.form_value.setText(value)
    assert not dock.save_entry()
    assert dock.status.text().startswith(f"Not saved: {error}") and skill.store.entries() == []


def test_delete_asks_first(skill, dock, monkeypatch):
    skill.store.write(entry("relationships", "sister", "Her sister Anna watches every stream",
                            source="agent:getting_to_know_you", quote="my sister Anna watches every stream",
                            confidence=1.0))
    dock.refresh()
    pick(dock, "relationships", "sister")
    answers = Answers(monkeypatch, NO, YES)
    dock.delete_button.click()
    assert "Delete relationships/sister" in answers.asked[0] and "(you told her)" in answers.asked[0]
    assert skill.store.get("relationships", "sister") is not None
    dock.delete_button.click()
    assert skill.store.get("relationships", "sister") is None
    assert dock.table.rowCount() == 0 and dock.status.text() == "Deleted relationships/sister."
    assert dock.current is None and dock.form_key.text() == "" and not dock.delete_button.isEnabled()


def test_deleting_what_is_already_gone_says_so(skill, dock, monkeypatch):
    skill.store.write(entry("identity", "home", "Lives in Turin"))
    dock.refresh()
    pick(dock, "identity", "home")
    skill.store.delete("identity", "home")       # the API deleted it meanwhile
    Answers(monkeypatch, YES)
    assert not dock.delete_entry()
    assert dock.status.text() == "identity/home was already gone."


@pytest.mark.parametrize("value", [None, "Oak Street 14", "42", "true", '"quoted"', 42, 1.5, True,
                                   {"city": "Turin", "since": 2023}, ["a", "b"], "città"])
def test_values_round_trip_through_the_form(value):
    assert value_from_text(value_text(value)) == value


# ---- senses --------------------------------------------------------------------------------------------
def test_senses_are_off_by_default_with_their_purpose(skill, dock):
    assert set(dock.switches) == set(pm.SENSES)
    assert not any(s.isChecked() for s in dock.switches.values())
    shown = everything_shown(dock) + "".join(w.text() for w in dock.findChildren(QLabel))
    for sense in pm.SENSES.values():
        assert sense.purpose in shown


def test_switching_a_sense_off_asks_and_deletes_what_it_concluded(skill, dock, monkeypatch):
    store = skill.store
    dock.switches["state"].click()             # on: no question
    assert store.senses()["state"] and dock.switches["state"].text() == "On"
    counts = store.observe([Signal("focus", time.time() - 60, {"mode": "Work"})])
    assert counts.recorded == 1 and counts.applied == 1
    store.write(entry("identity", "home", "Lives in Turin"))
    dock.refresh()
    assert "1 raw signal kept" in dock.signals_label.text()

    answers = Answers(monkeypatch, NO, YES)
    dock.switches["state"].click()             # off: asks; No keeps it on
    assert "deletes, for good, the entry it concluded (“In a Work Focus”)" in answers.asked[0]
    assert "every raw signal it collected" in answers.asked[0]
    assert store.senses()["state"] and dock.switches["state"].isChecked()
    assert store.get("state", "now") is not None and store.signal_count() == 1
    assert dock.status.text() == "The state sense stays on."

    dock.switches["state"].click()
    assert not store.senses()["state"] and not dock.switches["state"].isChecked()
    assert store.get("state", "now") is None and store.signal_count() == 0
    assert store.get("identity", "home") is not None
    assert "1 entry and its raw signals deleted" in dock.status.text()


# ---- devices and the audit log -------------------------------------------------------------------------
class Dialogs:
    """Answers the add-device dialog with a name, and keeps every token dialog shown (and what it showed)."""

    def __init__(self, monkeypatch, name: str, admin: bool = False, accept: bool = True):
        self.shown: list[tuple[str, str]] = []

        def ask(dialog):
            dialog.name.setText(name)
            dialog.admin.setChecked(admin)
            return QDialog.DialogCode.Accepted if accept else QDialog.DialogCode.Rejected

        def show(dialog):
            self.shown.append((dialog.windowTitle(), dialog.token.text()))
            dialog.copy.click()
            return QDialog.DialogCode.Rejected

        monkeypatch.setattr(AddDeviceDialog, "exec", ask)
        monkeypatch.setattr(TokenDialog, "exec", show)


def test_add_device_shows_the_token_once_and_stores_only_its_hash(bea, skill, dock, monkeypatch):
    dialogs = Dialogs(monkeypatch, "Sara's phone")
    assert dock.add_device() == "Sara's phone"
    assert len(dialogs.shown) == 1
    title, token = dialogs.shown[0]
    assert title == "Token for Sara's phone" and token.startswith("bea_")
    assert QApplication.clipboard().text() == token
    rows = bea.db.read(lambda c: c.execute("SELECT * FROM api_tokens").fetchall())
    assert len(rows) == 1 and token not in [str(v) for v in rows[0]]
    assert hashlib.sha256(token.encode()).hexdigest() in rows[0]
    assert skill.store.verify(token).name == "Sara's phone"
    assert column(dock.devices, 0) == ["Sara's phone"] and cell(dock.devices, 0, 1) == ""
    assert cell(dock.devices, 0, 3) == "not yet"
    assert token not in everything_shown(dock)          # only the dialog ever showed it
    assert "shown once" in dock.status.text()


def test_an_admin_device_and_a_duplicate_name(skill, dock, monkeypatch):
    Dialogs(monkeypatch, "laptop", admin=True)
    dock.add_device()
    assert cell(dock.devices, 0, 1) == "admin" and skill.store.tokens()[0].admin
    dialogs = Dialogs(monkeypatch, "laptop")
    assert dock.add_device() is None and dialogs.shown == []
    assert "already has a token" in dock.status.text() and len(skill.store.tokens()) == 1
    dialogs = Dialogs(monkeypatch, "tablet", accept=False)
    assert dock.add_device() is None and dialogs.shown == [] and len(skill.store.tokens()) == 1


def test_the_token_dialog_warns_it_is_shown_once(skill, qtbot):
    shown = TokenDialog("Sara's phone", skill.store.create_token("Sara's phone"))
    qtbot.addWidget(shown)
    warning = shown.findChild(QLabel, "youTokenWarning").text()
    assert "It will not be shown again" in warning and shown.token.isReadOnly()
    shown.show()
    qtbot.waitExposed(shown)
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert shown.grab().toImage().save(str(SHOTS / "you_dock_token.png"))


def test_a_refresh_shows_what_others_wrote_and_keeps_what_is_typed(skill, dock, qtbot):
    skill.store.write(entry("identity", "home", "Lives in Turin"))
    dock.refresh()
    pick(dock, "identity", "home")
    dock.form_summary.setText("Lives in Turin, near the river")   # typing, not saved yet
    skill.store.write(entry("preferences", "games", "Prefers cozy games", source="agent:getting_to_know_you"))
    dock.refresh()                                   # what the timer does every few seconds while visible
    assert column(dock.table, SUMMARY_COL) == ["Lives in Turin", "Prefers cozy games"]
    assert dock.form_summary.text() == "Lives in Turin, near the river" and dock.current == ("identity", "home")
    assert dock.table.currentRow() == row_of(dock, "identity", "home")
    dock.show()
    qtbot.waitExposed(dock)
    assert dock.timer.isActive()
    dock.hide()
    assert not dock.timer.isActive()


def test_revoke_asks_first_and_the_audit_lists_it_newest_first(skill, dock, monkeypatch):
    Dialogs(monkeypatch, "phone")
    dock.add_device()
    assert not dock.revoke_button.isEnabled()
    dock.devices.selectRow(0)
    assert dock.revoke_button.isEnabled()
    answers = Answers(monkeypatch, NO, YES)
    dock.revoke_button.click()
    assert "Revoke the token of phone?" in answers.asked[0] and len(skill.store.tokens()) == 1
    dock.revoke_button.click()
    assert skill.store.tokens() == [] and dock.devices.rowCount() == 0
    assert dock.status.text() == "Revoked phone."
    assert column(dock.audit, 2) == ["token revoked", "token created"]
    assert column(dock.audit, 1) == ["phone", "phone"]


def test_the_audit_shows_api_reads_newest_first(skill, dock):
    skill.store.audit("laptop", "read model", "anna", "?owner=anna")
    skill.store.audit("phone", "observations", "owner", "3 recorded")
    dock.refresh()
    assert column(dock.audit, 2) == ["observations", "read model"]
    assert [cell(dock.audit, 1, c) for c in (1, 3, 4)] == ["laptop", "anna", "?owner=anna"]
    assert dock.audit_hint.text() == "Newest first."


# ---- forgetting everything -----------------------------------------------------------------------------
def test_forget_everything_asks_and_purges(skill, dock, monkeypatch):
    store = skill.store
    store.set_sense("state", True)
    store.observe([Signal("focus", time.time() - 60, {"mode": "Work"})])
    store.write(entry("identity", "home", "Lives in Turin"))
    store.create_token("phone")
    dock.refresh()
    answers = Answers(monkeypatch, NO, YES)
    dock.forget_button.click()
    asked = answers.asked[0]
    assert "all 2 entries" in asked and "the one raw signal" in asked
    assert "Stays: your device and its token" in asked and "cannot be undone" in asked
    assert len(store.entries()) == 2

    dock.forget_button.click()
    assert store.entries() == [] and store.signal_count() == 0
    assert [t.name for t in store.tokens()] == ["phone"] and store.senses()["state"]
    assert dock.table.rowCount() == 0 and dock.prose.toPlainText() == pm.NOTHING_KNOWN
    assert dock.status.text() == "Forgot everything: 2 entries and every raw signal."
    assert store.sync(0).reset


# ---- Getting to Know You -------------------------------------------------------------------------------
def test_getting_to_know_you_starts_in_the_chat_dock_and_stops(bea, skill, dock):
    chat = bea.skills["chat"]
    bea.settings.update({"mind.background_models": ["ollama:qwen2.5:7b"]})  # a model that interviews
    bea.mind._background = FakeLLMClient([thinks("What city do you live in?")])

    async def go():
        dock.interview_button.click()
        await asyncio.sleep(0.05)
        assert dock.interview_button.text() == "Stop Getting to Know You"
        dock.interview_button.click()

    asyncio.run(go())
    assert dock.status.text().startswith("Getting to Know You stopped")
    assert [text for who, text in chat.lines if who == "Getting to Know You"][1] == "What city do you live in?"
    assert not skill.interview.active and chat.diverted_to is None
    assert dock.interview_button.text() == "Getting to Know You"


def test_getting_to_know_you_shows_what_the_skill_says(bea, skill, dock):
    bea.settings.update({"mind.background_models": ["ollama:qwen2.5:7b"]})  # a model that interviews
    bea.mind._background = FakeLLMClient([thinks("What city do you live in?")])

    async def go():
        dock.interview_button.click()
        await asyncio.sleep(0.05)

    asyncio.run(go())
    assert dock.status.text() == "Getting to Know You is asking you its first question in the Chat dock."
    assert skill.interview.active and skill.interview.questions == 1
    skill.stop_interview()


def test_without_a_store_the_dock_says_why(qtbot):
    widget = make_dock(SimpleNamespace(store=None, interview=None))
    qtbot.addWidget(widget)
    assert widget.findChild(QLabel, "youNoStore").text() == NO_STORE


# ---- the screenshot ------------------------------------------------------------------------------------
def realistic(skill) -> None:
    store = skill.store
    now = time.time()
    for e in (
        entry("identity", "name", "Is called Sara; chat calls her Sa"),
        entry("identity", "home_city", "Lives in Turin, moved from Naples two years ago",
              value={"city": "Turin"}, ago=20 * DAY),
        entry("identity", "pronouns", "She/her", ago=20 * DAY),
        entry("relationships", "sister", "Her sister Anna watches every stream and mods on Sundays",
              source="agent:getting_to_know_you", quote="my sister Anna watches every stream", confidence=1.0,
              ago=2 * DAY),
        entry("commitments", "charity_stream", "Promised chat a charity stream for the cat shelter in May",
              source="agent:planner", confidence=0.55, ago=3 * HOUR),
        entry("preferences", "games", "Prefers cozy games; avoids horror after midnight",
              source="agent:bea", confidence=0.8, ago=DAY),
        entry("state", "now", "In a Work Focus", source="sense:state", ago=5 * HOUR, confidence=0.9,
              expires_at=now - 4 * HOUR),
    ):
        store.write(e)
    store.set_sense("routine", True)
    for weeks, minute in ((1, 6), (2, 10), (3, 13), (4, 22)):     # local times, as the routine reads them
        left = datetime.combine(date.today() - timedelta(weeks=weeks), dtime(8, minute)).timestamp()
        store.observe([Signal("departure", left, {"place": "home"})])
    store.set_sense("state", True)
    store.observe([Signal("sleep", now - 2 * HOUR, {"hours": 6.8})])
    store.create_token("Sara's phone")
    store.create_token("studio laptop", admin=True)
    store.verify(store.create_token("watch"))
    store.audit("studio laptop", "read model", "anna", "?owner=anna")


def test_screenshot_of_the_you_dock_is_legible(skill, qtbot):
    realistic(skill)
    d = YouDock(skill)
    qtbot.addWidget(d)
    d.resize(1320, 380)
    d.show()
    qtbot.waitExposed(d)
    d.refresh(force=True)
    pick(d, "identity", "home_city")
    d.say("Saved identity/home_city as your correction (recorded); agents and senses cannot change it now.")
    qtbot.wait(50)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for index, name in enumerate(("you_dock", "you_dock_senses", "you_dock_devices", "you_dock_audit")):
        d.tabs.setCurrentIndex(index)
        qtbot.wait(30)
        image = d.grab().toImage()
        assert image.save(str(SHOTS / f"{name}.png"))
        colours = {image.pixel(x, y) for x in range(0, image.width(), 5) for y in range(0, image.height(), 5)}
        assert image.width() >= 1300 and len(colours) > 20, f"{name}: {len(colours)} colours, looks blank"
    assert d.table.rowCount() >= 8


def test_in_the_italian_window_raw_signals_are_counted_in_italian(skill, qtbot):
    from app.ui.language import install_window_language
    skill.store.set_sense("state", True)
    skill.store.observe([Signal("focus", time.time() - 60, {"mode": "Work"}),
                         Signal("focus", time.time() - 30, {"mode": "Play"})])
    assert install_window_language("it") == "it"
    try:
        d = YouDock(skill)
        qtbot.addWidget(d)
        d.refresh()
        assert "2 segnali grezzi" in d.signals_label.text()
    finally:
        install_window_language("en")
