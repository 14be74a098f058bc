"""The stream: every line appended in sessions, never deleted, read capped, a whole session exported as JSON or
Markdown."""

import asyncio
import json
import os
import stat

import pytest

from app.memory.stream import STREAM_LIMIT, Line, Stream


def test_lines_open_a_session_on_first_activity_and_export(bea, tmp_path):
    t = [1_800_000_000.0]
    stream = Stream(bea.db, clock=lambda: t[0])
    assert stream.session_id is None
    asyncio.run(stream.append([Line("heard", "[marco] ciao bea", t[0], "twitch:1", "marco", "twitch:#bea"),
                               Line("spoke", "ciao marco!", t[0] + 1)]))
    sid = stream.session_id
    assert sid is not None and stream.count(sid) == 2
    stream.flag_author("twitch:1")
    assert stream.exportable() == sid  # the open one
    assert stream.export(sid, tmp_path / "s.json") == 2
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert data["session"] == sid and data["started_at"] == t[0] and data["ended_at"] is None
    assert [ln["text"] for ln in data["lines"]] == ["[marco] ciao bea", "ciao marco!"]
    assert [ln["flagged"] for ln in data["lines"]] == [True, False]
    stream.export(sid, tmp_path / "s.md")
    as_md = (tmp_path / "s.md").read_text(encoding="utf-8")
    assert "**Bea** ciao marco!" in as_md and "_(a moderator removed this person)_" in as_md and "twitch:1" not in as_md
    assert "(still open)" in as_md
    assert stream.end() == sid and stream.session_id is None
    assert stream.sessions()[0][2] is not None  # ended
    assert stream.exportable() == sid  # none open: the last one


def test_an_export_holds_the_whole_session_however_long(bea, tmp_path):
    stream = Stream(bea.db, clock=bea.clock.time)
    assert stream.exportable() is None
    first = stream.go_live("streamer")
    stream.append_sync([Line("heard", "[ada] the session before", 1.0, "twitch:9", "ada")])
    stream.end()
    sid = stream.go_live("streamer")
    total = 2 * STREAM_LIMIT + 7
    stream.append_sync([Line("heard", f"[ada] line {i}\nwith a break", float(i), "twitch:9", "ada")
                        for i in range(total)])
    assert stream.export(sid, tmp_path / "long.json") == total
    lines = json.loads((tmp_path / "long.json").read_text(encoding="utf-8"))["lines"]
    assert [ln["text"] for ln in lines] == [f"[ada] line {i}\nwith a break" for i in range(total)]
    assert {ln["session_id"] for ln in lines} == {sid} and sid != first
    assert stream.export(sid, tmp_path / "long.md") == total
    md = (tmp_path / "long.md").read_text(encoding="utf-8").splitlines()
    assert md[0] == f"# Session {sid}" and md[-1].endswith(f"[ada] line {total - 1} with a break")
    assert sum(line.startswith("- `") for line in md) == total
    assert list(tmp_path.glob("*.part")) == []


def test_a_session_that_does_not_exist_is_said_and_nothing_is_written(bea, tmp_path):
    with pytest.raises(ValueError, match="there is no session 42 to export"):
        Stream(bea.db, clock=bea.clock.time).export(42, tmp_path / "x.md")
    assert not (tmp_path / "x.md").exists() and not (tmp_path / "x.md.part").exists()


def test_an_open_session_survives_a_restart_and_reads_are_capped(bea):
    stream = Stream(bea.db, clock=bea.clock.time)
    sid = stream.go_live("tray")
    assert stream.go_live("tray") == sid  # already live
    stream.append_sync([Line("heard", f"line {i}", float(i)) for i in range(STREAM_LIMIT + 50)])
    again = Stream(bea.db, clock=bea.clock.time)
    assert again.session_id == sid
    lines = again.session_lines(sid, limit=10**6)
    assert len(lines) == STREAM_LIMIT and lines[-1].text == f"line {STREAM_LIMIT + 49}"
    assert lines[0].text == "line 50"  # the newest STREAM_LIMIT, oldest first


def test_a_session_a_line_opened_is_not_on_air_until_the_streamer_goes_live(bea):
    stream = Stream(bea.db, clock=bea.clock.time)
    stream.append_sync([Line("heard", "[You] hi Bea", 1.0, "app:owner", "You", "app:chat")])
    sid = stream.session_id
    assert sid is not None and not stream.on_air          # she heard a line: a sitting, not a stream
    assert not Stream(bea.db, clock=bea.clock.time).on_air                       # and a restart says the same
    assert stream.go_live("activity") == sid and not stream.on_air
    assert stream.go_live("streamer") == sid and stream.on_air   # Go live makes that sitting the stream
    assert Stream(bea.db, clock=bea.clock.time).on_air and stream.sessions()[0][3] == "streamer"
    stream.end()
    assert not stream.on_air and not Stream(bea.db, clock=bea.clock.time).on_air
    assert stream.go_live("obs") != sid and stream.on_air


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's (Windows keeps others out by the folder's ACL)")
def test_an_export_is_owner_only_from_its_first_byte(bea, tmp_path, monkeypatch):
    """A session holds what viewers said: its export is 0600 while it is written and once in place, whatever
    the umask, a file it replaces or a part a crash left behind."""
    stream = Stream(bea.db, clock=bea.clock.time)
    sid = stream.go_live("streamer")
    stream.append_sync([Line("heard", "[ada] my address is secret", 1.0, "twitch:9", "ada")])
    seen: list[int] = []
    pages = Stream._pages

    def watched(self, session_id):   # the mode of the file being written, as the first page goes in
        for target in tmp_path.glob("*.part"):
            seen.append(stat.S_IMODE(target.stat().st_mode))
        yield from pages(self, session_id)

    monkeypatch.setattr(Stream, "_pages", watched)
    old = os.umask(0o022)
    try:
        for name in ("s.md", "s.json"):
            target = tmp_path / name
            target.write_text("an older export")                  # 0644 by the umask
            (tmp_path / f"{name}.part").write_text("left by a crash")
            assert stat.S_IMODE(target.stat().st_mode) == 0o644
            assert stream.export(sid, target) == 1
            assert stat.S_IMODE(target.stat().st_mode) == 0o600, name
            assert "my address is secret" in target.read_text(encoding="utf-8")
    finally:
        os.umask(old)
    assert seen == [0o600, 0o600]
    assert list(tmp_path.glob("*.part")) == []
