"""Secrets never reach a log: registered values and secret-shaped strings are masked."""

import pytest

from app.core.masking import mask

KEY = "ab" * 32
CASES = [
    ("PRAGMA key = \"x'" + KEY + "'\"", "PRAGMA key = \"***\""),
    ("connecting with oauth:abc123def456", "connecting with oauth:***"),
    ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.x", "Authorization: Bearer ***"),
    ("key sk-proj-ABCDEFGHIJKLMNOP", "key ***"),
    ("obs password=hunter22 host=127.0.0.1", "obs password=*** host=127.0.0.1"),
    ('{"api_key": "s3cr3t-value", "model": "x"}', '{"api_key": "***", "model": "x"}'),
    ("database key: a passphrase was given", "database key: a passphrase was given"),
    ("nothing secret here", "nothing secret here"),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_shapes(text, expected):
    assert mask(text) == expected


def test_registered_values_are_masked_longest_first():
    assert mask("token tok and tokentok", ["tokentok", "tok"]) == "token tok and ***"
    assert mask("my passphrase is correct horse", ["correct horse"]) == "my passphrase is ***"


def test_short_values_are_not_treated_as_secrets():
    assert mask("a b c", ["a"]) == "a b c"


@pytest.mark.parametrize("text,_", CASES)
def test_idempotent(text, _):
    once = mask(text, ["hunter22"])
    assert mask(once, ["hunter22"]) == once


@pytest.mark.parametrize(("text", "masked"), [
    ("model ollama:x at http://bea:hunter22@192.168.1.20:11434/v1 (no API key)",
     "model ollama:x at http://***@192.168.1.20:11434/v1 (no API key)"),
    ("https://ghp_abcdef123456@example.com/path", "https://***@example.com/path"),
    ("write to me at someone@example.com", "write to me at someone@example.com"),   # not a URL
    ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1"),
])
def test_the_credentials_of_a_url_are_masked(text, masked):
    assert mask(text) == masked
    assert mask(mask(text)) == masked
