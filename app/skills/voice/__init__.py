"""The Voice skill: her ears (microphone, VAD, whisper) and her voice (Piper, streamed speak, barge-in)."""
