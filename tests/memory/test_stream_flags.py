"""Lines a moderator removed stay in the stream, flagged with why and when (migration 9): a whole person's lines
in the session, or one deleted message by the platform's id of it (migration 10); the dreamer never reads a
flagged line."""

import asyncio
import json
import time

from app.core.chat import AssistantMessage
from app.memory.memories import MemoryStore
from app.memory.stream import BANNED, DELETED, Line, Stream
from app.mind.dreamer import Dreamer
from tests.fakes import FakeLLMClient, HashingEmbedder

T = 1_800_000_000.0
MARCO, ANNA = "twitch:1", "twitch:2"


def heard(text, author, ts=T, native_id=None):
    return Line("heard", text, ts, author, "", "twitch:#bea", native_id)


def stored(stream):
    return [(ln.text, ln.flagged) for ln in stream.session_lines(stream.session_id)]


def removals(stream, session, folder):
    """(text, why, when) of every removed line, as File → Export session writes them (JSON)."""
    path = folder / "session.json"
    stream.export(session, path)
    return [(ln["text"], ln["removed"]["why"], ln["removed"]["at"])
            for ln in json.loads(path.read_text(encoding="utf-8"))["lines"] if "removed" in ln]


def test_one_deleted_message_is_flagged_by_its_id_and_not_its_twin(bea, tmp_path):
    stream = Stream(bea.db, clock=lambda: T + 5)
    stream.append_sync([heard("[marco] buy followers at spam.example", MARCO, native_id="m-1"),
                        heard("[marco] buy followers at spam.example", MARCO, native_id="m-2"),  # the same words
                        heard("[marco] ciao bea", MARCO, native_id="m-3"),
                        heard("[anna] no id kept", ANNA),
                        Line("spoke", "m-1", T)])                                              # her own line
    assert stream.flag_message("m-1") == 1
    assert stored(stream) == [("[marco] buy followers at spam.example", True),
                              ("[marco] buy followers at spam.example", False),
                              ("[marco] ciao bea", False), ("[anna] no id kept", False), ("m-1", False)]
    assert removals(stream, stream.session_id, tmp_path) == [("[marco] buy followers at spam.example", DELETED, T + 5)]
    assert stream.flag_message("m-1") == 0          # already flagged: nothing new
    assert stream.flag_message("") == 0 and stream.flag_message("never-seen") == 0


def test_a_removed_person_has_every_line_of_the_session_flagged_and_exported_with_why(bea, tmp_path):
    clock = [T]
    stream = Stream(bea.db, clock=lambda: clock[0])
    stream.append_sync([heard("[marco] earlier", MARCO), heard("[anna] hi", ANNA)])
    old = stream.session_id
    stream.end()
    stream.append_sync([heard("[marco] one", MARCO), heard("[marco] two", MARCO), heard("[anna] ok", ANNA)])
    clock[0] = T + 60
    assert stream.flag_author(MARCO, reason="a moderator timed out this person") == 2
    assert stored(stream) == [("[marco] one", True), ("[marco] two", True), ("[anna] ok", False)]
    assert [ln.flagged for ln in stream.session_lines(old)] == [False, False]   # another session: untouched
    assert removals(stream, stream.session_id, tmp_path) == [
        ("[marco] one", "a moderator timed out this person", T + 60),
        ("[marco] two", "a moderator timed out this person", T + 60)]
    assert stream.flag_author(ANNA) == 1
    assert removals(stream, stream.session_id, tmp_path)[-1] == ("[anna] ok", BANNED, T + 60)
    markdown = tmp_path / "session.md"
    stream.export(stream.session_id, markdown)
    assert "[marco] one _(a moderator timed out this person)_" in markdown.read_text(encoding="utf-8")
    assert removals(stream, old, tmp_path) == []


def test_the_dreamer_never_reads_a_flagged_line(bea):
    stream = Stream(bea.db, clock=bea.clock.time)
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    model = FakeLLMClient([AssistantMessage(text="PERSON: anna likes chess")])
    dreamer = Dreamer(bea.db, stream, lambda: store, lambda: model, bea.bus, time.time)
    stream.append_sync([heard("[marco] my address is 14 Oak Street", MARCO, native_id="a1"),
                        heard("[anna] I like chess", ANNA), heard("[marco] visit spam.example", MARCO)])
    stream.flag_message("a1")
    stream.flag_author(MARCO)
    asyncio.run(dreamer.dream())
    seen = model.user_texts(0)
    assert "[anna] I like chess" in seen and "Oak Street" not in seen and "spam.example" not in seen
