"""The price rule: which pool model answered, what its price is, and what a call cost, as a table."""

import pytest

from app.core.model_spec import parse
from app.core.prices import (
    DEFAULT_PRICES,
    Price,
    add_cost,
    answered_by,
    call_cost,
    format_usd,
    is_local,
    parse_entry,
    parse_table,
    price_for,
)

TABLE = parse_table(DEFAULT_PRICES)
M = 1_000_000

# (what the server called the model, the pool, base URLs, prompt, completion, expected USD or None)
CASES = [
    ("gpt-4o-mini", ["openai:gpt-4o-mini"], {}, M, M, 0.15 + 0.60),
    ("gpt-4o-mini-2024-07-18", ["openai:gpt-4o-mini"], {}, M, 0, 0.15),          # a dated id
    ("gpt-4o-2024-08-06", ["openai:gpt-4o-mini", "openai:gpt-4o"], {}, 0, M, 10.0),  # not the -mini
    ("claude-3-5-haiku-20241022", ["anthropic:claude-3-5-haiku-latest"], {}, M, M, 0.80 + 4.00),
    ("claude-sonnet-4-20250514", ["anthropic:claude-sonnet-4-20250514"], {}, 2 * M, 0, 6.0),
    ("gemini-2.0-flash", ["gemini:gemini-2.0-flash"], {}, 500_000, 500_000, 0.25),
    ("llama-3.1-8b-instant", ["groq:llama-3.1-8b-instant"], {}, M, M, 0.13),
    ("local:smollm2", ["local:smollm2"], {}, M, M, None),                         # the built-in model
    ("qwen2.5:7b", ["ollama:qwen2.5:7b"], {}, M, M, None),                        # on this computer
    ("gpt-4o-mini", ["lmstudio:gpt-4o-mini"], {}, M, M, None),                    # same name, local server
    ("gpt-4o-mini", ["openai:gpt-4o-mini"], {"openai": "http://127.0.0.1:8080/v1"}, M, M, None),
    ("gpt-4o-mini", ["openai:gpt-4o-mini"], {"openai": "http://localhost:8080/v1"}, M, M, None),
    ("gpt-4o-mini", ["openai:gpt-4o-mini"], {"openai": "https://proxy.example.com/v1"}, M, M, 0.75),
    ("gpt-5-ultra", ["openai:gpt-5-ultra"], {}, M, M, None),                      # no price: no cost
    ("someone-else", ["openai:gpt-4o-mini"], {}, M, M, None),                     # not in the pool
    ("gpt-4o-mini", ["openai:gpt-4o-mini"], {}, 0, 0, 0.0),                       # priced, nothing used
]


@pytest.mark.parametrize(("model", "pool", "urls", "prompt", "completion", "expected"), CASES)
def test_what_a_call_costs(model, pool, urls, prompt, completion, expected):
    got = call_cost(model, prompt, completion, pool, TABLE, urls)
    assert got == (None if expected is None else pytest.approx(expected))


def test_a_key_may_be_a_spec_or_a_bare_model_name_and_the_spec_wins():
    table = parse_table(["gpt-4o-mini=1/2", "openrouter:openai/gpt-4o-mini=3/4", "llama-3.3-70b=0.5/0.5"])
    assert price_for(parse("openai:gpt-4o-mini"), table) == Price(1, 2)
    assert price_for(parse("openrouter:openai/gpt-4o-mini"), table) == Price(3, 4)
    assert price_for(parse("openrouter:meta/llama-3.3-70b"), table) == Price(0.5, 0.5)  # the path's last part
    assert price_for(parse("groq:llama-3.3-70b-versatile"), table) is None  # a suffix that is not a version


def test_which_pool_model_answered():
    pool = ["openai:gpt-4o", "openai:gpt-4o-mini", "not a spec"]
    assert answered_by("gpt-4o-mini", pool) == parse("openai:gpt-4o-mini")
    assert answered_by("openai:gpt-4o", pool) == parse("openai:gpt-4o")
    assert answered_by("gpt-4o-latest", pool) == parse("openai:gpt-4o")
    assert answered_by("gpt-4", pool) is None


def test_entries_parse_or_say_what_an_entry_looks_like():
    assert parse_entry(" openai:gpt-4o = $2.50 / $10 ") == ("openai:gpt-4o", Price(2.5, 10.0))
    assert parse_table(["a=1/2", "", "a=3/4"]) == {"a": Price(3.0, 4.0)}   # the last entry for a key wins
    for bad in ("gpt-4o", "gpt-4o=2.5", "=1/2", "gpt-4o=-1/2", "gpt-4o=one/two"):
        with pytest.raises(ValueError, match="model=input/output"):
            parse_entry(bad)


def test_every_default_entry_parses_and_names_a_cloud_model():
    assert len(TABLE) == len(DEFAULT_PRICES) >= 10
    for key in TABLE:
        assert not is_local(parse(key)), key


def test_a_turn_with_no_priced_call_has_no_cost_not_a_cost_of_zero():
    assert add_cost(None, None) is None
    assert add_cost(None, 0.0) == 0.0
    assert add_cost(0.5, None) == 0.5 and add_cost(0.5, 0.25) == 0.75


def test_costs_read_as_dollars():
    assert format_usd(0.00123) == "$0.0012" and format_usd(0.0) == "$0.0000" and format_usd(12.345) == "$12.35"
