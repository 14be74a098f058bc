"""The SSE parser as a table of streams, each fed whole, split at every byte offset, and byte by byte."""


import pytest

from app.core.sse import SSEEvent, SSEParser, SSETooLarge

E = SSEEvent
CASES = [
    # name, stream, events
    ("one event", b"data: hello\n\n", [E("hello")]),
    ("crlf endings", b"data: a\r\n\r\ndata: b\r\n\r\n", [E("a"), E("b")]),
    ("lone cr endings", b"data: a\r\rdata: b\r\r", [E("a"), E("b")]),
    ("mixed endings", b"data: a\r\n\ndata: b\r\r\n", [E("a"), E("b")]),
    ("multi-line data", b"data: first\ndata: second\ndata\n\n", [E("first\nsecond\n")]),
    ("only one space is removed", b"data:  two\ndata:none\n\n", [E(" two\nnone")]),
    ("comments are keep-alives", b": ping\n:\ndata: x\n: more\n\n", [E("x")]),
    ("event names", b"event: message_start\ndata: {}\n\nevent: ping\ndata: {\"type\": \"ping\"}\n\n",
     [E("{}", "message_start"), E('{"type": "ping"}', "ping")]),
    ("name resets after dispatch", b"event: a\ndata: 1\n\ndata: 2\n\n", [E("1", "a"), E("2")]),
    ("blank lines without data dispatch nothing", b"\n\nevent: lonely\n\n\ndata: x\n\n", [E("x")]),
    ("ids persist", b"id: 7\ndata: a\n\ndata: b\n\nid: bad\0id\ndata: c\n\n",
     [E("a", id="7"), E("b", id="7"), E("c", id="7")]),
    ("unknown fields and garbage are ignored", b"garbage\nfoo: bar\ndata: ok\nretry: soon\n\n", [E("ok")]),
    ("utf-8 across chunks", "data: caff\u00e8 \U0001F600\n\n".encode(), [E("caff\u00e8 \U0001F600")]),
    ("bad utf-8 is replaced", b"data: \xff\n\n", [E("\ufffd")]),
    ("a byte-order mark opens the stream", b"\xef\xbb\xbfdata: x\n\n", [E("x")]),
    ("field name alone", b"data\n\n", [E("")]),
    ("openai done", b'data: {"a":1}\n\ndata: [DONE]\n\n', [E('{"a":1}'), E("[DONE]")]),
    # rule 7: an event missing its final blank line, or its final line ending, is still dispatched
    ("no final blank line", b"data: [DONE]\n", [E("[DONE]")]),
    ("no final line ending", b"data: [DONE]", [E("[DONE]")]),
    ("a trailing cr", b"data: x\r", [E("x")]),
    ("empty stream", b"", []),
]


def run(chunks):
    parser = SSEParser()
    events = []
    for chunk in chunks:
        events += parser.feed(chunk)
    return events + parser.close()


@pytest.mark.parametrize("name,stream,events", CASES, ids=[c[0] for c in CASES])
def test_whole(name, stream, events):
    assert run([stream]) == events


@pytest.mark.parametrize("name,stream,events", CASES, ids=[c[0] for c in CASES])
def test_split_at_every_offset(name, stream, events):
    for cut in range(len(stream) + 1):
        assert run([stream[:cut], stream[cut:]]) == events, f"split at {cut}"
    assert run([stream[i:i + 1] for i in range(len(stream))]) == events, "byte by byte"


def test_split_at_every_pair_of_offsets():
    stream = b"event: e\r\ndata: a\r\ndata: \xc3\xa8\r\n\r\n: c\rdata: z\r\r"
    expected = [E("a\n\u00e8", "e"), E("z")]
    for i in range(len(stream) + 1):
        for j in range(i, len(stream) + 1):
            assert run([stream[:i], stream[i:j], stream[j:]]) == expected, (i, j)


def test_feed_returns_events_as_soon_as_they_complete():
    parser = SSEParser()
    assert parser.feed(b"data: a\n") == []
    assert parser.feed(b"\ndata: b") == [E("a")]
    assert parser.feed(b"\n\n") == [E("b")]
    assert parser.close() == []


def test_retry_and_last_event_id():
    parser = SSEParser()
    parser.feed(b"retry: 1500\nid: 3\ndata: x\n\n")
    assert (parser.retry_ms, parser.last_event_id) == (1500, "3")


CAPS = [
    # name, chunks, max_line, max_event, what overflows (None: fits)
    ("a line at the cap fits", [b"data: " + b"x" * 94 + b"\n\n"], 100, 1000, None),
    ("a line over the cap", [b"data: " + b"x" * 95 + b"\n\n"], 100, 1000, "line"),
    ("an endless line without an ending", [b"x" * 60, b"x" * 60], 100, 1000, "line"),
    ("an endless comment", [b": " + b"k" * 200], 100, 1000, "line"),
    ("many short data lines make one huge event", [b"data: 0123456789\n" * 20], 100, 200, "event"),
    ("the same lines in separate events fit", [b"data: 0123456789\n\n" * 20], 100, 200, None),
]


@pytest.mark.parametrize("name,chunks,max_line,max_event,what", CAPS, ids=[c[0] for c in CAPS])
def test_size_caps(name, chunks, max_line, max_event, what):
    parser = SSEParser(max_line=max_line, max_event=max_event)

    def feed_all():
        for chunk in chunks:
            parser.feed(chunk)
        parser.close()

    if what is None:
        feed_all()
        return
    with pytest.raises(SSETooLarge) as info:
        feed_all()
    assert (info.value.what, info.value.limit) == (what, max_event if what == "event" else max_line)
    assert str(info.value) == f"{'an' if what == 'event' else 'a'} {what} larger than {info.value.limit} bytes"


def test_an_endless_line_fed_in_small_chunks_is_searched_once(monkeypatch):
    """8 MiB in 1 KiB chunks: rescanning the unfinished line on every chunk would search ~32 GiB; searching
    only the new bytes searches each byte once. Counted, not timed: the bytes the line-ending search is asked
    to look at."""
    import app.core.sse as sse
    searched = 0

    class CountingEOL:
        def search(self, buf, pos=0):
            nonlocal searched
            searched += len(buf) - pos
            return sse._EOL_REAL.search(buf, pos)

    monkeypatch.setattr(sse, "_EOL_REAL", sse._EOL, raising=False)
    monkeypatch.setattr(sse, "_EOL", CountingEOL())
    parser = SSEParser(max_line=16 << 20)
    chunk = b"x" * 1024
    for _ in range(8 * 1024):
        assert parser.feed(chunk) == []
    assert parser.feed(b"\n\n") == []
    assert searched <= 8 * 1024 * 1024 + 16, f"searched {searched} bytes to read 8 MiB"
