"""The real models from their packages (shared with tests/senses/voice), and a Voice skill built around them."""

from tests.senses.voice.conftest import executor, transcriber, voice  # noqa: F401  (fixtures)
