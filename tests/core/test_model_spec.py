"""Model specs as a table: split on the first colon, known providers, refusals that say what to write."""

import pytest

from app.core.model_spec import (
    PROVIDERS,
    ModelSpec,
    ModelSpecError,
    Wire,
    api_key_name,
    base_url,
    parse,
    parse_pool,
    place_server,
    server_address,
)

GOOD = [
    # spec, provider, model
    ("ollama:llama3.1:8b", "ollama", "llama3.1:8b"),
    ("openai:gpt-4o-mini", "openai", "gpt-4o-mini"),
    ("  OpenRouter:meta-llama/llama-3.1-70b-instruct:free ", "openrouter", "meta-llama/llama-3.1-70b-instruct:free"),
    ("groq:llama-3.3-70b-versatile", "groq", "llama-3.3-70b-versatile"),
    ("gemini:gemini-2.0-flash", "gemini", "gemini-2.0-flash"),
    ("lmstudio:qwen2.5-7b-instruct", "lmstudio", "qwen2.5-7b-instruct"),
    ("llamacpp:any", "llamacpp", "any"),
    ("vllm:Qwen/Qwen2.5-7B-Instruct", "vllm", "Qwen/Qwen2.5-7B-Instruct"),
    ("anthropic:claude-3-5-haiku-latest", "anthropic", "claude-3-5-haiku-latest"),
    ("local:smollm2", "local", "smollm2"),
    ("ollama : qwen3:4b", "ollama", "qwen3:4b"),
]

BAD = [
    # spec, words the error must contain
    ("", ["empty model spec", "provider:model"]),
    ("   ", ["empty model spec"]),
    ("gpt-4o", ["'gpt-4o'", "has no provider", "ollama:llama3.1:8b"]),
    (":gpt-4o", ["no provider before the colon"]),
    ("openai:", ["no model after the colon"]),
    ("openai:   ", ["no model after the colon"]),
    ("mistral:large", ["unknown provider 'mistral'", "openai", "anthropic", "local"]),
    ("http://127.0.0.1:11434", ["unknown provider 'http'"]),
]


@pytest.mark.parametrize("spec,provider,model", GOOD)
def test_parse(spec, provider, model):
    parsed = parse(spec)
    assert (parsed.provider, parsed.model) == (provider, model)
    assert parse(str(parsed)) == parsed


@pytest.mark.parametrize("spec,words", BAD)
def test_parse_refuses(spec, words):
    with pytest.raises(ModelSpecError) as info:
        parse(spec)
    for word in words:
        assert word in str(info.value)


def test_non_string_is_refused():
    with pytest.raises(ModelSpecError, match="empty model spec"):
        parse(None)  # type: ignore[arg-type]


PROVIDER_TABLE = [
    # provider, wire, default base URL, needs a key
    ("openai", Wire.OPENAI, "https://api.openai.com/v1", True),
    ("openrouter", Wire.OPENAI, "https://openrouter.ai/api/v1", True),
    ("groq", Wire.OPENAI, "https://api.groq.com/openai/v1", True),
    ("gemini", Wire.OPENAI, "https://generativelanguage.googleapis.com/v1beta/openai", True),
    ("ollama", Wire.OPENAI, "http://127.0.0.1:11434/v1", False),
    ("lmstudio", Wire.OPENAI, "http://127.0.0.1:1234/v1", False),
    ("llamacpp", Wire.OPENAI, "http://127.0.0.1:8080/v1", False),
    ("vllm", Wire.OPENAI, "http://127.0.0.1:8000/v1", False),
    ("server", Wire.OPENAI, None, False),            # a server typed as an address: its URL is always set
    ("anthropic", Wire.ANTHROPIC, "https://api.anthropic.com/v1", True),
    ("local", Wire.LOCAL, None, False),
]


@pytest.mark.parametrize("name,wire,url,needs_key", PROVIDER_TABLE)
def test_providers(name, wire, url, needs_key):
    provider = PROVIDERS[name]
    assert (provider.wire, provider.base_url, provider.needs_key) == (wire, url, needs_key)
    assert ModelSpec(name, "m").info is provider
    assert api_key_name(name) == f"llm.{name}.api_key"


def test_every_provider_is_in_the_table():
    assert sorted(PROVIDERS) == sorted(row[0] for row in PROVIDER_TABLE)


BASE_URLS = [
    # spec, configured, expected
    ("ollama:x", None, "http://127.0.0.1:11434/v1"),
    ("ollama:x", "", "http://127.0.0.1:11434/v1"),
    ("ollama:x", "http://192.168.1.5:11434/v1/", "http://192.168.1.5:11434/v1"),
    ("openai:x", "  http://127.0.0.1:9000/v1 ", "http://127.0.0.1:9000/v1"),
    ("local:x", None, None),
]


@pytest.mark.parametrize("spec,configured,expected", BASE_URLS)
def test_base_url(spec, configured, expected):
    assert base_url(parse(spec), configured) == expected


def test_parse_pool_keeps_order():
    assert [str(s) for s in parse_pool(["groq:a", "ollama:b:1"])] == ["groq:a", "ollama:b:1"]


POOL_BAD = [
    # specs, words
    ([], ["the mind has no models"]),
    (["groq:a", "nope", "x:y"], ["mind models are misconfigured", "'nope'", "unknown provider 'x'"]),
    (["groq:a", "GROQ:a"], ["groq:a is listed twice"]),
]


@pytest.mark.parametrize("specs,words", POOL_BAD)
def test_parse_pool_reports_every_problem(specs, words):
    with pytest.raises(ModelSpecError) as info:
        parse_pool(specs, role="mind")
    for word in words:
        assert word in str(info.value)


# --- rule 7: a server's address ------------------------------------------------------------------------------

ADDRESSES = [
    # typed, url, model
    ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1", None),
    ("http://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/v1", None),
    ("http://127.0.0.1:11434", "http://127.0.0.1:11434/v1", None),
    ("  http://127.0.0.1:11434/v1 qwen3:8b ", "http://127.0.0.1:11434/v1", "qwen3:8b"),
    ("localhost:1234", "http://localhost:1234/v1", None),
    ("https://llm.example.org/api/v1 big", "https://llm.example.org/api/v1", "big"),
    ("ollama:qwen2.5:7b", None, None),              # a spec, not an address
    ("ollama:8", None, None),                       # a provider's name is never taken for a host
    ("local:smollm2", None, None),
    ("http://", None, None),
    ("http://host:notaport/v1", None, None),
    ("ftp://127.0.0.1:21/v1", None, None),
]


@pytest.mark.parametrize("typed,url,model", ADDRESSES)
def test_server_address(typed, url, model):
    found = server_address(typed)
    assert (found.url, found.model) == (url, model) if url else found is None


PLACES = [
    # address, base URLs before, spec, the provider's URL after
    ("http://127.0.0.1:8080/v1 m", {}, "llamacpp:m", "http://127.0.0.1:8080/v1"),
    ("http://127.0.0.1:11434/v1 qwen3:8b", {}, "ollama:qwen3:8b", "http://127.0.0.1:11434/v1"),
    ("http://192.168.1.5:1234/v1 m", {}, "lmstudio:m", "http://192.168.1.5:1234/v1"),
    ("http://127.0.0.1:8000/v1 m", {"vllm": "http://127.0.0.1:8000/v1"}, "vllm:m", "http://127.0.0.1:8000/v1"),
    # the usual provider already points elsewhere: the server gets the provider with no usual address
    ("http://127.0.0.1:8080/v1 m", {"llamacpp": "http://10.0.0.2:8080/v1"}, "server:m", "http://127.0.0.1:8080/v1"),
    ("http://127.0.0.1:9999/v1 m", {}, "server:m", "http://127.0.0.1:9999/v1"),
]


@pytest.mark.parametrize("typed,before,spec,url", PLACES)
def test_a_server_address_takes_the_provider_url_form(typed, before, spec, url):
    placed, urls = place_server(server_address(typed), before)
    assert str(placed) == spec and urls[placed.provider] == url
    assert {k: v for k, v in urls.items() if k != placed.provider} == {
        k: v for k, v in before.items() if k != placed.provider}


def test_a_server_address_without_a_model_or_a_free_provider_is_refused_with_what_to_do():
    with pytest.raises(ModelSpecError, match=r"http://127.0.0.1:8080/v1 names no model: write its name after"):
        place_server(server_address("http://127.0.0.1:8080/v1"), {})
    with pytest.raises(ModelSpecError, match="another server already uses the address of server"):
        place_server(server_address("http://127.0.0.1:9999/v1 m"), {"server": "http://127.0.0.1:7777/v1"})
