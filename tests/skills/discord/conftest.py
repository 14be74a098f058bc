"""The real Piper voice (shared with tests/senses/voice), for her voice in a call."""

from tests.senses.voice.conftest import executor, voice  # noqa: F401  (fixtures)
