"""Her text first, in the Chat dock: her spoken line shows as soon as her speak call is written, marked "…" while
her voice says it (a voice here whose line lasts until the test lets it end), then plain once said, or "(cut)"
with what she got to say when she was stopped. The transcript follows its newest line unless the streamer
scrolled up, and opens at the newest line after a restart. At 1280x720 in the real window, the conversation gets
most of the dock, and her failed turn is its one problem line (standing problems are the window's list's)."""

import asyncio

import pytest

from app import compose
from app.core.events import EventKind
from app.core.her_lines import LineState
from app.skills.chat.dock import ChatDock
from app.widgets.palette import QUIET
from tests.conftest import PASSPHRASE, REPO
from tests.fakes import FakeLLMClient, says

SHOTS = REPO / "build" / "screenshots"
ANSWER = "Ciao! I'm here, ready when you are."


class HeldVoice:
    """Her voice as the outlets see it, whose line lasts until release(); it reports `said` (the whole line
    unless told otherwise: a barge-in's cut)."""

    def __init__(self, said: str | None = None) -> None:
        self.said = said
        self.started = asyncio.Event()
        self.done = asyncio.Event()

    async def __call__(self, text: str, mood: str) -> str:
        self.started.set()
        await self.done.wait()
        return text if self.said is None else self.said


async def typed_and_answered(bea, dock, voice: HeldVoice, text: str = "Hi Bea, are you there?"):
    """The streamer types a line in the dock; her turn answers it out loud; returns the transcript while her
    voice is still saying it, and once it has ended."""
    bea.mind.start()
    bea.mind.consciousness.llm = FakeLLMClient([says(ANSWER)])
    bea.mind.outlets.attach_voice(voice)
    dock.entry.setText(text)
    dock.send_button.click()
    record = await bea.mind.consciousness.turn(bea.mind.bus.take_all())
    assert record.outcome == "spoke" and voice.started.is_set() and not voice.done.is_set()
    during = dock.transcript.toPlainText()
    voice.done.set()
    while bea.mind.outlets.is_speaking():
        await asyncio.sleep(0.01)
    after = dock.transcript.toPlainText()
    await bea.mind.stop()
    return during, after


def colour_of(dock: ChatDock, words: str) -> str:
    """The colour the transcript's last line shows `words` in."""
    block = dock.transcript.document().lastBlock()
    cursor = dock.transcript.textCursor()
    cursor.setPosition(block.position() + block.text().index(words) + 1)
    return cursor.charFormat().foreground().color().name()


@pytest.fixture
def dock(bea, qtbot):
    widget = ChatDock(bea.skills["chat"], open_page=lambda _section: None)
    qtbot.addWidget(widget)
    return widget


def test_her_line_shows_while_her_voice_still_says_it_then_is_marked_said(bea, dock):
    during, after = asyncio.run(typed_and_answered(bea, dock, HeldVoice()))
    assert during.splitlines() == ["You: Hi Bea, are you there?", f"Bea (out loud): {ANSWER} …"]
    assert after.splitlines() == ["You: Hi Bea, are you there?", f"Bea (out loud): {ANSWER}"]
    assert bea.skills["chat"].entries[-1].state is LineState.SAID
    assert bea.skills["chat"].lines[-1] == ("Bea (out loud)", ANSWER)


def test_from_a_line_sent_until_her_answer_the_dock_says_she_is_thinking(bea, dock):
    async def go():
        bea.mind.start()
        bea.mind.consciousness.llm = FakeLLMClient([says(ANSWER)])
        voice = HeldVoice()
        bea.mind.outlets.attach_voice(voice)
        dock.send_button.click()                       # nothing typed: nothing to wait for
        quiet = dock.thinking.isVisibleTo(dock)
        dock.entry.setText("Hi Bea, are you there?")
        dock.send_button.click()
        waiting = dock.thinking.isVisibleTo(dock)
        await bea.mind.consciousness.turn(bea.mind.bus.take_all())
        answered = dock.thinking.isVisibleTo(dock)
        voice.done.set()
        await bea.mind.stop()
        return quiet, waiting, answered

    assert asyncio.run(go()) == (False, True, False)
    assert dock.thinking.text() == "She is thinking…"


def test_a_line_she_was_stopped_in_is_marked_cut_with_the_rest_in_grey(bea, dock):
    during, after = asyncio.run(typed_and_answered(bea, dock, HeldVoice(said="Ciao! I'm")))
    assert during.endswith(f"{ANSWER} …")
    assert after.splitlines()[-1] == f"Bea (out loud): {ANSWER} (cut)"
    line = bea.skills["chat"].entries[-1]
    assert (line.state, line.said) == (LineState.CUT, "Ciao! I'm")
    assert colour_of(dock, "ready") == QUIET and colour_of(dock, "(cut)") == QUIET   # what she did not say
    assert colour_of(dock, "Ciao") != QUIET                                          # what she said


class StreamedLine:
    """A line her voice takes while the model still writes it (Outlets.StreamedLine), ended by the test."""

    def __init__(self) -> None:
        self.done = asyncio.Event()

    def feed(self, fragment: str) -> None:
        pass

    def finish(self) -> None:
        pass

    def abort(self) -> None:
        pass

    async def said(self) -> str:
        await self.done.wait()
        return "Ciao a tutti, oggi"


def test_a_streamed_line_grows_in_place_as_she_writes_it_and_ends_cut(bea, dock):
    async def go():
        line = StreamedLine()
        outlets = bea.mind.outlets

        async def whole(_text, _mood):
            raise AssertionError("a streamed line is not said again")
        outlets.attach_voice(whole, begin=lambda: line)
        seen = []
        for fragment in ('{"mood": "happy", "message": "Ciao a', ' tutti, oggi', ' giochiamo!"}'):
            outlets.stream_feed(0, fragment, "call_1")
            seen.append(dock.transcript.toPlainText())
        with outlets.answering(0, "call_1"):
            heard = outlets.utter("Ciao a tutti, oggi giochiamo!", "happy")
        line.done.set()
        await heard
        return seen, dock.transcript.toPlainText()

    seen, after = asyncio.run(go())
    assert seen == ["Bea (out loud): Ciao a …", "Bea (out loud): Ciao a tutti, oggi …",
                    "Bea (out loud): Ciao a tutti, oggi giochiamo! …"]           # one line, growing
    assert after == "Bea (out loud): Ciao a tutti, oggi giochiamo! (cut)"
    assert bea.skills["chat"].lines == [("Bea (out loud)", "Ciao a tutti, oggi giochiamo!")]


def test_the_transcript_follows_the_newest_line_unless_the_streamer_scrolled_up(bea, dock, qtbot, qapp):
    chat = bea.skills["chat"]
    dock.resize(360, 300)
    dock.show()
    qtbot.waitExposed(dock)
    bar = dock.transcript.verticalScrollBar()

    def add(n: int, start: int) -> None:
        for i in range(start, start + n):
            chat.say_as("Getting to Know You", f"line {i}")
        for _ in range(3):
            qapp.processEvents()

    add(40, 0)
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    bar.setValue(bar.maximum() // 2)                 # the streamer scrolls up to read
    kept = bar.value()
    add(10, 40)
    assert bar.value() == kept and bar.maximum() > kept          # it stays where they read
    bar.setValue(bar.maximum())                      # back at the bottom: it follows again
    add(5, 50)
    assert bar.value() == bar.maximum()
    assert dock.transcript.toPlainText().splitlines()[-1].endswith("line 54")


def test_after_a_restart_the_dock_opens_at_the_newest_line(data_dir, qtbot, qapp):
    env = {"BEA_PASSPHRASE": PASSPHRASE}
    first = compose.build(data_dir, env=env, log_to_stderr=False)

    async def talk():
        first.mind.start()
        first.mind.consciousness.llm = FakeLLMClient([says(f"answer number {n}") for n in range(15)])
        for n in range(15):
            first.skills["chat"].send(f"question number {n}")
            await first.mind.consciousness.turn(first.mind.bus.take_all())
        await first.mind.stop()
    asyncio.run(talk())
    compose.close(first)

    again = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        dock = ChatDock(again.skills["chat"], open_page=lambda _s: None)   # built with the window, hidden
        qtbot.addWidget(dock)
        asyncio.run(again.skills["chat"].start())      # the talk her window still holds comes back
        dock.resize(360, 260)
        dock.show()
        qtbot.waitExposed(dock)
        for _ in range(3):
            qapp.processEvents()
        bar = dock.transcript.verticalScrollBar()
        assert bar.maximum() > 0 and bar.value() == bar.maximum()
        assert dock.transcript.toPlainText().splitlines()[-1] == "Bea (out loud): answer number 14"
    finally:
        compose.close(again)


REASON = "ollama:mind: the server at 127.0.0.1:11434 did not answer in 30 s; is Ollama running on this computer?"


def test_with_standing_problems_hers_is_the_dock_s_one_problem_line_and_the_talk_keeps_most(bea, dock, qapp):
    """The dock at the size it has in the window at 1280x720 (tests/ui/test_chat_at_1280x720.py). The standing
    problems are the window's problems list's (tests/ui/test_problems_panel.py): the dock says only why she did
    not answer."""
    dock.resize(432, 337)
    dock.show()
    bea.bus.publish(EventKind.ERROR, "voice", "no audio device: PortAudio is not installed", setting="skills.voice",
                    problem="voice:audio", brief="No audio device: she can't hear you or speak aloud.")
    bea.bus.publish(EventKind.ERROR, "obs", "OBS is not answering at 127.0.0.1:4455. If you don't use OBS, "
                    "switch it off in Settings → Skills.", setting="skills.obs")
    for _ in range(5):
        qapp.processEvents()
    assert dock.failure is None and dock.notes.isHidden()           # standing problems: not said here
    assert dock.transcript.height() >= dock.height() * 80 // 100     # 0.83 measured; with three rows it was 0.55
    bea.bus.publish(EventKind.ERROR, "mind", f"She couldn't answer: {REASON}", failed_turn=True, reason=REASON,
                    answered=False, setting="mind")
    for _ in range(5):
        qapp.processEvents()
    assert list(bea.skills["chat"].problems) == ["voice:audio", "obs", "mind"]
    assert dock.problem_list.count() == 1 and dock.failure.text.text() == f"She couldn't answer: {REASON}"
    line = dock.failure.text
    assert line.height() < 2 * line.fontMetrics().height()          # one line, however long
    assert dock.notes.height() >= dock.problem_box.sizeHint().height()      # in view, no scrolling
    assert dock.transcript.height() >= dock.height() * 70 // 100     # 0.75 measured
    line.set_folded(False)                                          # a click shows the line whole
    for _ in range(3):
        qapp.processEvents()
    assert line.height() >= 2 * line.fontMetrics().height()
