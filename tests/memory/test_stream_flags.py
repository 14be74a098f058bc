"""Lines a moderator removed stay in the stream, flagged with why and when (migration 9): a whole person's lines
in the session, or one deleted message by the platform's id of it (migration 10); the dreamer never reads a
flagged line."""

import asyncio

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


def test_one_deleted_message_is_flagged_by_its_id_and_not_its_twin(bea):
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
    first = stream.session_lines(stream.session_id)[0]
    assert stream.removal(first.id) == (DELETED, T + 5)
    assert stream.flag_message("m-1") == 0          # already flagged: nothing new
    assert stream.flag_message("") == 0 and stream.flag_message("never-seen") == 0


def test_a_removed_person_has_every_line_of_the_session_flagged_and_listed_with_why(bea):
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
    listed = stream.removed()
    assert [(ln.text, why, when) for ln, why, when in listed] == [
        ("[marco] two", "a moderator timed out this person", T + 60),
        ("[marco] one", "a moderator timed out this person", T + 60)]
    assert stream.flag_author(ANNA) == 1 and stream.removed(1)[0][1] == BANNED


def test_the_dreamer_never_reads_a_flagged_line(bea):
    stream = Stream(bea.db)
    store = MemoryStore(bea.db, HashingEmbedder())
    model = FakeLLMClient([AssistantMessage(text="PERSON: anna likes chess")])
    dreamer = Dreamer(bea.db, stream, lambda: store, lambda: model, bea.bus)
    stream.append_sync([heard("[marco] my address is 14 Oak Street", MARCO, native_id="a1"),
                        heard("[anna] I like chess", ANNA), heard("[marco] visit spam.example", MARCO)])
    stream.flag_message("a1")
    stream.flag_author(MARCO)
    asyncio.run(dreamer.dream())
    seen = model.user_texts(0)
    assert "[anna] I like chess" in seen and "Oak Street" not in seen and "spam.example" not in seen
