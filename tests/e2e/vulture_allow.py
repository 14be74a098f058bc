"""Reviewed allow-list for the dead-code check: each name vulture flags that a real caller it cannot see uses.

Skills registered with @register and the names build.spec calls are seen by the check itself (it ignores that
decorator and reads build.spec), so they need no line here.
"""

rtf  # noqa  benchmark: tests/bench/voice.py prints Transcript.rtf and Speech.rtf (app/senses/voice/stt.py, tts.py)
SentenceTransformerEmbedder  # noqa  benchmark: tests/bench/recall_quality.py (app/memory/embedder.py)
