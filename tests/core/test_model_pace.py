"""The first-token deadline follows the prompt and the server's learnt speed; a server's context is read from
what it says (app.core.model_pace)."""

from __future__ import annotations

import pytest

from app.core.model_pace import (
    CEILING,
    FLOOR,
    after_timeout,
    context_from_error,
    context_from_models,
    context_from_props,
    first_token_deadline,
    learn,
    measured_speed,
    total_deadline,
    worth_saving,
)


@pytest.mark.parametrize(("tokens", "speed", "override", "expected"), [
    (2576, 15.0, 0, 2 * 2576 / 15 + 5),     # the loaded two-core computer: 348 s, not 60
    (2576, None, 0, 2 * 2576 / 15 + 5),     # nothing learnt yet: a slow computer is assumed
    (300, 400.0, 0, FLOOR),                 # a fast server is never given less than the floor
    (2576, 15.0, 90, 90),                   # the streamer's setting wins
    (500_000, 1.0, 0, CEILING),             # and nothing is waited on for ever
])
def test_the_deadline_follows_prompt_and_speed(tokens, speed, override, expected):
    assert first_token_deadline(tokens, speed, override) == pytest.approx(expected)


def test_the_whole_call_keeps_the_answers_room():
    assert total_deadline(348, 60, 180) == pytest.approx(468)
    assert total_deadline(60, 60, 180) == 180


def test_timings_beat_the_clock_and_small_prompts_teach_nothing():
    assert measured_speed(3000, 10.0, {"prompt_n": 500, "prompt_ms": 1000.0}) == pytest.approx(500)
    assert measured_speed(3000, 10.0) == pytest.approx(300)
    assert measured_speed(100, 10.0) is None
    assert measured_speed(3000, 10.0, {"prompt_n": 12, "prompt_ms": 5.0}) == pytest.approx(300)


def test_slower_moves_fast_and_faster_moves_slowly():
    assert learn(None, 20.0) == 20.0
    assert learn(100.0, 20.0) == pytest.approx(60.0)
    assert learn(100.0, 200.0) == pytest.approx(125.0)
    assert learn(100.0, None) == 100.0


def test_a_timeout_lowers_the_speed_so_the_next_deadline_is_longer():
    speed = after_timeout(400.0, 2576, 60.0)
    assert speed == pytest.approx(0.8 * 2576 / 60)
    assert first_token_deadline(2576, speed) > 2 * 60
    assert after_timeout(10.0, 2576, 60.0) == 10.0        # already slower than that: kept
    assert after_timeout(None, 100, 60.0) is None          # too small to say anything


def test_only_a_real_change_is_written_down():
    assert worth_saving(None, 10.0) and worth_saving(10.0, 12.0)
    assert not worth_saving(10.0, 10.5) and not worth_saving(10.0, None)


@pytest.mark.parametrize(("text", "size"), [
    ("Requested tokens (5000) exceed context window of 4096", 4096),                      # llama-cpp-python
    ('{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it",'
     '"type":"exceed_context_size_error","n_prompt_tokens":1500,"n_ctx":1024}}', 1024),   # llama.cpp
    ("This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
     8192),                                                                                # OpenAI, vLLM
    ("Trying to keep the first 5000 tokens when context the overflows. However, the model is loaded with context "
     "length of only 4096 tokens, which is not enough.", 4096),                            # LM Studio
    ("model 'x' not found", None),
    ("the request exceeds the available context size, try increasing it", None),
])
def test_a_refusal_names_the_context(text, size):
    assert context_from_error(text) == size


def test_props_and_model_lists_say_the_context():
    assert context_from_props({"default_generation_settings": {"n_ctx": 1024}, "total_slots": 1}) == 1024
    assert context_from_props({"n_ctx": 2048}) == 2048
    assert context_from_props({"total_slots": 1}) is None
    listing = {"data": [{"id": "a", "context_length": 131072}, {"id": "b", "max_model_len": 4096},
                        {"id": "c", "meta": {"n_ctx_train": 8192}}]}
    assert context_from_models(listing, "a") == 131072
    assert context_from_models(listing, "b") == 4096
    assert context_from_models(listing, "c") is None       # a training context is not the server's
