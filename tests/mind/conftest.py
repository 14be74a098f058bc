"""The real voice (from its package, shared with tests/senses/voice) for the barge-in test."""

from tests.senses.voice.conftest import executor, voice  # noqa: F401  (fixtures)
