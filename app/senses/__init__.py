"""Adapters to the outside world: the network gate, and (later) LLM, STT, TTS, OBS and chat clients."""
