"""The streamed parts of a model's answer fuzzed: speak() arguments cut anywhere (str or bytes fragments) raise
only SpeakArgsError; tool-call deltas only ToolStreamError; an SSE byte stream only SSETooLarge (over its caps)."""

import json

from hypothesis import given
from hypothesis import strategies as st

from app.core.speak_stream import SpeakArgsError, SpeakStream
from app.core.sse import SSEParser, SSETooLarge
from app.core.tool_stream import ToolCallAccumulator, ToolStreamError
from tests.fuzz.strategies import FUZZ, count, json_inputs, json_texts, mutated

SPEAK = [{"mood": "happy", "message": "Hello there! How are you doing today? *waves*"},
         {"message": "Ciao \u00e8 \U0001f600 <do:wave> ok. Next sentence, please.", "mood": None},
         {"message": "line one\nline two \\ back \"quoted\"", "mood": "  Sad ", "extra": [1, 2]},
         {"message": ""}]


@st.composite
def cut(draw, text: str) -> list[str | bytes]:
    """`text` cut at random places, each piece as str or as UTF-8 bytes (which may split a character)."""
    data = text.encode("utf-8", "surrogatepass")
    points = sorted(draw(st.lists(st.integers(0, len(data)), max_size=6)))
    pieces, start = [], 0
    for point in [*points, len(data)]:
        piece = data[start:point]
        start = point
        try:
            pieces.append(piece.decode("utf-8") if draw(st.booleans()) else piece)
        except UnicodeDecodeError:
            pieces.append(piece)
    return pieces


@FUZZ
@given(json_texts(SPEAK).flatmap(cut) | st.lists(st.text(max_size=8) | st.binary(max_size=8), max_size=5))
def test_speak_arguments_stream_or_raise_speak_args_error(fragments):
    count("speak-stream")
    stream = SpeakStream()
    try:
        for fragment in fragments:
            stream.feed(fragment)
        stream.finish()
    except SpeakArgsError as exc:
        assert str(exc)
        return
    assert isinstance(stream.args.message, str)


DELTAS = [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "speak", "arguments": ""}},
          {"index": 0, "function": {"arguments": '{"message": "hi'}},
          {"function": {"arguments": {"message": "as an object"}}},
          {"id": "call_2", "function": {"name": "remember", "arguments": "{}"}}]


@FUZZ
@given(st.lists(json_inputs(DELTAS), max_size=5))
def test_tool_call_deltas_accumulate_or_raise_tool_stream_error(deltas):
    count("tool-stream")
    calls = ToolCallAccumulator()
    try:
        for delta in deltas:
            calls.add_openai(delta)
        for call in calls.finish():
            assert isinstance(call.name, str) and isinstance(call.arguments, str)
    except ToolStreamError as exc:
        assert str(exc)


CHUNK = {"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "Hi"}}]}
SSE = [f"data: {json.dumps(CHUNK)}\n\n", ": keep-alive\r\n\r\nevent: done\ndata: [DONE]\n\n",
       "\ufeffid: 7\nretry: 3000\ndata: a\ndata: b\r\rdata:c", "data:" + "é" * 20 + "\n\n"]


@FUZZ
@given(st.lists(mutated(SSE).map(lambda t: t.encode("utf-8", "surrogatepass")) | st.binary(max_size=40),
                max_size=4), st.sampled_from([(1 << 20, 1 << 20), (16, 32)]))
def test_an_sse_stream_parses_or_raises_sse_too_large(chunks, caps):
    count("sse")
    parser = SSEParser(*caps)
    try:
        for chunk in chunks:
            for event in parser.feed(chunk):
                assert isinstance(event.data, str)
        parser.close()
    except SSETooLarge as exc:
        assert exc.what in ("line", "event")
