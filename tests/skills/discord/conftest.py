"""The real Piper voice and speech model (shared with tests/senses/voice), for her voice and ears in a call."""

from tests.senses.voice.conftest import executor, transcriber, voice  # noqa: F401  (fixtures)
