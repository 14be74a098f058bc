"""What an error was, without what it said: the one way a failure reaches a log line.

An error's text can quote chat (a model server's error body echoes the prompt), so the log gets its class, its
status, the models that failed and the size of its message, never the message.
"""

from __future__ import annotations


def summary(exc: BaseException) -> str:
    """'ServerError, status 500, message of 312 characters'."""
    parts = [type(exc).__name__]
    status = getattr(exc, "status", None)
    if isinstance(status, int):
        parts.append(f"status {status}")
    failures = getattr(exc, "failures", None)
    if isinstance(failures, list) and failures:
        parts.append("models " + ", ".join(str(f[0]) for f in failures if isinstance(f, tuple | list) and f))
    text = str(getattr(exc, "reason", None) or exc)
    parts.append(f"message of {len(text)} characters" if text else "no message")
    return ", ".join(parts)
