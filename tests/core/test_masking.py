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
