"""The stream: every line appended in sessions, never deleted, read capped, exported as JSON and Markdown."""

import asyncio
import json

from app.memory.stream import STREAM_LIMIT, Line, Stream


def test_lines_open_a_session_on_first_activity_and_export(bea):
    t = [1_800_000_000.0]
    stream = Stream(bea.db, clock=lambda: t[0])
    assert stream.session_id is None
    asyncio.run(stream.append([Line("heard", "[marco] ciao bea", t[0], "twitch:1", "marco", "twitch:#bea"),
                               Line("spoke", "ciao marco!", t[0] + 1)]))
    sid = stream.session_id
    assert sid is not None and stream.count(sid) == 2
    stream.flag_author("twitch:1")
    as_json, as_md = stream.export(sid)
    data = json.loads(as_json)
    assert [ln["text"] for ln in data["lines"]] == ["[marco] ciao bea", "ciao marco!"]
    assert "**Bea** ciao marco!" in as_md and "removed by a moderator" in as_md and "twitch:1" not in as_md
    assert stream.end() == sid and stream.session_id is None
    assert stream.sessions()[0][2] is not None  # ended


def test_an_open_session_survives_a_restart_and_reads_are_capped(bea):
    stream = Stream(bea.db)
    sid = stream.go_live("tray")
    assert stream.go_live("tray") == sid  # already live
    stream.append_sync([Line("heard", f"line {i}", float(i)) for i in range(STREAM_LIMIT + 50)])
    again = Stream(bea.db)
    assert again.session_id == sid
    lines = again.session_lines(sid, limit=10**6)
    assert len(lines) == STREAM_LIMIT and lines[-1].text == f"line {STREAM_LIMIT + 49}"
    assert lines[0].text == "line 50"  # the newest STREAM_LIMIT, oldest first
