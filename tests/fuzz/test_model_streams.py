"""A model server's answer fuzzed where the client reads it: an SSE event's JSON (deep, infinite, enormous,
broken), the OpenAI-compatible chunks and the Anthropic events (mutated as values), and an error body with its
status and headers. Whatever arrives is read or becomes a model error (LLMError: the pool falls back and cools
the model down); nothing else escapes, and nothing read holds a number that is not finite."""

import math

from hypothesis import given
from hypothesis import strategies as st

from app.core.sse import SSEEvent
from app.senses.llm.anthropic import EventReader
from app.senses.llm.base import LLMError, MalformedStream, decode_json, error_for_status, error_text
from app.senses.llm.openai_compat import ChunkReader
from tests.fuzz.strategies import FUZZ, count, json_inputs, json_texts, text_inputs

CHUNKS = [
    {"id": "c1", "object": "chat.completion.chunk", "created": 1765000000, "model": "qwen3:8b",
     "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Ciao "}, "finish_reason": None}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {"reasoning_content": "they greet me"}}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "speak", "arguments": "{\"mess"}}]}}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "function": {"arguments": "age\": \"hi!\"}"}}]}, "finish_reason": "tool_calls"}]},
    {"id": "c1", "choices": [], "usage": {"prompt_tokens": 812, "completion_tokens": 31,
                                          "completion_tokens_details": {"reasoning_tokens": 7}},
     "timings": {"prompt_n": 812, "prompt_ms": 950.5}},
    {"error": {"message": "context length exceeded", "code": 400}},
]
EVENTS = [
    {"type": "message_start", "message": {"id": "msg_1", "model": "claude-haiku-4-5", "usage": {
        "input_tokens": 900, "cache_read_input_tokens": 100, "output_tokens": 1}}},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Ciao!"}},
    {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_1",
                                                                  "name": "speak", "input": {}}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta",
                                                          "partial_json": "{\"message\": \"hi\"}"}},
    {"type": "content_block_stop", "index": 1},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 12}},
    {"type": "message_stop"},
    {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
]
HTTP_DATE = "Wed, 21 Oct 2026 07:28:00 GMT"
BODIES = ['{"error": {"message": "Rate limit reached", "type": "requests"}}', '{"detail": "Not Found"}',
          '{"error": "model \\"x\\" not found"}', "<html>502 Bad Gateway</html>",
          '{"error": {"message": "the request exceeds the available context size (n_ctx 4096)"}}']


def _finite(answer) -> None:
    assert all(isinstance(n, int) and 0 <= n < 2 ** 64 for n in (answer.usage.prompt, answer.usage.completion,
                                                                   answer.usage.reasoning))


@FUZZ
@given(json_texts([*CHUNKS, *EVENTS]))
def test_an_sse_events_json_is_an_object_or_a_malformed_stream(text):
    count("model-sse-json")
    try:
        doc = decode_json("m", SSEEvent(text))
    except MalformedStream:
        return
    assert isinstance(doc, dict)


@FUZZ
@given(st.lists(json_inputs(CHUNKS), min_size=1, max_size=5))
def test_openai_chunks_fold_into_an_answer_or_a_model_error(docs):
    count("model-openai-chunks")
    reader = ChunkReader("m", None, sent_tools=True)
    try:
        for doc in docs:
            if isinstance(doc, dict):
                reader.chunk(doc)
        _finite(reader.result())
    except LLMError:
        return


@FUZZ
@given(st.lists(json_inputs(EVENTS), min_size=1, max_size=8))
def test_anthropic_events_fold_into_an_answer_or_a_model_error(docs):
    count("model-anthropic-events")
    reader = EventReader("m", None, sent_tools=True)
    try:
        for doc in docs:
            if isinstance(doc, dict):
                reader.event(doc)
        _finite(reader.result())
    except LLMError:
        return


@FUZZ
@given(text_inputs(BODIES), st.integers(400, 599), st.none() | text_inputs(["30", "1e999", HTTP_DATE]),
       st.none() | text_inputs([HTTP_DATE]))
def test_an_error_body_is_a_model_error_in_short_words(body, status, retry_after, date):
    count("model-error-body")
    assert len(error_text(body)) <= 400
    error = error_for_status("m", status, body, True, retry_after, date)
    assert isinstance(error, LLMError)
    assert error.retry_after is None or (math.isfinite(error.retry_after) and error.retry_after >= 0)
